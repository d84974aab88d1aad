/*
 * fuzz_parse.c - libFuzzer target for the input grammar: any bytes give
 * either a shelf or a precise error, whatever pieces they arrive in, in
 * every mode of the parser.
 *
 * The bytes are parsed in each of the four modes (the whole text one
 * shelf; SHELF_PARSE_LINES; SHELF_PARSE_COUNTED, one counted shelf; and
 * both flags, a sequence of counted shelves), each of them several ways,
 * and every outcome must be the same:
 *
 *   1. a reference parser written here from the grammar alone, sharing no
 *      code with src/parse.c: it decides acceptance, the weights, and for
 *      an error its code, place and the `found` text;
 *   2. the push parser in one piece, and shelf_parse() on the whole text
 *      (mode 0 only); each shelf's result is also the interval DP's;
 *   3. the push parser fed in pieces cut where the fuzzer picks (the first
 *      two bytes choose a cut, the last byte a second one a few bytes
 *      later, then a third follows), and again in many pieces of 1 to 256
 *      bytes, so that each stretch is read by the fast path and the
 *      byte-at-a-time machine in turn;
 *   4. the push parser fed one byte at a time (short inputs only);
 *   5. the text cut in two after a blank (a space, tab or line feed the
 *      bytes pick): the first parser's shelf_parser_place() is handed to a
 *      second parser by shelf_parser_resume(), which parses the rest into a
 *      solver of its own, and the two solvers are appended
 *      (shelf_solver_append()): the shelves' results and the errors'
 *      places are those of the text parsed whole. For odd first bytes the
 *      second parser is told line 1, as a caller that does not know the
 *      piece's line, and the lines before are added to its errors' lines
 *      (outside brackets: see resume_at()).
 *
 * In the modes with SHELF_PARSE_LINES the parser is driven the way the
 * shelf command drives it with --keep-going: after each error the rest of
 * the line is skipped and parsing goes on, so each shelf or error is
 * checked. Every error is also checked on its own terms: a parse code, an
 * offset inside the input, a line that counts the newlines before it, a
 * column that agrees with the line, and a printable, terminated `found`.
 *
 * FUZZ_ASSERT is always on (NDEBUG does not remove it) and aborts with a
 * message, which libFuzzer and the regression driver both report.
 */
#include "fuzz.h"
#include <shelf_pieces.h>

#include <shelf.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Inputs up to this size are also fed one byte at a time (O(len) calls). */
#define BYTEWISE_MAX 512

/* Shelves up to this many wheels are checked against the interval DP. */
#define DP_MAX 200

/* The `found` text is cut at this many bytes, then "..." is appended. */
#define FOUND_CUT 40

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

static int same_result(const shelf_result *a, const shelf_result *b) {
  return a->n == b->n && a->margin == b->margin && a->first == b->first &&
         a->second == b->second;
}

/* Two outcome lists from the library must agree in every field both know:
 * the weights where both have them, the results where both have them. */
