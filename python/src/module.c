/*
 * module.c - the shelf._shelf extension module: its initialisation, its
 * state, and the one table that maps every shelf_status to a Python
 * exception.
 *
 * The module uses multi-phase initialisation and keeps everything it needs
 * (ParseError and its types) in module state, never in C globals, as
 * libshelf itself keeps no global state.
 */
#include "shelfmodule.h"

/* ==== The status table ==== */

/* How each status is raised. Parse codes (10 and up, as shelf.h promises)
 * raise shelf.ParseError with the place; the others are listed here once. */
typedef enum raise_kind {
  RAISE_VALUE,
  RAISE_MEMORY,
  RAISE_OVERFLOW,
  RAISE_PARSE
} raise_kind;

static const struct {
  shelf_status status;
  raise_kind kind;
} status_table[] = {
    {SHELF_INVALID, RAISE_VALUE},
    {SHELF_NOMEM, RAISE_MEMORY},
    {SHELF_RANGE, RAISE_OVERFLOW},
    {SHELF_TOO_LONG, RAISE_VALUE},
};

static raise_kind kind_of(shelf_status status) {
  for (size_t i = 0; i < sizeof status_table / sizeof status_table[0]; i++)
    if (status_table[i].status == status)
      return status_table[i].kind;
  return status >= SHELF_EXPECTED_INTEGER ? RAISE_PARSE : RAISE_VALUE;
}

PyObject *shelf_py_raise(shelf_py_state *st, shelf_status status,
                         const shelf_parse_error *error) {
  switch (kind_of(status)) {
  case RAISE_MEMORY:
    return PyErr_NoMemory();
  case RAISE_OVERFLOW:
    PyErr_SetString(PyExc_OverflowError, shelf_strerror(status));
    return NULL;
  case RAISE_PARSE:
    if (error != NULL && error->code != SHELF_OK) {
      /* ParseError(msg, line, column, offset, found), as the command
       * reports it: msg is shelf_strerror()'s, found the offending text. */
      PyObject *exc = PyObject_CallFunction(
          st->parse_error, "sKKKs", shelf_strerror(error->code),
          (unsigned long long)error->line, (unsigned long long)error->column,
          (unsigned long long)error->offset, error->found);
      if (exc != NULL) {
        PyErr_SetObject(st->parse_error, exc);
        Py_DECREF(exc);
      }
      return NULL;
    }
    break;
  case RAISE_VALUE:
    break;
  }
  PyErr_SetString(PyExc_ValueError, shelf_strerror(status));
  return NULL;
}

/* ==== Shared helpers ==== */

static const char *const word_text[4] = {"first", "second", "left", "right"};

PyObject *shelf_py_buyer(shelf_py_state *st, uint64_t turn) {
  return Py_NewRef(st->words[turn % 2 == 1 ? 0 : 1]);
}

PyObject *shelf_py_end(shelf_py_state *st, shelf_end end) {
  return Py_NewRef(st->words[end == SHELF_LEFT ? 2 : 3]);
}

shelf_py_state *shelf_py_state_of_type(PyTypeObject *type) {
  return PyType_GetModuleState(type);
}

PyTypeObject *shelf_py_add_struct(PyObject *module,
                                  PyStructSequence_Desc *desc) {
  PyTypeObject *type = PyStructSequence_NewType(desc);
  if (type == NULL)
    return NULL;
  const char *dot = strrchr(desc->name, '.');
  if (PyModule_AddObjectRef(module, dot ? dot + 1 : desc->name,
                            (PyObject *)type) < 0) {
    Py_DECREF(type);
    return NULL;
  }
  return type;
}

/* Fills a structseq from `items`, stealing each; NULL if any is NULL. */
PyObject *shelf_py_struct(PyTypeObject *type, PyObject **items, int count) {
  PyObject *out = PyStructSequence_New(type);
  int failed = out == NULL;
  for (int i = 0; i < count; i++) {
    if (items[i] == NULL)
      failed = 1;
    if (out != NULL)
      PyStructSequence_SetItem(out, i, items[i]);
    else
      Py_XDECREF(items[i]);
  }
  if (failed)
    Py_CLEAR(out);
  return out;
}

