/*
 * svg.c - shelf.svg(): the picture of a shelf and its perfect game, from
 * shelf_svg(), as a str.
 */
#include "shelfmodule.h"

int shelf_py_svg_width(Py_ssize_t width, unsigned *out) {
  if (width != 0 && (width < SHELF_SVG_WIDTH_MIN || width > SHELF_SVG_WIDTH_MAX)) {
    PyErr_Format(PyExc_ValueError,
                 "svg: width must be from %d to %d pixels (or 0 for %d), "
                 "not %zd",
                 SHELF_SVG_WIDTH_MIN, SHELF_SVG_WIDTH_MAX, SHELF_SVG_WIDTH,
                 width);
    return -1;
  }
  *out = (unsigned)width;
  return 0;
}

PyObject *shelf_py_svg_of(shelf_py_state *st, const int64_t *weights, size_t n,
                          int explain, unsigned width) {
  char *svg = NULL;
  size_t len = 0;
  shelf_status status;
  Py_BEGIN_ALLOW_THREADS;
  shelf_svg_options options = {0};
  options.flags = explain ? SHELF_SVG_EXPLAIN : 0u;
  options.width = width;
  status = shelf_svg(weights, n, &options, &svg, &len);
  Py_END_ALLOW_THREADS;
  if (status != SHELF_OK)
    return shelf_py_raise(st, status, NULL);
  /* The document is ASCII (shelf.h); decoding checks it. */
  PyObject *out = PyUnicode_DecodeASCII(svg, (Py_ssize_t)len, "strict");
  shelf_svg_free(svg);
  return out;
}

PyObject *shelf_py_svg(PyObject *module, PyObject *args, PyObject *kwargs) {
  static char *kwlist[] = {"wheels", "explain", "width", NULL};
  PyObject *obj, *out = NULL;
  int explain = 0;
  Py_ssize_t width = 0;
  unsigned px;
  shelf_py_weights w = {0};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$pn:svg", kwlist, &obj,
                                   &explain, &width))
    return NULL;
  if (shelf_py_svg_width(width, &px) < 0)
    return NULL;
  if (shelf_py_weights_get(obj, "wheels", &w) == 0)
    out = shelf_py_svg_of(PyModule_GetState(module), w.weights, w.n, explain,
                          px);
  shelf_py_weights_release(&w);
  return out;
}
