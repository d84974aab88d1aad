/*
 * test_parse.c - the input grammar: what is accepted, and for each thing
 * rejected, the code, line, column, offset and text of the error; the same
 * outcome whatever pieces the text arrives in; line mode.
 */
#include "harness.h"
/* The calls the library keeps to itself, tested here all the same. */
#include "../src/core/internal.h"
#include <shelf_pieces.h>

/* Parses text as one shelf; checks the weights. */
static void accept(const char *text, size_t len, const int64_t *want, size_t n,
                   int line) {
  int64_t *w = NULL;
  size_t got_n = 99;
  shelf_parse_error e;
  shelf_status st = shelf_parse(text, len, &w, &got_n, &e);
  if (st != SHELF_OK) {
    fprintf(stderr, "%s:%d: rejected with %s at %llu:%llu (found \"%s\")\n",
            __FILE__, line, shelf_status_name(st), (unsigned long long)e.line,
            (unsigned long long)e.column, e.found);
    CHECK(0);
    return;
  }
  int ok = got_n == n && (n == 0 || memcmp(w, want, n * sizeof *w) == 0);
  if (!ok)
    fprintf(stderr, "%s:%d: wrong weights (%zu of them)\n", __FILE__, line,
            got_n);
  CHECK(ok);
  shelf_weights_free(w);
}

#define ACCEPT(text, ...)                                                      \
  do {                                                                         \
    const int64_t want_[] = {__VA_ARGS__};                                     \
    accept(text, sizeof(text) - 1, want_, sizeof want_ / sizeof want_[0],      \
           __LINE__);                                                          \
  } while (0)
#define ACCEPT_EMPTY(text) accept(text, sizeof(text) - 1, NULL, 0, __LINE__)

/* Parses text; checks the error's code, line, column and found text. */
static void reject(const char *text, size_t len, shelf_status code,
                   uint64_t line, uint64_t column, const char *found, int at) {
  int64_t *w = NULL;
  size_t n = 0;
  shelf_parse_error e;
  shelf_status st = shelf_parse(text, len, &w, &n, &e);
  int ok = st == code && e.code == code && e.line == line &&
           e.column == column && (found == NULL || strcmp(e.found, found) == 0);
  if (!ok)
    fprintf(stderr,
            "%s:%d: got %s at %llu:%llu found \"%s\"; expected %s at "
            "%llu:%llu found \"%s\"\n",
            __FILE__, at, shelf_status_name(st), (unsigned long long)e.line,
            (unsigned long long)e.column, e.found, shelf_status_name(code),
            (unsigned long long)line, (unsigned long long)column,
            found ? found : "(any)");
  CHECK(ok);
  CHECK(w == NULL || st == SHELF_OK);
  shelf_weights_free(w);
}

