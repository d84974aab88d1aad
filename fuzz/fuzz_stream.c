/*
 * fuzz_stream.c - libFuzzer target for the streaming APIs: the solver and
 * the push parser, driven by arbitrary sequences of calls.
 *
 * The bytes are a program: each byte picks a call (push, push_many, result,
 * reset, weights; feed, finish, skip_line, reset; new objects with any
 * flags; calls with NULL arguments) and the bytes after it give its
 * arguments, such as the text a feed gets. Calls after a parse error, skips
 * without one, feeds after finish: all are fair.
 *
 * Two solvers run side by side: A, under test, created with flags the bytes
 * choose, and K, always created with SHELF_KEEP_WEIGHTS, which receives the
 * same pushes and, through a twin parser given the same calls, the same
 * text; the twin scans with the portable path of the fast scanner, A's
 * parser with the processor's best (src/core/scan.h). K's weights are the record of what was pushed; after every call:
 *
 *   - A's and K's results equal shelf_solve() on those weights;
 *   - the twin parsers return the same statuses, counts and errors;
 *   - a failed parser returns its error again, consumes nothing, and keeps
 *     it until skip_line (line mode) or reset;
 *   - `used` and `ended` are what the header promises: all of a piece, or
 *     up to the line feed that ended a shelf, or the bytes before an error;
 *   - when a shelf ends, the weights the parser pushed for it are those
 *     shelf_parse() finds in its text;
 *   - an error lies in the current shelf, at a line and column that agree
 *     with the text fed since the last reset, and never in a skipped line.
 *
 * FUZZ_ASSERT is always on and aborts with a message.
 */
#include "fuzz.h"

#include <shelf.h>
/* shelf__parser_place() and shelf__parser_skip_line(), the library's own. */
#include "../src/core/internal.h"

#include "../src/core/scan.h" /* the scanner's paths, forced per parser */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ==== The program's bytes ==== */

typedef struct reader {
  const uint8_t *d;
  size_t len, pos;
} reader;

static uint8_t next(reader *r) { return r->pos < r->len ? r->d[r->pos++] : 0; }

static const int64_t extremes[6] = {INT64_MIN,     INT64_MAX, INT64_MIN + 1,
                                    INT64_MAX - 1, 0,         -1};

static int64_t next_weight(reader *r) {
  uint8_t sel = next(r);
  switch (sel % 4) {
  case 0:
  case 1:
    return (int64_t)(sel / 4 % 11) - 5;
  case 2:
    return extremes[sel / 4 % 6];
  default: {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
      v = v << 8 | next(r);
    return (int64_t)v;
  }
  }
}

/* ==== State and model ==== */

typedef struct world {
  shelf_solver *a; /* under test */
  shelf_solver *k; /* the record: always keeps its weights */
  unsigned a_flags;
  shelf_parser *pa; /* feeds a */
  shelf_parser *pk; /* feeds k, given the same calls */
  unsigned p_flags;

  /* Who pushed each of k's weights: a shelf's number, or 0 for a direct
   * push; parallel to k's weights. */
  unsigned *owner;
  size_t owner_cap;

  /* The parser's side. */
  uint8_t *text; /* every byte consumed since the last reset */
  size_t text_len, text_cap;
  size_t shelf_start; /* where the current shelf's text starts */
  unsigned shelf_id;  /* its number, from 1 */
  int shelf_whole;    /* its weights are all still in the solvers */
  int skipping;       /* after skip_line: until a line feed */
  int no_bom;         /* some of the first three bytes were skipped, so a
                         byte-order mark there was not read as one */
  shelf_status failed;
} world;

static size_t pushed(const world *w) {
  size_t n;
  FUZZ_ASSERT(shelf_solver_weights(w->k, &n) != NULL || n == 0,
              "a keeping solver returns its weights");
  return n;
}

/* Records the owner of the weights k gained since it had `before`. */
static void own(world *w, size_t before, unsigned id) {
  size_t n = pushed(w);
  FUZZ_ASSERT(n >= before, "pushes only add wheels");
  w->owner = fuzz_grow(w->owner, &w->owner_cap, n + 1, sizeof *w->owner);
  for (size_t i = before; i < n; i++)
    w->owner[i] = id;
}

static void new_shelf(world *w, size_t start) {
  w->shelf_start = start;
  w->shelf_id++;
  w->shelf_whole = 1;
}

static void parser_forget(world *w) {
  w->text_len = 0;
  w->skipping = 0;
  w->no_bom = 0;
  w->failed = SHELF_OK;
  new_shelf(w, 0);
}

/* ==== Checks ==== */

