/*
 * baseline.c - the floor shelf is measured against: read the input with
 * read(2) in 64 KiB blocks, parse each integer with a plain byte-at-a-time
 * loop, and add them up. Nothing is solved; this is what merely reading the
 * numbers costs, so shelf's time divided by this one is the price of the
 * answer.
 *
 *   baseline FILE    prints the count and the sum of the integers in FILE
 *
 * Any byte that is not a digit or a '-' ends a number, so the same program
 * reads every layout the benchmarks use (one a line, one line, JSON lists).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#define BLOCK (64u * 1024u)

int main(int argc, char **argv) {
  if (argc != 2) {
    fputs("usage: baseline FILE\n", stderr);
    return 2;
  }
  int fd = open(argv[1], O_RDONLY);
  if (fd < 0) {
    perror(argv[1]);
    return 1;
  }
  static char buf[BLOCK];
  int64_t sum = 0, value = 0;
  uint64_t count = 0;
  int in_number = 0, neg = 0;
  ssize_t k;
  while ((k = read(fd, buf, BLOCK)) > 0) {
    for (ssize_t i = 0; i < k; i++) {
      unsigned char c = (unsigned char)buf[i];
      if (c >= '0' && c <= '9') {
        value = value * 10 + (c - '0');
        in_number = 1;
      } else if (c == '-') {
        neg = 1;
      } else {
        if (in_number) {
          sum += neg ? -value : value;
          count++;
        }
        value = 0;
        in_number = 0;
        neg = 0;
      }
    }
  }
  if (k < 0) {
    perror(argv[1]);
    return 1;
  }
  if (in_number) {
    sum += neg ? -value : value;
    count++;
  }
  close(fd);
  printf("%llu %lld\n", (unsigned long long)count, (long long)sum);
  return 0;
}
