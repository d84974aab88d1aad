/*
 * table_port.c - the textbook interval DP ported straight to C, as a user
 * who needed it in C would write it: the full n-by-n table of leads, filled by
 * span length, O(n^2) time and O(n^2) memory. A peer for the benchmarks,
 * not part of shelf.
 *
 *   table_port FILE    prints the margin of the shelf in FILE
 *
 * Reads the same text as shelf (plain numbers or a JSON list): every run of
 * digits, with a '-' right before it, is a weight; everything else
 * separates them.
 */
#include <stdio.h>
#include <stdlib.h>

static long long *read_weights(const char *path, long *count) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    perror(path);
    exit(1);
  }
  long cap = 1024, n = 0;
  long long *w = malloc(cap * sizeof *w);
  long long value = 0;
  int c, in_number = 0, neg = 0;
  while ((c = getc(f)) != EOF) {
    if (c >= '0' && c <= '9') {
      value = value * 10 + (c - '0');
      in_number = 1;
      continue;
    }
    if (in_number) {
      if (n == cap) {
        cap *= 2;
        w = realloc(w, cap * sizeof *w);
      }
      w[n++] = neg ? -value : value;
    }
    value = 0;
    in_number = 0;
    neg = c == '-';
  }
  if (in_number)
    w[n++] = neg ? -value : value; /* n < cap: the loop grew it in time */
  fclose(f);
  *count = n;
  return w;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fputs("usage: table_port FILE\n", stderr);
    return 2;
  }
  long n;
  long long *wheels = read_weights(argv[1], &n);
  if (n == 0) {
    puts("0");
    return 0;
  }
  /* lead[i][j]: the most the buyer to move can finish ahead by on i..j. */
  long long *lead = malloc((size_t)n * (size_t)n * sizeof *lead);
  if (lead == NULL) {
    fputs("table_port: out of memory\n", stderr);
    return 1;
  }
#define LEAD(i, j) lead[(size_t)(i) * (size_t)n + (size_t)(j)]
  for (long i = 0; i < n; i++)
    LEAD(i, i) = wheels[i];
  for (long span = 2; span <= n; span++) {
    for (long i = 0; i + span - 1 < n; i++) {
      long j = i + span - 1;
      long long take_left = wheels[i] - LEAD(i + 1, j);
      long long take_right = wheels[j] - LEAD(i, j - 1);
      LEAD(i, j) = take_left > take_right ? take_left : take_right;
    }
  }
  printf("%lld\n", LEAD(0, n - 1));
  free(lead);
  free(wheels);
  return 0;
}
