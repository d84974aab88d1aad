/*
 * parse.c - shelf.parse(): a shelf written in the command's grammar, read by
 * shelf_parse(); a bad text raises shelf.ParseError with its place.
 */
#include "shelfmodule.h"

PyObject *shelf_py_parse(PyObject *module, PyObject *args, PyObject *kwargs) {
  static char *kwlist[] = {"text", NULL};
  PyObject *obj, *out = NULL;
  Py_buffer view = {0};
  const char *text;
  Py_ssize_t len;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:parse", kwlist, &obj))
    return NULL;
  if (PyUnicode_Check(obj)) {
    /* The UTF-8 form belongs to the str, which the caller holds. */
    if ((text = PyUnicode_AsUTF8AndSize(obj, &len)) == NULL)
      return NULL;
  } else if (PyObject_CheckBuffer(obj)) {
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
      return NULL;
    text = view.buf;
    len = view.len;
  } else {
    return PyErr_Format(PyExc_TypeError,
                        "parse: text must be str or bytes, not %.200s",
                        Py_TYPE(obj)->tp_name);
  }
  int64_t *weights = NULL;
  size_t n = 0;
  shelf_parse_error error;
  shelf_status status;
  Py_BEGIN_ALLOW_THREADS;
  status = shelf_parse(text, (size_t)len, &weights, &n, &error);
  Py_END_ALLOW_THREADS;
  if (status == SHELF_OK)
    out = shelf_py_list(weights, n);
  else
    shelf_py_raise(PyModule_GetState(module), status, &error);
  shelf_weights_free(weights);
  if (view.obj != NULL)
    PyBuffer_Release(&view);
  return out;
}
