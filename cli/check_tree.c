/*
 * check_tree.c - the program's tree of processes read from /proc, for the
 * runner of `shelf check` (check_run.c).
 *
 * A scan reads /proc/PID/stat (ppid, state, CPU ticks, resident pages) for
 * every process of the machine and keeps the judge's descendants:
 * /proc/PID/task/TID/children is not on every kernel (CONFIG_PROC_CHILDREN)
 * and is documented as reliable only while the children are stopped; and
 * cgroup v2, which counts CPU and kills a group exactly, is used beside the
 * scans where a cgroup can be made (check_run.c), not in their place: it
 * is not on every machine (nothing delegated). A
 * scan opens and reads one file per process of the machine, about 10
 * microseconds each, which is why the runner spaces its scans by their
 * cost.
 *
 * Without /proc (other systems) a scan finds nothing and says so, and the
 * runner falls back on the process group.
 */
#include "check_tree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#endif

#ifdef __linux__

/* Reads the file at `path` (relative to the directory `dir`) into buf,
 * NUL-terminated. Returns its length, or -1. */
static ssize_t read_text(int dir, const char *path, char *buf, size_t size) {
  int fd = openat(dir, path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t n;
  do
    n = read(fd, buf, size - 1);
  while (n < 0 && errno == EINTR);
  close(fd);
  if (n < 0)
    return -1;
  buf[n] = '\0';
  return n;
}

/* Parses "PID (comm) S ppid ..." into *p. The command name may hold
 * spaces and parentheses, so the fields are counted from the last ')'.
 * Returns 1, or 0 when the process is gone or the line is not understood. */
static int parse_stat(const char *buf, proc *p) {
  const char *s = strrchr(buf, ')');
  if (s == NULL || s[1] != ' ' || s[2] == '\0')
    return 0;
  p->pid = (pid_t)strtol(buf, NULL, 10);
  p->state = s[2];
  /* Fields 4 (ppid) to 24 (rss), numbered as proc(5) does. */
  long long f[25];
  char *q = (char *)s + 3;
  for (int k = 4; k <= 24; k++) {
    char *end;
    f[k] = strtoll(q, &end, 10);
    if (end == q)
      return 0;
    q = end;
  }
  p->ppid = (pid_t)f[4];
  p->ticks = (unsigned long long)(f[14] + f[15] + f[16] + f[17]);
  p->threads = (long)f[20];
  p->rss_pages = f[24] > 0 ? (unsigned long long)f[24] : 0;
  p->in_tree = -1;
  return 1;
}

/* Reads process pid's stat line into *p; 1, or 0 when it is gone. */
int proc_read(pid_t pid, proc *p) {
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  return read_text(AT_FDCWD, path, buf, sizeof buf) > 0 && parse_stat(buf, p);
}

static int by_pid(const void *a, const void *b) {
  pid_t x = ((const proc *)a)->pid, y = ((const proc *)b)->pid;
  return (x > y) - (x < y);
}

static proc *find(tree *t, pid_t pid) {
  proc key;
  key.pid = pid;
  return bsearch(&key, t->p, t->n, sizeof *t->p, by_pid);
}

/* Keeps in t only the descendants of `self`. Each process's chain of
 * parents is walked up to one already decided, so the whole is O(n log n);
 * the walk stops after n steps, since ppids read at different moments can
 * form a loop when a pid is reused mid-scan. */
static void keep_descendants(tree *t, pid_t self) {
  qsort(t->p, t->n, sizeof *t->p, by_pid);
  proc *me = find(t, self);
  if (me != NULL)
    me->in_tree = 0;
  for (size_t i = 0; i < t->n; i++) {
    proc *q = &t->p[i];
    int in = 0;
    for (size_t steps = 0; steps <= t->n; steps++) {
      if (q->in_tree >= 0) {
        in = q->in_tree;
        break;
      }
      if (q->ppid == self) {
        in = 1;
        break;
      }
      if ((q = find(t, q->ppid)) == NULL)
        break;
    }
    q = &t->p[i];
    for (size_t steps = 0; q != NULL && q->in_tree < 0 && steps <= t->n;
         steps++) {
      q->in_tree = in;
      q = q->ppid == self ? NULL : find(t, q->ppid);
    }
  }
  size_t kept = 0;
  for (size_t i = 0; i < t->n; i++)
    if (t->p[i].in_tree == 1)
      t->p[kept++] = t->p[i];
  t->n = kept;
}

/* Fills t with the tree of `self`. Returns 0, or an errno value: /proc
 * cannot be read (not Linux's, or not mounted), or ENOMEM. */
int tree_scan(tree *t, pid_t self) {
  DIR *d = opendir("/proc");
  if (d == NULL)
    return errno ? errno : ENOENT;
  int e = 0;
  t->n = 0;
  struct dirent *de;
  while ((de = readdir(d)) != NULL) {
    if (de->d_name[0] < '1' || de->d_name[0] > '9')
      continue;
    if (t->n == t->cap) {
      size_t cap = t->cap ? 2 * t->cap : 256;
      proc *p = realloc(t->p, cap * sizeof *p);
      if (p == NULL) {
        e = ENOMEM;
        break;
      }
      t->p = p, t->cap = cap;
    }
    char path[sizeof de->d_name + 8], buf[1024];
    snprintf(path, sizeof path, "%s/stat", de->d_name);
    if (read_text(dirfd(d), path, buf, sizeof buf) > 0 &&
        parse_stat(buf, &t->p[t->n]))
      t->n++; /* else it ended since readdir */
  }
  closedir(d);
  if (e == 0)
    keep_descendants(t, self);
  return e;
}

int proc_busy_state(char s) { return s == 'R' || s == 'D'; }

/* Whether some thread of process `pid` is running or ready to run: its
 * stat line shows the main thread only, and a Java or Go program's main
 * thread often sleeps while others compute. */
int proc_threads_busy(pid_t pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
  DIR *d = opendir(path);
  if (d == NULL)
    return 0;
  int busy = 0;
  struct dirent *de;
  while (!busy && (de = readdir(d)) != NULL) {
    if (de->d_name[0] < '1' || de->d_name[0] > '9')
      continue;
    char buf[1024], name[sizeof de->d_name + 8];
    snprintf(name, sizeof name, "%s/stat", de->d_name);
    const char *s;
    if (read_text(dirfd(d), name, buf, sizeof buf) > 0 &&
        (s = strrchr(buf, ')')) != NULL && s[1] == ' ')
      busy = proc_busy_state(s[2]);
  }
  closedir(d);
  return busy;
}

/* The tree's proportional set size in MB, or -1 where smaps_rollup is
 * missing (before Linux 4.14). It walks every page table of the tree, so
 * it is read only past the limit. */
double tree_pss_mb(const tree *t) {
  if (access("/proc/self/smaps_rollup", R_OK) != 0)
    return -1;
  double kb = 0;
  for (size_t i = 0; i < t->n; i++) {
    char path[64], buf[4096];
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)t->p[i].pid);
    if (read_text(AT_FDCWD, path, buf, sizeof buf) <= 0)
      continue; /* ended, or a zombie: nothing resident */
    const char *pss = strstr(buf, "\nPss:");
    if (pss != NULL)
      kb += strtod(pss + 5, NULL);
  }
  return kb / 1024.0;
}

