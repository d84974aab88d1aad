/*
 * test_svg.c - shelf_svg(): statuses, NULL handling, ownership, and what
 * can be checked without an XML parser: one wheel group per wheel, the lead
 * table's cells up to SHELF_SVG_LEAD_MAX wheels and none beyond, the trap
 * only with SHELF_SVG_EXPLAIN and on the wheel worked out by hand (or by a
 * reference DP here), a summary of bounded size for long shelves,
 * plain ASCII text, the width, and the extremes of int64_t.
 * tests/svg_tests.py parses the pictures as XML and checks what they show;
 * tests/svg_render_test.py measures them in a browser.
 */
#include "harness.h"
#include "reference.h"

/* Occurrences of `needle` in `hay`. */
static size_t count(const char *hay, const char *needle) {
  size_t k = 0, len = strlen(needle);
  for (const char *p = strstr(hay, needle); p != NULL;
       p = strstr(p + len, needle))
    k++;
  return k;
}

/* Cells of the lead table, on the line or not. */
static size_t lead_cells(const char *svg) {
  return count(svg, "class=\"lead\"") + count(svg, "class=\"lead on-line\"");
}

/* Draws and checks the things every picture must have; returns the
 * document (free it) or NULL. */
static char *draw(const int64_t *w, size_t n, unsigned flags) {
  char *svg = NULL;
  size_t len = 0;
  shelf_status st = shelf_svg(w, n, flags, &svg, &len);
  CHECK_STATUS(st, SHELF_OK);
  if (st != SHELF_OK || svg == NULL)
    return NULL;
  CHECK(len == strlen(svg));
  CHECK(strncmp(svg, "<?xml version=\"1.0\"", 19) == 0);
  CHECK(strstr(svg, "xmlns=\"http://www.w3.org/2000/svg\"") != NULL);
  CHECK(strstr(svg, "viewBox=\"0 0 ") != NULL);
  CHECK(len >= 7 && strcmp(svg + len - 7, "</svg>\n") == 0);
  /* Plain ASCII, no control characters but newlines. */
  int plain = 1;
  for (size_t k = 0; k < len; k++) {
    unsigned char c = (unsigned char)svg[k];
    if (c != '\n' && (c < 0x20 || c > 0x7e))
      plain = 0;
  }
  CHECK(plain);
  /* Every element that is opened is closed (a cheap well-formedness
   * check; the Python tests parse it properly). */
  CHECK(count(svg, "<g") == count(svg, "</g>"));
  CHECK(count(svg, "<text") == count(svg, "</text>"));
  CHECK(count(svg, "<title>") == count(svg, "</title>"));
  return svg;
}

static void test_arguments(void) {
  const int64_t w[] = {3, 9, 1, 2};
  char *svg = (char *)"untouched";
  size_t len = 12345;
  CHECK_STATUS(shelf_svg(w, 4, 0, NULL, &len), SHELF_INVALID);
  CHECK(len == 12345);
  CHECK_STATUS(shelf_svg(NULL, 4, 0, &svg, &len), SHELF_INVALID);
  CHECK_STATUS(shelf_svg(w, 4, 2u, &svg, &len), SHELF_INVALID);
  CHECK_STATUS(shelf_svg(w, 4, ~0u, &svg, &len), SHELF_INVALID);
  CHECK(strcmp(svg, "untouched") == 0 && len == 12345);
  /* len may be NULL. */
  svg = NULL;
  CHECK_STATUS(shelf_svg(w, 4, SHELF_SVG_EXPLAIN, &svg, NULL), SHELF_OK);
  CHECK(svg != NULL);
  shelf_svg_free(svg);
  shelf_svg_free(NULL);
}

static void test_empty(void) {
  char *svg = draw(NULL, 0, 0);
  REQUIRE(svg != NULL);
  CHECK(count(svg, "class=\"wheel ") == 0);
  CHECK(strstr(svg, "empty") != NULL);
  shelf_svg_free(svg);
  svg = draw(NULL, 0, SHELF_SVG_EXPLAIN);
  REQUIRE(svg != NULL);
  CHECK(count(svg, "class=\"trap") == 0);
  shelf_svg_free(svg);
}

