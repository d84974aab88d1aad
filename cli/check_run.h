/*
 * check_run.h - running one program once for `shelf check`: its input
 * through a pipe, its output captured (bounded), and the program with every
 * process it starts limited in CPU time, resident memory and time spent
 * waiting, then killed to the last process. How each is measured, and where
 * each limit holds, is told at the top of check_run.c.
 */
#ifndef SHELF_CLI_CHECK_RUN_H
#define SHELF_CLI_CHECK_RUN_H

#include <stddef.h>

/* Most bytes of standard output and standard error kept; the rest is read
 * and dropped, so that a chatty program never blocks on a full pipe. */
#define RUN_OUT_MAX (1u << 20)
#define RUN_ERR_MAX (1u << 14)

typedef struct run_limits {
  double cpu_seconds;  /* CPU time (user + system) of the program and
                          everything it started; > 0 */
  double wall_seconds; /* how long it may wait: wall time during which no
                          process of its tree was running or ready to run;
                          > 0 */
  size_t memory_mb;    /* peak resident memory of its whole tree, in MB, or
                          0 for none */
  size_t stack_mb;     /* RLIMIT_STACK of the program, in MB, set in the
                          child before exec (soft limit, and the hard one
                          where the judge's allows): the problem's judge's
                          stack, not the shell's `ulimit -s`; 0 for none
                          (RLIM_INFINITY) */
} run_limits;

typedef struct run_result {
  int cpu_out;    /* its tree's CPU time passed cpu_seconds (killed then,
                     or the SIGXCPU backstop, or seen in the exact figure
                     afterwards) */
  int idle;       /* ended because it waited past wall_seconds */
  int memory_out; /* its tree's peak resident memory passed memory_mb
                     (killed then, or seen afterwards) */
  int starved;    /* ended with no verdict possible: ready to run, it got
                     too little CPU for too long (a cap by the clock) */
  char state;     /* starved: the state /proc showed of its tree then (R
                     when a process was running or ready to run, else D
                     when one waited in the kernel, else the leader's);
                     run_state_words() says it */
  int stuck;      /* no verdict possible: a process of its tree would not
                     die (state D), and would be counted in the next run */
  int exited;     /* ended by exit(); exit_code is its status */
  int exit_code;
  int signal;         /* the signal that ended it, or 0 */
  double wall;        /* seconds by the clock, from start to its end or kill */
  double cpu;         /* CPU seconds (user + system) of the program and all its
                         descendants */
  double waited;      /* seconds it waited (what wall_seconds limits) */
  double peak_mb;     /* peak resident memory of its tree, MB (a run too short
                         for any scan gets an upper bound: the most of its
                         ru_maxrss and this process's size at the fork) */
  size_t left_behind; /* processes of its tree still alive when the program
                         itself ended (or was killed), all killed */
  char *out;          /* NUL-terminated, out_len bytes (may hold NULs) */
  size_t out_len;
  int out_cut; /* more than RUN_OUT_MAX bytes were printed */
  char *err;   /* standard error, NUL-terminated, at most RUN_ERR_MAX */
  size_t err_len;
} run_result;

/* Runs argv[0] (found on PATH as execvp does, never through a shell) with
 * argv, in a process group of its own, feeding it `input` on standard
 * input, until the program (the process started, the leader) ends or a
 * limit of *limits is passed; then every process of its tree is killed and
 * reaped. Returns 0 with *r filled (free it with run_result_free()), or an
 * errno value: the program could not be started (ENOENT, EACCES,
 * ENOEXEC...) or a pipe or fork failed. A program that stops reading its
 * input early is fine: the rest is dropped.
 *
 * Every process this one starts meanwhile is taken as the program's: call
 * it where no other child of this process runs, with SIGCHLD neither
 * ignored nor caught by a handler that reaps (the status comes from
 * wait4()). Not thread-safe: it reads this process's RUSAGE_CHILDREN. */
int run_program(char *const argv[], const char *input, size_t input_len,
                const run_limits *limits, run_result *r);

/* Words for a /proc state (R, D, S, T...) of a run the clock cap ended
 * (run_result.state), to finish "a run was ...": a static string. */
const char *run_state_words(char state);

/* Frees r's buffers; r may have been freed already. */
void run_result_free(run_result *r);

/* Call once before the first run_program(): makes this process the
 * subreaper of everything the program starts (Linux's
 * PR_SET_CHILD_SUBREAPER), so that no process it starts can leave its tree
 * by double-forking. On Linux it also forks: the caller's process stays
 * behind as a guard that never returns (it ends as the judge does, with
 * its status or signal, after killing what a killed judge left), and the
 * call returns in the child; and it makes the judge's cgroup where it may
 * (check_run.c). Call it before any thread or other child is started. Returns 0, or an errno value where that is not
 * available (ENOSYS off Linux); there the process group is the fallback,
 * and the caller says so. */
int run_setup(void);

/* In a process forked from the judge after run_setup() to run programs
 * beside the judge's other runs (check_pool.c): makes it the subreaper of
 * what its programs start, gives its runs a cgroup of their own where the
 * judge has one, and ends it (its run's tree killed) when the judge dies.
 * Returns 0, or an errno value off Linux. */
int run_worker_setup(void);

/* Dies of the signal that interrupted this process (Ctrl-C, a kill), if
 * one did: for a judge that waits for its workers rather than a run. */
void run_die_if_interrupted(void);

#endif
