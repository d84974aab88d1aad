/*
 * parallel.c - a file descriptor as libshelf's source (parallel.h). The
 * threads, the cutting and the joining are libshelf's (src/pieces/read.c); what
 * is here is the system's part: pread(2) and read(2) (retried after a
 * signal), poll(2), the cores and the progress line; on Windows, their
 * equivalents (ReadFile() at an offset, PeekNamedPipe()).
 */
#define _GNU_SOURCE /* sched_getaffinity() */
#include "parallel.h"
#include "read_at.h"
#include <shelf_pieces.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef _WIN32
#include <io.h>
#include <windows.h>
#else
#include <poll.h>
#include <sched.h>
#endif

unsigned par_cores(void) {
#ifdef _WIN32
  DWORD_PTR mine, all;
  unsigned n = 0;
  if (GetProcessAffinityMask(GetCurrentProcess(), &mine, &all))
    for (; mine != 0; mine &= mine - 1)
      n++;
  return n > 0 ? n : 1;
#else
#ifdef __linux__
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return (unsigned)CPU_COUNT(&set);
#endif
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (unsigned)n : 1;
#endif
}

/* ==== The callbacks ==== */

#ifdef _WIN32
/* Windows has no pread(); ReadFile() at an offset given in an OVERLAPPED
 * is its equivalent, safe from many threads on one handle. */
static int64_t fd_read_at(void *ctx, char *buf, size_t len, uint64_t offset) {
  const par_input *in = ctx;
  HANDLE h = (HANDLE)_get_osfhandle(in->fd);
  uint64_t at = in->base + offset;
  OVERLAPPED where = {.Offset = (DWORD)at, .OffsetHigh = (DWORD)(at >> 32)};
  DWORD got;
  if (len > (1u << 30))
    len = 1u << 30;
  if (ReadFile(h, buf, (DWORD)len, &got, &where))
    return got;
  return GetLastError() == ERROR_HANDLE_EOF ? 0 : -(int64_t)EIO;
}

static int64_t fd_read(void *ctx, char *buf, size_t len) {
  const par_input *in = ctx;
  int k = _read(in->fd, buf, len > (1u << 30) ? 1u << 30 : (unsigned)len);
  if (k >= 0)
    return k;
  /* A pipe whose writer closed is the end of the input, as on POSIX. */
  return errno == EPIPE ? 0 : -(int64_t)errno;
}

/* Whether a read would find input at once: what is waiting in a pipe. A
 * console or anything else says no, so the answers so far are written
 * before shelf waits (the library's idle hook). */
static int fd_ready(void *ctx) {
  const par_input *in = ctx;
  DWORD waiting = 0;
  HANDLE h = (HANDLE)_get_osfhandle(in->fd);
  return GetFileType(h) == FILE_TYPE_PIPE &&
         PeekNamedPipe(h, NULL, 0, NULL, &waiting, NULL) && waiting > 0;
}
#else
static int64_t fd_read_at(void *ctx, char *buf, size_t len, uint64_t offset) {
  const par_input *in = ctx;
  return read_at_fd(in->fd, buf, len, in->base + offset);
}

static int64_t fd_read(void *ctx, char *buf, size_t len) {
  const par_input *in = ctx;
  for (;;) {
    ssize_t k = read(in->fd, buf, len);
    if (k >= 0)
      return k;
    if (errno != EINTR)
      return -(int64_t)errno;
  }
}

static int fd_ready(void *ctx) {
  const par_input *in = ctx;
  struct pollfd p = {.fd = in->fd, .events = POLLIN};
  return poll(&p, 1, 0) > 0;
}
#endif

void par_source(par_input *in, int fd, shelf_source *src) {
  memset(in, 0, sizeof *in);
  memset(src, 0, sizeof *src);
  in->fd = fd;
  src->ctx = in;
  struct stat st;
  off_t at;
  /* A file whose size says nothing is read as a stream, to its end. */
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && size_is_bytes(fd, &st) &&
      (at = lseek(fd, 0, SEEK_CUR)) >= 0) {
    in->base = (uint64_t)at;
    src->read_at = fd_read_at;
    src->size = st.st_size >= at ? (uint64_t)(st.st_size - at) : 0;
  } else {
    src->read = fd_read;
    src->ready = fd_ready;
  }
}

/* ==== The test aid and the progress line ==== */

void par_count(par_input *in, uint64_t bytes) {
  if (in->counting)
    atomic_fetch_add(&in->prog.done, (unsigned long long)bytes);
}

void par_options(par_input *in, const shelf_source *src, int show,
                 shelf_read_options *opt) {
  /* SHELF_TEST_PIECE (report/read_at.h) cuts pipes into blocks of about N bytes
   * too, and threads files of any size. */
  opt->piece = test_piece();
  if (!show)
    return;
  progress_start(&in->prog, 1, src->read_at != NULL ? src->size : 0);
  in->counting = 1;
}

void par_done(par_input *in) {
  if (in->counting)
    progress_stop(&in->prog);
  in->counting = 0;
}
