/*
 * fuzz_engines.c - libFuzzer target for the engines, differentially.
 *
 * The bytes decode into a small shelf (at most MAX_WHEELS wheels) whose
 * weights come from narrow ranges (many ties and zeros), wider ones, and the
 * extremes of int64_t, where any wrapped sum would show. Against a lead
 * table computed here in 128 bits, O(n^2), sharing no code with the library:
 *
 *   - linear, dp and brute give the same result, and it is the table's;
 *     first + second is the total;
 *   - the streaming solver gives the same result;
 *   - shelf_line is optimal move by move: every move keeps the lead of the
 *     block it is made on;
 *   - shelf_best_move on blocks the bytes choose (also empty and out of
 *     range ones, which must be refused) gives the table's leads for both
 *     ends, and its move is the first move of that block's own line;
 *   - shelf_explain succeeds; its greedy totals, the margin of a greedy
 *     first buyer against the game's perfect second (shelf_best_move(),
 *     each of whose moves must keep the table's lead) and the first turn
 *     where greedy loses lead there match a direct computation; for an even
 *     number of wheels the parity floor holds: margin >= floor.
 *
 * FUZZ_ASSERT is always on and aborts with a message.
 */
#include "fuzz.h"

#include <shelf.h>
#include <shelf_teach.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Brute force is 2^n; 14 wheels keep each input well under a millisecond. */
#define MAX_WHEELS 14

typedef shelf_i128 i128;

/* ==== The reference: a lead table ==== */

static i128 lead[MAX_WHEELS + 1][MAX_WHEELS + 1];

/* The lead of block i..j; the empty block (i > j) is worth 0. */
static i128 L(size_t i, size_t j) { return i > j ? 0 : lead[i][j]; }

static void fill_leads(const int64_t *w, size_t n) {
  for (size_t span = 1; span <= n; span++) {
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      i128 left = (i128)w[i] - (span > 1 ? lead[i + 1][j] : 0);
      i128 right = (i128)w[j] - (span > 1 ? lead[i][j - 1] : 0);
      lead[i][j] = left > right ? left : right;
    }
  }
}

/* A greedy first buyer against the game's perfect second buyer, played
 * out: the second buyer takes shelf_best_move()'s end (the game's perfect
 * player, whose tie rule is the reduction's), and each of its moves must
 * keep its block's lead by the table, so that the lead the game loses is
 * the first buyer's. Gives the game's margin and the first turn where the
 * greedy move keeps less than its block's lead (0: none), its end and the
 * lead lost there. */
typedef struct greedy_game {
  i128 margin, lost, cost;
  uint64_t turn;
  shelf_end end;
} greedy_game;

static greedy_game greedy_vs_perfect(const int64_t *w, size_t n) {
  greedy_game g = {0, 0, 0, 0, SHELF_LEFT};
  i128 total[2] = {0, 0};
  for (size_t t = 0, i = 0, j = n - 1; t < n; t++) {
    int left;
    if (t % 2 == 0) {
      left = w[i] >= w[j];
      i128 kept = left ? w[i] - L(i + 1, j) : w[j] - L(i, j - 1);
      if (kept < L(i, j) && g.turn == 0) {
        g.turn = t + 1;
        g.end = left ? SHELF_LEFT : SHELF_RIGHT;
        g.cost = L(i, j) - kept;
      }
      g.lost += L(i, j) - kept;
    } else {
      shelf_choice c;
      FUZZ_ASSERT(shelf_best_move(w, n, i, j, &c) == SHELF_OK, "best move");
      left = c.best == SHELF_LEFT;
      i128 kept = left ? w[i] - L(i + 1, j) : w[j] - L(i, j - 1);
      FUZZ_ASSERT(kept == L(i, j), "the perfect second buyer keeps the lead");
    }
    total[t % 2] += left ? w[i++] : w[j--];
  }
  g.margin = total[0] - total[1];
  return g;
}

static void same_result(const shelf_result *a, const shelf_result *b,
                        const char *what) {
  FUZZ_ASSERT(a->n == b->n, what);
  FUZZ_ASSERT(a->margin == b->margin, what);
  FUZZ_ASSERT(a->first == b->first, what);
  FUZZ_ASSERT(a->second == b->second, what);
}

/* ==== Checks ==== */