#define REJECT(text, code, line, col, found)                                   \
  reject(text, sizeof(text) - 1, SHELF_##code, line, col, found, __LINE__)

static void test_accepted(void) {
  ACCEPT("7 2 9 4", 7, 2, 9, 4);
  ACCEPT("[7, 2, 9, 4]", 7, 2, 9, 4);
  ACCEPT("[7,2,9,4]\n", 7, 2, 9, 4);
  ACCEPT("7,2,9,4", 7, 2, 9, 4);
  ACCEPT("7\t2\n9\r\n4\r\n", 7, 2, 9, 4);
  ACCEPT("[\n  7,\n  2,\n]\n", 7, 2);
  ACCEPT("[1, 2,]", 1, 2);
  ACCEPT("1, 2,", 1, 2);
  ACCEPT("1 , 2 ,3", 1, 2, 3);
  ACCEPT("1 2, 3", 1, 2, 3);
  ACCEPT("  [ 5 ]  \n\n", 5);
  ACCEPT("-0 +5 -5 007 -007", 0, 5, -5, 7, -7);
  ACCEPT("9223372036854775807 -9223372036854775808", INT64_MAX, INT64_MIN);
  ACCEPT("00000000000000000000000000009223372036854775807", INT64_MAX);
  ACCEPT("\xEF\xBB\xBF"
         "1 2",
         1, 2);
  ACCEPT("\xEF\xBB\xBF[3, 9, 1, 2]\r\n", 3, 9, 1, 2);
  ACCEPT_EMPTY("");
  ACCEPT_EMPTY("   \n\t\r\n  ");
  ACCEPT_EMPTY("[]");
  ACCEPT_EMPTY("[ ]\n");
  ACCEPT_EMPTY("\xEF\xBB\xBF");
}

static void test_rejected(void) {
  REJECT("1 x 3", EXPECTED_INTEGER, 1, 3, "x");
  REJECT("1\n2\n  12 nan", EXPECTED_INTEGER, 3, 6, "nan");
  REJECT("1e3", NOT_INTEGER, 1, 1, "1e3");
  REJECT("5 0x10", NOT_INTEGER, 1, 3, "0x10");
  REJECT("1.0", NOT_INTEGER, 1, 1, "1.0");
  REJECT("[1.]", NOT_INTEGER, 1, 2, "1.");
  REJECT(".5", NOT_INTEGER, 1, 1, ".5");
  REJECT("-1.5e-3", NOT_INTEGER, 1, 1, "-1.5e-3");
  REJECT("inf", EXPECTED_INTEGER, 1, 1, "inf");
  REJECT("\"1\"", EXPECTED_INTEGER, 1, 1, "\\\"1\\\"");
  REJECT("'1'", EXPECTED_INTEGER, 1, 1, "'1'");
  REJECT("-", EXPECTED_INTEGER, 1, 1, "-");
  REJECT("1 - 2", EXPECTED_INTEGER, 1, 3, "-");
  REJECT("--5", EXPECTED_INTEGER, 1, 1, "--5");
  REJECT("+-5", EXPECTED_INTEGER, 1, 1, "+-5");
  REJECT("5-3", NOT_INTEGER, 1, 1, "5-3");
  REJECT("9223372036854775808", WEIGHT_RANGE, 1, 1, "9223372036854775808");
  REJECT("1 -9223372036854775809", WEIGHT_RANGE, 1, 3, "-9223372036854775809");
  REJECT("99999999999999999999999", WEIGHT_RANGE, 1, 1,
         "99999999999999999999999");
  REJECT("1,,2", EMPTY_ITEM, 1, 3, ",");
  REJECT("[,1]", EMPTY_ITEM, 1, 2, ",");
  REJECT(",", EMPTY_ITEM, 1, 1, ",");
  REJECT("[1,,]", EMPTY_ITEM, 1, 4, ",");
  REJECT("[1, 2", UNCLOSED, 1, 1, "[");
  REJECT("  [1,\n2\n", UNCLOSED, 1, 3, "[");
  REJECT("1, 2]", UNOPENED, 1, 5, "]");
  REJECT("]", UNOPENED, 1, 1, "]");
  REJECT("[[1]]", NESTED, 1, 2, "[");
  REJECT("[1, [2]]", NESTED, 1, 5, "[");
  REJECT("[1] 2", AFTER_LIST, 1, 5, "2");
  REJECT("[1]]", AFTER_LIST, 1, 4, "]");
  REJECT("[1],", AFTER_LIST, 1, 4, ",");
  REJECT("[1][2]", AFTER_LIST, 1, 4, "[");
  REJECT("[1]\nabc", AFTER_LIST, 2, 1, "abc");
  REJECT("1 [2]", MISPLACED_BRACKET, 1, 3, "[");
  REJECT("1[2]", MISPLACED_BRACKET, 1, 2, "[");
  REJECT("(1, 2)", EXPECTED_INTEGER, 1, 1, "(1");
  REJECT("{1}", EXPECTED_INTEGER, 1, 1, "{1}");
  REJECT("1 \x01 2", CONTROL, 1, 3, "\\x01");
  REJECT("1\r2", CONTROL, 1, 2, "\\x0D");
  REJECT("1\r", CONTROL, 1, 2, "\\x0D");
  REJECT("12\x1b[0m", CONTROL, 1, 3, "\\x1B");
  REJECT("\xE2\x88\x92"
         "5",
         UNEXPECTED_CHAR, 1, 1, "U+2212");
  REJECT("1 \xC3\xA9", UNEXPECTED_CHAR, 1, 3, "U+00E9");
  REJECT("\xF0\x9F\xA7\x80", UNEXPECTED_CHAR, 1, 1, "U+1F9C0");
  REJECT("\xF4\x81\x81\x81", UNEXPECTED_CHAR, 1, 1, "U+101041");
  REJECT("1 \xFF", BAD_UTF8, 1, 3, "\\xFF");
  REJECT("1 \xC3(", BAD_UTF8, 1, 3, "\\xC3(");
  REJECT("1 \xE2\x88", BAD_UTF8, 1, 3, "\\xE2\\x88");
  REJECT("\xED\xA0\x80", BAD_UTF8, 1, 1, "\\xED\\xA0");
  REJECT("\xC0\xAF", BAD_UTF8, 1, 1, "\\xC0");
  REJECT("1 \xEF\xBB\xBF", UNEXPECTED_CHAR, 1, 3, "U+FEFF");
  /* The byte-order mark takes no column. */
  REJECT("\xEF\xBB\xBF"
         "x",
         EXPECTED_INTEGER, 1, 1, "x");
}

static void test_nul_and_long(void) {
  /* NUL bytes: the text is not a C string. */
  reject("1\0002", 3, SHELF_CONTROL, 1, 2, "\\x00", __LINE__);
  /* A number of 10^6 digits: rejected by size, found text cut short. */
  size_t len = 1000000;
  char *big = malloc(len);
  REQUIRE(big != NULL);
  memset(big, '7', len);
  reject(big, len, SHELF_WEIGHT_RANGE, 1, 1,
         "7777777777777777777777777777777777777777...", __LINE__);
  /* 10^6 leading zeros are still a small weight. */
  memset(big, '0', len);
  big[len - 1] = '5';
  const int64_t five = 5;
  accept(big, len, &five, 1, __LINE__);
  free(big);
}

/* The same outcome whatever pieces the text arrives in. */
static void outcome(const char *text, size_t len, size_t piece, shelf_result *r,
                    shelf_parse_error *e, shelf_status *st) {
  shelf_parser *p;
  shelf_solver *s;
  CHECK_STATUS(shelf_parser_new(&p, 0), SHELF_OK);
  CHECK_STATUS(shelf_solver_new(&s, 0), SHELF_OK);
  size_t pos = 0, used;
  int ended;
  *st = SHELF_OK;
  while (pos < len && *st == SHELF_OK) {
    size_t k = len - pos < piece ? len - pos : piece;
    *st = shelf_parser_feed(p, s, text + pos, k, &used, &ended);
    pos += k;
  }
  if (*st == SHELF_OK)
    *st = shelf_parser_finish(p, s, &ended);
  *e = *shelf_parser_error(p);
  memset(r, 0, sizeof *r);
  if (*st == SHELF_OK)
    shelf_solver_result(s, r);
  shelf_parser_free(p);
  shelf_solver_free(s);
}

static void test_pieces(void) {
  static const char *const texts[] = {
      "[3, 9, 1, 2]\r\n",
      "\xEF\xBB\xBF 12345678901234 -98765 +0 7,\n8",
      "1 2 3 12abc 5",
      "[1, 2\n",
      "1 9223372036854775808",
      "1 \xE2\x88\x92\x35", /* U+2212 then 5 */
      "1\r\n2\r3",
      "[1]\n\n  x",
      "00000000000000000000000000000000000000000000000000012",
      "1,,2"};
  for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
    size_t len = strlen(texts[t]);
    shelf_result whole, part;
    shelf_parse_error ew, ep;
    shelf_status sw, sp;
    outcome(texts[t], len, len ? len : 1, &whole, &ew, &sw);
    for (size_t piece = 1; piece < len; piece++) {
      outcome(texts[t], len, piece, &part, &ep, &sp);
      int same = sw == sp && whole.margin == part.margin && whole.n == part.n &&
                 ew.code == ep.code && ew.line == ep.line &&
                 ew.column == ep.column && ew.offset == ep.offset &&
                 strcmp(ew.found, ep.found) == 0;
      if (!same)
        fprintf(stderr, "text %zu differs in pieces of %zu\n", t, piece);
      CHECK(same);
    }
  }
}

