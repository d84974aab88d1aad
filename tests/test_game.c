/*
 * test_game.c - the game a person plays (game.c): its rules, its review
 * and its sentences, checked against the lead table of the recurrence
 * (reference.h) and the rules as shelf_teach.h states them, with none of
 * the library's code in the expectations.
 */
#include "harness.h"
/* The calls the library keeps to itself, tested here all the same. */
#include "../src/core/internal.h"
#include "reference.h"
#include <shelf_teach.h>

#include <string.h>

/* A person's side as the reference plays it: where the game stands. */
typedef struct ref_game {
  size_t i, j;      /* the block i..j (j + 1 == i: empty) */
  size_t turn;      /* moves made */
  shelf_i128 total[2];
} ref_game;

static shelf_player player_of(const shelf_player players[2], size_t turn) {
  return players[turn % 2];
}

/* The greedy buyer's end on block i..j: the heavier, the left on a tie. */
static int ref_greedy_end(const int64_t *w, size_t i, size_t j) {
  return w[i] >= w[j] ? SHELF_LEFT : SHELF_RIGHT;
}

/* Random games with random players and random choices: every move the
 * game makes follows the rules, each kept and best lead is the table's,
 * undo goes back to the person's last choice, and the review is the
 * person's moves. */
static void test_rules(void) {
  rng r = {test_seed() ^ 29};
  int64_t w[REF_MAX];
  static ref_table lead;
  for (int round = 0; round < 3000; round++) {
    size_t n = (size_t)rng_range(&r, 0, 14);
    for (size_t k = 0; k < n; k++)
      w[k] = rng_range(&r, -5, 9); /* ties, zeros and negatives */
    ref_lead_table(w, n, lead);
    shelf_player players[2];
    for (int b = 0; b < 2; b++)
      players[b] = (shelf_player)rng_range(&r, 0, 2);
    shelf_game *g = NULL;
    REQUIRE(shelf_game_new(w, n, players[0], players[1], &g) == SHELF_OK);
    for (int step = 0; step < 40; step++) {
      shelf_position at;
      CHECK_STATUS(shelf_game_at(g, &at), SHELF_OK);
      size_t count = shelf_game_move_count(g);
      CHECK(count == at.turn);
      /* Replay the game's moves by the rules. */
      size_t i = 0, j = n; /* block i..j-1 */
      shelf_i128 total[2] = {0, 0};
      size_t persons_rows = 0;
      for (size_t k = 0; k < count; k++) {
        shelf_game_move m;
        CHECK_STATUS(shelf_game_move_at(g, k, &m), SHELF_OK);
        shelf_player p = player_of(players, k);
        CHECK(m.player == p);
        CHECK(m.move.turn == k + 1);
        CHECK(m.move.buyer == (k % 2 ? SHELF_SECOND : SHELF_FIRST));
        CHECK(m.forced == (p == SHELF_PLAYER_PERSON && j - i == 1));
        if (p == SHELF_PLAYER_GREEDY && j - i > 1)
          CHECK((int)m.move.end == ref_greedy_end(w, i, j - 1));
        CHECK_I128(m.best, lead[i][j - 1]);
        CHECK_I128(m.kept, ref_kept(w, lead, i, j - 1, (int)m.move.end));
        /* A perfect move keeps the block's lead; where both ends do,
         * either is allowed here (the line's own tie rule is tested by
         * test_line.c). */
        if (p == SHELF_PLAYER_PERFECT)
          CHECK_I128(m.kept, m.best);
        size_t wheel = m.move.end == SHELF_LEFT ? i++ : --j;
        CHECK(m.move.wheel == wheel && m.move.weight == w[wheel]);
        total[k % 2] += w[wheel];
        if (p == SHELF_PLAYER_PERSON) {
          shelf_review_row row;
          CHECK_STATUS(shelf_game_review(g, persons_rows++, &row), SHELF_OK);
          CHECK(row.turn == k + 1);
          CHECK(row.end == m.move.end && row.forced == m.forced);
          CHECK_I128(row.cost, m.best - m.kept);
        }
      }
      CHECK(shelf_game_review_count(g) == persons_rows);
      CHECK(at.first == i && at.last == j);
      CHECK_I128(at.totals[0], total[0]);
      CHECK_I128(at.totals[1], total[1]);
      /* The game waits only for a person's choice: two wheels or more. */
      if (i < j) {
        CHECK(player_of(players, count) == SHELF_PLAYER_PERSON && j - i >= 2);
        shelf_choice c;
        CHECK_STATUS(shelf_game_hint(g, &c), SHELF_OK);
        CHECK_I128(c.lead, lead[i][j - 1]);
      } else {
        shelf_choice c;
        CHECK_STATUS(shelf_game_hint(g, &c), SHELF_INVALID);
        CHECK_STATUS(shelf_game_take(g, SHELF_LEFT), SHELF_INVALID);
      }
      /* The next step: a choice, an undo or a new game. */
      int what = (int)rng_range(&r, 0, 9);
      if (what == 0) {
        CHECK_STATUS(shelf_game_again(g), SHELF_OK);
      } else if (what <= 2 || i >= j) {
        /* Undo goes back to just before the last choice a person made. */
        size_t back = 99, last_choice = count;
        for (size_t k = count; k-- > 0;) {
          shelf_game_move m;
          shelf_game_move_at(g, k, &m);
          if (m.player == SHELF_PLAYER_PERSON && !m.forced) {
            last_choice = k;
            break;
          }
        }
        CHECK_STATUS(shelf_game_undo(g, &back), SHELF_OK);
        CHECK(back == (last_choice == count ? 0 : count - last_choice));
        CHECK(shelf_game_move_count(g) ==
              (last_choice == count ? count : last_choice));
      } else {
        CHECK_STATUS(shelf_game_take(g, rng_next(&r) & 1 ? SHELF_RIGHT
                                                          : SHELF_LEFT),
                     SHELF_OK);
      }
    }
    shelf_game_free(g);
  }
}

