/*
 * state.c - a solver's state as portable bytes, so that it can travel
 * (shelf_solver_save(), shelf_solver_load()): to another thread, another
 * rank, another machine of either byte order. The format is fixed here,
 * apart from the hot stack code of solver.c, and a loaded state is checked
 * before it is trusted, since its bytes may come from anywhere.
 */
#include "solver.h"

#include <string.h>

/* ==== Saving and loading ==== */

/*
 * The saved state, every field little-endian:
 *
 *   offset  size  field
 *        0     4  "SHLF"
 *        4     1  format version, STATE_VERSION
 *        5     1  bytes an entry: 8 (narrow stack) or 16 (wide)
 *        6     2  zero
 *        8     8  wheels pushed (n)
 *       16    16  their total weight (two's complement)
 *       32     8  the sum of |weight| (narrow); zero (wide)
 *       40     8  stack entries (top)
 *       48     -  the entries, bottom first
 *   48 + e     8  checksum of every byte before it (state_hash)
 *
 * A new format gets a new version; a reader refuses versions it does not
 * know (SHELF_STATE_VERSION) rather than guess.
 */
#define STATE_VERSION 1
#define STATE_HEAD 48
#define STATE_TAIL 8

static void put128(unsigned char *b, i128 v) {
  shelf__put64(b, (uint64_t)(u128)v);
  shelf__put64(b + 8, (uint64_t)((u128)v >> 64));
}

static i128 get128(const unsigned char *b) {
  return (i128)((u128)shelf__get64(b) | (u128)shelf__get64(b + 8) << 64);
}

/* A 64-bit hash of len bytes (a multiple of 8), word by word: enough to
 * catch damage in transit or on disk, which is all it is for. */
static uint64_t state_hash(const unsigned char *b, size_t len) {
  uint64_t h = 0x5348454c46u ^ len;
  for (size_t i = 0; i < len; i += 8) {
    h = (h ^ shelf__get64(b + i)) * 0x9e3779b97f4a7c15u;
    h ^= h >> 29;
  }
  return h;
}

shelf_status shelf_solver_save(const shelf_solver *s, unsigned char *buf,
                               size_t size, size_t *len) {
  if (s == NULL || len == NULL || (buf == NULL && size > 0) ||
      (s->flags & SOLVER_WEIGHTS_ONLY))
    return SHELF_INVALID;
  if (s->failed != SHELF_OK)
    return s->failed;
  size_t width = s->wide != NULL ? 16 : 8;
  /* The stack is in memory already, so this cannot overflow. */
  size_t need = STATE_HEAD + s->top * width + STATE_TAIL;
  *len = need;
  if (buf == NULL)
    return SHELF_OK; /* a size query, as every size query of shelf.h */
  if (size < need)
    return SHELF_INVALID;
  memcpy(buf, "SHLF", 4);
  buf[4] = STATE_VERSION;
  buf[5] = (unsigned char)width;
  buf[6] = buf[7] = 0;
  shelf__put64(buf + 8, s->n);
  put128(buf + 16, s->sum);
  shelf__put64(buf + 32, s->wide != NULL ? 0 : s->abs_sum);
  shelf__put64(buf + 40, s->top);
  unsigned char *e = buf + STATE_HEAD;
  for (size_t k = 0; k < s->top; k++) {
    if (s->wide != NULL)
      put128(e + 16 * k, s->wide[k]);
    else
      shelf__put64(e + 8 * k, (uint64_t)s->narrow[NARROW_GUARD + k]);
  }
  shelf__put64(buf + need - STATE_TAIL, state_hash(buf, need - STATE_TAIL));
  return SHELF_OK;
}

/* Entry k of a saved stack of the given width. */
static i128 state_entry(const unsigned char *e, size_t width, size_t k) {
  return width == 16 ? get128(e + 16 * k) : (i128)(int64_t)shelf__get64(e + 8 * k);
}

/* Checks everything a state claims that can be checked in one pass:
 * sizes, checksum, a count of at most SOLVER_N_MAX, a total and entries
 * within what that many int64 weights reach, and the shape and parity of a
 * reduced stack; so that loading it cannot crash or overflow. Whether some
 * shelf reduces to exactly this stack is not checked (shelf.h says what
 * that leaves). Returns SHELF_OK or why not. */
