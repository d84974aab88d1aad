/*
 * check.h - `shelf check`, the judge: the pieces shared by its files.
 *
 *   check.c         options, the problems, the loop over tries, shrinking
 *   check_judge.c   a shelf in the program's layout, its output read, the
 *                   verdict of a run, the mistake named
 *   check_report.c  the report, in words or as JSON
 *   check_plan.c    the order of tries and the shrink candidates
 *   check_run.c     one run of the program with limits
 */
#ifndef SHELF_CLI_CHECK_H
#define SHELF_CLI_CHECK_H

#include "check_run.h"
#include "out.h"

#include <shelf.h>

#include <stddef.h>
#include <stdint.h>

/* `shelf check ARGS...`: argv[0] is "check". Returns the exit status. */
int check_main(int argc, char **argv);

/* ==== The problem ==== */

typedef enum layout { LAYOUT_COUNTED, LAYOUT_LINE, LAYOUT_LIST } layout;

typedef struct problem {
  const char *name; /* cses, atcoder, leetcode486, seed, or "custom" */
  layout layout;
  shelf_answer answer;
  size_t max_n;
  int64_t lo, hi;
  size_t memory_mb;              /* the statement's memory limit, 0 for none */
  const int64_t *const *samples; /* NULL-ended */
  const size_t *sample_n;
} problem;

/* ==== Answers and verdicts ==== */

/* An answer of the asked form: an integer, or for SHELF_ANSWER_WINNER 1 (true)
 * and 0 (false). */
typedef shelf_i128 answer;

typedef enum verdict {
  VERDICT_OK,
  VERDICT_WRONG,
  VERDICT_CRASH,
  VERDICT_TIMEOUT,
  VERDICT_MEMORY,
  VERDICT_BAD_OUTPUT,
  VERDICT_UNSTABLE
} verdict;

/* "ok", "wrong", "crash", "timeout", "memory", "bad-output", "unstable". */
const char *verdict_name(verdict v);

/* The shelf as the program reads it, in a new buffer (free() it), *len
 * bytes; NULL when out of memory. */
char *judge_input_text(layout l, const int64_t *w, size_t n, size_t *len);

/* Appends the shelf as the program reads it to o. */
void judge_input(out *o, layout l, const int64_t *w, size_t n);

/* The verdict of one run against `expected` (TIMEOUT, MEMORY, CRASH,
 * BAD_OUTPUT, WRONG or OK, in the order DMOJ checks them); *got is the
 * answer read when the output had the asked form. */
verdict judge_run(const run_result *r, shelf_answer k, size_t memory_mb,
                  answer expected, answer *got);

/* A failing shelf kept for naming the mistake (shelf_mistake_of), owning
 * its weights. */
typedef struct failing {
  int64_t *w;
  size_t n;
  answer got;
} failing;

/* ==== The report ==== */

/* (n, CPU seconds) of a run that ended in time, for the growth estimate. */
typedef struct timing {
  size_t n;
  double cpu;
} timing;

typedef struct check_report {
  const problem *problem;
  char **argv; /* the program and its arguments */
  uint64_t seed;
  double seconds; /* the time limit */
  size_t memory_mb;
  size_t tried; /* tries run (the failing one included) */
  size_t planned;
  verdict verdict;  /* VERDICT_OK when every try passed */
  size_t try_index; /* 1-based, of the failing try */
  shelf_try kind;
  int64_t *w; /* the failing shelf, shrunk where it shrinks */
  size_t n;
  size_t original_n; /* its length before shrinking */
  size_t shrink_runs;
  int shrunk; /* a smaller shelf was found */
  answer expected;
  int has_got; /* got is an answer of the asked form */
  answer got;
  int has_other; /* unstable: the other run's answer */
  answer other;
  const run_result *run; /* the failing run (output, standard error) */
  shelf_mistake mistake;
  size_t timeout_n;      /* the smallest probe shelf that timed out, or 0 */
  const timing *timings; /* runs that ended in time */
  size_t timing_count;
} check_report;

/* The report in words on o. */
void report_text(out *o, const check_report *c);
/* The report as one JSON object on o. */
void report_json(out *o, const check_report *c);

#endif