static void same_outcomes(const outcome_list *a, const outcome_list *b,
                          const char *what) {
  FUZZ_ASSERT(a->count == b->count, what);
  for (size_t k = 0; k < a->count; k++) {
    const outcome *x = &a->items[k], *y = &b->items[k];
    FUZZ_ASSERT(x->ok == y->ok, what);
    if (x->ok) {
      FUZZ_ASSERT(x->n == y->n, what);
      if (x->has_weights && y->has_weights)
        FUZZ_ASSERT(x->n == 0 || memcmp(a->pool + x->first, b->pool + y->first,
                                        x->n * sizeof *a->pool) == 0,
                    what);
      if (x->has_result && y->has_result)
        FUZZ_ASSERT(same_result(&x->result, &y->result), what);
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
    FUZZ_ASSERT(strcmp(x->found, y->found) == 0, what);
  }
}

/* ==== Checks on one error ==== */

static int has_bom(const uint8_t *d, size_t len) {
  return len >= 3 && d[0] == 0xef && d[1] == 0xbb && d[2] == 0xbf;
}

static int is_parse_code(shelf_status st) {
  return st >= SHELF_EXPECTED_INTEGER && st <= SHELF_EXPECTED_LIST;
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

/* The line of the byte at `offset`, and where that line starts, counted as
 * the header says: lines from 1 at each line feed, columns from the line's
 * start, after a byte-order mark. */
static void line_of(const uint8_t *d, size_t len, uint64_t offset,
                    uint64_t *line, uint64_t *start) {
  *line = 1;
  *start = has_bom(d, len) ? 3 : 0;
  for (size_t i = 0; i < offset; i++) {
    if (d[i] == '\n') {
      ++*line;
      *start = i + 1;
    }
  }
  if (*start > offset) /* an error inside the mark itself */
    *start = 0;
}

/* An error must be a parse code at a place inside the input. */
static void check_error_place(const shelf_parse_error *e, shelf_status st,
                              const uint8_t *d, size_t len) {
  FUZZ_ASSERT(is_parse_code(st), "a parse failure returns a parse code");
  FUZZ_ASSERT(e->code == st, "the error struct holds the returned code");
  FUZZ_ASSERT(e->offset < (uint64_t)len + 1, "offset inside the input");
  uint64_t line, start;
  line_of(d, len, e->offset, &line, &start);
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

/* A shelf from shelf_parse(): its weights. */
static void record_weights(outcome_list *l, const int64_t *w, size_t n) {
  outcome *o = list_add(l);
  o->ok = 1;
  o->has_weights = 1;
  for (size_t i = 0; i < n; i++)
    pool_add(l, w[i]);
  o->n = n;
}

/* A shelf in a solver: its result, and its weights if it keeps them. */
static void record_solver(outcome_list *l, const shelf_solver *s, int keeps) {
  outcome *o = list_add(l);
  o->ok = 1;
  FUZZ_ASSERT(shelf_solver_result(s, &o->result) == SHELF_OK, "result");
  o->has_result = 1;
  o->n = (size_t)o->result.n;
  if (keeps) {
    size_t n;
    const int64_t *w = shelf_solver_weights(s, &n);
    FUZZ_ASSERT(n == o->n, "the solver kept every weight");
    for (size_t i = 0; i < n; i++)
      pool_add(l, w[i]);
    o->has_weights = 1;
  }
}

/* Each shelf's result, streamed through the parser into the solver, is the
 * interval DP's on its weights (short shelves). */
static void results_are_exact(const outcome_list *l, const char *what) {
  for (size_t k = 0; k < l->count; k++) {
    const outcome *o = &l->items[k];
    if (!o->ok || !o->has_weights || !o->has_result || o->n > DP_MAX)
      continue;
    shelf_result dp;
    const int64_t *w = o->n > 0 ? l->pool + o->first : NULL;
    FUZZ_ASSERT(shelf_solve(w, o->n, SHELF_ENGINE_DP, &dp) == SHELF_OK, "dp");
    FUZZ_ASSERT(same_result(&dp, &o->result), what);
  }
}

/* ==== The reference parser ==== */

/*
 * The grammar, from the header and the README, as simply as it can be said:
 * a weight is [+-]?[0-9]+ within int64_t; a token is a maximal run of
 * printable ASCII other than space, comma and square brackets; separators
 * are space, tab, LF, CR LF and comma (a comma only after a weight); one
 * pair of brackets may wrap the shelf, and may be named, `wheels = [...]`;
 * a byte-order mark may open the text. Errors are reported where the
 * offending text starts. In line mode each line is a shelf, and after an
 * error the rest of that line is skipped.
 *
 * Counted (SHELF_PARSE_COUNTED): the first weight is the count, not a
 * wheel, and must not be negative; once that many weights are read only
 * blanks (and the list's closing bracket) may follow; a text that ends
 * before them is too short. With SHELF_PARSE_LINES too, shelf follows shelf
 * over any lines, each ending at the separator after its last weight.
 */

typedef struct ref {
  const uint8_t *d;
  size_t len;
  int lines;   /* SHELF_PARSE_LINES: go on after each shelf and error */
  int counted; /* SHELF_PARSE_COUNTED */
  int by_line; /* each line a shelf: lines, not counted */
  uint64_t line, line_start; /* of the byte being looked at */
  outcome_list *out;
} ref;

/* Weights still due before a counted shelf's count is read. */
#define NO_COUNT UINT64_MAX

/* Appends one byte to `found` as the parser shows it: printable ASCII as
 * is (with \" and \\ escaped), other bytes as \xHH; cut at 40. */
static void found_add(char *found, size_t *len, int *cut, uint8_t c) {
  char esc[5];
  size_t n;
  if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
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

/* An error at `offset` on the line of the byte being looked at, showing
 * the bytes from..to. */
static void ref_error(ref *r, shelf_status code, int token, uint64_t offset,
                      size_t from, size_t to) {
  outcome *o = list_add(r->out);
  o->code = code;
  o->token = token;
  o->offset = offset;
  o->line = r->line;
  o->column = offset - r->line_start + 1;
  size_t n = 0;
  int cut = 0;
  for (size_t i = from; i < to; i++)
    found_add(o->found, &n, &cut, r->d[i]);
  if (cut)
    strcat(o->found, "...");
}

static int token_byte(uint8_t c) {
  return c > 0x20 && c < 0x7f && c != ',' && c != '[' && c != ']';
}

/* Where the run of token bytes from i ends. */
static size_t token_end(const ref *r, size_t i) {
  while (i < r->len && token_byte(r->d[i]))
    i++;
  return i;
}

/* A blank between items: space, tab, and a line feed unless it ends the
 * shelf's line. (A carriage return counts only before a line feed.) */
static int ref_blank(const ref *r, uint8_t c) {
  return c == ' ' || c == '\t' || (c == '\n' && !r->by_line);
}

static int name_start(uint8_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int name_char(uint8_t c) {
  return name_start(c) || (c >= '0' && c <= '9');
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

/* UTF-8 from its definition (RFC 3629, section 3), not from parse.c's
 * tables: the lead byte's high bits give the length, each further byte is
 * 10xxxxxx, and the code point must need that length (no overlong form),
 * be no surrogate (U+D800..U+DFFF) and be at most U+10FFFF. */
static size_t utf8_length(uint8_t c) {
  return (c & 0xe0) == 0xc0   ? 2
         : (c & 0xf0) == 0xe0 ? 3
         : (c & 0xf8) == 0xf0 ? 4
                              : 0;
}

/* Whether the first k bytes of a sequence of `need` can still be completed
 * to a valid character: the code points their completions reach form one
 * aligned block, which must meet the valid ones. A prefix that cannot is
 * where the parser stops, showing the bytes up to its last. */
static int completes(const uint8_t *b, size_t k, size_t need) {
  uint32_t cp = b[0] & (0x7fu >> need);
  for (size_t j = 1; j < k; j++)
    cp = cp << 6 | (b[j] & 0x3fu);
  unsigned free_bits = 6 * (unsigned)(need - k);
  uint32_t lo = cp << free_bits, hi = lo | ((1u << free_bits) - 1);
  uint32_t min = need == 2 ? 0x80 : need == 3 ? 0x800 : 0x10000;
  if (lo < min)
    lo = min;
  if (hi > 0x10ffff)
    hi = 0x10ffff;
  return lo <= hi && !(lo >= 0xd800 && hi <= 0xdfff);
}

/* A byte at or above 0x80 at i: never part of a shelf. Records its error:
 * a whole character shown by its code point, or the invalid bytes up to
 * and including the first bad one. */
static void ref_utf8(ref *r, size_t i) {
  uint8_t lead = r->d[i];
  size_t need = utf8_length(lead), end = i + 1;
  int valid = need > 0 && completes(r->d + i, 1, need);
  for (size_t k = 1; valid && k < need; k++) {
    if (i + k >= r->len) { /* cut short by the end of the input */
      valid = 0;
      end = r->len;
      break;
    }
    end = i + k + 1;
    if ((r->d[i + k] & 0xc0) != 0x80 || !completes(r->d + i, k + 1, need))
      valid = 0;
  }
  ref_error(r, valid ? SHELF_UNEXPECTED_CHAR : SHELF_BAD_UTF8, 0, i, i, end);
  if (valid) {
    /* Shown by its code point, U+XXXX (at least four hex digits). */
    uint32_t cp = lead & (0x7fu >> need);
    for (size_t k = i + 1; k < end; k++)
      cp = cp << 6 | (r->d[k] & 0x3fu);
    snprintf(r->out->items[r->out->count - 1].found,
             sizeof r->out->items[0].found, "U+%04" PRIX32, cp);
  }
}

/* Parses the shelf starting at *pos: up to the end of the input, or in line
 * mode up to and including the end of its line, or in counted line mode up
 * to the separator after its last weight. Records one outcome, unless the
 * text held no shelf: in line mode the empty text after the final line
 * feed, in counted line mode blanks after the last shelf. */
static void ref_shelf(ref *r, size_t *pos) {
  enum { BEGIN, OPENED, WEIGHT, COMMA, CLOSED, EQUALS } where = BEGIN;
  int in_list = 0;
  uint64_t open_offset = 0, open_line = 0, open_start = 0;
  uint64_t due = NO_COUNT; /* counted: weights still to come */
  size_t i = *pos;
  size_t first = r->out->pool_len;
  const size_t begin = i;
  int line_ended = 0;
  while (i < r->len) {
    uint8_t c = r->d[i];
    if (c == '\r') {
      if (i + 1 < r->len && r->d[i + 1] == '\n') {
        i++; /* a blank: the line feed is looked at next */
        continue;
      }
      ref_error(r, SHELF_CONTROL, 0, i, i, i + 1);
      goto failed;
    }
    if (where == EQUALS && !ref_blank(r, c) && c != '[') {
      ref_error(r, SHELF_EXPECTED_LIST, 0, i, i, i);
      goto failed;
    }
    /* Past the last counted weight: printable text is one weight too many
     * (shown up to the next separator), whatever it is. */
    if (due == 0 && c > 0x20 && c < 0x7f && !(c == ']' && in_list)) {
      ref_error(r, SHELF_TOO_MANY, 0, i, i, token_end(r, i + 1));
      goto failed;
    }
    if (c == ' ' || c == '\t') {
      i++;
      continue;
    }
    if (c == '\n') {
      r->line++;
      r->line_start = i + 1;
      i++;
      if (r->by_line) {
        line_ended = 1;
        break;
      }
      continue;
    }
    if (c < 0x20 || c == 0x7f) {
      ref_error(r, SHELF_CONTROL, 0, i, i, i + 1);
      goto failed;
    }
    if (c >= 0x80) {
      ref_utf8(r, i);
      goto failed;
    }
    if (where == CLOSED) {
      /* The text is shown up to the next separator, except for an opening
       * bracket, which is an error on its own. */
      ref_error(r, SHELF_AFTER_LIST, 0, i, i,
                c == '[' ? i + 1 : token_end(r, i + 1));
      goto failed;
    }
    if (c == ',') {
      if (where != WEIGHT) {
        ref_error(r, SHELF_EMPTY_ITEM, 0, i, i, i + 1);
        goto failed;
      }
      where = COMMA;
      i++;
      continue;
    }
    if ((c == '[' || c == ']') && r->counted) { /* not in that layout */
      ref_error(r, SHELF_UNEXPECTED_CHAR, 0, i, i, i + 1);
      goto failed;
    }
    if (c == '[') {
      if (where != BEGIN && where != EQUALS) {
        ref_error(r, in_list ? SHELF_NESTED : SHELF_MISPLACED_BRACKET, 0, i, i,
                  i + 1);
        goto failed;
      }
      in_list = 1;
      open_offset = i;
      open_line = r->line;
      open_start = r->line_start;
      where = OPENED;
      i++;
      continue;
    }
    if (c == ']') {
      if (!in_list) {
        ref_error(r, SHELF_UNOPENED, 0, i, i, i + 1);
        goto failed;
      }
      in_list = 0;
      where = CLOSED;
      i++;
      continue;
    }
    /* A name and its '=' open a named list. Blanks may stand around the
     * '=' (line feeds and CR LF too, unless each line is a shelf). A name
     * without its '=' is a word like any other. */
    if (where == BEGIN && !in_list && !r->counted && name_start(c)) {
      size_t j = i;
      while (j < r->len && name_char(r->d[j]))
        j++;
      size_t k = j;
      while (k < r->len &&
             (ref_blank(r, r->d[k]) || (r->d[k] == '\r' && !r->by_line &&
                                        k + 1 < r->len && r->d[k + 1] == '\n')))
        k++;
      if (k < r->len && r->d[k] == '=') {
        for (size_t m = j; m < k; m++) {
          if (r->d[m] == '\n') {
            r->line++;
            r->line_start = m + 1;
          }
        }
        where = EQUALS;
        i = k + 1;
        continue;
      }
      if (k > j) { /* blanks, then no '=': the name alone is the word */
        ref_error(r, SHELF_OK, 1, i, i, j);
        goto failed;
      }
    }
    /* A token: a weight (or the count), or an error. */
    size_t end = token_end(r, i);
    int64_t w;
    int k = ref_weight(r->d + i, end - i, &w);
    if (k != 1) {
      ref_error(r, k < 0 ? SHELF_WEIGHT_RANGE : SHELF_OK, k == 0, i, i, end);
      goto failed;
    }
    if (r->counted && due == NO_COUNT) {
      if (w < 0) {
        ref_error(r, SHELF_BAD_COUNT, 0, i, i, end);
        goto failed;
      }
      due = (uint64_t)w;
    } else {
      if (r->counted)
        due--;
      pool_add(r->out, w);
    }
    where = WEIGHT;
    i = end;
    /* A sequence of counted shelves: a shelf ends at the separator after
     * its last weight (the layout has no brackets). A carriage return is
     * looked at again by the next shelf, which checks its line feed. */
    if (r->lines && r->counted && due == 0 && i < r->len) {
      uint8_t s = r->d[i];
      if (s == ' ' || s == '\t' || s == '\n') {
        if (s == '\n') {
          r->line++;
          r->line_start = i + 1;
        }
        i++;
        goto shelf;
      }
      if (s == '\r')
        goto shelf;
    }
  }
  /* The end of the shelf: of the input, or of its line. */
  if (where == EQUALS) {
    ref_error(r, SHELF_EXPECTED_LIST, 0, i, i, i);
    goto failed;
  }
  if (in_list) { /* named at the bracket's place */
    uint64_t line = r->line, start = r->line_start;
    r->line = open_line;
    r->line_start = open_start;
    ref_error(r, SHELF_UNCLOSED, 0, open_offset, open_offset, open_offset + 1);
    r->line = line;
    r->line_start = start;
    r->out->pool_len = first;
    *pos = i; /* the line feed that ended the line is read */
    return;
  }
  if (r->counted) {
    if (due == NO_COUNT) {
      /* Blanks after the last of many counted shelves are no shelf; one
       * counted shelf needs its count. */
      if (r->lines) {
        *pos = i;
        return;
      }
      ref_error(r, SHELF_EXPECTED_INTEGER, 0, i, i, i);
      goto failed;
    }
    if (due > 0) {
      ref_error(r, SHELF_TOO_FEW, 0, i, i, i);
      goto failed;
    }
  } else if (r->by_line && !line_ended && i == begin) {
    /* the empty text after the final line feed (or a lone byte-order
     * mark) is no shelf */
    *pos = i;
    return;
  }
shelf:;
  outcome *o = list_add(r->out);
  o->ok = 1;
  o->has_weights = 1;
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

static void ref_parse(const uint8_t *d, size_t len, unsigned flags,
                      outcome_list *out) {
  ref r = {d, len, 0, 0, 0, 1, 0, out};
  r.lines = (flags & SHELF_PARSE_LINES) != 0;
  r.counted = (flags & SHELF_PARSE_COUNTED) != 0;
  r.by_line = r.lines && !r.counted;
  size_t pos = 0;
  if (has_bom(d, len)) {
    pos = 3;
    r.line_start = 3;
  }
  if (!r.lines) {
    ref_shelf(&r, &pos);
    return;
  }
  while (pos < len)
    ref_shelf(&r, &pos);
}

/* ==== Driving the library ==== */

/* No cut for a resumed parser. */
#define NO_RESUME SIZE_MAX

/* A parser being driven, and the solver its shelf goes into. */
typedef struct driver {
  shelf_parser *p;
  shelf_solver *s;
  shelf_solver *prefix; /* after a resume: the shelf before the cut */
  unsigned flags;
  int keeps;             /* the solver keeps its weights */
  int errors;            /* errors recorded so far */
  uint64_t lines_before; /* resumed at line 1: the lines it did not know */
} driver;

/* The parser's error, its line made whole again (see resume_at), checked
 * and recorded. */
static void parser_error(const driver *v, shelf_status st, const uint8_t *d,
                         size_t len, outcome_list *out) {
  shelf_parse_error e = *shelf_parser_error(v->p);
  e.line += v->lines_before;
  check_error_place(&e, st, d, len);
  record_error(out, &e);
}

/* The shelf in the solver has ended: record it (appended to the part
 * before the cut, if the parser was resumed within it) and start anew. */
static void shelf_done(driver *v, outcome_list *out) {
  if (v->prefix != NULL) {
    FUZZ_ASSERT(shelf_solver_append(v->prefix, v->s) == SHELF_OK,
                "append the shelf after the cut to the part before it");
    record_solver(out, v->prefix, 0);
    shelf_solver_free(v->prefix);
    v->prefix = NULL;
  } else {
    record_solver(out, v->s, v->keeps);
  }
  shelf_solver_reset(v->s);
}

/* Hands the text after `at` to a new parser resumed at the old one's place,
 * with a solver of its own, as a second thread or machine would get it.
 * With `line_unknown`, as a caller that does not know the piece's line: the
 * place is given line 1, and the lines before are added to errors. */
static void resume_at(driver *v, const uint8_t *d, size_t len, size_t at,
                      int line_unknown) {
  shelf_parse_place place;
  if (shelf_parser_place(v->p, &place) != SHELF_OK) {
    /* Only inside a name or after its '=', or in a skipped line. */
    int name = 0;
    for (size_t i = 0; i < at; i++)
      name |= (d[i] >= 'a' && d[i] <= 'z') || (d[i] >= 'A' && d[i] <= 'Z') ||
              d[i] == '_';
    FUZZ_ASSERT(v->errors > 0 || (name && !(v->flags & SHELF_PARSE_COUNTED)),
                "a place after a blank, between items");
    return;
  }
  uint64_t line, start;
  line_of(d, len, at, &line, &start);
  FUZZ_ASSERT(place.offset == at, "the place is after the text fed");
  FUZZ_ASSERT(place.line == line && place.line_start == start,
              "the place's line and its start");
  shelf_parser *q;
  FUZZ_ASSERT(shelf_parser_new(&q, v->flags) == SHELF_OK, "parser_new");
  /* (Not inside brackets: an unclosed bracket's error gives the line of
   * the bracket the place holds, which such a caller would not know.) */
  if (line_unknown && !place.in_list) {
    v->lines_before = place.line - 1;
    place.line = 1;
  }
  FUZZ_ASSERT(shelf_parser_resume(q, &place) == SHELF_OK, "resume");
  shelf_parser_free(v->p);
  v->p = q;
  v->prefix = v->s;
  FUZZ_ASSERT(shelf_solver_new(&v->s, 0) == SHELF_OK, "solver_new");
}

/*
 * Feeds the text to a parser in pieces and records the outcomes the way the
 * shelf command does with --keep-going: a shelf at each end, an error, then
 * skip_line and go on (line modes), or stop (one shelf). `cuts` lists the
 * piece boundaries; bytewise feeds one byte per call instead. With `resume`
 * a new parser takes over at that offset (see resume_at), and the solvers
 * keep no weights, so that appending merges their stacks.
 */
static void drive(const uint8_t *d, size_t len, unsigned flags,
                  const size_t *cuts, size_t ncuts, int bytewise, size_t resume,
                  outcome_list *out) {
  driver v = {NULL, NULL, NULL, flags, resume == NO_RESUME, 0, 0};
  int line_unknown = len > 0 && (d[0] & 1); /* for a resumed parser */
  FUZZ_ASSERT(shelf_parser_new(&v.p, flags) == SHELF_OK, "parser_new");
  FUZZ_ASSERT(shelf_solver_new(&v.s, v.keeps ? SHELF_KEEP_WEIGHTS : 0) ==
                  SHELF_OK,
              "solver_new");
  int lines = (flags & SHELF_PARSE_LINES) != 0;
  int by_line = lines && !(flags & SHELF_PARSE_COUNTED);
  int stopped = 0;
  size_t piece_start = 0, cut = 0;
  if (resume != NO_RESUME) {
    cuts = &resume;
    ncuts = 1;
    bytewise = 0;
  }
  while (piece_start < len && !stopped) {
    if (piece_start == resume)
      resume_at(&v, d, len, resume, line_unknown);
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
      shelf_status st = shelf_parser_feed(v.p, v.s, (const char *)d + pos,
                                          piece_end - pos, &used, &ended);
      FUZZ_ASSERT(used <= piece_end - pos, "used within the piece");
      FUZZ_ASSERT(ended == 0 || ended == 1, "ended is 0 or 1");
      const shelf_parse_error *e = shelf_parser_error(v.p);
      if (st != SHELF_OK) {
        FUZZ_ASSERT(ended == 0, "no shelf ends at an error");
        FUZZ_ASSERT(e->offset <= pos + used,
                    "an error starts at or before the byte it was found at");
        parser_error(&v, st, d, len, out);
        v.errors++;
        /* Failed parsers stay failed, with the same error. */
        size_t used2 = 1;
        int ended2 = 1;
        shelf_parse_error copy = *e;
        FUZZ_ASSERT(shelf_parser_feed(v.p, v.s, (const char *)d + pos + used,
                                      piece_end - pos - used, &used2,
                                      &ended2) == st,
                    "a failed parser returns its error again");
        FUZZ_ASSERT(used2 == 0 && ended2 == 0, "and consumes nothing");
        FUZZ_ASSERT(memcmp(&copy, shelf_parser_error(v.p), sizeof copy) == 0,
                    "and keeps its error");
        if (!lines) {
          stopped = 1;
          break;
        }
        FUZZ_ASSERT(shelf_parser_skip_line(v.p) == SHELF_OK, "skip_line");
        FUZZ_ASSERT(shelf_parser_error(v.p)->code == SHELF_OK,
                    "skip_line forgets the error");
        shelf_solver_reset(v.s);
        shelf_solver_free(v.prefix);
        v.prefix = NULL;
        pos += used;
        continue;
      }
      FUZZ_ASSERT(e->code == SHELF_OK, "no error recorded on success");
      if (ended) {
        FUZZ_ASSERT(lines, "only line modes end shelves while feeding");
        uint8_t last = used > 0 ? d[pos + used - 1] : 0;
        if (by_line)
          FUZZ_ASSERT(last == '\n', "a line ends right after a line feed");
        else
          FUZZ_ASSERT(last == ' ' || last == '\t' || last == '\n' ||
                          last == '\r' || last == ']',
                      "a counted shelf ends after the separator of its last "
                      "weight");
        shelf_done(&v, out);
      } else {
        FUZZ_ASSERT(used == piece_end - pos, "all of a piece is consumed");
      }
      pos += used;
    }
    piece_start = piece_end;
  }
  if (!stopped) {
    if (resume == len && len > 0)
      resume_at(&v, d, len, resume, line_unknown);
    int ended = -1;
    shelf_status st = shelf_parser_finish(v.p, v.s, &ended);
    if (st != SHELF_OK) {
      parser_error(&v, st, d, len, out);
    } else if (ended) {
      shelf_done(&v, out);
    } else {
      FUZZ_ASSERT(lines, "the whole text is always one shelf");
    }
  }
  shelf_parser_free(v.p);
  shelf_solver_free(v.s);
  shelf_solver_free(v.prefix);
}

/* ==== The target ==== */

/* The modes, and the words that name them in messages. */
static const struct mode {
  unsigned flags;
  const char *name;
} modes[] = {
    {0, "one shelf"},
    {SHELF_PARSE_LINES, "line mode"},
    {SHELF_PARSE_COUNTED, "counted"},
    {SHELF_PARSE_COUNTED | SHELF_PARSE_LINES, "counted lines"},
};

/* Where the text is cut in two for a resumed parser: after a blank the
 * bytes pick (the end counts), or nowhere. */
static size_t blank_cut(const uint8_t *d, size_t len) {
  size_t blanks = 0;
  for (size_t i = 0; i < len; i++)
    blanks += d[i] == ' ' || d[i] == '\t' || d[i] == '\n';
  if (blanks == 0)
    return NO_RESUME;
  size_t pick = ((size_t)d[len / 2] * 131 + len) % blanks;
  for (size_t i = 0; i < len; i++)
    if ((d[i] == ' ' || d[i] == '\t' || d[i] == '\n') && pick-- == 0)
      return i + 1;
  return NO_RESUME;
}

/* One mode: the library in one piece against the reference, then every
 * other way of feeding it against the one piece. */
static void check_mode(const uint8_t *data, size_t size, const struct mode *m,
                       const size_t *cuts, size_t ncuts, const size_t *many,
                       size_t nmany, const outcome_list *parsed) {
  char what[128];
  outcome_list expect = {0}, base = {0}, got = {0};
#define WHAT(s) (snprintf(what, sizeof what, "%s: %s", m->name, s), what)
  ref_parse(data, size, m->flags, &expect);
  drive(data, size, m->flags, NULL, 0, 0, NO_RESUME, &base);
  matches_reference(&base, &expect, WHAT("agrees with the grammar"));
  results_are_exact(&base, WHAT("a parsed shelf solves as the DP does"));
  if (parsed != NULL)
    same_outcomes(parsed, &base, WHAT("shelf_parse and the push parser"));

  drive(data, size, m->flags, cuts, ncuts, 0, NO_RESUME, &got);
  same_outcomes(&base, &got, WHAT("split pieces parse as one piece"));
  list_free(&got);
  drive(data, size, m->flags, many, nmany, 0, NO_RESUME, &got);
  same_outcomes(&base, &got, WHAT("many pieces parse as one piece"));
  list_free(&got);
  if (size <= BYTEWISE_MAX) {
    drive(data, size, m->flags, NULL, 0, 1, NO_RESUME, &got);
    same_outcomes(&base, &got, WHAT("single bytes parse as one piece"));
    list_free(&got);
  }
  size_t at = blank_cut(data, size);
  if (at != NO_RESUME) {
    drive(data, size, m->flags, NULL, 0, 0, at, &got);
    same_outcomes(&base, &got, WHAT("resumed at a place, appended"));
    list_free(&got);
  }
#undef WHAT
  list_free(&expect);
  list_free(&base);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* shelf_parse() on the whole text, checked on its own terms here and
   * against the push parser in check_mode(). */
  outcome_list parsed = {0};
  int64_t *w = NULL;
  size_t n = (size_t)-1;
  shelf_parse_error e;
  memset(&e, 0x55, sizeof e); /* must be overwritten */
  shelf_status st =
      shelf_parse(size ? (const char *)data : NULL, size, &w, &n, &e);
  if (st == SHELF_OK) {
    FUZZ_ASSERT(e.code == SHELF_OK, "success leaves no error");
    FUZZ_ASSERT(n <= size, "no more weights than bytes");
    FUZZ_ASSERT((n == 0) == (w == NULL), "NULL weights for an empty shelf");
    record_weights(&parsed, w, n);
  } else {
    FUZZ_ASSERT(st != SHELF_NOMEM && st != SHELF_INVALID,
                "only parse errors on valid arguments");
    check_error_place(&e, st, data, size);
    record_error(&parsed, &e);
  }
  shelf_weights_free(w);

  /* Three cuts the bytes choose, and many pieces of 1 to 256 bytes, their
   * lengths taken from the bytes. */
  size_t split =
      size >= 2 ? ((size_t)data[0] | (size_t)data[1] << 8) % size : 0;
  size_t cuts[3] = {split, split + 1 + (size ? data[size - 1] % 7 : 0),
                    split + 9};
  size_t *many = malloc((size + 1) * sizeof *many), nmany = 0;
  FUZZ_ASSERT(many != NULL, "the target itself ran out of memory");
  for (size_t at = 0, j = 0; at < size; j++) {
    at += 1 + (size_t)data[(j * 31 + 7) % size];
    many[nmany++] = at;
  }
  for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++)
    check_mode(data, size, &modes[k], cuts, 3, many, nmany,
               modes[k].flags == 0 ? &parsed : NULL);
  free(many);
  list_free(&parsed);
  return 0;
}
