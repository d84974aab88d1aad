/*
 * test_state.c - states that travel: a shelf cut into pieces anywhere,
 * each piece solved on its own, saved, loaded and appended back, gives the
 * interval DP's answer on the whole shelf (every cut of small shelves,
 * random cuts of large ones, any grouping); damaged and truncated states
 * are rejected; the arguments.
 */
#include "harness.h"

typedef shelf_i128 i128;
__extension__ typedef unsigned __int128 u128;

/* The reference: the interval DP on the whole shelf (brute force agrees
 * with it in test_engines.c). */
static shelf_result reference(const int64_t *w, size_t n) {
  shelf_result r = {0};
  CHECK_STATUS(
      shelf_solve(w, n, n <= 3000 ? SHELF_ENGINE_DP : SHELF_ENGINE_LINEAR, &r),
      SHELF_OK);
  return r;
}

static int same(const shelf_result *a, const shelf_result *b) {
  return a->n == b->n && a->margin == b->margin && a->first == b->first &&
         a->second == b->second;
}

static void print_shelf(const char *what, uint64_t seed, const int64_t *w,
                        size_t n) {
  fprintf(stderr, "%s (seed %" PRIu64 ") on [", what, seed);
  for (size_t i = 0; i < n && i < 40; i++)
    fprintf(stderr, "%s%" PRId64, i ? ", " : "", w[i]);
  fprintf(stderr, "%s]\n", n > 40 ? ", ..." : "");
}

/* A solver holding w[from..to). */
static shelf_solver *piece(const int64_t *w, size_t from, size_t to) {
  shelf_solver *s = NULL;
  if (shelf_solver_new(&s, 0) != SHELF_OK)
    return NULL;
  if (shelf_solver_push_many(s, w + from, to - from) != SHELF_OK) {
    shelf_solver_free(s);
    return NULL;
  }
  return s;
}

/* The piece w[from..to) after a trip through its saved bytes. */
static shelf_solver *travelled(const int64_t *w, size_t from, size_t to) {
  shelf_solver *s = piece(w, from, to), *t = NULL;
  size_t len = 0;
  unsigned char *buf = NULL;
  if (s == NULL || shelf_solver_save(s, NULL, 0, &len) != SHELF_OK ||
      (buf = malloc(len)) == NULL ||
      shelf_solver_save(s, buf, len, &len) != SHELF_OK ||
      shelf_solver_new(&t, 0) != SHELF_OK ||
      shelf_solver_load(t, buf, len) != SHELF_OK) {
    shelf_solver_free(t);
    t = NULL;
  }
  free(buf);
  shelf_solver_free(s);
  return t;
}

/* Solves w cut at the positions set in `cuts` (bit k: a cut before wheel
 * k + 1), each piece on its own, appended left to right; with `trip`,
 * every piece is saved and loaded first. */
static int cut_result(const int64_t *w, size_t n, const size_t *cut,
                      size_t ncut, int trip, shelf_result *out) {
  shelf_solver *all = NULL;
  int ok = shelf_solver_new(&all, 0) == SHELF_OK;
  size_t from = 0;
  for (size_t k = 0; ok && k <= ncut; k++) {
    size_t to = k < ncut ? cut[k] : n;
    shelf_solver *p = trip ? travelled(w, from, to) : piece(w, from, to);
    ok = p != NULL && shelf_solver_append(all, p) == SHELF_OK;
    shelf_solver_free(p);
    from = to;
  }
  ok = ok && shelf_solver_result(all, out) == SHELF_OK;
  shelf_solver_free(all);
  return ok;
}

/* All 2^(n-1) ways to cut each of 2000 shelves of up to 7 wheels over
 * {-1, 0, 1, 2} (where ties are common) and 2000 random shelves of up to 12
 * wheels. */
