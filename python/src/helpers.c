/*
 * helpers.c - what every part of the shelf._shelf extension calls: the one
 * table that maps every shelf_status to a Python exception, the buyer and
 * end names (the library's), and the result types, small immutable records.
 *
 * Below the parts: the parts (solve.c, line.c, ...) call these, and these
 * call nothing of theirs; module.c only registers the parts.
 */
#include "shelfmodule.h"
#include <shelf_teach.h>

#include <stddef.h>
#include <structmember.h>

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
      /* ParseError(text, msg, line, column, offset, found): text is the
       * library's one-line message, as every surface shows it. */
      char text[SHELF_SENTENCE_BUFSIZE];
      shelf_parse_error_format(error, 1, text, sizeof text, NULL);
      PyObject *exc = PyObject_CallFunction(
          st->parse_error, "ssKKKs", text, shelf_strerror(error->code),
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

int shelf_py_idle(int busy, const char *what) {
  if (!busy)
    return 0;
  PyErr_Format(PyExc_RuntimeError, "this %s is in use by another thread",
               what);
  return -1;
}

int shelf_py_append(PyObject *list, PyObject *item) {
  int bad = item == NULL || PyList_Append(list, item) < 0;
  Py_XDECREF(item);
  return bad ? -1 : 0;
}

PyObject *shelf_py_join(PyObject *parts) {
  PyObject *sep = PyUnicode_FromString(", ");
  if (sep == NULL)
    return NULL;
  PyObject *joined = PyUnicode_Join(sep, parts);
  Py_DECREF(sep);
  return joined;
}

/* ==== Names ==== */

int shelf_py_words_init(shelf_py_state *st) {
  const char *text[4] = {
      shelf_buyer_name(SHELF_FIRST), shelf_buyer_name(SHELF_SECOND),
      shelf_end_name(SHELF_LEFT), shelf_end_name(SHELF_RIGHT)};
  for (int i = 0; i < 4; i++)
    if ((st->words[i] = PyUnicode_InternFromString(text[i])) == NULL)
      return -1;
  return 0;
}

/* shelf._shelf._values: {enum: {name: value}} for every enum whose values
 * Python passes or reads, from the lists in the headers, so that the
 * Python half spells no name and numbers no value of its own. */
#define PY_VALUE_(NAME, value, name, words)                                    \
  if (put_value(d, name, value) < 0)                                           \
    goto fail;
#define PY_ENUM_(enum_name, LIST)                                              \
  d = PyDict_New();                                                            \
  if (d == NULL || PyDict_SetItemString(all, enum_name, d) < 0)                \
    goto fail;                                                                 \
  LIST(PY_VALUE_)                                                              \
  Py_CLEAR(d);

static int put_value(PyObject *d, const char *name, long value) {
  PyObject *v = PyLong_FromLong(value);
  int r = v == NULL ? -1 : PyDict_SetItemString(d, name, v);
  Py_XDECREF(v);
  return r;
}

int shelf_py_values_init(PyObject *module) {
  PyObject *all = PyDict_New(), *d = NULL;
  if (all == NULL)
    return -1;
  PY_ENUM_("end", SHELF_END_LIST)
  PY_ENUM_("buyer", SHELF_BUYER_LIST)
  PY_ENUM_("line_kind", SHELF_LINE_KIND_LIST)
  PY_ENUM_("player", SHELF_PLAYER_LIST)
  PY_ENUM_("game_sentence", SHELF_GAME_SENTENCE_LIST)
  PY_ENUM_("verdict", SHELF_VERDICT_LIST)
  PY_ENUM_("answer", SHELF_ANSWER_LIST)
  PY_ENUM_("layout", SHELF_LAYOUT_LIST)
  PY_ENUM_("try", SHELF_TRY_LIST)
  PY_ENUM_("mistake", SHELF_MISTAKE_LIST)
  if (PyModule_AddObjectRef(module, "_values", all) < 0)
    goto fail;
  Py_DECREF(all);
  return 0;
fail:
  Py_XDECREF(d);
  Py_DECREF(all);
  return -1;
}

PyObject *shelf_py_buyer(shelf_py_state *st, uint64_t turn) {
  return Py_NewRef(st->words[shelf_turn_buyer(turn)]);
}

PyObject *shelf_py_end(shelf_py_state *st, shelf_end end) {
  return Py_NewRef(st->words[end == SHELF_LEFT ? 2 : 3]);
}

shelf_py_state *shelf_py_state_of_type(PyTypeObject *type) {
  /* A Python subclass (shelf.Game of _Game) has no module: its base has. */
  while (type->tp_base != NULL &&
         (!(type->tp_flags & Py_TPFLAGS_HEAPTYPE) ||
          ((PyHeapTypeObject *)type)->ht_module == NULL))
    type = type->tp_base;
  return PyType_GetModuleState(type);
}

/* ==== Records ==== */

/*
 * A result type is a record: an immutable object of named fields, made from
 * a PyStructSequence_Desc (used here only for its names and docs). Unlike a
 * structseq it is not a tuple, so help() shows its fields and not tuple's
 * methods; its repr is an expression that recreates it,
 * shelf.Cell(lead=7, left=-5, right=7); it compares and hashes by its
 * fields, pickles, and matches by field in a match statement.
 */
typedef struct record {
  PyObject_HEAD PyObject *items[1]; /* really count_of(self) of them */
} record;

static Py_ssize_t count_of(PyObject *self) {
  return (Py_TYPE(self)->tp_basicsize - (Py_ssize_t)offsetof(record, items)) /
         (Py_ssize_t)sizeof(PyObject *);
}

static PyObject **items_of(PyObject *self) { return ((record *)self)->items; }

/* The field names, from the type's __match_args__ (a new reference). */
static PyObject *names_of(PyTypeObject *type) {
  return PyObject_GetAttrString((PyObject *)type, "__match_args__");
}

static PyObject *record_new(PyTypeObject *type, PyObject *args,
                            PyObject *kwargs) {
  PyObject *names = names_of(type), *self = NULL;
  if (names == NULL)
    return NULL;
  Py_ssize_t count = PyTuple_GET_SIZE(names);
  Py_ssize_t given = PyTuple_GET_SIZE(args);
  if (given > count) {
    PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments, not %zd",
                 type->tp_name, count, given);
    goto done;
  }
  if ((self = type->tp_alloc(type, 0)) == NULL)
    goto done;
  PyObject **items = items_of(self);
  for (Py_ssize_t k = 0; k < count; k++) {
    PyObject *name = PyTuple_GET_ITEM(names, k); /* borrowed */
    PyObject *kw = kwargs != NULL ? PyDict_GetItemWithError(kwargs, name)
                                  : NULL; /* borrowed */
    if (kw == NULL && PyErr_Occurred())
      goto fail;
    if (k < given && kw != NULL) {
      PyErr_Format(PyExc_TypeError, "%s() got %R twice", type->tp_name, name);
      goto fail;
    }
    PyObject *value = k < given ? PyTuple_GET_ITEM(args, k) : kw;
    if (value == NULL) {
      PyErr_Format(PyExc_TypeError, "%s() missing the field %R", type->tp_name,
                   name);
      goto fail;
    }
    items[k] = Py_NewRef(value);
  }
  if (kwargs != NULL) {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kwargs, &pos, &key, &value)) {
      int known = PySequence_Contains(names, key);
      if (known < 0)
        goto fail;
      if (!known) {
        PyErr_Format(PyExc_TypeError, "%s() has no field %R", type->tp_name,
                     key);
        goto fail;
      }
    }
  }
  goto done;
