/*
 * reference_parse.h - what fuzz_parse.c and its reference parser
 * (reference_parse.c) share: the outcome list that each of them fills, one
 * outcome per shelf or error, so that the library's outcomes and the
 * reference's can be compared field by field; and the reference itself.
 */
#ifndef SHELF_FUZZ_REFERENCE_PARSE_H
#define SHELF_FUZZ_REFERENCE_PARSE_H

#include "fuzz.h"

#include <shelf.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ==== Outcomes ==== */

/* One shelf or one error. A shelf has its weights (in the list's pool), or
 * its result, or both. */
typedef struct outcome {
  int ok;
  size_t first, n; /* weights pool[first .. first + n) */
  int has_weights; /* the weights are known */
  int has_result;  /* `result` is known */
  shelf_result result;
  shelf_status code; /* for an error */
  uint64_t line, column, offset;
  char found[48];
  int token; /* reference only: an integer-token error, whose
                code may be EXPECTED_INTEGER or NOT_INTEGER */
} outcome;

typedef struct outcome_list {
  outcome *items;
  size_t count, cap;
  int64_t *pool;
  size_t pool_len, pool_cap;
} outcome_list;

static inline outcome *list_add(outcome_list *l) {
  l->items = fuzz_grow(l->items, &l->cap, l->count + 1, sizeof *l->items);
  outcome *o = &l->items[l->count++];
  memset(o, 0, sizeof *o);
  o->first = l->pool_len;
  return o;
}

static inline void pool_add(outcome_list *l, int64_t w) {
  l->pool = fuzz_grow(l->pool, &l->pool_cap, l->pool_len + 1, sizeof *l->pool);
  l->pool[l->pool_len++] = w;
}

static inline void list_free(outcome_list *l) {
  free(l->items);
  free(l->pool);
  memset(l, 0, sizeof *l);
}

/* A byte-order mark opens the text: the reference skips it, and the
 * target counts columns after it. */
static inline int has_bom(const uint8_t *d, size_t len) {
  return len >= 3 && d[0] == 0xef && d[1] == 0xbb && d[2] == 0xbf;
}

/* ==== The reference parser (reference_parse.c) ==== */

/* Parses d[0..len) in the mode `flags` (SHELF_PARSE_LINES,
 * SHELF_PARSE_COUNTED, both or neither) from the grammar alone, appending
 * to `out` what the shelf command would report with --keep-going: each
 * shelf's weights, each error's code, place and `found` text. An error
 * whose token the grammar calls "not a weight" is marked `token`, since
 * the library may name it EXPECTED_INTEGER or NOT_INTEGER. */
void ref_parse(const uint8_t *d, size_t len, unsigned flags, outcome_list *out);

#endif /* SHELF_FUZZ_REFERENCE_PARSE_H */
