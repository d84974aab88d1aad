/*
 * py_svg.c - shelf.svg(): the picture of a shelf and its perfect game, from
 * shelf_svg(), as a str.
 */
#include "shelfmodule.h"
#include <shelf_svg.h>

int shelf_py_svg_width(Py_ssize_t width, unsigned *out) {
  if (width != 0 &&
      (width < SHELF_SVG_WIDTH_MIN || width > SHELF_SVG_WIDTH_MAX)) {
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

/* The picture with any of shelf_svg()'s options, as a str. */
static PyObject *svg_with(shelf_py_state *st, const int64_t *weights, size_t n,
                          const shelf_svg_options *options) {
  char *svg = NULL;
  size_t len = 0;
  shelf_status status;
  Py_BEGIN_ALLOW_THREADS;
  status = shelf_svg(weights, n, options, &svg, &len);
  Py_END_ALLOW_THREADS;
  if (status != SHELF_OK)
    return shelf_py_raise(st, status, NULL);
  /* The document is ASCII (shelf.h); decoding checks it. */
  PyObject *out = PyUnicode_DecodeASCII(svg, (Py_ssize_t)len, "strict");
  shelf_svg_free(svg);
  return out;
}

PyObject *shelf_py_svg_of(shelf_py_state *st, const int64_t *weights, size_t n,
                          int explain, unsigned width) {
  shelf_svg_options options = {0};
  options.flags = explain ? SHELF_SVG_EXPLAIN : 0u;
  options.width = width;
  return svg_with(st, weights, n, &options);
}

/* The index of `word` in `words` (NULL-ended), or -1 with ValueError. */
static int word_of(const char *what, const char *word,
                   const char *const *words) {
  for (int k = 0; words[k] != NULL; k++)
    if (strcmp(word, words[k]) == 0)
      return k;
  PyErr_Format(PyExc_ValueError, "svg: %s cannot be '%s'", what, word);
  return -1;
}

PyObject *shelf_py_svg(PyObject *module, PyObject *args, PyObject *kwargs) {
  static char *kwlist[] = {"wheels", "explain", "width", "height", "question",
                           "given",  "show",    "turn",  "line",   NULL};
  /* The command's --svg-show words, in the flags' order (--svg-line's are
   * shelf_line_kind's names). */
  static const char *const shows[] = {"all", "shelf", "table", NULL};
  PyObject *obj, *out = NULL;
  int explain = 0, question = 0;
  Py_ssize_t width = 0, height = 0;
  unsigned long long given = 0, turn = 0;
  const char *show = "all", *line = shelf_line_kind_name(SHELF_LINE_PERFECT);
  unsigned px;
  shelf_py_weights w = {0};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$pnnpKsKs:svg", kwlist,
                                   &obj, &explain, &width, &height, &question,
                                   &given, &show, &turn, &line))
    return NULL;
  if (shelf_py_svg_width(width, &px) < 0)
    return NULL;
  int part = word_of("show", show, shows);
  if (part < 0)
    return NULL;
  shelf_line_kind how;
  if (shelf_line_kind_from_name(line, &how) != SHELF_OK)
    return PyErr_Format(PyExc_ValueError, "svg: line cannot be '%s'", line);
  if (height < 0 || height > SHELF_SVG_WIDTH_MAX)
    return PyErr_Format(PyExc_ValueError,
                        "svg: height must be 0 or at most %d pixels",
                        SHELF_SVG_WIDTH_MAX);
  shelf_svg_options options = {0};
  options.width = px;
  options.height = (unsigned)height;
  options.flags =
      (explain ? SHELF_SVG_EXPLAIN : 0u) | (question ? SHELF_SVG_QUESTION : 0u);
  options.parts = part == 1   ? SHELF_SVG_SHELF
                  : part == 2 ? SHELF_SVG_TABLE
                              : 0u;
  options.line = how;
  options.turn = turn;
  options.given = given;
  if (shelf_py_weights_get(obj, "wheels", &w) == 0)
    out = svg_with(PyModule_GetState(module), w.weights, w.n, &options);
  shelf_py_weights_release(&w);
  return out;
}
