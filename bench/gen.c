/*
 * gen.c - writes the benchmark inputs: a shelf of a given shape and size in
 * a given text layout, fast enough for 10^8 wheels (Python is not).
 *
 *   gen SHAPE N LAYOUT [SEED] > FILE
 *
 * SHAPE   random     weights uniform in 1..10^4 (SplitMix64, fixed seed)
 *         ascending  1, 2, ..., N (the reduction merges almost nothing)
 *         descending N, N-1, ..., 1 (strictly decreasing: the reduction
 *                    keeps every wheel, the worst case for memory)
 *         zigzag     1, 10^4, 1, 10^4, ... (every peak merges at once)
 *         equal      every weight 5000 (ties at every comparison)
 * LAYOUT  lines      one weight a line
 *         line       one huge line, weights separated by single spaces
 *         json       one JSON list: [w, w, ..., w] and a newline
 *         jsonc      the same without spaces, as JSON.stringify writes it:
 *                    [w,w,...,w]
 *         pairs      counted shelves of 20,000 weights (--batch --counted),
 *                    one a line, every other weight 1: each line 1 reads as
 *                    the count of a shelf of one weight, so every cut that
 *                    --batch --counted guesses from a block's last lines
 *                    is wrong (read_stream.c's worst case)
 *
 * The same arguments always give the same bytes, so runs can be compared.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* Uniform in 1..hi without modulo bias (rejection sampling). */
static uint64_t uniform(uint64_t *s, uint64_t hi) {
  uint64_t limit = UINT64_MAX - UINT64_MAX % hi;
  uint64_t x;
  do
    x = splitmix(s);
  while (x >= limit);
  return 1 + x % hi;
}

static int usage(void) {
  fputs("usage: gen random|ascending|descending|zigzag|equal N "
        "lines|line|json|jsonc|pairs [SEED]\n",
        stderr);
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 4 || argc > 5)
    return usage();
  const char *shape = argv[1], *layout = argv[3];
  uint64_t n = strtoull(argv[2], NULL, 10);
  uint64_t seed = argc == 5 ? strtoull(argv[4], NULL, 10) : 20260101u;
  int kind = strcmp(shape, "random") == 0       ? 0
             : strcmp(shape, "ascending") == 0  ? 1
             : strcmp(shape, "descending") == 0 ? 2
             : strcmp(shape, "zigzag") == 0     ? 3
             : strcmp(shape, "equal") == 0      ? 4
                                                : -1;
  int lay = strcmp(layout, "lines") == 0   ? 0
            : strcmp(layout, "line") == 0  ? 1
            : strcmp(layout, "json") == 0  ? 2
            : strcmp(layout, "jsonc") == 0 ? 3
            : strcmp(layout, "pairs") == 0 ? 4
                                           : -1;
  if (kind < 0 || lay < 0)
    return usage();

  static char buf[1 << 16];
  size_t len = 0;
  const char *sep = lay == 0 || lay == 4 ? "\n"
                    : lay == 1            ? " "
                    : lay == 2            ? ", "
                                          : ",";
  size_t seplen = strlen(sep);
  if (lay == 2 || lay == 3)
    buf[len++] = '[';
  const uint64_t shelf = 20000; /* pairs: weights a shelf */
  for (uint64_t i = 0; i < n; i++) {
    uint64_t w;
    switch (kind) {
    case 0:
      w = uniform(&seed, 10000);
      break;
    case 1:
      w = i + 1;
      break;
    case 2:
      w = n - i;
      break;
    case 3:
      w = i % 2 ? 10000 : 1;
      break;
    default:
      w = 5000;
      break;
    }
    if (len > sizeof buf - 64) {
      if (fwrite(buf, 1, len, stdout) != len)
        return 1;
      len = 0;
    }
    if (lay == 4 && i % shelf == 0)
      len += (size_t)sprintf(buf + len, "%llu\n",
                             (unsigned long long)(n - i < shelf ? n - i
                                                                : shelf));
    if (lay == 4 && i % 2 == 0)
      w = 1;
    char digits[24];
    int k = 0;
    do {
      digits[k++] = (char)('0' + w % 10);
      w /= 10;
    } while (w != 0);
    while (k > 0)
      buf[len++] = digits[--k];
    if (i + 1 < n || lay == 0 || lay == 4) {
      memcpy(buf + len, i + 1 < n ? sep : "\n", i + 1 < n ? seplen : 1);
      len += i + 1 < n ? seplen : 1;
    }
  }
  if (lay == 2 || lay == 3)
    buf[len++] = ']';
  if ((lay != 0 && lay != 4) || n == 0)
    buf[len++] = '\n';
  if (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0)
    return 1;
  return 0;
}
