/*
 * engine_time.c - times one engine of libshelf on a shelf in memory, for
 * the plot of time against n (no parsing, no process start-up in it).
 *
 *   engine_time linear|dp N [SEED]
 *   engine_time sum-and-linear N [SEED]
 *
 * Solves a random shelf of N wheels (weights 1..10^4, shelf_random) as
 * often as fits in about 0.2 s (at least 3 times) and prints the best time
 * of one solve in seconds, then the margin. sum-and-linear prints the best
 * time of the linear engine and then the best time of merely summing the
 * same array (the floor for a solve in memory), taking turns.
 */
#include <shelf.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The thread's CPU time, not the wall clock: on a shared machine a solve
 * longer than a time slice is nearly always interrupted, a short sum
 * seldom, and the wall clock would count the others' turns against the
 * solve. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fputs("usage: engine_time linear|dp N [SEED]\n", stderr);
    return 2;
  }
  shelf_engine e =
      strcmp(argv[1], "dp") == 0 ? SHELF_ENGINE_DP : SHELF_ENGINE_LINEAR;
  int with_sum = strcmp(argv[1], "sum-and-linear") == 0;
  size_t n = (size_t)strtoull(argv[2], NULL, 10);
  uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
  int64_t *w = malloc((n ? n : 1) * sizeof *w);
  if (w == NULL || shelf_random(seed, 1, 10000, w, n) != SHELF_OK) {
    fputs("engine_time: out of memory\n", stderr);
    return 1;
  }
  double best = 1e30, spent = 0, best_sum = 1e30;
  volatile int64_t sink = 0;
  shelf_result r;
  for (int k = 0; k < 3 || (spent < 0.2 && k < 1000); k++) {
    if (with_sum) {
      double s0 = now();
      uint64_t total = 0; /* wrapping: only the memory traffic matters */
      for (size_t i = 0; i < n; i++)
        total += (uint64_t)w[i];
      sink = (int64_t)total;
      double ts = now() - s0;
      if (ts < best_sum)
        best_sum = ts;
    }
    double t0 = now();
    if (shelf_solve(w, n, e, &r) != SHELF_OK) {
      fputs("engine_time: solve failed\n", stderr);
      return 1;
    }
    double t = now() - t0;
    spent += t;
    if (t < best)
      best = t;
  }
  char m[SHELF_I128_BUFSIZE];
  shelf_i128_format(r.margin, m);
  if (with_sum)
    printf("%.9f %.9f %s\n", best, best_sum, m);
  else
    printf("%.9f %s\n", best, m);
  (void)sink;
  free(w);
  return 0;
}
