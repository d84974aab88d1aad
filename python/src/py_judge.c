/*
 * py_judge.c - shelf.check (python/shelf/check.py) over libshelf's judge,
 * shelf_judge_run(): the loop, the verdicts, shrinking, the mistakes and the
 * report's words are the library's, as for `shelf check`; here is only a
 * runner that calls a Python function, and the judgement turned into
 * Python values. Private (underscored) functions; check.py is their one
 * caller, and it keeps what only Python has: calling the function under a
 * time limit, and reading what it returned.
 *
 * The GIL: the loop runs with it released, and the runner takes it back to
 * call Python, so that other threads (check.py's watchdog among them) run
 * while the library computes answers between runs.
 */
#include "shelfmodule.h"
#include <shelf_judge.h>

/* ==== The runner ==== */

typedef struct py_judge {
  PyObject *run_one;    /* run_one(wheels, patience) -> (verdict, answer,
                           how, output,
                           cpu, detail); borrowed from _judge's arguments */
  PyThreadState *saved; /* while the loop runs with the GIL released */
  PyObject *progress;   /* progress(stage, done, total, n, verdict), or
                           None; borrowed */
  int raised;           /* progress raised: the next run raises it again
                           (the loop's progress returns nothing) */
  PyObject *type, *value, *trace; /* what it raised */
} py_judge;

/* The GIL, taken back while the loop has released it; returns what
 * give_back() needs. */
static PyThreadState *take(py_judge *c) {
  PyThreadState *saved = c->saved;
  if (saved != NULL) {
    c->saved = NULL;
    PyEval_RestoreThread(saved);
  }
  return saved;
}

static void give_back(py_judge *c, PyThreadState *saved) {
  if (saved != NULL)
    c->saved = PyEval_SaveThread();
}

/* A Python int as a shelf_i128, exactly; one beyond 128 bits is clamped to
 * the nearest end, which no right answer on an int64 shelf is near, so it
 * stays a wrong answer. Returns 0, or -1 with an exception set when `obj`
 * is not an int. */
static int i128_from(PyObject *obj, shelf_i128 *out) {
  int overflow = 0;
  long long small = PyLong_AsLongLongAndOverflow(obj, &overflow);
  if (small == -1 && PyErr_Occurred())
    return -1;
  if (!overflow) {
    *out = small;
    return 0;
  }
  /* obj = high * 2^64 + low, 0 <= low < 2^64 (Python's >> and & are those
   * of two's complement). */
  PyObject *shift = PyLong_FromLong(64), *mask = NULL, *high = NULL,
           *low = NULL;
  int rc = -1;
  if (shift == NULL ||
      (mask = PyLong_FromUnsignedLongLong(UINT64_MAX)) == NULL ||
      (high = PyNumber_Rshift(obj, shift)) == NULL ||
      (low = PyNumber_And(obj, mask)) == NULL)
    goto done;
  unsigned long long l = PyLong_AsUnsignedLongLong(low);
  if (l == (unsigned long long)-1 && PyErr_Occurred())
    goto done;
  long long h = PyLong_AsLongLongAndOverflow(high, &overflow);
  if (h == -1 && PyErr_Occurred())
    goto done;
  /* 2^127 - 1, and h * 2^64 + l within it for |h| < 2^63 */
  const shelf_i128 top = (((shelf_i128)1 << 126) - 1) * 2 + 1;
  if (overflow)
    *out = overflow > 0 ? top : -top - 1;
  else
    *out = (shelf_i128)h * ((shelf_i128)1 << 64) + (shelf_i128)l;
  rc = 0;
done:
  Py_XDECREF(shift);
  Py_XDECREF(mask);
  Py_XDECREF(high);
  Py_XDECREF(low);
  return rc;
}

/* Calls run_one(wheels, patience) and reads its tuple into *run. A raise from
 * run_one (KeyboardInterrupt, or a tuple that is not one) stops the judge:
 * SHELF_INVALID, with the exception left set for _judge. */