/* ==== The module ==== */

static PyMethodDef shelf_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))shelf_py_solve,
     METH_VARARGS | METH_KEYWORDS,
     "solve($module, /, wheels)\n--\n\n"
     "The margin of perfect play: the first buyer's kilos minus the "
     "second's.\n\n"
     "wheels is an iterable of ints (True counts as 1, as in the seed's "
     "solve)\nor a buffer of int64 (array('q'), a NumPy int64 array), read "
     "without a copy.\nAn empty shelf gives 0. O(n) time.\n\n"
     ">>> solve([3, 9, 1, 2])\n7"},
    {"result", (PyCFunction)(void (*)(void))shelf_py_result,
     METH_VARARGS | METH_KEYWORDS,
     "result($module, /, wheels)\n--\n\n"
     "Result(n, margin, first, second) of perfect play: the number of "
     "wheels,\nthe margin and each buyer's total, exact ints whatever their "
     "size.\n\n"
     ">>> result([3, 9, 1, 2])\n"
     "shelf.Result(n=4, margin=7, first=11, second=4)"},
    {"line", (PyCFunction)(void (*)(void))shelf_py_line,
     METH_VARARGS | METH_KEYWORDS,
     "line($module, /, wheels)\n--\n\n"
     "The line of perfect play: one Move(turn, buyer, end, index, weight) a "
     "turn.\n\n"
     "turn counts from 1, buyer is 'first' or 'second', end 'left' or "
     "'right',\nindex is the wheel's 0-based place on the shelf. Where both "
     "ends keep the\nlead the line takes the end its reduction prefers; "
     "best_move() shows both.\n\n"
     ">>> line([3, 9, 1, 2])[0]\n"
     "shelf.Move(turn=1, buyer='first', end='right', index=3, weight=2)"},
    {"best_move", (PyCFunction)(void (*)(void))shelf_py_best_move,
     METH_VARARGS | METH_KEYWORDS,
     "best_move($module, /, wheels, first, last)\n--\n\n"
     "The best move on block first..last (0-based, inclusive) of a shelf:\n"
     "BestMove(lead, left, right, best), where left and right are the lead "
     "each\nend keeps for the buyer to move, lead the larger, and best the "
     "line's end.\nIndexError unless 0 <= first <= last < len(wheels).\n\n"
     ">>> best_move([3, 9, 1, 2], 0, 3)\n"
     "shelf.BestMove(lead=7, left=-5, right=7, best='right')"},
    {"explain", (PyCFunction)(void (*)(void))shelf_py_explain,
     METH_VARARGS | METH_KEYWORDS,
     "explain($module, /, wheels, *, limit=0)\n--\n\n"
     "Why greedy play loses: an Explanation with both buyers greedy "
     "(the\nheavier end, the left on equal weights), a greedy first buyer "
     "against a\nperfect second, the first mistake of greedy play on the "
     "line and its cost,\nand for an even number of wheels the parity "
     "floor.\n\n"
     "limit bounds the O(n^2) parts (0: 20000 wheels); beyond it\n"
     "greedy_vs_perfect is None and limits_reached is True."},
    {"lead_table", (PyCFunction)(void (*)(void))shelf_py_lead_table,
     METH_VARARGS | METH_KEYWORDS,
     "lead_table($module, /, wheels)\n--\n\n"
     "The interval DP's table of a small shelf (at most 1024 wheels): "
     "table[i][j]\nis Cell(lead, left, right) for block i..j, what the "
     "buyer to move can\nfinish ahead by and what taking each end keeps; "
     "None where i > j.\n\n"
     ">>> lead_table([3, 9, 1, 2])[0][3]\n"
     "shelf.Cell(lead=7, left=-5, right=7)"},
    {"parse", (PyCFunction)(void (*)(void))shelf_py_parse,
     METH_VARARGS | METH_KEYWORDS,
     "parse($module, /, text)\n--\n\n"
     "The weights of a shelf written in the command's grammar (str or "
     "bytes):\nweights separated by spaces, commas or newlines, optionally "
     "in one pair\nof brackets. Raises ParseError with the line and column, "
     "as the command\nprints them.\n\n"
     ">>> parse('[7, 2, 9, 4]')\n[7, 2, 9, 4]"},
    {"random", (PyCFunction)(void (*)(void))shelf_py_random,
     METH_VARARGS | METH_KEYWORDS,
     "random($module, /, n, *, seed, lo=1, hi=10000)\n--\n\n"
     "A reproducible random shelf of n wheels, each weight uniform in "
     "lo..hi:\nthe same shelf as `shelf --random N --seed S --range LO..HI` "
     "on every\nmachine.\n\n"
     ">>> random(5, seed=1)\n[2466, 8520, 591, 236, 8762]"},
    {"svg", (PyCFunction)(void (*)(void))shelf_py_svg,
     METH_VARARGS | METH_KEYWORDS,
     "svg($module, /, wheels, *, explain=False)\n--\n\n"
     "The shelf and its perfect game drawn as an SVG document (a str): "
     "each\nwheel a circle coloured by its buyer and numbered by its turn, "
     "the lead\ntable beside it up to 30 wheels, a summary above 200. With "
     "explain=True\nthe greedy trap is marked."},
    {NULL, NULL, 0, NULL}};