static void test_every_cut(void) {
  uint64_t seed = test_seed() + 30;
  rng r = {seed};
  int64_t w[12];
  size_t cut[12];
  for (int round = 0; round < 4000; round++) {
    size_t n;
    if (round < 2000) { /* exhaustive over small n, then random */
      static uint64_t code = 0;
      n = 1 + (size_t)(round % 7);
      uint64_t x = code++;
      for (size_t i = 0; i < n; i++, x /= 4)
        w[i] = (int64_t)(x % 4) - 1;
    } else {
      n = 1 + (size_t)(rng_next(&r) % 12);
      for (size_t i = 0; i < n; i++)
        w[i] = rng_range(&r, -9, 9);
    }
    shelf_result want = reference(w, n);
    for (uint64_t mask = 0; mask < ((uint64_t)1 << (n - 1)); mask++) {
      size_t ncut = 0;
      for (size_t k = 0; k + 1 < n; k++)
        if (mask >> k & 1)
          cut[ncut++] = k + 1;
      shelf_result got;
      int ok = cut_result(w, n, cut, ncut, (mask & 3) == 1, &got);
      CHECK(ok && same(&got, &want));
      if (!(ok && same(&got, &want))) {
        print_shelf("a cut disagrees", seed, w, n);
        return;
      }
    }
  }
}

/* Random cuts of large shelves, in every shape the stack can take
 * (random, descending so it keeps every wheel, extremes that widen it). */
static void test_random_cuts(void) {
  uint64_t seed = test_seed() + 31;
  rng r = {seed};
  enum { MAX_N = 200000 };
  int64_t *w = malloc(MAX_N * sizeof *w);
  size_t cut[64];
  REQUIRE(w != NULL);
  for (int round = 0; round < 60; round++) {
    size_t n = round < 40 ? 1 + (size_t)(rng_next(&r) % 3000)
                          : 1 + (size_t)(rng_next(&r) % MAX_N);
    int shape = round % 4;
    for (size_t i = 0; i < n; i++) {
      if (shape == 0)
        w[i] = rng_range(&r, -50, 10000);
      else if (shape == 1)
        w[i] = (int64_t)(n - i) * 3 + rng_range(&r, 0, 2);
      else if (shape == 2)
        w[i] = (rng_next(&r) & 1) ? INT64_MAX - rng_range(&r, 0, 3)
                                  : INT64_MIN + rng_range(&r, 0, 3);
      else
        w[i] = i == n / 2 ? INT64_MAX : rng_range(&r, 0, 5);
    }
    size_t ncut = (size_t)(rng_next(&r) % 64);
    if (ncut > n - 1)
      ncut = n - 1;
    for (size_t k = 0; k < ncut; k++)
      cut[k] = 1 + (size_t)(rng_next(&r) % (n - 1 ? n - 1 : 1));
    /* sort the cuts; repeated cuts make empty pieces, which must work */
    for (size_t a = 1; a < ncut; a++)
      for (size_t b = a; b > 0 && cut[b - 1] > cut[b]; b--) {
        size_t t = cut[b];
        cut[b] = cut[b - 1];
        cut[b - 1] = t;
      }
    shelf_result want = reference(w, n), got;
    int ok = cut_result(w, n, cut, ncut, round & 1, &got);
    CHECK(ok && same(&got, &want));
    if (!(ok && same(&got, &want)))
      print_shelf("random cuts disagree", seed, w, n);
  }
  free(w);
}

