/*
 * portable_bytes.c - saved states and encoded places cross machines: bytes
 * written on one (x86-64, little-endian) load on another (s390x,
 * big-endian) and give the same answers, and the reverse.
 *
 * Usage: portable_bytes write DIR   this machine's files into DIR
 *        portable_bytes check DIR   every machine's files in DIR
 *
 * Each case is a text cut in two at a place between items. `write` parses
 * the first piece, and saves its solver as <case>-state-<arch>.bin and its
 * place as <case>-place-<arch>.bin (shelf_solver_save, shelf_place_encode).
 * `check` reads the files of every machine it finds there (x86_64, aarch64,
 * s390x), and for each: decodes the place and resumes a parser there on the
 * second piece, loads the state, appends the second piece's solver to it,
 * and compares the result with this machine's shelf_solve() of the whole
 * text; and saving and encoding again here must give the file's bytes. It
 * fails unless the files of x86_64 and s390x are both there, so that both
 * byte orders are always crossed.
 *
 * tests/data/ holds the files made on each machine (make test-ports writes
 * the cross machines' into their build trees; see tests/data/README.md).
 * The cases: a narrow stack, in brackets over several lines, cut inside
 * them; and a wide (128-bit) stack from the 64-bit extremes, in the counted
 * layout, cut with three weights still due.
 */
#include <shelf.h>
#include <shelf_pieces.h>
/* shelf__parser_place() and shelf__parser_skip_line(), the library's own. */
#include "../src/internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#define ARCH "x86_64"
#elif defined(__aarch64__)
#define ARCH "aarch64"
#elif defined(__s390x__)
#define ARCH "s390x"
#else
#define ARCH "other"
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define BYTE_ORDER_NAME "big-endian"
#else
#define BYTE_ORDER_NAME "little-endian"
#endif

typedef struct cut_text {
  const char *name;
  const char *text;
  size_t cut; /* where the second piece starts: after a blank */
  unsigned flags;
} cut_text;

static const cut_text cases[] = {
    {"narrow",
     "wheels = [\n  3, 9, 1, 2,\n  7, 2, 9, 4,\n  10, 80, 90, 30, -6\n]\n", 33,
     0},
    {"wide",
     "6\n9223372036854775807 -9223372036854775808\n"
     "9223372036854775806 -9223372036854775807\n1 -2\n",
     63, SHELF_PARSE_COUNTED},
};
#define NCASES (sizeof cases / sizeof cases[0])

static const char *const arches[] = {"x86_64", "aarch64", "s390x"};
#define NARCHES (sizeof arches / sizeof arches[0])

static int failures;

static void fail(const char *file, const char *what) {
  fprintf(stderr, "%s: %s\n", file, what);
  failures++;
}

/* Feeds text[from, to) into a solver through a parser placed at `at` (or
 * new); finishes it when `finish`. Returns SHELF_OK or the first failure. */
static shelf_status feed(const cut_text *c, size_t from, size_t to,
                         const shelf_parse_place *at, int finish,
                         shelf_solver *s, shelf_parse_place *place) {
  shelf_parser *p = NULL;
  shelf_status st = shelf_parser_new(&p, c->flags);
  size_t used = 0;
  int ended = 0;
  if (st == SHELF_OK && at != NULL)
    st = shelf_parser_resume(p, at);
  if (st == SHELF_OK)
    st = shelf_parser_feed(p, s, c->text + from, to - from, &used, &ended);
  if (st == SHELF_OK && place != NULL)
    st = shelf__parser_place(p, place);
  if (st == SHELF_OK && finish)
    st = shelf_parser_finish(p, s, &ended);
  shelf_parser_free(p);
  return st;
}

