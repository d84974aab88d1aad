/*
 * test_words.c - the wording shared by the command, the game and the
 * pictures: each sentence of an explanation against text written out by
 * hand, the snprintf-style size query and truncation, the bound
 * SHELF_SENTENCE_BUFSIZE at the extremes of every number, and the standing
 * ("7 kilos ahead", "1 kilo behind", "level").
 */
#include "harness.h"
#include <shelf_teach.h>

static char said[SHELF_SENTENCE_BUFSIZE];

/* The sentence, or "" after a failure (which the CHECK reports). */
static const char *sentence(const shelf_explanation *e, shelf_sentence k) {
  size_t len = 0;
  said[0] = '\0';
  CHECK_STATUS(shelf_explain_sentence(e, k, said, sizeof said, &len), SHELF_OK);
  CHECK(len == strlen(said));
  return said;
}

#define CHECK_SAYS(e, k, text) CHECK(strcmp(sentence(e, k), text) == 0)

/* [3, 9, 1, 2], the problem's shelf, worked by hand: perfect play takes the 2,
 * then 9 (11 to 4); greedy takes the 3 and hands over the 9 (5 to 10); the
 * trap is wheel 1 at turn 1, costing 7 - (3 - 8) = 12. */
static void test_problem_shelf(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_explanation e;
  REQUIRE(shelf_explain(w, 4, 0, &e) == SHELF_OK);
  CHECK_SAYS(&e, SHELF_SENTENCE_PERFECT,
             "Perfect play: the first buyer finishes 7 kilos ahead, 11 to 4.");
  CHECK_SAYS(&e, SHELF_SENTENCE_GREEDY,
             "Both greedy (always the heavier end, the left on equal "
             "weights): the first buyer finishes 5 kilos behind, 5 to 10.");
  CHECK_SAYS(&e, SHELF_SENTENCE_GREEDY_VS_PERFECT,
             "A greedy first buyer against a perfect second: the first buyer "
             "finishes 5 kilos behind, 12 kilos worse than perfect play.");
  CHECK_SAYS(&e, SHELF_SENTENCE_TRAP,
             "The greedy trap: at turn 1 the first buyer's heavier end is the "
             "left (wheel 1, 3 kilos), but taking it loses 12 kilos of lead; "
             "perfect play takes the right (wheel 4). Against a perfect "
             "second buyer, greedy loses 12 kilos of lead in all.");
  CHECK_SAYS(&e, SHELF_SENTENCE_PARITY,
             "Parity floor: the odd positions weigh 4, the even 11; by taking "
             "every even position the first buyer is sure to finish 7 kilos "
             "ahead, and perfect play gets 0 more.");
}

/* [1, 0, 2], by hand: the first buyer takes the 2 (taking the 1 would hand
 * over the 2), the second the 1, the first the 0: 2 to 1, one kilo apart,
 * so the unit is singular. Greedy plays the same moves. */
static void test_singular_and_odd(void) {
  const int64_t w[] = {1, 0, 2};
  shelf_explanation e;
  REQUIRE(shelf_explain(w, 3, 0, &e) == SHELF_OK);
  CHECK_SAYS(&e, SHELF_SENTENCE_PERFECT,
             "Perfect play: the first buyer finishes 1 kilo ahead, 2 to 1.");
  CHECK_SAYS(&e, SHELF_SENTENCE_TRAP,
             "The greedy trap: none here; against a perfect second buyer, the "
             "heavier end keeps the first buyer's lead at every turn.");
  CHECK_SAYS(&e, SHELF_SENTENCE_PARITY,
             "Parity floor: none, the shelf has an odd number of wheels.");
  CHECK_SAYS(&e, SHELF_SENTENCE_GREEDY_VS_PERFECT,
             "A greedy first buyer against a perfect second: the first buyer "
             "finishes 1 kilo ahead, 0 kilos worse than perfect play.");
  shelf_explanation none;
  REQUIRE(shelf_explain(NULL, 0, 0, &none) == SHELF_OK);
  CHECK_SAYS(&none, SHELF_SENTENCE_PERFECT,
             "Perfect play: the first buyer finishes level, 0 to 0.");
  CHECK_SAYS(&none, SHELF_SENTENCE_PARITY,
             "Parity floor: none, the shelf is empty.");
}