/* (a + b) + c and a + (b + c) give the same answer. */
static void test_grouping(void) {
  uint64_t seed = test_seed() + 32;
  rng r = {seed};
  int64_t w[301]; /* room for one more wheel */
  for (int round = 0; round < 2000; round++) {
    size_t n = 3 + (size_t)(rng_next(&r) % 298);
    for (size_t i = 0; i < n; i++)
      w[i] = round % 5 == 0 ? rng_range(&r, -2, 2) : rng_range(&r, -99, 99);
    size_t i = 1 + (size_t)(rng_next(&r) % (n - 2));
    size_t j = i + 1 + (size_t)(rng_next(&r) % (n - i - 1));
    shelf_solver *a = piece(w, 0, i), *b = piece(w, i, j), *c = piece(w, j, n);
    shelf_solver *a2 = piece(w, 0, i), *b2 = piece(w, i, j);
    REQUIRE(a && b && c && a2 && b2);
    shelf_result left, right, want = reference(w, n);
    CHECK_STATUS(shelf_solver_append(a, b), SHELF_OK);
    CHECK_STATUS(shelf_solver_append(a, c), SHELF_OK);
    CHECK_STATUS(shelf_solver_append(b2, c), SHELF_OK);
    CHECK_STATUS(shelf_solver_append(a2, b2), SHELF_OK);
    CHECK_STATUS(shelf_solver_result(a, &left), SHELF_OK);
    CHECK_STATUS(shelf_solver_result(a2, &right), SHELF_OK);
    CHECK(same(&left, &want) && same(&right, &want));
    /* and a solver goes on taking wheels after an append */
    CHECK_STATUS(shelf_solver_push(a, 5), SHELF_OK);
    w[n] = 5;
    want = reference(w, n + 1);
    CHECK_STATUS(shelf_solver_result(a, &left), SHELF_OK);
    CHECK(same(&left, &want));
    shelf_solver_free(a);
    shelf_solver_free(b);
    shelf_solver_free(c);
    shelf_solver_free(a2);
    shelf_solver_free(b2);
  }
}

/* A state worked out by hand: [3, 9, 1, 2] reduces to [3 - 9 + 1, 2] =
 * [-5, 2], so the saved bytes hold n 4, total 15, sum of |weight| 15 and
 * two 8-byte entries -5 and 2. */
static void test_layout(void) {
  static const int64_t w[] = {3, 9, 1, 2};
  shelf_solver *s = piece(w, 0, 4);
  unsigned char buf[128];
  size_t len = 0;
  REQUIRE(s != NULL);
  CHECK_STATUS(shelf_solver_save(s, buf, sizeof buf, &len), SHELF_OK);
  CHECK(len == 56 + 2 * 8);
  CHECK(memcmp(buf, "SHLF\1\x08\0\0", 8) == 0);
  CHECK(buf[8] == 4 && buf[16] == 15 && buf[32] == 15 && buf[40] == 2);
  CHECK(buf[48] == 0xfb && buf[55] == 0xff); /* -5 */
  CHECK(buf[56] == 2 && buf[63] == 0);
  shelf_solver_free(s);
}

/* Every truncation and every single-byte change of saved states (narrow
 * and wide) is rejected, and the solver it was loaded into is unchanged. */
static void test_damage(void) {
  static const int64_t shelves[][6] = {{3, 9, 1, 2, 0, 0},
                                       {5, 4, 3, 2, 1, 0},
                                       {INT64_MAX, 1, INT64_MIN, 7, 0, 0}};
  static const size_t lens[] = {4, 6, 4};
  for (size_t k = 0; k < 3; k++) {
    shelf_solver *s = piece(shelves[k], 0, lens[k]), *t = NULL;
    REQUIRE(s != NULL && shelf_solver_new(&t, 0) == SHELF_OK);
    CHECK_STATUS(shelf_solver_push(t, 42), SHELF_OK);
    unsigned char buf[256], bad[256];
    size_t len;
    REQUIRE(shelf_solver_save(s, buf, sizeof buf, &len) == SHELF_OK);
    for (size_t cut = 0; cut < len; cut++)
      CHECK(shelf_solver_load(t, buf, cut) == SHELF_BAD_STATE);
    for (size_t at = 0; at < len; at++) {
      for (int bit = 0; bit < 8; bit++) {
        memcpy(bad, buf, len);
        bad[at] ^= (unsigned char)(1u << bit);
        shelf_status st = shelf_solver_load(t, bad, len);
        CHECK(st == (at == 4 ? SHELF_STATE_VERSION : SHELF_BAD_STATE));
      }
    }
    shelf_result r;
    CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
    CHECK(r.n == 1 && r.margin == 42); /* untouched by the failures */
    CHECK_STATUS(shelf_solver_load(t, buf, len), SHELF_OK);
    shelf_result want = reference(shelves[k], lens[k]);
    CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
    CHECK(same(&r, &want));
    shelf_solver_free(s);
    shelf_solver_free(t);
  }
}

