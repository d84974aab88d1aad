/*
 * teach.h - the shelf command's options for teaching with a shelf:
 * --random shelves and --sheet exercise sheets, --svg pictures and the
 * --interactive game.
 *
 * options.c hands these options over as it meets them, asks here whether they
 * fit together, and calls back at two points: to make a random shelf, and to
 * use a solved shelf (teach_shelf()) in place of the usual report.
 */
#ifndef SHELF_CLI_TEACH_H
#define SHELF_CLI_TEACH_H

#include "interactive.h"
#include "out.h"
#include "report.h"

#include <shelf.h>
#include <shelf_svg.h>

#include <stddef.h>
#include <stdint.h>

typedef struct teach_options {
  int interactive;     /* -i: play against a perfect buyer */
  int second;          /* --second: the person is the second buyer */
  const char *svg;     /* --svg FILE ("-" for stdout), or NULL */
  int random;          /* --random N was given */
  size_t random_n;     /* N, or LO of --random LO..HI */
  size_t random_top;   /* HI of --random LO..HI, else N */
  int seed_given;      /* --seed S was given */
  uint64_t seed;       /* S */
  int range_given;     /* --range LO..HI was given */
  int64_t lo, hi;      /* the range, 1..10000 unless given */
  unsigned svg_width;  /* --svg-width PX, or 0 for the library's default */
  unsigned svg_height; /* --svg-size WxH (slide: 1280x720), or 0 */
  const char *svg_key; /* --svg-key FILE: the answer key; --svg then draws
                          the question */
  unsigned svg_parts;  /* --svg-show: SHELF_SVG_SHELF, _TABLE, 0 for all */
  shelf_line_kind svg_line; /* --svg-line */
  uint64_t svg_turn;   /* --svg-turn K, or 0 */
  int svg_turn_given;
  uint64_t svg_given; /* --svg-given L: cells given in the question */
  int svg_given_given;
  int trap;      /* --trap: a random shelf where greedy loses */
  uint64_t cost; /* --cost-at-least C (1 unless given) */
  int cost_given;
  uint64_t sheet; /* --sheet K: K shelves, 0 without */
  shelf_player vs; /* --vs: who the person plays */
  int vs_given;
} teach_options;

/* The codes of the long-only options (options.c). */
enum {
  TEACH_SECOND = 0x100,
  TEACH_SVG,
  TEACH_RANDOM,
  TEACH_SEED,
  TEACH_RANGE,
  TEACH_SVG_WIDTH,
  TEACH_SVG_SIZE,
  TEACH_SVG_KEY,
  TEACH_SVG_SHOW,
  TEACH_SVG_LINE,
  TEACH_SVG_TURN,
  TEACH_SVG_GIVEN,
  TEACH_TRAP,
  TEACH_COST,
  TEACH_SHEET,
  TEACH_VS,
  TEACH_END /* one past the last */
};

/* Entries for options.c's table of long options (the OPTION_ constants are
 * options.h's); the short option 'i' goes in its string of letters. */
#define TEACH_LONG_OPTIONS                                                     \
  {"interactive", OPTION_NO_VALUE, 'i'},                                       \
      {"second", OPTION_NO_VALUE, TEACH_SECOND},                               \
      {"svg", OPTION_VALUE, TEACH_SVG},                                        \
      {"random", OPTION_VALUE, TEACH_RANDOM},                                  \
      {"seed", OPTION_VALUE, TEACH_SEED},                                      \
      {"svg-width", OPTION_VALUE, TEACH_SVG_WIDTH},                            \
      {"svg-size", OPTION_VALUE, TEACH_SVG_SIZE},                              \
      {"svg-key", OPTION_VALUE, TEACH_SVG_KEY},                                \
      {"svg-show", OPTION_VALUE, TEACH_SVG_SHOW},                              \
      {"svg-line", OPTION_VALUE, TEACH_SVG_LINE},                              \
      {"svg-turn", OPTION_VALUE, TEACH_SVG_TURN},                              \
      {"svg-given", OPTION_VALUE, TEACH_SVG_GIVEN},                            \
      {"trap", OPTION_NO_VALUE, TEACH_TRAP},                                   \
      {"cost-at-least", OPTION_VALUE, TEACH_COST},                             \
      {"sheet", OPTION_VALUE, TEACH_SHEET}, {"vs", OPTION_VALUE, TEACH_VS}, {  \
    "range", OPTION_VALUE, TEACH_RANGE                                         \
  }

/* The defaults: no game, no picture, range 1..10000. */
void teach_defaults(teach_options *p);

/* Takes one option ('i' or a TEACH_ code) with its argument. Returns 1, or 0
 * with a one-line usage error in why[0..size). */
int teach_option(teach_options *p, int c, const char *arg, char *why,
                 size_t size);

/* After all options: whether they fit together and with the others. Returns
 * 1, or 0 with a usage error in why. `weights_given` says that weights came
 * as arguments; `file` is -f's argument or NULL. */
int teach_check(const teach_options *p, const report_options *ropt, int batch,
                const char *file, int weights_given, char *why, size_t size);

/* Whether --random only lists its shelf: no option asks for a solution.
 * `other_engine` says that --algorithm was given, even as linear. */
int teach_lists_only(const teach_options *p, const report_options *ropt,
                     int other_engine);

/* Makes the --random shelf into a new array (free() it). Without --seed the
 * seed comes from the clock and is told on stderr, so the shelf can be made
 * again. Returns 0, or 1 after a message. */
int teach_random_shelf(const teach_options *p, int64_t **weights, size_t *n);

/* --sheet K: makes K shelves where greedy loses (from --seed, each found
 * by trying the seeds after the last one's), prints each as a line of
 * weights, and writes the pictures asked for with -1, -2, ... before the
 * file names' ".svg". Returns the exit status, 0 or 1. */
int teach_sheet(const teach_options *p, const report_options *ropt, out *o);

/* Writes a shelf as a one-line list: "[3, 9, 1, 2]". */
void teach_print_list(out *o, const int64_t *weights, size_t n);

/* Writes a shelf count first, as --counted reads it: "4\n3 9 1 2\n". */
void teach_print_counted(out *o, const int64_t *weights, size_t n);

/* Whether teach_shelf() replaces the usual report (a picture or a game);
 * then the shelf's weights must be kept too. */
static inline int teach_takes_over(const teach_options *p) {
  return p->svg != NULL || p->interactive;
}

/* Uses a solved shelf: writes the picture (before printing anything, so a
 * failure leaves no half result), prints the usual report unless the game
 * or the picture has standard output, and plays the game. `r` holds the
 * weights and what `ropt` asks for. Returns the exit status, 0 or 1. */
int teach_shelf(const teach_options *p, const report_options *ropt,
                const report *r, out *o);

#endif
