/*
 * py_explain.c - shelf.explain(): why greedy play loses on a shelf, with the
 * Explanation, Mistake and Parity types. The fields follow the command's
 * `--explain --json` output.
 */
#include "shelfmodule.h"
#include <shelf_teach.h>

static PyStructSequence_Field explanation_fields[] = {
    {"n", "the number of wheels"},
    {"margin", "the margin under perfect play"},
    {"greedy_first", "the first buyer's total when both buyers are greedy"},
    {"greedy_second", "the second buyer's total when both buyers are greedy"},
    {"greedy_margin", "greedy_first - greedy_second"},
    {"greedy_vs_perfect",
     "the margin of a greedy first buyer against the perfect second buyer "
     "that Game plays (margin - greedy_vs_perfect: the lead greedy loses); "
     "None if the shelf is beyond the limit"},
    {"first_mistake",
     "the first turn of that game where the greedy first buyer's heavier "
     "end loses lead (a Mistake); None if there is none or it was not "
     "searched"},
    {"parity", "the parity floor (a Parity) for an even number of wheels, "
               "else None"},
    {"limits_reached",
     "True if a None above means 'not computed' rather than 'none'"},
    {"sentences", "the command's --explain sentences, worded by libshelf "
                  "(a tuple of str); str() of the explanation joins them"},
    {NULL, NULL}};

static PyStructSequence_Desc explanation_desc = {
    "shelf.Explanation",
    "Why greedy play loses on one shelf. str() of it is the command's\n"
    "--explain text, one sentence a line.",
    explanation_fields, 10};

static PyStructSequence_Field mistake_fields[] = {
    {"turn", "the turn, from 1"},
    {"buyer", "'first' or 'second'"},
    {"end", "the heavier end, which greedy takes: 'left' or 'right'"},
    {"index", "the 0-based place of the wheel greedy takes"},
    {"weight", "its weight"},
    {"cost", "the lead lost by taking it (that turn's; the whole game's is "
             "margin - greedy_vs_perfect)"},
    {NULL, NULL}};

static PyStructSequence_Desc mistake_desc = {
    "shelf.Mistake",
    "The first turn where a greedy first buyer loses lead against the\n"
    "perfect second buyer that Game plays.",
    mistake_fields, 6};

static PyStructSequence_Field parity_fields[] = {
    {"odd", "the weight of positions 1, 3, 5, ..."},
    {"even", "the weight of positions 2, 4, 6, ..."},
    {"floor", "|odd - even|: what the first buyer is sure of by taking every "
              "odd or every even position"},
    {"gain", "margin - floor: what perfect play adds"},
    {NULL, NULL}};

static PyStructSequence_Desc parity_desc = {
    "shelf.Parity",
    "The parity floor of a shelf with an even number of wheels.", parity_fields,
    4};

/* The sentences, one a line, as `shelf --explain` prints them. */
static PyObject *explanation_str(PyObject *self) {
  PyObject *sentences = PyObject_GetAttrString(self, "sentences"), *out = NULL;
  PyObject *sep = PyUnicode_FromString("\n");
  if (sentences != NULL && sep != NULL)
    out = PyUnicode_Join(sep, sentences);
  Py_XDECREF(sentences);
  Py_XDECREF(sep);
  return out;
}

int shelf_py_explain_init(PyObject *module, shelf_py_state *st) {
  if ((st->explanation_type = shelf_py_add_struct(module, &explanation_desc)) ==
          NULL ||
      (st->mistake_type = shelf_py_add_struct(module, &mistake_desc)) == NULL ||
      (st->parity_type = shelf_py_add_struct(module, &parity_desc)) == NULL)
    return -1;
  /* The one slot the records do not share. */
  st->explanation_type->tp_str = explanation_str;
  PyType_Modified(st->explanation_type);
  return 0;
}

/* The library's sentences for `e`, a tuple of str. */
static PyObject *sentences_of(const shelf_explanation *e) {
  PyObject *out = PyTuple_New(SHELF_SENTENCE_COUNT);
  if (out == NULL)
    return NULL;
  for (int k = 0; k < SHELF_SENTENCE_COUNT; k++) {
    char text[SHELF_SENTENCE_BUFSIZE];
    size_t len = 0;
    shelf_explain_sentence(e, (shelf_sentence)k, text, sizeof text, &len);
    PyObject *s = PyUnicode_DecodeASCII(text, (Py_ssize_t)len, "strict");
    if (s == NULL) {
      Py_DECREF(out);
      return NULL;
    }
    PyTuple_SET_ITEM(out, k, s);
  }
  return out;
}

PyObject *shelf_py_explain_of(shelf_py_state *st, const int64_t *weights,
                              size_t n, size_t limit) {
  shelf_explanation e;
  shelf_status status;
  Py_BEGIN_ALLOW_THREADS;
  status = shelf_explain(weights, n, limit, &e);
  Py_END_ALLOW_THREADS;
  if (status != SHELF_OK)
    return shelf_py_raise(st, status, NULL);
  PyObject *mistake = Py_NewRef(Py_None), *parity = Py_NewRef(Py_None);
  if (e.mistake == 1) {
    PyObject *items[6] = {PyLong_FromUnsignedLongLong(e.mistake_turn),
                          shelf_py_buyer(st, e.mistake_turn),
                          shelf_py_end(st, e.mistake_end),
                          PyLong_FromUnsignedLongLong(e.mistake_wheel),
                          PyLong_FromLongLong((long long)e.mistake_weight),
                          shelf_py_int(e.mistake_cost)};
    Py_SETREF(mistake, shelf_py_struct(st->mistake_type, items, 6));
  }
  if (e.has_parity) {
    PyObject *items[4] = {shelf_py_int(e.odd_sum), shelf_py_int(e.even_sum),
                          shelf_py_int(e.parity_floor),
                          shelf_py_int(e.parity_gain)};
    Py_SETREF(parity, shelf_py_struct(st->parity_type, items, 4));
  }
  PyObject *items[10] = {
      PyLong_FromUnsignedLongLong(e.n),
      shelf_py_int(e.margin),
      shelf_py_int(e.greedy_first),
      shelf_py_int(e.greedy_second),
      shelf_py_int(e.greedy_margin),
      e.has_greedy_vs_perfect ? shelf_py_int(e.greedy_vs_perfect)
                              : Py_NewRef(Py_None),
      mistake,
      parity,
      PyBool_FromLong(!e.has_greedy_vs_perfect || e.mistake < 0),
      sentences_of(&e)};
  return shelf_py_struct(st->explanation_type, items, 10);
}

PyObject *shelf_py_explain(PyObject *module, PyObject *args, PyObject *kwargs) {
  static char *kwlist[] = {"wheels", "limit", NULL};
  PyObject *obj, *out = NULL;
  Py_ssize_t limit = 0;
  shelf_py_weights w = {0};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$n:explain", kwlist, &obj,
                                   &limit))
    return NULL;
  if (limit < 0) {
    PyErr_SetString(PyExc_ValueError,
                    "explain: limit must be 0 (the default) or more");
    return NULL;
  }
  if (shelf_py_weights_get(obj, "wheels", &w) == 0)
    out = shelf_py_explain_of(PyModule_GetState(module), w.weights, w.n,
                              (size_t)limit);
  shelf_py_weights_release(&w);
  return out;
}