/* States made by hand, with the checksum the format describes (solver.c),
 * so that only the check of the stack itself can refuse them. */
static uint64_t le64(const unsigned char *b) {
  uint64_t v = 0;
  for (int k = 0; k < 8; k++)
    v |= (uint64_t)b[k] << (8 * k);
  return v;
}

static void seal(unsigned char *b, size_t len) {
  uint64_t h = 0x5348454c46u ^ (len - 8);
  for (size_t i = 0; i + 8 < len; i += 8) {
    h = (h ^ le64(b + i)) * 0x9e3779b97f4a7c15u;
    h ^= h >> 29;
  }
  for (int k = 0; k < 8; k++)
    b[len - 8 + k] = (unsigned char)(h >> (8 * k));
}

/* n wheels, total `sum`, sum of |weight| `abs`, three narrow entries. */
static shelf_status load_made(int64_t n, int64_t sum, int64_t abs,
                              const int64_t e[3], shelf_result *r) {
  unsigned char f[56 + 24] = {'S', 'H', 'L', 'F', 1, 8};
  for (int k = 0; k < 8; k++) {
    f[8 + k] = (unsigned char)((uint64_t)n >> (8 * k));
    f[16 + k] = (unsigned char)((uint64_t)sum >> (8 * k));
    f[24 + k] = sum < 0 ? 0xff : 0;
    f[32 + k] = (unsigned char)((uint64_t)abs >> (8 * k));
    f[40 + k] = k == 0 ? 3 : 0;
    for (int j = 0; j < 3; j++)
      f[48 + 8 * j + k] = (unsigned char)((uint64_t)e[j] >> (8 * k));
  }
  seal(f, sizeof f);
  shelf_solver *t = NULL;
  if (shelf_solver_new(&t, 0) != SHELF_OK)
    return SHELF_NOMEM;
  shelf_status st = shelf_solver_load(t, f, sizeof f);
  if (st == SHELF_OK)
    st = shelf_solver_result(t, r);
  shelf_solver_free(t);
  return st;
}

static void test_made_by_hand(void) {
  shelf_result r;
  /* [5, 1, 6], as pushed: no peak, so it stays; the margin of the valley
   * is 6 - 5 + 1 = 2 (both take the larger end). */
  static const int64_t valley[3] = {5, 1, 6};
  CHECK_STATUS(load_made(3, 12, 12, valley, &r), SHELF_OK);
  CHECK(r.n == 3 && r.margin == 2 && r.first == 7 && r.second == 5);
  /* a peak inside: no solver leaves one */
  static const int64_t peak[3] = {1, 5, 2};
  CHECK_STATUS(load_made(3, 8, 8, peak, &r), SHELF_BAD_STATE);
  /* entries adding up to more than the sum of |weight| */
  CHECK_STATUS(load_made(3, 12, 11, valley, &r), SHELF_BAD_STATE);
  /* a total whose parity the entries cannot have */
  CHECK_STATUS(load_made(3, 11, 12, valley, &r), SHELF_BAD_STATE);
  /* more entries than wheels */
  CHECK_STATUS(load_made(2, 12, 12, valley, &r), SHELF_BAD_STATE);
}

/* A wide (128-bit) state of n wheels, total `sum` and `top` entries,
 * sealed, in f (room for 56 + 16 * top bytes); returns its length. */
