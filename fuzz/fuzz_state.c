/*
 * fuzz_state.c - libFuzzer target for saved solver states: any byte string
 * given to shelf_solver_load() is either a clean refusal or a state that
 * behaves exactly like a solver's, and states saved from shelves cut
 * anywhere load and append back to the whole shelf's answer.
 *
 * The first byte picks what the rest is:
 *
 *   0  bytes to load as they are;
 *   1  the same with the checksum (the last 8 bytes) made right, so that
 *      damage the checksum would catch reaches the checks behind it;
 *   2  the same with the entry count made to fit the length as well;
 *   3  a shelf and where to cut it: byte 1 picks the weights' kind (small,
 *      raw 64-bit, strictly decreasing, the extremes), the grouping of the
 *      appends and how pieces are pushed; byte 2 how many cuts; then one
 *      byte a cut, then the weights;
 *   4  a real shelf's state, perturbed near the bounds: byte 1 picks the
 *      weights' kind (as in 3) and whether the state is rewritten with
 *      16-byte entries, byte 2 how many of the rest are edits (3 bytes
 *      each: which field, how, by how much), then the weights. Edits set
 *      the count, the total, the sum of |weight| or an entry to a bound
 *      that n int64 weights reach (n * 2^63, 2^63, NARROW_LIMIT) or to
 *      an end of 128 bits, plus or minus a little, shift or negate it, or
 *      add a little; the checksum is then made right. So the checks at the
 *      bounds are reached at once, where random bytes would need luck
 *      (467k runs of modes 0 to 3 never reached the states of issue 19).
 *
 * For bytes to load (0 to 2), into a solver that already holds a shelf:
 *
 *   - a refusal is SHELF_BAD_STATE, or SHELF_STATE_VERSION for a state
 *     that says it is one ("SHLF") of another version, and leaves the solver
 *     as it was (the same saved bytes, the same result);
 *   - a state loaded has a count of at most 2^63, a total and entries
 *     whose magnitudes add up to at most n * 2^63, as n int64 weights do;
 *   - a state loaded saves back to the very same bytes; its result has the
 *     count and total the bytes say, first + second == total and
 *     first - second == margin; its margin is the interval DP's on its
 *     entries read as a shelf (a stack without interior peaks is its own
 *     reduction); and appended after a shelf, with more wheels pushed
 *     after it (small ones, then the 64-bit extremes, which widen the
 *     stack), it never fails, and gives the DP's margin on the shelf, the
 *     entries and the wheels, and the counts and totals added up; appended
 *     once more after that, the counts and totals add up again. Past 2^63
 *     wheels, an append or a push is SHELF_RANGE and changes nothing.
 *
 * For a shelf (3): each piece is solved, saved (the size asked for first),
 * damaged in one byte and cut short by one, both of which must be refused,
 * loaded, saved again (the same bytes), and appended in shelf order, left
 * to right or right to left; the result must be the DP's on the whole shelf
 * (linear engine's beyond DP_MAX wheels), and the joined solver must itself
 * travel: save, load, same result.
 *
 * The format is read here from its description in src/core/solver.c: 48 bytes
 * of header ("SHLF", version 1, entry width 8 or 16, two zero bytes, n, the
 * 128-bit total, the sum of |weight|, the entry count), the entries, and an
 * 8-byte checksum. state_hash() below is written from that description, and
 * states the library saves must carry it (mode 3), so that modes 1 and 2 cannot
 * quietly stop reaching past the checksum.
 *
 * FUZZ_ASSERT is always on and aborts with a message.
 */
#include "fuzz.h"

#include <shelf.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef shelf_i128 i128;
__extension__ typedef unsigned __int128 u128;

/* Entries (or wheels) up to this many are checked against the interval DP;
 * beyond, against the linear engine. */
#define DP_MAX 600

#define HEAD 48
#define TAIL 8

/* The most wheels a solver counts, and a 64-bit stack's sum of |weight|
 * (shelf.h, src/core/solver.h). */
#define N_MAX ((uint64_t)1 << 63)
#define NARROW_LIMIT ((uint64_t)INT64_MAX - 2)

/* ==== The format ==== */

