/*
 * test_moves.c - games move by move, greedy play, and the words every
 * surface shares (moves.c, notes.c, words.c): each checked against the
 * rules written out here, with none of the library's code.
 */
#include "harness.h"
#include "reference.h"
#include <shelf_teach.h>

/* ==== Games ==== */

static void random_shelf(rng *r, int64_t *w, size_t n, int64_t lo, int64_t hi) {
  for (size_t k = 0; k < n; k++)
    w[k] = rng_range(r, lo, hi);
}

/* Any sequence of ends: each move takes the wheel at that end, the buyers
 * alternate from the first, and the totals are the sums of what each
 * took. */
static void test_game_take(void) {
  rng r = {test_seed() ^ 1};
  int64_t w[40];
  for (int round = 0; round < 2000; round++) {
    size_t n = (size_t)rng_range(&r, 0, 40);
    for (size_t k = 0; k < n; k++) /* anywhere in int64_t */
      w[k] = (int64_t)rng_next(&r);
    shelf_position g;
    shelf_position_start(&g, n);
    size_t i = 0, j = n;
    shelf_i128 sum[2] = {0, 0};
    for (size_t t = 0; t < n; t++) {
      shelf_end end = rng_next(&r) & 1 ? SHELF_RIGHT : SHELF_LEFT;
      size_t wheel = end == SHELF_LEFT ? i++ : --j;
      sum[t % 2] += w[wheel];
      shelf_move m;
      CHECK_STATUS(shelf_position_take(&g, w, end, &m), SHELF_OK);
      CHECK(m.turn == t + 1 && m.wheel == wheel && m.weight == w[wheel]);
      CHECK(m.buyer == (t % 2 ? SHELF_SECOND : SHELF_FIRST) && m.end == end);
      CHECK_I128(m.first, sum[0]);
      CHECK_I128(m.second, sum[1]);
    }
    shelf_position before = g;
    CHECK_STATUS(shelf_position_take(&g, w, SHELF_LEFT, NULL), SHELF_INVALID);
    CHECK(memcmp(&before, &g, sizeof g) == 0);
  }
  shelf_position g;
  shelf_position_start(&g, 2);
  CHECK_STATUS(shelf_position_take(&g, w, (shelf_end)2, NULL), SHELF_INVALID);
  CHECK_STATUS(shelf_position_take(NULL, w, SHELF_LEFT, NULL), SHELF_INVALID);
}

/* A whole game replayed (shelf_replay_all()) hands over the moves that
 * one move at a time (shelf_position_take()) makes, in turn order; a hook
 * that stops ends it there; an unknown end stops it before that move. */
typedef struct replayed {
  shelf_move moves[40];
  size_t count, stop_after;
} replayed;

static int keep_move(void *ctx, const shelf_move *move) {
  replayed *r = ctx;
  r->moves[r->count++] = *move;
  return r->count == r->stop_after;
}

static void test_replay_all(void) {
  rng r = {test_seed() ^ 0x4e91a7};
  int64_t w[40];
  unsigned char ends[40];
  for (int round = 0; round < 2000; round++) {
    size_t n = (size_t)rng_range(&r, 0, 40);
    for (size_t k = 0; k < n; k++) {
      w[k] = (int64_t)rng_next(&r);
      ends[k] = rng_next(&r) & 1 ? SHELF_RIGHT : SHELF_LEFT;
    }
    replayed got = {.count = 0, .stop_after = round % 4 == 0 ? n / 2 : 0};
    CHECK_STATUS(shelf_replay_all(w, n, ends, keep_move, &got), SHELF_OK);
    size_t want_count = got.stop_after > 0 ? got.stop_after : n;
    CHECK(got.count == want_count);
    /* The same moves one at a time, and through shelf_replay() too. */
    shelf_position g, h;
    shelf_position_start(&g, n);
    shelf_position_start(&h, n);
    for (size_t t = 0; t < got.count; t++) {
      shelf_move m, via_replay;
      REQUIRE(shelf_position_take(&g, w, (shelf_end)ends[t], &m) == SHELF_OK);
      CHECK_STATUS(shelf_replay(w, ends, 1, &h, &via_replay), SHELF_OK);
      CHECK(memcmp(&m, &got.moves[t], sizeof m) == 0);
      CHECK(memcmp(&m, &via_replay, sizeof m) == 0);
    }
  }
  int64_t three[] = {4, 5, 6};
  unsigned char bad[] = {SHELF_LEFT, 7, SHELF_LEFT};
  replayed got = {.count = 0, .stop_after = 0};
  CHECK_STATUS(shelf_replay_all(three, 3, bad, keep_move, &got),
               SHELF_INVALID);
  CHECK(got.count == 1 && got.moves[0].weight == 4);
  CHECK_STATUS(shelf_replay_all(NULL, 0, NULL, keep_move, &got), SHELF_OK);
  CHECK(got.count == 1);
}