static size_t made_wide(uint64_t n, i128 sum, const i128 *e, size_t top,
                        unsigned char *f) {
  size_t len = 56 + 16 * top;
  memset(f, 0, len);
  memcpy(f, "SHLF\x01\x10", 6);
  for (int k = 0; k < 8; k++) {
    f[8 + k] = (unsigned char)(n >> (8 * k));
    f[16 + k] = (unsigned char)((u128)sum >> (8 * k));
    f[24 + k] = (unsigned char)((u128)sum >> (64 + 8 * k));
    f[40 + k] = (unsigned char)((uint64_t)top >> (8 * k));
    for (size_t j = 0; j < top; j++) {
      f[48 + 16 * j + k] = (unsigned char)((u128)e[j] >> (8 * k));
      f[56 + 16 * j + k] = (unsigned char)((u128)e[j] >> (64 + 8 * k));
    }
  }
  seal(f, len);
  return len;
}

static shelf_status load_wide(shelf_solver *t, uint64_t n, i128 sum,
                              const i128 *e, size_t top) {
  unsigned char f[56 + 16 * 4];
  if (top > 4)
    return SHELF_INVALID;
  return shelf_solver_load(t, f, made_wide(n, sum, e, top, f));
}

/* Issue 19: states that passed every check and gave totals no shelf has
 * (first + second != total), or wrapped 128-bit arithmetic. Each field is
 * bounded by what n int64 weights reach: a total and entries of at most
 * n * 2^63 in magnitude, for n of at most 2^63. */
