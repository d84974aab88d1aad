/*
 * check_run.h - running one program once for `shelf check`: its input
 * through a pipe, its output captured (bounded), its time and memory
 * limited, and the whole process group killed when it runs past them.
 */
#ifndef SHELF_CLI_CHECK_RUN_H
#define SHELF_CLI_CHECK_RUN_H

#include <stddef.h>

/* Most bytes of standard output and standard error kept; the rest is read
 * and dropped, so that a chatty program never blocks on a full pipe. */
#define RUN_OUT_MAX (1u << 20)
#define RUN_ERR_MAX (1u << 14)

typedef struct run_limits {
  double seconds;   /* wall-clock limit; CPU time is limited a little above */
  size_t memory_mb; /* address space in MB (RLIMIT_AS), or 0 for none */
} run_limits;

typedef struct run_result {
  int timed_out; /* killed at the wall-clock limit, or SIGXCPU */
  int exited;    /* ended by exit(); exit_code is its status */
  int exit_code;
  int signal;       /* the signal that ended it, or 0 */
  double wall, cpu; /* seconds */
  long max_rss_kb;  /* its peak resident size */
  char *out;        /* NUL-terminated, out_len bytes (may hold NULs) */
  size_t out_len;
  int out_cut; /* more than RUN_OUT_MAX bytes were printed */
  char *err;   /* standard error, NUL-terminated, at most RUN_ERR_MAX */
  size_t err_len;
} run_result;

/* Runs argv[0] (found on PATH as execvp does, never through a shell) with
 * argv, in a process group of its own, feeding it `input` on standard
 * input. Returns 0 with *r filled (free it with run_result_free()), or an
 * errno value: the program could not be started (ENOENT, EACCES...) or a
 * pipe or fork failed. A program that stops reading its input early is
 * fine: the rest is dropped. */
int run_program(char *const argv[], const char *input, size_t input_len,
                const run_limits *limits, run_result *r);

void run_result_free(run_result *r);

#endif