/* ==== Greedy play ==== */

static shelf_i128 line_margin(const int64_t *w, size_t n,
                              const unsigned char *ends) {
  shelf_position g;
  shelf_position_start(&g, n);
  for (size_t t = 0; t < n; t++)
    shelf_position_take(&g, w, (shelf_end)ends[t], NULL);
  return g.totals[0] - g.totals[1];
}

static void test_greedy(void) {
  rng r = {test_seed() ^ 2};
  int64_t w[300];
  unsigned char ends[300];
  for (int round = 0; round < 3000; round++) {
    size_t n = (size_t)rng_range(&r, 0, 14);
    int64_t hi = round % 3 == 0 ? 3 : 100; /* ties often */
    random_shelf(&r, w, n, round % 2 ? -hi : 0, hi);
    /* Both greedy: the heavier end, the left on equal weights. */
    CHECK_STATUS(shelf_greedy_line(w, n, SHELF_LINE_GREEDY_BOTH, ends), SHELF_OK);
    for (size_t t = 0, i = 0, j = n; t < n; t++) {
      int left = w[i] >= w[j - 1];
      CHECK(ends[t] == (left ? SHELF_LEFT : SHELF_RIGHT));
      CHECK(shelf_greedy_end(w, i, j - 1) == ends[t]);
      if (left)
        i++;
      else
        j--;
    }
    /* Greedy first against the game's perfect second: the ends of the game
     * played in reference.h, whose second buyer keeps the DP's lead. */
    CHECK_STATUS(shelf_greedy_line(w, n, SHELF_LINE_GREEDY_FIRST, ends), SHELF_OK);
    static ref_table lead;
    ref_lead_table(w, n, lead);
    ref_greedy_play g = ref_greedy_game(w, n, lead);
    CHECK(g.second_kept);
    CHECK(n == 0 || memcmp(ends, g.ends, n) == 0);
    CHECK_I128(line_margin(w, n, ends), g.margin);
  }
  /* Longer shelves against the explanation's own search. */
  for (int round = 0; round < 40; round++) {
    size_t n = (size_t)rng_range(&r, 15, 300);
    random_shelf(&r, w, n, -1000, 1000);
    shelf_explanation e;
    CHECK_STATUS(shelf_explain(w, n, 0, &e), SHELF_OK);
    CHECK_STATUS(shelf_greedy_line(w, n, SHELF_LINE_GREEDY_FIRST, ends), SHELF_OK);
    CHECK_I128(line_margin(w, n, ends), e.greedy_vs_perfect);
  }
  /* The second buyer of SHELF_LINE_GREEDY_FIRST is the game's perfect player:
   * at each of its turns, shelf_best_move()'s best on the block. */
  for (int round = 0; round < 40; round++) {
    size_t n = (size_t)rng_range(&r, 15, 300);
    random_shelf(&r, w, n, round % 2 ? -5 : -1000, round % 2 ? 5 : 1000);
    CHECK_STATUS(shelf_greedy_line(w, n, SHELF_LINE_GREEDY_FIRST, ends), SHELF_OK);
    for (size_t t = 0, i = 0, j = n; t < n; t++) {
      shelf_choice c;
      CHECK_STATUS(shelf_best_move(w, n, i, j - 1, &c), SHELF_OK);
      CHECK(ends[t] == (t % 2 ? c.best : shelf_greedy_end(w, i, j - 1)));
      if (ends[t] == SHELF_LEFT)
        i++;
      else
        j--;
    }
  }
  /* [3, 9, 1, 2]: greedy takes the 3 and finishes 5 behind. */
  const int64_t trap[] = {3, 9, 1, 2};
  CHECK_STATUS(shelf_greedy_line(trap, 4, SHELF_LINE_GREEDY_FIRST, ends), SHELF_OK);
  CHECK(ends[0] == SHELF_LEFT);
  CHECK_I128(line_margin(trap, 4, ends), -5);
  CHECK_STATUS(shelf_greedy_line(trap, 4, 7, ends), SHELF_INVALID);
  CHECK_STATUS(shelf_greedy_line(NULL, 4, SHELF_LINE_GREEDY_BOTH, ends),
               SHELF_INVALID);
  CHECK_STATUS(shelf_greedy_line(NULL, 0, SHELF_LINE_GREEDY_FIRST, NULL), SHELF_OK);
  CHECK_STATUS(
      shelf_greedy_line(w, SHELF_GREEDY_LINE_MAX + 1, SHELF_LINE_GREEDY_FIRST, ends),
      SHELF_TOO_LONG);
}