/* Line mode: one shelf a line, errors name their line, skip_line recovers. */
static void test_lines(void) {
  const char text[] = "3 9 1 2\n\n[7, 2, 9, 4]\r\n1 x\n[5]\n10 1";
  const int64_t want[] = {7, 0, 10, -1, 5, 9}; /* -1: the bad line */
  shelf_parser *p;
  shelf_solver *s;
  REQUIRE(shelf_parser_new(&p, SHELF_PARSE_LINES) == SHELF_OK);
  REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
  size_t pos = 0, len = sizeof text - 1, k = 0, used;
  int ended;
  while (pos < len) {
    shelf_status st =
        shelf_parser_feed(p, s, text + pos, len - pos, &used, &ended);
    pos += used;
    if (st != SHELF_OK) {
      CHECK_STATUS(st, SHELF_EXPECTED_INTEGER);
      CHECK(shelf_parser_error(p)->line == 4);
      CHECK(shelf_parser_error(p)->column == 3);
      CHECK(want[k] == -1);
      k++;
      CHECK_STATUS(shelf__parser_skip_line(p), SHELF_OK);
      shelf_solver_reset(s);
      continue;
    }
    if (ended) {
      shelf_result r;
      CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
      REQUIRE(k < 6);
      CHECK_I128(r.margin, want[k]);
      k++;
      shelf_solver_reset(s);
    }
  }
  CHECK_STATUS(shelf_parser_finish(p, s, &ended), SHELF_OK);
  CHECK(ended == 1);
  shelf_result r;
  CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
  CHECK_I128(r.margin, want[5]);
  CHECK(k == 5);

  /* The text after a final newline is not a shelf; an unclosed bracket is an
   * error at its own line. */
  shelf_parser_reset(p);
  shelf_solver_reset(s);
  CHECK_STATUS(shelf_parser_feed(p, s, "1\n", 2, &used, &ended), SHELF_OK);
  CHECK(ended == 1 && used == 2);
  CHECK_STATUS(shelf_parser_finish(p, s, &ended), SHELF_OK);
  CHECK(ended == 0);
  shelf_parser_reset(p);
  CHECK_STATUS(shelf_parser_feed(p, s, "[1\n2\n", 5, &used, &ended),
               SHELF_UNCLOSED);
  CHECK(shelf_parser_error(p)->line == 1 && shelf_parser_error(p)->column == 1);
  /* Sticky until skipped. */
  CHECK_STATUS(shelf_parser_feed(p, s, "3\n", 2, &used, &ended),
               SHELF_UNCLOSED);
  CHECK_STATUS(shelf__parser_skip_line(p), SHELF_OK);
  shelf_solver_reset(s);
  CHECK_STATUS(shelf_parser_feed(p, s, "\n2\n", 3, &used, &ended), SHELF_OK);
  CHECK(ended == 1 && used == 3);
  CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
  CHECK_I128(r.margin, 2);

  /* The rest of a skipped line is not looked at, carriage returns
   * included; finishing twice ends the last line once. */
  shelf_parser_reset(p);
  shelf_solver_reset(s);
  CHECK_STATUS(shelf_parser_feed(p, s, "x\r5\n7", 5, &used, &ended),
               SHELF_EXPECTED_INTEGER);
  CHECK(used == 1);
  CHECK_STATUS(shelf__parser_skip_line(p), SHELF_OK);
  CHECK_STATUS(shelf_parser_feed(p, s, "\r5\n7", 4, &used, &ended), SHELF_OK);
  CHECK(ended == 0 && used == 4);
  CHECK_STATUS(shelf_parser_finish(p, s, &ended), SHELF_OK);
  CHECK(ended == 1);
  CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
  CHECK_I128(r.margin, 7);
  CHECK_STATUS(shelf_parser_finish(p, s, &ended), SHELF_OK);
  CHECK(ended == 0);
  shelf_parser_free(p);
  shelf_solver_free(s);
}

