/*
 * reserve.c - what Node.js (V8) and Java do at start: reserves 4 GB of
 * address space it never touches (mmap PROT_NONE, and a 4 GB malloc left
 * alone), touches 1 MB, and answers right. Resident memory stays small, so
 * it must pass under a 64 MB limit (an address-space limit failed it).
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <sys/mman.h>

#define GB ((size_t)1 << 30)

int main(void) {
  long long m = hostile_margin();
  void *cage = mmap(NULL, 4 * GB, PROT_NONE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (cage == MAP_FAILED) {
    perror("mmap");
    return 3;
  }
  char *heap = malloc(4 * GB);
  if (heap == NULL) {
    perror("malloc");
    return 3;
  }
  memset(heap, 1, (size_t)1 << 20);
  printf("%lld\n", m + heap[0] - 1);
  return 0;
}