static void test_worked_shelf(void) {
  const int64_t w[] = {3, 9, 1, 2};
  char *plain = draw(w, 4, 0);
  char *explained = draw(w, 4, SHELF_SVG_EXPLAIN);
  REQUIRE(plain != NULL && explained != NULL);
  CHECK(count(plain, "class=\"wheel ") == 4);
  CHECK(count(plain, "class=\"wheel first\"") == 2);
  CHECK(count(plain, "class=\"wheel second\"") == 2);
  CHECK(count(plain, "<circle") >= 4);
  CHECK(lead_cells(plain) == 10);
  CHECK(count(plain, "class=\"lead on-line\"") == 4);
  CHECK(strstr(plain, "margin 7") != NULL);
  /* The trap only when asked for: greedy's 3 at turn 1. */
  CHECK(count(plain, "class=\"trap") == 0);
  CHECK(count(explained, "class=\"trap\"") == 1);
  CHECK(strstr(explained, "at turn 1 greedy takes this wheel") != NULL);
  /* The same shelf, the same picture: nothing depends on the run. */
  char *again = draw(w, 4, SHELF_SVG_EXPLAIN);
  REQUIRE(again != NULL);
  CHECK(strcmp(again, explained) == 0);
  shelf_svg_free(again);
  shelf_svg_free(plain);
  shelf_svg_free(explained);
}

/* The lead table up to SHELF_SVG_LEAD_MAX wheels, wheels up to
 * SHELF_SVG_WHEELS_MAX, a summary beyond. */
static void test_sizes(void) {
  static int64_t w[SHELF_SVG_WHEELS_MAX + 1];
  CHECK_STATUS(shelf_random(test_seed(), 1, 10000, w, SHELF_SVG_WHEELS_MAX + 1),
               SHELF_OK);
  const size_t sizes[] = {1,
                          2,
                          SHELF_SVG_LEAD_MAX,
                          SHELF_SVG_LEAD_MAX + 1,
                          SHELF_SVG_WHEELS_MAX,
                          SHELF_SVG_WHEELS_MAX + 1};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    size_t n = sizes[s];
    char *svg = draw(w, n, SHELF_SVG_EXPLAIN);
    if (svg == NULL)
      continue;
    size_t wheels = count(svg, "class=\"wheel ");
    size_t cells = lead_cells(svg);
    if (n <= SHELF_SVG_WHEELS_MAX)
      CHECK(wheels == n);
    else
      CHECK(wheels == 0 && count(svg, "class=\"summary\"") == 1);
    if (n <= SHELF_SVG_LEAD_MAX)
      CHECK(cells == n * (n + 1) / 2);
    else
      CHECK(cells == 0);
    shelf_svg_free(svg);
  }
}

/* A summary's size does not grow with the shelf. */
static void test_summary(void) {
  size_t n = 1000000;
  int64_t *w = malloc(n * sizeof *w);
  REQUIRE(w != NULL);
  CHECK_STATUS(shelf_random(42, 1, 10000, w, n), SHELF_OK);
  char *small = draw(w, 1000, SHELF_SVG_EXPLAIN);
  char *big = draw(w, n, SHELF_SVG_EXPLAIN);
  if (small != NULL && big != NULL) {
    CHECK(strlen(big) < 64 * 1024);
    CHECK(strlen(big) < strlen(small) + 2048);
    CHECK(count(big, "<circle") < 10);
    CHECK(count(big, "class=\"summary-turn\"") == 10);
    CHECK(count(big, "class=\"bin ") <= 200);
  }
  shelf_svg_free(small);
  shelf_svg_free(big);
  free(w);
}

/* Weights at the ends of int64_t, zeros and negatives: no overflow in the
 * radii, the lead table or the summary's bars (UBSan watches). */
static void test_extremes(void) {
  int64_t w[SHELF_SVG_WHEELS_MAX + 50];
  size_t n = sizeof w / sizeof w[0];
  for (size_t k = 0; k < n; k++)
    w[k] = k % 3 == 0 ? INT64_MIN : k % 3 == 1 ? INT64_MAX : 0;
  const size_t sizes[] = {3, SHELF_SVG_LEAD_MAX, SHELF_SVG_WHEELS_MAX, n};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    for (unsigned flags = 0; flags <= SHELF_SVG_EXPLAIN; flags++) {
      char *svg = draw(w, sizes[s], flags);
      if (svg != NULL && sizes[s] <= SHELF_SVG_WHEELS_MAX)
        CHECK(count(svg, "class=\"wheel ") == sizes[s]);
      shelf_svg_free(svg);
    }
  }
  int64_t zeros[5] = {0, 0, 0, 0, 0};
  char *svg = draw(zeros, 5, SHELF_SVG_EXPLAIN);
  if (svg != NULL) {
    CHECK(count(svg, "class=\"wheel ") == 5);
    CHECK(count(svg, "class=\"trap-none\"") == 1);
  }
  shelf_svg_free(svg);
}

