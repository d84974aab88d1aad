/*
 * test_svg.c - shelf_svg(): statuses, NULL handling, ownership, and what
 * can be checked without an XML parser: one wheel group per wheel, the lead
 * table's cells up to SHELF_SVG_LEAD_MAX wheels and none beyond, the trap
 * only with SHELF_SVG_EXPLAIN and on the wheel worked out by hand (or by a
 * reference DP here), a summary of bounded size for long shelves,
 * plain ASCII text, the width, and the extremes of int64_t; the versions
 * for a sheet (a question with cells given, the shelf or the table alone),
 * a moment of the game and the greedy lines, each checked against the game
 * played out here by hand; and that the palette macros are what is drawn.
 * tests/svg_test.py parses the pictures as XML and checks what they show;
 * tests/svg_render_test.py measures them in a browser.
 */
#include "harness.h"
#include "reference.h"
#include <shelf_svg.h>

/* Occurrences of `needle` in `hay`. */
static size_t count(const char *hay, const char *needle) {
  size_t k = 0, len = strlen(needle);
  for (const char *p = strstr(hay, needle); p != NULL;
       p = strstr(p + len, needle))
    k++;
  return k;
}

/* Cells of the lead table, of any kind. */
static size_t lead_cells(const char *svg) {
  return count(svg, "<rect class=\"lead");
}

/* The number after `attr="` in the <svg> element. */
static long svg_attr(const char *svg, const char *attr) {
  char want[32];
  snprintf(want, sizeof want, " %s=\"", attr);
  const char *at = strstr(strstr(svg, "<svg "), want);
  return at != NULL ? strtol(at + strlen(want), NULL, 10) : -1;
}

/* Draws and checks the things every picture must have; returns the
 * document (free it) or NULL. */
