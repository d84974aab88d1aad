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
#include <shelf_teach.h>

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
    char why[SHELF_SENTENCE_BUFSIZE];
    shelf_parse_error_format(&err, 1, why, sizeof why, NULL);
    fprintf(stderr, "play: %s\n", why);
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
  shelf_position game;
  shelf_move move;
  shelf_position_start(&game, n);
  for (size_t t = 0; t < n; t++) {
    shelf_position_take(&game, w, (shelf_end)ends[t], &move);
    printf(" %" PRId64, move.weight);
  }
  /* A perfect opponent: the first buyer takes the heavier end; the second
   * answers each move with the best move on the block that remains. */
  printf("\ngreedy against perfect:");
  shelf_choice c;
  shelf_position_start(&game, n);
  while (game.first < game.last) {
    shelf_end end = shelf_greedy_end(w, game.first, game.last - 1);
    if (game.turn % 2 == 1) {
      if (shelf_best_move(w, n, game.first, game.last - 1, &c) != SHELF_OK)
        break; /* out of memory: the game stops short */
      end = c.best;
    }
    shelf_position_take(&game, w, end, &move);
    printf(" %" PRId64, move.weight);
  }
  print_i128("\ngreedy ", game.totals[SHELF_FIRST]);
  print_i128(", perfect ", game.totals[SHELF_SECOND]);
  printf("\n");
  free(ends);
  shelf_weights_free(w);
  return 0;
}
