/*
 * stop.c - a stop that a function cannot swallow, for shelf.check
 * (python/shelf/check.py).
 *
 * The watchdog's stop is an exception raised in the run
 * (PyThreadState_SetAsyncExc); a bare `except:` in the function catches
 * it, and the run goes on. So the stop (_stop, the watchdog's, sent only
 * while watch.active, read in the same call) also arms
 * a trap on the run's thread: a C trace function that raises the stop
 * again at every call and every line of Python, in every frame but
 * check.py's own (its globals are `exempt`), so that the run's end, which
 * is check.py's code, is never hit. A bare `except:` catches one stop; its
 * next line raises the next. check.py disarms the trap at the run's end,
 * and the thread's own trace function (a debugger's, coverage's) comes back.
 *
 * The trap costs nothing before the limit: it is set only once a run is to
 * be stopped, so the CPU time the judge measures is the function's own.
 *
 * _sigint() is check.py's SIGINT handler, in C so that no line of Python
 * runs (and no stop is raised) before it has noted the interruption: it
 * arms the trap with KeyboardInterrupt, which a bare `except:` then cannot
 * keep from the caller. Near the recursion limit Python cannot call a
 * handler at all; check.py's watchdog then reads the signal from the
 * wakeup fd and calls _stop() with KeyboardInterrupt.
 */
#include "shelfmodule.h"

#include <frameobject.h>

typedef struct trap_object {
  PyObject_HEAD PyObject *exc; /* the exception class raised */
  PyObject *exempt;            /* check.py's globals: never raised in */
  Py_tracefunc prev_func;      /* the thread's trace function before */
  PyObject *prev_obj;
} trap_object;

static void trap_dealloc(trap_object *self) {
  Py_XDECREF(self->exc);
  Py_XDECREF(self->exempt);
  Py_XDECREF(self->prev_obj);
  PyObject_Free(self);
}

/* Not a type users see or make: _arm() makes one per armed thread. */
static PyTypeObject trap_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "shelf._shelf._Trap",
    .tp_basicsize = sizeof(trap_object),
    .tp_dealloc = (destructor)trap_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
};

static PyObject *frame_globals(PyFrameObject *frame) {
#if PY_VERSION_HEX >= 0x030B0000
  PyObject *g = PyFrame_GetGlobals(frame); /* new reference */
  Py_XDECREF(g); /* compared by address only; the frame holds it */
  return g;
#else
  return frame->f_globals;
#endif
}

static int trap_trace(PyObject *obj, PyFrameObject *frame, int what,
                      PyObject *arg) {
  (void)arg;
  trap_object *t = (trap_object *)obj;
  if (what != PyTrace_CALL && what != PyTrace_LINE)
    return 0;
  if (frame_globals(frame) == t->exempt)
    return 0;
  PyErr_SetNone(t->exc);
  return -1;
}

/* Sets the trace function of thread state `ts`, which may be another
 * thread's (under the GIL): CPython's own _PyEval_SetTrace() does so for
 * sys.settrace, and 3.12's threading.settrace_all_threads() for every
 * thread. From 3.13 it is internal, and only the calling thread is armed
 * (check.py's _TimeLimit arms it where the stop lands). Returns 0, or -1
 * with an exception set. */
static int set_trace(PyThreadState *ts, Py_tracefunc func, PyObject *obj) {
  if (ts == PyThreadState_Get()) {
    PyEval_SetTrace(func, obj);
    return PyErr_Occurred() ? -1 : 0;
  }
#if PY_VERSION_HEX < 0x030D0000
  return _PyEval_SetTrace(ts, func, obj);
#else
  return 0;
#endif
}

/* Arms the trap on thread state `ts`, raising exc; armed already, it
 * raises exc from now on. */
static int arm(PyThreadState *ts, PyObject *exc, PyObject *exempt) {
  if (ts->c_tracefunc == trap_trace) {
    trap_object *t = (trap_object *)ts->c_traceobj;
    Py_SETREF(t->exc, Py_NewRef(exc));
    return 0;
  }
  if (PyType_Ready(&trap_type) < 0)
    return -1;
  trap_object *t = PyObject_New(trap_object, &trap_type);
  if (t == NULL)
    return -1;
  t->exc = Py_NewRef(exc);
  t->exempt = Py_NewRef(exempt);
  t->prev_func = ts->c_tracefunc;
  t->prev_obj = Py_XNewRef(ts->c_traceobj);
  int rc = set_trace(ts, trap_trace, (PyObject *)t); /* which holds a ref */
  Py_DECREF(t);
  return rc;
}