fail:
  Py_CLEAR(self);
done:
  Py_DECREF(names);
  return self;
}

static int record_traverse(PyObject *self, visitproc visit, void *arg) {
  Py_VISIT(Py_TYPE(self));
  for (Py_ssize_t k = 0, count = count_of(self); k < count; k++)
    Py_VISIT(items_of(self)[k]);
  return 0;
}

static int record_clear(PyObject *self) {
  for (Py_ssize_t k = 0, count = count_of(self); k < count; k++)
    Py_CLEAR(items_of(self)[k]);
  return 0;
}

static void record_dealloc(PyObject *self) {
  PyTypeObject *type = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
  record_clear(self);
  type->tp_free(self);
  Py_DECREF(type); /* instances of a heap type hold a reference to it */
}

/* shelf.Name(a=1, b='left'): tp_name is the spec's, with the module. */
static PyObject *record_repr(PyObject *self) {
  PyObject *names = NULL, *parts = NULL, *joined = NULL, *out = NULL;
  int entered = Py_ReprEnter(self);
  if (entered != 0)
    return entered > 0 ? PyUnicode_FromFormat("%s(...)", Py_TYPE(self)->tp_name)
                       : NULL;
  if ((names = names_of(Py_TYPE(self))) == NULL ||
      (parts = PyList_New(0)) == NULL)
    goto done;
  for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(names); k++) {
    if (shelf_py_append(parts,
                        PyUnicode_FromFormat("%U=%R", PyTuple_GET_ITEM(names, k),
                                             items_of(self)[k])) < 0)
      goto done;
  }
  if ((joined = shelf_py_join(parts)) == NULL)
    goto done;
  out = PyUnicode_FromFormat("%s(%U)", Py_TYPE(self)->tp_name, joined);
done:
  Py_ReprLeave(self);
  Py_XDECREF(names);
  Py_XDECREF(parts);
  Py_XDECREF(joined);
  return out;
}

/* The fields as a tuple (a new reference), for ==, hash and pickling. */
static PyObject *record_tuple(PyObject *self) {
  Py_ssize_t count = count_of(self);
  PyObject *t = PyTuple_New(count);
  if (t == NULL)
    return NULL;
  for (Py_ssize_t k = 0; k < count; k++)
    PyTuple_SET_ITEM(t, k, Py_NewRef(items_of(self)[k]));
  return t;
}

