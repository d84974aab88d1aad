/*
 * test_counted_cut.c - the threaded reader's cut points for --batch
 * --counted (src/pieces/counted_cut.c) against libshelf's own parser.
 *
 * A cut point must be where the one-thread parser, having read the text
 * before it, is at a line's start with a count next and no error behind
 * it; and on text made only of what the cutter reads (short integers,
 * blanks, CR LF), it must be the last such place, so that threads get
 * work. Both are checked on fixed texts and on random ones, with and
 * without the bytes the cutter stops at.
 */
#include "harness.h"
/* The calls the library keeps to itself, tested here all the same. */
#include "../src/core/internal.h"
#include <shelf_pieces.h>

#include "../src/pieces/counted_cut.h"

/* A counted parser of many shelves and a solver; aborts without memory. */
static void made(shelf_parser **p, shelf_solver **s) {
  if (shelf_parser_new(p, SHELF_PARSE_LINES | SHELF_PARSE_COUNTED) !=
          SHELF_OK ||
      shelf_solver_new(s, 0) != SHELF_OK)
    abort();
}

/* The parser's view of text[0..len): the end of the last line after which
 * a count is next, reading up to the first error; 0 if there is none. */
static size_t parser_cut(const char *text, size_t len) {
  shelf_parser *p = NULL;
  shelf_solver *s = NULL;
  made(&p, &s);
  size_t best = 0;
  for (size_t i = 0; i < len; i++) {
    size_t used = 0;
    int ended = 0;
    shelf_status st = SHELF_OK;
    while (used == 0 && st == SHELF_OK) {
      st = shelf_parser_feed(p, s, text + i, 1, &used, &ended);
      if (ended)
        shelf_solver_reset(s);
    }
    if (st != SHELF_OK)
      break;
    shelf_parse_place at;
    if (text[i] == '\n' && shelf__parser_place(p, &at) == SHELF_OK &&
        at.counted == UINT64_MAX)
      best = i + 1;
  }
  shelf_parser_free(p);
  shelf_solver_free(s);
  return best;
}

/* Whether a parser that reads text[0..cut) has no error, and is at a line's
 * start with a count next. */
static int parser_starts_at(const char *text, size_t cut) {
  shelf_parser *p = NULL;
  shelf_solver *s = NULL;
  made(&p, &s);
  size_t pos = 0;
  shelf_status st = SHELF_OK;
  while (pos < cut && st == SHELF_OK) {
    size_t used;
    int ended;
    st = shelf_parser_feed(p, s, text + pos, cut - pos, &used, &ended);
    pos += used;
    if (ended)
      shelf_solver_reset(s);
  }
  shelf_parse_place at;
  int ok = st == SHELF_OK && shelf__parser_place(p, &at) == SHELF_OK &&
           at.counted == UINT64_MAX && at.line_start == cut;
  shelf_parser_free(p);
  shelf_solver_free(s);
  return ok;
}

/* The cut point of a whole block, read at once. */
static size_t counted_cut(const char *text, size_t len, int text_start) {
  counted_reader r;
  shelf__counted_start(&r, text_start);
  return shelf__counted_read(&r, text, len);
}

static size_t cut_of(const char *text) {
  return counted_cut(text, strlen(text), 1);
}

static void test_fixed(void) {
  /* every shelf on its lines: the cut is after the last line end */
  CHECK(cut_of("2\n1 2\n3\n4 5 6\n") == 14);
  CHECK(cut_of("2\n1 2\n3\n4 5") == 6); /* the last shelf goes on */
  CHECK(cut_of("2 1 2\n0\n\n1 -7\n") == 14);
  CHECK(cut_of("2\r\n1 2\r\n") == 8);
  CHECK(cut_of("\xEF\xBB\xBF"
               "1\n5\n") == 7);
  /* a number at the block's end may go on in the next block */
  CHECK(cut_of("1\n5\n12") == 4);
  /* a line end inside a shelf is no cut point */
  CHECK(cut_of("3\n1\n2\n") == 0);
  /* what the cutter is not sure of stops it at the last cut before */
  CHECK(cut_of("1\n5\n+2\n1 2\n") == 4);
  CHECK(cut_of("1\n5\n2\n1,2\n") == 4);
  CHECK(cut_of("1\n5\n-1\n") == 4);                     /* a negative count */
  CHECK(cut_of("1\n5\n1\r5\n") == 4);                   /* a lone CR */
  CHECK(cut_of("1\n5\n1\n1234567890123456789\n") == 4); /* 19 digits */
  CHECK(cut_of("1\n123456789012345678\n") == 21);       /* 18 digits */
  CHECK(cut_of("1\n5\n1\n5x\n") == 4);
  CHECK(cut_of("1\n5\n1\n-\n") == 4);
  CHECK(cut_of("1\n5\n1\n[5]\n") == 4);
  CHECK(cut_of("\xEF\xBB\xBF"
               "1\n5\n") == 7);
  CHECK(counted_cut("\xEF\xBB\xBF"
                    "1\n5\n",
                    7, 0) == 0); /* not at the start */
  CHECK(counted_cut("", 0, 1) == 0);
  /* read as it comes: a number or a CR at the end of what has come may
   * go on; what the reader is not sure of stops it for good */
  counted_reader r;
  shelf__counted_start(&r, 1);
  CHECK(shelf__counted_read(&r, "\xEF\xBB", 2) == 0 && !r.stopped);
  CHECK(shelf__counted_read(&r,
                            "\xEF\xBB\xBF"
                            "2\n1",
                            6) == 0 &&
        !r.stopped);
  CHECK(shelf__counted_read(&r,
                            "\xEF\xBB\xBF"
                            "2\n12 3\r",
                            10) == 0 &&
        !r.stopped);
  CHECK(shelf__counted_read(&r,
                            "\xEF\xBB\xBF"
                            "2\n12 3\r\n",
                            11) == 11);
  CHECK(shelf__counted_read(&r,
                            "\xEF\xBB\xBF"
                            "2\n12 3\r\n+",
                            12) == 11 &&
        r.stopped);
}