/* The group of wheel k (1-based): from its opening tag to its end. */
static char *wheel_group(const char *svg, size_t k) {
  char id[48];
  snprintf(id, sizeof id, "id=\"wheel-%zu\"", k);
  const char *at = strstr(svg, id);
  if (at == NULL)
    return NULL;
  const char *end = strstr(at, "</g>");
  size_t len = end != NULL ? (size_t)(end - at) : strlen(at);
  char *group = malloc(len + 1);
  if (group != NULL) {
    memcpy(group, at, len);
    group[len] = '\0';
  }
  return group;
}

/* The wheel whose group holds the trap's ring, 1-based; 0 for none, and
 * SIZE_MAX if more than one wheel has a ring. */
static size_t ringed_wheel(const char *svg, size_t n) {
  size_t found = 0;
  for (size_t k = 1; k <= n; k++) {
    char *group = wheel_group(svg, k);
    if (group != NULL && strstr(group, "class=\"trap\"") != NULL)
      found = found == 0 ? k : SIZE_MAX;
    free(group);
  }
  return found;
}

/* Traps worked out by hand (the leads in the comments):
 *   [3, 9, 1, 2]: the line takes the 2 (lead 2 - (3 - 8) ... = 7); greedy's
 *     3 keeps 3 - lead([9, 1, 2]) = 3 - 8 = -5: turn 1, wheel 1, cost 12.
 *   [5, 10, 3, 1]: lead([10, 3, 1]) = 10 - 2 = 8, so greedy's 5 keeps -3;
 *     the 1 keeps 1 - lead([5, 10, 3]) = 1 + 2 = 3: turn 1, wheel 1, cost 6.
 *   [1, 1, 10, 3, 5]: turn 1 takes the 5 (greedy too). On [1, 1, 10, 3] the
 *     second buyer's heavier end, the 3, keeps 3 - lead([1, 1, 10]) =
 *     3 - 10 = -7; the left 1 keeps 1 - lead([1, 10, 3]) = 1 + 6 = 7:
 *     turn 2, wheel 4, cost 14.
 *   [7, 2, 9, 4]: greedy's moves are the line's: no trap. */
static void test_traps_by_hand(void) {
  static const struct {
    int64_t w[5];
    size_t n, wheel;
    const char *title;
  } cases[] = {
      {{3, 9, 1, 2},
       4,
       1,
       "at turn 1 greedy takes this wheel, which costs 12 "},
      {{5, 10, 3, 1},
       4,
       1,
       "at turn 1 greedy takes this wheel, which costs 6 "},
      {{1, 1, 10, 3, 5},
       5,
       4,
       "at turn 2 greedy takes this wheel, which costs 14 "},
      {{7, 2, 9, 4}, 4, 0, NULL},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    char *svg = draw(cases[c].w, cases[c].n, SHELF_SVG_EXPLAIN);
    if (svg == NULL)
      continue;
    CHECK(ringed_wheel(svg, cases[c].n) == cases[c].wheel);
    CHECK(count(svg, "class=\"trap\"") == (cases[c].wheel ? 1u : 0u));
    if (cases[c].title != NULL)
      CHECK(strstr(svg, cases[c].title) != NULL);
    else
      CHECK(count(svg, "class=\"trap-none\"") == 1);
    shelf_svg_free(svg);
  }
}

/* The wheel greedy takes at the first turn of the line where its move keeps
 * less than the block's lead, 1-based, or 0: from the reference DP. */
static size_t trap_wheel(const int64_t *w, size_t n, const unsigned char *ends,
                         ref_table table) {
  int end = 0;
  shelf_i128 cost;
  ref_lead_table(w, n, table);
  size_t turn = ref_first_mistake(w, n, ends, table, &end, &cost), i, j;
  if (turn == 0)
    return 0;
  ref_block_at(ends, n, turn, &i, &j);
  return (end == SHELF_LEFT ? i : j) + 1;
}

