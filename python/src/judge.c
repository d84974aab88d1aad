/*
 * judge.c - the library's judge for shelf.check (python/shelf/check.py):
 * the plan of tries, the shrink candidates and the mistake named from a
 * function's answers, so that shelf.check and `shelf check` try the same
 * shelves, shrink the same way and name the same mistakes. Private
 * (underscored) functions; check.py is their one caller.
 */
#include "shelfmodule.h"

/* A Python int as a shelf_i128, from its high and low 64 bits; 0 with an
 * exception set when it is not an int. One past 128 bits is clamped: no
 * mistake's answer on an int64 shelf is that far out, so it names none. */
static int answer_from(PyObject *got, shelf_i128 *out) {
  PyObject *index = PyNumber_Index(got);
  if (index == NULL)
    return 0;
  PyObject *shift = PyLong_FromLong(64), *high = NULL, *low = NULL;
  int ok = 0;
  if (shift != NULL && (high = PyNumber_Rshift(index, shift)) != NULL &&
      (low = PyNumber_Lshift(high, shift)) != NULL) {
    PyObject *rest = PyNumber_Subtract(index, low);
    int overflow = 0;
    long long h = PyLong_AsLongLongAndOverflow(high, &overflow);
    unsigned long long l = rest ? PyLong_AsUnsignedLongLong(rest) : 0;
    Py_XDECREF(rest);
    if (rest != NULL && !PyErr_Occurred()) {
      ok = 1;
      /* 2^64 * h + l, in arithmetic that cannot overflow for |h| < 2^63 */
      const shelf_i128 two64 = (shelf_i128)UINT64_MAX + 1;
      if (overflow)
        *out = (overflow > 0 ? INT64_MAX : INT64_MIN) * two64;
      else
        *out = h * two64 + (shelf_i128)l;
    }
  }
  Py_XDECREF(shift);
  Py_XDECREF(high);
  Py_XDECREF(low);
  Py_DECREF(index);
  return ok;
}

/* The plan's limits from Python: max_n, lo, hi, tries, seed. */
static int plan_from(PyObject *args, const char *format, shelf_plan *p,
                     PyObject **extra) {
  Py_ssize_t max_n, tries = 0;
  long long lo, hi;
  unsigned long long seed = 0;
  memset(p, 0, sizeof *p);
  if (!PyArg_ParseTuple(args, format, &max_n, &lo, &hi, &tries, &seed, extra))
    return 0;
  /* The command's own bound on max_n (10^8), so that max_n weights of room
   * are a size that cannot wrap. */
  if (max_n < 1 || max_n > 100000000 || lo > hi || tries < 0) {
    PyErr_SetString(PyExc_ValueError, "a plan needs 1 <= max_n <= 10**8, "
                                      "lo <= hi and tries >= 0");
    return 0;
  }
  p->max_n = (size_t)max_n;
  p->lo = lo;
  p->hi = hi;
  p->tries = (size_t)tries;
  p->seed = seed;
  return 1;
}

/* _plan(max_n, lo, hi, tries, seed, samples): [(kind, wheels or None)]
 * for every try in order, kind 0 seed case, 1 sample, 2 edge, 3 random. */
