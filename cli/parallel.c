/*
 * parallel.c - a file descriptor as libshelf's source (parallel.h). The
 * threads, the cutting and the joining are libshelf's (src/pieces/read.c); what
 * is here is the system's part: pread(2) and read(2) (retried after a
 * signal), poll(2), the cores and the progress line; on Windows, their
 * equivalents (ReadFile() at an offset, PeekNamedPipe()).
 */
#define _GNU_SOURCE /* sched_getaffinity() */
#include "parallel.h"
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
#ifdef __linux__
#include <sys/vfs.h>
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
  for (;;) {
    ssize_t k = pread(in->fd, buf, len, (off_t)(in->base + offset));
    if (k >= 0)
      return k;
    if (errno != EINTR)
      return -(int64_t)errno;
  }
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

/* Whether a regular file's size is its bytes, so that the library may cut
 * it into ranges and take a file that ends before it as one that shrank
 * while it was read: not on the kernel's own filesystems, where procfs
 * says 0 for files that hold text and sysfs 4096 for files of a few
 * bytes, nor for a size of 0 anywhere. python/src/solve_file.c asks the
 * same. */
static int size_is_bytes(int fd, const struct stat *st) {
  if (st->st_size <= 0)
    return 0;
#ifdef __linux__
  /* <linux/magic.h>: procfs, sysfs, debugfs, tracefs, securityfs,
   * configfs, cgroup and cgroup2. */
  static const unsigned long pseudo[] = {0x9fa0,     0x62656572, 0x64626720,
                                         0x74726163, 0x73636673, 0x62656570,
                                         0x27e0eb,   0x63677270};
  struct statfs fs;
  if (fstatfs(fd, &fs) == 0)
    for (size_t k = 0; k < sizeof pseudo / sizeof pseudo[0]; k++)
      if ((unsigned long)fs.f_type == pseudo[k])
        return 0;
#else
  (void)fd;
#endif
  return 1;
}

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

/* SHELF_TEST_PIECE=N, a test aid (tests/parallel_test.py): cut files into
 * ranges and pipes into blocks of about N bytes, and thread files of any
 * size, so that small test texts put their errors on piece boundaries. */
static size_t test_piece(void) {
  const char *s = getenv("SHELF_TEST_PIECE");
  if (s == NULL || *s == '\0')
    return 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  return *end == '\0' && v > 0 && v < (1ull << 40) ? (size_t)v : 0;
}

void par_count(par_input *in, uint64_t bytes) {
  if (in->counting)
    atomic_fetch_add(&in->prog.done, (unsigned long long)bytes);
}

void par_options(par_input *in, const shelf_source *src, int show,
                 shelf_read_options *opt) {
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
