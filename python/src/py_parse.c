/*
 * py_parse.c - shelf.parse(): a shelf written in the command's grammar, read by
 * shelf_parse(); a bad text raises shelf.ParseError with its place. Text that
 * parses but looks counted or grouped by thousands gets the library's notes
 * on input, as warnings, as the command prints them on stderr.
 */
#include "shelfmodule.h"
#include <shelf_teach.h>

/* Warns each note libshelf has on `text` (a shelf of n wheels). Returns 0,
 * or -1 if a warning was turned into an error. */
static int warn_notes(const char *text, size_t len, size_t n) {
  shelf_notes *notes = NULL;
  shelf_note found[2];
  size_t count = 0;
  Py_BEGIN_ALLOW_THREADS;
  if (shelf_notes_new(&notes) == SHELF_OK) {
    shelf_notes_feed(notes, text, len);
    shelf_notes_finish(notes);
    count = shelf_notes_take(notes, n, 0, found);
  }
  shelf_notes_free(notes);
  Py_END_ALLOW_THREADS;
  for (size_t k = 0; k < count; k++) {
    char sentence[SHELF_SENTENCE_BUFSIZE];
    shelf_note_sentence(&found[k], sentence, sizeof sentence, NULL);
    if (PyErr_WarnFormat(PyExc_UserWarning, 1, "line %llu: %s%s",
                         (unsigned long long)found[k].line, sentence,
                         found[k].kind == SHELF_NOTE_COUNT
                             ? "; parse(text)[1:] reads it as a count"
                             : "") < 0)
      return -1;
  }
  return 0;
}

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
  if (status != SHELF_OK)
    shelf_py_raise(PyModule_GetState(module), status, &error);
  else if (warn_notes(text, (size_t)len, n) == 0)
    out = shelf_py_list(weights, n);
  shelf_weights_free(weights);
  if (view.obj != NULL)
    PyBuffer_Release(&view);
  return out;
}