/* A file on tmpfs held open by the tree: its pages are memory that no
 * resident set shows unless mapped. */
typedef struct held {
  dev_t dev;
  ino_t ino;
  unsigned long long bytes;
} held;

static int by_file(const void *a, const void *b) {
  const held *x = a, *y = b;
  if (x->dev != y->dev)
    return (x->dev > y->dev) - (x->dev < y->dev);
  return (x->ino > y->ino) - (x->ino < y->ino);
}

#define TMPFS_MAGIC_NUMBER 0x01021994 /* linux/magic.h's TMPFS_MAGIC */

/* Whether device dev is a tmpfs (memfd_create's files, /dev/shm), asked of
 * `path` on it; the answers are kept in a small table for the scan. */
static int on_tmpfs(const char *path, dev_t dev, dev_t *seen, int *is,
                    size_t *n_seen) {
  for (size_t i = 0; i < *n_seen; i++)
    if (seen[i] == dev)
      return is[i];
  struct statfs fs;
  int tmp = statfs(path, &fs) == 0 && fs.f_type == TMPFS_MAGIC_NUMBER;
  if (*n_seen < 16) {
    seen[*n_seen] = dev;
    is[(*n_seen)++] = tmp;
  }
  return tmp;
}

/* kB of RssShmem in /proc/PID/status: tmpfs pages the process maps, which
 * its resident size counts already. */