/* The first piece parsed here: its saved state and encoded place. */
static unsigned char *first_piece(const cut_text *c, size_t *len,
                                  unsigned char place[SHELF_PLACE_SIZE]) {
  shelf_solver *s = NULL;
  shelf_parse_place at;
  unsigned char *buf = NULL;
  if (shelf_solver_new(&s, 0) == SHELF_OK &&
      feed(c, 0, c->cut, NULL, 0, s, &at) == SHELF_OK &&
      shelf_solver_save(s, NULL, 0, len) == SHELF_OK &&
      (buf = malloc(*len)) != NULL &&
      shelf_solver_save(s, buf, *len, len) == SHELF_OK) {
    shelf_place_encode(&at, place);
  } else {
    free(buf);
    buf = NULL;
  }
  shelf_solver_free(s);
  return buf;
}

static int write_file(const char *path, const unsigned char *b, size_t len) {
  FILE *f = fopen(path, "wb");
  int ok = f != NULL && fwrite(b, 1, len, f) == len;
  if (f != NULL && fclose(f) != 0)
    ok = 0;
  return ok;
}

/* The whole file, or NULL if it cannot be read (*len = 0 if missing). */
static unsigned char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  *len = 0;
  if (f == NULL)
    return NULL;
  unsigned char *b = NULL;
  size_t cap = 0;
  for (;;) {
    unsigned char *nb = realloc(b, cap + 4096);
    if (nb == NULL)
      break;
    b = nb;
    size_t got = fread(b + cap, 1, 4096, f);
    cap += got;
    if (got < 4096)
      break;
  }
  fclose(f);
  *len = cap;
  return b;
}

static int write_all(const char *dir) {
  char path[4096];
  for (size_t i = 0; i < NCASES; i++) {
    unsigned char place[SHELF_PLACE_SIZE];
    size_t len = 0;
    unsigned char *state = first_piece(&cases[i], &len, place);
    if (state == NULL) {
      fail(cases[i].name, "cannot parse and save the first piece");
      continue;
    }
    snprintf(path, sizeof path, "%s/%s-state-%s.bin", dir, cases[i].name, ARCH);
    if (!write_file(path, state, len))
      fail(path, "cannot write");
    else
      printf("wrote %s (%zu bytes)\n", path, len);
    snprintf(path, sizeof path, "%s/%s-place-%s.bin", dir, cases[i].name, ARCH);
    if (!write_file(path, place, SHELF_PLACE_SIZE))
      fail(path, "cannot write");
    else
      printf("wrote %s (%d bytes)\n", path, SHELF_PLACE_SIZE);
    free(state);
  }
  return failures == 0;
}

