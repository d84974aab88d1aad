/*
 * save.c - writing a file without ever removing what shelf did not create
 * (see save.h).
 *
 * The temporary file is made with mkstemp() beside the target, because
 * rename() is atomic only within one file system. It is the one path shelf
 * ever unlinks, and only after creating it.
 */
#include "save.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Writes all of data to fd; returns 0 or an errno. */
static int write_all(int fd, const char *data, size_t len) {
  while (len > 0) {
    ssize_t k = write(fd, data, len);
    if (k < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    if (k == 0)
      return EIO;
    data += k;
    len -= (size_t)k;
  }
  return 0;
}

/* A device, pipe or link: written in place, never removed. */
static int save_direct(const char *path, const char *data, size_t len) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0)
    return errno;
  int err = write_all(fd, data, len);
  if (close(fd) != 0 && err == 0 && errno != EINTR)
    err = errno;
  return err;
}

/* A regular file, or none yet: a temporary file renamed into place. `old`
 * is the file being replaced, or NULL. */
static int save_replacing(const char *path, const char *data, size_t len,
                          const struct stat *old) {
  static const char name[] = ".shelf-XXXXXX";
  const char *slash = strrchr(path, '/');
  size_t dir = slash != NULL ? (size_t)(slash - path) + 1 : 0;
  char *tmp = malloc(dir + sizeof name);
  if (tmp == NULL)
    return ENOMEM;
  memcpy(tmp, path, dir);
  memcpy(tmp + dir, name, sizeof name);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    int err = errno;
    free(tmp);
    return err;
  }
  /* mkstemp() makes the file 0600; give it what open(path) would have, or
   * what the file it replaces had. */
  mode_t mode;
  if (old != NULL) {
    mode = old->st_mode & 07777;
  } else {
    mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  int err = fchmod(fd, mode) != 0 ? errno : 0;
  if (err == 0)
    err = write_all(fd, data, len);
  if (close(fd) != 0 && err == 0 && errno != EINTR)
    err = errno;
  if (err == 0 && rename(tmp, path) != 0)
    err = errno;
  if (err != 0)
    unlink(tmp);
  free(tmp);
  return err;
}

int save_file(const char *path, const char *data, size_t len) {
  struct stat st;
  if (lstat(path, &st) != 0) {
    if (errno != ENOENT)
      return errno;
    return save_replacing(path, data, len, NULL);
  }
  if (S_ISREG(st.st_mode))
    return save_replacing(path, data, len, &st);
  return save_direct(path, data, len);
}
