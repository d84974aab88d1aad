/*
 * test_scan.c - the fast scanner's paths (src/core/scan.h, issue 46): every path
 * this build and processor run (AVX2, SSE2, NEON, the portable words) gives
 * the parser exactly the outcome the portable path gives, on texts made to
 * hit the scanner's corners: windows that end inside a weight or after a
 * sign, 16- and 17-digit weights, weights past 64 bits, CR LF, commas,
 * tabs, brackets, line feeds in line mode, stray bytes; whole and in
 * pieces, in every mode of the parser. fuzz_parse checks each path against
 * the grammar's reference parser too.
 */
#include "harness.h"

#include "../src/core/internal.h" /* shelf__parser_skip_line */
#include "../src/core/scan.h"
#include "../src/pieces/lines.h" /* --batch's loop, quick lines and all */

/* The texts are random but the same on every run. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static unsigned rnd(unsigned m) {
  rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
  return (unsigned)((rng_state >> 33) % m);
}

#define TEXT_MAX 6000

/* A weight: 1 to 5 digits mostly, sometimes 15 to 20, maybe a sign. */
static size_t put_weight(char *t, size_t at) {
  static const char *const wide[] = {"9223372036854775807",
                                     "9223372036854775808", "0000000000000001",
                                     "1234567890123456", "12345678901234567"};
  unsigned r = rnd(100);
  if (r < 6)
    t[at++] = r < 3 ? '-' : '+';
  if (r >= 94) {
    const char *w = wide[rnd(5)];
    size_t k = strlen(w);
    memcpy(t + at, w, k);
    return at + k;
  }
  unsigned digits = rnd(100) < 90 ? 1 + rnd(5) : 6 + rnd(14);
  for (unsigned k = 0; k < digits; k++)
    t[at++] = (char)('0' + rnd(10));
  return at;
}

/* What follows a weight: mostly separators, now and then anything. */
static size_t put_gap(char *t, size_t at, int style) {
  static const char *const plain[] = {" ", "\n", ",", ", ", "\t", "  ",
                                      "\r\n", " \n", "\n\n", ",\n  "};
  static const char *const odd[] = {"[", "]", "x", "\r", ",,", "-", "\x80",
                                    "+ ", " [", "] ", "=", "\0", "\n,", "#"};
  const char *g;
  if (rnd(1000) < (unsigned)(style == 0 ? 2 : 20))
    g = odd[rnd(sizeof odd / sizeof odd[0])];
  else if (style == 1)
    g = rnd(8) == 0 ? "\n" : " "; /* lines of weights */
  else
    g = plain[rnd(sizeof plain / sizeof plain[0])];
  size_t k = g[0] == '\0' ? 1 : strlen(g);
  memcpy(t + at, g, k);
  return at + k;
}

static size_t make_text(char *t, int style, unsigned flags) {
  size_t at = 0, target = 64 + rnd(TEXT_MAX - 200);
  if (rnd(4) == 0)
    t[at++] = '[';
  if (flags & SHELF_PARSE_COUNTED)
    at += (size_t)sprintf(t + at, "%u\n", rnd(40));
  while (at < target) {
    at = put_weight(t, at);
    at = put_gap(t, at, style);
    if ((flags & SHELF_PARSE_COUNTED) && rnd(30) == 0)
      at += (size_t)sprintf(t + at, "%u\n", rnd(40));
  }
  return at;
}

/* What the parser made of a text, item by item. */
typedef struct outcome {
  char log[1 << 16];
  size_t len;
} outcome;

#define NOTE(o, ...)                                                           \
  do {                                                                         \
    if ((o)->len < sizeof(o)->log - 200)                                       \
      (o)->len += (size_t)snprintf((o)->log + (o)->len,                        \
                                   sizeof(o)->log - (o)->len, __VA_ARGS__);    \
  } while (0)

static void note_shelf(outcome *o, shelf_solver *s) {
  shelf_result r;
  REQUIRE(shelf_solver_result(s, &r) == SHELF_OK);
  char margin[48];
  shelf_i128_format(r.margin, margin);
  NOTE(o, "shelf %llu %s\n", (unsigned long long)r.n, margin);
  shelf_solver_reset(s);
}