static shelf_status run_python(void *ctx, const int64_t *w, size_t n,
                               shelf_run *run) {
  py_judge *c = ctx;
  PyThreadState *saved = take(c);
  shelf_status st = SHELF_INVALID;
  if (c->raised) { /* progress raised: stop here */
    PyErr_Restore(c->type, c->value, c->trace);
    c->raised = 0;
    c->type = c->value = c->trace = NULL;
    give_back(c, saved);
    return st;
  }
  PyObject *wheels = shelf_py_list(w, n), *got = NULL;
  /* The judge's patience (shelf_run.patience): the limits' factor. */
  PyObject *patience =
      PyFloat_FromDouble(run->patience > 1 ? run->patience : 1.0);
  if (wheels != NULL && patience != NULL)
    got = PyObject_CallFunctionObjArgs(c->run_one, wheels, patience, NULL);
  Py_XDECREF(patience);
  int verdict;
  PyObject *answer, *detail;
  unsigned long long how, output;
  double cpu;
  if (got == NULL)
    goto done;
  if (!PyTuple_Check(got) ||
      !PyArg_ParseTuple(got, "iOKKdO:run_one", &verdict, &answer, &how, &output,
                        &cpu, &detail)) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_TypeError,
                      "_judge: run_one must return (verdict, answer, how, "
                      "output, cpu, detail)");
    goto done;
  }
  if (verdict < SHELF_VERDICT_OK || verdict > SHELF_VERDICT_IDLE ||
      verdict == SHELF_VERDICT_WRONG || verdict == SHELF_VERDICT_UNSTABLE) {
    PyErr_Format(PyExc_ValueError, "_judge: run_one gave verdict %d", verdict);
    goto done;
  }
  run->verdict = (shelf_verdict)verdict;
  if (verdict == SHELF_VERDICT_OK && i128_from(answer, &run->answer) < 0)
    goto done;
  run->how = how;
  run->output = output;
  run->cpu = cpu;
  run->detail = detail == Py_None ? NULL : Py_NewRef(detail);
  st = SHELF_OK;
done:
  Py_XDECREF(wheels);
  Py_XDECREF(got);
  give_back(c, saved);
  return st;
}

/* shelf_judge.progress: progress(stage, done, total, n, verdict), names
 * as shelf_progress_write() takes them back (shelf_py_progress_line()). */
static void progress_python(void *ctx, const shelf_progress *p) {
  py_judge *c = ctx;
  if (c->progress == Py_None || c->raised)
    return;
  PyThreadState *saved = take(c);
  PyObject *got = PyObject_CallFunction(
      c->progress, "snnns", shelf_stage_name(p->stage), (Py_ssize_t)p->done,
      (Py_ssize_t)p->total, (Py_ssize_t)p->n, shelf_verdict_name(p->verdict));
  if (got == NULL) {
    c->raised = 1;
    PyErr_Fetch(&c->type, &c->value, &c->trace);
  }
  Py_XDECREF(got);
  give_back(c, saved);
}

/* shelf_judge.release: a run's detail is a reference run_python() took. */
static void release_python(void *ctx, void *detail) {
  py_judge *c = ctx;
  PyThreadState *saved = take(c);
  Py_DECREF((PyObject *)detail);
  give_back(c, saved);
}

/* ==== The judgement in Python ==== */

/* An answer of kind k: a bool for a winner, else an int. */
static PyObject *answer_obj(shelf_answer k, shelf_i128 v) {
  return k == SHELF_ANSWER_WINNER ? PyBool_FromLong(v != 0) : shelf_py_int(v);
}

static PyObject *seconds_obj(double s) {
  return s >= 0 ? PyFloat_FromDouble(s) : Py_NewRef(Py_None);
}

/* The growth, and for sentinel-memo the memo's value and what it is a
 * value of ("lead" or "total"), else None for both. */
static PyObject *growth_obj(const shelf_judgement *j) {
  const shelf_growth *g = &j->growth;
  int sentinel = j->mistake == SHELF_MISTAKE_SENTINEL_MEMO;
  return Py_BuildValue(
      "{s:N,s:O,s:d,s:n,s:n,s:d,s:d,s:n,s:d,s:n,s:n,s:n,s:d,s:N,s:N}",
      "startup", seconds_obj(g->startup), "fitted",
      g->fitted ? Py_True : Py_False, "exponent", g->exponent, "n_lo",
      (Py_ssize_t)g->n_lo, "n_hi", (Py_ssize_t)g->n_hi, "t_lo", g->t_lo, "t_hi",
      g->t_hi, "longest", (Py_ssize_t)g->longest, "longest_cpu", g->longest_cpu,
      "over_n", (Py_ssize_t)g->over_n, "slow_zeros", (Py_ssize_t)g->slow_zeros,
      "fast_n", (Py_ssize_t)g->fast_n, "fast_cpu", g->fast_cpu, "sentinel",
      sentinel ? shelf_py_int(j->sentinel) : Py_NewRef(Py_None), "sentinel_of",
      sentinel ? PyUnicode_FromString(j->sentinel_total ? "total" : "lead")
               : Py_NewRef(Py_None));
}

