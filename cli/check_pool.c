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
 *
 * One at a time after a crowd. A run that reached a limit (time, memory,
 * waiting) with processes of its tree still alive, such as a fork bomb, is
 * of a program whose every run will be a crowd of processes that spin
 * until killed; and the judge's next runs are of the same program (its
 * second chance, the shrink, the probes). Two such runs side by side
 * starve each other's worker: 400 spinning processes on 2 cores leave each
 * scan and each kill a sliver of a CPU, and a program's pre-exec join of
 * its cgroup (cgroup.procs) holds the kernel's cgroup lock until an RCU
 * grace period ends, which a crowd of runnable processes makes last
 * seconds (about 4 s for one join beside 200 of them, here), while the
 * other worker's cgroup.kill waits for that lock. In CI the fork bomb of
 * tests/check/hostile/ under --jobs 2 so kept a judge past 300 s, 399 of
 * its processes alive. So from then on the pool lets one worker run at a
 * time: pool_start() holds a request while another run is under way, and
 * pool_finish() sends it once that run has ended. And a run that got no
 * verdict (starved, or a process that would not die) while another ran
 * beside it is run again, alone, once: the crowd beside it, not the
 * program, took its CPU. Verdicts do not change (the judge decides tries
 * in the plan's order whichever run ends first); only the check's time.
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

/* A request: the shelf follows, n weights. */
typedef struct request {
  size_t n;
  double patience;
} request;

/* What a slot is doing. */
enum { SLOT_IDLE, SLOT_RUNNING, SLOT_HELD };

struct pool {
  checker *k;
  size_t jobs;
  pid_t *pid;
  int *to, *from;  /* the judge's ends: requests, answers */
  int *state;      /* SLOT_...: a held request waits for a worker's turn */
  request *req;    /* each slot's request, held or running, and its */
  int64_t **req_w; /* shelf, kept until its answer is taken */
  int *beside;     /* the run went side by side with another */
  unsigned long *order; /* when each request was made: oldest first */
  unsigned long made;
  size_t wide; /* workers running at once: jobs, or 1 after a crowd (top) */
};

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
  for (size_t i = 0; p->to != NULL && p->from != NULL && i < p->jobs; i++) {
    if (p->to[i] >= 0)
      close(p->to[i]); /* the worker reads its end, and exits */
    if (p->from[i] >= 0)
      close(p->from[i]);
  }
  for (size_t i = 0; p->pid != NULL && i < p->jobs; i++)
    if (p->pid[i] > 0) {
      kill(p->pid[i], SIGCONT); /* one a program stopped, to read it */
      while (waitpid(p->pid[i], NULL, 0) < 0 && errno == EINTR)
        run_die_if_interrupted();
    }
  for (size_t i = 0; p->req_w != NULL && i < p->jobs; i++)
    free(p->req_w[i]);
  free(p->pid);
  free(p->to);
  free(p->from);
  free(p->state);
  free(p->req);
  free(p->req_w);
  free(p->beside);
  free(p->order);
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
  p->jobs = jobs;
  p->wide = jobs;
  p->k = k;
  p->pid = calloc(jobs, sizeof *p->pid);
  p->to = malloc(jobs * sizeof *p->to);
  p->from = malloc(jobs * sizeof *p->from);
  p->state = calloc(jobs, sizeof *p->state);
  p->req = calloc(jobs, sizeof *p->req);
  p->req_w = calloc(jobs, sizeof *p->req_w);
  p->beside = calloc(jobs, sizeof *p->beside);
  p->order = calloc(jobs, sizeof *p->order);
  if (p->to != NULL && p->from != NULL)
    for (size_t i = 0; i < jobs; i++)
      p->to[i] = p->from[i] = -1;
  if (p->pid == NULL || p->to == NULL || p->from == NULL ||
      p->state == NULL || p->req == NULL || p->req_w == NULL ||
      p->beside == NULL || p->order == NULL) {
    pool_close(p);
    return NULL;
  }
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
  if (slot >= p->jobs)
    return;
  free(p->req_w[slot]);
  p->req_w[slot] = NULL;
  int held = p->state[slot] == SLOT_HELD;
  p->state[slot] = SLOT_IDLE;
  if (held || p->pid[slot] <= 0)
    return; /* never sent: its worker is idle */
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

static size_t running(const pool *p) {
  size_t count = 0;
  for (size_t i = 0; i < p->jobs; i++)
    count += p->state[i] == SLOT_RUNNING;
  return count;
}

/* Sends worker `slot` its request; 0, or -1 when its pipe is gone. */
static int send(pool *p, size_t slot) {
  const request *q = &p->req[slot];
  if (p->to[slot] < 0 || write_all(p->to[slot], q, sizeof *q) != 0 ||
      write_all(p->to[slot], p->req_w[slot], q->n * sizeof *p->req_w[slot]) !=
          0)
    return -1;
  p->beside[slot] = running(p) > 0;
  for (size_t i = 0; i < p->jobs; i++)
    if (p->state[i] == SLOT_RUNNING)
      p->beside[i] = 1;
  p->state[slot] = SLOT_RUNNING;
  return 0;
}

shelf_status pool_start(void *ctx, size_t slot, const int64_t *w, size_t n,
                        double patience) {
  checker *k = ctx;
  pool *p = k->pool;
  request q = {n, patience};
  if (slot >= p->jobs || p->state[slot] != SLOT_IDLE)
    return SHELF_INVALID;
  /* Kept until the answer: a run held (one at a time, see the top) is
   * sent later, and one that starved beside another is sent again. */
  int64_t *copy = malloc((n ? n : 1) * sizeof *copy);
  if (copy == NULL)
    return SHELF_NOMEM;
  memcpy(copy, w, n * sizeof *w);
  free(p->req_w[slot]);
  p->req[slot] = q;
  p->req_w[slot] = copy;
  p->order[slot] = p->made++;
  p->state[slot] = SLOT_HELD;
  if (running(p) < p->wide && send(p, slot) != 0) {
    p->state[slot] = SLOT_IDLE;
    return SHELF_INVALID;
  }
  return SHELF_OK;
}

/* Sends the held requests, oldest first, while fewer than p->wide run;
 * 0, or -1 with *slot the one whose worker is gone. */
static int send_held(pool *p, size_t *slot) {
  while (running(p) < p->wide) {
    size_t oldest = p->jobs;
    for (size_t i = 0; i < p->jobs; i++)
      if (p->state[i] == SLOT_HELD &&
          (oldest == p->jobs || p->order[i] < p->order[oldest]))
        oldest = i;
    if (oldest == p->jobs)
      return 0;
    if (send(p, oldest) != 0) {
      p->state[oldest] = SLOT_IDLE;
      *slot = oldest;
      return -1;
    }
  }
  return 0;
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

/* Takes worker `slot`'s answer into *run (its detail a run_result); or,
 * for a run that starved beside another, holds its request to be sent
 * again alone, and sets *again. */
static shelf_status take_answer(checker *k, size_t slot, shelf_run *run,
                                int *again) {
  pool *p = k->pool;
  *again = 0;
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
  /* A crowd left at a limit, or a run starved: one run at a time from now
   * on (see the top). */
  if (a.starved != 0 || (r != NULL && r->left_behind > 0 &&
                         (r->cpu_out || r->memory_out || r->idle)))
    p->wide = 1;
  /* No verdict, beside another run (the crowd of a fork bomb beside it
   * took its CPU, or its kill waited for the other's): that says nothing
   * of this run alone, which it gets now. Once: alone, it is beside none. */
  if (a.status != SHELF_OK && a.starved != 0 && p->beside[slot]) {
    check_release(k, r);
    p->beside[slot] = 0;
    p->state[slot] = SLOT_HELD; /* its order kept: it goes first */
    *again = 1;
    return SHELF_OK;
  }
  free(p->req_w[slot]);
  p->req_w[slot] = NULL;
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
    if (send_held(p, slot) != 0) {
      free(fds);
      return SHELF_INVALID;
    }
    for (size_t i = 0; i < p->jobs; i++) /* -1: left out by poll */
      fds[i] = (struct pollfd){
          p->state[i] == SLOT_RUNNING ? p->from[i] : -1, POLLIN, 0};
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
        int again;
        p->state[i] = SLOT_IDLE;
        shelf_status st = take_answer(k, i, run, &again);
        if (again)
          break; /* sent again by send_held(), once a worker is free */
        free(fds);
        *slot = i;
        return st;
      }
    }
  }
}
