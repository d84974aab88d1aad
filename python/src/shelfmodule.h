/*
 * shelfmodule.h - what the files of the shelf._shelf extension share: the
 * module state, the conversions of convert.c, the status table's raise, and
 * each wrapped area's functions and types.
 *
 * Every function that returns a PyObject * returns a new reference, or NULL
 * with an exception set; every function that returns int returns 0, or -1
 * with an exception set.
 */
#ifndef SHELFMODULE_H
#define SHELFMODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "shelf.h"
#include "shelf_judge.h"
#include "shelf_svg.h"

/* The slot API keeps functions in void *, which POSIX allows and ISO C does
 * not; -pedantic would report each, and __extension__ says we mean it. */
#define SHELF_PY_SLOT(f) (__extension__(void *)(f))

/* ==== Module state ==== */

typedef struct shelf_py_state {
  PyObject *parse_error; /* shelf.ParseError, from shelf._errors */
  PyTypeObject *result_type;
  PyTypeObject *move_type;
  PyTypeObject *best_move_type;
  PyTypeObject *cell_type;
  PyTypeObject *explanation_type;
  PyTypeObject *mistake_type;
  PyTypeObject *parity_type;
  PyTypeObject *solver_type;
  PyTypeObject *game_type;
  PyTypeObject *review_type;
  PyObject *words[4]; /* "first", "second", "left", "right", interned */
} shelf_py_state;

/* Fills st->words with the library's names (helpers.c). */
int shelf_py_words_init(shelf_py_state *st);
/* Adds _values, {enum: {name: value}}, from the library's lists. */
int shelf_py_values_init(PyObject *module);

/* The interned words, by buyer (turn 1 is the first buyer's) and by end. */
PyObject *shelf_py_buyer(shelf_py_state *st, uint64_t turn);
PyObject *shelf_py_end(shelf_py_state *st, shelf_end end);

/* The state of the module that defined `type`, one of ours or a Python
 * subclass of one (shelf.Game of _Game). */
shelf_py_state *shelf_py_state_of_type(PyTypeObject *type);

/* 0, or -1 with RuntimeError when `busy`: an object (a Game, a Solver)
 * whose work runs with the GIL released is called from another thread
 * meanwhile, which must not race. `what` names its type. */
int shelf_py_idle(int busy, const char *what);

/* Appends `item` to `list`, stealing it (also on failure); -1 when item is
 * NULL or the append fails. */
int shelf_py_append(PyObject *list, PyObject *item);

/* The strings in `parts` joined by ", " (a new reference), or NULL: the
 * inside of a repr. */
PyObject *shelf_py_join(PyObject *parts);

/* Raises the exception that the one status table maps `status` to; `error`
 * (may be NULL) gives a parse error's place. Always returns NULL. */
PyObject *shelf_py_raise(shelf_py_state *st, shelf_status status,
                         const shelf_parse_error *error);

/* ==== Conversions (convert.c) ==== */

/* How the items of a caller's integer buffer are read (convert.c): by
 * kind, size and byte order, walking the stride. */
typedef struct shelf_py_items {
  const char *first; /* item 0 */
  Py_ssize_t stride; /* bytes from an item to the next, of either sign */
  Py_ssize_t size;   /* bytes an item: 1, 2, 4 or 8 */
  char kind;         /* 's' signed, 'u' unsigned, '?' bool (0 or 1) */
  char little;       /* stored little-endian */
} shelf_py_items;

/* A shelf's weights as libshelf reads them: a private array that nothing
 * else writes (a copy made from an iterable of ints or from a buffer), or,
 * after shelf_py_weights_open() only, the caller's buffer, held and read
 * a chunk at a time into private memory by shelf_py_weights_push(). The
 * library must never read a caller's buffer itself: another thread may
 * rewrite it during the call, and libshelf reads some weights twice. */
typedef struct shelf_py_weights {
  const int64_t *weights; /* the private array; NULL while reading `items` */
  size_t n;
  Py_buffer view;       /* held while view.obj is not NULL */
  shelf_py_items items; /* the buffer's items, when weights is NULL */
  int64_t *copy;        /* PyMem_RawMalloc'd: read with the GIL released */
} shelf_py_weights;

/* Reads `obj` (any integer buffer, or an iterable of ints) into `out`'s
 * private array, which must be released with shelf_py_weights_release()
 * even on failure. Errors name `what` and the index of the offending
 * item. */
int shelf_py_weights_get(PyObject *obj, const char *what,
                         shelf_py_weights *out);
/* The same, but a buffer is only held and checked, not copied, for
 * shelf_py_weights_push(). */
int shelf_py_weights_open(PyObject *obj, const char *what,
                          shelf_py_weights *out);
/* Pushes every weight of an opened shelf into `solver`, with the GIL
 * released; a buffer goes a chunk at a time through private memory, each
 * item read once. Returns the library's status. */
shelf_status shelf_py_weights_push(const shelf_py_weights *w,
                                   shelf_solver *solver);
void shelf_py_weights_release(shelf_py_weights *w);

