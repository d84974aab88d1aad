/*
 * line.c - shelf.line() and shelf.best_move(): the moves of perfect play,
 * and what each end of any block is worth, with the Move and BestMove types.
 */
#include "shelfmodule.h"
#include <shelf_teach.h>

static PyStructSequence_Field move_fields[] = {
    {"turn", "the turn, from 1"},
    {"buyer", "'first' or 'second'"},
    {"end", "'left' or 'right'"},
    {"index", "the wheel's 0-based place on the shelf"},
    {"weight", "the wheel's weight"},
    {NULL, NULL}};

static PyStructSequence_Desc move_desc = {
    "shelf.Move", "One move of the line of perfect play.", move_fields, 5};

static PyStructSequence_Field best_move_fields[] = {
    {"lead", "the block's lead: the larger of left and right"},
    {"left", "the lead kept by taking the left wheel"},
    {"right", "the lead kept by taking the right wheel"},
    {"best", "the line's end on this block, 'left' or 'right'"},
    {NULL, NULL}};

static PyStructSequence_Desc best_move_desc = {
    "shelf.BestMove", "What each end of a block is worth to the buyer to move.",
    best_move_fields, 4};

int shelf_py_line_init(PyObject *module, shelf_py_state *st) {
  st->move_type = shelf_py_add_struct(module, &move_desc);
  if (st->move_type == NULL)
    return -1;
  st->best_move_type = shelf_py_add_struct(module, &best_move_desc);
  return st->best_move_type != NULL ? 0 : -1;
}

/* The list shelf_py_line_of() fills, a move at a time; failed when a Move
 * could not be made (the error is set). */
typedef struct line_moves {
  shelf_py_state *st;
  PyObject *list;
  int failed;
} line_moves;

static int add_move(void *ctx, const shelf_move *mv) {
  line_moves *lm = ctx;
  PyObject *items[5] = {PyLong_FromUnsignedLongLong(mv->turn),
                        shelf_py_buyer(lm->st, mv->turn),
                        shelf_py_end(lm->st, mv->end),
                        PyLong_FromUnsignedLongLong(mv->wheel),
                        PyLong_FromLongLong((long long)mv->weight)};
  PyObject *move = shelf_py_struct(lm->st->move_type, items, 5);
  if (move == NULL) {
    lm->failed = 1;
    return 1;
  }
  PyList_SET_ITEM(lm->list, (Py_ssize_t)(mv->turn - 1), move);
  return 0;
}

PyObject *shelf_py_line_of(shelf_py_state *st, const int64_t *weights,
                           size_t n) {
  /* Raw: shelf_line writes it with the GIL released. */
  unsigned char *ends = PyMem_RawMalloc(n > 0 ? n : 1);
  PyObject *list = NULL;
  if (ends == NULL)
    return PyErr_NoMemory();
  shelf_status status;
  Py_BEGIN_ALLOW_THREADS;
  status = shelf_line(weights, n, ends);
  Py_END_ALLOW_THREADS;
  if (status != SHELF_OK) {
    shelf_py_raise(st, status, NULL);
    goto done;
  }
  if ((list = PyList_New((Py_ssize_t)n)) == NULL)
    goto done;
  /* The line replayed by the library, each move a Move. */
  line_moves lm = {st, list, 0};
  shelf_replay_all(weights, n, ends, add_move, &lm);
  if (lm.failed)
    Py_CLEAR(list);
done:
  PyMem_RawFree(ends);
  return list;
}

PyObject *shelf_py_line(PyObject *module, PyObject *args, PyObject *kwargs) {
  static char *kwlist[] = {"wheels", NULL};
  PyObject *obj, *out = NULL;
  shelf_py_weights w = {0};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:line", kwlist, &obj))
    return NULL;
  if (shelf_py_weights_get(obj, "wheels", &w) == 0)
    out = shelf_py_line_of(PyModule_GetState(module), w.weights, w.n);
  shelf_py_weights_release(&w);
  return out;
}

PyObject *shelf_py_best_move_from(shelf_py_state *st, const shelf_choice *c) {
  PyObject *items[4] = {shelf_py_int(c->lead), shelf_py_int(c->left),
                        shelf_py_int(c->right), shelf_py_end(st, c->best)};
  return shelf_py_struct(st->best_move_type, items, 4);
}

/* What a call on one block computes from the block's weights. */
typedef PyObject *block_answer(shelf_py_state *st, const int64_t *weights,
                               size_t n, size_t first, size_t last);

/* A call on one block, (wheels, first, last): the arguments read and
 * checked (`name` the call's in errors), `answer` run on them, the weights
 * released. */
static PyObject *block_call(PyObject *module, PyObject *args,
                            PyObject *kwargs, const char *name,
                            block_answer *answer) {
  static char *kwlist[] = {"wheels", "first", "last", NULL};
  char format[32];
  snprintf(format, sizeof format, "Onn:%s", name);
  PyObject *obj, *out = NULL;
  Py_ssize_t first, last;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, kwlist, &obj, &first,
                                   &last))
    return NULL;
  shelf_py_weights w = {0};
  if (shelf_py_weights_get(obj, "wheels", &w) < 0)
    goto done;
  if (first < 0 || first > last || (size_t)last >= w.n) {
    PyErr_Format(PyExc_IndexError,
                 "%s: block %zd..%zd is not a block of a shelf of %zu "
                 "wheels (0 <= first <= last < %zu)",
                 name, first, last, w.n, w.n);
    goto done;
  }
  out = answer(PyModule_GetState(module), w.weights, w.n, (size_t)first,
               (size_t)last);
done:
  shelf_py_weights_release(&w);
  return out;
}

/* The library's search runs with the GIL released. */
static PyObject *best_move_of(shelf_py_state *st, const int64_t *weights,
                              size_t n, size_t first, size_t last) {
  shelf_choice c;
  shelf_status status;
  Py_BEGIN_ALLOW_THREADS;
  status = shelf_best_move(weights, n, first, last, &c);
  Py_END_ALLOW_THREADS;
  if (status != SHELF_OK)
    return shelf_py_raise(st, status, NULL);
  return shelf_py_best_move_from(st, &c);
}

PyObject *shelf_py_best_move(PyObject *module, PyObject *args,
                             PyObject *kwargs) {
  return block_call(module, args, kwargs, "best_move", best_move_of);
}

static PyObject *greedy_end_of(shelf_py_state *st, const int64_t *weights,
                               size_t n, size_t first, size_t last) {
  (void)n;
  return shelf_py_end(st, shelf_greedy_end(weights, first, last));
}

PyObject *shelf_py_greedy_end(PyObject *module, PyObject *args,
                              PyObject *kwargs) {
  return block_call(module, args, kwargs, "_greedy_end", greedy_end_of);
}
