/*
 * read_lines.c - --batch on one thread (shelf__read_lines_here()): one
 * shelf a line, each handed to the caller's hook as lines.c's loop finds
 * it. shelf_read_batch() reads so with one thread or kept weights, and
 * read_stream.c so for the rest of a text whose block has no cut point.
 */
#include "reader.h"

#include "lines.h"

#include <stdlib.h>

/* --batch on the calling thread: lines.c's hooks hand each shelf over. */
typedef struct lines {
  reader *rd;
  outcome *res;
  uint64_t line_delta; /* added to an error's line: the parser's lines are
                          counted from a block's start */
} lines;

static int line_shelf(void *ctx, shelf_status st, const shelf_result *result,
                      shelf_solver *solver) {
  lines *l = ctx;
  const shelf_read_options *opt = l->rd->opt;
  l->res->stopped = opt->shelf(opt->ctx, st, result, NULL,
                               opt->solver_flags != 0 ? solver : NULL) != 0;
  return l->res->stopped;
}

/* lines.c goes on after it with keep_going, else the read ends here. */
static int line_error(void *ctx, shelf_status st, const shelf_parse_error *e) {
  lines *l = ctx;
  const shelf_read_options *opt = l->rd->opt;
  shelf_parse_error placed = *e;
  if (placed.code != SHELF_OK)
    placed.line += l->line_delta;
  l->res->stopped = opt->shelf(opt->ctx, st, NULL, &placed, NULL) != 0;
  if (!l->res->stopped && (!opt->keep_going || st == SHELF_NOMEM)) {
    l->res->status = st;
    l->res->error = placed;
  }
  return l->res->stopped;
}

int shelf__read_lines_with(reader *rd, shelf_parser *parser,
                           shelf_solver *solver, uint64_t line_delta,
                           const char *data, size_t len, outcome *res) {
  lines l = {.rd = rd, .res = res, .line_delta = line_delta};
  line_hooks h = {.ctx = &l,
                  .shelf = line_shelf,
                  .error = line_error,
                  .keep_going = rd->opt->keep_going,
                  .quick = rd->opt->solver_flags == 0};
  char *buf = malloc(READ_BLOCK);
  if (buf == NULL) {
    res->status = SHELF_NOMEM;
    return 1;
  }
  int stop = 1;
  if (shelf__lines_feed(parser, solver, data, len, &h))
    goto out;
  for (;;) {
    /* Results so far reach the reader before more input is awaited. */
    if (rd->opt->idle != NULL)
      rd->opt->idle(rd->opt->ctx);
    int64_t k = shelf__read_block(rd, buf, res);
    if (k < 0)
      goto out;
    if (k == 0)
      break;
    if (shelf__lines_feed(parser, solver, buf, (size_t)k, &h))
      goto out;
  }
  shelf__lines_finish(parser, solver, &h);
  stop = res->stopped || res->status != SHELF_OK;
out:
  free(buf);
  return stop;
}

int shelf__read_lines_here(reader *rd, const shelf_parse_place *place,
                           const char *data, size_t len, outcome *res) {
  shelf_parser *parser = NULL;
  shelf_solver *solver = NULL;
  int stop = 1;
  if (shelf_parser_new(&parser, rd->opt->parse_flags) != SHELF_OK ||
      shelf_solver_new(&solver, rd->opt->solver_flags) != SHELF_OK)
    res->status = SHELF_NOMEM;
  else if (place == NULL ||
           (res->status = shelf_parser_resume(parser, place)) == SHELF_OK)
    stop = shelf__read_lines_with(rd, parser, solver, 0, data, len, res);
  shelf_parser_free(parser);
  shelf_solver_free(solver);
  return stop;
}
