/*
 * save_windows.c - save_file() (save.h) on Windows, where save.c's POSIX
 * calls (mkstemp, fchmod, lstat, realpath, sigaction) are missing.
 *
 * The same promise: shelf removes only what it created. A new file, or a
 * regular file already there, is written as a temporary file in the same
 * folder and moved into place with MoveFileEx(MOVEFILE_REPLACE_EXISTING),
 * Windows' rename over an existing file (C's rename() refuses one there),
 * so that a failure leaves the earlier file untouched. Anything else (a
 * device such as NUL or CON) is written in place.
 *
 * What is left out: symbolic links are written through like any file
 * (the temporary file goes beside the link, and the move replaces the link
 * with a file), and the temporary file is not removed when Ctrl-C ends the
 * command during the write, for want of POSIX's signals; it is named
 * .shelf-XXXXXX beside the picture.
 */
#include "save.h"

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <windows.h>

/* Writes all of data to fd; returns 0 or an errno. */
static int write_all(int fd, const char *data, size_t len) {
  while (len > 0) {
    unsigned part = len > (1u << 30) ? 1u << 30 : (unsigned)len;
    int k = _write(fd, data, part);
    if (k < 0)
      return errno;
    if (k == 0)
      return EIO;
    data += k;
    len -= (size_t)k;
  }
  return 0;
}

/* An errno for the last failed Windows call, as strerror() can name it. */
static int last_errno(void) {
  switch (GetLastError()) {
  case ERROR_ACCESS_DENIED:
  case ERROR_SHARING_VIOLATION:
    return EACCES;
  case ERROR_FILE_NOT_FOUND:
  case ERROR_PATH_NOT_FOUND:
    return ENOENT;
  case ERROR_DISK_FULL:
  case ERROR_HANDLE_DISK_FULL:
    return ENOSPC;
  default:
    return EIO;
  }
}

/* A device: written in place, never removed. */
static int save_direct(const char *path, const char *data, size_t len) {
  int fd = _open(path, _O_WRONLY | _O_CREAT | _O_TRUNC | _O_BINARY,
                 _S_IREAD | _S_IWRITE);
  if (fd < 0)
    return errno;
  int err = write_all(fd, data, len);
  if (_close(fd) != 0 && err == 0)
    err = errno;
  return err;
}

/* A temporary file beside `path` (in its folder, either slash), created
 * here and nowhere else: its name in tmp, its descriptor returned, or -1
 * with errno. */
static int make_temporary(const char *path, char **tmp) {
  static const char name[] = ".shelf-XXXXXX";
  const char *slash = strrchr(path, '/'), *back = strrchr(path, '\\');
  if (back != NULL && (slash == NULL || back > slash))
    slash = back;
  size_t dir = slash != NULL ? (size_t)(slash - path) + 1 : 0;
  /* "C:picture.svg" is in drive C's current folder. */
  if (slash == NULL && path[0] != '\0' && path[1] == ':')
    dir = 2;
  *tmp = malloc(dir + sizeof name);
  if (*tmp == NULL) {
    errno = ENOMEM;
    return -1;
  }
  for (int tries = 0; tries < 100; tries++) {
    memcpy(*tmp, path, dir);
    memcpy(*tmp + dir, name, sizeof name);
    if (_mktemp_s(*tmp, dir + sizeof name) != 0)
      break;
    /* _O_EXCL: a name taken in between is tried again, never written. */
    int fd = _open(*tmp, _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY,
                   _S_IREAD | _S_IWRITE);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  free(*tmp);
  *tmp = NULL;
  errno = EEXIST;
  return -1;
}

/* A regular file, or none yet: a temporary file moved into place. */
static int save_replacing(const char *path, const char *data, size_t len) {
  char *tmp;
  int fd = make_temporary(path, &tmp);
  if (fd < 0)
    return errno;
  int err = write_all(fd, data, len);
  if (_close(fd) != 0 && err == 0)
    err = errno;
  if (err == 0 &&
      !MoveFileExA(tmp, path,
                   MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
    err = last_errno();
  if (err != 0)
    _unlink(tmp);
  free(tmp);
  return err;
}

int save_file(const char *path, const char *data, size_t len) {
  struct _stat64 st;
  if (_stat64(path, &st) != 0) {
    if (errno != ENOENT)
      return errno;
    return save_replacing(path, data, len);
  }
  if ((st.st_mode & _S_IFMT) == _S_IFREG)
    return save_replacing(path, data, len);
  return save_direct(path, data, len);
}
