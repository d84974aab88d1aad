/*
 * results.h - the shelf command's results: what one run holds, and each
 * shelf's report, or the one-line error that stops it.
 */
#ifndef SHELF_CLI_RESULTS_H
#define SHELF_CLI_RESULTS_H

#include "notes.h"
#include "options.h"
#include "out.h"
#include "parallel.h"

#include <shelf.h>

#include <stddef.h>
#include <stdint.h>

typedef struct run {
  options *opt;
  out stdout_buf;
  shelf_solver *solver;
  const char *source; /* file name for messages (escaped), or NULL */
  /* A result solved already: a --batch shelf on many threads, or a counted
   * shelf read on every core. */
  const shelf_result *given;
  shelf_status given_status;
  const shelf_solver *given_solver; /* --batch: the shelf's weights */
  uint64_t shelf_line; /* batch mode: the line of the current shelf (with
                          --counted, its number) */
  int failed;          /* exit status 1 is owed (--keep-going) */
  shelf_notes *notes;  /* a count first, thousands grouping */
  par_input *input;    /* the input read on every core, or NULL */
  /* Command-line weights: where each argument starts in the joined text. */
  char **args;
  size_t *arg_start;
  int nargs;
} run;

/* Whether the notes wait for the end of the run: with --batch --counted a
 * shelf spans lines that the notes cannot tell, so they come once, after
 * the last answer (main()). */
int notes_at_end(const options *opt);

/* Whether this run needs the weights kept. */
int needs_weights(const options *opt);

/* Computes everything for the shelf in the solver (or r->given), then
 * prints it. Returns 0, or 1 after reporting a failure (nothing of this
 * shelf is printed). */
int emit_shelf(run *r);

/* Prints a parse error naming its place: the argument, or the line and
 * column (with the file name when there is one). */
void report_error_at(run *r, shelf_status st, const shelf_parse_error *e);

#endif