/* Random shelves with ties, zeros and negatives: always a picture with one
 * group per wheel, and the ring on the wheel greedy takes at the first
 * mistake of the line, as tests/reference.h works it out from the DP. */
static void test_random(void) {
  static ref_table table;
  rng r = {test_seed()};
  for (int round = 0; round < 300; round++) {
    int64_t w[40];
    unsigned char ends[40];
    size_t n = 1 + (size_t)rng_range(&r, 0, 39);
    for (size_t k = 0; k < n; k++)
      w[k] = rng_range(&r, -4, 6);
    REQUIRE(shelf_line(w, n, ends) == SHELF_OK);
    char *svg = draw(w, n, SHELF_SVG_EXPLAIN);
    if (svg == NULL)
      continue;
    CHECK(count(svg, "class=\"wheel ") == n);
    size_t want = trap_wheel(w, n, ends, table), got = ringed_wheel(svg, n);
    if (got != want)
      fprintf(stderr, "seed %" PRIu64 ": ring on wheel %zu, expected %zu\n",
              test_seed(), got, want);
    CHECK(got == want);
    shelf_svg_free(svg);
  }
}

/* The width: the attribute says it; 0 is the default; out of range is
 * refused; a narrow picture lays the wheels out in more rows. */
static void test_width(void) {
  const int64_t w[] = {3, 9, 1, 2, 8, 7, 6, 5, 4, 3, 2, 1};
  char *svg = NULL;
  CHECK_STATUS(shelf_svg_width(w, 12, 0, SHELF_SVG_WIDTH_MIN - 1, &svg, NULL),
               SHELF_INVALID);
  CHECK_STATUS(shelf_svg_width(w, 12, 0, SHELF_SVG_WIDTH_MAX + 1, &svg, NULL),
               SHELF_INVALID);
  CHECK(svg == NULL);
  char *plain = draw(w, 12, 0);
  REQUIRE(plain != NULL);
  CHECK(strstr(plain, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                      "version=\"1.1\" width=\"1000\" ") != NULL);
  CHECK_STATUS(shelf_svg_width(w, 12, 0, 0, &svg, NULL), SHELF_OK);
  CHECK(svg != NULL && strcmp(svg, plain) == 0);
  shelf_svg_free(svg);
  svg = NULL;
  CHECK_STATUS(shelf_svg_width(w, 12, 0, 400, &svg, NULL), SHELF_OK);
  REQUIRE(svg != NULL);
  CHECK(strstr(svg, "width=\"400\" ") != NULL);
  CHECK(strstr(svg, "viewBox=\"0 0 400 ") != NULL);
  /* 400 px hold fewer wheels a row than 1000 px. */
  CHECK(count(svg, "class=\"plank\"") > count(plain, "class=\"plank\""));
  shelf_svg_free(svg);
  shelf_svg_free(plain);
}

/* The unit agrees with the number: a wheel of 1 kilo is not "1 kilos". */
static void test_units(void) {
  const int64_t w[] = {1, 2, -1};
  char *svg = draw(w, 3, 0);
  REQUIRE(svg != NULL);
  CHECK(strstr(svg, "wheel 1: 1 kilo,") != NULL);
  CHECK(strstr(svg, "wheel 2: 2 kilos,") != NULL);
  CHECK(strstr(svg, "wheel 3: -1 kilo,") != NULL);
  shelf_svg_free(svg);
}

/* Each wheel carries its 1-based index. */
static void test_indices(void) {
  int64_t w[40];
  for (size_t k = 0; k < 40; k++)
    w[k] = (int64_t)(k * 7 % 11);
  char *svg = draw(w, 40, 0);
  REQUIRE(svg != NULL);
  for (size_t k = 1; k <= 40; k++) {
    char *group = wheel_group(svg, k);
    char want[64];
    snprintf(want, sizeof want, "class=\"index\" fill=\"#6b7280\">%zu<", k);
    CHECK(group != NULL && strstr(group, want) != NULL);
    free(group);
  }
  shelf_svg_free(svg);
}

static const test tests[] = {
    {"arguments", test_arguments},
    {"empty", test_empty},
    {"[3, 9, 1, 2]", test_worked_shelf},
    {"sizes", test_sizes},
    {"summary", test_summary},
    {"extremes", test_extremes},
    {"random", test_random},
    {"traps by hand", test_traps_by_hand},
    {"width", test_width},
    {"indices", test_indices},
    {"units", test_units},
};

TEST_MAIN(tests)
