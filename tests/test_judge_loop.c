/*
 * test_judge_loop.c - the judge's loop (judge_loop.c) and its words
 * (judge_words.c), driven by runners scripted here: each plays a program
 * with a known fault, and the verdict, the shrunk shelf, the mistake and
 * the report must be what that fault gives. The right answers come from
 * reference.h, not from libshelf.
 */
#include "harness.h"
/* The calls the library keeps to itself, tested here all the same. */
#include "../src/core/internal.h"
#include "reference.h"
#include <shelf_judge.h>
#include <shelf_teach.h>

#include <stdlib.h>
#include <string.h>

typedef enum mode {
  RIGHT,
  GREEDY,
  CRASH_FROM_5, /* right below 5 wheels, a crash from 5 on */
  UNSTABLE,     /* right, then one more, then right... */
  ZERO_MEMO,    /* right; out of time on long shelves with a block at 0 */
  MINUS_ONE,    /* right; out of time on long shelves where many blocks
                   leave the buyer to move a total of -1 */
  EXPONENTIAL,  /* right; out of time from 20 wheels, whatever the weights */
  STOPS,        /* the runner gives up on its fourth run */
  ALWAYS_SLOW,  /* out of time on every shelf: a start-up over the limit */
  ONE_SHORT,    /* right, but one more at exactly `largest` wheels */
  WIDE_WRONG,   /* 64-bit, and one more where totals pass 31 bits */
  WRAP32,       /* the lead DP in 32-bit integers that wrap */
  FIRST_AT_4,   /* the first buyer's total on shelves of 4 wheels, else
                   right: another quantity, but on one length only */
  FIRST_ALWAYS  /* the first buyer's total on every shelf */
} mode;

typedef struct script {
  mode mode;
  size_t runs;
  size_t live;    /* details handed out and not yet released */
  size_t largest; /* ONE_SHORT: the length it fails at */
  /* Runs side by side (start() and finish()): each run is made when it
   * starts and handed back last started, first finished, so that later
   * tries end before earlier ones. */
  shelf_run held[4];
  size_t order[4], going, most_going, cancelled;
} script;

/* The lead DP with every step cut to 32 bits, as int wraps. */
static int32_t cut32(int64_t v) { return (int32_t)(uint32_t)(uint64_t)v; }

static shelf_i128 wrap32_margin(const int64_t *w, size_t n) {
  static int32_t row[REF_MAX];
  for (size_t i = 0; i < n; i++)
    row[i] = cut32(w[i]);
  for (size_t span = 2; span <= n; span++)
    for (size_t i = 0; i + span <= n; i++) {
      int32_t l = cut32((int64_t)cut32(w[i]) - row[i + 1]);
      int32_t r = cut32((int64_t)cut32(w[i + span - 1]) - row[i]);
      row[i] = l > r ? l : r;
    }
  return row[0];
}

static int fits31(const int64_t *w, size_t n) {
  shelf_i128 size = 0;
  for (size_t k = 0; k < n; k++)
    size += w[k] < 0 ? -(shelf_i128)w[k] : w[k];
  return 2 * size <= INT32_MAX;
}

static shelf_i128 ref_margin(const int64_t *w, size_t n) {
  static ref_table lead;
  if (n == 0)
    return 0;
  if (n > REF_MAX) { /* the interval DP in one rolling row */
    static shelf_i128 row[1000];
    for (size_t i = 0; i < n; i++)
      row[i] = w[i];
    for (size_t span = 2; span <= n; span++)
      for (size_t i = 0; i + span <= n; i++) {
        shelf_i128 l = w[i] - row[i + 1], r = w[i + span - 1] - row[i];
        row[i] = l > r ? l : r;
      }
    return row[0];
  }
  ref_lead_table(w, n, lead);
  return lead[0][n - 1];
}

/* Both buyers take the heavier end, the left on equal weights. */
static shelf_i128 greedy_margin(const int64_t *w, size_t n) {
  size_t i = 0, j = n;
  shelf_i128 m = 0;
  for (int sign = 1; i < j; sign = -sign) {
    int64_t take = w[i] >= w[j - 1] ? w[i++] : w[--j];
    m += sign * (shelf_i128)take;
  }
  return m;
}

static int has_zero_lead(const int64_t *w, size_t n) {
  static ref_table lead;
  ref_lead_table(w, n, lead);
  for (size_t i = 0; i < n; i++)
    for (size_t j = i; j < n; j++)
      if (lead[i][j] == 0)
        return 1;
  return 0;
}

