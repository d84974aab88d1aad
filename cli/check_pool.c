/*
 * check_pool.c - runs side by side for `shelf check --jobs N`: the
 * library's judge starts a run (pool_start()) and waits for one to end
 * (pool_finish()); each job is a worker, a process forked from the judge,
 * that runs one try at a time with check_run_one() and sends back what it
 * saw.
 *
 * Why processes and not threads: a run is measured as the whole tree of
 * processes below the one that started it (its scans of /proc, its
 * RUSAGE_CHILDREN, its cgroup; check_run.c), so two runs side by side need
 * two such processes. A worker is a subreaper with a cgroup of its own
 * (run_worker_setup()); the guard and the judge still see everything below
 * them, so a killed judge leaves nothing behind.
 *
 * A worker reads a request (the shelf, the patience) on one pipe and
 * writes the answer on another: the status of check_run_one() with what
 * the checker learnt (why a program did not start, a run starved), the
 * shelf_run, and the run's run_result with its output and standard error.
 */
#include "check.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct pool {
  checker *k;
  size_t jobs;
  pid_t *pid;
  int *to, *from; /* the judge's ends: requests, answers */
};

/* A request: the shelf follows, n weights. */
typedef struct request {
  size_t n;
  double patience;
} request;

/* An answer: the result's output and standard error follow, when
 * has_result. */
typedef struct answer {
  shelf_status status;
  int start_errno, starved;
  double starved_wall, starved_cpu;
  char starved_state;
  shelf_run run;
  int has_result;
  run_result result; /* its buffers' pointers meaningless here */
} answer;

/* Reads or writes all of buf; 0, or -1 (the other end gone, an error). */
static int read_all(int fd, void *buf, size_t len) {
  char *p = buf;
  while (len > 0) {
    run_die_if_interrupted();
    ssize_t got = read(fd, p, len);
    if (got < 0 && errno == EINTR) {
      run_die_if_interrupted();
      continue;
    }
    if (got <= 0)
      return -1;
    p += got;
    len -= (size_t)got;
  }
  return 0;
}

static int write_all(int fd, const void *buf, size_t len) {
  const char *p = buf;
  while (len > 0) {
    ssize_t put = write(fd, p, len);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0)
      return -1;
    p += put;
    len -= (size_t)put;
  }
  return 0;
}

/* ==== The worker ==== */

static void worker(checker *k, int in, int back) {
  int64_t *w = NULL;
  size_t room = 0;
  for (;;) {
    request q;
    if (read_all(in, &q, sizeof q) != 0)
      break; /* the judge closed its end: done */
    if (q.n > room) {
      free(w);
      room = q.n;
      if ((w = malloc(room * sizeof *w)) == NULL)
        exit(1);
    }
    if (read_all(in, w, q.n * sizeof *w) != 0)
      break;
    answer a;
    memset(&a, 0, sizeof a);
    a.run.cpu = -1;
    a.run.patience = q.patience;
    k->start_errno = 0;
    k->starved = 0;
    a.status = check_run_one(k, w, q.n, &a.run);
    a.start_errno = k->start_errno;
    a.starved = k->starved;
    a.starved_wall = k->starved_wall;
    a.starved_cpu = k->starved_cpu;
    a.starved_state = k->starved_state;
    run_result *r = a.run.detail;
    a.has_result = r != NULL;
    if (r != NULL)
      a.result = *r;
    int bad = write_all(back, &a, sizeof a) != 0 ||
              (r != NULL && (write_all(back, r->out, r->out_len) != 0 ||
                             write_all(back, r->err, r->err_len) != 0));
    check_release(k, r);
    if (bad)
      break; /* the judge is gone */
  }
  free(w);
  exit(0);
}

/* ==== The judge's side ==== */

