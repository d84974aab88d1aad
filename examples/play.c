/*
 * play.c - libshelf as an embedder uses it: the margin of a shelf, the line
 * of perfect play, and a perfect opponent answering a greedy buyer (the
 * library's game, shelf_game).
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

/* Prints the weight of each move of a line, as shelf_replay_all() hands
 * them over; 0: go on. */
static int print_weight(void *ctx, const shelf_move *move) {
  (void)ctx;
  printf(" %" PRId64, move->weight);
  return 0;
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
  shelf_replay_all(w, n, ends, print_weight, NULL);
  /* A perfect opponent: libshelf's game with a greedy first buyer (the
   * heavier end) and a perfect second, who answers each move with the best
   * move on the block that remains. With no person in it, it is played out
   * at once; SHELF_PLAYER_PERSON on a side waits for shelf_game_take(). */
  printf("\ngreedy against perfect:");
  shelf_game *game = NULL;
  if (shelf_game_new(w, n, SHELF_PLAYER_GREEDY, SHELF_PLAYER_PERFECT, &game) !=
      SHELF_OK) {
    free(ends);
    shelf_weights_free(w);
    return 1;
  }
  shelf_game_move m;
  for (size_t k = 0; shelf_game_move_at(game, k, &m) == SHELF_OK; k++)
    printf(" %" PRId64, m.move.weight);
  shelf_position at;
  shelf_game_at(game, &at);
  print_i128("\ngreedy ", at.totals[SHELF_FIRST]);
  print_i128(", perfect ", at.totals[SHELF_SECOND]);
  printf("\n");
  shelf_game_free(game);
  free(ends);
  shelf_weights_free(w);
  return 0;
}
