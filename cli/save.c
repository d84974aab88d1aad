/*
 * save.c - writing a file without ever removing or truncating what shelf
 * did not create (see save.h).
 *
 * The temporary file is made with mkstemp() beside the file it replaces,
 * because rename() is atomic only within one file system; through a
 * symbolic link, beside the link's real target, which is what is replaced
 * (so the link stays a link). It is the one path shelf ever unlinks, and
 * only after creating it: on a failed write, and on the signals that end
 * the command (SIGINT, SIGTERM, SIGHUP, SIGQUIT) while it exists, which are
 * caught for that time only and then delivered as they would have been.
 */
/* realpath() is an X/Open call, beyond the POSIX level the command asks
 * for everywhere else (cli/CMakeLists.txt). */
#define _XOPEN_SOURCE 700

#include "save.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
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

/* ==== The temporary file and the signals that end the command ==== */

static const int ending[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define ENDING (sizeof ending / sizeof ending[0])

/* While a temporary file exists: its name, and what each ending signal did
 * before. Only the handler and guard_begin/guard_end touch them. */
static char *volatile guarded;
static struct sigaction before[ENDING];
static int caught[ENDING];

/* Async-signal-safe: unlink(), sigaction() and raise() only. */
static void on_ending_signal(int sig) {
  char *tmp = guarded;
  if (tmp != NULL)
    unlink(tmp);
  guarded = NULL;
  for (size_t k = 0; k < ENDING; k++)
    if (ending[k] == sig)
      sigaction(sig, &before[k], NULL);
  raise(sig); /* blocked until this returns; then as before */
}

static void block_ending(sigset_t *old) {
  sigset_t set;
  sigemptyset(&set);
  for (size_t k = 0; k < ENDING; k++)
    sigaddset(&set, ending[k]);
  sigprocmask(SIG_BLOCK, &set, old);
}

/* mkstemp(tmp) with the ending signals caught until guard_end(), so that
 * none leaves the file behind. Signals the command ignores stay ignored. */
static int guard_begin(char *tmp) {
  sigset_t old;
  block_ending(&old);
  int fd = mkstemp(tmp);
  if (fd >= 0) {
    guarded = tmp;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_ending_signal;
    sigfillset(&sa.sa_mask);
    for (size_t k = 0; k < ENDING; k++) {
      caught[k] = sigaction(ending[k], NULL, &before[k]) == 0 &&
                  before[k].sa_handler != SIG_IGN &&
                  sigaction(ending[k], &sa, NULL) == 0;
    }
  }
  int err = errno;
  sigprocmask(SIG_SETMASK, &old, NULL);
  errno = err;
  return fd;
}

/* The file is renamed or removed: the signals act as before (one that came
 * in between is delivered now, the file already gone). */
static void guard_end(void) {
  sigset_t old;
  block_ending(&old);
  guarded = NULL;
  for (size_t k = 0; k < ENDING; k++)
    if (caught[k])
      sigaction(ending[k], &before[k], NULL);
  sigprocmask(SIG_SETMASK, &old, NULL);
}

/* ==== Writing ==== */

/* A device or pipe: written in place, never removed. */
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
  int fd = guard_begin(tmp);
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
  guard_end();
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
  if (S_ISLNK(st.st_mode)) {
    /* The link's real target is what gets replaced; a dangling link (no
     * file to lose) and a link to anything but a regular file are written
     * through in place. */
    char *real = realpath(path, NULL);
    int err = -1;
    if (real != NULL && stat(real, &st) == 0 && S_ISREG(st.st_mode))
      err = save_replacing(real, data, len, &st);
    free(real);
    if (err != -1)
      return err;
  }
  return save_direct(path, data, len);
}
