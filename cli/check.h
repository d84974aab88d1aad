/*
 * check.h - `shelf check`, the judge: the pieces shared by its files. The
 * judge's loop, its verdicts, its mistakes and its report in words are
 * libshelf's (shelf_judge_run(), shelf_judgement_write()), shared with
 * Python's shelf.check(); the command only runs a program.
 *
 *   check.c         options, and the judge wired to a runner
 *   check_judge.c   one run of the program turned into a shelf_run: the
 *                   shelf in the program's layout, its output read as an
 *                   answer, its ending as a verdict
 *   check_report.c  what the command adds to the report: the program's
 *                   output and standard error, or the report as JSON
 *   check_run.c     one run of the program with limits
 *   check_tree.c    the processes of that run, read from /proc
 *   check_pool.c    runs side by side (--jobs): a worker process a job
 */
#ifndef SHELF_CHECK_H
#define SHELF_CHECK_H

#include "check_run.h"
#include "out.h"

#include <shelf.h>
#include <shelf_judge.h>

#include <stddef.h>
#include <stdint.h>

/* `shelf check ARGS...`: argv[0] is "check". Returns the exit status. */
int check_main(int argc, char **argv);

/* What a crash by SIGSEGV or SIGBUS says of the program's stack. */
typedef struct stack_finding {
  int overflow;    /* 1: the crash was a stack overflow, by one of: */
  int filled;      /* its peak memory (ru_maxrss) reached 90% of the stack
                      limit: the stack filled up */
  double used_mb;  /* that peak, MB */
  int rerun;       /* the same shelf run again with no stack limit (the
                      memory limit still applied) did not die of SIGSEGV or
                      SIGBUS: the limit was the cause, not a bad pointer */
  int rerun_exit;  /* then: 1 it ran to its end (exit 0), 0 it was stopped
                      by another limit */
  double rerun_mb; /* its peak memory, MB */
} stack_finding;

/* A Python program out of time, run again under PyPy. */
typedef struct pypy_finding {
  int python;            /* the program runs under CPython: python,
                            python3, python3.N, or a .py file run directly */
  int tried;             /* pypy3 was found and run on the failing shelf */
  shelf_verdict verdict; /* its run: OK (the right answer), WRONG, TIMEOUT,
                            CRASH... */
  double cpu;            /* its CPU seconds */
} pypy_finding;

typedef struct pool pool; /* runs side by side (check_pool.c) */

/* What the runner knows of one program, for every run of it. */
typedef struct checker {
  char **argv;         /* the program and its arguments */
  shelf_layout layout; /* how it reads a shelf */
  shelf_answer answer; /* what it prints */
  run_limits limits;
  int progress;    /* standard error is a terminal: a progress line */
  int start_errno; /* why the program could not be started, or 0 */
  int starved;     /* no verdict: 1 the machine gave a run too little CPU to
                     judge, 2 a process of the program would not die */
  double starved_wall, starved_cpu;
  char starved_state; /* the run's state then (run_result.state) */
  stack_finding stack; /* of the failing run, from check_stack() */
  pypy_finding pypy;   /* of a timeout, from check_pypy() */
  size_t cases;        /* the problem's most cases a file, or 0: one shelf a
                          run, no count of cases (shelf_problem.max_cases) */
  pool *pool;          /* --jobs above 1: the workers, while the judge runs */
  double started;      /* when the check began (CLOCK_MONOTONIC), for the
                          progress line */
  double shown;        /* when the progress line was last written */
  shelf_stage stage;   /* ... and its stage */
  int staged;          /* whether a line was written at all */
} checker;

/* The runner of shelf_judge: runs the program on one shelf (checker *ctx)
 * and fills *run, its detail a run_result (freed by check_release()).
 * Returns SHELF_OK, or SHELF_INVALID when the program could not be started
 * (ctx->start_errno) or the machine was too busy to judge (ctx->starved). */
shelf_status check_run_one(void *ctx, const int64_t *w, size_t n,
                           shelf_run *run);
void check_release(void *ctx, void *detail);

/* ==== Runs side by side (check_pool.c) ==== */


/* Forks `jobs` workers, each running one try at a time with
 * check_run_one() on its copy of *k; call after run_setup(). NULL when a
 * pipe or a fork failed. Close it with pool_close() before this process
 * runs a program itself (run_program() takes every child for the
 * program's). */
pool *pool_open(checker *k, size_t jobs);
void pool_close(pool *p);

/* shelf_judge.start, .finish and .cancel over k->pool (ctx is the
 * checker). */
