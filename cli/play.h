/*
 * play.h - the shelf command's options for playing and seeing a shelf:
 * --random shelves, --svg pictures and the --interactive game.
 *
 * main.c hands these options over as it meets them, asks here whether they
 * fit together, and calls back at two points: to make a random shelf, and to
 * use a solved shelf (play_shelf()) in place of the usual report.
 */
#ifndef SHELF_CLI_PLAY_H
#define SHELF_CLI_PLAY_H

#include "out.h"
#include "report.h"

#include <shelf.h>

#include <stddef.h>
#include <stdint.h>

typedef struct play_options {
  int interactive;    /* -i: play against a perfect buyer */
  int second;         /* --second: the person is the second buyer */
  const char *svg;    /* --svg FILE ("-" for stdout), or NULL */
  int random;         /* --random N was given */
  size_t random_n;    /* N, or LO of --random LO..HI */
  size_t random_top;  /* HI of --random LO..HI, else N */
  int seed_given;     /* --seed S was given */
  uint64_t seed;      /* S */
  int range_given;    /* --range LO..HI was given */
  int64_t lo, hi;     /* the range, 1..10000 unless given */
  unsigned svg_width; /* --svg-width PX, or 0 for the library's default */
} play_options;

/* The getopt_long codes of the long-only options. */
enum {
  PLAY_SECOND = 0x100,
  PLAY_SVG,
  PLAY_RANDOM,
  PLAY_SEED,
  PLAY_RANGE,
  PLAY_SVG_WIDTH
};

/* Entries for main.c's struct option table (needs <getopt.h>); the short
 * option 'i' goes in its option string. */
#define PLAY_LONG_OPTIONS                                                      \
  {"interactive", no_argument, NULL, 'i'},                                     \
      {"second", no_argument, NULL, PLAY_SECOND},                              \
      {"svg", required_argument, NULL, PLAY_SVG},                              \
      {"random", required_argument, NULL, PLAY_RANDOM},                        \
      {"seed", required_argument, NULL, PLAY_SEED},                            \
      {"svg-width", required_argument, NULL, PLAY_SVG_WIDTH}, {                \
    "range", required_argument, NULL, PLAY_RANGE                               \
  }

/* The defaults: no game, no picture, range 1..10000. */
void play_defaults(play_options *p);

/* Takes one option ('i' or a PLAY_ code) with its argument. Returns 1, or 0
 * with a one-line usage error in why[0..size). */
int play_option(play_options *p, int c, const char *arg, char *why,
                size_t size);

/* After all options: whether they fit together and with the others. Returns
 * 1, or 0 with a usage error in why. `weights_given` says that weights came
 * as arguments; `file` is -f's argument or NULL. */
int play_check(const play_options *p, const report_options *ropt, int batch,
               const char *file, int weights_given, char *why, size_t size);


/* Whether --random only lists its shelf: no option asks for a solution.
 * `other_engine` says that --algorithm was given, even as linear. */
int play_lists_only(const play_options *p, const report_options *ropt,
                    int other_engine);

/* Makes the --random shelf into a new array (free() it). Without --seed the
 * seed comes from the clock and is told on stderr, so the shelf can be made
 * again. Returns 0, or 1 after a message. */
int play_random_shelf(const play_options *p, int64_t **weights, size_t *n);

/* Writes a shelf count first, as --counted reads it: "4\n3 9 1 2\n". */
void play_print_counted(out *o, const int64_t *weights, size_t n);

/* Writes a shelf as a one-line list: "[3, 9, 1, 2]". */
void play_print_list(out *o, const int64_t *weights, size_t n);

/* Whether play_shelf() replaces the usual report (a picture or a game);
 * then the shelf's weights must be kept too. */
int play_takes_over(const play_options *p);

/* Uses a solved shelf: writes the picture (before printing anything, so a
 * failure leaves no half result), prints the usual report unless the game
 * or the picture has standard output, and plays the game. `r` holds the
 * weights and what `ropt` asks for. Returns the exit status, 0 or 1. */
int play_shelf(const play_options *p, const report_options *ropt,
               const report *r, out *o);

/* For the judge (check.c), the same readings as these options': decimal
 * digits up to max; LO..HI with LO <= HI not checked; a seed from the
 * clock, short enough to type back in. Each returns 1 on success, 0 on a
 * malformed argument. */
int play_parse_u64(const char *s, uint64_t max, uint64_t *value);
int play_parse_range(const char *arg, int64_t *lo, int64_t *hi);
uint64_t play_clock_seed(void);

#endif