static int shelf_exec(PyObject *module) {
  shelf_py_state *st = PyModule_GetState(module);
  PyObject *errors = PyImport_ImportModule("shelf._errors");
  if (errors == NULL)
    return -1;
  st->parse_error = PyObject_GetAttrString(errors, "ParseError");
  Py_DECREF(errors);
  if (st->parse_error == NULL ||
      PyModule_AddObjectRef(module, "ParseError", st->parse_error) < 0)
    return -1;
  for (int i = 0; i < 4; i++)
    if ((st->words[i] = PyUnicode_InternFromString(word_text[i])) == NULL)
      return -1;
  if (PyModule_AddStringConstant(module, "__version__", shelf_version()) < 0)
    return -1;
  if (shelf_py_solve_init(module, st) < 0 ||
      shelf_py_line_init(module, st) < 0 ||
      shelf_py_explain_init(module, st) < 0 ||
      shelf_py_table_init(module, st) < 0 ||
      shelf_py_solver_init(module, st) < 0 ||
      shelf_py_game_init(module, st) < 0)
    return -1;
  return 0;
}

/* Every reference the state holds, for the garbage collector and teardown. */
#define SHELF_PY_STATE_REFS(st, X)                                             \
  X((st)->parse_error);                                                        \
  X((st)->result_type);                                                        \
  X((st)->move_type);                                                          \
  X((st)->best_move_type);                                                     \
  X((st)->cell_type);                                                          \
  X((st)->explanation_type);                                                   \
  X((st)->mistake_type);                                                       \
  X((st)->parity_type);                                                        \
  X((st)->solver_type);                                                        \
  X((st)->game_type);                                                          \
  for (int i_ = 0; i_ < 4; i_++)                                               \
  X((st)->words[i_])

static int shelf_traverse(PyObject *module, visitproc visit, void *arg) {
  shelf_py_state *st = PyModule_GetState(module);
  SHELF_PY_STATE_REFS(st, Py_VISIT);
  return 0;
}

static int shelf_clear(PyObject *module) {
  shelf_py_state *st = PyModule_GetState(module);
  SHELF_PY_STATE_REFS(st, Py_CLEAR);
  return 0;
}

static void shelf_free(void *module) { shelf_clear(module); }

static PyModuleDef_Slot shelf_slots[] = {
    {Py_mod_exec, SHELF_PY_SLOT(shelf_exec)}, {0, NULL}};

static struct PyModuleDef shelf_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "shelf._shelf",
    .m_doc = "The C core of the shelf package: libshelf for Python. Import "
             "shelf, not this.",
    .m_size = sizeof(shelf_py_state),
    .m_methods = shelf_methods,
    .m_slots = shelf_slots,
    .m_traverse = shelf_traverse,
    .m_clear = shelf_clear,
    .m_free = shelf_free,
};

PyMODINIT_FUNC PyInit__shelf(void) { return PyModuleDef_Init(&shelf_module); }