/* [0, 1, 2, 5, 3, 4], by hand (the leads of tests/test_svg.c): greedy's
 * 4 keeps the lead 5; on [0, 1, 2, 5, 3] both ends keep -1 and the game's
 * second buyer takes the 0; on [1, 2, 5, 3] (lead 1) greedy's 3 keeps
 * 3 - lead([1, 2, 5]) = 3 - 4 = -1, 2 less, where the 1 keeps 1. The rest
 * loses nothing: [1, 2, 5] goes to the second buyer's 5 (keeps 4), then
 * greedy's 2 and the 1. Greedy finishes 4 + 3 + 2 - (0 + 5 + 1) = 3
 * ahead, perfect play 5 (the lead of the whole shelf, 4 - (-1)). */
static void test_trap_later(void) {
  const int64_t w[] = {0, 1, 2, 5, 3, 4};
  shelf_explanation e;
  REQUIRE(shelf_explain(w, 6, 0, &e) == SHELF_OK);
  CHECK_SAYS(&e, SHELF_SENTENCE_GREEDY_VS_PERFECT,
             "A greedy first buyer against a perfect second: the first buyer "
             "finishes 3 kilos ahead, 2 kilos worse than perfect play.");
  CHECK_SAYS(&e, SHELF_SENTENCE_TRAP,
             "The greedy trap: at turn 3 the first buyer's heavier end is the "
             "right (wheel 5, 3 kilos), but taking it loses 2 kilos of lead; "
             "perfect play takes the left (wheel 2). Against a perfect second "
             "buyer, greedy loses 2 kilos of lead in all.");
  /* Above the limit the game stops, but a loss found before it is said,
   * without the whole game's. */
  REQUIRE(shelf_explain(w, 6, 5, &e) == SHELF_OK);
  CHECK(!e.has_greedy_vs_perfect && e.mistake == 1);
  CHECK_SAYS(&e, SHELF_SENTENCE_TRAP,
             "The greedy trap: at turn 3 the first buyer's heavier end is the "
             "right (wheel 5, 3 kilos), but taking it loses 2 kilos of lead; "
             "perfect play takes the left (wheel 2).");
}

/* Limits reached: the sentences say what was not computed. */
static void test_limits(void) {
  int64_t w[40];
  for (size_t k = 0; k < 40; k++)
    w[k] = (int64_t)(k % 7);
  shelf_explanation e;
  REQUIRE(shelf_explain(w, 40, 10, &e) == SHELF_OK);
  CHECK_SAYS(&e, SHELF_SENTENCE_GREEDY_VS_PERFECT,
             "A greedy first buyer against a perfect second: not computed "
             "above 10 wheels (its game takes time n squared).");
  e.mistake = -1;
  CHECK_SAYS(&e, SHELF_SENTENCE_TRAP,
             "The greedy trap: not searched to the end on a shelf this long.");
}

/* The size query and truncation, as snprintf does them. */
static void test_buffers(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_explanation e;
  REQUIRE(shelf_explain(w, 4, 0, &e) == SHELF_OK);
  size_t len = 0;
  CHECK_STATUS(
      shelf_explain_sentence(&e, SHELF_SENTENCE_PERFECT, NULL, 0, &len),
      SHELF_OK);
  CHECK(len == strlen("Perfect play: the first buyer finishes 7 kilos ahead, "
                      "11 to 4."));
  char small[8];
  memset(small, 'x', sizeof small);
  size_t cut = 0;
  CHECK_STATUS(shelf_explain_sentence(&e, SHELF_SENTENCE_PERFECT, small,
                                      sizeof small, &cut),
               SHELF_OK);
  CHECK(cut == len && strcmp(small, "Perfect") == 0);
  char one = 'x';
  CHECK_STATUS(
      shelf_explain_sentence(&e, SHELF_SENTENCE_PERFECT, &one, 1, NULL),
      SHELF_OK);
  CHECK(one == '\0');
  CHECK_STATUS(shelf_explain_sentence(NULL, SHELF_SENTENCE_PERFECT, small,
                                      sizeof small, NULL),
               SHELF_INVALID);
  CHECK_STATUS(
      shelf_explain_sentence(&e, SHELF_SENTENCE_PERFECT, NULL, 5, NULL),
      SHELF_INVALID);
  strcpy(small, "kept");
  CHECK_STATUS(shelf_explain_sentence(&e, (shelf_sentence)SHELF_SENTENCE_COUNT,
                                      small, sizeof small, &cut),
               SHELF_INVALID);
  CHECK(strcmp(small, "kept") == 0);
}