/* How many blocks of w leave the buyer to move a total of -1. */
static size_t minus_one_totals(const int64_t *w, size_t n) {
  static ref_table lead;
  ref_lead_table(w, n, lead);
  size_t c = 0;
  for (size_t i = 0; i < n; i++) {
    shelf_i128 sum = 0;
    for (size_t j = i; j < n; j++) {
      sum += w[j];
      c += (sum + lead[i][j]) / 2 == -1;
    }
  }
  return c;
}

static shelf_status run(void *ctx, const int64_t *w, size_t n, shelf_run *r) {
  script *s = ctx;
  s->runs++;
  if (s->mode == STOPS && s->runs == 4)
    return SHELF_NOMEM;
  r->detail = malloc(1);
  s->live++;
  r->verdict = SHELF_VERDICT_OK;
  r->answer = ref_margin(w, n);
  r->cpu = 0.01 + 0.0001 * (double)n;
  switch (s->mode) {
  case GREEDY:
    r->answer = greedy_margin(w, n);
    break;
  case CRASH_FROM_5:
    if (n >= 5)
      r->verdict = SHELF_VERDICT_CRASH, r->how = 11;
    break;
  case UNSTABLE:
    r->answer += s->runs % 2;
    break;
  case ZERO_MEMO:
    if (n >= 10 && has_zero_lead(w, n))
      r->verdict = SHELF_VERDICT_TIMEOUT, r->cpu = 2;
    break;
  case MINUS_ONE:
    /* Many: an eighth of n^2, as on the sentinel shelves; an all -1 shelf
     * has only its 2n - 1 shortest blocks at -1 and is fast. (The plan's
     * 40 wheels are within REF_MAX.) */
    if (n >= 10 && n <= REF_MAX && minus_one_totals(w, n) >= n * n / 8)
      r->verdict = SHELF_VERDICT_TIMEOUT, r->cpu = 2;
    break;
  case ALWAYS_SLOW:
    r->verdict = SHELF_VERDICT_TIMEOUT, r->cpu = 2;
    break;
  case ONE_SHORT:
    r->answer += n == s->largest;
    break;
  case WIDE_WRONG:
    r->answer += !fits31(w, n);
    break;
  case WRAP32:
    r->answer = wrap32_margin(w, n);
    break;
  case FIRST_AT_4:
  case FIRST_ALWAYS:
    if (s->mode == FIRST_ALWAYS || n == 4) {
      shelf_i128 sum = 0;
      for (size_t k = 0; k < n; k++)
        sum += w[k];
      r->answer = (sum + r->answer) / 2;
    }
    break;
  case EXPONENTIAL:
    if (n >= 20)
      r->verdict = SHELF_VERDICT_TIMEOUT, r->cpu = 2;
    else
      r->cpu = 0.01 + (double)(1u << n) * 1e-6;
    break;
  default:
    break;
  }
  return SHELF_OK;
}

static shelf_status start(void *ctx, size_t slot, const int64_t *w, size_t n,
                          double patience) {
  script *s = ctx;
  CHECK(slot < 4 && s->going < 4);
  if (slot >= 4 || s->going >= 4)
    return SHELF_INVALID;
  for (size_t k = 0; k < s->going; k++)
    CHECK(s->order[k] != slot);
  shelf_run r;
  memset(&r, 0, sizeof r);
  r.cpu = -1;
  r.patience = patience;
  shelf_status st = run(ctx, w, n, &r);
  if (st != SHELF_OK)
    return st;
  s->held[slot] = r;
  s->order[s->going++] = slot;
  if (s->going > s->most_going)
    s->most_going = s->going;
  return SHELF_OK;
}

static shelf_status finish(void *ctx, size_t *slot, shelf_run *r) {
  script *s = ctx;
  CHECK(s->going > 0);
  if (s->going == 0)
    return SHELF_INVALID;
  *slot = s->order[--s->going];
  *r = s->held[*slot];
  return SHELF_OK;
}

static void release(void *ctx, void *detail);

static void cancel(void *ctx, size_t slot) {
  script *s = ctx;
  size_t k = 0;
  while (k < s->going && s->order[k] != slot)
    k++;
  REQUIRE(k < s->going);
  memmove(s->order + k, s->order + k + 1, (s->going - k - 1) * sizeof *s->order);
  s->going--;
  release(ctx, s->held[slot].detail);
  s->cancelled++;
}