static uint64_t get64(const uint8_t *b) {
  uint64_t v = 0;
  for (int k = 0; k < 8; k++)
    v |= (uint64_t)b[k] << (8 * k);
  return v;
}

static void put64(uint8_t *b, uint64_t v) {
  for (int k = 0; k < 8; k++)
    b[k] = (uint8_t)(v >> (8 * k));
}

static i128 get128(const uint8_t *b) {
  return (i128)((u128)get64(b + 8) << 64 | get64(b));
}

/* The checksum over the first `len` bytes, eight at a time. */
static uint64_t state_hash(const uint8_t *b, size_t len) {
  uint64_t h = 0x5348454c46u ^ len;
  for (size_t i = 0; i + 8 <= len; i += 8) {
    h = (h ^ get64(b + i)) * 0x9e3779b97f4a7c15u;
    h ^= h >> 29;
  }
  return h;
}

/* Entry k of a state, of the width its header says (8 or 16 bytes). */
static i128 entry(const uint8_t *b, size_t k) {
  return b[5] == 8 ? (i128)(int64_t)get64(b + HEAD + 8 * k)
                   : get128(b + HEAD + 16 * k);
}

/* The state's entry count, checked against its length, and their sum. */
static size_t entries_of(const uint8_t *b, size_t len, i128 *total) {
  FUZZ_ASSERT(b[5] == 8 || b[5] == 16, "entries of 8 or 16 bytes");
  size_t top = (len - HEAD - TAIL) / b[5];
  FUZZ_ASSERT(get64(b + 40) == top, "the entry count fits the length");
  *total = 0;
  for (size_t k = 0; k < top; k++)
    *total += entry(b, k);
  return top;
}

static void fix_checksum(uint8_t *b, size_t len) {
  if (len >= HEAD + TAIL)
    put64(b + len - TAIL, state_hash(b, len - TAIL));
}

/* ==== Solvers ==== */

static shelf_solver *solver_of(const int64_t *w, size_t n) {
  shelf_solver *s;
  FUZZ_ASSERT(shelf_solver_new(&s, 0) == SHELF_OK, "solver_new");
  FUZZ_ASSERT(shelf_solver_push_many(s, w, n) == SHELF_OK, "push_many");
  return s;
}

/* The solver's saved bytes; *len receives their number. */
static uint8_t *saved(const shelf_solver *s, size_t *len) {
  *len = 0;
  FUZZ_ASSERT(shelf_solver_save(s, NULL, 0, len) == SHELF_OK,
              "a size query: OK, and the size needed");
  FUZZ_ASSERT(*len >= HEAD + TAIL, "a state has its header and checksum");
  uint8_t *b = malloc(*len);
  FUZZ_ASSERT(b != NULL, "the target itself ran out of memory");
  size_t again = 0;
  FUZZ_ASSERT(shelf_solver_save(s, b, *len - 1, &again) == SHELF_INVALID &&
                  again == *len,
              "one byte short: INVALID");
  FUZZ_ASSERT(shelf_solver_save(s, b, *len, &again) == SHELF_OK &&
                  again == *len,
              "save");
  return b;
}

static shelf_result result_of(const shelf_solver *s) {
  shelf_result r;
  FUZZ_ASSERT(shelf_solver_result(s, &r) == SHELF_OK, "result");
  return r;
}

static int same_result(const shelf_result *a, const shelf_result *b) {
  return a->n == b->n && a->margin == b->margin && a->first == b->first &&
         a->second == b->second;
}

/* The margin of a shelf by the interval DP, or by the linear engine when
 * it is long. */
static i128 margin_of(const int64_t *w, size_t n) {
  shelf_result r;
  FUZZ_ASSERT(shelf_solve(n ? w : NULL, n,
                          n <= DP_MAX ? SHELF_ENGINE_DP : SHELF_ENGINE_LINEAR,
                          &r) == SHELF_OK,
              "solve");
  return r.margin;
}

/* What the state of any shelf is: each merge of the reduction turns three
 * entries into one, so there are as many entries as wheels less an even
 * number; and with as many entries as wheels no merge was made, so the
 * entries are the wheels and add up to the total. `total` is the sum of
 * the state's `top` entries. */