static void note_error(outcome *o, shelf_status st, const shelf_parser *p) {
  const shelf_parse_error *e = shelf_parser_error(p);
  NOTE(o, "error %s %llu:%llu @%llu \"%s\"\n", shelf_status_name(st),
       (unsigned long long)e->line, (unsigned long long)e->column,
       (unsigned long long)e->offset, e->found);
}

/* A parser with `flags` that scans with path `kind`, and a solver. */
static void new_parser(unsigned flags, int kind, shelf_parser **p,
                       shelf_solver **s) {
  *p = NULL;
  *s = NULL;
  REQUIRE(shelf_parser_new(p, flags) == SHELF_OK &&
          shelf_solver_new(s, 0) == SHELF_OK);
  REQUIRE(shelf__parser_scanner(*p, kind));
}

/* Parses t with path `kind`, in pieces of at most `piece` bytes. */
static void parse_with(const char *t, size_t len, unsigned flags, int kind,
                       size_t piece, outcome *o) {
  shelf_parser *p;
  shelf_solver *s;
  o->len = 0;
  new_parser(flags, kind, &p, &s);
  int lines = (flags & SHELF_PARSE_LINES) != 0;
  size_t at = 0;
  while (at < len) {
    size_t end = len - at > piece ? at + piece : len;
    while (at < end) {
      size_t used = 0;
      int ended = 0;
      shelf_status st = shelf_parser_feed(p, s, t + at, end - at, &used,
                                          &ended);
      at += used;
      if (st != SHELF_OK) {
        note_error(o, st, p);
        if (!lines)
          goto done;
        REQUIRE(shelf__parser_skip_line(p) == SHELF_OK);
        shelf_solver_reset(s);
      } else if (ended) {
        note_shelf(o, s);
      }
    }
  }
  int ended = 0;
  shelf_status st = shelf_parser_finish(p, s, &ended);
  if (st != SHELF_OK)
    note_error(o, st, p);
  else if (ended || !lines)
    note_shelf(o, s);
done:
  shelf_parser_free(p);
  shelf_solver_free(s);
}

static void test_paths_agree(void) {
  static char text[TEXT_MAX + 200];
  static outcome want, got;
  static const unsigned modes[] = {0, SHELF_PARSE_LINES, SHELF_PARSE_COUNTED,
                                   SHELF_PARSE_LINES | SHELF_PARSE_COUNTED};
  int kinds = 0;
  for (int k = 0; k < SCAN_KINDS; k++)
    kinds += shelf__scan_runs(k);
  CHECK(shelf__scan_runs(SCAN_SWAR));
  CHECK(shelf__scan_runs(shelf__scan_best()));
  printf("  %d scanner paths run here; the best is %d\n", kinds,
         shelf__scan_best());
  for (int round = 0; round < 600; round++) {
    unsigned flags = modes[round % 4];
    size_t len = make_text(text, rnd(3), flags);
    size_t piece = rnd(2) ? len : 1 + rnd(300);
    parse_with(text, len, flags, SCAN_SWAR, len, &want);
    for (int k = 0; k < SCAN_KINDS; k++) {
      if (!shelf__scan_runs(k))
        continue;
      parse_with(text, len, flags, k, piece, &got);
      int same = got.len == want.len && memcmp(got.log, want.log, got.len) == 0;
      if (!same)
        fprintf(stderr, "round %d, mode %u, path %d, pieces of %zu: "
                "\n%.*s\nagainst the portable path's\n%.*s\n", round, flags, k,
                piece, (int)got.len, got.log, (int)want.len, want.log);
      CHECK(same);
    }
  }
}

/* ==== --batch's quick lines ==== */

/* A line of a --batch text for the quick lines (shelf__scan_line()):
 * weights of 1 to 9 digits (leading zeros too) between blanks, from empty
 * to past the window's 64 bytes, and now and then a line the quick path
 * must leave to the machine: a sign, a comma, a CR, a bracket, a stray
 * byte, a weight past 16 digits. */