/* Checks one machine's files for case c against this machine's answer. */
static void check_one(const cut_text *c, const char *state_path,
                      const char *place_path, const shelf_result *want,
                      const unsigned char *my_state, size_t my_len,
                      const unsigned char *my_place) {
  size_t slen = 0, plen = 0;
  unsigned char *state = read_file(state_path, &slen);
  unsigned char *place = read_file(place_path, &plen);
  shelf_solver *s = NULL, *rest = NULL;
  shelf_parse_place at;
  shelf_result got;
  shelf_status st;
  unsigned char again[SHELF_PLACE_SIZE];
  if (state == NULL || place == NULL || plen != SHELF_PLACE_SIZE) {
    fail(state == NULL ? state_path : place_path, "missing or the wrong size");
    goto done;
  }
  if ((st = shelf_place_decode(place, &at)) != SHELF_OK) {
    fail(place_path, shelf_strerror(st));
    goto done;
  }
  shelf_place_encode(&at, again);
  if (memcmp(again, my_place, SHELF_PLACE_SIZE) != 0)
    fail(place_path, "is not the place this machine encodes");
  if (at.offset != c->cut)
    fail(place_path, "decodes to another offset");
  if (shelf_solver_new(&s, 0) != SHELF_OK ||
      shelf_solver_new(&rest, 0) != SHELF_OK) {
    fail(state_path, "out of memory");
    goto done;
  }
  if ((st = shelf_solver_load(s, state, slen)) != SHELF_OK) {
    fail(state_path, shelf_strerror(st));
    goto done;
  }
  if (slen != my_len || memcmp(state, my_state, slen) != 0)
    fail(state_path, "is not the state this machine saves");
  if ((st = feed(c, c->cut, strlen(c->text), &at, 1, rest, NULL)) != SHELF_OK ||
      (st = shelf_solver_append(s, rest)) != SHELF_OK ||
      (st = shelf_solver_result(s, &got)) != SHELF_OK) {
    fail(state_path, shelf_strerror(st));
    goto done;
  }
  char m[SHELF_I128_BUFSIZE], f[SHELF_I128_BUFSIZE], g[SHELF_I128_BUFSIZE];
  shelf_i128_format(got.margin, m);
  shelf_i128_format(got.first, f);
  shelf_i128_format(got.second, g);
  if (got.n != want->n || got.margin != want->margin ||
      got.first != want->first || got.second != want->second) {
    fail(state_path, "gives another answer than the whole text");
    fprintf(stderr, "  got n %llu, margin %s, first %s, second %s\n",
            (unsigned long long)got.n, m, f, g);
    goto done;
  }
  printf("%s: %zu bytes (%d-byte entries) load; with %s resumed at line %llu, "
         "offset %llu: "
         "%llu wheels, margin %s (first %s, second %s): same answer and "
         "bytes as here\n",
         state_path, slen, state[5], place_path, (unsigned long long)at.line,
         (unsigned long long)at.offset, (unsigned long long)got.n, m, f, g);
done:
  shelf_solver_free(s);
  shelf_solver_free(rest);
  free(state);
  free(place);
}

static int check_all(const char *dir) {
  char sp[4096], pp[4096];
  int seen[NARCHES] = {0};
  for (size_t i = 0; i < NCASES; i++) {
    const cut_text *c = &cases[i];
    shelf_result want;
    unsigned char my_place[SHELF_PLACE_SIZE];
    size_t my_len = 0;
    unsigned char *my_state = first_piece(c, &my_len, my_place);
    /* The whole text in one piece, here: the answer to match. */
    shelf_solver *whole = NULL;
    if (my_state == NULL || shelf_solver_new(&whole, 0) != SHELF_OK ||
        feed(c, 0, strlen(c->text), NULL, 1, whole, NULL) != SHELF_OK ||
        shelf_solver_result(whole, &want) != SHELF_OK) {
      fail(c->name, "cannot solve the whole text here");
      free(my_state);
      shelf_solver_free(whole);
      continue;
    }
    shelf_solver_free(whole);
    for (size_t a = 0; a < NARCHES; a++) {
      snprintf(sp, sizeof sp, "%s/%s-state-%s.bin", dir, c->name, arches[a]);
      snprintf(pp, sizeof pp, "%s/%s-place-%s.bin", dir, c->name, arches[a]);
      FILE *f = fopen(sp, "rb");
      if (f == NULL)
        continue;
      fclose(f);
      seen[a]++;
      check_one(c, sp, pp, &want, my_state, my_len, my_place);
    }
    free(my_state);
  }
  if (seen[0] != (int)NCASES || seen[2] != (int)NCASES)
    fail(dir, "lacks the files of x86_64 or of s390x");
  return failures == 0;
}

int main(int argc, char **argv) {
  if (argc != 3 ||
      (strcmp(argv[1], "write") != 0 && strcmp(argv[1], "check") != 0)) {
    fprintf(stderr, "usage: portable_bytes write|check DIR\n");
    return 2;
  }
  printf("portable_bytes on %s (%s)\n", ARCH, BYTE_ORDER_NAME);
  int ok = argv[1][0] == 'w' ? write_all(argv[2]) : check_all(argv[2]);
  if (!ok)
    fprintf(stderr, "portable_bytes: %d failure(s)\n", failures);
  return ok ? 0 : 1;
}