static void is_a_shelfs(const uint8_t *b, size_t top, i128 total) {
  uint64_t n = get64(b + 8);
  FUZZ_ASSERT(top <= n && (n - top) % 2 == 0,
              "as many entries as wheels, less an even number");
  FUZZ_ASSERT(top < n || total == get128(b + 16),
              "entries without a merge add up to the total");
}

/* What n int64 weights reach: a count of at most 2^63 (shelf.h), a total
 * from -n * 2^63 to n * (2^63 - 1), entries whose magnitudes add up to at
 * most n * 2^63, and with as many entries as wheels, int64 entries. */
static void within_reach(const uint8_t *b, size_t top) {
  uint64_t n = get64(b + 8);
  FUZZ_ASSERT(n <= N_MAX, "at most 2^63 wheels");
  i128 reach = (i128)n << 63, sum = get128(b + 16), mags = 0;
  FUZZ_ASSERT(sum >= -reach && sum <= reach - (i128)n,
              "a total that n int64 weights reach");
  for (size_t k = 0; k < top; k++) {
    i128 v = entry(b, k);
    FUZZ_ASSERT(top < n || (v >= INT64_MIN && v <= INT64_MAX),
                "wheels that never merged are int64");
    mags += v < 0 ? -v : v;
    FUZZ_ASSERT(mags <= reach, "entries that n int64 weights reach");
  }
}

/* ==== Any bytes ==== */

static const int64_t before[] = {3, 9, 1, 2};
static const int64_t after[] = {7, 2, 9, 4, 0, -5};
static const int64_t extreme[] = {INT64_MAX, INT64_MIN, INT64_MAX};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

/* The solver `t` has loaded the state b[0..len): appended after `pre`
 * wheels, then pushed `post` wheels, it must act as the shelf pre, the
 * entries, post does. `entries` is NULL if they do not fit in 64 bits. */
static void acts_as_entries(const shelf_solver *t, const uint8_t *b,
                            const int64_t *entries, size_t top,
                            const int64_t *pre, size_t npre,
                            const int64_t *post, size_t npost) {
  shelf_solver *u = solver_of(pre, npre);
  uint64_t n = get64(b + 8); /* at most N_MAX (within_reach) */
  if (n + npre > N_MAX) {
    /* beyond the most wheels a solver counts: refused, nothing changed */
    shelf_result r0 = result_of(u);
    FUZZ_ASSERT(shelf_solver_append(u, t) == SHELF_RANGE,
                "an append past 2^63 wheels is SHELF_RANGE");
    shelf_result r1 = result_of(u);
    FUZZ_ASSERT(same_result(&r0, &r1), "a refused append changes nothing");
    shelf_solver_free(u);
    return;
  }
  FUZZ_ASSERT(shelf_solver_append(u, t) == SHELF_OK,
              "a loaded state appends to any solver");
  if (n + npre + npost > N_MAX) {
    /* pushes keep to 2^63 too: past it, refused with nothing taken; one
     * at a time, up to it and no further */
    shelf_result r0 = result_of(u);
    FUZZ_ASSERT(shelf_solver_push_many(u, post, npost) == SHELF_RANGE,
                "wheels pushed past 2^63 are SHELF_RANGE");
    shelf_result r1 = result_of(u);
    FUZZ_ASSERT(same_result(&r0, &r1), "a refused push changes nothing");
    uint64_t room = N_MAX - (n + npre); /* fewer than npost */
    for (uint64_t k = 0; k < room; k++)
      FUZZ_ASSERT(shelf_solver_push(u, -1) == SHELF_OK, "up to 2^63");
    FUZZ_ASSERT(shelf_solver_push(u, -1) == SHELF_RANGE, "and no further");
    r1 = result_of(u);
    FUZZ_ASSERT(r1.n == N_MAX &&
                    r1.first + r1.second == r0.first + r0.second - (i128)room,
                "the wheels up to 2^63 counted");
    FUZZ_ASSERT(r1.first - r1.second == r1.margin, "first - second == margin");
    shelf_solver_free(u);
    return;
  }
  FUZZ_ASSERT(shelf_solver_push_many(u, post, npost) == SHELF_OK,
              "and wheels push after it");
  shelf_result r = result_of(u);
  i128 sum = get128(b + 16);
  for (size_t i = 0; i < npre; i++)
    sum += pre[i];
  for (size_t i = 0; i < npost; i++)
    sum += post[i];
  FUZZ_ASSERT(r.n == get64(b + 8) + npre + npost, "counts add up");
  FUZZ_ASSERT(r.first + r.second == sum, "totals add up");
  FUZZ_ASSERT(r.first - r.second == r.margin, "first - second == margin");
  /* The state once more after the pushes: a solver that loaded, took
   * wheels and appended is counted as any other. */
  if (r.n > N_MAX - n) {
    FUZZ_ASSERT(shelf_solver_append(u, t) == SHELF_RANGE,
                "an append past 2^63 wheels is SHELF_RANGE");
  } else {
    FUZZ_ASSERT(shelf_solver_append(u, t) == SHELF_OK, "appends again");
    shelf_result again = result_of(u);
    FUZZ_ASSERT(again.n == r.n + n, "counts add up again");
    FUZZ_ASSERT(again.first + again.second == sum + get128(b + 16),
                "totals add up again");
    FUZZ_ASSERT(again.first - again.second == again.margin,
                "first - second == margin again");
  }
  if (entries != NULL && top + npre + npost <= DP_MAX) {
    int64_t *w = malloc((top + npre + npost + 1) * sizeof *w);
    FUZZ_ASSERT(w != NULL, "the target itself ran out of memory");
    /* (memcpy is not given NULL, even for no bytes) */
    for (size_t i = 0; i < npre; i++)
      w[i] = pre[i];
    for (size_t i = 0; i < top; i++)
      w[npre + i] = entries[i];
    for (size_t i = 0; i < npost; i++)
      w[npre + top + i] = post[i];
    FUZZ_ASSERT(r.margin == margin_of(w, top + npre + npost),
                "the margin is the DP's on the shelf, entries, wheels");
    free(w);
  }
  shelf_solver_free(u);
}