static size_t make_batch_line(char *t, size_t most) {
  static const char *const odd[] = {"-",  "+", ",",  ", ", "\r", "[", "]",
                                    "x", "\x80", "#", "12345678901234567"};
  static const char *const blank[] = {" ", " ", " ", "  ", "\t", " \t"};
  size_t at = 0, width = rnd(4) == 0 ? most - 20 + rnd(30) : rnd(most);
  if (rnd(8) == 0)
    at += (size_t)sprintf(t + at, "%s", blank[rnd(6)]);
  while (at < width) {
    unsigned digits = rnd(10) == 0 ? 1 + rnd(9) : 1 + rnd(5);
    for (unsigned k = 0; k < digits; k++)
      t[at++] = (char)('0' + (k == 0 && rnd(4) ? 1 + rnd(9) : rnd(10)));
    if (rnd(60) == 0)
      at += (size_t)sprintf(t + at, "%s", odd[rnd(11)]);
    at += (size_t)sprintf(t + at, "%s", blank[rnd(6)]);
  }
  if (at > 0 && rnd(3) == 0)
    at--; /* no blank before the line feed */
  t[at++] = '\n';
  return at;
}

static size_t make_batch(char *t) {
  size_t at = 0, target = 64 + rnd(TEXT_MAX - 300);
  while (at < target)
    at += make_batch_line(t + at, 70); /* about the window's 64 bytes */
  return at;
}

/* A --batch --counted text: shelves of a count's line and a weights'
 * line (make_batch()'s), the count now and then wrong or 0, with a
 * leading zero, or followed by blanks; now and then an empty line, or the
 * weights on the count's line. */
static size_t make_counted(char *t) {
  static char line[400];
  size_t at = 0, target = 64 + rnd(TEXT_MAX - 300);
  while (at < target) {
    size_t len = make_batch_line(line, 60); /* with its count: about 64 */
    while (len >= 2 && (line[len - 2] == ' ' || line[len - 2] == '\t') &&
           rnd(4) != 0) /* mostly a weight right before the line feed */
      line[--len - 1] = '\n';
    unsigned n = 0;
    for (size_t i = 0; i < len; i++)
      n += line[i] >= '0' && line[i] <= '9' &&
           (i == 0 || line[i - 1] < '0' || line[i - 1] > '9');
    unsigned r = rnd(40);
    unsigned count = r == 0 ? 0 : r == 1 ? n + 1 : r == 2 && n ? n - 1 : n;
    at += (size_t)sprintf(t + at, r == 3 ? "0%u" : "%u", count);
    at += (size_t)sprintf(t + at, "%s", r == 4 ? " \n" : r == 5 ? " " : "\n");
    memcpy(t + at, line, len);
    at += len;
    if (rnd(30) == 0)
      t[at++] = '\n';
  }
  return at;
}

static int quick_taken;   /* shelves the quick path took, over a test */
static int quick_counted; /* of them, counted ones */

static int log_shelf(void *ctx, shelf_status st, const shelf_result *r,
                     shelf_solver *solver) {
  outcome *o = ctx;
  char margin[48], first[48], second[48];
  shelf_i128_format(r->margin, margin);
  shelf_i128_format(r->first, first);
  shelf_i128_format(r->second, second);
  NOTE(o, "%s %llu %s %s %s\n", shelf_status_name(st),
       (unsigned long long)r->n, margin, first, second);
  quick_taken += solver == NULL;
  return 0;
}

static int log_error(void *ctx, shelf_status st, const shelf_parse_error *e) {
  outcome *o = ctx;
  NOTE(o, "error %s %llu:%llu @%llu \"%s\"\n", shelf_status_name(st),
       (unsigned long long)e->line, (unsigned long long)e->column,
       (unsigned long long)e->offset, e->found);
  return 0;
}

/* A batch through lines.c's loop (shelf__lines_feed()), with path `kind`,
 * quick lines or not, in pieces of at most `piece` bytes (each its own
 * buffer: a quick line near a piece's start reads a copy), going on after
 * errors; then where the parser stands. */