/* A random text: counted shelves with random blanks, some with a count
 * one too many, and (with `noise`) bytes the cutter stops at. Some texts
 * have only spaces and line feeds for blanks, as most files do: the
 * cutter's masks take those windows in one pass, others in two. */
static size_t random_text(rng *r, char *buf, size_t cap, int noise) {
  static const char *const blanks[] = {" ", "\n", "  ", "\n\n", "\t", "\r\n"};
  /* Bytes the cutter stops at, or leaves to its byte-at-a-time reader. */
  static const char *const junk[] = {"+3",
                                     ",",
                                     "[",
                                     "x",
                                     "\r",
                                     "-",
                                     "-2",
                                     "\xEF",
                                     "1-2",
                                     " - ",
                                     " 1\r\n",
                                     "9999999999999999999",
                                     " -999999999999999999 "};
  size_t len = 0;
  /* Some texts have long shelves and long numbers (up to 18 digits, and
   * a minus sign), so that shelves and numbers run across the cutter's
   * 64-byte windows. */
  int long_ones = rng_next(r) % 3 == 0;
  int kinds = rng_next(r) % 2 ? 4 : 6; /* of blanks */
  while (len + 1200 < cap) {
    uint64_t n = rng_next(r) % (long_ones ? 40 : 6);
    len += (size_t)snprintf(buf + len, cap - len, "%0*llu%s",
                            (int)(rng_next(r) % 3),
                            (unsigned long long)(n + (rng_next(r) % 9 == 0)),
                            blanks[rng_next(r) % kinds]);
    int64_t most =
        long_ones && rng_next(r) % 2 ? INT64_C(999999999999999999) : 1000;
    for (uint64_t k = 0; k < n; k++)
      len += (size_t)snprintf(buf + len, cap - len, "%lld%s",
                              (long long)rng_range(r, -most, most),
                              blanks[rng_next(r) % kinds]);
    if (rng_next(r) % 3 == 0)
      len += (size_t)snprintf(buf + len, cap - len, "\n");
    if (noise && rng_next(r) % 40 == 0)
      len += (size_t)snprintf(buf + len, cap - len, "%s",
                              junk[rng_next(r) % (sizeof junk / sizeof *junk)]);
  }
  return len;
}

static void test_random(void) {
  static char buf[8192];
  rng r = {test_seed()};
  size_t cuts = 0;
  for (int round = 0; round < 3000; round++) {
    int noise = round % 2;
    size_t len = random_text(&r, buf, sizeof buf, noise);
    len -= (size_t)(rng_next(&r) % 200); /* the block ends anywhere */
    size_t cut = counted_cut(buf, len, 1);
    CHECK(cut <= len);
    CHECK(cut == 0 || buf[cut - 1] == '\n');
    if (cut > 0)
      CHECK(parser_starts_at(buf, cut));
    if (!noise)
      CHECK(cut == parser_cut(buf, len));
    cuts += cut > 0;
    /* Read as it comes, in pieces of any size (a pipe), the reader goes on
     * from where it stopped and finds the same cut point. */
    counted_reader pieces;
    shelf__counted_start(&pieces, 1);
    size_t so_far = 0, got = 0;
    while (so_far < len) {
      so_far += 1 + (size_t)(rng_next(&r) % 300);
      if (so_far > len)
        so_far = len;
      size_t now = shelf__counted_read(&pieces, buf, so_far);
      CHECK(now >= got); /* a cut point, once found, stays */
      got = now;
    }
    CHECK(got == cut);
  }
  CHECK(cuts > 1500); /* the threads get work */
}

static const test tests[] = {
    {"fixed texts", test_fixed},
    {"random texts against the parser", test_random},
};

TEST_MAIN(tests)
