/*
 * module.c - the shelf._shelf extension module: its functions, its state,
 * and the initialisation that registers every part. What the parts share
 * (the status table, the names, the record types) is in helpers.c.
 *
 * The module uses multi-phase initialisation and keeps everything it needs
 * (ParseError and its types) in module state, never in C globals, as
 * libshelf itself keeps no global state.
 */
#include "shelfmodule.h"
#include <shelf_judge.h>
#include <shelf_teach.h>

/* ==== The module ==== */

static PyMethodDef shelf_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))shelf_py_solve,
     METH_VARARGS | METH_KEYWORDS,
     "solve($module, /, wheels)\n--\n\n"
     "The margin of perfect play: the first buyer's kilos minus the "
     "second's.\n\n"
     "wheels is an iterable of ints (True counts as 1, as in the problem's "
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
     "against the\nperfect second buyer that Game plays, the first turn "
     "where greedy loses\nlead there and what it loses, and for an even "
     "number of wheels the parity\nfloor.\n\n"
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
    {"solve_file", (PyCFunction)(void (*)(void))shelf_py_solve_file,
     METH_VARARGS | METH_KEYWORDS,
     "solve_file($module, /, path, *, threads=1, counted=False, "
     "batch=False)\n--\n\n"
     "Result(n, margin, first, second) of the shelf in a file, written in "
     "the\ncommand's grammar, read as `shelf -f path --threads N` reads it: "
     "a\nregular file is cut into ranges parsed on `threads` threads "
     "(1 starts\nnone), with the GIL released for the whole read, and the "
     "answer and any\nerror's line and column are those of one pass. "
     "counted: the count, then\nthe weights. batch: one shelf a line (with "
     "counted, counted shelves over\nany lines), a list of Results; the "
     "first bad shelf raises.\n\n"
     "A file whose size is not its bytes (procfs, sysfs) is read as a "
     "stream,\nto its end. Ctrl-C stops a read that waits on a pipe "
     "(KeyboardInterrupt).\n\n"
     "Raises ParseError with the place, OSError with the path as given."},
    {"parse", (PyCFunction)(void (*)(void))shelf_py_parse,
     METH_VARARGS | METH_KEYWORDS,
     "parse($module, /, text)\n--\n\n"
     "The weights of a shelf written in the command's grammar (str or "
     "bytes):\nweights separated by spaces, commas or newlines, optionally "
     "in one pair\nof brackets. Raises ParseError with the line and column, "
     "as the command\nprints them. Text that looks counted (a first line "
     "of one number, the count\nof the rest) or grouped by thousands "
     "(1,000) gives a UserWarning with\nthe command's note.\n\n"
     ">>> parse('[7, 2, 9, 4]')\n[7, 2, 9, 4]"},
    {"random", (PyCFunction)(void (*)(void))shelf_py_random,
     METH_VARARGS | METH_KEYWORDS,
     "random($module, /, n, *, seed, lo=1, hi=10000)\n--\n\n"
     "A reproducible random shelf of n wheels, each weight uniform in "
     "lo..hi:\nthe same shelf as `shelf --random N --seed S --range LO..HI` "
     "on every\nmachine.\n\n"
     ">>> random(5, seed=1)\n[2466, 8520, 591, 236, 8762]"},
    {"_greedy_end", (PyCFunction)(void (*)(void))shelf_py_greedy_end,
     METH_VARARGS | METH_KEYWORDS,
     "_greedy_end($module, /, wheels, first, last)\n--\n\n"
     "The greedy move on block first..last: 'left' or 'right', by\n"
     "shelf_greedy_end(), the one rule every surface calls greedy."},
    {"svg", (PyCFunction)(void (*)(void))shelf_py_svg,
     METH_VARARGS | METH_KEYWORDS,
     "svg($module, /, wheels, *, explain=False, width=0, height=0, "
     "question=False,\n    given=0, show='all', turn=0, line='perfect')\n--\n\n"
     "The shelf and its perfect game drawn as an SVG document (a str): "
     "each\nwheel a circle coloured by its buyer and numbered by its turn, "
     "the lead\ntable beside it up to 30 wheels, a summary above 200. With "
     "explain=True\nthe greedy trap is marked and the --explain sentences "
     "written "
     "below.\nwidth is the most the picture may be wide, in pixels (320 to "
     "20000;\n0, the default, is 1000); height (e.g. 720 with width 1280, a "
     "slide)\ncentres it in a frame of that size.\n\n"
     "The teaching versions, as the command's --svg-* options draw them:\n"
     "question=True is the exercise (no buyers, turns or margin; the table "
     "empty\nbut for blocks of up to `given` wheels); show='shelf' or "
     "'table' draws\none part; turn=K the moment after turn K; "
     "line='greedy' or\n'greedy-first' the game of greedy play."},
    /* The judge for shelf.check (py_judge.c), private. */
    {"_judge", (PyCFunction)(void (*)(void))shelf_py_judge,
     METH_VARARGS | METH_KEYWORDS,
     "_judge($module, /, run_one, describe, *, problem, answer, max_n, lo, "
     "hi,\n    tries, seed, time_limit, name)\n--\n\n"
     "shelf_judge_run() with run_one(wheels) as the runner, returning\n"
     "(verdict, answer, how, output, cpu, detail); describe(verdict, detail)\n"
     "words a failure for the report. The judgement as a dict."},
    {"_progress_line", shelf_py_progress_line, METH_VARARGS,
     "_progress_line(stage, done, total, n, verdict, who, seconds)\n--\n\n"
     "The progress line of a judging (shelf_progress_write()), from what\n"
     "_judge's progress was told and the seconds since it began."},
    {"_problem", shelf_py_problem, METH_O,
     "_problem(name)\n--\n\n"
     "The problem called name (shelf_problem_find()) as a dict, or None."},
    /* The trap of a stopped run (stop.c), private. */
    {"_arm", shelf_py_arm, METH_VARARGS,
     "_arm(exc_type, exempt)\n--\n\n"
     "Arms the calling thread's trap: exc_type raised at every call and\n"
     "line of Python whose globals are not exempt, until _disarm()."},
    {"_stop", shelf_py_stop, METH_VARARGS,
     "_stop(thread_id, exc_type, watch)\n--\n\n"
     "If watch.active, read in the same call: arms that thread's trap with\n"
     "exc_type and raises exc_type there at its next call or jump back.\n"
     "Returns the count of threads told."},
    {"_disarm", shelf_py_disarm, METH_NOARGS,
     "_disarm()\n--\n\n"
     "The calling thread's trap off, its trace function back; whether\n"
     "one was armed."},
    {"_sigint", shelf_py_sigint, METH_VARARGS,
     "_sigint(watch, signum, frame)\n--\n\n"
     "shelf.check's SIGINT handler: notes watch.interrupted, arms the\n"
     "trap with KeyboardInterrupt during a run, raises KeyboardInterrupt."},
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
  if (shelf_py_words_init(st) < 0 || shelf_py_values_init(module) < 0)
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
  X((st)->review_type);                                                        \
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