static void release(void *ctx, void *detail) {
  script *s = ctx;
  free(detail);
  s->live--;
}

static shelf_judge judge_for(script *s, const char *problem, int64_t lo,
                             int64_t hi) {
  const shelf_problem *p = shelf_problem_find(problem);
  shelf_judge j = {p,           p->answer, 40,  lo,      hi,   60,
                   test_seed(), 2.0,       run, release, NULL, s,
                   0,           NULL,      NULL, 0,
                   NULL};
  return j;
}

static char *words_of(const shelf_judgement *j, const shelf_judge *judge) {
  shelf_report_words w = {"./program", 0,   SHELF_LAYOUT_LIST, "shelf", 7,
                          0,           NULL};
  size_t len = 0;
  if (shelf_judgement_write(j, judge, &w, NULL, 0, &len) != SHELF_OK)
    return NULL;
  char *text = malloc(len + 1);
  if (text == NULL)
    return NULL;
  size_t again = 0;
  CHECK_STATUS(shelf_judgement_write(j, judge, &w, text, len + 1, &again),
               SHELF_OK);
  CHECK(again == len && strlen(text) == len);
  return text;
}

static void test_right_passes(void) {
  script s = {RIGHT, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "shelf", 1, 100);
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_OK && j.weights == NULL);
  CHECK(j.tried + j.skipped == j.planned && j.tried > 60);
  char *text = words_of(&j, &judge);
  REQUIRE(text != NULL);
  CHECK(strstr(text, "shelf check: passed: ./program") == text);
  CHECK(strstr(text, "passed over") != NULL); /* the skipped tries said */
  free(text);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
  shelf_judgement_free(NULL);
}

/* Greedy is named, on a shelf with no tie where greedy goes wrong, even in
 * a range around 0 where shrinking moves weights to 0 (ties). */
static void test_greedy_named_without_tie(void) {
  script s = {GREEDY, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "cses", -1000, 1000);
  judge.answer = SHELF_ANSWER_MARGIN;
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_WRONG && j.has_got);
  CHECK(j.mistake == SHELF_MISTAKE_GREEDY);
  REQUIRE(j.n > 0 && j.n <= j.shrunk_from);
  CHECK_I128(j.expected, ref_margin(j.weights, j.n));
  CHECK_I128(j.got, greedy_margin(j.weights, j.n));
  shelf_explanation e;
  REQUIRE(shelf_explain(j.weights, j.n, 0, &e) == SHELF_OK);
  CHECK(e.mistake == 1 &&
        j.weights[e.mistake_wheel] != j.weights[e.mistake_other]);
  char *text = words_of(&j, &judge);
  REQUIRE(text != NULL);
  CHECK(strstr(text, "FAILED: wrong answer") != NULL);
  CHECK(strstr(text, "Mistake: greedy.") != NULL);
  free(text);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

static void test_crash_shrunk(void) {
  script s = {CRASH_FROM_5, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "shelf", 1, 100);
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_CRASH && j.n == 5 && j.shrunk);
  for (size_t k = 0; k < j.n; k++)
    CHECK(j.weights[k] == 1); /* lightened to the bottom of the range */
  CHECK(j.detail != NULL);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

static void test_unstable(void) {
  script s = {UNSTABLE, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "shelf", 1, 100);
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_UNSTABLE && j.try_index == 1);
  CHECK(j.has_got && j.has_other && j.got != j.other);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

/* Zero-memo: slow only where a block's lead is 0; named, and the shelf
 * reported (zeros, in a range with 0) is one the program is slow on. */
static void test_zero_memo(void) {
  script s = {ZERO_MEMO, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "cses", -1000000, 1000000);
  judge.answer = SHELF_ANSWER_MARGIN;
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_TIMEOUT);
  CHECK(j.mistake == SHELF_MISTAKE_ZERO_MEMO);
  CHECK(j.growth.slow_zeros > 0 && j.growth.fast_n == j.shrunk_from);
  REQUIRE(j.n >= 10);
  CHECK(has_zero_lead(j.weights, j.n));
  char *text = words_of(&j, &judge);
  REQUIRE(text != NULL);
  CHECK(strstr(text, "Mistake: zero-memo.") != NULL);
  CHECK(strstr(text, "have a lead of 0") != NULL);
  free(text);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

/* Sentinel-memo: slow only where many blocks leave the mover a total of
 * -1; named with its value and quantity, and the shelf reported is of the
 * -1 shape, which the program is slow on, and not zero-memo (that shelf has
 * many blocks at lead 0 too). */
