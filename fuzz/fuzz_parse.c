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
 *   1. a reference parser written from the grammar alone, sharing no code
 *      with src/core/parse.c (reference_parse.c): it decides acceptance, the
 *      weights, and for an error its code, place and the `found` text;
 *   2. the push parser in one piece, and shelf_parse() on the whole text
 *      (mode 0 only); each shelf's result is also the interval DP's;
 *   3. the push parser fed in pieces cut where the fuzzer picks (the first
 *      two bytes choose a cut, the last byte a second one a few bytes
 *      later, then a third follows), and again in many pieces of 1 to 256
 *      bytes, so that each stretch is read by the fast path and the
 *      byte-at-a-time machine in turn;
 *   4. the push parser fed one byte at a time (short inputs only);
 *   4a. the push parser in one piece and in many pieces again with each
 *      other path of the fast scanner this processor runs (src/core/scan.h:
 *      AVX2, SSE2, NEON, the portable words), forced the way tests force
 *      it, so that every path meets the grammar's every corner;
 *   4b. in the line modes, the same with --batch's quick lines
 *      (shelf__parser_quick_line()) tried at each line's start, on every
 *      path: a line (or a counted shelf's two) taken whole has the weights
 *      the reference reads, its
 *      shelf__solve_quick() answer is the solver's, and the parser goes on
 *      from where the machine would;
 *   5. the text cut in two after a blank (a space, tab or line feed the
 *      bytes pick): the first parser's shelf__parser_place() is handed to a
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
#include "reference_parse.h"
#include <shelf_pieces.h>
/* shelf__parser_place() and shelf__parser_skip_line(), the library's own. */
#include "../src/core/internal.h"

#include <shelf.h>

#include "../src/core/scan.h" /* the scanner's paths, forced per parser */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Inputs up to this size are also fed one byte at a time (O(len) calls). */
#define BYTEWISE_MAX 512

/* Shelves up to this many wheels are checked against the interval DP. */
#define DP_MAX 200

/* ==== Outcomes compared ==== */

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
  if (shelf__parser_place(v->p, &place) != SHELF_OK) {
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
/* A quick line (4b): its weights go into the driver's solver, so that the
 * shelf is recorded, and checked, as any other. */
static void quick_line(driver *v, const int64_t *w, unsigned n,
                       outcome_list *out) {
  FUZZ_ASSERT(n <= QUICK_LINE_MAX, "a quick line's weights fit its array");
  FUZZ_ASSERT(shelf_solver_push_many(v->s, w, n) == SHELF_OK, "push");
  shelf_result want, got;
  FUZZ_ASSERT(shelf_solver_result(v->s, &want) == SHELF_OK, "result");
  shelf__solve_quick(w, n, &got);
  FUZZ_ASSERT(same_result(&want, &got),
              "a quick line's answer is the solver's");
  shelf_done(v, out);
}

static void drive(const uint8_t *d, size_t len, unsigned flags,
                  const size_t *cuts, size_t ncuts, int bytewise, size_t resume,
                  outcome_list *out, int scanner, int quick) {
  driver v = {NULL, NULL, NULL, flags, resume == NO_RESUME, 0, 0};
  int line_unknown = len > 0 && (d[0] & 1); /* for a resumed parser */
  FUZZ_ASSERT(shelf_parser_new(&v.p, flags) == SHELF_OK, "parser_new");
  if (scanner >= 0)
    FUZZ_ASSERT(shelf__parser_scanner(v.p, scanner), "the scanner path runs");
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
      if (quick && lines && v.prefix == NULL) {
        int64_t w[QUICK_LINE_ROOM];
        unsigned n = QUICK_LINE_ROOM + 1;
        size_t took = shelf__parser_quick_line(v.p, (const char *)d, pos,
                                               piece_end, w, &n);
        if (took > 0) {
          FUZZ_ASSERT(took <= piece_end - pos && d[pos + took - 1] == '\n',
                      "a quick line ends at its line feed, in the piece");
          quick_line(&v, w, n, out);
          pos += took;
          continue;
        }
      }
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
        FUZZ_ASSERT(shelf__parser_skip_line(v.p) == SHELF_OK, "skip_line");
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
  drive(data, size, m->flags, NULL, 0, 0, NO_RESUME, &base, -1, 0);
  matches_reference(&base, &expect, WHAT("agrees with the grammar"));
  results_are_exact(&base, WHAT("a parsed shelf solves as the DP does"));
  if (parsed != NULL)
    same_outcomes(parsed, &base, WHAT("shelf_parse and the push parser"));

  drive(data, size, m->flags, cuts, ncuts, 0, NO_RESUME, &got, -1, 0);
  same_outcomes(&base, &got, WHAT("split pieces parse as one piece"));
  list_free(&got);
  drive(data, size, m->flags, many, nmany, 0, NO_RESUME, &got, -1, 0);
  same_outcomes(&base, &got, WHAT("many pieces parse as one piece"));
  list_free(&got);
  if (size <= BYTEWISE_MAX) {
    drive(data, size, m->flags, NULL, 0, 1, NO_RESUME, &got, -1, 0);
    same_outcomes(&base, &got, WHAT("single bytes parse as one piece"));
    list_free(&got);
  }
  /* 4a: each other path; 4b: quick lines on every path (line modes). */
  for (int way = 0; way < 2 * SCAN_KINDS; way++) {
    int k = way / 2, quick = way % 2;
    if (!shelf__scan_runs(k) ||
        (quick ? !(m->flags & SHELF_PARSE_LINES) : k == shelf__scan_best()))
      continue;
    drive(data, size, m->flags, NULL, 0, 0, NO_RESUME, &got, k, quick);
    same_outcomes(&base, &got,
                  WHAT(quick ? "quick lines, on every scanner path"
                             : "every scanner path as the best one"));
    list_free(&got);
    drive(data, size, m->flags, many, nmany, 0, NO_RESUME, &got, k, quick);
    same_outcomes(&base, &got,
                  WHAT(quick ? "quick lines, many pieces"
                             : "every scanner path, many pieces"));
    list_free(&got);
  }
  size_t at = blank_cut(data, size);
  if (at != NO_RESUME) {
    drive(data, size, m->flags, NULL, 0, 0, at, &got, -1, 0);
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