static void same_result(const shelf_result *a, const shelf_result *b,
                        const char *what) {
  FUZZ_ASSERT(a->n == b->n && a->margin == b->margin && a->first == b->first &&
                  a->second == b->second,
              what);
}

/* Both solvers against shelf_solve() on everything pushed. */
static void check_results(world *w) {
  size_t n;
  const int64_t *weights = shelf_solver_weights(w->k, &n);
  shelf_result want, ra, rk;
  FUZZ_ASSERT(shelf_solve(weights, n, SHELF_ENGINE_LINEAR, &want) == SHELF_OK,
              "solve the record");
  FUZZ_ASSERT(shelf_solver_result(w->a, &ra) == SHELF_OK, "result of a");
  FUZZ_ASSERT(shelf_solver_result(w->k, &rk) == SHELF_OK, "result of k");
  same_result(&ra, &want, "the solver agrees with shelf_solve");
  same_result(&rk, &want, "the keeping solver agrees with shelf_solve");
  size_t na = 12345;
  const int64_t *wa = shelf_solver_weights(w->a, &na);
  if (w->a_flags & SHELF_KEEP_WEIGHTS) {
    FUZZ_ASSERT(na == n, "kept weights are all there");
    FUZZ_ASSERT(n == 0 || memcmp(wa, weights, n * sizeof *wa) == 0,
                "kept weights are the ones pushed");
  } else {
    FUZZ_ASSERT(wa == NULL && na == 0, "no weights unless kept");
  }
  FUZZ_ASSERT(shelf_solver_weights(w->a, NULL) == wa, "n may be NULL");
}

/* Whether the text read since the reset opens with a byte-order mark. */
static int has_bom(const world *w) {
  const uint8_t *d = w->text;
  return !w->no_bom && w->text_len >= 3 && d[0] == 0xef && d[1] == 0xbb &&
         d[2] == 0xbf;
}

/* The twins returned the same; the error lies in the current shelf at a
 * place that agrees with the text. */
static void check_error(world *w, shelf_status st, shelf_status stk) {
  FUZZ_ASSERT(st == stk, "twin parsers agree");
  const shelf_parse_error *e = shelf_parser_error(w->pa);
  FUZZ_ASSERT(memcmp(e, shelf_parser_error(w->pk), sizeof *e) == 0,
              "twin parsers report the same error");
  FUZZ_ASSERT(st >= SHELF_EXPECTED_INTEGER && st <= SHELF_EXPECTED_LIST,
              "a parse code");
  FUZZ_ASSERT(e->code == st, "the error holds the code");
  FUZZ_ASSERT(!w->skipping, "nothing in a skipped line is an error");
  FUZZ_ASSERT(e->offset >= w->shelf_start && e->offset <= w->text_len,
              "the error lies in the current shelf");
  uint64_t line = 1, start = has_bom(w) ? 3 : 0;
  for (size_t i = 0; i < e->offset; i++)
    if (w->text[i] == '\n') {
      line++;
      start = i + 1;
    }
  FUZZ_ASSERT(e->line == line, "line counts the line feeds before");
  FUZZ_ASSERT(e->column == e->offset - start + 1, "column from the line start");
  FUZZ_ASSERT(memchr(e->found, '\0', sizeof e->found) != NULL,
              "found is terminated");
  w->failed = st;
}

/* A shelf ended at text[end]: the weights the parser pushed for it are the
 * ones shelf_parse() reads from its text, the line terminator left out. */
static void check_shelf(world *w, size_t end) {
  if (!w->shelf_whole)
    return;
  size_t from = w->shelf_start, to = end;
  if (to > from && w->text[to - 1] == '\n')
    to--;
  if (to > from && w->text[to - 1] == '\r')
    to--;
  int64_t *want;
  size_t nwant;
  shelf_parse_error e;
  shelf_status st = shelf_parse(to > from ? (const char *)w->text + from : NULL,
                                to - from, &want, &nwant, &e);
  FUZZ_ASSERT(st == SHELF_OK, "the shelf's own text parses");
  size_t n, got = 0;
  const int64_t *weights = shelf_solver_weights(w->k, &n);
  for (size_t i = 0; i < n; i++) {
    if (w->owner[i] != w->shelf_id)
      continue;
    FUZZ_ASSERT(got < nwant && weights[i] == want[got],
                "the parser pushes the shelf's weights in order");
    got++;
  }
  FUZZ_ASSERT(got == nwant, "the parser pushes all of the shelf's weights");
  shelf_weights_free(want);
}

/* ==== Calls ==== */

