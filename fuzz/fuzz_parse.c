/*
 * fuzz_parse.c - libFuzzer target for the input grammar: any bytes give
 * either a shelf or a precise error, whatever pieces they arrive in.
 *
 * The bytes are parsed four ways and every outcome must be the same:
 *
 *   1. shelf_parse() on the whole text;
 *   2. the push parser, fed in pieces cut where the fuzzer picks (the
 *      first two bytes choose a cut, the last byte a second one a few bytes
 *      later, then a third follows; the text is still all the bytes), and
 *      again in many pieces of 1 to 256 bytes, so that each stretch is read
 *      by the fast path and the byte-at-a-time machine in turn;
 *   3. the push parser fed one byte at a time (short inputs only);
 *   4. a reference parser written here from the grammar alone, sharing no
 *      code with src/parse.c: it decides acceptance, the weights, and for
 *      an error its code, place and the `found` text.
 *
 * The same is then done in line mode (SHELF_PARSE_LINES), driven the way the
 * shelf command drives it with --keep-going: after each error the rest of
 * the line is skipped and parsing goes on, so each line's shelf or error is
 * checked. Every error is also checked on its own terms: a parse code, an
 * offset inside the input, a line that counts the newlines before it, a
 * column that agrees with the line, and a printable, terminated `found`.
 *
 * FUZZ_ASSERT is always on (NDEBUG does not remove it) and aborts with a
 * message, which libFuzzer and the regression driver both report.
 */
#include "fuzz.h"

#include <shelf.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Inputs up to this size are also fed one byte at a time (O(len) calls). */
#define BYTEWISE_MAX 512

/* The `found` text is cut at this many bytes, then "..." is appended. */
#define FOUND_CUT 40

/* ==== Outcomes ==== */

/* One shelf or one error. Shelves keep their weights in the list's pool. */
typedef struct outcome {
  int ok;
  size_t first, n;   /* weights pool[first .. first + n) */
  shelf_status code; /* for an error */
  uint64_t line, column, offset;
  char found[48];
  int token;     /* reference only: an integer-token error, whose
                    code may be EXPECTED_INTEGER or NOT_INTEGER */
  int any_found; /* reference only: `found` is not prescribed */
} outcome;

typedef struct outcome_list {
  outcome *items;
  size_t count, cap;
  int64_t *pool;
  size_t pool_len, pool_cap;
} outcome_list;

static outcome *list_add(outcome_list *l) {
  l->items = fuzz_grow(l->items, &l->cap, l->count + 1, sizeof *l->items);
  outcome *o = &l->items[l->count++];
  memset(o, 0, sizeof *o);
  o->first = l->pool_len;
  return o;
}

static void pool_add(outcome_list *l, int64_t w) {
  l->pool = fuzz_grow(l->pool, &l->pool_cap, l->pool_len + 1, sizeof *l->pool);
  l->pool[l->pool_len++] = w;
}

static void list_free(outcome_list *l) {
  free(l->items);
  free(l->pool);
  memset(l, 0, sizeof *l);
}

/* Two outcome lists from the library must be identical in every field. */
static void same_outcomes(const outcome_list *a, const outcome_list *b,
                          const char *what) {
  FUZZ_ASSERT(a->count == b->count, what);
  for (size_t k = 0; k < a->count; k++) {
    const outcome *x = &a->items[k], *y = &b->items[k];
    FUZZ_ASSERT(x->ok == y->ok, what);
    if (x->ok) {
      FUZZ_ASSERT(x->n == y->n, what);
      FUZZ_ASSERT(x->n == 0 || memcmp(a->pool + x->first, b->pool + y->first,
                                      x->n * sizeof *a->pool) == 0,
                  what);
    } else {
      FUZZ_ASSERT(x->code == y->code, what);
      FUZZ_ASSERT(x->line == y->line, what);
      FUZZ_ASSERT(x->column == y->column, what);
      FUZZ_ASSERT(x->offset == y->offset, what);
      FUZZ_ASSERT(strcmp(x->found, y->found) == 0, what);
    }
  }
}