/* ==== Names, counts and pieces ==== */

/* Runs a parser with `flags` over text, fed in pieces of `piece` bytes, and
 * writes what it found: each shelf as "n:margin " and an error as
 * "CODE line:column found", as a person would check them by hand. */
static void run_text(unsigned flags, const char *text, size_t piece, char *out,
                     size_t size) {
  shelf_parser *p = NULL;
  shelf_solver *s = NULL;
  out[0] = '\0';
  if (shelf_parser_new(&p, flags) != SHELF_OK ||
      shelf_solver_new(&s, 0) != SHELF_OK) {
    snprintf(out, size, "setup failed");
    goto done;
  }
  size_t len = strlen(text), at = 0, o = 0;
  for (int finished = 0; !finished;) {
    size_t used = 0;
    int ended = 0;
    shelf_status st;
    if (at < len) {
      size_t take = len - at < piece ? len - at : piece;
      st = shelf_parser_feed(p, s, text + at, take, &used, &ended);
      at += used;
    } else {
      st = shelf_parser_finish(p, s, &ended);
      finished = 1;
    }
    if (st != SHELF_OK) {
      const shelf_parse_error *e = shelf_parser_error(p);
      snprintf(out + o, size - o, "%s %llu:%llu %s", shelf_status_name(st),
               (unsigned long long)e->line, (unsigned long long)e->column,
               e->found);
      break;
    }
    if (ended) {
      shelf_result r;
      char m[SHELF_I128_BUFSIZE];
      shelf_solver_result(s, &r);
      shelf_i128_format(r.margin, m);
      o += (size_t)snprintf(out + o, size - o, "%llu:%s ",
                            (unsigned long long)r.n, m);
      shelf_solver_reset(s);
    }
  }
done:
  shelf_parser_free(p);
  shelf_solver_free(s);
}