static void op_feed(world *w, reader *r) {
  size_t len = next(r) % 48;
  if (len > r->len - r->pos)
    len = r->len - r->pos;
  const char *data = len ? (const char *)r->d + r->pos : NULL;
  r->pos += len;
  size_t used = 999, usedk = 999;
  int ended = 7, endedk = 7;
  size_t before = pushed(w);
  shelf_status st = shelf_parser_feed(w->pa, w->a, data, len, &used, &ended);
  shelf_status stk = shelf_parser_feed(w->pk, w->k, data, len, &usedk, &endedk);
  FUZZ_ASSERT(used == usedk && ended == endedk, "twin parsers agree");
  FUZZ_ASSERT(used <= len && (ended == 0 || ended == 1), "used and ended");
  if (w->failed != SHELF_OK) {
    FUZZ_ASSERT(st == w->failed && stk == st, "a failed parser stays failed");
    FUZZ_ASSERT(used == 0 && ended == 0, "and consumes nothing");
    FUZZ_ASSERT(pushed(w) == before, "and pushes nothing");
    return;
  }
  /* What the model expects: a skip ends at a line feed and starts a new
   * shelf after it; in line mode the next line feed ends a shelf. */
  int lines = (w->p_flags & SHELF_PARSE_LINES) != 0;
  size_t expect_used = len, skip_end = 0;
  int expect_ended = 0;
  for (size_t i = 0; i < len; i++) {
    if (data[i] != '\n')
      continue;
    if (w->skipping && skip_end == 0) {
      skip_end = i + 1;
    } else if (lines) {
      expect_used = i + 1;
      expect_ended = 1;
      break;
    }
  }
  w->text = fuzz_grow(w->text, &w->text_cap, w->text_len + len + 1, 1);
  if (len)
    memcpy(w->text + w->text_len, data, used);
  size_t base = w->text_len;
  w->text_len += used;
  if (w->skipping && base < 3 && used > 0)
    w->no_bom = 1;
  if (w->skipping && skip_end != 0 && skip_end <= used) {
    w->skipping = 0;
    new_shelf(w, base + skip_end);
  }
  own(w, before, w->shelf_id);
  if (st != SHELF_OK) {
    FUZZ_ASSERT(ended == 0, "no shelf ends at an error");
    FUZZ_ASSERT(used < expect_used || (used == expect_used && !expect_ended),
                "an error is found no later than the shelf ends");
    check_error(w, st, stk);
    return;
  }
  FUZZ_ASSERT(stk == SHELF_OK, "twin parsers agree");
  FUZZ_ASSERT(shelf_parser_error(w->pa)->code == SHELF_OK, "no error kept");
  FUZZ_ASSERT(used == expect_used && ended == expect_ended,
              "a piece is consumed up to the end of a shelf");
  if (ended) {
    check_shelf(w, w->text_len);
    new_shelf(w, w->text_len);
  }
}

static void op_finish(world *w) {
  int ended = 7, endedk = 7;
  size_t before = pushed(w);
  shelf_status st = shelf_parser_finish(w->pa, w->a, &ended);
  shelf_status stk = shelf_parser_finish(w->pk, w->k, &endedk);
  FUZZ_ASSERT(ended == endedk, "twin parsers agree");
  if (w->failed != SHELF_OK) {
    FUZZ_ASSERT(st == w->failed && stk == st && ended == 0,
                "a failed parser stays failed");
    return;
  }
  own(w, before, w->shelf_id);
  if (st != SHELF_OK) {
    FUZZ_ASSERT(ended == 0, "no shelf ends at an error");
    check_error(w, st, stk);
    return;
  }
  FUZZ_ASSERT(stk == SHELF_OK, "twin parsers agree");
  int lines = (w->p_flags & SHELF_PARSE_LINES) != 0;
  /* Whole text: the shelf ends here. Lines: a last line without its line
   * feed is a shelf; the empty text after a line feed (or after only a
   * byte-order mark) is not, and nor is the rest of a skipped line. */
  size_t start = w->shelf_start;
  if (start == 0 && has_bom(w))
    start = 3;
  int expect = !lines || (!w->skipping && w->text_len > start);
  FUZZ_ASSERT(ended == expect, "finish ends the last shelf");
  if (ended)
    check_shelf(w, w->text_len);
  w->skipping = 0;
  new_shelf(w, w->text_len);
}

static void op_skip_line(world *w) {
  shelf_status st = shelf__parser_skip_line(w->pa);
  FUZZ_ASSERT(shelf__parser_skip_line(w->pk) == st, "twin parsers agree");
  if (!(w->p_flags & SHELF_PARSE_LINES)) {
    FUZZ_ASSERT(st == SHELF_INVALID, "skip_line needs line mode");
    return;
  }
  FUZZ_ASSERT(st == SHELF_OK, "skip_line in line mode");
  FUZZ_ASSERT(shelf_parser_error(w->pa)->code == SHELF_OK,
              "skip_line forgets the error");
  w->failed = SHELF_OK;
  w->skipping = 1;
  w->shelf_whole = 0; /* the shelf is abandoned */
}