static PyObject *record_richcompare(PyObject *a, PyObject *b, int op) {
  if ((op != Py_EQ && op != Py_NE) || Py_TYPE(a) != Py_TYPE(b))
    Py_RETURN_NOTIMPLEMENTED;
  PyObject *ta = record_tuple(a), *tb = record_tuple(b), *out = NULL;
  if (ta != NULL && tb != NULL)
    out = PyObject_RichCompare(ta, tb, op);
  Py_XDECREF(ta);
  Py_XDECREF(tb);
  return out;
}

static Py_hash_t record_hash(PyObject *self) {
  PyObject *t = record_tuple(self);
  if (t == NULL)
    return -1;
  Py_hash_t h = PyObject_Hash(t);
  Py_DECREF(t);
  return h;
}

static PyObject *record_reduce(PyObject *self, PyObject *unused) {
  (void)unused;
  PyObject *t = record_tuple(self);
  if (t == NULL)
    return NULL;
  return Py_BuildValue("(ON)", (PyObject *)Py_TYPE(self), t);
}

static PyMethodDef record_methods[] = {{"__reduce__",
                                        (PyCFunction)record_reduce, METH_NOARGS,
                                        "For pickle: the type and the fields."},
                                       {NULL, NULL, 0, NULL}};

PyTypeObject *shelf_py_add_struct(PyObject *module,
                                  PyStructSequence_Desc *desc) {
  int count = desc->n_in_sequence;
  PyTypeObject *type = NULL;
  PyObject *names = PyTuple_New(count), *doc = NULL;
  /* PyType_FromModuleAndSpec copies the members into the type. */
  PyMemberDef *members = PyMem_Calloc((size_t)count + 1, sizeof *members);
  if (names == NULL || members == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  for (int k = 0; k < count; k++) {
    PyObject *name = PyUnicode_InternFromString(desc->fields[k].name);
    if (name == NULL)
      goto done;
    PyTuple_SET_ITEM(names, k, name);
    members[k] = (PyMemberDef){
        desc->fields[k].name, T_OBJECT_EX,
        (Py_ssize_t)(offsetof(record, items) + (size_t)k * sizeof(PyObject *)),
        READONLY, desc->fields[k].doc};
  }
  /* "Result(n, margin, first, second)\n--\n\n" before the doc gives the
   * class its signature in help() and inspect; the type copies it. */
  PyObject *sep = PyUnicode_FromString(", "), *args = NULL;
  if (sep != NULL && (args = PyUnicode_Join(sep, names)) != NULL)
    doc = PyUnicode_FromFormat("%s(%U)\n--\n\n%s", strrchr(desc->name, '.') + 1,
                               args, desc->doc);
  Py_XDECREF(sep);
  Py_XDECREF(args);
  if (doc == NULL)
    goto done;
  PyType_Slot slots[] = {{Py_tp_doc, (void *)PyUnicode_AsUTF8(doc)},
                         {Py_tp_new, SHELF_PY_SLOT(record_new)},
                         {Py_tp_dealloc, SHELF_PY_SLOT(record_dealloc)},
                         {Py_tp_traverse, SHELF_PY_SLOT(record_traverse)},
                         {Py_tp_clear, SHELF_PY_SLOT(record_clear)},
                         {Py_tp_repr, SHELF_PY_SLOT(record_repr)},
                         {Py_tp_richcompare, SHELF_PY_SLOT(record_richcompare)},
                         {Py_tp_hash, SHELF_PY_SLOT(record_hash)},
                         {Py_tp_methods, record_methods},
                         {Py_tp_members, members},
                         {0, NULL}};
  PyType_Spec spec = {
      desc->name,
      (int)(offsetof(record, items) + (size_t)count * sizeof(PyObject *)), 0,
      Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE,
      slots};
  type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &spec, NULL);
  if (type == NULL)
    goto done;
  /* The field names, for match statements and for the record's own use;
   * set in the dict, as the type itself is immutable. */
  if (PyDict_SetItemString(type->tp_dict, "__match_args__", names) < 0 ||
      PyModule_AddType(module, type) < 0) {
    Py_CLEAR(type);
    goto done;
  }
  PyType_Modified(type);
done:
  PyMem_Free(members);
  Py_XDECREF(names);
  Py_XDECREF(doc);
  return type;
}

PyObject *shelf_py_struct(PyTypeObject *type, PyObject **items, int count) {
  PyObject *out = type->tp_alloc(type, 0);
  int failed = out == NULL;
  for (int i = 0; i < count; i++) {
    if (items[i] == NULL)
      failed = 1;
    if (out != NULL)
      items_of(out)[i] = items[i];
    else
      Py_XDECREF(items[i]);
  }
  if (failed)
    Py_CLEAR(out);
  return out;
}