PyObject *shelf_py_plan(PyObject *module, PyObject *args) {
  (void)module;
  shelf_plan p;
  PyObject *samples_obj = NULL, *out = NULL, *seq = NULL;
  int64_t **samples = NULL, *w = NULL;
  size_t *sample_n = NULL;
  Py_ssize_t count = 0;
  if (!plan_from(args, "nLLnKO:_plan", &p, &samples_obj))
    return NULL;
  seq = PySequence_Fast(samples_obj, "_plan: samples must be a sequence");
  if (seq == NULL)
    return NULL;
  count = PySequence_Fast_GET_SIZE(seq);
  samples = PyMem_Calloc((size_t)count + 1, sizeof *samples);
  sample_n = PyMem_Calloc((size_t)count + 1, sizeof *sample_n);
  w = PyMem_Malloc((p.max_n > 8 ? p.max_n : 8) * sizeof *w);
  if (samples == NULL || sample_n == NULL || w == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  for (Py_ssize_t i = 0; i < count; i++) {
    shelf_py_weights got = {0};
    int ok = shelf_py_weights_get(PySequence_Fast_GET_ITEM(seq, i), "sample",
                                  &got) == 0;
    if (ok) {
      sample_n[i] = got.n;
      samples[i] = PyMem_Malloc(got.n ? got.n * sizeof(int64_t) : 1);
      if (samples[i] != NULL)
        memcpy(samples[i], got.weights, got.n * sizeof(int64_t));
    }
    shelf_py_weights_release(&got);
    if (!ok || samples[i] == NULL) {
      if (ok)
        PyErr_NoMemory();
      goto done;
    }
  }
  p.samples = (const int64_t *const *)samples;
  p.sample_n = sample_n;
  size_t tries = shelf_plan_count(&p);
  out = PyList_New((Py_ssize_t)tries);
  for (size_t k = 0; out != NULL && k < tries; k++) {
    size_t n = 0;
    shelf_try kind = SHELF_TRY_SEED;
    shelf_plan_shelf(&p, k, w, &n, &kind);
    PyObject *wheels = n > 0 ? shelf_py_list(w, n) : Py_NewRef(Py_None);
    PyObject *item = wheels ? Py_BuildValue("(iN)", (int)kind, wheels) : NULL;
    if (item == NULL) {
      Py_CLEAR(out);
      break;
    }
    PyList_SET_ITEM(out, (Py_ssize_t)k, item);
  }
done:
  for (Py_ssize_t i = 0; samples != NULL && i < count; i++)
    PyMem_Free(samples[i]);
  PyMem_Free(samples);
  PyMem_Free(sample_n);
  PyMem_Free(w);
  Py_XDECREF(seq);
  return out;
}

/* _shrink(wheels, lo, hi, c): shrink candidate c, or None past the last. */
PyObject *shelf_py_shrink(PyObject *module, PyObject *args) {
  (void)module;
  PyObject *wheels;
  long long lo, hi;
  Py_ssize_t c;
  if (!PyArg_ParseTuple(args, "OLLn:_shrink", &wheels, &lo, &hi, &c))
    return NULL;
  if (c < 0 || lo > hi)
    return PyErr_Format(PyExc_ValueError, "_shrink: c >= 0 and lo <= hi");
  shelf_py_weights got = {0};
  PyObject *out = NULL;
  if (shelf_py_weights_get(wheels, "wheels", &got) == 0) {
    const shelf_plan p = {1, lo, hi, 0, 0, NULL, NULL};
    int64_t *cand = PyMem_Malloc(got.n ? got.n * sizeof *cand : 1);
    size_t n = 0;
    if (cand == NULL)
      PyErr_NoMemory();
    else if (shelf_plan_shrink(&p, got.weights, got.n, (size_t)c, cand, &n))
      out = shelf_py_list(cand, n);
    else
      out = Py_NewRef(Py_None);
    PyMem_Free(cand);
  }
  shelf_py_weights_release(&got);
  return out;
}

/* _mistake_of(answer, [(wheels, got)], fitting_passed): the mistake's name
 * or None; answer 0 margin, 1 first, 2 second, 3 winner. */
PyObject *shelf_py_mistake_of(PyObject *module, PyObject *args) {
  (void)module;
  int answer, fitting_passed;
  PyObject *failures_obj, *seq, *out = NULL;
  if (!PyArg_ParseTuple(args, "iOp:_mistake_of", &answer, &failures_obj,
                        &fitting_passed))
    return NULL;
  if (answer < SHELF_ANSWER_MARGIN || answer > SHELF_ANSWER_WINNER)
    return PyErr_Format(PyExc_ValueError, "_mistake_of: unknown answer");
  seq = PySequence_Fast(failures_obj, "_mistake_of: a sequence of failures");
  if (seq == NULL)
    return NULL;
  Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
  shelf_failure *f = PyMem_Calloc((size_t)count + 1, sizeof *f);
  shelf_py_weights *kept = PyMem_Calloc((size_t)count + 1, sizeof *kept);
  Py_ssize_t read = 0;
  if (f == NULL || kept == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  for (; read < count; read++) {
    PyObject *wheels, *got;
    if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, read), "OO", &wheels,
                          &got))
      goto done;
    shelf_i128 value = 0;
    if (!answer_from(got, &value))
      goto done;
    if (shelf_py_weights_get(wheels, "wheels", &kept[read]) != 0) {
      read++; /* its release is owed too */
      goto done;
    }
    f[read].weights = kept[read].weights;
    f[read].n = kept[read].n;
    f[read].got = value;
  }
  shelf_mistake m = SHELF_MISTAKE_NONE;
  shelf_status st = shelf_mistake_of((shelf_answer)answer, f, (size_t)count,
                                     fitting_passed, &m);
  if (st != SHELF_OK) {
    out = st == SHELF_NOMEM ? PyErr_NoMemory()
                            : PyErr_Format(PyExc_ValueError,
                                           "_mistake_of: %s", shelf_strerror(st));
    goto done;
  }
  out = m == SHELF_MISTAKE_NONE ? Py_NewRef(Py_None)
                                : PyUnicode_FromString(shelf_mistake_name(m));
done:
  for (Py_ssize_t i = 0; kept != NULL && i < read; i++)
    shelf_py_weights_release(&kept[i]);
  PyMem_Free(kept);
  PyMem_Free(f);
  Py_DECREF(seq);
  return out;
}

/* _fits_31_bits(wheels): whether its totals fit 32-bit code. */
PyObject *shelf_py_fits_31_bits(PyObject *module, PyObject *wheels) {
  (void)module;
  shelf_py_weights got = {0};
  PyObject *out = NULL;
  if (shelf_py_weights_get(wheels, "wheels", &got) == 0)
    out = PyBool_FromLong(shelf_fits_31_bits(got.weights, got.n));
  shelf_py_weights_release(&got);
  return out;
}

/* _mistake_sentence(name): shelf_mistake_sentence() for a mistake's name. */
PyObject *shelf_py_mistake_sentence(PyObject *module, PyObject *name) {
  (void)module;
  const char *text = PyUnicode_AsUTF8(name);
  shelf_mistake kind;
  if (text == NULL)
    return NULL;
  if (shelf_mistake_from_name(text, &kind) != SHELF_OK)
    return PyErr_Format(PyExc_ValueError, "no mistake is called %R", name);
  char said[SHELF_SENTENCE_BUFSIZE];
  shelf_mistake_sentence(kind, said, sizeof said, NULL);
  return PyUnicode_FromString(said);
}