/* Against a perfect opponent, the person's final margin is perfect play's
 * less the costs of the person's moves. */
static void test_costs_add_up(void) {
  rng r = {test_seed() ^ 31};
  int64_t w[REF_MAX];
  static ref_table lead;
  for (int round = 0; round < 2000; round++) {
    size_t n = (size_t)rng_range(&r, 1, 16);
    for (size_t k = 0; k < n; k++)
      w[k] = rng_range(&r, -20, 20);
    ref_lead_table(w, n, lead);
    int second = (int)(rng_next(&r) & 1);
    shelf_game *g = NULL;
    REQUIRE(shelf_game_new(w, n,
                           second ? SHELF_PLAYER_PERFECT : SHELF_PLAYER_PERSON,
                           second ? SHELF_PLAYER_PERSON : SHELF_PLAYER_PERFECT,
                           &g) == SHELF_OK);
    shelf_position at;
    for (shelf_game_at(g, &at); at.first < at.last; shelf_game_at(g, &at))
      CHECK_STATUS(shelf_game_take(g, rng_next(&r) & 1 ? SHELF_RIGHT
                                                        : SHELF_LEFT),
                   SHELF_OK);
    shelf_i128 costs = 0;
    for (size_t k = 0; k < shelf_game_review_count(g); k++) {
      shelf_review_row row;
      shelf_game_review(g, k, &row);
      costs += row.cost;
    }
    shelf_i128 perfect = second ? -lead[0][n - 1] : lead[0][n - 1];
    shelf_i128 got = at.totals[second] - at.totals[1 - second];
    CHECK_I128(got, perfect - costs);
    shelf_game_free(g);
  }
}

/* Compares a sentence with the one expected, printing both on failure. */
#define CHECK_STR(got, want)                                                   \
  do {                                                                         \
    const char *got_s_ = (got), *want_s_ = (want);                             \
    harness_checks++;                                                          \
    if (strcmp(got_s_, want_s_) != 0) {                                        \
      harness_failures++;                                                      \
      fprintf(stderr, "%s:%d: said\n  %s\nexpected\n  %s\n", __FILE__,         \
              __LINE__, got_s_, want_s_);                                      \
    }                                                                          \
  } while (0)

static const char *said(const shelf_game *g, shelf_game_sentence which,
                        size_t k) {
  static char buf[SHELF_GAME_SENTENCE_BUFSIZE];
  size_t len = 0;
  if (shelf_game_say(g, which, k, buf, sizeof buf, &len) != SHELF_OK)
    return "(refused)";
  CHECK(len == strlen(buf));
  return buf;
}

/* Plays the person's moves by the hint's best end until the game is over. */
static void take_hints(shelf_game *g) {
  shelf_position at;
  for (shelf_game_at(g, &at); at.first < at.last; shelf_game_at(g, &at)) {
    shelf_choice c;
    CHECK_STATUS(shelf_game_hint(g, &c), SHELF_OK);
    CHECK_STATUS(shelf_game_take(g, c.best), SHELF_OK);
  }
}