static void load_any(const uint8_t *b, size_t len) {
  shelf_solver *t = solver_of(before, COUNT(before));
  size_t len0;
  uint8_t *b0 = saved(t, &len0);
  shelf_result r0 = result_of(t);
  shelf_status st = shelf_solver_load(t, len ? b : NULL, len);
  if (st != SHELF_OK) {
    FUZZ_ASSERT(st == SHELF_BAD_STATE || st == SHELF_STATE_VERSION,
                "a refusal is BAD_STATE or STATE_VERSION");
    if (st == SHELF_STATE_VERSION)
      FUZZ_ASSERT(len >= HEAD + TAIL && memcmp(b, "SHLF", 4) == 0 && b[4] != 1,
                  "STATE_VERSION only for a state of another version");
    size_t len1;
    uint8_t *b1 = saved(t, &len1);
    shelf_result r1 = result_of(t);
    FUZZ_ASSERT(len1 == len0 && memcmp(b0, b1, len0) == 0 &&
                    same_result(&r0, &r1),
                "a refused state leaves the solver as it was");
    free(b1);
    free(b0);
    shelf_solver_free(t);
    return;
  }
  free(b0);
  FUZZ_ASSERT(len >= HEAD + TAIL && memcmp(b, "SHLF", 4) == 0 && b[4] == 1,
              "only a state of this version loads");
  size_t len1;
  uint8_t *b1 = saved(t, &len1);
  FUZZ_ASSERT(len1 == len && memcmp(b, b1, len) == 0,
              "a loaded state saves back to the same bytes");
  free(b1);

  /* Its own result: the count and total it says, and a margin that is the
   * DP's on its entries. */
  i128 total = 0;
  size_t top = entries_of(b, len, &total);
  is_a_shelfs(b, top, total);
  within_reach(b, top);
  int64_t *entries = malloc((top + 1) * sizeof *entries);
  FUZZ_ASSERT(entries != NULL, "the target itself ran out of memory");
  for (size_t k = 0; k < top && entries != NULL; k++) {
    i128 v = entry(b, k);
    if (v < INT64_MIN || v > INT64_MAX) {
      free(entries);
      entries = NULL; /* not a shelf of 64-bit wheels */
    } else {
      entries[k] = (int64_t)v;
    }
  }
  shelf_result r = result_of(t);
  FUZZ_ASSERT(r.n == get64(b + 8), "the count it says");
  FUZZ_ASSERT(r.first + r.second == get128(b + 16), "the total it says");
  FUZZ_ASSERT(r.first - r.second == r.margin, "first - second == margin");
  if (entries != NULL && top <= DP_MAX)
    FUZZ_ASSERT(r.margin == margin_of(entries, top),
                "the margin is the DP's on the entries");

  acts_as_entries(t, b, entries, top, NULL, 0, NULL, 0);
  acts_as_entries(t, b, entries, top, before, COUNT(before), after,
                  COUNT(after));
  acts_as_entries(t, b, entries, top, after, COUNT(after), extreme,
                  COUNT(extreme));
  free(entries);
  shelf_solver_free(t);
}

