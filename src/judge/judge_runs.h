/*
 * judge_runs.h - the state of one judging, its runs and the shrink
 * (src/judge/judge_runs.c), which the judge's loop (src/judge/judge_loop.c)
 * and the explanation of a time limit (src/judge/judge_timeout.c) share.
 * Internal to the library.
 */
#ifndef SHELF_JUDGE_RUNS_H
#define SHELF_JUDGE_RUNS_H

#include "internal.h"

/* Shelves this short are run twice, to catch an answer that changes. */
#define TWICE_MAX 16
/* The most failing shelves kept for naming the mistake. */
#define FAILING_MAX 64

/* ==== The state of one judging ==== */

typedef struct timing {
  size_t n;
  double cpu;
} timing;

typedef struct loop {
  const shelf_judge *j;
  shelf_plan plan;
  shelf_judgement *out;
  timing *times; /* runs that ended in time, for the growth */
  size_t time_count, time_cap;
  shelf_failure failing[FAILING_MAX]; /* each owns its weights */
  size_t failing_count;
  size_t fitting_passed; /* passing shelves whose totals fit in 31 bits */
  double patience;       /* shelf_run.patience of the runs now */
  size_t jobs;           /* runs at once: 1, or judge->jobs with start and
                            finish */
  shelf_run held;        /* one at a time: the run `run` made, which
                            shelf__loop_finish_run() gives */
  double spent;          /* CPU seconds of every run so far */
  double quickest;       /* the least CPU of a run, or below 0 */
  size_t last_n;         /* the shelf started last, for progress */
  size_t decided;        /* tries of the plan decided, for progress */
} loop;


/* Which candidates a shrink keeps, beyond failing the same way. */
typedef struct want {
  shelf_verdict verdict;
  uint64_t how;    /* a crash must crash the same way */
  int greedy;      /* the answer must be greedy's, with no tie at the turn
                      where greedy goes wrong */
  int keep_length; /* only the weights shrink: a shelf one wheel shorter
                      passed, so deleting wheels would spend the runs */
} want;

/* ==== Runs (src/judge/judge_runs.c) ==== */

/* Whether a verdict carries an answer: OK or WRONG. */
int shelf__loop_answered(shelf_verdict v);
/* Gives a run's detail back to the runner. */
void shelf__loop_drop(const loop *L, shelf_run *r);
/* Tells the surface's progress hook what the judge does. */
void shelf__loop_progress(const loop *L, shelf_stage stage, size_t done,
                          size_t total, size_t n);
/* Keeps a run in time, for the growth. */
void shelf__loop_keep_time(loop *L, size_t n, double cpu);
/* Keeps a failing shelf (a copy), for naming the mistake. */
void shelf__loop_keep_failing(loop *L, const int64_t *w, size_t n, i128 got);
/* Starts a run in a slot, and takes the next to end (its slot in *slot). */
shelf_status shelf__loop_start_run(loop *L, size_t slot, const int64_t *w,
                                   size_t n, double patience);
shelf_status shelf__loop_finish_run(loop *L, size_t *slot, shelf_run *r);
/* Reads a run that ended: WRONG when not `expected`; 1 when it ran in
 * time, for the growth. */
int shelf__loop_judged(loop *L, i128 expected, double patience,
                       shelf_run *r);
/* Runs the program once on w, nothing else running. */
shelf_status shelf__loop_once(loop *L, const int64_t *w, size_t n,
                              i128 expected, shelf_run *r);
/* Whether greedy is a mistake on w at a turn where the two ends differ. */
int shelf__loop_greedy_without_tie(const int64_t *w, size_t n);
/* Shrinks a failing shelf while a candidate fails the way k says. */
shelf_status shelf__loop_shrink(loop *L, int64_t *w, size_t *n, const want *k,
                                size_t max_runs, size_t max_fails,
                                double max_cpu, i128 *expected,
                                shelf_run *kept);

#endif /* SHELF_JUDGE_RUNS_H */
