/*
 * convert.c - weights from Python to libshelf, exact numbers back.
 *
 * A shelf arrives either as a buffer of int64 (array('q'), a NumPy int64
 * array, a memoryview of either), which libshelf reads in place, or as any
 * other iterable of ints, which is copied into a PyMem_RawMalloc'd array:
 * raw, because libshelf reads it with the GIL released. Numbers come back as
 * exact Python ints: totals and margins are 128-bit and never pass through a
 * double or through text.
 *
 * True counts as 1 and False as 0, because bool is an int (operator.index
 * accepts it, and the seed's pure-Python solve adds it like one).
 */
#include "shelfmodule.h"

#include <string.h>

/* ==== One weight ==== */

/* Names the place of a bad weight: "wheels[3]", or just "weight". */
static PyObject *place(const char *what, Py_ssize_t index) {
  return index < 0 ? PyUnicode_FromString(what)
                   : PyUnicode_FromFormat("%s[%zd]", what, index);
}

int shelf_py_weight(PyObject *obj, const char *what, Py_ssize_t index,
                    int64_t *out) {
  PyObject *integer = PyNumber_Index(obj);
  if (integer == NULL) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError))
      return -1;
    PyErr_Clear();
    PyObject *where = place(what, index);
    if (where != NULL)
      PyErr_Format(PyExc_TypeError, "%U is %.200s, not an int", where,
                   Py_TYPE(obj)->tp_name);
    Py_XDECREF(where);
    return -1;
  }
  int overflow = 0;
  long long value = PyLong_AsLongLongAndOverflow(integer, &overflow);
  Py_DECREF(integer);
  if (value == -1 && PyErr_Occurred())
    return -1;
  if (overflow != 0) {
    /* The value itself is not shown: it may have more digits than str()
     * allows. */
    PyObject *where = place(what, index);
    if (where != NULL)
      PyErr_Format(PyExc_OverflowError,
                   "%U is outside the 64-bit range of a weight "
                   "(-2**63 to 2**63 - 1)",
                   where);
    Py_XDECREF(where);
    return -1;
  }
  *out = (int64_t)value;
  return 0;
}

/* ==== A whole shelf ==== */

/* An int64 buffer is read in place: native 'q', or 'l' where long is 64
 * bits (NumPy's int64 on Linux), with an optional native or little-endian
 * byte-order prefix on a little-endian machine. */
static int is_int64_format(const Py_buffer *view) {
  const char *f = view->format != NULL ? view->format : "B";
  if (view->itemsize != 8)
    return 0;
  if (f[0] == '@' || f[0] == '=' || (f[0] == (PY_LITTLE_ENDIAN ? '<' : '>')) ||
      (!PY_LITTLE_ENDIAN && f[0] == '!'))
    f++;
  return (f[0] == 'q' || f[0] == 'l') && f[1] == '\0';
}

static int from_buffer(PyObject *obj, const char *what, shelf_py_weights *w) {
  if (PyObject_GetBuffer(obj, &w->view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) <
      0) {
    w->view.obj = NULL;
    /* A strided view (a[::2]) is still a sequence of ints: read it as one.
     * (memoryview says so with BufferError, NumPy with ValueError.) */
    if (PyErr_ExceptionMatches(PyExc_BufferError) ||
        PyErr_ExceptionMatches(PyExc_ValueError)) {
      PyErr_Clear();
      return 1;
    }
    return -1;
  }
  if (!is_int64_format(&w->view)) {
    PyErr_Format(PyExc_TypeError,
                 "%s: a buffer of format '%s' (itemsize %zd) is not a shelf; "
                 "give int64 ('q'), e.g. array('q', ...) or a NumPy int64 "
                 "array",
                 what, w->view.format != NULL ? w->view.format : "B",
                 w->view.itemsize);
    return -1;
  }
  if (w->view.ndim != 1) {
    PyErr_Format(PyExc_TypeError,
                 "%s: a %d-dimensional buffer is not a shelf; a shelf is "
                 "one-dimensional",
                 what, w->view.ndim);
    return -1;
  }
  w->weights = w->view.buf;
  w->n = (size_t)(w->view.len / 8);
  return 0;
}

static int from_iterable(PyObject *obj, const char *what, shelf_py_weights *w) {
  if (PyUnicode_Check(obj)) {
    PyErr_Format(PyExc_TypeError,
                 "%s is a str, not a shelf of ints; read text with "
                 "shelf.parse()",
                 what);
    return -1;
  }
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
                     "%s must be an iterable of ints or an int64 buffer, not "
                     "%.200s",
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
    w->copy = PyMem_RawMalloc((size_t)n * sizeof *w->copy);
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

int shelf_py_weights_get(PyObject *obj, const char *what,
                         shelf_py_weights *out) {
  memset(out, 0, sizeof *out);
  if (PyObject_CheckBuffer(obj)) {
    int r = from_buffer(obj, what, out);
    if (r <= 0)
      return r;
  }
  return from_iterable(obj, what, out);
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