static void test_beyond_reach(void) {
  const i128 two63 = (i128)1 << 63, two125 = (i128)1 << 125,
             two126 = (i128)1 << 126;
  const uint64_t n63 = (uint64_t)1 << 63;
  shelf_solver *t = NULL, *u = NULL;
  REQUIRE(shelf_solver_new(&t, 0) == SHELF_OK);
  REQUIRE(shelf_solver_new(&u, 0) == SHELF_OK);
  shelf_result r;
  /* n = 2^63 + 1, total 2^126, one entry 2^126: gave margin 2^126, first
   * -2^126 (overflow), second 0 */
  const i128 big[1] = {two126};
  CHECK_STATUS(load_wide(t, n63 + 1, two126, big, 1), SHELF_BAD_STATE);
  /* [-2^126] and [2^125, -2^125], appended twice, gave first + second !=
   * total: no count of at most 2^63 reaches them */
  const i128 neg[1] = {-two126}, pair[2] = {two125, -two125};
  CHECK_STATUS(load_wide(t, n63 + 1, -two126, neg, 1), SHELF_BAD_STATE);
  CHECK_STATUS(load_wide(t, n63 - 1, -two126, neg, 1), SHELF_BAD_STATE);
  CHECK_STATUS(load_wide(t, n63 + 2, 0, pair, 2), SHELF_BAD_STATE);
  CHECK_STATUS(load_wide(t, n63 / 2, 0, pair, 2), SHELF_BAD_STATE);
  /* within n * 2^63, but the first buyer's 2^125 from 2^62 wheels is not */
  CHECK_STATUS(load_wide(t, n63, 0, pair, 2), SHELF_BAD_STATE);
  /* one wheel of 2^63 (not an int64), and a total of n * 2^63 positive */
  const i128 w63[1] = {two63}, w62[1] = {two63 - 1};
  CHECK_STATUS(load_wide(t, 1, two63, w63, 1), SHELF_BAD_STATE);
  CHECK_STATUS(load_wide(t, 3, 3 * two63, w62, 1), SHELF_BAD_STATE);
  /* an entry of -2^127, whose magnitude has no i128 (found by fuzz_state:
   * it was negated before it was bounded) */
  const i128 least[1] = {(i128)((u128)1 << 127)};
  CHECK_STATUS(load_wide(t, n63 - 1, 0, least, 1), SHELF_BAD_STATE);
  CHECK_STATUS(load_wide(t, 3, -two63, least, 1), SHELF_BAD_STATE);
  /* at the bounds: one wheel of 2^63 - 1; 2^63 - 1 wheels of -2^63 */
  CHECK_STATUS(load_wide(t, 1, two63 - 1, w62, 1), SHELF_OK);
  CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
  CHECK(r.n == 1 && r.margin == two63 - 1 && r.first == two63 - 1);
  const i128 low[1] = {-two63};
  CHECK_STATUS(load_wide(t, n63 - 1, (i128)(n63 - 1) * -two63, low, 1),
               SHELF_OK);
  CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
  CHECK(r.first + r.second == (i128)(n63 - 1) * -two63);
  CHECK(r.first - r.second == r.margin);
  /* appending counts: 2^62 + 1 and 2^62 - 1 zeros make 2^63, the most;
   * one more wheel appended is refused and changes nothing (it wrapped n) */
  const i128 zero[1] = {0};
  CHECK_STATUS(load_wide(t, n63 / 2 + 1, 0, zero, 1), SHELF_OK);
  CHECK_STATUS(load_wide(u, n63 / 2 - 1, 0, zero, 1), SHELF_OK);
  CHECK_STATUS(shelf_solver_append(t, u), SHELF_OK);
  CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
  CHECK(r.n == n63 && r.margin == 0);
  shelf_solver_reset(u);
  CHECK_STATUS(shelf_solver_push(u, 7), SHELF_OK);
  CHECK_STATUS(shelf_solver_append(t, u), SHELF_RANGE);
  CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
  CHECK(r.n == n63 && r.margin == 0);
  /* a state appended to a copy of itself: n = 2^63 - 1 twice */
  CHECK_STATUS(load_wide(t, n63 - 1, 0, zero, 1), SHELF_OK);
  CHECK_STATUS(load_wide(u, n63 - 1, 0, zero, 1), SHELF_OK);
  CHECK_STATUS(shelf_solver_append(t, u), SHELF_RANGE);
  CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
  CHECK(r.n == n63 - 1);
  /* pushes keep to 2^63 too (found in review: a state of 2^63 wheels, one
   * push, then an append wrapped the count and overflowed the total):
   * - one wheel short of it takes one wheel, then no more */
  const int64_t low2[2] = {INT64_MIN, INT64_MIN};
  CHECK_STATUS(shelf_solver_push(t, INT64_MIN), SHELF_OK);
  CHECK_STATUS(shelf_solver_push(t, INT64_MIN), SHELF_RANGE);
  CHECK_STATUS(shelf_solver_push_many(t, low2, 1), SHELF_RANGE);
  CHECK_STATUS(shelf_solver_push_many(t, low2, 0), SHELF_OK);
  CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
  CHECK(r.n == n63 && r.first + r.second == -two63);
  CHECK(r.first - r.second == r.margin);
  /* - push_many past it takes none of its wheels */
  CHECK_STATUS(load_wide(t, n63 - 1, 0, zero, 1), SHELF_OK);
  CHECK_STATUS(shelf_solver_push_many(t, low2, 2), SHELF_RANGE);
  CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
  CHECK(r.n == n63 - 1 && r.first + r.second == 0);
  /* - the review's case: 2^63 wheels of total -2^126, pushed onto and then
   *   appended to, is refused at the push and at the append */
  const i128 halves[2] = {-two125, -two125};
  CHECK_STATUS(load_wide(t, n63, -two126, halves, 2), SHELF_OK);
  CHECK_STATUS(load_wide(u, n63, -two126, halves, 2), SHELF_OK);
  CHECK_STATUS(shelf_solver_push(t, INT64_MIN), SHELF_RANGE);
  CHECK_STATUS(shelf_solver_append(t, u), SHELF_RANGE);
  CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
  CHECK(r.n == n63 && r.first + r.second == -two126);
  /* - a parser feeding such a solver gets the solver's refusal */
  shelf_parser *p = NULL;
  REQUIRE(shelf_parser_new(&p, 0) == SHELF_OK);
  size_t used;
  int ended;
  shelf_status st = shelf_parser_feed(p, t, "5 6\n", 4, &used, &ended);
  CHECK_STATUS(st, SHELF_RANGE);
  CHECK_STATUS(shelf_solver_result(t, &r), SHELF_OK);
  CHECK(r.n == n63 && r.first + r.second == -two126);
  shelf_parser_free(p);
  shelf_solver_free(t);
  shelf_solver_free(u);
}

