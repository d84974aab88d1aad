/*
 * random.c - shelf.random(): the reproducible random shelf of shelf_random(),
 * the same as `shelf --random N --seed S --range LO..HI` gives.
 */
#include "shelfmodule.h"

/* The seed: any int from 0 to 2^64 - 1 (an O& converter). */
static int seed_converter(PyObject *obj, void *out) {
  PyObject *integer = PyNumber_Index(obj);
  if (integer == NULL)
    return 0;
  unsigned long long v = PyLong_AsUnsignedLongLong(integer);
  Py_DECREF(integer);
  if (v == (unsigned long long)-1 && PyErr_Occurred()) {
    if (PyErr_ExceptionMatches(PyExc_OverflowError) ||
        PyErr_ExceptionMatches(PyExc_ValueError)) {
      PyErr_Clear();
      PyErr_SetString(PyExc_OverflowError,
                      "random: seed must be from 0 to 2**64 - 1");
    }
    return 0;
  }
  *(uint64_t *)out = (uint64_t)v;
  return 1;
}

PyObject *shelf_py_random(PyObject *module, PyObject *args, PyObject *kwargs) {
  static char *kwlist[] = {"n", "seed", "lo", "hi", NULL};
  Py_ssize_t n;
  uint64_t seed = 0;
  PyObject *seed_obj = NULL;
  long long lo = 1, hi = 10000;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "n|$OLL:random", kwlist, &n,
                                   &seed_obj, &lo, &hi))
    return NULL;
  /* The format cannot say that a keyword-only argument is required. */
  if (seed_obj == NULL)
    return PyErr_Format(PyExc_TypeError,
                        "random() missing required keyword-only argument: "
                        "'seed'");
  if (!seed_converter(seed_obj, &seed))
    return NULL;
  if (n < 0)
    return PyErr_Format(PyExc_ValueError,
                        "random: n must be 0 or more, not %zd", n);
  if (lo > hi)
    return PyErr_Format(PyExc_ValueError,
                        "random: lo must be at most hi, not %lld > %lld", lo,
                        hi);
  /* Raw: shelf_random fills it with the GIL released. More than
   * SIZE_MAX bytes is refused before it wraps (2**61 weights did). */
  if ((size_t)n > SIZE_MAX / sizeof(int64_t))
    return PyErr_NoMemory();
  int64_t *weights = PyMem_RawMalloc(n > 0 ? (size_t)n * sizeof *weights : 1);
  if (weights == NULL)
    return PyErr_NoMemory();
  shelf_status status;
  Py_BEGIN_ALLOW_THREADS;
  status = shelf_random(seed, lo, hi, weights, (size_t)n);
  Py_END_ALLOW_THREADS;
  PyObject *out = status == SHELF_OK
                      ? shelf_py_list(weights, (size_t)n)
                      : shelf_py_raise(PyModule_GetState(module), status, NULL);
  PyMem_RawFree(weights);
  return out;
}