/* The outcome is the same in every piece size; checks it against `want`. */
static void check_text(unsigned flags, const char *text, const char *want,
                       int line) {
  static const size_t pieces[] = {1, 2, 3, 7, 4096};
  for (size_t k = 0; k < sizeof pieces / sizeof pieces[0]; k++) {
    char got[256];
    run_text(flags, text, pieces[k], got, sizeof got);
    int ok = strcmp(got, want) == 0;
    CHECK(ok);
    if (!ok) {
      fprintf(stderr, "%s:%d: in pieces of %zu: got \"%s\", expected \"%s\"\n",
              __FILE__, line, pieces[k], got, want);
      return;
    }
  }
}

#define CHECK_TEXT(flags, text, want) check_text(flags, text, want, __LINE__)

static void test_names(void) {
  ACCEPT("wheels = [7, 2, 9, 4]", 7, 2, 9, 4);
  ACCEPT("nums = [1,5,2]", 1, 5, 2);
  ACCEPT("w=[1]", 1);
  ACCEPT("_x1 =\n  [3, 4]\n", 3, 4);
  ACCEPT_EMPTY("\xEF\xBB\xBFwheels = []");
  REJECT("wheels", EXPECTED_INTEGER, 1, 1, "wheels");
  REJECT("x 1", EXPECTED_INTEGER, 1, 1, "x");
  REJECT("wheels = 7", EXPECTED_LIST, 1, 10, "");
  REJECT("wheels =", EXPECTED_LIST, 1, 9, "");
  REJECT("wheels = [1] 2", AFTER_LIST, 1, 14, "2");
  REJECT("wheels = [[1]]", NESTED, 1, 11, "[");
  REJECT("1 w = [2]", EXPECTED_INTEGER, 1, 3, "w");
  REJECT("w1.5 = [2]", EXPECTED_INTEGER, 1, 1, "w1.5");
  /* CR LF is a line feed here too; a lone CR after a name reports the name,
   * the first thing wrong */
  ACCEPT("wheels\r\n= [1]", 1);
  REJECT("x\r5", EXPECTED_INTEGER, 1, 1, "x");
  REJECT("x\r", EXPECTED_INTEGER, 1, 1, "x");
  /* each line of a batch may be named; a name alone is not a shelf */
  CHECK_TEXT(SHELF_PARSE_LINES, "a = [3, 9, 1, 2]\nb = [7, 2, 9, 4]\n",
             "4:7 4:10 ");
  CHECK_TEXT(SHELF_PARSE_LINES, "a =\n[1]\n", "EXPECTED_LIST 1:4 ");
  /* LeetCode's line: the label `Input:`, once, then a named list; errors
   * after it keep their columns */
  ACCEPT("Input: nums = [1,5,2]", 1, 5, 2);
  ACCEPT("Input:nums=[1,5,233,7]", 1, 5, 233, 7);
  ACCEPT("  Input:\r\n\tnums\n= [3]", 3);
  REJECT("Input: nums = [1,5,x]", EXPECTED_INTEGER, 1, 20, "x");
  REJECT("Input: nums = [1,5,2", UNCLOSED, 1, 15, "[");
  REJECT("Input: nums [1]", EXPECTED_INTEGER, 1, 8, "nums");
  REJECT("Input: 5", EXPECTED_INTEGER, 1, 1, "Input:");
  REJECT("Input: [5]", EXPECTED_INTEGER, 1, 1, "Input:");
  REJECT("Input:", EXPECTED_INTEGER, 1, 1, "Input:");
  REJECT("Input:5", EXPECTED_INTEGER, 1, 1, "Input:5");
  REJECT("Input: Input: a = [1]", EXPECTED_INTEGER, 1, 8, "Input:");
  REJECT("input: nums = [1]", EXPECTED_INTEGER, 1, 1, "input:");
  REJECT("Input : nums = [1]", EXPECTED_INTEGER, 1, 1, "Input");
  REJECT("1 Input: a = [2]", EXPECTED_INTEGER, 1, 3, "Input:");
  CHECK_TEXT(SHELF_PARSE_LINES,
             "Input: nums = [1,5,2]\nInput: nums = [1,5,233,7]\n",
             "3:-2 4:222 ");
  CHECK_TEXT(SHELF_PARSE_LINES, "Input:\nnums = [1]\n",
             "EXPECTED_INTEGER 1:1 Input:");
}