/* Sets key to value in d, stealing value; -1 if value is NULL. */
static int put(PyObject *d, const char *key, PyObject *value) {
  if (value == NULL)
    return -1;
  int rc = PyDict_SetItemString(d, key, value);
  Py_DECREF(value);
  return rc;
}

static PyObject *judgement_obj(const shelf_judgement *j,
                               const shelf_judge *judge, PyObject *text) {
  PyObject *d = PyDict_New();
  if (d == NULL)
    return NULL;
  int failed = j->verdict != SHELF_VERDICT_OK;
  int ok =
      put(d, "passed", PyBool_FromLong(!failed)) == 0 &&
      put(d, "tried", PyLong_FromSize_t(j->tried)) == 0 &&
      put(d, "planned", PyLong_FromSize_t(j->planned)) == 0 &&
      put(d, "skipped", PyLong_FromSize_t(j->skipped)) == 0 &&
      put(d, "cut_tries", PyLong_FromSize_t(j->cut_tries)) == 0 &&
      put(d, "verdict", PyUnicode_FromString(shelf_verdict_name(j->verdict))) ==
          0 &&
      put(d, "text", Py_NewRef(text)) == 0 &&
      put(d, "try_index",
          failed ? PyLong_FromSize_t(j->try_index) : Py_NewRef(Py_None)) == 0 &&
      put(d, "kind",
          failed && shelf_try_name(j->kind) != NULL
              ? PyUnicode_FromString(shelf_try_name(j->kind))
              : Py_NewRef(Py_None)) == 0 &&
      put(d, "wheels",
          failed ? shelf_py_list(j->weights, j->n) : Py_NewRef(Py_None)) == 0 &&
      put(d, "shrunk_from",
          failed ? PyLong_FromSize_t(j->shrunk_from) : Py_NewRef(Py_None)) ==
          0 &&
      put(d, "shrink_runs", PyLong_FromSize_t(j->shrink_runs)) == 0 &&
      put(d, "shrunk", PyBool_FromLong(j->shrunk)) == 0 &&
      put(d, "expected",
          failed ? answer_obj(judge->answer, j->expected)
                 : Py_NewRef(Py_None)) == 0 &&
      put(d, "got",
          failed && j->has_got ? answer_obj(judge->answer, j->got)
                               : Py_NewRef(Py_None)) == 0 &&
      put(d, "other",
          failed && j->has_other ? answer_obj(judge->answer, j->other)
                                 : Py_NewRef(Py_None)) == 0 &&
      put(d, "mistake",
          j->mistake != SHELF_MISTAKE_NONE
              ? PyUnicode_FromString(shelf_mistake_name(j->mistake))
              : Py_NewRef(Py_None)) == 0 &&
      put(d, "cpu_seconds", failed ? seconds_obj(j->cpu) : Py_NewRef(Py_None)) == 0 &&
      put(d, "detail",
          Py_NewRef(j->detail != NULL ? (PyObject *)j->detail : Py_None)) ==
          0 &&
      put(d, "growth",
          j->verdict == SHELF_VERDICT_TIMEOUT ? growth_obj(j)
                                              : Py_NewRef(Py_None)) == 0;
  if (!ok)
    Py_CLEAR(d);
  return d;
}