/* The library's outcomes against the reference's. */
static void matches_reference(const outcome_list *got, const outcome_list *ref,
                              const char *what) {
  FUZZ_ASSERT(got->count == ref->count, what);
  for (size_t k = 0; k < got->count; k++) {
    const outcome *x = &got->items[k], *y = &ref->items[k];
    FUZZ_ASSERT(x->ok == y->ok, what);
    if (x->ok) {
      FUZZ_ASSERT(x->n == y->n, what);
      FUZZ_ASSERT(x->n == 0 ||
                      memcmp(got->pool + x->first, ref->pool + y->first,
                             x->n * sizeof *got->pool) == 0,
                  what);
      continue;
    }
    if (y->token)
      FUZZ_ASSERT(x->code == SHELF_EXPECTED_INTEGER ||
                      x->code == SHELF_NOT_INTEGER,
                  what);
    else
      FUZZ_ASSERT(x->code == y->code, what);
    FUZZ_ASSERT(x->offset == y->offset, what);
    FUZZ_ASSERT(x->line == y->line, what);
    FUZZ_ASSERT(x->column == y->column, what);
    FUZZ_ASSERT(y->any_found || strcmp(x->found, y->found) == 0, what);
  }
}

/* ==== Checks on one error ==== */

static int has_bom(const uint8_t *d, size_t len) {
  return len >= 3 && d[0] == 0xef && d[1] == 0xbb && d[2] == 0xbf;
}

static int is_parse_code(shelf_status st) {
  return st >= SHELF_EXPECTED_INTEGER && st <= SHELF_UNEXPECTED_CHAR;
}

/* Valid UTF-8 of printable characters: what a terminal shows on one line. */
static int printable_text(const char *s, size_t max) {
  size_t len = strnlen(s, max);
  if (len == max)
    return 0; /* not terminated */
  const unsigned char *u = (const unsigned char *)s;
  for (size_t i = 0; i < len;) {
    if (u[i] < 0x80) {
      if (u[i] < 0x20 || u[i] == 0x7f)
        return 0;
      i++;
      continue;
    }
    size_t need = u[i] >= 0xc2 && u[i] <= 0xdf   ? 2
                  : u[i] >= 0xe0 && u[i] <= 0xef ? 3
                  : u[i] >= 0xf0 && u[i] <= 0xf4 ? 4
                                                 : 0;
    if (need == 0 || i + need > len)
      return 0;
    for (size_t k = 1; k < need; k++)
      if ((u[i + k] & 0xc0) != 0x80)
        return 0;
    i += need;
  }
  return 1;
}

/* An error must be a parse code at a place inside the input, its line and
 * column counted as the header says: lines from 1 at each line feed,
 * columns in bytes from the line's start, after a byte-order mark. */
static void check_error_place(const shelf_parse_error *e, shelf_status st,
                              const uint8_t *d, size_t len) {
  FUZZ_ASSERT(is_parse_code(st), "a parse failure returns a parse code");
  FUZZ_ASSERT(e->code == st, "the error struct holds the returned code");
  FUZZ_ASSERT(e->offset < (uint64_t)len + 1, "offset inside the input");
  uint64_t line = 1, start = has_bom(d, len) ? 3 : 0;
  for (size_t i = 0; i < e->offset; i++) {
    if (d[i] == '\n') {
      line++;
      start = i + 1;
    }
  }
  if (start > e->offset) /* an error inside the mark itself */
    start = 0;
  FUZZ_ASSERT(e->line == line, "line = 1 + newlines before the offset");
  FUZZ_ASSERT(e->column == e->offset - start + 1, "column matches the line");
  FUZZ_ASSERT(printable_text(e->found, sizeof e->found),
              "found is terminated and printable");
}

static void record_error(outcome_list *l, const shelf_parse_error *e) {
  outcome *o = list_add(l);
  o->code = e->code;
  o->line = e->line;
  o->column = e->column;
  o->offset = e->offset;
  memcpy(o->found, e->found, sizeof o->found);
}

static void record_shelf(outcome_list *l, const int64_t *w, size_t n) {
  outcome *o = list_add(l);
  o->ok = 1;
  for (size_t i = 0; i < n; i++)
    pool_add(l, w[i]);
  o->n = n;
}

/* ==== The reference parser ==== */

/*
 * The grammar, from the header and the README, as simply as it can be said:
 * a weight is [+-]?[0-9]+ within int64_t; a token is a maximal run of
 * printable ASCII other than space, comma and square brackets; separators
 * are space, tab, LF, CR LF and comma (a comma only after a weight); one
 * pair of brackets may wrap the shelf; a byte-order mark may open the text.
 * Errors are reported where the offending text starts. In line mode each
 * line is a shelf, and after an error the rest of that line is skipped.
 */

typedef struct ref {
  const uint8_t *d;
  size_t len;
  int lines;
  uint64_t line, line_start; /* of the byte being looked at */
  outcome_list *out;
} ref;