/* AtCoder DP L's and CSES 1097's layouts: the count, then the weights.
 * [10, 80, 90, 30] has margin 10 (AtCoder's first sample); [4, 5, 1, 3]:
 * the first buyer takes 3, then 5 (after 4 is taken), total 8 of 13,
 * margin 3 (CSES's sample answer is that first total, 8). */
static void test_counted(void) {
  const unsigned c = SHELF_PARSE_COUNTED, many = c | SHELF_PARSE_LINES;
  CHECK_TEXT(c, "4\n10 80 90 30\n", "4:10 ");
  CHECK_TEXT(c, "4\n4 5 1 3\n", "4:3 ");
  CHECK_TEXT(c, "4\n10\n80\n90\n30", "4:10 ");
  CHECK_TEXT(c, "0\n", "0:0 ");
  CHECK_TEXT(c, "3 1 2", "TOO_FEW 1:6 ");
  CHECK_TEXT(c, "2\n5 6 7\n", "TOO_MANY 2:5 7");
  CHECK_TEXT(c, "0 5", "TOO_MANY 1:3 5");
  CHECK_TEXT(c, "-3 1 2 3", "BAD_COUNT 1:1 -3");
  CHECK_TEXT(c, "", "EXPECTED_INTEGER 1:1 ");
  CHECK_TEXT(c, "2 1 x", "EXPECTED_INTEGER 1:5 x");
  /* the layout has no brackets */
  CHECK_TEXT(c, "[2 1 2]", "UNEXPECTED_CHAR 1:1 [");
  CHECK_TEXT(c, "2 [1 2]", "UNEXPECTED_CHAR 1:3 [");
  /* a sequence of counted shelves, over any number of lines */
  CHECK_TEXT(many, "2\n1 2\n3 4 5\n6\n", "2:1 3:5 ");
  CHECK_TEXT(many, "1 7 1 8", "1:7 1:8 ");
  CHECK_TEXT(many, "0\n2 3 4\n\n", "0:0 2:1 ");
  CHECK_TEXT(many, "2 1 2\n3 1", "2:1 TOO_FEW 2:4 ");
  CHECK_TEXT(many, "", "");
  CHECK_TEXT(many, "1 5 []", "1:5 UNEXPECTED_CHAR 1:5 [");
  CHECK_TEXT(many, "[2 1 2 ]", "UNEXPECTED_CHAR 1:1 [");
  /* long enough for the fast path, which must stop at the count */
  char big[4096];
  size_t o = (size_t)snprintf(big, sizeof big, "300\n");
  for (int k = 0; k < 300; k++)
    o += (size_t)snprintf(big + o, sizeof big - o, "%d ", k % 2 ? 1 : 2);
  snprintf(big + o, sizeof big - o, "\n1 5\n");
  /* 300 alternating 2, 1: the first buyer takes every 2 (the parity
   * strategy), 150 * 2 - 150 * 1 = 150, which no other play beats here. */
  CHECK_TEXT(many, big, "300:150 1:5 ");
  CHECK_TEXT(c, big, "TOO_MANY 3:1 1");
  /* A count of a whole run or two (the fast path takes 256 weights a
   * run), weights of one digit, and the next count right after the last
   * weight's one separator: the run that reached the count took that
   * separator, the shelf did not end there, and the next count was a
   * weight too many. */
  for (int n = 256; n <= 512; n += 256) {
    o = (size_t)snprintf(big, sizeof big, "%d\n", n);
    for (int k = 0; k < n; k++)
      o += (size_t)snprintf(big + o, sizeof big - o, "%d%s", k % 2 ? 1 : 2,
                            k % 7 == 6 || k == n - 1 ? "\n" : " ");
    snprintf(big + o, sizeof big - o, "1 5\n");
    CHECK_TEXT(many, big, n == 256 ? "256:128 1:5 " : "512:256 1:5 ");
  }
}

