/*
 * convert.c - weights from Python to libshelf, exact numbers back.
 *
 * A shelf arrives either as a buffer of integers (array('q') or
 * array('i'), a NumPy array of any integer dtype, a memoryview, strided
 * or not, in either byte order), or as any other iterable of ints. Every
 * weight is read from the caller's memory exactly once, into memory of our
 * own, and libshelf reads only that: another thread may rewrite the
 * caller's buffer while we work (the GIL is released), and libshelf reads
 * some weights twice (shelf.h), so a weight that changed between the reads
 * would break its invariants. solve(), result() and Solver.extend() read a
 * buffer a chunk at a time, so a long shelf costs no copy of itself; the
 * rest copy it whole, as they keep it anyway. The copies are
 * PyMem_RawMalloc'd: libshelf reads them with the GIL released. Numbers
 * come back as exact Python ints: totals and margins are 128-bit and never
 * pass through a double or through text.
 *
 * A buffer's items are read by their kind, size and byte order, never by
 * the letter of the format: 'l' is 4 bytes or 8 depending on the machine
 * and the prefix. Decided: a bool buffer is read as 0 and 1, as True and
 * False count as 1 and 0 in a list, because bool is an int (operator.index
 * accepts it, and the problem's pure-Python solve adds it like one). Floats
 * are refused, with how to convert them; so are bytes and bytearray, which
 * are more likely text than weights.
 */
#include "shelfmodule.h"

#include <string.h>

/* ==== One weight ==== */

/* Names the place of a bad weight: "wheels[3]", or just "weight". */
static PyObject *place(const char *what, Py_ssize_t index) {
  return index < 0 ? PyUnicode_FromString(what)
                   : PyUnicode_FromFormat("%s[%zd]", what, index);
}

static void out_of_range(const char *what, Py_ssize_t index) {
  /* The value itself is not shown: it may have more digits than str()
   * allows. */
  PyObject *where = place(what, index);
  if (where != NULL)
    PyErr_Format(PyExc_OverflowError,
                 "%U is outside the 64-bit range of a weight "
                 "(-2**63 to 2**63 - 1)",
                 where);
  Py_XDECREF(where);
}

/* The pending exception, normalized, with its traceback attached. */
static PyObject *fetch_exception(void) {
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);
  PyErr_NormalizeException(&type, &value, &tb);
  if (tb != NULL && value != NULL)
    PyException_SetTraceback(value, tb);
  Py_XDECREF(type);
  Py_XDECREF(tb);
  return value;
}

/* A TypeError from an object's own __index__ (or its non-int result): ours
 * names the place, and the user's is kept as its cause. */
static void index_failed(PyObject *obj, const char *what, Py_ssize_t index) {
  PyObject *cause = fetch_exception();
  PyObject *where = place(what, index);
  if (where != NULL)
    PyErr_Format(PyExc_TypeError,
                 "%U is %.200s, whose __index__ raised TypeError", where,
                 Py_TYPE(obj)->tp_name);
  Py_XDECREF(where);
  if (cause == NULL)
    return;
  PyObject *ours = fetch_exception();
  if (ours == NULL) {
    Py_DECREF(cause);
    return;
  }
  PyException_SetContext(ours, Py_NewRef(cause));
  PyException_SetCause(ours, cause); /* steals the reference */
  PyErr_SetObject((PyObject *)Py_TYPE(ours), ours);
  Py_DECREF(ours);
}

int shelf_py_weight(PyObject *obj, const char *what, Py_ssize_t index,
                    int64_t *out) {
  PyObject *integer = PyNumber_Index(obj);
  if (integer == NULL) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError))
      return -1;
    if (PyIndex_Check(obj)) {
      index_failed(obj, what, index);
      return -1;
    }
    PyErr_Clear();
    PyObject *where = place(what, index);
    if (where != NULL)
      PyErr_Format(PyExc_TypeError, "%U is %.200s, not an int%s", where,
                   Py_TYPE(obj)->tp_name,
                   PyFloat_Check(obj) ? "; convert whole numbers first, "
                                        "e.g. [int(x) for x in wheels]"
                                      : "");
    Py_XDECREF(where);
    return -1;
  }
  int overflow = 0;
  long long value = PyLong_AsLongLongAndOverflow(integer, &overflow);
  Py_DECREF(integer);
  if (value == -1 && PyErr_Occurred())
    return -1;
  if (overflow != 0) {
    out_of_range(what, index);
    return -1;
  }
  *out = (int64_t)value;
  return 0;
}

