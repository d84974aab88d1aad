/*
 * solve_file.c - shelf.solve_file(): a file of the command's grammar read on
 * as many threads as asked by libshelf's shelf_read() or, one shelf a
 * line, shelf_read_batch(), with the GIL released for the whole read.
 *
 * The module opens the file and gives the library pread(2) (a regular
 * file whose size is its bytes, cut into ranges that threads read at once:
 * report/read_at.c, as the command reads one) or read(2) (a pipe or
 * another stream, read in blocks that threads parse); everything else,
 * the threads among it, is the library's, so the answer, the errors and
 * their places are those of `shelf -f FILE --threads N`.
 *
 * Ctrl-C stops a read that waits (a silent pipe, a FIFO no one opened), as
 * PEP 475 asks: the blocking calls run on the calling thread (open(2), and
 * read(2), which the library calls there only), and when one is
 * interrupted, the GIL is taken back for PyErr_CheckSignals(); if a
 * handler raised, the call returns -EINTR, which ends the library's read,
 * and the exception (KeyboardInterrupt) is raised, else the call is made
 * again. The library's own threads block signals, so a signal sent to
 * the process reaches this thread (include/shelf.h, shelf_source.read).
 */
#include "shelfmodule.h" /* Python's header first, as Python asks */

#include "read_at.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* ==== The source: the callbacks shelf_read() calls ==== */

/* The file, and the calling thread's state while the GIL is released. */
typedef struct file_ctx {
  int fd;
  PyThreadState *saved;
  int raised; /* a signal handler raised: the exception is set */
} file_ctx;

/* After EINTR, on the calling thread: whether a signal handler raised (then
 * the call gives up). The GIL is taken for the check only. */
static int signalled(file_ctx *f) {
  PyEval_RestoreThread(f->saved);
  if (PyErr_CheckSignals() < 0)
    f->raised = 1;
  f->saved = PyEval_SaveThread();
  return f->raised;
}

/* On any of the library's threads: a regular file's read is not one that
 * waits, so EINTR is only retried. */
static int64_t file_read_at(void *ctx, char *buf, size_t len, uint64_t offset) {
  return read_at_fd(((const file_ctx *)ctx)->fd, buf, len, offset);
}

/* On the calling thread only (shelf_source.read). */
static int64_t file_read(void *ctx, char *buf, size_t len) {
  file_ctx *f = ctx;
  for (;;) {
    ssize_t got = read(f->fd, buf, len);
    if (got >= 0)
      return (int64_t)got;
    int err = errno;
    if (err != EINTR || signalled(f))
      return -(int64_t)err;
  }
}

/* ==== Batch: the results, kept in C until the GIL is back ==== */

typedef struct batch {
  shelf_result *results; /* PyMem_RawMalloc'd: grown without the GIL */
  size_t n, cap;
  shelf_status failed; /* the first shelf that failed, which ends it */
  shelf_parse_error error;
} batch;

static int batch_shelf(void *ctx, shelf_status status,
                       const shelf_result *result,
                       const shelf_parse_error *error,
                       const shelf_solver *solver) {
  (void)solver; /* no weights were asked for */
  batch *b = ctx;
  if (error != NULL || status != SHELF_OK) {
    /* The first bad shelf ends the read, as `shelf --batch` stops. */
    b->failed = status != SHELF_OK ? status : SHELF_INVALID;
    if (error != NULL)
      b->error = *error;
    return 1;
  }
  if (b->n == b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 256;
    shelf_result *r = PyMem_RawRealloc(b->results, cap * sizeof *r);
    if (r == NULL) {
      b->failed = SHELF_NOMEM;
      return 1;
    }
    b->results = r;
    b->cap = cap;
  }
  b->results[b->n++] = *result;
  return 0;
}

/* ==== shelf.solve_file() ==== */

/* Raises what a failed read means: OSError with the path for a read error,
 * ParseError with the place for a parse error, else the status's own.
 * `path` is the path as given (os.fspath(): a str stays a str). */