/* A text cut anywhere between items and parsed in two pieces, the second
 * by a parser resumed at the first one's place, gives the same shelf and
 * the same error places. */
static void test_resume(void) {
  static const char *texts[] = {
      "1 2 3 4 5 6\n", "[3, 9,\n 1, 2]\n", "7\t2 9\r\n4", "1 2\n3 x\n",
      "[1, 2\n 3",     "w = [5, 6]",       "1 2] 3"};
  for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
    const char *text = texts[t];
    size_t len = strlen(text);
    char whole[256];
    run_text(0, text, 4096, whole, sizeof whole);
    for (size_t cut = 1; cut < len; cut++) {
      char c = text[cut - 1];
      if (c != ' ' && c != '\t' && c != '\n')
        continue; /* only after a blank */
      shelf_parser *a = NULL, *b = NULL;
      shelf_solver *s = NULL, *s2 = NULL;
      REQUIRE(shelf_parser_new(&a, 0) == SHELF_OK &&
              shelf_parser_new(&b, 0) == SHELF_OK &&
              shelf_solver_new(&s, 0) == SHELF_OK &&
              shelf_solver_new(&s2, 0) == SHELF_OK);
      size_t used;
      int ended;
      shelf_parse_place at;
      char got[256] = "";
      shelf_status st = shelf_parser_feed(a, s, text, cut, &used, &ended);
      if (st == SHELF_OK && shelf__parser_place(a, &at) == SHELF_OK) {
        CHECK(at.offset == cut);
        CHECK_STATUS(shelf_parser_resume(b, &at), SHELF_OK);
        st = shelf_parser_feed(b, s2, text + cut, len - cut, &used, &ended);
        if (st == SHELF_OK)
          st = shelf_parser_finish(b, s2, &ended);
        if (st == SHELF_OK) {
          shelf_result r;
          char m[SHELF_I128_BUFSIZE];
          CHECK_STATUS(shelf_solver_append(s, s2), SHELF_OK);
          shelf_solver_result(s, &r);
          shelf_i128_format(r.margin, m);
          snprintf(got, sizeof got, "%llu:%s ", (unsigned long long)r.n, m);
        } else {
          const shelf_parse_error *e = shelf_parser_error(b);
          snprintf(got, sizeof got, "%s %llu:%llu %s", shelf_status_name(st),
                   (unsigned long long)e->line, (unsigned long long)e->column,
                   e->found);
        }
        if (strcmp(got, whole) != 0)
          fprintf(stderr, "text %zu cut at %zu: got \"%s\", whole \"%s\"\n", t,
                  cut, got, whole);
        CHECK(strcmp(got, whole) == 0);
      }
      shelf_parser_free(a);
      shelf_parser_free(b);
      shelf_solver_free(s);
      shelf_solver_free(s2);
    }
  }
  /* not between items: inside a weight, after a lone CR, after a failure */
  shelf_parser *p = NULL;
  shelf_solver *s = NULL;
  shelf_parse_place at;
  size_t used;
  int ended;
  REQUIRE(shelf_parser_new(&p, 0) == SHELF_OK &&
          shelf_solver_new(&s, 0) == SHELF_OK);
  CHECK_STATUS(shelf_parser_feed(p, s, "12", 2, &used, &ended), SHELF_OK);
  CHECK_STATUS(shelf__parser_place(p, &at), SHELF_INVALID);
  shelf_parser_reset(p);
  CHECK_STATUS(shelf_parser_feed(p, s, "1\r", 2, &used, &ended), SHELF_OK);
  CHECK_STATUS(shelf__parser_place(p, &at), SHELF_INVALID);
  at.line = 0;
  CHECK_STATUS(shelf_parser_resume(p, &at), SHELF_INVALID);
  CHECK_STATUS(shelf_parser_resume(NULL, &at), SHELF_INVALID);
  shelf_parser_free(p);
  shelf_solver_free(s);
}

