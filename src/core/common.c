/*
 * common.c - the helpers every module of libshelf calls: growing an array,
 * an exact sum, and a result from a sum and a margin. They sit below the
 * engines and the solver, and call nothing of the library's, so no module
 * calls back into the one that called it (shelf.c, the front door, calls
 * the engines; the engines and the solver call these).
 */
#define _DEFAULT_SOURCE /* madvise() and MADV_HUGEPAGE under -std=c11 */
#include "internal.h"

#include <stdint.h>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

/* The smallest block worth huge pages: two of them, so that at least one
 * whole 2 MiB page lies inside. */
#define LARGE_BLOCK ((size_t)4 << 20)

void *shelf__grow_array(void *p, size_t *cap, size_t need, size_t size) {
  size_t c = *cap ? *cap : 16;
  while (c < need) {
    if (c > SIZE_MAX / 2)
      return NULL;
    c *= 2;
  }
  if (c > SIZE_MAX / size)
    return NULL;
  void *q = shelf__realloc_large(p, c * size);
  if (q != NULL)
    *cap = c;
  return q;
}

/* A stack that keeps every wheel (monotone shelves) or the weights kept
 * for another engine fill hundreds of megabytes front to back, and in 4 KiB
 * pages every one of them is a page fault: 19,700 for 10^7 wheels, half the
 * run in a virtual machine. In 2 MiB pages they are 40. The advice covers
 * the block's whole pages out to its mapping's edges, as glibc's own
 * (glibc.malloc.hugetlb=1) does: advising a part would split the mapping in
 * three, and realloc could then no longer move it with mremap but would
 * copy it. */
void *shelf__realloc_large(void *p, size_t bytes) {
  void *q = realloc(p, bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  long page = sysconf(_SC_PAGESIZE);
  if (q != NULL && bytes >= LARGE_BLOCK && page > 0) {
    uintptr_t mask = (uintptr_t)page - 1;
    uintptr_t from = (uintptr_t)q & ~mask;
    uintptr_t to = ((uintptr_t)q + bytes + mask) & ~mask;
    (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
  }
#endif
  return q;
}

i128 shelf__weights_sum(const int64_t *w, size_t n) {
  i128 sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += w[i];
  return sum;
}

/* ==== Logarithms without libm ==== */

/* The library links no libm (it would be one more thing for every user to
 * link with the static library), and the judge's growth needs only a few
 * logarithms and powers at a report's precision. */
double shelf__real_log(double x) {
  if (!(x > 0))
    return -1e308;
  /* x = m * 2^k with m in [1, 2); ln m = 2 atanh((m - 1) / (m + 1)), whose
   * series in z = (m - 1) / (m + 1) <= 1/3 gains a digit a term. */
  int k = 0;
  while (x >= 2)
    x /= 2, k++;
  while (x < 1)
    x *= 2, k--;
  double z = (x - 1) / (x + 1), z2 = z * z, term = z, sum = 0;
  for (int i = 1; i < 60; i += 2) {
    sum += term / i;
    term *= z2;
  }
  return 2 * sum + k * 0.69314718055994530942;
}

double shelf__real_exp(double x) {
  if (x > 700)
    return 1e308;
  if (x < -700)
    return 0;
  /* e^x = 2^k e^r with |r| <= ln 2 / 2; the series of e^r converges fast. */
  int k = (int)(x / 0.69314718055994530942 + (x >= 0 ? 0.5 : -0.5));
  double r = x - k * 0.69314718055994530942, term = 1, sum = 1;
  for (int i = 1; i < 30; i++) {
    term *= r / i;
    sum += term;
  }
  while (k > 0)
    sum *= 2, k--;
  while (k < 0)
    sum /= 2, k++;
  return sum;
}