/* The second parser scans with the portable path, the first with the
 * processor's best: whatever the two are fed, they must agree. */
static void portable_scanner(shelf_parser *p) {
  FUZZ_ASSERT(shelf__parser_scanner(p, SCAN_SWAR), "the portable path runs");
}

static void op_new_parser(world *w, reader *r) {
  unsigned flags = next(r) % 5 == 4 ? 0x80u : next(r) & 1u;
  shelf_parser *pa = NULL, *pk = NULL;
  shelf_status st = shelf_parser_new(&pa, flags);
  if (flags & ~SHELF_PARSE_LINES) {
    FUZZ_ASSERT(st == SHELF_INVALID && pa == NULL, "unknown flags refused");
    return;
  }
  FUZZ_ASSERT(st == SHELF_OK && shelf_parser_new(&pk, flags) == SHELF_OK,
              "parser_new");
  portable_scanner(pk);
  shelf_parser_free(w->pa);
  shelf_parser_free(w->pk);
  w->pa = pa;
  w->pk = pk;
  w->p_flags = flags;
  parser_forget(w);
}

static void op_new_solver(world *w, reader *r) {
  unsigned flags = next(r) % 5 == 4 ? 0x10u : next(r) & 1u;
  shelf_solver *a = NULL;
  shelf_status st = shelf_solver_new(&a, flags);
  if (flags & ~SHELF_KEEP_WEIGHTS) {
    FUZZ_ASSERT(st == SHELF_INVALID && a == NULL, "unknown flags refused");
    return;
  }
  FUZZ_ASSERT(st == SHELF_OK, "solver_new");
  shelf_solver_free(w->a);
  w->a = a;
  w->a_flags = flags;
  shelf_solver_reset(w->k); /* the record starts again with a */
  w->shelf_whole = 0;
}

/* Calls the header allows with NULL, and calls it refuses: nothing may
 * change. */
static void op_nulls(world *w) {
  size_t used = 5;
  int ended = 5;
  shelf_result r;
  const char *x = "1";
  FUZZ_ASSERT(shelf_solver_push(NULL, 1) == SHELF_INVALID, "push NULL");
  FUZZ_ASSERT(shelf_solver_push_many(NULL, NULL, 0) == SHELF_INVALID,
              "push_many NULL");
  FUZZ_ASSERT(shelf_solver_push_many(w->a, NULL, 3) == SHELF_INVALID,
              "push_many NULL weights");
  FUZZ_ASSERT(shelf_solver_push_many(w->k, NULL, 3) == SHELF_INVALID,
              "push_many NULL weights");
  FUZZ_ASSERT(shelf_solver_result(NULL, &r) == SHELF_INVALID, "result NULL");
  FUZZ_ASSERT(shelf_solver_result(w->a, NULL) == SHELF_INVALID,
              "result to NULL");
  size_t n = 77;
  FUZZ_ASSERT(shelf_solver_weights(NULL, &n) == NULL && n == 0,
              "weights of NULL");
  shelf_solver_reset(NULL);
  shelf_solver_free(NULL);
  FUZZ_ASSERT(shelf_parser_feed(NULL, w->a, x, 1, &used, &ended) ==
                  SHELF_INVALID,
              "feed NULL parser");
  FUZZ_ASSERT(shelf_parser_feed(w->pa, NULL, x, 1, &used, &ended) ==
                  SHELF_INVALID,
              "feed NULL solver");
  FUZZ_ASSERT(shelf_parser_feed(w->pa, w->a, NULL, 1, &used, &ended) ==
                  SHELF_INVALID,
              "feed NULL text");
  FUZZ_ASSERT(shelf_parser_feed(w->pa, w->a, x, 1, NULL, &ended) ==
                  SHELF_INVALID,
              "feed NULL used");
  FUZZ_ASSERT(shelf_parser_feed(w->pa, w->a, x, 1, &used, NULL) ==
                  SHELF_INVALID,
              "feed NULL ended");
  FUZZ_ASSERT(shelf_parser_finish(NULL, w->a, &ended) == SHELF_INVALID,
              "finish NULL parser");
  FUZZ_ASSERT(shelf_parser_finish(w->pa, NULL, &ended) == SHELF_INVALID,
              "finish NULL solver");
  FUZZ_ASSERT(shelf_parser_finish(w->pa, w->a, NULL) == SHELF_INVALID,
              "finish NULL ended");
  FUZZ_ASSERT(shelf__parser_skip_line(NULL) == SHELF_INVALID, "skip NULL");
  FUZZ_ASSERT(shelf_parser_error(NULL) == NULL, "error of NULL");
  shelf_parser_reset(NULL);
  shelf_parser_free(NULL);
  FUZZ_ASSERT(shelf_solver_new(NULL, 0) == SHELF_INVALID, "solver_new NULL");
  FUZZ_ASSERT(shelf_parser_new(NULL, 0) == SHELF_INVALID, "parser_new NULL");
  /* An empty piece: nothing happens, whatever the state. */
  size_t before = pushed(w);
  shelf_status st = shelf_parser_feed(w->pa, w->a, NULL, 0, &used, &ended);
  FUZZ_ASSERT(shelf_parser_feed(w->pk, w->k, NULL, 0, &used, &ended) == st,
              "twin parsers agree");
  FUZZ_ASSERT(st == w->failed && used == 0 && ended == 0,
              "an empty piece changes nothing");
  FUZZ_ASSERT(pushed(w) == before, "and pushes nothing");
}

