/*
 * py_solver.c - shelf.Solver: the streaming solver (shelf_solver), fed one
 * weight at a time with push() or many at once with extend(), and read at
 * any point with result().
 *
 * One shelf_solver must not be used from two threads at once, and extend()
 * releases the GIL while it works; so the object is marked busy for that
 * time, and a call from another thread meanwhile raises RuntimeError instead
 * of racing.
 */
#include "shelfmodule.h"

typedef struct solver_object {
  PyObject_HEAD shelf_solver *solver;
  uint64_t n; /* wheels pushed since the last reset */
  int busy;   /* extend() is running with the GIL released */
} solver_object;

static int check_idle(solver_object *self) {
  return shelf_py_idle(self->busy, "Solver");
}

static PyObject *solver_new(PyTypeObject *type, PyObject *args,
                            PyObject *kwargs) {
  static char *kwlist[] = {NULL};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, ":Solver", kwlist))
    return NULL;
  solver_object *self = (solver_object *)type->tp_alloc(type, 0);
  if (self == NULL)
    return NULL;
  shelf_status status = shelf_solver_new(&self->solver, 0);
  if (status != SHELF_OK) {
    Py_DECREF(self);
    return shelf_py_raise(shelf_py_state_of_type(type), status, NULL);
  }
  return (PyObject *)self;
}

static void solver_dealloc(solver_object *self) {
  PyTypeObject *type = Py_TYPE(self);
  shelf_solver_free(self->solver);
  type->tp_free(self);
  Py_DECREF(type); /* instances of a heap type hold a reference to it */
}

static PyObject *solver_push(solver_object *self, PyObject *args,
                             PyObject *kwargs) {
  static char *kwlist[] = {"weight", NULL};
  PyObject *obj;
  int64_t weight;
  /* The weight first: its __index__ may run Python code that starts an
   * extend() on another thread, which must then be seen as busy. */
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:push", kwlist, &obj) ||
      shelf_py_weight(obj, "weight", -1, &weight) < 0 || check_idle(self) < 0)
    return NULL;
  /* Amortised O(1): not worth releasing the GIL for. */
  shelf_status status = shelf_solver_push(self->solver, weight);
  if (status != SHELF_OK)
    return shelf_py_raise(shelf_py_state_of_type(Py_TYPE(self)), status, NULL);
  self->n++;
  Py_RETURN_NONE;
}

static PyObject *solver_extend(solver_object *self, PyObject *args,
                               PyObject *kwargs) {
  static char *kwlist[] = {"wheels", NULL};
  PyObject *obj, *out = NULL;
  shelf_py_weights w = {0};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:extend", kwlist, &obj) ||
      check_idle(self) < 0)
    return NULL;
  if (shelf_py_weights_open(obj, "wheels", &w) < 0)
    goto done;
  /* Reading `obj` may have run Python code that started another extend(). */
  if (check_idle(self) < 0)
    goto done;
  self->busy = 1;
  shelf_status status = shelf_py_weights_push(&w, self->solver);
  self->busy = 0;
  if (status != SHELF_OK) {
    shelf_py_raise(shelf_py_state_of_type(Py_TYPE(self)), status, NULL);
    goto done;
  }
  self->n += w.n;
  out = Py_NewRef(Py_None);
done:
  shelf_py_weights_release(&w);
  return out;
}

static PyObject *solver_result(solver_object *self, PyObject *unused) {
  (void)unused;
  shelf_py_state *st = shelf_py_state_of_type(Py_TYPE(self));
  shelf_result r;
  if (check_idle(self) < 0)
    return NULL;
  shelf_status status = shelf_solver_result(self->solver, &r);
  if (status != SHELF_OK)
    return shelf_py_raise(st, status, NULL);
  return shelf_py_result_from(st, &r);
}

static PyObject *solver_reset(solver_object *self, PyObject *unused) {
  (void)unused;
  if (check_idle(self) < 0)
    return NULL;
  shelf_solver_reset(self->solver);
  self->n = 0;
  Py_RETURN_NONE;
}

static Py_ssize_t solver_len(solver_object *self) {
  return (Py_ssize_t)self->n;
}

static PyObject *solver_repr(solver_object *self) {
  return PyUnicode_FromFormat("<shelf.Solver of %llu wheels>",
                              (unsigned long long)self->n);
}

static PyMethodDef solver_methods[] = {
    {"push", (PyCFunction)(void (*)(void))solver_push,
     METH_VARARGS | METH_KEYWORDS,
     "push($self, /, weight)\n--\n\n"
     "Puts one wheel at the right end of the shelf. Amortised O(1)."},
    {"extend", (PyCFunction)(void (*)(void))solver_extend,
     METH_VARARGS | METH_KEYWORDS,
     "extend($self, /, wheels)\n--\n\n"
     "Puts the wheels, left to right, at the right end of the shelf: an "
     "iterable\nof ints or an int64 buffer, as solve() takes."},
    {"result", (PyCFunction)solver_result, METH_NOARGS,
     "result($self, /)\n--\n\n"
     "Result(n, margin, first, second) for the wheels so far; more may be\n"
     "pushed afterwards."},
    {"reset", (PyCFunction)solver_reset, METH_NOARGS,
     "reset($self, /)\n--\n\nEmpties the shelf."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot solver_slots[] = {
    {Py_tp_doc, "Solver()\n--\n\n"
                "A streaming solver: push wheels one at a time, or extend "
                "with many, and\nread the result at any point. It keeps "
                "only what the linear algorithm\nneeds, so the shelf may "
                "be longer than memory would hold as a list.\n\n"
                ">>> s = Solver()\n>>> s.extend([3, 9, 1]); s.push(2)\n"
                ">>> s.result().margin\n7"},
    {Py_tp_new, SHELF_PY_SLOT(solver_new)},
    {Py_tp_dealloc, SHELF_PY_SLOT(solver_dealloc)},
    {Py_tp_methods, solver_methods},
    {Py_tp_repr, SHELF_PY_SLOT(solver_repr)},
    {Py_sq_length, SHELF_PY_SLOT(solver_len)},
    {0, NULL}};

static PyType_Spec solver_spec = {"shelf.Solver", sizeof(solver_object), 0,
                                  Py_TPFLAGS_DEFAULT, solver_slots};

int shelf_py_solver_init(PyObject *module, shelf_py_state *st) {
  st->solver_type =
      (PyTypeObject *)PyType_FromModuleAndSpec(module, &solver_spec, NULL);
  if (st->solver_type == NULL || PyModule_AddType(module, st->solver_type) < 0)
    return -1;
  return 0;
}
