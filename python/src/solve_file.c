/*
 * solve_file.c - shelf.solve_file(): a file of the command's grammar read on
 * as many threads as asked by libshelf's shelf_read() or, one shelf a
 * line, shelf_read_batch(), with the GIL released for the whole read.
 *
 * The module opens the file and gives the library pread(2) (a regular
 * file, cut into ranges that threads read at once) or read(2) (a pipe or
 * another stream, read in blocks that threads parse); everything else,
 * the threads among it, is the library's, so the answer, the errors and
 * their places are those of `shelf -f FILE --threads N`.
 */
#include "shelfmodule.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* ==== The source: the callbacks shelf_read() calls ==== */

static int64_t file_read_at(void *ctx, char *buf, size_t len, uint64_t offset) {
  int fd = *(const int *)ctx;
  for (;;) {
    ssize_t got = pread(fd, buf, len, (off_t)offset);
    if (got >= 0)
      return (int64_t)got;
    if (errno != EINTR)
      return -(int64_t)errno;
  }
}

static int64_t file_read(void *ctx, char *buf, size_t len) {
  int fd = *(const int *)ctx;
  for (;;) {
    ssize_t got = read(fd, buf, len);
    if (got >= 0)
      return (int64_t)got;
    if (errno != EINTR)
      return -(int64_t)errno;
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
 * ParseError with the place for a parse error, else the status's own. */
static PyObject *raise_read(shelf_py_state *st, shelf_status status,
                            const shelf_read_error *e, PyObject *path) {
  if (e->read_errno != 0) {
    errno = e->read_errno;
    return PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
  }
  if (status == SHELF_INVALID && e->why != NULL) {
    PyErr_Format(PyExc_OSError, "%S: %s", path, e->why);
    return NULL;
  }
  return shelf_py_raise(st, status, &e->parse);
}

PyObject *shelf_py_solve_file(PyObject *module, PyObject *args,
                              PyObject *kwargs) {
  static char *kwlist[] = {"path", "threads", "counted", "batch", NULL};
  PyObject *path = NULL;
  int threads = 1, counted = 0, batched = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O&|$ipp:solve_file", kwlist,
                                   PyUnicode_FSConverter, &path, &threads,
                                   &counted, &batched))
    return NULL;
  if (threads < 1 || threads > 1024) {
    Py_DECREF(path);
    PyErr_Format(PyExc_ValueError,
                 "solve_file: threads must be from 1 to 1024, not %d", threads);
    return NULL;
  }
  shelf_py_state *st = PyModule_GetState(module);

  int fd, err = 0;
  struct stat sb;
  Py_BEGIN_ALLOW_THREADS;
  fd = open(PyBytes_AS_STRING(path), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    err = errno;
  else if (fstat(fd, &sb) != 0)
    err = errno;
  else if (S_ISDIR(sb.st_mode))
    err = EISDIR;
  Py_END_ALLOW_THREADS;
  if (err != 0) {
    if (fd >= 0)
      close(fd);
    errno = err;
    PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
    Py_DECREF(path);
    return NULL;
  }

  shelf_source source;
  memset(&source, 0, sizeof source);
  source.ctx = &fd;
  if (S_ISREG(sb.st_mode)) {
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
  batch b;
  memset(&b, 0, sizeof b);
  shelf_solver *solver = NULL;

  Py_BEGIN_ALLOW_THREADS;
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
  close(fd);
  Py_END_ALLOW_THREADS;

  PyObject *out = NULL;
  if (status != SHELF_OK) {
    raise_read(st, status, &error, path);
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
  PyMem_RawFree(b.results);
  Py_DECREF(path);
  return out;
}