/* ==== The target ==== */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size, 0};
  world w;
  memset(&w, 0, sizeof w);
  w.a_flags = next(&r) & 1u;
  w.p_flags = next(&r) & 1u;
  FUZZ_ASSERT(shelf_solver_new(&w.a, w.a_flags) == SHELF_OK, "solver_new");
  FUZZ_ASSERT(shelf_solver_new(&w.k, SHELF_KEEP_WEIGHTS) == SHELF_OK,
              "solver_new");
  FUZZ_ASSERT(shelf_parser_new(&w.pa, w.p_flags) == SHELF_OK, "parser_new");
  FUZZ_ASSERT(shelf_parser_new(&w.pk, w.p_flags) == SHELF_OK, "parser_new");
  portable_scanner(w.pk);
  parser_forget(&w);

  while (r.pos < r.len) {
    uint8_t op = next(&r);
    switch (op % 16) {
    case 0:
    case 1: {
      int64_t x = next_weight(&r);
      size_t before = pushed(&w);
      FUZZ_ASSERT(shelf_solver_push(w.a, x) == SHELF_OK, "push");
      FUZZ_ASSERT(shelf_solver_push(w.k, x) == SHELF_OK, "push");
      own(&w, before, 0);
      break;
    }
    case 2: {
      int64_t xs[8];
      size_t k = next(&r) % 9;
      for (size_t i = 0; i < k; i++)
        xs[i] = next_weight(&r);
      size_t before = pushed(&w);
      FUZZ_ASSERT(shelf_solver_push_many(w.a, k ? xs : NULL, k) == SHELF_OK,
                  "push_many");
      FUZZ_ASSERT(shelf_solver_push_many(w.k, k ? xs : NULL, k) == SHELF_OK,
                  "push_many");
      own(&w, before, 0);
      break;
    }
    case 3:
      check_results(&w);
      break;
    case 4:
      shelf_solver_reset(w.a);
      shelf_solver_reset(w.k);
      w.shelf_whole = 0;
      FUZZ_ASSERT(pushed(&w) == 0, "reset empties the solver");
      break;
    case 5:
    case 6:
    case 7:
    case 8:
      op_feed(&w, &r);
      break;
    case 9:
      op_finish(&w);
      break;
    case 10:
      op_skip_line(&w);
      break;
    case 11:
      shelf_parser_reset(w.pa);
      shelf_parser_reset(w.pk);
      FUZZ_ASSERT(shelf_parser_error(w.pa)->code == SHELF_OK,
                  "reset forgets the error");
      parser_forget(&w);
      break;
    case 12:
      op_new_parser(&w, &r);
      break;
    case 13:
      op_new_solver(&w, &r);
      break;
    case 14:
      op_nulls(&w);
      break;
    default:
      /* Long runs of one weight: deep stacks and repeated merges. */
      for (int i = next(&r) % 64, x = next(&r) % 3; i > 0; i--) {
        size_t before = pushed(&w);
        FUZZ_ASSERT(shelf_solver_push(w.a, x) == SHELF_OK, "push");
        FUZZ_ASSERT(shelf_solver_push(w.k, x) == SHELF_OK, "push");
        own(&w, before, 0);
      }
      break;
    }
  }
  check_results(&w);
  shelf_parser_free(w.pa);
  shelf_parser_free(w.pk);
  shelf_solver_free(w.a);
  shelf_solver_free(w.k);
  free(w.owner);
  free(w.text);
  return 0;
}