/* The problem's shelf, played greedily by the person: the sentences every
 * surface shows, word for word. */
static void test_sentences(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_game *g = NULL;
  REQUIRE(shelf_game_new(w, 4, SHELF_PLAYER_PERSON, SHELF_PLAYER_PERFECT,
                         &g) == SHELF_OK);
  CHECK_STR(said(g, SHELF_GAME_HINT, 0),
            "Hint: the left wheel (3 kilos) keeps a lead of -5 (5 kilos "
            "behind), the right wheel (2 kilos) keeps a lead of 7 (7 kilos "
            "ahead). Best: the right. (A lead: what the buyer to move "
            "finishes ahead by from here on, both playing perfectly.)");
  CHECK_STR(said(g, SHELF_GAME_SUMMARY, 0), "(refused)");
  CHECK_STATUS(shelf_game_take(g, SHELF_LEFT), SHELF_OK);
  CHECK_STR(said(g, SHELF_GAME_MOVE, 0),
            "You take the left wheel (3 kilos): that cost you 12 kilos of "
            "lead (the right would have kept a lead of 7; the left keeps "
            "-5).");
  CHECK_STR(said(g, SHELF_GAME_MOVE, 1),
            "The opponent takes the left wheel (9 kilos).");
  CHECK_STATUS(shelf_game_take(g, SHELF_RIGHT), SHELF_OK);
  CHECK_STR(said(g, SHELF_GAME_MOVE, 2),
            "You take the right wheel (2 kilos). A perfect move.");
  CHECK_STR(said(g, SHELF_GAME_MOVE, 3),
            "The opponent takes the last wheel (1 kilo).");
  CHECK_STR(said(g, SHELF_GAME_HINT, 0), "(refused)");
  CHECK_STR(said(g, SHELF_GAME_SUMMARY, 0),
            "Game over: you 5, opponent 10. You finished 5 kilos behind "
            "(margin -5).");
  CHECK_STR(said(g, SHELF_GAME_AGAINST_PERFECT, 0),
            "Perfect play finishes 7 kilos ahead (margin 7); your moves cost "
            "12 kilos.");
  CHECK_STR(said(g, SHELF_GAME_FIRST_MISTAKE, 0),
            "The first mistake: turn 1, the left end, which cost 12 kilos of "
            "lead: the heavier end, the greedy mistake.");
  CHECK(strncmp(said(g, SHELF_GAME_LESSON, 0), "Greedy: you took the heavier "
                                               "end, but ",
                31) == 0);
  CHECK_STR(said(g, SHELF_GAME_MOVE, 4), "(refused)");
  /* Undo after the game: back to turn 3, the opponent's last wheel too. */
  size_t back = 0;
  CHECK_STATUS(shelf_game_undo(g, &back), SHELF_OK);
  CHECK(back == 2 && shelf_game_move_count(g) == 2);
  shelf_game_free(g);

  /* Two people: named by their buyers; a last wheel is forced. */
  REQUIRE(shelf_game_new(w, 4, SHELF_PLAYER_PERSON, SHELF_PLAYER_PERSON, &g) ==
          SHELF_OK);
  CHECK_STATUS(shelf_game_take(g, SHELF_RIGHT), SHELF_OK);
  CHECK_STATUS(shelf_game_take(g, SHELF_LEFT), SHELF_OK);
  CHECK_STATUS(shelf_game_take(g, SHELF_LEFT), SHELF_OK);
  CHECK(shelf_game_move_count(g) == 4);
  CHECK_STR(said(g, SHELF_GAME_MOVE, 1),
            "The second buyer takes the left wheel (3 kilos). A perfect move.");
  CHECK_STR(said(g, SHELF_GAME_MOVE, 3),
            "The second buyer takes the last wheel (1 kilo).");
  CHECK_STR(said(g, SHELF_GAME_SUMMARY, 0),
            "Game over: first buyer 11, second buyer 4. The first buyer "
            "finished 7 kilos ahead (margin 7).");
  CHECK_STR(said(g, SHELF_GAME_FIRST_MISTAKE, 0),
            "No mistakes: every move kept the best lead.");
  CHECK_STR(said(g, SHELF_GAME_LESSON, 0), "");
  shelf_review_row row;
  CHECK_STATUS(shelf_game_review(g, 3, &row), SHELF_OK);
  CHECK(row.forced && row.buyer == SHELF_SECOND);
  shelf_game_free(g);

  /* Against greedy, the person who takes every hint's end matches perfect
   * play, or beats it where greedy errs.
   *
   * [1, 5, 2, 0]: lead = max(1 - lead(5, 2, 0), 0 - lead(1, 5, 2))
   * = max(1 - 3, 0 + 2) = 2, by the right. You take the 0; greedy takes
   * the 2 (heavier than the 1), keeping 2 - lead(1, 5) = 2 - 4 = -2, as
   * the 1 would (1 - lead(5, 2) = 1 - 3): no error. You take the 5, greedy
   * the last 1: 5 to 3, margin 2, perfect play's. */
  const int64_t v[] = {1, 5, 2, 0};
  REQUIRE(shelf_game_new(v, 4, SHELF_PLAYER_PERSON, SHELF_PLAYER_GREEDY, &g) ==
          SHELF_OK);
  take_hints(g);
  CHECK_STR(said(g, SHELF_GAME_AGAINST_PERFECT, 0),
            "You matched perfect play: it finishes 2 kilos ahead (margin 2) "
            "too.");
  shelf_game_free(g);

  /* [2, 1, 5, 3, 4]: lead = max(2 - lead(1, 5, 3, 4), 4 - lead(2, 1, 5, 3))
   * = max(2 - 5, 4 - 3) = 1, by the right. You take the 4; greedy takes the
   * 3 (heavier than the 2), keeping 3 - lead(2, 1, 5) = 3 - 4 = -1, where
   * the 2 keeps 2 - lead(1, 5, 3) = 2 + 1 = 3: it gives away 4. You take
   * the 5, greedy the 2, you the last 1: 10 to 5, margin 5 = 1 + 4. */
  const int64_t u[] = {2, 1, 5, 3, 4};
  REQUIRE(shelf_game_new(u, 5, SHELF_PLAYER_PERSON, SHELF_PLAYER_GREEDY, &g) ==
          SHELF_OK);
  take_hints(g);
  CHECK_STR(said(g, SHELF_GAME_AGAINST_PERFECT, 0),
            "You beat perfect play, which finishes 1 kilo ahead (margin 1): "
            "the opponent gave away 4 kilos.");
  shelf_game_free(g);
}

