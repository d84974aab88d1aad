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
} checker;

/* The runner of shelf_judge: runs the program on one shelf (checker *ctx)
 * and fills *run, its detail a run_result (freed by check_release()).
 * Returns SHELF_OK, or SHELF_INVALID when the program could not be started
 * (ctx->start_errno) or the machine was too busy to judge (ctx->starved). */
shelf_status check_run_one(void *ctx, const int64_t *w, size_t n,
                           shelf_run *run);
void check_release(void *ctx, void *detail);

/* The failure of a run in words, for shelf_report_words.failure: "was
 * killed by signal 11 (Segmentation fault)", "used 3.2 s of CPU in 9 s"...
 * Written into buf (size bytes); returns buf, or NULL when there is none. */
const char *check_failure_words(shelf_verdict v, const run_result *r,
                                const run_limits *limits, char *buf,
                                size_t size);

/* ==== The report ==== */

typedef struct check_report {
  const shelf_judge *judge;
  const shelf_judgement *judgement;
  const shelf_report_words *words;
  const checker *checker;
  const char *hint;   /* a slip the command found (the layout), or NULL */
  const char *saved;  /* the file the failing input was written to, or NULL */
  const char *replay; /* the command that runs the program on it */
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
