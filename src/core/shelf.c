/*
 * shelf.c - the library's front door: version, status messages, 128-bit
 * formatting, engine dispatch and random shelves. The helpers the engines
 * share are in common.c, below them.
 */
#include "internal.h"

#include <string.h>

/* ==== Version and status ==== */

const char *shelf_version(void) { return SHELF_VERSION_STRING; }

const char *shelf_strerror(shelf_status status) {
  switch (status) {
#define SHELF_MESSAGE_(name, value, message)                                   \
  case SHELF_##name:                                                           \
    return message;
    SHELF_STATUS_LIST(SHELF_MESSAGE_)
#undef SHELF_MESSAGE_
  }
  return "unknown status";
}

/* ==== 128-bit numbers ==== */

/* "00" to "99": two digits a step, half the divisions. */
static const char digit_pairs[201] = "00010203040506070809"
                                     "10111213141516171819"
                                     "20212223242526272829"
                                     "30313233343536373839"
                                     "40414243444546474849"
                                     "50515253545556575859"
                                     "60616263646566676869"
                                     "70717273747576777879"
                                     "80818283848586878889"
                                     "90919293949596979899";

/* 10^k for k = 0..19: where a 64-bit value gains a digit. */
static const uint64_t powers10[20] = {1u,
                                      10u,
                                      100u,
                                      1000u,
                                      10000u,
                                      100000u,
                                      1000000u,
                                      10000000u,
                                      100000000u,
                                      1000000000u,
                                      10000000000u,
                                      100000000000u,
                                      1000000000000u,
                                      10000000000000u,
                                      100000000000000u,
                                      1000000000000000u,
                                      10000000000000000u,
                                      100000000000000000u,
                                      1000000000000000000u,
                                      10000000000000000000u};

/* The digits of a 64-bit value, 1 for 0. */
static unsigned digits64(uint64_t v) {
  /* log10(2) is about 1233 / 4096: d is the digits of 2^(bits - 1), at
   * most 19, and v has one more if it reaches 10^d. With v | 1, 0 has the
   * digit of 1; for d > 0 it changes nothing, 10^d being even. */
  v |= 1;
  unsigned bits = 64 - (unsigned)__builtin_clzll(v);
  unsigned d = (bits * 1233) >> 12;
  return d + (v >= powers10[d]);
}

size_t shelf_i128_format(shelf_i128 value, char *buf) {
  /* Work on the magnitude as unsigned so that the most negative value,
   * whose negation overflows, needs no special case. */
  u128 mag = value < 0 ? -(u128)value : (u128)value;
  size_t len = 0;
  if (value < 0)
    buf[len++] = '-';
  if (mag > UINT64_MAX) {
    /* Digits above 64 bits take a 128-bit division each (a library call):
     * written from the end of a scratch buffer, then copied. */
    char digits[40];
    char *p = digits + sizeof digits;
    do {
      *--p = (char)('0' + (int)(mag % 10));
      mag /= 10;
    } while (mag != 0);
    size_t k = (size_t)(digits + sizeof digits - p);
    memcpy(buf + len, p, k);
    len += k;
    buf[len] = '\0';
    return len;
  }
  /* Nearly every value printed: its digits counted first, then written in
   * place from the end, two a step, with a multiplication each. */
  uint64_t low = (uint64_t)mag;
  len += digits64(low);
  char *p = buf + len;
  *p = '\0';
  while (low >= 100) {
    unsigned pair = (unsigned)(low % 100);
    low /= 100;
    p -= 2;
    memcpy(p, digit_pairs + 2 * pair, 2);
  }
  if (low >= 10) {
    p -= 2;
    memcpy(p, digit_pairs + 2 * low, 2);
  } else {
    *--p = (char)('0' + (int)low);
  }
  return len;
}

/* ==== Solving ==== */

shelf_status shelf_solve(const int64_t *weights, size_t n, shelf_engine engine,
                         shelf_result *out) {
  if (out == NULL || (weights == NULL && n > 0))
    return SHELF_INVALID;
  i128 margin;
  shelf_status st;
  switch (engine) {
  case SHELF_ENGINE_LINEAR:
    return shelf__linear_result(weights, n, out);
  case SHELF_ENGINE_DP:
    st = shelf__dp_lead(weights, n, &margin);
    break;
  case SHELF_ENGINE_BRUTE:
    st = shelf__brute_lead(weights, n, &margin);
    break;
  default:
    return SHELF_INVALID;
  }
  if (st == SHELF_OK)
    shelf__result_from(out, n, shelf__weights_sum(weights, n), margin);
  return st;
}

/* ==== Random shelves ==== */

/* SplitMix64: tiny, fixed by its published constants, and the same on every
 * machine, which is what reproducible shelves need. */
static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

shelf_status shelf_random(uint64_t seed, int64_t lo, int64_t hi,
                          int64_t *weights, size_t n) {
  if (lo > hi || (weights == NULL && n > 0))
    return SHELF_INVALID;
  /* span - 1 fits in uint64_t even for the full int64_t range. */
  uint64_t span_minus_1 = (uint64_t)hi - (uint64_t)lo;
  for (size_t i = 0; i < n; i++) {
    uint64_t x = splitmix64(&seed);
    if (span_minus_1 != UINT64_MAX) {
      /* Reject the top partial copy of the range so all values are equally
       * likely: accept x below the largest multiple of the span. */
      uint64_t span = span_minus_1 + 1;
      uint64_t limit = UINT64_MAX - UINT64_MAX % span;
      while (x >= limit)
        x = splitmix64(&seed);
      x %= span;
    }
    weights[i] = (int64_t)((uint64_t)lo + x);
  }
  return SHELF_OK;
}
