/*
 * fuzz.h - what the fuzz targets share: an assertion that is always on
 * (libFuzzer and the replay driver report the abort), and a growing array.
 */
#ifndef SHELF_FUZZ_H
#define SHELF_FUZZ_H

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

#endif