static PyObject *raise_read(shelf_py_state *st, shelf_status status,
                            const shelf_read_error *e, PyObject *path) {
  if (e->read_errno != 0) {
    errno = e->read_errno;
    return PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
  }
  if (status == SHELF_INVALID && e->why != NULL) {
    PyErr_Format(PyExc_OSError, "%S: %s, at byte %llu", path, e->why,
                 (unsigned long long)e->offset);
    return NULL;
  }
  return shelf_py_raise(st, status, &e->parse);
}

PyObject *shelf_py_solve_file(PyObject *module, PyObject *args,
                              PyObject *kwargs) {
  static char *kwlist[] = {"path", "threads", "counted", "batch", NULL};
  PyObject *given = NULL, *shown = NULL, *path = NULL;
  int threads = 1, counted = 0, batched = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$ipp:solve_file", kwlist,
                                   &given, &threads, &counted, &batched))
    return NULL;
  if (threads < 1 || threads > (int)SHELF_READ_THREADS_MAX) {
    PyErr_Format(PyExc_ValueError,
                 "solve_file: threads must be from 1 to %u, not %d",
                 SHELF_READ_THREADS_MAX, threads);
    return NULL;
  }
  /* The path for the system (bytes), and for errors as it was given. */
  if ((shown = PyOS_FSPath(given)) == NULL ||
      !PyUnicode_FSConverter(shown, &path)) {
    Py_XDECREF(shown);
    return NULL;
  }
  shelf_py_state *st = PyModule_GetState(module);
  PyObject *out = NULL;
  batch b;
  memset(&b, 0, sizeof b);

  file_ctx f = {.fd = -1};
  int err = 0;
  struct stat sb;
  f.saved = PyEval_SaveThread();
  /* open(2) waits on a FIFO until a writer comes. */
  while ((f.fd = open(PyBytes_AS_STRING(path), O_RDONLY | O_CLOEXEC)) < 0 &&
         errno == EINTR && !signalled(&f))
    ;
  if (f.fd < 0)
    err = errno;
  else if (fstat(f.fd, &sb) != 0)
    err = errno;
  else if (S_ISDIR(sb.st_mode))
    err = EISDIR;
  PyEval_RestoreThread(f.saved);
  if (f.raised) /* the exception is set */
    goto done;
  if (err != 0) {
    errno = err;
    PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, shown);
    goto done;
  }

  shelf_source source;
  memset(&source, 0, sizeof source);
  source.ctx = &f;
  if (S_ISREG(sb.st_mode) && size_is_bytes(f.fd, &sb)) {
    source.read_at = file_read_at;
    source.size = (uint64_t)sb.st_size;
  } else {
    source.read = file_read;
  }
  shelf_read_options options;
  memset(&options, 0, sizeof options);
  options.threads = (unsigned)threads;
  options.parse_flags =
      (counted ? SHELF_PARSE_COUNTED : 0u) | (batched ? SHELF_PARSE_LINES : 0u);
  shelf_read_error error;
  memset(&error, 0, sizeof error);
  shelf_status status;
  shelf_result result;
  shelf_solver *solver = NULL;

  f.saved = PyEval_SaveThread();
  if (batched) {
    options.ctx = &b;
    options.shelf = batch_shelf;
    status = shelf_read_batch(&source, &options, &error);
    if (b.failed != SHELF_OK) {
      status = b.failed;
      error.parse = b.error;
    }
  } else {
    status = shelf_solver_new(&solver, 0);
    if (status == SHELF_OK)
      status = shelf_read(&source, &options, solver, &result, &error);
    shelf_solver_free(solver);
  }
  PyEval_RestoreThread(f.saved);

  if (f.raised) {
    /* the exception is set (the read ended with EINTR) */
  } else if (status != SHELF_OK) {
    raise_read(st, status, &error, shown);
  } else if (!batched) {
    out = shelf_py_result_from(st, &result);
  } else if ((out = PyList_New((Py_ssize_t)b.n)) != NULL) {
    for (size_t k = 0; k < b.n; k++) {
      PyObject *r = shelf_py_result_from(st, &b.results[k]);
      if (r == NULL) {
        Py_CLEAR(out);
        break;
      }
      PyList_SET_ITEM(out, (Py_ssize_t)k, r);
    }
  }
done:
  if (f.fd >= 0)
    close(f.fd);
  PyMem_RawFree(b.results);
  Py_DECREF(path);
  Py_DECREF(shown);
  return out;
}