/* The judgement's report (shelf_judgement_write()) as a str. */
static PyObject *report_text(const shelf_judgement *j, const shelf_judge *judge,
                             const shelf_report_words *words) {
  size_t len = 0;
  shelf_status st;
  Py_BEGIN_ALLOW_THREADS st =
      shelf_judgement_write(j, judge, words, NULL, 0, &len);
  Py_END_ALLOW_THREADS if (st != SHELF_OK) return st == SHELF_NOMEM
      ? PyErr_NoMemory()
      : PyErr_Format(PyExc_ValueError, "_judge: %s", shelf_strerror(st));
  /* Raw memory: written with the GIL released. */
  char *buf = PyMem_RawMalloc(len + 1);
  if (buf == NULL)
    return PyErr_NoMemory();
  Py_BEGIN_ALLOW_THREADS st =
      shelf_judgement_write(j, judge, words, buf, len + 1, NULL);
  Py_END_ALLOW_THREADS PyObject *text =
      st == SHELF_OK ? PyUnicode_DecodeUTF8(buf, (Py_ssize_t)len, "replace")
                     : PyErr_NoMemory();
  PyMem_RawFree(buf);
  return text;
}

/* ==== _judge ==== */

static int seed_arg(PyObject *obj, void *out) {
  unsigned long long v = PyLong_AsUnsignedLongLong(obj);
  if (v == (unsigned long long)-1 && PyErr_Occurred()) {
    PyErr_SetString(PyExc_ValueError, "_judge: seed must be an int from 0 "
                                      "to 2**64 - 1");
    return 0;
  }
  *(uint64_t *)out = v;
  return 1;
}

#define ANSWER_NAME_(NAME, value, name, words) name,

static int answer_arg(const char *name, shelf_answer *out) {
  static const char *const answers[] = {SHELF_ANSWER_LIST(ANSWER_NAME_)};
  enum { COUNT = sizeof answers / sizeof *answers };
  _Static_assert(COUNT == 4, "the message below names four answers");
  if (shelf_answer_from_name(name, out) == SHELF_OK)
    return 1;
  PyErr_Format(PyExc_ValueError, "unknown answer '%s' (use %s, %s, %s or %s)",
               name, answers[0], answers[1], answers[2], answers[COUNT - 1]);
  return 0;
}

/* _judge(run_one, describe, *, problem, answer, max_n, lo, hi, tries, seed,
 *        time_limit, name, progress): shelf_judge_run() with run_one as
 * the runner and progress (a callable, or None) told what it does;
 * describe(verdict, detail) gives the failure's words (str or None) for
 * the report; returns the judgement as a dict. */
PyObject *shelf_py_judge(PyObject *module, PyObject *args, PyObject *kwargs) {
  (void)module;
  static char *kwlist[] = {"run_one", "describe",   "problem", "answer",
                           "max_n",   "lo",         "hi",      "tries",
                           "seed",    "time_limit", "name",    "progress",
                           NULL};
  PyObject *run_one, *describe, *progress = Py_None;
  const char *problem_name, *answer_name, *name;
  Py_ssize_t max_n, tries;
  long long lo, hi;
  uint64_t seed = 0;
  double time_limit;
  if (!PyArg_ParseTupleAndKeywords(
          args, kwargs, "OO$ssnLLnO&dsO:_judge", kwlist, &run_one, &describe,
          &problem_name, &answer_name, &max_n, &lo, &hi, &tries, seed_arg,
          &seed, &time_limit, &name, &progress))
    return NULL;
  const shelf_problem *problem = shelf_problem_find(problem_name);
  shelf_answer answer;
  if (problem == NULL)
    return PyErr_Format(PyExc_ValueError, "unknown problem '%s'", problem_name);
  if (!answer_arg(answer_name, &answer))
    return NULL;
  /* The command's bounds (10^8), so that max_n weights of room cannot
   * wrap. */
  if (max_n < 1 || max_n > 100000000 || tries < 0 || tries > 100000000 ||
      lo > hi || !(time_limit > 0))
    return PyErr_Format(PyExc_ValueError,
                        "_judge needs 1 <= max_n <= 10**8, 0 <= tries <= "
                        "10**8, lo <= hi and time_limit > 0");
  if (!PyCallable_Check(run_one) || !PyCallable_Check(describe) ||
      (progress != Py_None && !PyCallable_Check(progress)))
    return PyErr_Format(PyExc_TypeError, "_judge: run_one, describe and "
                                         "progress must be callable");

  /* One run at a time: the function runs in this process, under its own
   * watch (check.py), which two runs at once would share. */
  py_judge ctx = {run_one, NULL, progress, 0, NULL, NULL, NULL};
  shelf_judge judge = {problem,    answer,          (size_t)max_n,   lo,
                       hi,         (size_t)tries,   seed,            time_limit,
                       run_python, release_python,  progress_python, &ctx,
                       1,          NULL,            NULL,            0,
                       NULL};
  shelf_judgement j;
  shelf_status st;
  ctx.saved = PyEval_SaveThread();
  st = shelf_judge_run(&judge, &j);
  PyEval_RestoreThread(ctx.saved);
  ctx.saved = NULL; /* from here release_python() has the GIL already */

  PyObject *said = NULL, *text = NULL, *out = NULL;
  if (ctx.raised) { /* progress raised after the last run */
    if (PyErr_Occurred())
      PyErr_Clear(); /* the first raise is the one to see */
    PyErr_Restore(ctx.type, ctx.value, ctx.trace);
    goto done;
  }
  if (st != SHELF_OK) {
    if (!PyErr_Occurred()) /* else run_one's raise, passed on */
      shelf_py_raise(NULL, st, NULL);
    goto done;
  }
  const char *failure = NULL;
  if (j.verdict != SHELF_VERDICT_OK) {
    said = PyObject_CallFunction(describe, "iO", (int)j.verdict,
                                 j.detail != NULL ? (PyObject *)j.detail
                                                  : Py_None);
    if (said == NULL)
      goto done;
    if (said != Py_None && (failure = PyUnicode_AsUTF8(said)) == NULL)
      goto done;
  }
  shelf_report_words words = {
      name, 1, SHELF_LAYOUT_LIST, problem->name, seed, 0, failure};
  if ((text = report_text(&j, &judge, &words)) == NULL)
    goto done;
  out = judgement_obj(&j, &judge, text);
done:
  Py_XDECREF(said);
  Py_XDECREF(text);
  shelf_judgement_free(&j);
  return out;
}