static shelf_status state_check(const unsigned char *b, size_t len) {
  if (len < STATE_HEAD + STATE_TAIL || memcmp(b, "SHLF", 4) != 0)
    return SHELF_BAD_STATE;
  if (b[4] != STATE_VERSION)
    return SHELF_STATE_VERSION;
  size_t width = b[5];
  if ((width != 8 && width != 16) || b[6] != 0 || b[7] != 0)
    return SHELF_BAD_STATE;
  uint64_t n = shelf__get64(b + 8), abs_sum = shelf__get64(b + 32), top = shelf__get64(b + 40);
  i128 sum = get128(b + 16);
  if (top > (len - STATE_HEAD - STATE_TAIL) / width ||
      len != STATE_HEAD + top * width + STATE_TAIL)
    return SHELF_BAD_STATE;
  if (shelf__get64(b + len - STATE_TAIL) != state_hash(b, len - STATE_TAIL))
    return SHELF_BAD_STATE;
  /* Each entry is a signed sum of its group's weights, and the groups
   * split the shelf: so the entries' sum has the parity of the total, and
   * the entries' magnitudes (and the total) add up to at most the sum of
   * |weight|, which keeps every later merge within the stack's width. That
   * sum is at most n * 2^63 (see SOLVER_N_MAX), and for a narrow stack the
   * state says it. */
  if (n > SOLVER_N_MAX || top > n || (n > 0) != (top > 0) ||
      (width == 16 && abs_sum != 0) || (width == 8 && abs_sum > NARROW_LIMIT))
    return SHELF_BAD_STATE;
  const unsigned char *e = b + STATE_HEAD;
  i128 reach = (i128)n << 63; /* at most 2^126 */
  i128 bound = width == 8 ? (i128)abs_sum : reach;
  unsigned parity = (unsigned)(sum & 1);
  if (bound > reach || sum > bound || sum < -bound || sum > (i128)n * INT64_MAX)
    return SHELF_BAD_STATE;
  i128 mags = 0; /* sum of |entry| so far, at most bound */
  for (size_t k = 0; k < top; k++) {
    i128 v = state_entry(e, width, k);
    /* Bounded before it is negated: a wide entry may be -2^127, which has
     * no positive i128. */
    if (v < -bound || v > bound)
      return SHELF_BAD_STATE;
    i128 mag = v < 0 ? -v : v;
    if (mag > bound - mags)
      return SHELF_BAD_STATE;
    mags += mag;
    /* With as many entries as wheels, no merge was made: they are the
     * wheels, each an int64. */
    if (top == n && (v < INT64_MIN || v > INT64_MAX))
      return SHELF_BAD_STATE;
    parity ^= (unsigned)(v & 1);
    /* No interior peak: the reduction never leaves one. */
    if (k > 0 && k + 1 < top && v >= state_entry(e, width, k - 1) &&
        v >= state_entry(e, width, k + 1))
      return SHELF_BAD_STATE;
  }
  /* Each merge turns three entries into one, so n wheels leave n - 2k
   * entries; with n entries there was no merge, and they are the wheels. */
  if (parity != 0 || (n - top) % 2 != 0)
    return SHELF_BAD_STATE;
  if (top == n) {
    i128 total = 0;
    for (size_t k = 0; k < top; k++)
      total += state_entry(e, width, k);
    if (total != sum)
      return SHELF_BAD_STATE;
  }
  return SHELF_OK;
}

/* Whether both buyers' totals are within what their wheels can reach: the
 * first buyer takes ceil(n / 2) wheels and the second floor(n / 2), each
 * from -2^63 to 2^63 - 1. The checks above keep the stack's margin within
 * 128 bits; this one refuses a stack whose margin no shelf of n wheels has. */
static int reachable(const shelf_result *r) {
  i128 c = (i128)(r->n / 2 + r->n % 2), f = (i128)(r->n / 2);
  return r->first >= c * INT64_MIN && r->first <= c * INT64_MAX &&
         r->second >= f * INT64_MIN && r->second <= f * INT64_MAX;
}

shelf_status shelf_solver_load(shelf_solver *s, const unsigned char *buf,
                               size_t len) {
  if (s == NULL || (buf == NULL && len > 0) || s->flags != 0)
    return SHELF_INVALID;
  shelf_status st = state_check(buf, len);
  if (st != SHELF_OK)
    return st;
  size_t width = buf[5];
  size_t top = (size_t)shelf__get64(buf + 40);
  /* Built in a fresh solver and swapped in, so that a failure leaves `s`
   * as it was. */
  shelf_solver *t;
  if ((st = shelf_solver_new(&t, 0)) != SHELF_OK)
    return st;
  if ((width == 16 && shelf__solver_widen(t) != SHELF_OK) ||
      shelf__solver_reserve(t, top) != SHELF_OK) {
    shelf_solver_free(t);
    return SHELF_NOMEM;
  }
  const unsigned char *e = buf + STATE_HEAD;
  for (size_t k = 0; k < top; k++) {
    if (width == 16)
      t->wide[k] = get128(e + 16 * k);
    else
      t->narrow[NARROW_GUARD + k] = (int64_t)shelf__get64(e + 8 * k);
  }
  t->top = top;
  t->n = shelf__get64(buf + 8);
  t->sum = get128(buf + 16);
  t->abs_sum = shelf__get64(buf + 32);
  shelf_result r;
  if (shelf_solver_result(t, &r) != SHELF_OK || !reachable(&r)) {
    shelf_solver_free(t);
    return SHELF_BAD_STATE;
  }
  shelf_solver old = *s;
  *s = *t;
  *t = old;
  shelf_solver_free(t);
  return SHELF_OK;
}
