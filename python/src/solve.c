/*
 * solve.c - shelf.solve() and shelf.result(): the margin of perfect play and
 * both totals, with the Result type.
 */
#include "shelfmodule.h"

static PyStructSequence_Field result_fields[] = {
    {"n", "the number of wheels"},
    {"margin", "the first buyer's kilos minus the second's"},
    {"first", "the first buyer's total"},
    {"second", "the second buyer's total"},
    {NULL, NULL}};

static PyStructSequence_Desc result_desc = {
    "shelf.Result", "The outcome of perfect play on one shelf.", result_fields,
    4};

int shelf_py_solve_init(PyObject *module, shelf_py_state *st) {
  st->result_type = shelf_py_add_struct(module, &result_desc);
  return st->result_type != NULL ? 0 : -1;
}

PyObject *shelf_py_result_from(shelf_py_state *st, const shelf_result *r) {
  PyObject *items[4] = {PyLong_FromUnsignedLongLong(r->n),
                        shelf_py_int(r->margin), shelf_py_int(r->first),
                        shelf_py_int(r->second)};
  return shelf_py_struct(st->result_type, items, 4);
}

/* Solves n weights with the linear engine, the GIL released. */
shelf_status shelf_py_solve_weights(const int64_t *weights, size_t n,
                                    shelf_result *r) {
  shelf_status status;
  Py_BEGIN_ALLOW_THREADS;
  status = shelf_solve(weights, n, SHELF_ENGINE_LINEAR, r);
  Py_END_ALLOW_THREADS;
  return status;
}

/* Solves an opened shelf (shelf_py_weights_open): a caller's buffer is
 * pushed a chunk at a time into a solver, the linear engine's own. */
static shelf_status solve_opened(const shelf_py_weights *w, shelf_result *r) {
  if (w->weights != NULL || w->n == 0)
    return shelf_py_solve_weights(w->weights, w->n, r);
  shelf_solver *s;
  shelf_status status = shelf_solver_new(&s, 0);
  if (status == SHELF_OK)
    status = shelf_py_weights_push(w, s);
  if (status == SHELF_OK)
    status = shelf_solver_result(s, r);
  shelf_solver_free(s);
  return status;
}

/* solve() and result() differ only in what they return. */
static PyObject *solve_or_result(PyObject *module, PyObject *args,
                                 PyObject *kwargs, const char *format,
                                 int whole) {
  static char *kwlist[] = {"wheels", NULL};
  PyObject *obj, *out = NULL;
  shelf_py_weights w = {0};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, kwlist, &obj))
    return NULL;
  if (shelf_py_weights_open(obj, "wheels", &w) < 0)
    goto done;
  shelf_py_state *st = PyModule_GetState(module);
  shelf_result r;
  shelf_status status = solve_opened(&w, &r);
  out = status != SHELF_OK ? shelf_py_raise(st, status, NULL)
        : whole            ? shelf_py_result_from(st, &r)
                           : shelf_py_int(r.margin);
done:
  shelf_py_weights_release(&w);
  return out;
}

PyObject *shelf_py_solve(PyObject *module, PyObject *args, PyObject *kwargs) {
  return solve_or_result(module, args, kwargs, "O:solve", 0);
}

PyObject *shelf_py_result(PyObject *module, PyObject *args, PyObject *kwargs) {
  return solve_or_result(module, args, kwargs, "O:result", 1);
}
