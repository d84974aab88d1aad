/*
 * check_run.c - runs one program once with limits, for `shelf check`.
 *
 * The program is started with fork and execvp, so that no shell reads its
 * name or arguments, in a new process group: the wall-clock limit kills the
 * whole group with SIGKILL, so that children it started die with it
 * (subprocess.run's timeout reaches only the direct child). setrlimit gives
 * the memory limit (RLIMIT_AS, so malloc fails) and a CPU limit a second
 * above the wall limit as a backstop; no core files. One poll loop feeds
 * standard input and drains standard output and standard error together, so
 * that neither side can block the other on a full pipe. An exec failure is
 * sent back through a close-on-exec pipe, so it is told apart from a
 * program that exits 127.
 */
/* wait4(), for the rusage of one child (BSD, not POSIX) */
#define _DEFAULT_SOURCE
#include "check_run.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A growing capture of one stream, kept up to `max` bytes. */
typedef struct capture {
  char *buf;
  size_t len, cap, max;
  int cut;
} capture;

static int capture_add(capture *c, const char *p, size_t n) {
  if (c->len + n > c->max) {
    c->cut = 1;
    n = c->max - c->len;
  }
  if (c->len + n + 1 > c->cap) {
    size_t cap = c->cap ? c->cap : 4096;
    while (cap < c->len + n + 1)
      cap *= 2;
    char *b = realloc(c->buf, cap);
    if (b == NULL)
      return ENOMEM;
    c->buf = b;
    c->cap = cap;
  }
  memcpy(c->buf + c->len, p, n);
  c->len += n;
  c->buf[c->len] = '\0';
  return 0;
}

/* Tells the parent why the program did not start, and ends the child. */
static void child_failed(int report) {
  int e = errno;
  if (write(report, &e, sizeof e) < 0) {
    /* the parent then sees no report and an exit of 127 */
  }
  _exit(127);
}

/* Makes `fd` the descriptor `to`, closing the original, so that the
 * program holds nothing of the judge's but its three streams. */
static void move_fd(int fd, int to, int report) {
  if (fd == to)
    return;
  if (dup2(fd, to) < 0)
    child_failed(report);
  close(fd);
}

static void child(char *const argv[], int in, int out, int err, int report,
                  const run_limits *limits) {
  setpgid(0, 0); /* the parent sets it too: whichever runs first */
  signal(SIGPIPE, SIG_DFL);
  move_fd(in, STDIN_FILENO, report);
  move_fd(out, STDOUT_FILENO, report);
  move_fd(err, STDERR_FILENO, report);
  struct rlimit core = {0, 0};
  setrlimit(RLIMIT_CORE, &core);
  rlim_t cpu = (rlim_t)ceil(limits->seconds) + 1;
  struct rlimit cpu_limit = {cpu, cpu + 1};
  setrlimit(RLIMIT_CPU, &cpu_limit);
  if (limits->memory_mb > 0) {
    rlim_t bytes = (rlim_t)limits->memory_mb << 20;
    struct rlimit as = {bytes, bytes};
    setrlimit(RLIMIT_AS, &as);
  }
  execvp(argv[0], argv);
  child_failed(report);
}

/* Whether the program has ended, without reaping it: while the leader is
 * not reaped its process group cannot be reused, so killing the group
 * afterwards reaches only what the program left behind. */
static int ended(pid_t pid, int block) {
  for (;;) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info,
               WEXITED | WNOWAIT | (block ? 0 : WNOHANG)) == 0)
      return info.si_pid == pid;
    if (errno != EINTR)
      return 1; /* no such child: nothing to wait for */
  }
}