static void test_sentinel_memo(void) {
  script s = {MINUS_ONE, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "cses", -1000000, 1000000);
  judge.answer = SHELF_ANSWER_MARGIN;
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_TIMEOUT);
  CHECK(j.mistake == SHELF_MISTAKE_SENTINEL_MEMO);
  CHECK_I128(j.sentinel, -1);
  CHECK(j.sentinel_total == 1);
  REQUIRE(j.n >= 10);
  CHECK(j.sentinel_blocks == minus_one_totals(j.weights, j.n));
  CHECK(j.growth.fast_n == j.n);
  char *text = words_of(&j, &judge);
  REQUIRE(text != NULL);
  CHECK(strstr(text, "Mistake: sentinel-memo.") != NULL);
  CHECK(strstr(text, "a total for the buyer to move of -1") != NULL);
  free(text);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

/* Exponential: out of time on a short shelf whatever its weights; the
 * growth never says the length would have finished in time. */
static void test_exponential(void) {
  script s = {EXPONENTIAL, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "shelf", 1, 10000);
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_TIMEOUT);
  CHECK(j.mistake == SHELF_MISTAKE_EXPONENTIAL);
  CHECK(j.n >= 20 && j.n <= 40);
  CHECK(j.growth.startup > 0.0099 && j.growth.startup < 0.02);
  char *text = words_of(&j, &judge);
  REQUIRE(text != NULL);
  CHECK(strstr(text, "Mistake: exponential.") != NULL);
  CHECK(strstr(text, "under the") == NULL); /* no rate that finishes */
  free(text);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

/* Wrong only at the largest n: named largest-n, after the shelf one wheel
 * shorter passed, never overflow32 though its totals pass 31 bits; its
 * weights shrink to the smallest, and the long shelf is shown as runs. */
static void test_largest_n(void) {
  script s = {ONE_SHORT, 0, 0, 300, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "atcoder", 1, 1000000000);
  judge.max_n = 300;
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_WRONG);
  CHECK(j.mistake == SHELF_MISTAKE_LARGEST_N);
  REQUIRE(j.n == 300);
  for (size_t k = 0; k < j.n; k++)
    CHECK(j.weights[k] == 1);
  CHECK(j.shrink_runs < 60); /* no run spent deleting wheels */
  char *text = words_of(&j, &judge);
  REQUIRE(text != NULL);
  CHECK(strstr(text, "Mistake: largest-n.") != NULL);
  CHECK(strstr(text, "[1] * 300\n") != NULL);
  CHECK(strstr(text, "its first 299 wheels alone pass") != NULL);
  CHECK(strstr(text, "overflow") == NULL);
  free(text);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

/* Wrong on heavy shelves, but not as 32-bit arithmetic is: no overflow32.
 * 32-bit arithmetic itself: overflow32, its edge's sign said. */
static void test_overflow32_shown(void) {
  script s = {WIDE_WRONG, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "atcoder", 1, 1000000000);
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_WRONG);
  CHECK(j.mistake == SHELF_MISTAKE_NONE);
  shelf_judgement_free(&j);
  s = (script){WRAP32, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_WRONG);
  CHECK(j.mistake == SHELF_MISTAKE_OVERFLOW32);
  char *text = words_of(&j, &judge);
  REQUIRE(text != NULL);
  CHECK(strstr(text, "passes 2147483647") != NULL);
  CHECK(strstr(text, "passes -2147483648") == NULL);
  free(text);
  shelf_judgement_free(&j);
  /* Every weight negative: the totals pass -2147483648. */
  judge = judge_for(&s, "atcoder", -1000000000, -1);
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.mistake == SHELF_MISTAKE_OVERFLOW32);
  text = words_of(&j, &judge);
  REQUIRE(text != NULL);
  CHECK(strstr(text, "passes -2147483648") != NULL);
  CHECK(strstr(text, "passes 2147483647") == NULL);
  free(text);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

/* wrong-quantity is named only when it holds on shelves of more than one
 * length: a program that gives another quantity at one length only (which
 * a misread count can do by chance) is not named. */
static void test_wrong_quantity_shown(void) {
  script s = {FIRST_AT_4, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "shelf", 1, 100);
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_WRONG && j.n == 4);
  CHECK(j.mistake == SHELF_MISTAKE_NONE);
  shelf_judgement_free(&j);
  s = (script){FIRST_ALWAYS, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_WRONG);
  CHECK(j.mistake == SHELF_MISTAKE_WRONG_QUANTITY);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

