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
  l->res->stopped = opt->shelf(opt->ctx, st, NULL, e, NULL) != 0;
  if (!l->res->stopped && (!opt->keep_going || st == SHELF_NOMEM)) {
    l->res->status = st;
    l->res->error = *e;
  }
  return l->res->stopped;
}

int shelf__read_lines_here(reader *rd, const shelf_parse_place *place,
                           const char *data, size_t len, outcome *res) {
  lines l = {.rd = rd, .res = res};
  line_hooks h = {.ctx = &l,
                  .shelf = line_shelf,
                  .error = line_error,
                  .keep_going = rd->opt->keep_going,
                  .quick = rd->opt->solver_flags == 0};
  shelf_parser *parser = NULL;
  shelf_solver *solver = NULL;
  char *buf = malloc(READ_BLOCK);
  int stop = 1;
  if (buf == NULL ||
      shelf_parser_new(&parser, rd->opt->parse_flags) != SHELF_OK ||
      shelf_solver_new(&solver, rd->opt->solver_flags) != SHELF_OK) {
    res->status = SHELF_NOMEM;
    goto out;
  }
  if (place != NULL &&
      (res->status = shelf_parser_resume(parser, place)) != SHELF_OK)
    goto out;
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
  shelf_parser_free(parser);
  shelf_solver_free(solver);
  free(buf);
  return stop;
}
