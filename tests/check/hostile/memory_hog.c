/*
 * memory_hog.c - reads the shelf, then allocates 600 MB and writes to
 * every page of it, so that all of it is resident, before answering right.
 * Under a 256 MB limit the verdict is memory.
 */
#include "hostile.h"

#define HOG_MB 600

int main(void) {
  long long m = hostile_margin();
  size_t size = (size_t)HOG_MB << 20;
  volatile char *p = malloc(size);
  if (p == NULL)
    return 3;
  for (size_t k = 0; k < size; k += 4096)
    p[k] = 1;
  printf("%lld\n", m);
  return 0;
}