static void check_solve(const int64_t *w, size_t n, i128 sum) {
  shelf_result lin, dp, brute, streamed;
  memset(&lin, 0x5a, sizeof lin);
  FUZZ_ASSERT(shelf_solve(w, n, SHELF_ENGINE_LINEAR, &lin) == SHELF_OK,
              "linear");
  FUZZ_ASSERT(shelf_solve(w, n, SHELF_ENGINE_DP, &dp) == SHELF_OK, "dp");
  FUZZ_ASSERT(shelf_solve(w, n, SHELF_ENGINE_BRUTE, &brute) == SHELF_OK,
              "brute");
  FUZZ_ASSERT(lin.n == n, "n");
  FUZZ_ASSERT(lin.margin == (n ? L(0, n - 1) : 0), "the table's margin");
  FUZZ_ASSERT(lin.first + lin.second == sum, "totals add up to the shelf");
  FUZZ_ASSERT(lin.first - lin.second == lin.margin, "totals give the margin");
  same_result(&lin, &dp, "linear and dp agree");
  same_result(&lin, &brute, "linear and brute agree");

  shelf_solver *s;
  FUZZ_ASSERT(shelf_solver_new(&s, 0) == SHELF_OK, "solver_new");
  for (size_t i = 0; i < n; i++)
    FUZZ_ASSERT(shelf_solver_push(s, w[i]) == SHELF_OK, "push");
  FUZZ_ASSERT(shelf_solver_result(s, &streamed) == SHELF_OK, "result");
  same_result(&lin, &streamed, "the streaming solver agrees");
  shelf_solver_free(s);
}

/* Every move of the line keeps the lead of its block. */
static void check_line(const int64_t *w, size_t n, unsigned char *ends) {
  ends[n] = 0xee; /* must survive: the line writes n values */
  FUZZ_ASSERT(shelf_line(w, n, ends) == SHELF_OK, "line");
  FUZZ_ASSERT(ends[n] == 0xee, "the line writes exactly n moves");
  size_t i = 0, j = n - 1;
  for (size_t t = 0; t < n; t++) {
    FUZZ_ASSERT(ends[t] == SHELF_LEFT || ends[t] == SHELF_RIGHT,
                "each move is an end");
    i128 kept = ends[t] == SHELF_LEFT ? w[i] - L(i + 1, j) : w[j] - L(i, j - 1);
    FUZZ_ASSERT(kept == L(i, j), "each move of the line is optimal");
    if (ends[t] == SHELF_LEFT)
      i++;
    else
      j--;
  }
}

static void check_best_move(const int64_t *w, size_t n, size_t first,
                            size_t last) {
  shelf_choice c;
  shelf_status st = shelf_best_move(w, n, first, last, &c);
  if (first > last || last >= n) {
    FUZZ_ASSERT(st == SHELF_INVALID, "an empty or outside block is refused");
    return;
  }
  FUZZ_ASSERT(st == SHELF_OK, "best_move");
  FUZZ_ASSERT(c.lead == L(first, last), "the block's lead");
  FUZZ_ASSERT(c.left == w[first] - L(first + 1, last), "the left end's lead");
  FUZZ_ASSERT(c.right == w[last] - (last > first ? L(first, last - 1) : 0),
              "the right end's lead");
  FUZZ_ASSERT((c.best == SHELF_LEFT ? c.left : c.right) == c.lead,
              "the best move keeps the lead");
  unsigned char ends[MAX_WHEELS + 1];
  FUZZ_ASSERT(shelf_line(w + first, last - first + 1, ends) == SHELF_OK,
              "the block's own line");
  FUZZ_ASSERT(ends[0] == c.best, "best is the first move of the block's line");
}

static void check_explain(const int64_t *w, size_t n, size_t limit) {
  shelf_explanation e;
  FUZZ_ASSERT(shelf_explain(w, n, limit, &e) == SHELF_OK, "explain");
  size_t eff = limit == 0 ? SHELF_EXPLAIN_MAX : limit;
  FUZZ_ASSERT(e.n == n, "n");
  FUZZ_ASSERT(e.margin == (n ? L(0, n - 1) : 0), "explain's margin");

  /* Both greedy: the heavier end, the left on equal weights. */
  i128 total[2] = {0, 0};
  for (size_t i = 0, j = n, t = 0; i < j; t++)
    total[t & 1] += w[i] >= w[j - 1] ? w[i++] : w[--j];
  FUZZ_ASSERT(e.greedy_first == total[0] && e.greedy_second == total[1],
              "both greedy");
  FUZZ_ASSERT(e.greedy_margin == total[0] - total[1], "greedy margin");

  FUZZ_ASSERT(e.has_greedy_vs_perfect == (n <= eff), "greedy vs perfect limit");
  greedy_game g = greedy_vs_perfect(w, n);
  FUZZ_ASSERT(g.margin == e.margin - g.lost, "the lead lost is greedy's");
  if (e.has_greedy_vs_perfect) {
    FUZZ_ASSERT(e.greedy_vs_perfect == g.margin,
                "greedy first against perfect second");
    FUZZ_ASSERT(e.greedy_vs_perfect <= e.margin,
                "greedy never beats perfect play");
  }

  /* The first turn of that game where the heavier end loses lead. */
  if (eff > MAX_WHEELS)
    FUZZ_ASSERT(e.mistake != -1, "a small shelf is searched to the end");
  if (e.mistake != -1) {
    FUZZ_ASSERT(e.mistake == (g.turn > 0), "first mistake found or not");
    if (g.turn > 0) {
      FUZZ_ASSERT(e.mistake_turn == g.turn, "first mistake's turn");
      FUZZ_ASSERT(e.mistake_end == g.end, "first mistake's end");
      FUZZ_ASSERT(e.mistake_cost == g.cost && g.cost > 0,
                  "first mistake's cost");
    }
  } else {
    FUZZ_ASSERT(!e.has_greedy_vs_perfect, "a game played out has an end");
  }

  FUZZ_ASSERT(e.has_parity == (n % 2 == 0), "parity only for even n");
  if (e.has_parity) {
    i128 odd = 0, even = 0;
    for (size_t i = 0; i < n; i++)
      *(i % 2 == 0 ? &odd : &even) += w[i];
    i128 floor = odd > even ? odd - even : even - odd;
    FUZZ_ASSERT(e.odd_sum == odd && e.even_sum == even, "parity sums");
    FUZZ_ASSERT(e.parity_floor == floor, "parity floor");
    FUZZ_ASSERT(e.margin >= e.parity_floor, "the parity floor holds");
    FUZZ_ASSERT(e.parity_gain == e.margin - e.parity_floor, "parity gain");
  }
}