shelf_status pool_start(void *ctx, size_t slot, const int64_t *w, size_t n,
                        double patience);
shelf_status pool_finish(void *ctx, size_t *slot, shelf_run *run);
void pool_cancel(void *ctx, size_t slot);

/* Whether the judgement's crash (SIGSEGV or SIGBUS under a stack limit)
 * was a stack overflow: the failing run's peak memory against the stack
 * limit, else one more run of the same shelf with no stack limit. Fills
 * k->stack. No ptrace and no core file: the two facts a judge can read of
 * any program, in any language, without a debugger. */
void check_stack(checker *k, const shelf_judgement *j);

/* For a Python program out of time: runs the same command under pypy3 (as
 * CSES, Codeforces and AtCoder offer PyPy) on the judgement's shelf, under
 * the same limits, and fills k->pypy. pypy3 is looked up on PATH, or is
 * $SHELF_CHECK_PYPY when that is set (empty: none, for the tests). */
void check_pypy(checker *k, const shelf_judgement *j);

/* One answer of the asked form in s[0..len), blanks around it allowed:
 * 1 with *a set, or 0. */
int check_read_answer(const char *s, size_t len, shelf_answer k, shelf_i128 *a);

/* ==== Files of several cases (check_cases.c) ==== */

/* Full files tried: one over the whole range of weights, one over its
 * bottom four values (ties, equal ends). */
#define FULL_FILES 2

/* A full file that failed: what the problem's judge gives a program at
 * once (max_cases shelves of max_n wheels, one limit), and the case that
 * went wrong, run again alone as a file of one case. */
typedef struct file_failure {
  int failed;            /* 1: a file failed; the rest holds then */
  size_t file, files;    /* which file (1-based) of how many */
  size_t cases, n;       /* its cases, each of n wheels */
  shelf_verdict verdict; /* the file's: TIMEOUT, MEMORY, IDLE, CRASH,
                            BAD_OUTPUT (not one answer a case), WRONG */
  run_result run;        /* the file's run (its output, its error) */
  size_t bad_case;       /* WRONG: the first wrong case, 1-based; else 1 */
  int64_t *weights;      /* that case's shelf (owned) */
  shelf_i128 expected, got;
  int alone_ran;       /* the case was run alone */
  shelf_verdict alone; /* its verdict alone (OK: the right answer) */
  shelf_i128 alone_got;
  double alone_cpu;
} file_failure;

/* After every single try passed: runs the program on full files of a
 * problem of several cases (k->cases > 0), under the limits for a file,
 * and compares their answers line by line. Returns 0 (f->failed says
 * whether one failed), or an errno when a run could not be started.
 * Frees nothing of f's on success: file_failure_free(). */
int check_files(checker *k, const shelf_judge *judge, file_failure *f);
void file_failure_free(file_failure *f);
/* The failure of a file in words, or as the JSON report's "failure". */
void file_failure_text(out *o, const file_failure *f, const checker *k,
                       const shelf_judge *judge, const char *program,
                       size_t tried);
void file_failure_json(out *o, const file_failure *f, const checker *k,
                       const shelf_judge *judge, size_t tried);

/* The failure of a run in words, for shelf_report_words.failure: "was
 * killed by signal 11 (Segmentation fault)", "used 3.2 s of CPU in 9 s"...
 * Written into buf (size bytes); returns buf, or NULL when there is none. */
const char *check_failure_words(shelf_verdict v, const run_result *r,
                                const run_limits *limits,
                                const stack_finding *stack, char *buf,
                                size_t size);

/* ==== The report ==== */

typedef struct check_report {
  const shelf_judge *judge;
  const shelf_judgement *judgement;
  const shelf_report_words *words;
  const checker *checker;
  const char *hint;         /* a slip the command found (the layout), or NULL */
  const char *saved;        /* the file the failing input was written to, or
                               NULL */
  const char *replay;       /* the command that runs the program on it */
  const file_failure *file; /* a full file that failed after every single
                               try passed, or NULL */
} check_report;

/* The report in words on o: the library's, then what only a program has. */
void report_text(out *o, const check_report *c);
/* The report as one JSON object on o. */
void report_json(out *o, const check_report *c);

/* A program's bytes as a person reads them, on one line: printable ASCII
 * and valid UTF-8 as they are, a NUL as \0, other bytes as \xNN; at most
 * `max` bytes shown. */
void out_shown(out *o, const char *s, size_t len, size_t max);

#endif
