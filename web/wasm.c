/*
 * wasm.c - the flat exports the browser page calls, over libshelf.
 *
 * WebAssembly's JavaScript side has no 128-bit integers and, without
 * -sWASM_BIGINT, no 64-bit arguments either, so every export here takes
 * only pointers and 32-bit sizes: 64-bit inputs (weights, the random seed
 * and range) are read from memory the caller filled, and every 128-bit
 * result is written as a decimal string into a slot of SHELF_I128_BUFSIZE
 * bytes, which web/bridge.js turns into a BigInt (web_standing reads one
 * back the same way). Words come from the library (src/words.c), never from
 * the page, so the page says what the command says. Nothing here allocates
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

/* The greedy buyer's move on block first..last of n weights: the heavier
 * end, the left on equal weights, the rule shelf_explain() uses, in *end (0
 * left, 1 right). SHELF_INVALID for a NULL argument or a block that is empty
 * or out of range, as shelf_best_move() says it. */
WEB_API int web_greedy_end(const int64_t *weights, size_t n, size_t first,
                           size_t last, int *end) {
  if (weights == NULL || end == NULL || first > last || last >= n)
    return SHELF_INVALID;
  *end = weights[first] >= weights[last] ? SHELF_LEFT : SHELF_RIGHT;
  return SHELF_OK;
}

/* MARK: - The greedy trap */

/* shelf_explain() flattened, with its sentences. flags: [0]
 * has_greedy_vs_perfect, [1] mistake (1, 0, -1), [2] mistake_turn, [3]
 * mistake_end, [4] has_parity, [5] mistake_wheel, [6] mistake_other.
 * Slots: margin, greedy_first, greedy_second, greedy_margin,
 * greedy_vs_perfect, mistake_cost, odd_sum, even_sum, parity_floor,
 * parity_gain, first, second, mistake_weight. `sentences` receives
 * SHELF_SENTENCE_COUNT texts of SHELF_SENTENCE_BUFSIZE bytes each, in the
 * order of enum shelf_sentence: the page says what the command says. */
WEB_API int web_explain(const int64_t *weights, size_t n, size_t limit,
                        int32_t *flags, char *out, char *sentences) {
  shelf_explanation e;
  shelf_status st = shelf_explain(weights, n, limit, &e);
  if (st != SHELF_OK)
    return (int)st;
  /* A page never holds 2^31 wheels, so turns and wheels fit in 32 bits. */
  flags[0] = e.has_greedy_vs_perfect;
  flags[1] = e.mistake;
  flags[2] = (int32_t)e.mistake_turn;
  flags[3] = (int32_t)e.mistake_end;
  flags[4] = e.has_parity;
  flags[5] = (int32_t)e.mistake_wheel;
  flags[6] = (int32_t)e.mistake_other;
  const shelf_i128 slots[] = {e.margin,
                              e.greedy_first,
                              e.greedy_second,
                              e.greedy_margin,
                              e.greedy_vs_perfect,
                              e.mistake_cost,
                              e.odd_sum,
                              e.even_sum,
                              e.parity_floor,
                              e.parity_gain,
                              e.first,
                              e.second,
                              e.mistake_weight};
  for (size_t k = 0; k < sizeof slots / sizeof slots[0]; k++)
    put_i128(out, k, slots[k]);
  for (int k = 0; k < SHELF_SENTENCE_COUNT; k++) {
    st = shelf_explain_sentence(&e, (shelf_sentence)k,
                                sentences + (size_t)k * SHELF_SENTENCE_BUFSIZE,
                                SHELF_SENTENCE_BUFSIZE, NULL);
    if (st != SHELF_OK)
      return (int)st;
  }
  return SHELF_OK;
}

/* Reads a shelf_i128 written in decimal ("-7", "12"), as put_i128 writes
 * it: SHELF_INVALID for anything else, SHELF_RANGE beyond 128 bits. The
 * number is gathered below zero, where the most negative value fits. */
static shelf_status read_i128(const char *text, shelf_i128 *value) {
  const shelf_i128 max = (((shelf_i128)1 << 126) - 1) * 2 + 1;
  const shelf_i128 min = -max - 1;
  int negative = *text == '-';
  text += negative;
  if (*text == '\0')
    return SHELF_INVALID;
  shelf_i128 v = 0;
  for (; *text != '\0'; text++) {
    if (*text < '0' || *text > '9')
      return SHELF_INVALID;
    int digit = *text - '0';
    if (v < min / 10 || (v == min / 10 && digit > -(int)(min % 10)))
      return SHELF_RANGE;
    v = v * 10 - digit;
  }
  if (!negative && v == min)
    return SHELF_RANGE;
  *value = negative ? v : -v;
  return SHELF_OK;
}

/* How a buyer stands after `margin` (decimal text), in the library's words:
 * "7 kilos ahead", "level". `out` holds SHELF_STANDING_BUFSIZE bytes. */
WEB_API int web_standing(const char *margin, char *out) {
  shelf_i128 v;
  shelf_status st = read_i128(margin, &v);
  if (st != SHELF_OK)
    return (int)st;
  shelf_standing_format(v, out);
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

/* MARK: - Random shelves, messages and the header's numbers */

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

/* The header's numbers bridge.js needs (status codes, buffer sizes, limits),
 * by name, so that they are written once, in shelf.h: web_constant_name(k)
 * and web_constant_value(k) for k from 0 until the name is NULL. */
#define WEB_STATUS_(name, value, message) {#name, value},
static const struct {
  const char *name;
  int32_t value;
} constants[] = {
    /* every status: INVALID, NOMEM, ... */
    SHELF_STATUS_LIST(WEB_STATUS_)
    /* buffer sizes and limits */
    {"I128_BUFSIZE", SHELF_I128_BUFSIZE},
    {"TABLE_MAX", SHELF_TABLE_MAX},
    {"SENTENCE_COUNT", SHELF_SENTENCE_COUNT},
    {"SENTENCE_BUFSIZE", SHELF_SENTENCE_BUFSIZE},
    {"STANDING_BUFSIZE", SHELF_STANDING_BUFSIZE},
};
#undef WEB_STATUS_

WEB_API const char *web_constant_name(size_t k) {
  return k < sizeof constants / sizeof constants[0] ? constants[k].name : NULL;
}

WEB_API int32_t web_constant_value(size_t k) {
  return k < sizeof constants / sizeof constants[0] ? constants[k].value : 0;
}