void pool_close(pool *p) {
  if (p == NULL)
    return;
  for (size_t i = 0; i < p->jobs; i++) {
    if (p->to[i] >= 0)
      close(p->to[i]); /* the worker reads its end, and exits */
    if (p->from[i] >= 0)
      close(p->from[i]);
  }
  for (size_t i = 0; i < p->jobs; i++)
    if (p->pid[i] > 0) {
      kill(p->pid[i], SIGCONT); /* one a program stopped, to read it */
      while (waitpid(p->pid[i], NULL, 0) < 0 && errno == EINTR)
        run_die_if_interrupted();
    }
  free(p->pid);
  free(p->to);
  free(p->from);
  free(p);
}

/* Forks worker i; 0, or -1 when a pipe or the fork failed. */
static int spawn(pool *p, size_t i) {
  int req[2], ans[2];
  if (pipe(req) != 0)
    return -1;
  if (pipe(ans) != 0) {
    close(req[0]), close(req[1]);
    return -1;
  }
  /* No program a worker runs holds them: a process it leaves behind would
   * keep the answers' pipe open after its worker died. */
  for (int e = 0; e < 2; e++) {
    fcntl(req[e], F_SETFD, FD_CLOEXEC);
    fcntl(ans[e], F_SETFD, FD_CLOEXEC);
  }
  fflush(NULL); /* nothing buffered is written twice */
  pid_t pid = fork();
  if (pid == 0) {
    close(req[1]);
    close(ans[0]);
    for (size_t o = 0; o < p->jobs; o++) /* the other workers' ends */
      if (p->to[o] >= 0)
        close(p->to[o]), close(p->from[o]);
    run_worker_setup();
    worker(p->k, req[0], ans[1]);
  }
  close(req[0]);
  close(ans[1]);
  if (pid < 0) {
    close(req[1]), close(ans[0]);
    return -1;
  }
  p->pid[i] = pid;
  p->to[i] = req[1];
  p->from[i] = ans[0];
  return 0;
}

pool *pool_open(checker *k, size_t jobs) {
  pool *p = calloc(1, sizeof *p);
  if (p == NULL)
    return NULL;
  p->pid = calloc(jobs, sizeof *p->pid);
  p->to = malloc(jobs * sizeof *p->to);
  p->from = malloc(jobs * sizeof *p->from);
  if (p->pid == NULL || p->to == NULL || p->from == NULL) {
    free(p->pid), free(p->to), free(p->from), free(p);
    return NULL;
  }
  for (size_t i = 0; i < jobs; i++)
    p->to[i] = p->from[i] = -1;
  p->jobs = jobs;
  p->k = k;
  for (size_t i = 0; i < jobs; i++)
    if (spawn(p, i) != 0) {
      pool_close(p);
      return NULL;
    }
  return p;
}

/* A run no longer wanted: its worker is interrupted (SIGTERM), which ends
 * the run as Ctrl-C does, its whole tree killed and its cgroup removed
 * (check_run.c), and dies; a new worker takes the slot. */
void pool_cancel(void *ctx, size_t slot) {
  checker *k = ctx;
  pool *p = k->pool;
  if (slot >= p->jobs || p->pid[slot] <= 0)
    return;
  kill(p->pid[slot], SIGTERM);
  kill(p->pid[slot], SIGCONT); /* a stopped worker takes no SIGTERM */
  /* Its pipes closed too: a worker between runs, which the signal may
   * reach just before it waits for a request, reads their end instead, and
   * one writing an answer gets EPIPE; either exits. */
  close(p->to[slot]);
  close(p->from[slot]);
  while (waitpid(p->pid[slot], NULL, 0) < 0 && errno == EINTR)
    run_die_if_interrupted();
  p->pid[slot] = 0;
  p->to[slot] = p->from[slot] = -1;
  if (spawn(p, slot) != 0)
    p->pid[slot] = 0; /* pool_start() then fails: the judge stops */
}

shelf_status pool_start(void *ctx, size_t slot, const int64_t *w, size_t n,
                        double patience) {
  checker *k = ctx;
  pool *p = k->pool;
  request q = {n, patience};
  if (slot >= p->jobs || p->to[slot] < 0 || write_all(p->to[slot], &q, sizeof q) != 0 ||
      write_all(p->to[slot], w, n * sizeof *w) != 0)
    return SHELF_INVALID;
  return SHELF_OK;
}