/* An empty shelf comes back as NULL, as shelf.h promises, however much
 * blank text it took. */
static void test_empty_is_null(void) {
  char blanks[200];
  memset(blanks, ' ', sizeof blanks);
  int64_t *w = (int64_t *)blanks; /* anything but NULL */
  size_t n = 99;
  CHECK_STATUS(shelf_parse(blanks, sizeof blanks, &w, &n, NULL), SHELF_OK);
  CHECK(w == NULL && n == 0);
}

static void test_arguments(void) {
  shelf_parser *p = NULL;
  shelf_solver *s = NULL;
  size_t used;
  int ended;
  CHECK_STATUS(shelf_parser_new(NULL, 0), SHELF_INVALID);
  CHECK_STATUS(shelf_parser_new(&p, 8), SHELF_INVALID);
  REQUIRE(shelf_parser_new(&p, 0) == SHELF_OK);
  REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
  CHECK_STATUS(shelf_parser_feed(p, s, NULL, 0, &used, &ended), SHELF_OK);
  CHECK_STATUS(shelf_parser_feed(p, s, NULL, 1, &used, &ended), SHELF_INVALID);
  CHECK_STATUS(shelf_parser_feed(NULL, s, "1", 1, &used, &ended),
               SHELF_INVALID);
  CHECK_STATUS(shelf__parser_skip_line(p), SHELF_INVALID);
  CHECK(shelf_parser_error(p)->code == SHELF_OK);
  int64_t *w;
  size_t n;
  CHECK_STATUS(shelf_parse("1", 1, NULL, &n, NULL), SHELF_INVALID);
  CHECK_STATUS(shelf_parse(NULL, 0, &w, &n, NULL), SHELF_OK);
  CHECK(n == 0);
  shelf_weights_free(w);
  shelf_parser_free(p);
  shelf_solver_free(s);
  shelf_parser_free(NULL);
  shelf_weights_free(NULL);
}

static const test tests[] = {
    {"accepted texts", test_accepted},
    {"rejected texts name their place", test_rejected},
    {"NUL bytes and a million digits", test_nul_and_long},
    {"same outcome in any pieces", test_pieces},
    {"line mode", test_lines},
    {"named lists", test_names},
    {"counted shelves", test_counted},
    {"resumed at a place", test_resume},
    {"an empty shelf is NULL", test_empty_is_null},
    {"arguments", test_arguments},
};

TEST_MAIN(tests)