/* Appends one byte to `found` as the parser shows it: printable ASCII as
 * is (with \" and \\ escaped), other bytes as \xHH, or raw; cut at 40. */
static void found_add(char *found, size_t *len, int *cut, uint8_t c, int raw) {
  char esc[5];
  size_t n;
  if (raw || (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')) {
    esc[0] = (char)c;
    n = 1;
  } else if (c == '"' || c == '\\') {
    esc[0] = '\\';
    esc[1] = (char)c;
    n = 2;
  } else {
    n = (size_t)snprintf(esc, sizeof esc, "\\x%02X", c);
  }
  if (*cut || *len + n > FOUND_CUT) {
    *cut = 1;
    return;
  }
  memcpy(found + *len, esc, n);
  *len += n;
  found[*len] = '\0';
}

static void ref_error(ref *r, shelf_status code, int token, uint64_t offset,
                      uint64_t line, uint64_t line_start, size_t from,
                      size_t to, int raw) {
  outcome *o = list_add(r->out);
  o->code = code;
  o->token = token;
  o->offset = offset;
  o->line = line;
  o->column = offset - line_start + 1;
  size_t n = 0;
  int cut = 0;
  for (size_t i = from; i < to; i++)
    found_add(o->found, &n, &cut, r->d[i], raw);
  if (cut)
    strcat(o->found, "...");
}

static int token_byte(uint8_t c) {
  return c > 0x20 && c < 0x7f && c != ',' && c != '[' && c != ']';
}

/* [+-]?[0-9]+ as an int64_t: 1 if it is one, 0 if not a number at all,
 * -1 if digits only but out of range. */
static int ref_weight(const uint8_t *t, size_t n, int64_t *w) {
  size_t i = 0;
  int neg = 0;
  if (n > 0 && (t[0] == '+' || t[0] == '-')) {
    neg = t[0] == '-';
    i = 1;
  }
  if (i == n)
    return 0;
  for (size_t k = i; k < n; k++)
    if (t[k] < '0' || t[k] > '9')
      return 0;
  /* Leading zeros do not count, and 20 significant digits already exceed
   * 2^63; 19 fit in a uint64_t. */
  while (i + 1 < n && t[i] == '0')
    i++;
  if (n - i > 19)
    return -1;
  uint64_t mag = 0;
  for (; i < n; i++)
    mag = mag * 10 + (unsigned)(t[i] - '0');
  uint64_t limit = (uint64_t)INT64_MAX + (neg ? 1 : 0);
  if (mag > limit)
    return -1;
  *w = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  return 1;
}

/* The length of a UTF-8 lead byte's sequence, or 0 if it cannot lead. */
static size_t utf8_need(uint8_t c) {
  return c >= 0xc2 && c <= 0xdf   ? 2
         : c >= 0xe0 && c <= 0xef ? 3
         : c >= 0xf0 && c <= 0xf4 ? 4
                                  : 0;
}

/* A byte at or above 0x80 at i: never part of a shelf. Returns the end of
 * the bytes to show; *valid says whether they form a whole character. */
static size_t utf8_scan(const ref *r, size_t i, int *valid) {
  uint8_t lead = r->d[i];
  size_t need = utf8_need(lead);
  *valid = 0;
  if (need == 0)
    return i + 1;
  for (size_t k = 1; k < need; k++) {
    if (i + k >= r->len)
      return r->len; /* cut short by the end of the input */
    uint8_t c = r->d[i + k], lo = 0x80, hi = 0xbf;
    if (k == 1) { /* no overlong forms, no surrogates, nothing past U+10FFFF */
      if (lead == 0xe0)
        lo = 0xa0;
      else if (lead == 0xed)
        hi = 0x9f;
      else if (lead == 0xf0)
        lo = 0x90;
      else if (lead == 0xf4)
        hi = 0x8f;
    }
    if (c < lo || c > hi)
      return i + k + 1; /* shown up to and including the bad byte */
  }
  *valid = 1;
  return i + need;
}

/* Parses the shelf starting at *pos: up to the end of the input, or in line
 * mode up to and including the end of its line. Records one outcome, unless
 * in line mode the line is the empty text after the final line feed. */
static void ref_shelf(ref *r, size_t *pos) {
  enum { BEGIN, OPENED, WEIGHT, COMMA, CLOSED } where = BEGIN;
  int in_list = 0;
  uint64_t open_offset = 0, open_line = 0, open_start = 0;
  size_t i = *pos;
  size_t first = r->out->pool_len;
  const size_t begin = i;
  int stop = 0;
  while (i < r->len && !stop) {
    uint8_t c = r->d[i];
    uint64_t ln = r->line, ls = r->line_start;
    if (c == ' ' || c == '\t') {
      i++;
      continue;
    }
    if (c == '\n') {
      r->line++;
      r->line_start = i + 1;
      i++;
      if (r->lines) {
        stop = 1;
        break;
      }
      continue;
    }
    if (c == '\r') {
      if (i + 1 < r->len && r->d[i + 1] == '\n') {
        i++; /* the line feed is handled next */
        continue;
      }
      ref_error(r, SHELF_CONTROL, 0, i, ln, ls, i, i + 1, 0);
      goto failed;
    }
    if (c < 0x20 || c == 0x7f) {
      ref_error(r, SHELF_CONTROL, 0, i, ln, ls, i, i + 1, 0);
      goto failed;
    }
    if (c >= 0x80) {
      int valid;
      size_t end = utf8_scan(r, i, &valid);
      ref_error(r, valid ? SHELF_UNEXPECTED_CHAR : SHELF_BAD_UTF8, 0, i, ln, ls,
                i, end, 0);
      if (valid) {
        /* A valid character is shown by its code point, U+XXXX (at least
         * four hex digits). */
        uint32_t cp = c & (0x7fu >> (end - i));
        for (size_t k = i + 1; k < end; k++)
          cp = cp << 6 | (r->d[k] & 0x3fu);
        snprintf(r->out->items[r->out->count - 1].found,
                 sizeof r->out->items[0].found, "U+%04" PRIX32, cp);
      }
      goto failed;
    }
    if (where == CLOSED) {
      /* The text is shown up to the next separator, except for an opening
       * bracket, which is an error on its own. */
      size_t end = i + 1;
      while (c != '[' && end < r->len && token_byte(r->d[end]))
        end++;
      ref_error(r, SHELF_AFTER_LIST, 0, i, ln, ls, i, end, 0);
      goto failed;
    }
    if (c == ',') {
      if (where != WEIGHT) {
        ref_error(r, SHELF_EMPTY_ITEM, 0, i, ln, ls, i, i + 1, 0);
        goto failed;
      }
      where = COMMA;
      i++;
      continue;
    }
    if (c == '[') {
      if (where != BEGIN) {
        ref_error(r, in_list ? SHELF_NESTED : SHELF_MISPLACED_BRACKET, 0, i, ln,
                  ls, i, i + 1, 0);
        goto failed;
      }
      in_list = 1;
      open_offset = i;
      open_line = ln;
      open_start = ls;
      where = OPENED;
      i++;
      continue;
    }
    if (c == ']') {
      if (!in_list) {
        ref_error(r, SHELF_UNOPENED, 0, i, ln, ls, i, i + 1, 0);
        goto failed;
      }
      in_list = 0;
      where = CLOSED;
      i++;
      continue;
    }
    /* A token: a weight or an error. */
    size_t end = i;
    while (end < r->len && token_byte(r->d[end]))
      end++;
    int64_t w;
    int k = ref_weight(r->d + i, end - i, &w);
    if (k == 1) {
      pool_add(r->out, w);
      where = WEIGHT;
      i = end;
      continue;
    }
    ref_error(r, k < 0 ? SHELF_WEIGHT_RANGE : SHELF_OK, k == 0, i, ln, ls, i,
              end, 0);
    goto failed;
  }
  if (in_list) {
    ref_error(r, SHELF_UNCLOSED, 0, open_offset, open_line, open_start,
              open_offset, open_offset + 1, 0);
    r->out->pool_len = first;
    *pos = i;
    return;
  }
  /* In line mode the empty text after a final line feed is no shelf (nor
   * is a text that is only a byte-order mark). */
  if (r->lines && !stop && i == begin) {
    *pos = i;
    return;
  }
  outcome *o = list_add(r->out);
  o->ok = 1;
  o->first = first;
  o->n = r->out->pool_len - first;
  *pos = i;
  return;
failed:
  /* The weights of a failed shelf are not part of any outcome. */
  r->out->pool_len = first;
  if (!r->lines) {
    *pos = r->len;
    return;
  }
  /* Skip the rest of the line: nothing in it is looked at again. */
  while (i < r->len && r->d[i] != '\n')
    i++;
  if (i < r->len) {
    r->line++;
    r->line_start = i + 1;
    i++;
  }
  *pos = i;
}

static void ref_parse(const uint8_t *d, size_t len, int lines,
                      outcome_list *out) {
  ref r = {d, len, lines, 1, 0, out};
  size_t pos = 0;
  if (has_bom(d, len)) {
    pos = 3;
    r.line_start = 3;
  }
  if (!lines) {
    ref_shelf(&r, &pos);
    return;
  }
  while (pos < len)
    ref_shelf(&r, &pos);
}

/* ==== Driving the library ==== */

/*
 * Feeds the text to a parser in pieces and records the outcomes the way the
 * shelf command does with --keep-going: a shelf at each end, an error, then
 * skip_line and go on (line mode), or stop (whole text). `cuts` lists the
 * piece boundaries; bytewise feeds one byte per call instead.
 */
static void drive(const uint8_t *d, size_t len, unsigned flags,
                  const size_t *cuts, size_t ncuts, int bytewise,
                  outcome_list *out) {
  shelf_parser *p;
  shelf_solver *s;
  FUZZ_ASSERT(shelf_parser_new(&p, flags) == SHELF_OK, "parser_new");
  FUZZ_ASSERT(shelf_solver_new(&s, SHELF_KEEP_WEIGHTS) == SHELF_OK,
              "solver_new");
  int lines = (flags & SHELF_PARSE_LINES) != 0;
  int stopped = 0;
  size_t piece_start = 0, cut = 0;
  while (piece_start < len && !stopped) {
    size_t piece_end = len;
    if (bytewise) {
      piece_end = piece_start + 1;
    } else {
      while (cut < ncuts && cuts[cut] <= piece_start)
        cut++;
      if (cut < ncuts && cuts[cut] < len)
        piece_end = cuts[cut++];
    }
    size_t pos = piece_start;
    while (pos < piece_end) {
      size_t used = (size_t)-1;
      int ended = -1;
      shelf_status st = shelf_parser_feed(p, s, (const char *)d + pos,
                                          piece_end - pos, &used, &ended);
      FUZZ_ASSERT(used <= piece_end - pos, "used within the piece");
      FUZZ_ASSERT(ended == 0 || ended == 1, "ended is 0 or 1");
      const shelf_parse_error *e = shelf_parser_error(p);
      if (st != SHELF_OK) {
        FUZZ_ASSERT(ended == 0, "no shelf ends at an error");
        check_error_place(e, st, d, len);
        FUZZ_ASSERT(e->offset <= pos + used,
                    "an error starts at or before the byte it was found at");
        record_error(out, e);
        /* Failed parsers stay failed, with the same error. */
        size_t used2 = 1;
        int ended2 = 1;
        shelf_parse_error copy = *e;
        FUZZ_ASSERT(shelf_parser_feed(p, s, (const char *)d + pos + used,
                                      piece_end - pos - used, &used2,
                                      &ended2) == st,
                    "a failed parser returns its error again");
        FUZZ_ASSERT(used2 == 0 && ended2 == 0, "and consumes nothing");
        FUZZ_ASSERT(memcmp(&copy, shelf_parser_error(p), sizeof copy) == 0,
                    "and keeps its error");
        if (!lines) {
          stopped = 1;
          break;
        }
        FUZZ_ASSERT(shelf_parser_skip_line(p) == SHELF_OK, "skip_line");
        FUZZ_ASSERT(shelf_parser_error(p)->code == SHELF_OK,
                    "skip_line forgets the error");
        shelf_solver_reset(s);
        pos += used;
        continue;
      }
      FUZZ_ASSERT(e->code == SHELF_OK, "no error recorded on success");
      if (ended) {
        FUZZ_ASSERT(lines, "only line mode ends shelves while feeding");
        FUZZ_ASSERT(used > 0 && d[pos + used - 1] == '\n',
                    "a shelf ends right after a line feed");
        size_t n;
        const int64_t *w = shelf_solver_weights(s, &n);
        record_shelf(out, w, n);
        shelf_solver_reset(s);
      } else {
        FUZZ_ASSERT(used == piece_end - pos, "all of a piece is consumed");
      }
      pos += used;
    }
    piece_start = piece_end;
  }
  if (!stopped) {
    int ended = -1;
    shelf_status st = shelf_parser_finish(p, s, &ended);
    if (st != SHELF_OK) {
      check_error_place(shelf_parser_error(p), st, d, len);
      record_error(out, shelf_parser_error(p));
    } else if (ended) {
      size_t n;
      const int64_t *w = shelf_solver_weights(s, &n);
      record_shelf(out, w, n);
    } else {
      FUZZ_ASSERT(lines, "the whole text is always one shelf");
    }
  }
  shelf_parser_free(p);
  shelf_solver_free(s);
}

/* ==== The target ==== */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* 1. One piece, through the one-shot API. */
  outcome_list whole = {0};
  int64_t *w = NULL;
  size_t n = (size_t)-1;
  shelf_parse_error e;
  memset(&e, 0x55, sizeof e); /* must be overwritten */
  shelf_status st =
      shelf_parse(size ? (const char *)data : NULL, size, &w, &n, &e);
  if (st == SHELF_OK) {
    FUZZ_ASSERT(e.code == SHELF_OK, "success leaves no error");
    FUZZ_ASSERT(n <= size, "no more weights than bytes");
    FUZZ_ASSERT(n == 0 || w != NULL, "weights for a non-empty shelf");
    record_shelf(&whole, w, n);
    /* The parsed shelf solves like any other. */
    shelf_result a, b;
    FUZZ_ASSERT(shelf_solve(w, n, SHELF_ENGINE_LINEAR, &a) == SHELF_OK,
                "solve");
    FUZZ_ASSERT(a.n == n, "result counts the wheels");
    if (n <= 2000) {
      FUZZ_ASSERT(shelf_solve(w, n, SHELF_ENGINE_DP, &b) == SHELF_OK, "dp");
      FUZZ_ASSERT(a.margin == b.margin && a.first == b.first,
                  "linear and dp agree on a parsed shelf");
    }
  } else {
    FUZZ_ASSERT(st != SHELF_NOMEM && st != SHELF_INVALID,
                "only parse errors on valid arguments");
    check_error_place(&e, st, data, size);
    record_error(&whole, &e);
  }
  shelf_weights_free(w);

  /* 4. The reference, then 2. and 3.: the push parser in pieces. */
  outcome_list expect = {0}, got = {0};
  ref_parse(data, size, 0, &expect);
  matches_reference(&whole, &expect, "shelf_parse agrees with the grammar");

  size_t split =
      size >= 2 ? ((size_t)data[0] | (size_t)data[1] << 8) % size : 0;
  size_t cuts[3] = {split, split + 1 + (size ? data[size - 1] % 7 : 0),
                    split + 9};
  drive(data, size, 0, cuts, 3, 0, &got);
  same_outcomes(&whole, &got, "split pieces parse as one piece");
  list_free(&got);
  /* Many pieces of 1 to 256 bytes, their lengths taken from the bytes. */
  size_t *many = malloc((size + 1) * sizeof *many), nmany = 0;
  FUZZ_ASSERT(many != NULL, "the target itself ran out of memory");
  for (size_t at = 0, j = 0; at < size; j++) {
    at += 1 + (size_t)data[(j * 31 + 7) % size];
    many[nmany++] = at;
  }
  drive(data, size, 0, many, nmany, 0, &got);
  same_outcomes(&whole, &got, "many pieces parse as one piece");
  list_free(&got);
  if (size <= BYTEWISE_MAX) {
    drive(data, size, 0, NULL, 0, 1, &got);
    same_outcomes(&whole, &got, "single bytes parse as one piece");
    list_free(&got);
  }

  /* Line mode: every line's shelf or error, whatever the pieces. */
  outcome_list lines = {0};
  list_free(&expect);
  ref_parse(data, size, 1, &expect);
  drive(data, size, SHELF_PARSE_LINES, NULL, 0, 0, &lines);
  matches_reference(&lines, &expect, "line mode agrees with the grammar");
  drive(data, size, SHELF_PARSE_LINES, cuts, 3, 0, &got);
  same_outcomes(&lines, &got, "line mode: split pieces as one piece");
  list_free(&got);
  drive(data, size, SHELF_PARSE_LINES, many, nmany, 0, &got);
  same_outcomes(&lines, &got, "line mode: many pieces as one piece");
  list_free(&got);
  free(many);
  if (size <= BYTEWISE_MAX) {
    drive(data, size, SHELF_PARSE_LINES, NULL, 0, 1, &got);
    same_outcomes(&lines, &got, "line mode: single bytes as one piece");
    list_free(&got);
  }

  list_free(&lines);
  list_free(&expect);
  list_free(&whole);
  return 0;
}