static void test_arguments(void) {
  shelf_solver *s = NULL, *k = NULL, *o = NULL;
  REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
  REQUIRE(shelf_solver_new(&k, SHELF_KEEP_WEIGHTS) == SHELF_OK);
  REQUIRE(shelf_solver_new(&o, 0) == SHELF_OK);
  unsigned char buf[64];
  size_t len = 0;
  CHECK_STATUS(shelf_solver_append(NULL, s), SHELF_INVALID);
  CHECK_STATUS(shelf_solver_append(s, NULL), SHELF_INVALID);
  CHECK_STATUS(shelf_solver_append(s, s), SHELF_INVALID);
  CHECK_STATUS(shelf_solver_push(o, 3), SHELF_OK);
  /* a solver that keeps weights needs them from the other */
  CHECK_STATUS(shelf_solver_append(k, o), SHELF_INVALID);
  CHECK_STATUS(shelf_solver_push(k, 4), SHELF_OK);
  CHECK_STATUS(shelf_solver_append(o, k), SHELF_OK);
  shelf_result r;
  CHECK_STATUS(shelf_solver_result(o, &r), SHELF_OK);
  CHECK(r.n == 2 && r.margin == 1 && r.first == 4); /* [3, 4] */
  CHECK_STATUS(shelf_solver_save(NULL, buf, sizeof buf, &len), SHELF_INVALID);
  CHECK_STATUS(shelf_solver_save(s, buf, sizeof buf, NULL), SHELF_INVALID);
  CHECK_STATUS(shelf_solver_save(s, NULL, 5, &len), SHELF_INVALID);
  CHECK_STATUS(shelf_solver_save(s, buf, 10, &len), SHELF_INVALID);
  CHECK(len == 56);
  len = 0; /* a size query answers OK, as every size query of shelf.h */
  CHECK_STATUS(shelf_solver_save(s, NULL, 0, &len), SHELF_OK);
  CHECK(len == 56);
  CHECK_STATUS(shelf_solver_save(s, buf, sizeof buf, &len), SHELF_OK);
  CHECK_STATUS(shelf_solver_load(k, buf, len), SHELF_INVALID);
  CHECK_STATUS(shelf_solver_load(NULL, buf, len), SHELF_INVALID);
  CHECK_STATUS(shelf_solver_load(o, NULL, 0), SHELF_BAD_STATE);
  CHECK_STATUS(shelf_solver_load(o, buf, len), SHELF_OK); /* empty */
  CHECK_STATUS(shelf_solver_result(o, &r), SHELF_OK);
  CHECK(r.n == 0 && r.margin == 0);
  shelf_solver_free(s);
  shelf_solver_free(k);
  shelf_solver_free(o);
}

static const test tests[] = {
    {"every cut of small shelves", test_every_cut},
    {"random cuts of large shelves", test_random_cuts},
    {"any grouping of appends", test_grouping},
    {"a saved state worked out by hand", test_layout},
    {"damaged and truncated states", test_damage},
    {"states made by hand", test_made_by_hand},
    {"states beyond what n wheels reach", test_beyond_reach},
    {"arguments", test_arguments},
};

TEST_MAIN(tests)