/* ==== A buffer's items ==== */

/* Weights read into private memory a chunk at a time: 32 KiB on the
 * stack, which stays in L1 while libshelf merges it. */
#define CHUNK 4096

/* Items [from, from + count) into out, each read from the caller's memory
 * once. Returns -1, or the index of the first unsigned item above
 * INT64_MAX (the items before it are in out). */
static Py_ssize_t read_items(const shelf_py_items *it, size_t from,
                             size_t count, int64_t *out) {
  const char *p = it->first + (Py_ssize_t)from * it->stride;
  if (it->kind == 's' && it->size == 8 && it->stride == 8 &&
      it->little == PY_LITTLE_ENDIAN) {
    memcpy(out, p, count * sizeof *out); /* the common case: as it is */
    return -1;
  }
  for (size_t i = 0; i < count; i++, p += it->stride) {
    unsigned char b[8];
    memcpy(b, p, (size_t)it->size); /* the one read */
    uint64_t v = 0;
    for (Py_ssize_t k = 0; k < it->size; k++)
      v |= (uint64_t)b[it->little ? k : it->size - 1 - k] << (8 * k);
    int bits = (int)(8 * it->size);
    if (it->kind == '?')
      v = v != 0;
    else if (it->kind == 's' && bits < 64 && (v >> (bits - 1)) != 0)
      v |= ~(uint64_t)0 << bits; /* sign-extended */
    else if (it->kind == 'u' && bits == 64 && v > (uint64_t)INT64_MAX)
      return (Py_ssize_t)(from + i);
    out[i] = (int64_t)v;
  }
  return -1;
}

/* The buffer's weights copied whole into w->copy, with the GIL held. */
static int materialize(shelf_py_weights *w, const char *what) {
  if (w->n > SIZE_MAX / sizeof *w->copy ||
      (w->copy = PyMem_RawMalloc(w->n > 0 ? w->n * sizeof *w->copy : 1)) ==
          NULL) {
    PyErr_NoMemory();
    return -1;
  }
  Py_ssize_t bad = read_items(&w->items, 0, w->n, w->copy);
  if (bad >= 0) {
    out_of_range(what, bad);
    return -1;
  }
  w->weights = w->copy;
  return 0;
}

/* The kind, size and byte order of a buffer's items, from its format and
 * item size; returns 1 for a buffer of Python objects (NumPy's 'O'), read
 * as an iterable, 0 for integers, -1 (an exception set) for anything else.
 */
static int items_of(const Py_buffer *view, const char *what,
                    shelf_py_items *it) {
  const char *format = view->format != NULL ? view->format : "B";
  const char *f = format;
  it->little = PY_LITTLE_ENDIAN;
  if (*f == '@' || *f == '=')
    f++;
  else if (*f == '<' || *f == '>' || *f == '!')
    it->little = *f++ == '<';
  if (f[0] == 'O' && f[1] == '\0')
    return 1;
  it->kind = f[0] != '\0' && f[1] == '\0'
                 ? (strchr("bhilqn", f[0]) != NULL   ? 's'
                    : strchr("BHILQN", f[0]) != NULL ? 'u'
                    : f[0] == '?'                    ? '?'
                                                     : 0)
                 : 0;
  it->size = view->itemsize;
  if (it->kind != 0 && (it->size == 1 || it->size == 2 || it->size == 4 ||
                        it->size == 8))
    return 0;
  if (f[0] != '\0' && f[1] == '\0' && strchr("efdg", f[0]) != NULL)
    PyErr_Format(PyExc_TypeError,
                 "%s: a buffer of floats (format '%s') is not a shelf of "
                 "ints; convert whole numbers first: a.astype(np.int64) for "
                 "a NumPy array, [int(x) for x in wheels] for others",
                 what, format);
  else
    PyErr_Format(PyExc_TypeError,
                 "%s: a buffer of format '%s' (itemsize %zd) is not a shelf; "
                 "give integers (any size, signed or unsigned, either byte "
                 "order), e.g. array('q', ...) or a NumPy integer array",
                 what, format, view->itemsize);
  return -1;
}