/* Modes 1 and 2: the bytes made to pass the checksum (and the size). */
static void load_fixed(const uint8_t *d, size_t len, int fit) {
  uint8_t *b = malloc(len ? len : 1);
  FUZZ_ASSERT(b != NULL, "the target itself ran out of memory");
  if (len)
    memcpy(b, d, len);
  if (fit && len >= HEAD + TAIL && (b[5] == 8 || b[5] == 16)) {
    size_t top = (len - HEAD - TAIL) / b[5];
    len = HEAD + top * b[5] + TAIL;
    put64(b + 40, top);
  }
  fix_checksum(b, len);
  load_any(b, len);
  free(b);
}

/* ==== Shelves cut anywhere ==== */

typedef struct reader {
  const uint8_t *d;
  size_t len, pos;
} reader;

static uint8_t next(reader *r) { return r->pos < r->len ? r->d[r->pos++] : 0; }

/* The weights from the rest of the bytes, of the given kind. */
static size_t read_weights(reader *r, unsigned kind, int64_t *w) {
  size_t n = 0;
  int64_t level = INT64_MAX / 2;
  while (r->pos < r->len) {
    uint8_t c = next(r);
    switch (kind) {
    case 0: /* small, many ties */
      w[n++] = (int8_t)c % 10;
      break;
    case 1: { /* any 64-bit weight, eight bytes each */
      uint64_t v = c;
      for (int k = 1; k < 8; k++)
        v = v << 8 | next(r);
      w[n++] = (int64_t)v;
      break;
    }
    case 2: /* strictly decreasing: the stack keeps every wheel */
      level -= 1 + c;
      w[n++] = level;
      break;
    default: /* the extremes: sums far past 64 bits, a widened stack */
      w[n++] = c & 1 ? INT64_MAX - (c >> 1) : INT64_MIN + (c >> 1);
      break;
    }
  }
  return n;
}

static int by_size(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return (x > y) - (x < y);
}

/* Wheels from..to in a solver, pushed one by one or all at once, after a
 * trip through its saved bytes (damaged and truncated copies refused). */
static shelf_solver *travelled(const int64_t *w, size_t from, size_t to,
                               int one_by_one, uint8_t damage) {
  shelf_solver *s;
  if (one_by_one) {
    FUZZ_ASSERT(shelf_solver_new(&s, 0) == SHELF_OK, "solver_new");
    for (size_t i = from; i < to; i++)
      FUZZ_ASSERT(shelf_solver_push(s, w[i]) == SHELF_OK, "push");
  } else {
    s = solver_of(w + from, to - from);
  }
  shelf_result want = result_of(s);
  size_t len;
  uint8_t *b = saved(s, &len);
  shelf_solver_free(s);
  FUZZ_ASSERT(get64(b + len - TAIL) == state_hash(b, len - TAIL),
              "the checksum is the format's");
  i128 total = 0;
  size_t top = entries_of(b, len, &total);
  is_a_shelfs(b, top, total);

  shelf_solver *t;
  FUZZ_ASSERT(shelf_solver_new(&t, 0) == SHELF_OK, "solver_new");
  FUZZ_ASSERT(shelf_solver_load(t, b, len - 1) == SHELF_BAD_STATE,
              "a state cut short is refused");
  size_t at = (size_t)damage * 7 % len;
  b[at] ^= (uint8_t)(1u << (damage % 8));
  shelf_status st = shelf_solver_load(t, b, len);
  FUZZ_ASSERT(st == SHELF_BAD_STATE || (st == SHELF_STATE_VERSION && at == 4),
              "a state with a byte changed is refused");
  b[at] ^= (uint8_t)(1u << (damage % 8));
  FUZZ_ASSERT(shelf_solver_load(t, b, len) == SHELF_OK, "a saved state loads");
  shelf_result got = result_of(t);
  FUZZ_ASSERT(same_result(&want, &got), "a loaded state solves as saved");
  size_t len2;
  uint8_t *b2 = saved(t, &len2);
  FUZZ_ASSERT(len2 == len && memcmp(b, b2, len) == 0,
              "and saves to the same bytes");
  free(b2);
  free(b);
  return t;
}