/* _problem(name): the problem's statement as the library has it, as a
 * dict, or None for a name it does not know. */
PyObject *shelf_py_progress_line(PyObject *module, PyObject *args) {
  (void)module;
  const char *stage, *verdict, *who;
  Py_ssize_t done, total, n;
  double seconds;
  if (!PyArg_ParseTuple(args, "snnnssd", &stage, &done, &total, &n, &verdict,
                        &who, &seconds))
    return NULL;
  shelf_progress p = {SHELF_STAGE_TRY, (size_t)done, (size_t)total,
                      (size_t)n, SHELF_VERDICT_OK};
  char line[256];
  if (done < 0 || total < 0 || n < 0 ||
      shelf_stage_from_name(stage, &p.stage) != SHELF_OK ||
      shelf_verdict_from_name(verdict, &p.verdict) != SHELF_OK ||
      shelf_progress_write(&p, who, seconds, line, sizeof line, NULL) !=
          SHELF_OK) {
    PyErr_SetString(PyExc_ValueError, "not a progress of the judge");
    return NULL;
  }
  return PyUnicode_FromString(line);
}

PyObject *shelf_py_problem(PyObject *module, PyObject *name) {
  (void)module;
  const char *text = PyUnicode_AsUTF8(name);
  if (text == NULL)
    return NULL;
  const shelf_problem *p = shelf_problem_find(text);
  if (p == NULL)
    Py_RETURN_NONE;
  PyObject *samples = PyList_New(0);
  for (size_t k = 0;
       samples != NULL && p->samples != NULL && p->samples[k] != NULL; k++) {
    if (shelf_py_append(samples,
                        shelf_py_list(p->samples[k], p->sample_n[k])) < 0)
      Py_CLEAR(samples);
  }
  if (samples == NULL)
    return NULL;
  return Py_BuildValue(
      "{s:s,s:s,s:s,s:s,s:n,s:L,s:L,s:d,s:n,s:N}", "name", p->name, "title",
      p->title, "layout", shelf_layout_name(p->layout), "answer",
      shelf_answer_name(p->answer), "max_n", (Py_ssize_t)p->max_n, "lo",
      (long long)p->lo, "hi", (long long)p->hi, "time_limit", p->time_limit,
      "memory_mb", (Py_ssize_t)p->memory_mb, "samples", samples);
}