/* Holds a buffer and reads its layout; 1 if `obj` is to be read as an
 * iterable instead. */
static int from_buffer(PyObject *obj, const char *what, shelf_py_weights *w) {
  if (PyObject_GetBuffer(obj, &w->view, PyBUF_RECORDS_RO) < 0) {
    w->view.obj = NULL;
    /* An exporter that cannot give strides (one with suboffsets) is still
     * a sequence of ints: read it as one. (memoryview says so with
     * BufferError, NumPy with ValueError.) */
    if (PyErr_ExceptionMatches(PyExc_BufferError) ||
        PyErr_ExceptionMatches(PyExc_ValueError)) {
      PyErr_Clear();
      return 1;
    }
    return -1;
  }
  int r = items_of(&w->view, what, &w->items);
  if (r != 0) {
    PyBuffer_Release(&w->view);
    w->view.obj = NULL;
    return r;
  }
  if (w->view.ndim != 1) {
    PyErr_Format(PyExc_TypeError,
                 "%s: a %d-dimensional buffer is not a shelf; a shelf is "
                 "one-dimensional",
                 what, w->view.ndim);
    return -1;
  }
  w->items.first = w->view.buf;
  w->items.stride = w->view.strides[0];
  w->n = (size_t)w->view.shape[0];
  /* Only unsigned 64-bit items can fail to be weights: those are copied
   * now, so that a failure comes before anything is pushed. */
  if (w->items.kind == 'u' && w->items.size == 8)
    return materialize(w, what);
  return 0;
}

/* ==== An iterable ==== */

static int from_iterable(PyObject *obj, const char *what, shelf_py_weights *w) {
  /* A list or tuple is read where it is; anything else is first collected
   * into a list. Only a non-iterable gets our message: an error raised by
   * the iterator itself passes through as it is. */
  PyObject *seq;
  if (PyList_Check(obj) || PyTuple_Check(obj)) {
    seq = Py_NewRef(obj);
  } else {
    PyObject *it = PyObject_GetIter(obj);
    if (it == NULL) {
      if (PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "%s must be an iterable of ints or an integer buffer, "
                     "not %.200s",
                     what, Py_TYPE(obj)->tp_name);
      }
      return -1;
    }
    seq = PySequence_List(it);
    Py_DECREF(it);
    if (seq == NULL)
      return -1;
  }
  int ret = -1;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
  if (n > 0) {
    w->copy = (size_t)n <= SIZE_MAX / sizeof *w->copy
                  ? PyMem_RawMalloc((size_t)n * sizeof *w->copy)
                  : NULL;
    if (w->copy == NULL) {
      PyErr_NoMemory();
      goto done;
    }
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    /* __index__ may run Python code that shrinks the list under us. */
    if (PySequence_Fast_GET_SIZE(seq) != n) {
      PyErr_Format(PyExc_RuntimeError, "%s changed size while being read",
                   what);
      goto done;
    }
    PyObject *item = PySequence_Fast_GET_ITEM(seq, i); /* borrowed */
    if (PyLong_CheckExact(item)) {
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(item, &overflow);
      if (overflow == 0) {
        w->copy[i] = (int64_t)v;
        continue;
      }
    }
    /* The slow path may run __index__: keep the item alive through it. */
    Py_INCREF(item);
    int bad = shelf_py_weight(item, what, i, &w->copy[i]);
    Py_DECREF(item);
    if (bad)
      goto done;
  }
  w->weights = w->copy;
  w->n = (size_t)n;
  ret = 0;
