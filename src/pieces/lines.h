/*
 * lines.h - --batch's loop: one shelf a line, each line's shelf or parse
 * error handed to the caller, going on after an error with keep_going.
 * read.c runs it on the calling thread, read_stream.c on a block of whole
 * lines on each of its threads.
 */
#ifndef SHELF_LINES_H
#define SHELF_LINES_H

#include "shelf.h"

typedef struct line_hooks {
  void *ctx;
  /* A shelf ended, with this answer (or status: out of memory). Its
   * wheels are in `solver` (reset after the call), or, for a quick line,
   * in no solver at all: `solver` is NULL. Returns nonzero to stop. */
  int (*shelf)(void *ctx, shelf_status st, const shelf_result *result,
               shelf_solver *solver);
  /* A line failed to parse (or the solver ran out of memory). Returns
   * nonzero to stop. */
  int (*error)(void *ctx, shelf_status st, const shelf_parse_error *e);
  int keep_going; /* after an error, skip its line and go on */
  int quick;      /* plain short lines may be solved without the solver
                     (shelf__parser_quick_line()): nobody wants their
                     weights */
} line_hooks;

/* Feeds a piece of text to a parser made with SHELF_PARSE_LINES. Returns 0
 * to go on, 1 after a hook asked to stop or an error without keep_going
 * (or out of memory). */
int shelf__lines_feed(shelf_parser *parser, shelf_solver *solver,
                      const char *data, size_t len, const line_hooks *h);

/* Ends the input: the last line, if it had no line feed, or its error.
 * Returns as shelf__lines_feed(). */
int shelf__lines_finish(shelf_parser *parser, shelf_solver *solver,
                        const line_hooks *h);

#endif