static void cut_shelf(const uint8_t *d, size_t len) {
  reader r = {d, len, 0};
  uint8_t how = next(&r);
  size_t ncut = next(&r) % 16;
  if (ncut > r.len - r.pos)
    ncut = r.len - r.pos;
  const uint8_t *cutb = d + r.pos;
  r.pos += ncut;
  int64_t *w = malloc((len + 1) * sizeof *w);
  FUZZ_ASSERT(w != NULL, "the target itself ran out of memory");
  size_t n = read_weights(&r, how & 3, w);
  size_t cut[18];
  cut[0] = 0;
  for (size_t k = 0; k < ncut; k++)
    cut[k + 1] = (size_t)cutb[k] * (n + 1) / 256; /* repeats: empty pieces */
  qsort(cut + 1, ncut, sizeof *cut, by_size);
  cut[ncut + 1] = n;
  size_t pieces = ncut + 1;

  /* Each piece travels; then they are appended, left to right, or right
   * to left ((a + (b + c)), the other grouping). */
  shelf_solver *all = NULL;
  for (size_t j = 0; j < pieces; j++) {
    size_t k = how & 4 ? pieces - 1 - j : j;
    shelf_solver *p =
        travelled(w, cut[k], cut[k + 1], (how & 8) != 0, (uint8_t)(how + k));
    if (all == NULL) {
      all = p;
    } else if (how & 4) { /* p comes before everything so far */
      FUZZ_ASSERT(shelf_solver_append(p, all) == SHELF_OK, "append");
      shelf_solver_free(all);
      all = p;
    } else {
      FUZZ_ASSERT(shelf_solver_append(all, p) == SHELF_OK, "append");
      shelf_solver_free(p);
    }
  }
  shelf_result got = result_of(all);
  i128 sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += w[i];
  FUZZ_ASSERT(got.n == n && got.first + got.second == sum,
              "the joined pieces count every wheel and kilo");
  FUZZ_ASSERT(got.margin == margin_of(w, n),
              "the joined pieces' margin is the whole shelf's");

  /* The joined solver travels too. */
  size_t slen;
  uint8_t *b = saved(all, &slen);
  shelf_solver *t;
  FUZZ_ASSERT(shelf_solver_new(&t, 0) == SHELF_OK, "solver_new");
  FUZZ_ASSERT(shelf_solver_load(t, b, slen) == SHELF_OK, "load the joined");
  shelf_result again = result_of(t);
  FUZZ_ASSERT(same_result(&got, &again), "the joined state loads as it was");
  free(b);
  shelf_solver_free(t);
  shelf_solver_free(all);
  free(w);
}

/* ==== Real states, perturbed near the bounds ==== */

/* Field f of a state (0 count, 1 total, 2 sum of |weight|, 3 and up entry
 * f - 3 modulo top) read as a number, and written back. */
static i128 field_get(const uint8_t *b, size_t top, unsigned f) {
  if (f == 0)
    return (i128)get64(b + 8);
  if (f == 1)
    return get128(b + 16);
  if (f == 2 || top == 0)
    return (i128)get64(b + 32);
  return entry(b, (f - 3) % top);
}

static void put128(uint8_t *b, i128 v) {
  put64(b, (uint64_t)(u128)v);
  put64(b + 8, (uint64_t)((u128)v >> 64));
}