done:
  Py_DECREF(seq);
  return ret;
}

/* ==== A whole shelf ==== */

int shelf_py_weights_open(PyObject *obj, const char *what,
                          shelf_py_weights *out) {
  memset(out, 0, sizeof *out);
  if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj)) {
    PyErr_Format(PyExc_TypeError,
                 "%s is a %.200s, not a shelf of ints; read text with "
                 "shelf.parse()",
                 what, Py_TYPE(obj)->tp_name);
    return -1;
  }
  if (PyObject_CheckBuffer(obj)) {
    int r = from_buffer(obj, what, out);
    if (r <= 0)
      return r;
  }
  return from_iterable(obj, what, out);
}

int shelf_py_weights_get(PyObject *obj, const char *what,
                         shelf_py_weights *out) {
  if (shelf_py_weights_open(obj, what, out) < 0)
    return -1;
  return out->weights != NULL || out->n == 0 ? 0 : materialize(out, what);
}

shelf_status shelf_py_weights_push(const shelf_py_weights *w,
                                   shelf_solver *solver) {
  shelf_status status = SHELF_OK;
  Py_BEGIN_ALLOW_THREADS;
  if (w->weights != NULL || w->n == 0) {
    status = shelf_solver_push_many(solver, w->weights, w->n);
  } else {
    int64_t chunk[CHUNK];
    for (size_t i = 0; i < w->n && status == SHELF_OK; i += CHUNK) {
      size_t m = w->n - i < CHUNK ? w->n - i : CHUNK;
      (void)read_items(&w->items, i, m, chunk); /* cannot fail: see
                                                   from_buffer() */
      status = shelf_solver_push_many(solver, chunk, m);
    }
  }
  Py_END_ALLOW_THREADS;
  return status;
}

void shelf_py_weights_release(shelf_py_weights *w) {
  if (w->view.obj != NULL)
    PyBuffer_Release(&w->view);
  PyMem_RawFree(w->copy);
  w->copy = NULL;
  w->weights = NULL;
  w->n = 0;
}

/* ==== Numbers back ==== */

PyObject *shelf_py_int(shelf_i128 value) {
  if (value >= INT64_MIN && value <= INT64_MAX)
    return PyLong_FromLongLong((long long)value);
#if PY_VERSION_HEX >= 0x030D0000
  /* -1: native byte order, signed. */
  return PyLong_FromNativeBytes(&value, sizeof value, -1);
#else
  /* value = high * 2^64 + low with 0 <= low < 2^64, exactly; Python's ints
   * are two's complement under << and |, so (high << 64) | low is value. */
  uint64_t low = (uint64_t)value;
  long long high =
      (long long)((value - (shelf_i128)low) / ((shelf_i128)1 << 64));
  PyObject *h = PyLong_FromLongLong(high);
  PyObject *l = PyLong_FromUnsignedLongLong(low);
  PyObject *sixty_four = PyLong_FromLong(64);
  PyObject *shifted = NULL, *result = NULL;
  if (h != NULL && l != NULL && sixty_four != NULL)
    shifted = PyNumber_Lshift(h, sixty_four);
  if (shifted != NULL)
    result = PyNumber_Or(shifted, l);
  Py_XDECREF(h);
  Py_XDECREF(l);
  Py_XDECREF(sixty_four);
  Py_XDECREF(shifted);
  return result;
#endif
}

PyObject *shelf_py_list(const int64_t *weights, size_t n) {
  PyObject *list = PyList_New((Py_ssize_t)n);
  if (list == NULL)
    return NULL;
  for (size_t i = 0; i < n; i++) {
    PyObject *v = PyLong_FromLongLong((long long)weights[i]);
    if (v == NULL) {
      Py_DECREF(list);
      return NULL;
    }
    PyList_SET_ITEM(list, (Py_ssize_t)i, v);
  }
  return list;
}