/* Arguments the header refuses, refused without touching the outputs. */
static void check_refusals(const int64_t *w, size_t n) {
  shelf_result r;
  FUZZ_ASSERT(shelf_solve(NULL, 1, SHELF_ENGINE_LINEAR, &r) == SHELF_INVALID,
              "NULL weights");
  FUZZ_ASSERT(shelf_solve(w, n, SHELF_ENGINE_LINEAR, NULL) == SHELF_INVALID,
              "NULL result");
  FUZZ_ASSERT(shelf_solve(w, n, (shelf_engine)3, &r) == SHELF_INVALID,
              "unknown engine");
  FUZZ_ASSERT(shelf_solve(NULL, 0, SHELF_ENGINE_BRUTE, &r) == SHELF_OK &&
                  r.n == 0 && r.margin == 0,
              "the empty shelf");
  int64_t many[SHELF_BRUTE_MAX + 1] = {0};
  FUZZ_ASSERT(shelf_solve(many, SHELF_BRUTE_MAX + 1, SHELF_ENGINE_BRUTE, &r) ==
                  SHELF_TOO_LONG,
              "brute refuses a long shelf");
  FUZZ_ASSERT(shelf_line(NULL, 0, NULL) == SHELF_OK, "the empty line");
  shelf_explanation e;
  FUZZ_ASSERT(shelf_explain(NULL, 0, 0, &e) == SHELF_OK && e.n == 0 &&
                  e.has_parity && e.parity_floor == 0,
              "explaining the empty shelf");
  FUZZ_ASSERT(shelf_explain(w, n, 0, NULL) == SHELF_INVALID, "NULL output");
  shelf_choice c;
  FUZZ_ASSERT(shelf_best_move(NULL, n, 0, 0, &c) == SHELF_INVALID,
              "best_move without weights");
  if (n > 0)
    FUZZ_ASSERT(shelf_best_move(w, n, 0, 0, NULL) == SHELF_INVALID,
                "best_move without output");
}

/* ==== The target ==== */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_reader r = {data, size, 0};
  size_t n = fuzz_next(&r) % (MAX_WHEELS + 1);
  unsigned mode = fuzz_next(&r) % 4;
  int64_t w[MAX_WHEELS + 1];
  i128 sum = 0;
  for (size_t i = 0; i < n; i++) {
    uint8_t sel = fuzz_next(&r);
    /* Mode 0 mixes every kind; the others keep one kind for the shelf. */
    unsigned kind = mode == 0 ? sel % 6u : mode == 1 ? 0u : mode == 2 ? 4u : 5u;
    w[i] = fuzz_weight(&r, kind, sel);
    sum += w[i];
  }
  size_t limit = fuzz_next(&r) % 16; /* 0 is the default, SHELF_EXPLAIN_MAX */

  fill_leads(w, n);
  check_solve(w, n, sum);
  unsigned char ends[MAX_WHEELS + 1];
  if (n > 0)
    check_line(w, n, ends);
  /* The rest of the bytes pick blocks, a few of them outside the shelf. */
  check_best_move(w, n, 0, n ? n - 1 : 0);
  while (r.pos + 1 < r.len) {
    size_t first = fuzz_next(&r) % (n + 2), last = fuzz_next(&r) % (n + 2);
    check_best_move(w, n, first, last);
  }
  check_explain(w, n, limit);
  if (data == NULL || size == 0 || data[0] == 0)
    check_refusals(w, n);
  return 0;
}