/* Out of time on every shelf names no mistake: nothing grew. */
static void test_always_slow_names_nothing(void) {
  script s = {ALWAYS_SLOW, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "shelf", 1, 10000);
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_TIMEOUT && j.try_index == 1);
  CHECK(j.mistake == SHELF_MISTAKE_NONE);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

static void test_runner_stops(void) {
  script s = {STOPS, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "shelf", 1, 100);
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_NOMEM);
  CHECK(j.verdict == SHELF_VERDICT_OK && j.weights == NULL);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

static void test_arguments(void) {
  script s = {RIGHT, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "shelf", 1, 100);
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(NULL, &j), SHELF_INVALID);
  CHECK_STATUS(shelf_judge_run(&judge, NULL), SHELF_INVALID);
  judge.lo = 5, judge.hi = 4;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_INVALID);
  judge = judge_for(&s, "shelf", 1, 100);
  judge.run = NULL;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_INVALID);
  CHECK(s.runs == 0);
  CHECK(strcmp(shelf_verdict_name(SHELF_VERDICT_IDLE), "idle") == 0);
  CHECK(shelf_verdict_name((shelf_verdict)8) == NULL);
  CHECK(shelf_problem_find("seed") == NULL && shelf_problem_find(NULL) == NULL);
  size_t k = 0;
  while (shelf__problem_at(k) != NULL)
    k++;
  CHECK(k == 5 && strcmp(shelf__problem_at(0)->name, "shelf") == 0);
  const int64_t w[] = {7, -2, 9};
  char buf[64];
  size_t len;
  CHECK_STATUS(
      shelf_layout_write(SHELF_LAYOUT_COUNTED, w, 3, buf, sizeof buf, &len),
      SHELF_OK);
  CHECK(strcmp(buf, "3\n7 -2 9\n") == 0 && len == 9);
  CHECK_STATUS(
      shelf_layout_write(SHELF_LAYOUT_LIST, w, 3, buf, sizeof buf, &len),
      SHELF_OK);
  CHECK(strcmp(buf, "[7, -2, 9]\n") == 0);
  CHECK_STATUS(shelf_layout_write(SHELF_LAYOUT_LINE, w, 0, buf, 2, &len),
               SHELF_OK);
  CHECK(strcmp(buf, "\n") == 0);
  CHECK_STATUS(shelf_layout_write((shelf_layout)3, w, 3, buf, 2, &len),
               SHELF_INVALID);
}

/* Three runs side by side, later tries ending first, give the judgement of
 * one run at a time: the verdict, the try, the shelf, the mistake, the
 * runs spent. */
static void test_jobs_same_judgement(void) {
  static const mode modes[] = {RIGHT,        GREEDY,      CRASH_FROM_5,
                               ZERO_MEMO,    MINUS_ONE,   EXPONENTIAL,
                               ALWAYS_SLOW,  ONE_SHORT,   WIDE_WRONG,
                               WRAP32,       FIRST_AT_4,  FIRST_ALWAYS};
  static const char *const problems[] = {"shelf", "cses", "atcoder"};
  static const int64_t ranges[][2] = {
      {1, 100}, {-1000000, 1000000}, {1, 1000000000}};
  for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
    for (size_t q = 0; q < 3; q++) {
      shelf_judgement one, three;
      script s1 = {modes[m], 0, 0, 40, {{0}}, {0}, 0, 0, 0};
      script s3 = s1;
      shelf_judge j1 = judge_for(&s1, problems[q], ranges[q][0], ranges[q][1]);
      shelf_judge j3 = judge_for(&s3, problems[q], ranges[q][0], ranges[q][1]);
      j1.answer = j3.answer = SHELF_ANSWER_MARGIN;
      j3.jobs = 3;
      j3.start = start;
      j3.finish = finish;
      j3.run = NULL;
      CHECK_STATUS(shelf_judge_run(&j1, &one), SHELF_OK);
      /* With the runner's cancel on every other pair. */
      if ((m + q) % 2)
        j3.cancel = cancel;
      CHECK_STATUS(shelf_judge_run(&j3, &three), SHELF_OK);
      CHECK(s3.most_going == 3 && s3.going == 0);
      CHECK(j3.cancel != NULL || s3.cancelled == 0);
      CHECK(one.verdict == three.verdict && one.try_index == three.try_index);
      CHECK(one.tried == three.tried && one.skipped == three.skipped &&
            one.planned == three.planned);
      CHECK(one.mistake == three.mistake && one.n == three.n &&
            one.shrink_runs == three.shrink_runs);
      CHECK(one.n == 0 ||
            memcmp(one.weights, three.weights, one.n * sizeof *one.weights) ==
                0);
      CHECK_I128(one.expected, three.expected);
      CHECK_I128(one.got, three.got);
      shelf_judgement_free(&one);
      shelf_judgement_free(&three);
      CHECK(s1.live == 0 && s3.live == 0);
    }
  }
  /* A runner that stops while runs are going: they are finished, dropped. */
  script s = {STOPS, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "shelf", 1, 100);
  judge.jobs = 3, judge.start = start, judge.finish = finish;
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_NOMEM);
  CHECK(j.verdict == SHELF_VERDICT_OK && j.weights == NULL);
  CHECK(s.going == 0 && s.live == 0);
  shelf_judgement_free(&j);
  judge.start = NULL;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_INVALID);
}