/* ==== Names and the error line ==== */

static void test_words(void) {
  CHECK(strcmp(shelf_buyer_name(SHELF_FIRST), "first") == 0);
  CHECK(strcmp(shelf_buyer_name(SHELF_SECOND), "second") == 0);
  CHECK(shelf_buyer_name((shelf_buyer)2) == NULL);
  CHECK(strcmp(shelf_end_name(SHELF_LEFT), "left") == 0);
  CHECK(shelf_end_name((shelf_end)5) == NULL);
  CHECK(strcmp(shelf_kilos_word(-1), "kilo") == 0);
  CHECK(strcmp(shelf_kilos_word(0), "kilos") == 0);

  shelf_parse_error e = {SHELF_EXPECTED_INTEGER, 2, 3, 9, "x"};
  const char *whole = "line 2, column 3: expected an integer, found \"x\"";
  char buf[SHELF_SENTENCE_BUFSIZE];
  size_t len = 0;
  CHECK_STATUS(shelf_parse_error_format(&e, 1, buf, sizeof buf, &len),
               SHELF_OK);
  CHECK(strcmp(buf, whole) == 0 && len == strlen(whole));
  CHECK_STATUS(shelf_parse_error_format(&e, 0, buf, sizeof buf, &len),
               SHELF_OK);
  CHECK(strcmp(buf, "expected an integer, found \"x\"") == 0);
  /* snprintf-style: cut to fit, the whole length told. */
  char small[8];
  CHECK_STATUS(shelf_parse_error_format(&e, 1, small, sizeof small, &len),
               SHELF_OK);
  CHECK(strcmp(small, "line 2,") == 0 && len == strlen(whole));
  CHECK_STATUS(shelf_parse_error_format(&e, 1, NULL, 0, &len), SHELF_OK);
  CHECK(len == strlen(whole));
  CHECK_STATUS(shelf_parse_error_format(&e, 1, NULL, 4, &len), SHELF_INVALID);
  /* At the end of the input nothing is found. */
  shelf_parse_error end = {SHELF_UNCLOSED, 1, 7, 6, ""};
  CHECK_STATUS(shelf_parse_error_format(&end, 1, buf, sizeof buf, NULL),
               SHELF_OK);
  CHECK(strstr(buf, "found") == NULL);
}

/* ==== Notes on input ==== */