static double rss_shmem_kb(pid_t pid) {
  char path[64], buf[4096];
  snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
  if (read_text(AT_FDCWD, path, buf, sizeof buf) <= 0)
    return 0;
  const char *p = strstr(buf, "\nRssShmem:");
  return p == NULL ? 0 : strtod(p + 10, NULL);
}

double tree_tmpfs_mb(const tree *t) {
  held *files = NULL;
  size_t n = 0, cap = 0;
  dev_t seen[16];
  int is[16];
  size_t n_seen = 0;
  for (size_t i = 0; i < t->n; i++) {
    if (t->p[i].state == 'Z')
      continue;
    char dir[64];
    snprintf(dir, sizeof dir, "/proc/%d/fd", (int)t->p[i].pid);
    DIR *d = opendir(dir);
    if (d == NULL)
      continue;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
      if (de->d_name[0] < '0' || de->d_name[0] > '9')
        continue;
      char path[sizeof dir + sizeof de->d_name + 2];
      snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
      struct stat st;
      if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_blocks == 0 ||
          !on_tmpfs(path, st.st_dev, seen, is, &n_seen))
        continue;
      if (n == cap) {
        size_t c = cap ? 2 * cap : 16;
        held *f = realloc(files, c * sizeof *f);
        if (f == NULL)
          break;
        files = f, cap = c;
      }
      files[n].dev = st.st_dev;
      files[n].ino = st.st_ino;
      files[n++].bytes = (unsigned long long)st.st_blocks * 512;
    }
    closedir(d);
  }
  if (n == 0) {
    free(files);
    return 0;
  }
  /* A file held by several processes, or by several descriptors, counts
   * once. */
  qsort(files, n, sizeof *files, by_file);
  double kb = 0;
  for (size_t i = 0; i < n; i++)
    if (i == 0 || by_file(&files[i - 1], &files[i]) != 0)
      kb += (double)files[i].bytes / 1024.0;
  free(files);
  /* Pages mapped are in the resident sizes already: only the rest counts
   * (which errs the program's way where it also maps other shared
   * memory). */
  for (size_t i = 0; i < t->n && kb > 0; i++)
    if (t->p[i].state != 'Z')
      kb -= rss_shmem_kb(t->p[i].pid);
  return kb > 0 ? kb / 1024.0 : 0;
}

#else /* no /proc to read: the process group is all there is */

double tree_tmpfs_mb(const tree *t) {
  (void)t;
  return 0;
}

int tree_scan(tree *t, pid_t self) {
  (void)self;
  t->n = 0;
  return ENOSYS;
}

int proc_threads_busy(pid_t pid) {
  (void)pid;
  return 0;
}

int proc_read(pid_t pid, proc *p) {
  (void)pid, (void)p;
  return 0;
}

int proc_busy_state(char s) {
  (void)s;
  return 0;
}

double tree_pss_mb(const tree *t) {
  (void)t;
  return -1;
}

#endif