static void field_set(uint8_t *b, size_t top, unsigned f, i128 v) {
  if (f == 0)
    put64(b + 8, (uint64_t)(u128)v);
  else if (f == 1)
    put128(b + 16, v);
  else if (f == 2 || top == 0)
    put64(b + 32, (uint64_t)(u128)v);
  else if (b[5] == 8)
    put64(b + HEAD + 8 * ((f - 3) % top), (uint64_t)(u128)v);
  else
    put128(b + HEAD + 16 * ((f - 3) % top), v);
}

/* A state saved from narrow to 16-byte entries, as a widened stack saves
 * them (the sum of |weight| becomes 0); b has room for it. */
static size_t rewrite_wide(uint8_t *b, size_t len) {
  size_t top = (len - HEAD - TAIL) / 8;
  for (size_t k = top; k-- > 0;)
    put128(b + HEAD + 16 * k, (i128)(int64_t)get64(b + HEAD + 8 * k));
  b[5] = 16;
  put64(b + 32, 0);
  return HEAD + 16 * top + TAIL;
}

static void perturbed(const uint8_t *d, size_t len) {
  reader r = {d, len, 0};
  uint8_t how = next(&r);
  size_t nedit = next(&r) % 8;
  if (3 * nedit > r.len - r.pos)
    nedit = (r.len - r.pos) / 3;
  const uint8_t *edits = d + r.pos;
  r.pos += 3 * nedit;
  int64_t *w = malloc((r.len - r.pos + 1) * sizeof *w);
  FUZZ_ASSERT(w != NULL, "the target itself ran out of memory");
  size_t n = read_weights(&r, how % 4, w);
  shelf_solver *s = solver_of(w, n);
  free(w);
  size_t slen;
  uint8_t *saved_b = saved(s, &slen);
  shelf_solver_free(s);
  uint8_t *b = malloc(2 * slen);
  FUZZ_ASSERT(b != NULL, "the target itself ran out of memory");
  memcpy(b, saved_b, slen);
  free(saved_b);
  if ((how & 4) && b[5] == 8)
    slen = rewrite_wide(b, slen);
  size_t top = (slen - HEAD - TAIL) / b[5];
  for (size_t e = 0; e < nedit; e++) {
    unsigned f = edits[3 * e], op = edits[3 * e + 1] % 7;
    int8_t little = (int8_t)edits[3 * e + 2];
    i128 v = field_get(b, top, f), nn = (i128)get64(b + 8);
    /* In unsigned arithmetic: the fuzzer itself must not overflow,
     * whatever the field holds. */
    switch (op) {
    case 0: /* a little more or less */
      v = (i128)((u128)v + (u128)(i128)little);
      break;
    case 1: /* n * 2^63, the reach of n wheels, or 2^63 for the count */
      v = (f == 0 ? (i128)N_MAX : nn << 63) + little;
      break;
    case 2: /* minus that */
      v = -(nn << 63) + little;
      break;
    case 3: /* n * (2^63 - 1), or the 64-bit stack's limit */
      v = (f == 2 ? (i128)NARROW_LIMIT : nn * INT64_MAX) + little;
      break;
    case 4: /* shifted up */
      v = (i128)((u128)v << ((uint8_t)little % 64));
      break;
    case 5: /* an end of 128 bits: -2^127 and up, or 2^127 - 1 and down */
      v = (i128)(((u128)1 << 127) + (u128)(i128)little);
      break;
    default:
      v = (i128)(0 - (u128)v);
      break;
    }
    field_set(b, top, f, v);
  }
  fix_checksum(b, slen);
  load_any(b, slen);
  free(b);
}

/* ==== The target ==== */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) {
    load_any(data, 0);
    return 0;
  }
  switch (data[0] % 5) {
  case 0:
    load_any(data + 1, size - 1);
    break;
  case 1:
    load_fixed(data + 1, size - 1, 0);
    break;
  case 2:
    load_fixed(data + 1, size - 1, 1);
    break;
  case 3:
    cut_shelf(data + 1, size - 1);
    break;
  default:
    perturbed(data + 1, size - 1);
    break;
  }
  return 0;
}