/* The notes on `text`, fed in two pieces cut at `cut`. */
static size_t notes_of(const char *text, size_t cut, uint64_t wheels,
                       uint64_t line, shelf_note out[2]) {
  shelf_notes *n = NULL;
  if (shelf_notes_new(&n) != SHELF_OK)
    return 99;
  size_t len = strlen(text);
  shelf_notes_feed(n, text, cut);
  shelf_notes_feed(n, text + cut, len - cut);
  shelf_notes_finish(n);
  size_t k = shelf_notes_take(n, wheels, line, out);
  shelf_notes_free(n);
  return k;
}

static void test_notes(void) {
  shelf_note got[2];
  char said[SHELF_SENTENCE_BUFSIZE];
  const char *counted = "4\n10 80 90 30\n";
  for (size_t cut = 0; cut <= strlen(counted); cut++) {
    CHECK(notes_of(counted, cut, 5, 0, got) == 1);
    CHECK(got[0].kind == SHELF_NOTE_COUNT && got[0].count == 4 &&
          got[0].line == 1);
  }
  CHECK_STATUS(shelf_note_sentence(&got[0], said, sizeof said, NULL), SHELF_OK);
  CHECK(strcmp(said, "4 looks like a count of the 4 weights after it, but "
                     "it was read as a wheel") == 0);
  /* Not a count: the wrong number of weights after it, or more on line 1. */
  CHECK(notes_of("3\n10 80 90 30\n", 0, 5, 0, got) == 0);
  CHECK(notes_of("4 10\n80 90 30\n", 0, 5, 0, got) == 0);
  CHECK(notes_of(counted, 0, 5, 1, got) == 0); /* batch: no count */

  const char *grouped = "1,000 2,500 3";
  for (size_t cut = 0; cut <= strlen(grouped); cut++) {
    CHECK(notes_of(grouped, cut, 5, 0, got) == 1);
    CHECK(got[0].kind == SHELF_NOTE_THOUSANDS && got[0].count == 2 &&
          strcmp(got[0].text, "1,000") == 0 &&
          strcmp(got[0].digits, "1000") == 0);
  }
  CHECK_STATUS(shelf_note_sentence(&got[0], said, sizeof said, NULL), SHELF_OK);
  CHECK(strcmp(said, "1,000 looks like a number grouped by thousands, but a "
                     "comma separates weights: it was read as 2 wheels; "
                     "write 1000 for one") == 0);
  CHECK(notes_of("1,00 2", 0, 3, 0, got) == 0); /* not groups of three */
  CHECK(notes_of("1, 000", 0, 2, 0, got) == 0); /* a space: two weights */
  CHECK(notes_of("-12,500,000", 0, 3, 0, got) == 1 && got[0].count == 3);
  /* Batch: noted with its own line's shelf only. */
  CHECK(notes_of("1 2\n3,000 4\n", 0, 3, 2, got) == 1 && got[0].line == 2);
  CHECK(notes_of("1 2\n3,000 4\n", 0, 2, 1, got) == 0);
  /* Once: a second take gives nothing more. */
  shelf_notes *n = NULL;
  REQUIRE(shelf_notes_new(&n) == SHELF_OK);
  shelf_notes_arg(n, "7");
  shelf_notes_arg(n, "2,000");
  CHECK(shelf_notes_take(n, 3, 0, got) == 1 && got[0].arg == 2 &&
        got[0].line == 0);
  CHECK(shelf_notes_take(n, 3, 0, got) == 0);
  shelf_notes_free(n);
  shelf_note bad = {(shelf_note_kind)9, 0, 0, 0, "", ""};
  CHECK_STATUS(shelf_note_sentence(&bad, said, sizeof said, NULL),
               SHELF_INVALID);
  CHECK_STATUS(shelf_notes_new(NULL), SHELF_INVALID);
}

static const test tests[] = {
    {"a whole game replayed", test_replay_all},
    {"game_take", test_game_take},
    {"greedy", test_greedy},
    {"words", test_words},
    {"notes", test_notes},
};

TEST_MAIN(tests)
