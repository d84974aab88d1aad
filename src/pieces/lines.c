/*
 * lines.c - --batch's loop over the lines of a text (lines.h), once for
 * both the calling thread (read.c) and the parser threads (read_stream.c).
 */
#include "lines.h"
#include "internal.h"

/* An error: handed over; then the rest of its line is skipped, or the run
 * stops. */
static int failed(shelf_parser *parser, shelf_solver *solver, shelf_status st,
                  const line_hooks *h) {
  if (h->error(h->ctx, st, shelf_parser_error(parser)) != 0 || !h->keep_going ||
      st == SHELF_NOMEM)
    return 1;
  shelf__parser_skip_line(parser);
  shelf_solver_reset(solver);
  return 0;
}

static int ended(shelf_solver *solver, const line_hooks *h) {
  shelf_result result;
  shelf_status st = shelf_solver_result(solver, &result);
  int stop = h->shelf(h->ctx, st, &result, solver);
  shelf_solver_reset(solver);
  return stop;
}

int shelf__lines_feed(shelf_parser *parser, shelf_solver *solver,
                      const char *data, size_t len, const line_hooks *h) {
  size_t pos = 0;
  while (pos < len) {
    if (h->quick) {
      /* Most lines of a batch are short and plain: taken whole, solved
       * on a stack of their own, with no call of the parser's loop. */
      int64_t w[QUICK_LINE_ROOM];
      unsigned n;
      size_t took = shelf__parser_quick_line(parser, data, pos, len, w, &n);
      if (took > 0) {
        shelf_result result;
        shelf__solve_quick(w, n, &result);
        pos += took;
        if (h->shelf(h->ctx, SHELF_OK, &result, NULL))
          return 1;
        continue;
      }
    }
    size_t used;
    int end;
    shelf_status st =
        shelf_parser_feed(parser, solver, data + pos, len - pos, &used, &end);
    pos += used;
    if (st != SHELF_OK) {
      if (failed(parser, solver, st, h))
        return 1;
      continue;
    }
    if (end && ended(solver, h))
      return 1;
  }
  return 0;
}

int shelf__lines_finish(shelf_parser *parser, shelf_solver *solver,
                        const line_hooks *h) {
  int end;
  shelf_status st = shelf_parser_finish(parser, solver, &end);
  if (st != SHELF_OK) {
    h->error(h->ctx, st, shelf_parser_error(parser));
    return 1;
  }
  return end && ended(solver, h);
}
