/*
 * read_at.c - a file read at offsets (see read_at.h).
 */
#ifndef _POSIX_C_SOURCE /* pread() under -std=c11 alone (the Python build) */
#define _POSIX_C_SOURCE 200809L
#endif
#include "read_at.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/vfs.h>
#endif

#ifndef _WIN32
int64_t read_at_fd(int fd, char *buf, size_t len, uint64_t offset) {
  for (;;) {
    ssize_t k = pread(fd, buf, len, (off_t)offset);
    if (k >= 0)
      return k;
    if (errno != EINTR)
      return -(int64_t)errno;
  }
}
#endif

int size_is_bytes(int fd, const struct stat *st) {
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

size_t test_piece(void) {
  const char *s = getenv("SHELF_TEST_PIECE");
  if (s == NULL || *s == '\0')
    return 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  return *end == '\0' && v > 0 && v < (1ull << 40) ? (size_t)v : 0;
}