/* Arguments the calls refuse, and a game of two programs, over at once. */
static void test_arguments(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_game *g = (shelf_game *)&g;
  CHECK_STATUS(shelf_game_new(NULL, 4, SHELF_PLAYER_PERSON,
                              SHELF_PLAYER_PERFECT, &g),
               SHELF_INVALID);
  CHECK(g == NULL);
  CHECK_STATUS(shelf_game_new(w, 4, (shelf_player)3, SHELF_PLAYER_PERFECT, &g),
               SHELF_INVALID);
  CHECK_STATUS(shelf_game_new(w, 4, SHELF_PLAYER_PERFECT, SHELF_PLAYER_GREEDY,
                              &g),
               SHELF_OK);
  shelf_position at;
  shelf_game_at(g, &at);
  CHECK(at.turn == 4 && shelf_game_review_count(g) == 0);
  CHECK(shelf__game_player(g, SHELF_SECOND) == SHELF_PLAYER_GREEDY);
  size_t back = 9;
  CHECK_STATUS(shelf_game_undo(g, &back), SHELF_OK);
  CHECK(back == 0);
  CHECK_STATUS(shelf_game_take(g, SHELF_LEFT), SHELF_INVALID);
  CHECK_STATUS(shelf_game_take(g, (shelf_end)5), SHELF_INVALID);
  CHECK_STATUS(shelf_game_say(g, (shelf_game_sentence)9, 0, NULL, 0, NULL),
               SHELF_INVALID);
  shelf_game_free(g);
  shelf_game_free(NULL);
  /* An empty shelf: over before it starts. */
  CHECK_STATUS(shelf_game_new(NULL, 0, SHELF_PLAYER_PERSON,
                              SHELF_PLAYER_PERFECT, &g),
               SHELF_OK);
  CHECK(shelf_game_move_count(g) == 0);
  shelf_game_free(g);
}

static const test tests[] = {
    {"rules", test_rules},
    {"costs add up", test_costs_add_up},
    {"sentences", test_sentences},
    {"arguments", test_arguments},
};

TEST_MAIN(tests)