/* _arm(exc_type, exempt): arms the trap on the calling thread, raising
 * exc_type; armed already, it raises exc_type from now on. Returns None. */
PyObject *shelf_py_arm(PyObject *module, PyObject *args) {
  (void)module;
  PyObject *exc, *exempt;
  if (!PyArg_ParseTuple(args, "OO:_arm", &exc, &exempt))
    return NULL;
  if (!PyExceptionClass_Check(exc))
    return PyErr_Format(PyExc_TypeError,
                        "_arm: exc_type must be an exception class");
  if (arm(PyThreadState_Get(), exc, exempt) < 0)
    return NULL;
  Py_RETURN_NONE;
}

/* _stop(thread_id, exc_type, watch): the watchdog's stop. If watch.active
 * (read in this one call, under the GIL, and cleared by the run's thread
 * in one bytecode: no stop after a run's end), arms the trap on that thread with exc_type and
 * raises exc_type there at its next call or jump back
 * (PyThreadState_SetAsyncExc). Armed here, not where the exception lands:
 * near the recursion limit, making the exception's instance fails (a
 * RecursionError instead), and so does calling a signal handler. Returns
 * how many threads were told (0 or 1). */
PyObject *shelf_py_stop(PyObject *module, PyObject *args) {
  (void)module;
  unsigned long thread_id;
  PyObject *exc, *watch;
  if (!PyArg_ParseTuple(args, "kOO:_stop", &thread_id, &exc, &watch))
    return NULL;
  if (!PyExceptionClass_Check(exc))
    return PyErr_Format(PyExc_TypeError,
                        "_stop: exc_type must be an exception class");
  PyObject *active = PyObject_GetAttrString(watch, "active");
  if (active == NULL)
    return NULL;
  int on = PyObject_IsTrue(active);
  Py_DECREF(active);
  if (on <= 0)
    return on < 0 ? NULL : PyLong_FromLong(0);
  PyObject *exempt = PyObject_GetAttrString(watch, "exempt");
  if (exempt == NULL)
    return NULL;
  PyThreadState *ts = PyInterpreterState_ThreadHead(PyInterpreterState_Get());
  for (; ts != NULL; ts = PyThreadState_Next(ts))
    if (ts->thread_id == thread_id)
      break;
  int rc = ts != NULL ? arm(ts, exc, exempt) : 0;
  Py_DECREF(exempt);
  if (rc < 0)
    return NULL;
  return PyLong_FromLong(PyThreadState_SetAsyncExc(thread_id, exc));
}

/* _disarm(): the calling thread's trap off, its trace function before the
 * trap back. Returns whether a trap was armed. */
PyObject *shelf_py_disarm(PyObject *module, PyObject *unused) {
  (void)module;
  (void)unused;
  PyThreadState *ts = PyThreadState_Get();
  if (ts->c_tracefunc != trap_trace)
    Py_RETURN_FALSE;
  trap_object *t = (trap_object *)Py_NewRef(ts->c_traceobj);
  PyEval_SetTrace(t->prev_func, t->prev_obj);
  Py_DECREF(t);
  if (PyErr_Occurred())
    return NULL;
  Py_RETURN_TRUE;
}

/* _sigint(watch, signum, frame): check.py's SIGINT handler (bound to its
 * watch with functools.partial, also C): notes watch.interrupted, arms the
 * trap with KeyboardInterrupt while a run is active (watch.active), and
 * raises KeyboardInterrupt. */
PyObject *shelf_py_sigint(PyObject *module, PyObject *args) {
  (void)module;
  PyObject *watch, *signum, *frame;
  if (!PyArg_ParseTuple(args, "OOO:_sigint", &watch, &signum, &frame))
    return NULL;
  if (PyObject_SetAttrString(watch, "interrupted", Py_True) < 0)
    return NULL;
  PyObject *active = PyObject_GetAttrString(watch, "active");
  if (active == NULL)
    return NULL;
  int on = PyObject_IsTrue(active);
  Py_DECREF(active);
  if (on < 0)
    return NULL;
  if (on) {
    PyObject *exempt = PyObject_GetAttrString(watch, "exempt");
    if (exempt == NULL)
      return NULL;
    int rc = arm(PyThreadState_Get(), PyExc_KeyboardInterrupt, exempt);
    Py_DECREF(exempt);
    if (rc < 0)
      return NULL;
  }
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  return NULL;
}