/* One weight: an int (or an object with __index__) that fits in int64.
 * `what` and `index` (-1 for none) name it in errors. */
int shelf_py_weight(PyObject *obj, const char *what, Py_ssize_t index,
                    int64_t *out);

/* An exact Python int for any shelf_i128. */
PyObject *shelf_py_int(shelf_i128 value);

/* A list of Python ints from n weights. */
PyObject *shelf_py_list(const int64_t *weights, size_t n);

/* ==== The wrapped areas, one file each ==== */

/* solve.c: solve(), result() and the Result type. */
int shelf_py_solve_init(PyObject *module, shelf_py_state *st);
shelf_status shelf_py_solve_weights(const int64_t *weights, size_t n,
                                    shelf_result *r);
PyObject *shelf_py_result_from(shelf_py_state *st, const shelf_result *r);
PyObject *shelf_py_solve(PyObject *module, PyObject *args, PyObject *kwargs);
PyObject *shelf_py_result(PyObject *module, PyObject *args, PyObject *kwargs);

/* line.c: line(), best_move() and their types. */
int shelf_py_line_init(PyObject *module, shelf_py_state *st);
PyObject *shelf_py_line_of(shelf_py_state *st, const int64_t *weights,
                           size_t n);
PyObject *shelf_py_line(PyObject *module, PyObject *args, PyObject *kwargs);
PyObject *shelf_py_best_move(PyObject *module, PyObject *args,
                             PyObject *kwargs);
/* A BestMove from a shelf_choice (shelf_best_move(), shelf_game_hint()). */
PyObject *shelf_py_best_move_from(shelf_py_state *st, const shelf_choice *c);
PyObject *shelf_py_greedy_end(PyObject *module, PyObject *args,
                              PyObject *kwargs);

/* py_explain.c: explain() and its types. */
int shelf_py_explain_init(PyObject *module, shelf_py_state *st);
PyObject *shelf_py_explain_of(shelf_py_state *st, const int64_t *weights,
                              size_t n, size_t limit);
PyObject *shelf_py_explain(PyObject *module, PyObject *args, PyObject *kwargs);

/* table.c: lead_table() and the Cell type. */
int shelf_py_table_init(PyObject *module, shelf_py_state *st);
PyObject *shelf_py_lead_table(PyObject *module, PyObject *args,
                              PyObject *kwargs);

/* py_parse.c: parse(). */
PyObject *shelf_py_parse(PyObject *module, PyObject *args, PyObject *kwargs);

/* ==== shelf.solve_file() (solve_file.c) ==== */

PyObject *shelf_py_solve_file(PyObject *module, PyObject *args,
                              PyObject *kwargs);

/* py_solver.c: the Solver type. */
int shelf_py_solver_init(PyObject *module, shelf_py_state *st);

/* random.c: random(). */
PyObject *shelf_py_random(PyObject *module, PyObject *args, PyObject *kwargs);

/* py_judge.c: shelf.check over libshelf's judge (shelf_judge_run()) and the
 * problems' statements. */
PyObject *shelf_py_judge(PyObject *module, PyObject *args, PyObject *kwargs);
PyObject *shelf_py_problem(PyObject *module, PyObject *name);
/* _progress_line(stage, done, total, n, verdict, who, seconds): the
 * progress line in shelf_progress_write()'s words (py_judge.c). */
PyObject *shelf_py_progress_line(PyObject *module, PyObject *args);

/* stop.c: the trap that re-raises a run's stop at every line (check.py). */
PyObject *shelf_py_arm(PyObject *module, PyObject *args);
PyObject *shelf_py_disarm(PyObject *module, PyObject *unused);
PyObject *shelf_py_stop(PyObject *module, PyObject *args);
PyObject *shelf_py_sigint(PyObject *module, PyObject *args);

/* py_svg.c: svg(). A width of 0 is SHELF_SVG_WIDTH; shelf_py_svg_width()
 * checks a width argument. */
int shelf_py_svg_width(Py_ssize_t width, unsigned *out);
PyObject *shelf_py_svg_of(shelf_py_state *st, const int64_t *weights, size_t n,
                          int explain, unsigned width);
PyObject *shelf_py_svg(PyObject *module, PyObject *args, PyObject *kwargs);

/* py_game.c: the Game type's C half (shelf._shelf._Game, which shelf.Game
 * extends with play) and the Review type. */
int shelf_py_game_init(PyObject *module, shelf_py_state *st);

/* ==== Records (helpers.c) ==== */

/* A result type: an immutable record with the fields of `desc` (only its
 * names and docs are read; it is not a structseq, nor a tuple), added to
 * the module under its short name (the part of desc->name after "shelf."). */
PyTypeObject *shelf_py_add_struct(PyObject *module,
                                  PyStructSequence_Desc *desc);

/* An instance of a record type with `items`, each stolen (also on
 * failure); NULL if any of them is NULL. */
PyObject *shelf_py_struct(PyTypeObject *type, PyObject **items, int count);

#endif /* SHELFMODULE_H */