/* A budget cuts the random tries of a program slow to start, not of a
 * quick one, and never below the least. */
static void test_budget(void) {
  script s = {RIGHT, 0, 0, 0, {{0}}, {0}, 0, 0, 0};
  shelf_judge judge = judge_for(&s, "cses", -1000, 1000);
  judge.answer = SHELF_ANSWER_MARGIN;
  judge.max_n = 1000;
  judge.tries = 300;
  judge.budget = 1000; /* runs of 0.01 s + 0.0001 s a wheel: all fit */
  shelf_judgement j;
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_OK && j.cut_tries == 0);
  size_t whole = j.planned;
  shelf_judgement_free(&j);
  judge.budget = 2; /* about 200 runs of the quickest */
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.verdict == SHELF_VERDICT_OK && j.cut_tries > 0);
  CHECK(j.planned + j.cut_tries == whole && j.tried + j.skipped == j.planned);
  shelf_judgement_free(&j);
  judge.budget = 0.01; /* spent by the fixed tries: the least is left */
  CHECK_STATUS(shelf_judge_run(&judge, &j), SHELF_OK);
  CHECK(j.cut_tries == 300 - 12 && j.planned + j.cut_tries == whole);
  shelf_judgement_free(&j);
  CHECK(s.live == 0);
}

/* The progress line, worded once for the command and Python. */
static void test_progress_line(void) {
  shelf_progress p = {SHELF_STAGE_TRY, 3, 44, 12, SHELF_VERDICT_OK};
  char line[128];
  size_t len;
  CHECK_STATUS(shelf_progress_write(&p, "shelf check", 1.54, line, sizeof line,
                                    &len),
               SHELF_OK);
  CHECK(strcmp(line, "shelf check: try 3 of 44, 12 wheels, 1.5 s, "
                     "all right so far") == 0);
  CHECK(len == strlen(line));
  p.stage = SHELF_STAGE_SHRINK;
  p.verdict = SHELF_VERDICT_TIMEOUT;
  CHECK_STATUS(shelf_progress_write(&p, "shelf.check", 12, line, sizeof line,
                                    NULL),
               SHELF_OK);
  CHECK(strcmp(line,
               "shelf.check: shrinking, run 3 of 44, 12 wheels, 12.0 s, "
               "timeout") == 0);
  p.stage = SHELF_STAGE_TIME;
  CHECK_STATUS(shelf_progress_write(&p, "x", 0, line, 8, &len), SHELF_OK);
  CHECK(strcmp(line, "x: timi") == 0 && len > 8); /* cut, as snprintf */
}

static const test tests[] = {
    {"progress_line", test_progress_line},
    {"right_passes", test_right_passes},
    {"greedy_named_without_tie", test_greedy_named_without_tie},
    {"crash_shrunk", test_crash_shrunk},
    {"unstable", test_unstable},
    {"zero_memo", test_zero_memo},
    {"sentinel_memo", test_sentinel_memo},
    {"exponential", test_exponential},
    {"always_slow_names_nothing", test_always_slow_names_nothing},
    {"largest_n", test_largest_n},
    {"overflow32_shown", test_overflow32_shown},
    {"wrong_quantity_shown", test_wrong_quantity_shown},
    {"runner_stops", test_runner_stops},
    {"arguments", test_arguments},
    {"jobs_same_judgement", test_jobs_same_judgement},
    {"budget", test_budget},
};

TEST_MAIN(tests)