static void batch_with(const char *t, size_t len, unsigned flags, int kind,
                       int quick, size_t piece, outcome *o) {
  shelf_parser *p;
  shelf_solver *s;
  o->len = 0;
  new_parser(flags, kind, &p, &s);
  line_hooks h = {.ctx = o,
                  .shelf = log_shelf,
                  .error = log_error,
                  .keep_going = 1,
                  .quick = quick};
  char *buf = malloc(piece);
  REQUIRE(buf != NULL);
  for (size_t at = 0; at < len; at += piece) {
    size_t k = len - at < piece ? len - at : piece;
    memcpy(buf, t + at, k);
    CHECK(shelf__lines_feed(p, s, buf, k, &h) == 0);
  }
  shelf_parse_place end;
  if (shelf__parser_place(p, &end) == SHELF_OK)
    NOTE(o, "at line %llu, offset %llu\n", (unsigned long long)end.line,
         (unsigned long long)end.offset);
  shelf__lines_finish(p, s, &h); /* 1 after an error, which it logged */
  free(buf);
  shelf_parser_free(p);
  shelf_solver_free(s);
}

/* Every path with quick lines gives what the machine alone gives, line for
 * line, with --counted too: the answers, the errors and their places, and
 * where it stands. */
static void test_quick_lines(void) {
  static char text[TEXT_MAX + 200];
  static outcome want, got;
  for (int round = 0; round < 600; round++) {
    unsigned flags = SHELF_PARSE_LINES | (round % 3 == 2 ? SHELF_PARSE_COUNTED : 0);
    size_t len = flags & SHELF_PARSE_COUNTED ? make_counted(text)
                                              : make_batch(text);
    size_t piece = rnd(2) ? len : 1 + rnd(400);
    batch_with(text, len, flags, SCAN_SWAR, 0, len, &want);
    for (int k = 0; k < SCAN_KINDS; k++) {
      if (!shelf__scan_runs(k))
        continue;
      int before = quick_taken;
      batch_with(text, len, flags, k, 1, piece, &got);
      quick_counted += (flags & SHELF_PARSE_COUNTED) ? quick_taken - before : 0;
      int same = got.len == want.len && memcmp(got.log, want.log, got.len) == 0;
      if (!same)
        fprintf(stderr, "round %d, flags %u, path %d, pieces of %zu:\n%.*s\n"
                "against the machine's\n%.*s\n", round, flags, k, piece,
                (int)got.len,
                got.log, (int)want.len, want.log);
      CHECK(same);
    }
  }
  /* The test means something only if quick lines were taken: most lines
   * are plain and short. A big-endian machine has no fast path, and takes
   * none (scan.h). */
  printf("  %d shelves taken quick, %d of them counted\n", quick_taken,
         quick_counted);
  int paths = 0;
  for (int k = 0; k < SCAN_KINDS; k++)
    paths += shelf__scan_runs(k);
  if (SCAN_FAST) /* about 13,000 and 2,200 a path */
    CHECK(quick_taken > 8000 * paths && quick_counted > 1500 * paths);
  else
    CHECK(quick_taken == 0);
}

static void test_choice(void) {
  shelf_parser *p = NULL;
  REQUIRE(shelf_parser_new(&p, 0) == SHELF_OK);
  CHECK(!shelf__parser_scanner(p, SCAN_KINDS));
  CHECK(!shelf__parser_scanner(p, -1));
  CHECK(!shelf__parser_scanner(NULL, SCAN_SWAR));
  CHECK(shelf__parser_scanner(p, SCAN_SWAR));
  /* The choice survives a reset: it is the parser's, not the shelf's. */
  shelf_parser_reset(p);
  shelf_solver *s = NULL;
  REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
  size_t used;
  int ended;
  CHECK_STATUS(shelf_parser_feed(p, s, "1 2 3", 5, &used, &ended), SHELF_OK);
  shelf_parser_free(p);
  shelf_solver_free(s);
}

static const test tests[] = {
    {"every scanner path agrees with the portable one", test_paths_agree},
    {"quick lines of a batch agree with the machine", test_quick_lines},
    {"forcing a path", test_choice},
};

TEST_MAIN(tests)
