/*
 * play.c - libshelf as an embedder uses it: the margin of a shelf, the line
 * of perfect play, and a perfect opponent answering a greedy buyer.
 *
 *   play                   the shelf [3, 9, 1, 2]
 *   play '[7, 2, 9, 4]'    any shelf, in the shelf command's input format
 *
 * Build it against an installed libshelf with examples/CMakeLists.txt, or
 *   cc play.c $(pkg-config --cflags --libs shelf) -o play
 */
#include <shelf.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints a label and an exact 128-bit number. */
static void print_i128(const char *label, shelf_i128 v) {
  char buf[SHELF_I128_BUFSIZE];
  shelf_i128_format(v, buf);
  printf("%s%s", label, buf);
}

int main(int argc, char **argv) {
  const char *text = argc > 1 ? argv[1] : "[3, 9, 1, 2]";
  int64_t *w = NULL;
  size_t n = 0;
  shelf_parse_error err;
  shelf_status st = shelf_parse(text, strlen(text), &w, &n, &err);
  if (st != SHELF_OK) {
    fprintf(stderr, "play: line %" PRIu64 ", column %" PRIu64 ": %s\n",
            err.line, err.column, shelf_strerror(st));
    return 1;
  }
  /* The margin, and the line: which end each turn of a perfect game takes. */
  shelf_result r;
  unsigned char *ends = malloc(n ? n : 1);
  if (ends == NULL || shelf_solve(w, n, SHELF_ENGINE_LINEAR, &r) != SHELF_OK ||
      shelf_line(w, n, ends) != SHELF_OK) {
    free(ends);
    shelf_weights_free(w);
    return 1;
  }
  printf("libshelf %s, a shelf of %zu, ", shelf_version(), n);
  print_i128("margin ", r.margin);
  printf("\nline:");
  for (size_t t = 0, i = 0, j = n; t < n; t++)
    printf(" %" PRId64, ends[t] == SHELF_LEFT ? w[i++] : w[--j]);
  /* A perfect opponent: the first buyer takes the heavier end; the second
   * answers each move with the best move on the block that remains. */
  printf("\ngreedy against perfect:");
  shelf_i128 kilos[2] = {0, 0};
  shelf_choice c;
  for (size_t t = 0, i = 0, j = n; i < j; t++) {
    shelf_end end = w[i] >= w[j - 1] ? SHELF_LEFT : SHELF_RIGHT;
    if (t % 2 == 1) {
      if (shelf_best_move(w, n, i, j - 1, &c) != SHELF_OK)
        break; /* out of memory: the game stops short */
      end = c.best;
    }
    int64_t wheel = end == SHELF_LEFT ? w[i++] : w[--j];
    kilos[t % 2] += wheel;
    printf(" %" PRId64, wheel);
  }
  print_i128("\ngreedy ", kilos[0]);
  print_i128(", perfect ", kilos[1]);
  printf("\n");
  free(ends);
  shelf_weights_free(w);
  return 0;
}
