/*
 * table.c - shelf.lead_table(): the interval DP's table of a small shelf,
 * from shelf_lead_table(), with the Cell type.
 */
#include "shelfmodule.h"
#include <shelf_teach.h>

static PyStructSequence_Field cell_fields[] = {
    {"lead", "the block's lead: the larger of left and right"},
    {"left", "the lead kept by taking the left wheel"},
    {"right", "the lead kept by taking the right wheel"},
    {NULL, NULL}};

static PyStructSequence_Desc cell_desc = {
    "shelf.Cell", "One block of the lead table.", cell_fields, 3};

int shelf_py_table_init(PyObject *module, shelf_py_state *st) {
  st->cell_type = shelf_py_add_struct(module, &cell_desc);
  return st->cell_type != NULL ? 0 : -1;
}

/* Row `first` of the table: None before the diagonal, then the cells. */
static PyObject *row(shelf_py_state *st, const shelf_cell *cells, size_t n,
                     size_t first) {
  PyObject *list = PyList_New((Py_ssize_t)n);
  if (list == NULL)
    return NULL;
  for (size_t last = 0; last < n; last++) {
    PyObject *item;
    if (last < first) {
      item = Py_NewRef(Py_None);
    } else {
      const shelf_cell *c = &cells[first * n + last];
      PyObject *items[3] = {shelf_py_int(c->lead), shelf_py_int(c->left),
                            shelf_py_int(c->right)};
      if ((item = shelf_py_struct(st->cell_type, items, 3)) == NULL) {
        Py_DECREF(list);
        return NULL;
      }
    }
    PyList_SET_ITEM(list, (Py_ssize_t)last, item);
  }
  return list;
}

PyObject *shelf_py_lead_table(PyObject *module, PyObject *args,
                              PyObject *kwargs) {
  static char *kwlist[] = {"wheels", NULL};
  PyObject *obj, *table = NULL;
  shelf_cell *cells = NULL;
  shelf_py_weights w = {0};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:lead_table", kwlist, &obj))
    return NULL;
  shelf_py_state *st = PyModule_GetState(module);
  if (shelf_py_weights_get(obj, "wheels", &w) < 0)
    goto done;
  if (w.n > SHELF_TABLE_MAX) {
    PyErr_Format(PyExc_ValueError,
                 "lead_table: %zu wheels; the table is for shelves of at "
                 "most %d (it has n * n cells)",
                 w.n, SHELF_TABLE_MAX);
    goto done;
  }
  /* Raw: shelf_lead_table fills it with the GIL released. */
  cells = PyMem_RawMalloc(w.n > 0 ? w.n * w.n * sizeof *cells : 1);
  if (cells == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  shelf_status status;
  Py_BEGIN_ALLOW_THREADS;
  status = shelf_lead_table(w.weights, w.n, cells);
  Py_END_ALLOW_THREADS;
  if (status != SHELF_OK) {
    shelf_py_raise(st, status, NULL);
    goto done;
  }
  if ((table = PyList_New((Py_ssize_t)w.n)) == NULL)
    goto done;
  for (size_t first = 0; first < w.n; first++) {
    PyObject *r = row(st, cells, w.n, first);
    if (r == NULL) {
      Py_CLEAR(table);
      goto done;
    }
    PyList_SET_ITEM(table, (Py_ssize_t)first, r);
  }
done:
  PyMem_RawFree(cells);
  shelf_py_weights_release(&w);
  return table;
}
