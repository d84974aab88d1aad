/*
 * state_seeds.c - writes the saved states that seed fuzz_state's corpus, or
 * checks that the committed ones are still what this version saves.
 *
 * Usage: state_seeds write DIR | state_seeds check DIR
 *
 * Each seed is the mode byte 0 (load as is; see fuzz_state.c) and a state
 * saved from a small shelf, a strictly decreasing one (every wheel stays on
 * the stack), the 64-bit extremes (a widened, 128-bit stack), an empty
 * shelf, and a solver that was itself appended from two pieces. `check`
 * fails if a file differs from what `write` would write, so that a change
 * of the format cannot leave the corpus seeding only refusals.
 */
#include <shelf.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int64_t greedy_trap[] = {3, 9, 1, 2};
static const int64_t decreasing[] = {90, 70, 55, 40, 31, 20, 12, 5, 1, -3};
static const int64_t extremes[] = {INT64_MAX, INT64_MIN, INT64_MAX - 1, 0,
                                   INT64_MIN + 1};
static const int64_t ties[] = {2, 2, 0, -1, 2, 2, 1, 1, 0, 2};

typedef struct seed {
  const char *name;
  const int64_t *w;
  size_t n;
  size_t cut; /* 0, or where the shelf is cut and the halves appended */
} seed;

#define SEED(name, a, cut)                                                     \
  { name, a, sizeof(a) / sizeof(a)[0], cut }

static const seed seeds[] = {
    SEED("state_greedy_trap", greedy_trap, 0),
    SEED("state_decreasing", decreasing, 0),
    SEED("state_extremes", extremes, 0),
    SEED("state_ties_appended", ties, 4),
    {"state_empty", NULL, 0, 0},
};

/* The bytes of a corpus seed: the mode byte, then the saved state. */
static unsigned char *seed_bytes(const seed *s, size_t *len) {
  shelf_solver *a = NULL, *b = NULL;
  unsigned char *buf = NULL;
  size_t need = 0;
  size_t cut = s->cut ? s->cut : s->n;
  if (shelf_solver_new(&a, 0) != SHELF_OK ||
      shelf_solver_new(&b, 0) != SHELF_OK ||
      shelf_solver_push_many(a, s->w, cut) != SHELF_OK ||
      shelf_solver_push_many(b, s->n ? s->w + cut : NULL, s->n - cut) !=
          SHELF_OK ||
      shelf_solver_append(a, b) != SHELF_OK ||
      shelf_solver_save(a, NULL, 0, &need) != SHELF_OK ||
      (buf = malloc(need + 1)) == NULL ||
      shelf_solver_save(a, buf + 1, need, &need) != SHELF_OK) {
    free(buf);
    buf = NULL;
  } else {
    buf[0] = 0;
    *len = need + 1;
  }
  shelf_solver_free(a);
  shelf_solver_free(b);
  return buf;
}

/* 0 if the file holds exactly len bytes equal to want. */
static int differs(const char *path, const unsigned char *want, size_t len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return 1;
  unsigned char *got = malloc(len + 1);
  size_t n = got != NULL ? fread(got, 1, len + 1, f) : 0;
  int bad = got == NULL || n != len || memcmp(got, want, len) != 0;
  free(got);
  fclose(f);
  return bad;
}

int main(int argc, char **argv) {
  if (argc != 3 ||
      (strcmp(argv[1], "write") != 0 && strcmp(argv[1], "check") != 0)) {
    fprintf(stderr, "usage: state_seeds write|check DIR\n");
    return 2;
  }
  int write = strcmp(argv[1], "write") == 0, failed = 0;
  for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", argv[2], seeds[k].name);
    size_t len = 0;
    unsigned char *b = seed_bytes(&seeds[k], &len);
    if (b == NULL) {
      fprintf(stderr, "state_seeds: %s: cannot save the state\n", path);
      return 1;
    }
    if (write) {
      FILE *f = fopen(path, "wb");
      if (f == NULL || fwrite(b, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "state_seeds: %s: cannot write\n", path);
        free(b);
        return 1;
      }
    } else if (differs(path, b, len)) {
      fprintf(stderr,
              "state_seeds: %s is not what this version saves; run "
              "state_seeds write %s\n",
              path, argv[2]);
      failed = 1;
    }
    free(b);
  }
  if (!failed)
    printf("%zu seeds %s\n", sizeof seeds / sizeof seeds[0],
           write ? "written" : "as saved");
  return failed;
}