/* Every number at its longest: SHELF_SENTENCE_BUFSIZE still holds each
 * sentence, and SHELF_STANDING_BUFSIZE each standing. */
static void test_bounds(void) {
  /* -2^127: 39 digits and a sign, the longest shelf_i128 there is. */
  const shelf_i128 most = (((shelf_i128)1 << 126) - 1) * 2 + 1; /* 2^127-1 */
  const shelf_i128 longest = -most - 1;
  shelf_explanation e;
  memset(&e, 0, sizeof e);
  e.n = UINT64_MAX - 1; /* even */
  e.margin = e.first = e.second = longest;
  e.greedy_first = e.greedy_second = e.greedy_margin = longest;
  e.greedy_first = most;
  e.has_greedy_vs_perfect = 1;
  e.greedy_vs_perfect = longest;
  e.mistake = 1;
  e.mistake_turn = e.mistake_wheel = e.mistake_other = UINT64_MAX - 1;
  e.mistake_weight = INT64_MIN;
  e.mistake_cost = longest;
  e.has_parity = 1;
  e.odd_sum = e.even_sum = e.parity_floor = e.parity_gain = longest;
  e.limit = UINT64_MAX;
  for (int k = 0; k < SHELF_SENTENCE_COUNT; k++) {
    size_t len = 0;
    CHECK_STATUS(shelf_explain_sentence(&e, (shelf_sentence)k, NULL, 0, &len),
                 SHELF_OK);
    CHECK(len < SHELF_SENTENCE_BUFSIZE);
  }
  /* The trap's whole loss, margin - greedy_vs_perfect, at its longest. */
  e.margin = most;
  e.greedy_vs_perfect = 0;
  size_t len = 0;
  CHECK_STATUS(shelf_explain_sentence(&e, SHELF_SENTENCE_TRAP, NULL, 0, &len),
               SHELF_OK);
  CHECK(len < SHELF_SENTENCE_BUFSIZE);
  char buf[SHELF_STANDING_BUFSIZE];
  size_t n = shelf_standing_format(longest, buf);
  CHECK(n == strlen(buf) && n < SHELF_STANDING_BUFSIZE);
  CHECK(strcmp(buf, "170141183460469231731687303715884105728 kilos behind") ==
        0);
}

static void test_standing(void) {
  char buf[SHELF_STANDING_BUFSIZE];
  CHECK(shelf_standing_format(7, buf) == 13 &&
        strcmp(buf, "7 kilos ahead") == 0);
  CHECK(shelf_standing_format(-5, buf) == 14 &&
        strcmp(buf, "5 kilos behind") == 0);
  CHECK(shelf_standing_format(1, buf) == 12 &&
        strcmp(buf, "1 kilo ahead") == 0);
  CHECK(shelf_standing_format(-1, buf) == 13 &&
        strcmp(buf, "1 kilo behind") == 0);
  CHECK(shelf_standing_format(0, buf) == 5 && strcmp(buf, "level") == 0);
}

static const test tests[] = {
    {"the problem's shelf, by hand", test_problem_shelf},
    {"singular units, odd and empty shelves", test_singular_and_odd},
    {"a trap at turn 3, by hand", test_trap_later},
    {"limits reached", test_limits},
    {"size query and truncation", test_buffers},
    {"the longest numbers", test_bounds},
    {"standing", test_standing},
};

TEST_MAIN(tests)