/* A worker that died of a signal (the program killed its parent, as it
 * would have killed a judge without workers): the judge dies of it too,
 * after its other workers, and the guard kills what is left. */
static void worker_died(pool *p, size_t slot) {
  int ws = 0;
  while (waitpid(p->pid[slot], &ws, 0) < 0 && errno == EINTR)
    run_die_if_interrupted();
  p->pid[slot] = 0;
  if (!WIFSIGNALED(ws))
    return;
  int sig = WTERMSIG(ws);
  for (size_t i = 0; i < p->jobs; i++)
    if (p->pid[i] > 0) {
      kill(p->pid[i], SIGTERM); /* each ends its run, its tree killed */
      kill(p->pid[i], SIGCONT);
      while (waitpid(p->pid[i], NULL, 0) < 0 && errno == EINTR)
        ;
    }
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Takes worker `slot`'s answer into *run (its detail a run_result). */
static shelf_status take_answer(checker *k, size_t slot, shelf_run *run) {
  pool *p = k->pool;
  int fd = p->from[slot];
  answer a;
  if (read_all(fd, &a, sizeof a) != 0) {
    run_die_if_interrupted();
    worker_died(p, slot);
    k->start_errno = EPIPE; /* a worker gone: no verdict */
    return SHELF_INVALID;
  }
  run_result *r = NULL;
  if (a.has_result) {
    r = malloc(sizeof *r);
    char *said = malloc(a.result.out_len + 1);
    char *err = malloc(a.result.err_len + 1);
    if (r == NULL || said == NULL || err == NULL ||
        read_all(fd, said, a.result.out_len) != 0 ||
        read_all(fd, err, a.result.err_len) != 0) {
      free(r), free(said), free(err);
      return SHELF_NOMEM;
    }
    *r = a.result;
    said[r->out_len] = '\0';
    err[r->err_len] = '\0';
    r->out = said;
    r->err = err;
  }
  if (a.status != SHELF_OK) {
    if (a.start_errno != 0)
      k->start_errno = a.start_errno;
    if (a.starved != 0) {
      k->starved = a.starved;
      k->starved_wall = a.starved_wall;
      k->starved_cpu = a.starved_cpu;
      k->starved_state = a.starved_state;
    }
    check_release(k, r);
    return a.status;
  }
  *run = a.run;
  run->detail = r;
  return SHELF_OK;
}

shelf_status pool_finish(void *ctx, size_t *slot, shelf_run *run) {
  checker *k = ctx;
  pool *p = k->pool;
  struct pollfd *fds = calloc(p->jobs, sizeof *fds);
  if (fds == NULL)
    return SHELF_NOMEM;
  for (;;) {
    for (size_t i = 0; i < p->jobs; i++) /* -1: none, left out by poll */
      fds[i] = (struct pollfd){p->from[i], POLLIN, 0};
    int ready = poll(fds, (nfds_t)p->jobs, 50);
    if (ready < 0 && errno == EINTR) {
      run_die_if_interrupted();
      continue;
    }
    if (ready < 0) {
      free(fds);
      return SHELF_INVALID;
    }
    /* A worker stopped by SIGSTOP (the program stopped its parent, as it
     * would stop a judge without workers) is continued, as the guard
     * continues the judge. */
    for (size_t i = 0; i < p->jobs; i++) {
      siginfo_t info; /* stops only: an ended worker is left to reap */
      memset(&info, 0, sizeof info);
      if (p->pid[i] > 0 &&
          waitid(P_PID, (id_t)p->pid[i], &info, WSTOPPED | WNOHANG) == 0 &&
          info.si_pid == p->pid[i] && info.si_status == SIGSTOP)
        kill(p->pid[i], SIGCONT);
    }
    /* The lowest slot ready: which one ends first changes nothing the
     * judge reports (it decides tries in the plan's order). */
    for (size_t i = 0; i < p->jobs; i++) {
      if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) {
        free(fds);
        *slot = i;
        return take_answer(k, i, run);
      }
    }
  }
}