static char *draw_with(const int64_t *w, size_t n, const shelf_svg_options *o) {
  char *svg = NULL;
  size_t len = 0;
  shelf_status st = shelf_svg(w, n, o, &svg, &len);
  CHECK_STATUS(st, SHELF_OK);
  if (st != SHELF_OK || svg == NULL)
    return NULL;
  CHECK(len == strlen(svg));
  CHECK(strncmp(svg, "<?xml version=\"1.0\"", 19) == 0);
  CHECK(strstr(svg, "xmlns=\"http://www.w3.org/2000/svg\"") != NULL);
  CHECK(strstr(svg, "viewBox=\"") != NULL);
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

static char *draw(const int64_t *w, size_t n, unsigned flags) {
  shelf_svg_options o = {0};
  o.flags = flags;
  return draw_with(w, n, &o);
}

static void test_arguments(void) {
  const int64_t w[] = {3, 9, 1, 2};
  char *svg = (char *)"untouched";
  size_t len = 12345;
  CHECK_STATUS(shelf_svg(w, 4, NULL, NULL, &len), SHELF_INVALID);
  CHECK(len == 12345);
  CHECK_STATUS(shelf_svg(NULL, 4, NULL, &svg, &len), SHELF_INVALID);
  static const shelf_svg_options bad[] = {
      {0, 0, 4u, 0, 0, 0, 0},
      {0, 0, ~0u, 0, 0, 0, 0},
      {0, 0, SHELF_SVG_EXPLAIN | SHELF_SVG_QUESTION, 0, 0, 0, 0},
      {0, 0, 0, 4u, 0, 0, 0},
      {0, 0, 0, 0, 3u, 0, 0},
      {0, 0, 0, 0, 0, 5, 0}, /* a turn past the last */
      {0, 0, SHELF_SVG_QUESTION, 0, 0, 1, 0},
      {SHELF_SVG_WIDTH_MIN - 1, 0, 0, 0, 0, 0, 0},
      {SHELF_SVG_WIDTH_MAX + 1, 0, 0, 0, 0, 0, 0},
      {0, 99, 0, 0, 0, 0, 0},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
    CHECK_STATUS(shelf_svg(w, 4, &bad[k], &svg, &len), SHELF_INVALID);
  CHECK(strcmp(svg, "untouched") == 0 && len == 12345);
  /* The table alone beyond its limit. */
  int64_t many[SHELF_SVG_LEAD_MAX + 1] = {0};
  shelf_svg_options table = {0};
  table.parts = SHELF_SVG_TABLE;
  CHECK_STATUS(shelf_svg(many, SHELF_SVG_LEAD_MAX + 1, &table, &svg, &len),
               SHELF_TOO_LONG);
  /* len may be NULL. */
  svg = NULL;
  shelf_svg_options explain = {0};
  explain.flags = SHELF_SVG_EXPLAIN;
  CHECK_STATUS(shelf_svg(w, 4, &explain, &svg, NULL), SHELF_OK);
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

/* Traps worked out by hand (the leads in the comments): the first turn
 * where a greedy first buyer loses lead against the game's perfect second.
 *   [3, 9, 1, 2]: the line takes the 2 (lead 2 - (3 - 8) ... = 7); greedy's
 *     3 keeps 3 - lead([9, 1, 2]) = 3 - 8 = -5: turn 1, wheel 1, loses 12.
 *   [5, 10, 3, 1]: lead([10, 3, 1]) = 10 - 2 = 8, so greedy's 5 keeps -3;
 *     the 1 keeps 1 - lead([5, 10, 3]) = 1 + 2 = 3: turn 1, wheel 1, loses 6.
 *   [0, 1, 2, 5, 3, 4]: greedy's 4 keeps 4 - lead([0, 1, 2, 5, 3]) =
 *     4 + 1 = 5, the lead. On [0, 1, 2, 5, 3] both ends keep -1 and the
 *     game's second buyer takes the 0 (its reduction is one group). On
 *     [1, 2, 5, 3] (lead 1 - lead([2, 5, 3]) = 1 - 0 = 1) greedy's 3 keeps
 *     3 - lead([1, 2, 5]) = 3 - 4 = -1: turn 3, wheel 5, loses 2.
 *   [1, 1, 10, 3, 5]: greedy's 5 keeps -2, the lead; the second takes the
 *     left 1; greedy's 3 keeps 3 - lead([1, 10]) = -6 = lead([1, 10, 3]);
 *     the rest has no choice to lose: no trap.
 *   [7, 2, 9, 4]: greedy's moves are the line's: no trap. */
static void test_traps_by_hand(void) {
  static const struct {
    int64_t w[6];
    size_t n, wheel;
    const char *title;
  } cases[] = {
      {{3, 9, 1, 2},
       4,
       1,
       "at turn 1 greedy takes this wheel, which loses 12 "},
      {{5, 10, 3, 1},
       4,
       1,
       "at turn 1 greedy takes this wheel, which loses 6 "},
      {{0, 1, 2, 5, 3, 4},
       6,
       5,
       "at turn 3 greedy takes this wheel, which loses 2 "},
      {{1, 1, 10, 3, 5}, 5, 0, NULL},
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

/* The wheel a greedy first buyer takes at the first turn of its game
 * against the game's perfect second where its move keeps less than the
 * block's lead, 1-based, or 0: from the reference game and DP. */
static size_t trap_wheel(const int64_t *w, size_t n, ref_table table) {
  ref_lead_table(w, n, table);
  ref_greedy_play g = ref_greedy_game(w, n, table);
  return g.turn == 0 ? 0 : g.wheel + 1;
}

/* Random shelves with ties, zeros and negatives: always a picture with one
 * group per wheel, and the ring on the wheel greedy takes where it first
 * loses lead against the perfect second buyer, as tests/reference.h plays
 * it out with the DP. */
static void test_random(void) {
  static ref_table table;
  rng r = {test_seed()};
  for (int round = 0; round < 300; round++) {
    int64_t w[40];
    size_t n = 1 + (size_t)rng_range(&r, 0, 39);
    for (size_t k = 0; k < n; k++)
      w[k] = rng_range(&r, -4, 6);
    char *svg = draw(w, n, SHELF_SVG_EXPLAIN);
    if (svg == NULL)
      continue;
    CHECK(count(svg, "class=\"wheel ") == n);
    size_t want = trap_wheel(w, n, table), got = ringed_wheel(svg, n);
    if (got != want)
      fprintf(stderr, "seed %" PRIu64 ": ring on wheel %zu, expected %zu\n",
              test_seed(), got, want);
    CHECK(got == want);
    shelf_svg_free(svg);
  }
}

/* The width: never more than asked (a picture fits its content); 0 is the
 * default; out of range is refused (in test_arguments); up to
 * SHELF_SVG_ROW_MAX wheels one row whatever the width; longer shelves in
 * more rows at a narrower width, and never a strip far taller than wide. */
static void test_width(void) {
  const int64_t w[] = {3, 9, 1, 2, 8, 7, 6, 5, 4, 3, 2, 1};
  char *plain = draw(w, 12, 0);
  REQUIRE(plain != NULL);
  CHECK(svg_attr(plain, "width") <= 1000 && svg_attr(plain, "width") > 300);
  CHECK(count(plain, "class=\"plank\"") == 1);
  shelf_svg_options o = {0};
  char *svg = draw_with(w, 12, &o);
  CHECK(svg != NULL && strcmp(svg, plain) == 0);
  shelf_svg_free(svg);
  /* Four wheels at the narrowest width: one row, not "3 9 / 1 2". */
  o.width = SHELF_SVG_WIDTH_MIN;
  svg = draw_with(w, 4, &o);
  REQUIRE(svg != NULL);
  CHECK(svg_attr(svg, "width") <= SHELF_SVG_WIDTH_MIN);
  CHECK(count(svg, "class=\"plank\"") == 1);
  shelf_svg_free(svg);
  /* Four wheels at the default width: the picture is not 1000 px of which
   * a third is blank. */
  svg = draw(w, 4, 0);
  REQUIRE(svg != NULL);
  CHECK(svg_attr(svg, "width") < 1000);
  shelf_svg_free(svg);
  int64_t many[SHELF_SVG_WHEELS_MAX];
  for (size_t k = 0; k < SHELF_SVG_WHEELS_MAX; k++)
    many[k] = (int64_t)(k * 7919 % 10000) + 1;
  o.width = 0;
  svg = draw_with(many, SHELF_SVG_ROW_MAX, &o);
  REQUIRE(svg != NULL);
  CHECK(count(svg, "class=\"plank\"") == 1);
  shelf_svg_free(svg);
  char *wide = draw_with(many, 40, &o);
  o.width = 400;
  svg = draw_with(many, 40, &o);
  REQUIRE(svg != NULL && wide != NULL);
  CHECK(count(svg, "class=\"plank\"") > count(wide, "class=\"plank\""));
  shelf_svg_free(svg);
  shelf_svg_free(wide);
  o.width = 0;
  svg = draw_with(many, SHELF_SVG_WHEELS_MAX, &o);
  REQUIRE(svg != NULL);
  CHECK(svg_attr(svg, "height") < 3 * svg_attr(svg, "width") / 2);
  shelf_svg_free(svg);
  /* A slide: the frame asked for, the content centred in it. */
  o.width = 1280;
  o.height = 720;
  svg = draw_with(w, 12, &o);
  REQUIRE(svg != NULL);
  CHECK(svg_attr(svg, "width") == 1280 && svg_attr(svg, "height") == 720);
  shelf_svg_free(svg);
  shelf_svg_free(plain);
}

/* The game played out here, independently of the library: greedy takes
 * the heavier end, the left on equal weights. ends[t] 0 left, 1 right;
 * turn_of[k] the turn (from 1) wheel k is taken; returns the margin. */
static shelf_i128 greedy_by_hand(const int64_t *w, size_t n, size_t *turn_of) {
  size_t i = 0, j = n - 1;
  shelf_i128 total[2] = {0, 0};
  for (size_t t = 0; t < n; t++) {
    size_t k = w[i] >= w[j] ? i++ : j--;
    turn_of[k] = t + 1;
    total[t % 2] += w[k];
  }
  return total[0] - total[1];
}

/* Whether wheel k's group opens with exactly the classes `cls`. */
static int wheel_is(const char *svg, size_t k, const char *cls) {
  char idw[48], want[64];
  snprintf(idw, sizeof idw, "id=\"wheel-%zu\"", k);
  snprintf(want, sizeof want, "<g class=\"%s\"", cls);
  const char *open = strstr(svg, idw);
  if (open == NULL)
    return 0;
  while (open > svg && strncmp(open, "<g ", 3) != 0)
    open--;
  return strncmp(open, want, strlen(want)) == 0;
}

/* The greedy line is drawn as the perfect one is: each wheel in the colour
 * of the buyer who takes it when both are greedy, and the margin. */
static void test_greedy_line(void) {
  rng r = {test_seed()};
  for (int round = 0; round < 50; round++) {
    int64_t w[20];
    size_t turn_of[20], n = 1 + (size_t)rng_range(&r, 0, 19);
    for (size_t k = 0; k < n; k++)
      w[k] = rng_range(&r, -5, 9);
    shelf_i128 margin = greedy_by_hand(w, n, turn_of);
    shelf_svg_options o = {0};
    o.line = SHELF_LINE_GREEDY_BOTH;
    char *svg = draw_with(w, n, &o);
    if (svg == NULL)
      continue;
    for (size_t k = 0; k < n; k++)
      CHECK(wheel_is(svg, k + 1,
                     turn_of[k] % 2 ? "wheel first" : "wheel second"));
    char want[80], digits[SHELF_I128_BUFSIZE];
    shelf_i128_format(margin, digits);
    snprintf(want, sizeof want, "both buyers greedy, margin %s<", digits);
    CHECK(strstr(svg, want) != NULL);
    shelf_svg_free(svg);
  }
  /* Greedy first against perfect second, on [3, 9, 1, 2]: greedy takes the
   * 3; the second buyer then keeps the most, the 9... margin 3 - 9 + 2 - 1
   * = -5 (the lead greedy's 3 keeps, as test_traps_by_hand says). */
  const int64_t w[] = {3, 9, 1, 2};
  shelf_svg_options o = {0};
  o.line = SHELF_LINE_GREEDY_FIRST;
  char *svg = draw_with(w, 4, &o);
  REQUIRE(svg != NULL);
  CHECK(strstr(svg, "greedy first buyer against perfect, margin -5<") != NULL);
  CHECK(wheel_is(svg, 1, "wheel first") && wheel_is(svg, 2, "wheel second"));
  shelf_svg_free(svg);
}

/* The versions of a sheet: a question shows no buyer, turn or margin, and
 * the table's cells empty but for the blocks given; the parts alone. */
static void test_sheet_versions(void) {
  const int64_t w[] = {3, 9, 1, 2, 5};
  shelf_svg_options o = {0};
  o.flags = SHELF_SVG_QUESTION;
  char *svg = draw_with(w, 5, &o);
  REQUIRE(svg != NULL);
  CHECK(count(svg, "<g class=\"wheel open\"") == 5);
  CHECK(count(svg, "class=\"wheel first") == 0);
  CHECK(count(svg, "class=\"turn\"") == 0);
  CHECK(strstr(svg, ", margin ") == NULL && strstr(svg, "wheels</title>"));
  CHECK(count(svg, "class=\"lead blank\"") == 15);
  CHECK(count(svg, "class=\"lead-value\"") == 0);
  shelf_svg_free(svg);
  o.given = 1; /* the diagonal: each wheel's own weight */
  svg = draw_with(w, 5, &o);
  REQUIRE(svg != NULL);
  CHECK(count(svg, "class=\"lead given\"") == 5);
  CHECK(count(svg, "class=\"lead blank\"") == 10);
  CHECK(strstr(svg, "lead(2, 2) = 9<") != NULL);
  CHECK(strstr(svg, "lead(1, 2) = ?<") != NULL);
  shelf_svg_free(svg);
  o.flags = 0;
  o.given = 0;
  o.parts = SHELF_SVG_SHELF;
  svg = draw_with(w, 5, &o);
  REQUIRE(svg != NULL);
  CHECK(lead_cells(svg) == 0 && count(svg, "<g class=\"wheel ") == 5);
  shelf_svg_free(svg);
  o.parts = SHELF_SVG_TABLE;
  svg = draw_with(w, 5, &o);
  REQUIRE(svg != NULL);
  CHECK(lead_cells(svg) == 15 && count(svg, "<g class=\"wheel ") == 0);
  /* The headers carry the weights: each wheel's, once a row, once a
   * column. */
  CHECK(count(svg, "class=\"axis-weight\"") == 10);
  shelf_svg_free(svg);
}

/* The moment after turn K: K wheels taken, the rest on the shelf, the
 * block left marked, the totals so far. [3, 9, 1, 2]: the line takes the
 * 2, then the 3 (wheels 4 and 1). */
static void test_moment(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_svg_options o = {0};
  o.turn = 2;
  char *svg = draw_with(w, 4, &o);
  REQUIRE(svg != NULL);
  CHECK(count(svg, " taken\"") == 2);
  CHECK(count(svg, "<g class=\"wheel open\"") == 2);
  CHECK(wheel_is(svg, 4, "wheel first taken"));
  CHECK(wheel_is(svg, 1, "wheel second taken"));
  CHECK(count(svg, " now\"") == 1);
  CHECK(strstr(svg, "After turn 2 of 4: the first buyer has 2 kilos, the "
                    "second 3 kilos; wheels 2 to 3 are left") != NULL);
  shelf_svg_free(svg);
}

/* The palette of shelf.h is what is drawn: the buyers' fills, the trap's
 * ring, and the lead table's strongest cell (the biggest lead, 9, of
 * wheel 2 alone) in SHELF_COLOUR_AHEAD itself. The line takes wheels 4, 1,
 * 2, 3: wheel 4 is the first buyer's, wheel 1 the second's. */
static void test_palette(void) {
  const int64_t w[] = {3, 9, 1, 2};
  char *svg = draw(w, 4, SHELF_SVG_EXPLAIN);
  REQUIRE(svg != NULL);
  char *first = wheel_group(svg, 4), *second = wheel_group(svg, 1);
  CHECK(first != NULL &&
        strstr(first, "fill=\"" SHELF_COLOUR_FIRST "\"") != NULL);
  CHECK(second != NULL &&
        strstr(second, "fill=\"" SHELF_COLOUR_SECOND "\"") != NULL);
  free(first);
  free(second);
  CHECK(strstr(svg, "class=\"trap\" cx") != NULL &&
        strstr(svg, "stroke=\"" SHELF_COLOUR_TRAP "\"") != NULL);
  const char *cell = strstr(svg, "lead(2, 2) = 9<");
  REQUIRE(cell != NULL);
  const char *rect = cell;
  while (rect > svg && strncmp(rect, "<rect", 5) != 0)
    rect--;
  const char *want = "fill=\"" SHELF_COLOUR_AHEAD "\"";
  CHECK(strncmp(strstr(rect, "fill=\""), want, strlen(want)) == 0);
  shelf_svg_free(svg);
}

/* shelf_lead_colour() is the table's scale: white for level, the palette's
 * colours at the biggest lead, between them by the log of the lead (so 1
 * beside 10^18 is tinted, not white), and the picture's cells use it. The
 * expected channels are worked out by hand from the scale's definition:
 * 320/1000 of the way to the colour at the smallest lead. */
static void test_lead_colour(void) {
  char fill[SHELF_COLOUR_BUFSIZE], ink[SHELF_COLOUR_BUFSIZE];
  CHECK(shelf_lead_colour(0, 9, fill, ink) == SHELF_OK &&
        strcmp(fill, "#ffffff") == 0 && strcmp(ink, SHELF_COLOUR_INK) == 0);
  CHECK(shelf_lead_colour(9, 9, fill, NULL) == SHELF_OK &&
        strcmp(fill, SHELF_COLOUR_AHEAD) == 0);
  /* Text on the full colour: by WCAG 2, white has 3.4 to 1 on #009e73 and
   * the ink #1a1a1a 5.1 to 1 (relative luminances 0.257 and 0.010, worked
   * by hand), so the ink. */
  CHECK(shelf_lead_colour(9, 9, fill, ink) == SHELF_OK &&
        strcmp(ink, SHELF_COLOUR_INK) == 0);
  CHECK(shelf_lead_colour(-9, 9, fill, ink) == SHELF_OK &&
        strcmp(fill, SHELF_COLOUR_BEHIND) == 0);
  /* A biggest below the lead is the lead: the full colour, not beyond. */
  CHECK(shelf_lead_colour(-90, 9, fill, NULL) == SHELF_OK &&
        strcmp(fill, SHELF_COLOUR_BEHIND) == 0);
  /* 1 beside 10^18: log2(2) / log2(10^18 + 1) of the way past the floor,
   * 320 + 680 * 256 / 15305 = 331 thousandths of the way from white to
   * #009e73: 255 - 255 * 331 / 1000 = 171 (0xab), 255 - 97 * 331 / 1000 =
   * 223 (0xdf), 255 - 140 * 331 / 1000 = 209 (0xd1). */
  CHECK(shelf_lead_colour(1, (shelf_i128)1000000000000000000, fill, ink) ==
            SHELF_OK &&
        strcmp(fill, "#abdfd1") == 0 && strcmp(ink, SHELF_COLOUR_INK) == 0);
  /* The lowest shelf_i128, -2^127, whose magnitude has no shelf_i128. */
  shelf_i128 lowest = (shelf_i128)INT64_MIN * INT64_MIN * -2;
  CHECK(shelf_lead_colour(lowest, 0, fill, ink) == SHELF_OK &&
        strcmp(fill, SHELF_COLOUR_BEHIND) == 0);
  CHECK(shelf_lead_colour(1, 1, NULL, ink) == SHELF_INVALID);
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
    snprintf(want, sizeof want, ">%zu</text>", k);
    const char *index = group != NULL ? strstr(group, "class=\"index\"") : NULL;
    CHECK(index != NULL && strstr(index, want) != NULL);
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
    {"greedy line", test_greedy_line},
    {"sheet versions", test_sheet_versions},
    {"moment", test_moment},
    {"palette", test_palette},
    {"lead colour", test_lead_colour},
};

TEST_MAIN(tests)
