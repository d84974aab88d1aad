/*
 * fuzz.h - what the fuzz targets share: an assertion that is always on
 * (libFuzzer and the replay driver report the abort), a growing array, and
 * a reader that turns the input's bytes into numbers and weights.
 */
#ifndef SHELF_FUZZ_H
#define SHELF_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define FUZZ_ASSERT(cond, msg)                                                 \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: FUZZ_ASSERT(%s) failed: %s\n", __FILE__,         \
              __LINE__, #cond, msg);                                           \
      abort();                                                                 \
    }                                                                          \
  } while (0)

/* Returns p grown to hold at least `need` elements of `size` bytes, doubling
 * *cap; a failure is the target's own, not a finding about libshelf. */
static inline void *fuzz_grow(void *p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap)
    return p;
  size_t c = *cap ? *cap : 16;
  while (c < need)
    c *= 2;
  void *q = realloc(p, c * size);
  FUZZ_ASSERT(q != NULL, "the target itself ran out of memory");
  *cap = c;
  return q;
}

/* The input's bytes, read front to back; past the end every byte is 0, so
 * that any input decodes. */
typedef struct fuzz_reader {
  const uint8_t *d;
  size_t len, pos;
} fuzz_reader;

static inline uint8_t fuzz_next(fuzz_reader *r) {
  return r->pos < r->len ? r->d[r->pos++] : 0;
}

/* The next k bytes, big-endian. */
static inline uint64_t fuzz_next_bytes(fuzz_reader *r, int k) {
  uint64_t v = 0;
  for (int i = 0; i < k; i++)
    v = v << 8 | fuzz_next(r);
  return v;
}

/* One weight of the given kind (0 to 5); `sel` also picks within the kind:
 * -3..3 (ties everywhere), a byte, 16 bits, 32 bits, the ends of the
 * range, or any 64 bits. */
static inline int64_t fuzz_weight(fuzz_reader *r, unsigned kind, uint8_t sel) {
  static const int64_t extremes[8] = {
      INT64_MIN, INT64_MAX, INT64_MIN + 1, INT64_MAX - 1, 0,
      -1,        1,         INT64_MIN / 2};
  switch (kind) {
  case 0:
    return (int64_t)(sel / 6 % 7) - 3;
  case 1:
    return (int64_t)fuzz_next(r) - 128;
  case 2:
    return (int16_t)fuzz_next_bytes(r, 2);
  case 3:
    return (int32_t)fuzz_next_bytes(r, 4);
  case 4:
    return extremes[sel / 6 % 8];
  default:
    return (int64_t)fuzz_next_bytes(r, 8);
  }
}

#endif