static void close_fd(int *fd) {
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

int run_program(char *const argv[], const char *input, size_t input_len,
                const run_limits *limits, run_result *r) {
  memset(r, 0, sizeof *r);
  int in[2], out[2], err[2], report[2];
  if (pipe(in) != 0)
    return errno;
  if (pipe(out) != 0) {
    int e = errno;
    close(in[0]), close(in[1]);
    return e;
  }
  if (pipe(err) != 0) {
    int e = errno;
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    return e;
  }
  if (pipe(report) != 0) {
    int e = errno;
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    close(err[0]), close(err[1]);
    return e;
  }
  fcntl(report[1], F_SETFD, FD_CLOEXEC);
  fcntl(in[1], F_SETFD, FD_CLOEXEC);
  fcntl(out[0], F_SETFD, FD_CLOEXEC);
  fcntl(err[0], F_SETFD, FD_CLOEXEC);
  fcntl(report[0], F_SETFD, FD_CLOEXEC);
  double start = now();
  pid_t pid = fork();
  if (pid == 0)
    child(argv, in[0], out[1], err[1], report[1], limits);
  int fork_errno = errno;
  close(in[0]), close(out[1]), close(err[1]), close(report[1]);
  if (pid < 0) {
    close(in[1]), close(out[0]), close(err[0]), close(report[0]);
    return fork_errno;
  }
  setpgid(pid, pid); /* as the child does: whichever runs first */

  int exec_errno = 0;
  ssize_t got;
  do
    got = read(report[0], &exec_errno, sizeof exec_errno);
  while (got < 0 && errno == EINTR);
  close(report[0]);
  if (got == (ssize_t)sizeof exec_errno) {
    waitpid(pid, NULL, 0);
    close(in[1]), close(out[0]), close(err[0]);
    return exec_errno;
  }

  int fds[3] = {in[1], out[0], err[0]};
  for (int k = 0; k < 3; k++)
    fcntl(fds[k], F_SETFL, fcntl(fds[k], F_GETFL) | O_NONBLOCK);
  capture cap[2] = {{NULL, 0, 0, RUN_OUT_MAX, 0}, {NULL, 0, 0, RUN_ERR_MAX, 0}};
  size_t sent = 0;
  if (input_len == 0)
    close_fd(&fds[0]);
  double deadline = start + limits->seconds;
  int status = 0;
  int ws = 0, over = 0; /* over: the program has ended (reaped below) */
  struct rusage ru;
  memset(&ru, 0, sizeof ru);
  /* Until both outputs end or the program exits: a child it left running
   * in the background may hold the pipes open, and the verdict is the
   * program's (the group is killed below). */
  while ((fds[1] >= 0 || fds[2] >= 0) && !over) {
    double left = deadline - now();
    if (left <= 0) {
      r->timed_out = 1;
      break;
    }
    struct pollfd p[3];
    for (int k = 0; k < 3; k++) {
      p[k].fd = fds[k];
      p[k].events = k == 0 ? POLLOUT : POLLIN;
      p[k].revents = 0;
    }
    int ms = left < 0.02 ? (int)(left * 1000) + 1 : 20;
    if (poll(p, 3, ms) < 0 && errno != EINTR) {
      status = errno;
      break;
    }
    if (fds[0] >= 0 && (p[0].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t w = write(fds[0], input + sent, input_len - sent);
      if (w > 0)
        sent += (size_t)w;
      /* EPIPE: the program stopped reading; what it has is its input. */
      if ((w < 0 && errno != EAGAIN && errno != EINTR) || sent == input_len)
        close_fd(&fds[0]);
    }
    for (int k = 1; k < 3; k++) {
      if (fds[k] < 0 || !(p[k].revents & (POLLIN | POLLERR | POLLHUP)))
        continue;
      char chunk[65536];
      ssize_t n = read(fds[k], chunk, sizeof chunk);
      if (n > 0) {
        if (!cap[k - 1].cut && capture_add(&cap[k - 1], chunk, (size_t)n))
          status = ENOMEM;
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        close_fd(&fds[k]);
      }
    }
    if (status != 0)
      break;
    if (ended(pid, 0)) {
      over = 1;
      /* What it wrote before exiting is in the pipes: read it all. */
      for (int k = 1; k < 3; k++) {
        char chunk[65536];
        ssize_t n;
        while (fds[k] >= 0 && (n = read(fds[k], chunk, sizeof chunk)) > 0)
          if (!cap[k - 1].cut && capture_add(&cap[k - 1], chunk, (size_t)n))
            status = ENOMEM;
      }
    }
  }
  close_fd(&fds[0]);
  close_fd(&fds[1]);
  close_fd(&fds[2]);
  if (r->timed_out || status != 0)
    kill(-pid, SIGKILL);

  /* Standard output closed, but the program may still be running: wait for
   * it up to the deadline, then kill the group. */
  while (!over) {
    if (ended(pid, r->timed_out)) /* killed already when it timed out */
      break;
    if (now() >= deadline) {
      r->timed_out = 1;
      kill(-pid, SIGKILL);
    } else {
      struct timespec nap = {0, 2000000};
      nanosleep(&nap, NULL);
    }
  }
  kill(-pid, SIGKILL); /* anything it left behind in its group */
  while (wait4(pid, &ws, 0, &ru) < 0 && errno == EINTR)
    ; /* the leader, reaped only now */
  r->wall = now() - start;
  r->cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
  r->max_rss_kb = ru.ru_maxrss;
  if (WIFEXITED(ws)) {
    r->exited = 1;
    r->exit_code = WEXITSTATUS(ws);
  } else if (WIFSIGNALED(ws)) {
    r->signal = WTERMSIG(ws);
    if (r->signal == SIGXCPU)
      r->timed_out = 1;
  }
  r->out = cap[0].buf;
  r->out_len = cap[0].len;
  r->out_cut = cap[0].cut;
  r->err = cap[1].buf;
  r->err_len = cap[1].len;
  if (status != 0) {
    run_result_free(r);
    return status;
  }
  return 0;
}

void run_result_free(run_result *r) {
  free(r->out);
  free(r->err);
  r->out = r->err = NULL;
}
