/*
 * wasm.c - the flat exports the browser page calls, over libshelf.
 *
 * WebAssembly's JavaScript side has no 128-bit integers and, without
 * -sWASM_BIGINT, no 64-bit arguments either, so every export here takes
 * only pointers and 32-bit sizes: 64-bit inputs (weights, the random seed
 * and range) are read from memory the caller filled, and every 128-bit
 * result is written as a decimal string into a slot of SHELF_I128_BUFSIZE
 * bytes, which web/bridge.js turns into a BigInt. Nothing here allocates
 * for the caller except web_parse's weights, freed with web_weights_free;
 * nothing keeps state between calls.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include "shelf.h"

#define WEB_API EMSCRIPTEN_KEEPALIVE

/* Writes `value` in decimal into slot `slot` of `out`. */
static void put_i128(char *out, size_t slot, shelf_i128 value) {
  shelf_i128_format(value, out + slot * SHELF_I128_BUFSIZE);
}

/* MARK: - Parsing and solving */

/* Parses text as one shelf. *weights and *n receive the array (free it with
 * web_weights_free) and its length; on a parse error `err` receives the
 * place: err[0] line, err[1] column, err[2] byte offset, and `found` (48
 * bytes) the offending text. */
WEB_API int web_parse(const char *text, size_t len, int64_t **weights,
                      size_t *n, uint32_t *err, char *found) {
  shelf_parse_error e;
  memset(&e, 0, sizeof e);
  shelf_status st = shelf_parse(text, len, weights, n, &e);
  /* A page never shows a shelf of 2^32 lines, so 32 bits are enough. */
  err[0] = (uint32_t)e.line;
  err[1] = (uint32_t)e.column;
  err[2] = (uint32_t)e.offset;
  memcpy(found, e.found, sizeof e.found);
  return (int)st;
}

WEB_API void web_weights_free(int64_t *weights) { shelf_weights_free(weights); }

/* The margin, first and second totals of perfect play, in slots 0, 1, 2. */
WEB_API int web_solve(const int64_t *weights, size_t n, char *out) {
  shelf_result r;
  shelf_status st = shelf_solve(weights, n, SHELF_ENGINE_LINEAR, &r);
  if (st != SHELF_OK)
    return (int)st;
  put_i128(out, 0, r.margin);
  put_i128(out, 1, r.first);
  put_i128(out, 2, r.second);
  return SHELF_OK;
}

WEB_API int web_line(const int64_t *weights, size_t n, unsigned char *ends) {
  return (int)shelf_line(weights, n, ends);
}

/* The best move on block first..last: the line's end (0 left, 1 right) in
 * *best, and the lead, the left's and the right's in slots 0, 1, 2. */
WEB_API int web_best_move(const int64_t *weights, size_t n, size_t first,
                          size_t last, int *best, char *out) {
  shelf_choice c;
  shelf_status st = shelf_best_move(weights, n, first, last, &c);
  if (st != SHELF_OK)
    return (int)st;
  *best = (int)c.best;
  put_i128(out, 0, c.lead);
  put_i128(out, 1, c.left);
  put_i128(out, 2, c.right);
  return SHELF_OK;
}

/* The greedy buyer's move on block first..last (first <= last): the heavier
 * end, the left on equal weights, the rule shelf_explain() uses. Returns 0
 * for the left, 1 for the right. */
WEB_API int web_greedy_end(const int64_t *weights, size_t first, size_t last) {
  return weights[first] >= weights[last] ? SHELF_LEFT : SHELF_RIGHT;
}

/* MARK: - The greedy trap */

/* shelf_explain() flattened. flags: [0] has_greedy_vs_perfect, [1] mistake
 * (1, 0, -1), [2] mistake_turn, [3] mistake_end, [4] has_parity. Slots:
 * margin, greedy_first, greedy_second, greedy_margin, greedy_vs_perfect,
 * mistake_cost, odd_sum, even_sum, parity_floor, parity_gain. */
WEB_API int web_explain(const int64_t *weights, size_t n, size_t limit,
                        int32_t *flags, char *out) {
  shelf_explanation e;
  shelf_status st = shelf_explain(weights, n, limit, &e);
  if (st != SHELF_OK)
    return (int)st;
  flags[0] = e.has_greedy_vs_perfect;
  flags[1] = e.mistake;
  flags[2] = (int32_t)e.mistake_turn;
  flags[3] = (int32_t)e.mistake_end;
  flags[4] = e.has_parity;
  const shelf_i128 slots[] = {
      e.margin,        e.greedy_first,      e.greedy_second,
      e.greedy_margin, e.greedy_vs_perfect, e.mistake_cost,
      e.odd_sum,       e.even_sum,          e.parity_floor,
      e.parity_gain};
  for (size_t k = 0; k < sizeof slots / sizeof slots[0]; k++)
    put_i128(out, k, slots[k]);
  return SHELF_OK;
}

/* MARK: - The lead table */

/* The lead table in the order shelf_lead_table() fills it (span by span,
 * left to right within a span), recorded here once so that the page's
 * animation only indexes it: order[k] is the cell first * n + last of the
 * k-th block filled, and slots 3k, 3k+1, 3k+2 of `out` hold its left, right
 * and lead. `order` has n(n+1)/2 entries, `out` three slots each. */
WEB_API int web_lead_table(const int64_t *weights, size_t n, uint32_t *order,
                           char *out) {
  if (n > SHELF_TABLE_MAX)
    return SHELF_TOO_LONG;
  shelf_cell *cells = NULL;
  if (n > 0) {
    cells = malloc(n * n * sizeof *cells);
    if (cells == NULL)
      return SHELF_NOMEM;
  }
  shelf_status st = shelf_lead_table(weights, n, cells);
  if (st == SHELF_OK) {
    size_t k = 0;
    for (size_t span = 1; span <= n; span++)
      for (size_t first = 0; first + span <= n; first++, k++) {
        size_t cell = first * n + first + span - 1;
        order[k] = (uint32_t)cell;
        put_i128(out, 3 * k, cells[cell].left);
        put_i128(out, 3 * k + 1, cells[cell].right);
        put_i128(out, 3 * k + 2, cells[cell].lead);
      }
  }
  free(cells);
  return (int)st;
}

/* MARK: - Random shelves and messages */

/* shelf_random() with its 64-bit arguments read from params: seed (as an
 * unsigned value), lo, hi. */
WEB_API int web_random(const int64_t *params, int64_t *weights, size_t n) {
  return (int)shelf_random((uint64_t)params[0], params[1], params[2], weights,
                           n);
}

WEB_API const char *web_strerror(int status) {
  return shelf_strerror((shelf_status)status);
}

WEB_API const char *web_status_name(int status) {
  return shelf_status_name((shelf_status)status);
}

WEB_API const char *web_version(void) { return shelf_version(); }
