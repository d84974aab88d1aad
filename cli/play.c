/*
 * play.c - the shelf command's options for playing and seeing a shelf (see
 * play.h): parsing --random, --seed, --range, --svg, --interactive and
 * --second, checking that they fit together, making random shelves, and
 * putting a solved shelf into a picture or a game.
 */
#include "play.h"

#include "interactive.h"
#include "save.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The most wheels --random makes: 8 GB of weights, kept twice when solved.
 * A bound that is reached quickly beats an allocation that swaps. */
#define RANDOM_MAX 1000000000u

/* ==== Options ==== */

void play_defaults(play_options *p) {
  memset(p, 0, sizeof *p);
  p->lo = 1;
  p->hi = 10000;
}

static int fail(char *why, size_t size, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, size, fmt, ap);
  va_end(ap);
  return 0;
}

/* Decimal digits only (no sign, no blanks), at most `max`. */
static int parse_u64(const char *s, uint64_t max, uint64_t *value) {
  if (*s == '\0')
    return 0;
  uint64_t v = 0;
  for (; *s != '\0'; s++) {
    if (*s < '0' || *s > '9')
      return 0;
    unsigned d = (unsigned)(*s - '0');
    if (v > (max - d) / 10)
      return 0;
    v = v * 10 + d;
  }
  *value = v;
  return 1;
}

/* An optional sign and decimal digits that fit in int64_t. */
static int parse_i64(const char *s, int64_t *value) {
  int negative = *s == '-';
  if (*s == '-' || *s == '+')
    s++;
  uint64_t mag;
  if (!parse_u64(s, negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX,
                 &mag))
    return 0;
  /* -2^63 has no positive twin, so it cannot be negated into place. */
  if (!negative)
    *value = (int64_t)mag;
  else if (mag > (uint64_t)INT64_MAX)
    *value = INT64_MIN;
  else
    *value = -(int64_t)mag;
  return 1;
}

/* LO..HI */
static int parse_range(const char *arg, int64_t *lo, int64_t *hi) {
  const char *dots = strstr(arg, "..");
  /* Each bound at most 24 characters: 19 digits, a sign and some zeros. */
  if (dots == NULL || dots - arg > 24 || strlen(dots + 2) > 24)
    return 0;
  char first[32];
  memcpy(first, arg, (size_t)(dots - arg));
  first[dots - arg] = '\0';
  return parse_i64(first, lo) && parse_i64(dots + 2, hi);
}

int play_option(play_options *p, int c, const char *arg, char *why,
                size_t size) {
  uint64_t v;
  char shown[SHOWN_SIZE]; /* arg, for a message */
  switch (c) {
  case 'i':
    p->interactive = 1;
    return 1;
  case PLAY_SECOND:
    p->second = 1;
    return 1;
  case PLAY_SVG:
    if (arg[0] == '\0')
      return fail(why, size,
                  "--svg needs a file name ('-' for standard "
                  "output)");
    p->svg = arg;
    return 1;
  case PLAY_SVG_WIDTH:
    if (!parse_u64(arg, SHELF_SVG_WIDTH_MAX, &v) || v < SHELF_SVG_WIDTH_MIN)
      return fail(why, size,
                  "--svg-width needs a width in pixels from %d to %d, not "
                  "'%s'",
                  SHELF_SVG_WIDTH_MIN, SHELF_SVG_WIDTH_MAX,
                  escape_text(arg, shown, sizeof shown));
    p->svg_width = (unsigned)v;
    return 1;
  case PLAY_RANDOM: {
    /* N, or LO..HI: a number of wheels drawn from the seed too. */
    const char *dots = strstr(arg, "..");
    uint64_t top = 0;
    char low[32];
    int ok;
    if (dots != NULL && (size_t)(dots - arg) < sizeof low) {
      memcpy(low, arg, (size_t)(dots - arg));
      low[dots - arg] = '\0';
      ok = parse_u64(low, RANDOM_MAX, &v) &&
           parse_u64(dots + 2, RANDOM_MAX, &top) && v <= top;
    } else {
      ok = dots == NULL && parse_u64(arg, RANDOM_MAX, &v);
      top = v;
    }
    if ((!ok || v == 0) && dots != NULL)
      return fail(why, size,
                  "--random LO..HI needs 1 <= LO <= HI <= %u, not '%s'",
                  RANDOM_MAX, escape_text(arg, shown, sizeof shown));
    if (!ok || v == 0)
      return fail(why, size,
                  "--random needs a number of wheels from 1 to %u, not '%s'",
                  RANDOM_MAX, escape_text(arg, shown, sizeof shown));
    p->random = 1;
    p->random_n = (size_t)v;
    p->random_top = (size_t)top;
    return 1;
  }
  case PLAY_SEED:
    if (!parse_u64(arg, UINT64_MAX, &p->seed))
      return fail(why, size,
                  "--seed needs a whole number from 0 to %llu, not '%s'",
                  (unsigned long long)UINT64_MAX,
                  escape_text(arg, shown, sizeof shown));
    p->seed_given = 1;
    return 1;
  case PLAY_RANGE:
    if (!parse_range(arg, &p->lo, &p->hi))
      return fail(why, size,
                  "--range needs LO..HI, two whole numbers in the 64-bit "
                  "range such as 1..10000, not '%s'",
                  escape_text(arg, shown, sizeof shown));
    if (p->lo > p->hi)
      return fail(why, size, "--range LO..HI needs LO <= HI, not '%s'",
                  escape_text(arg, shown, sizeof shown));
    p->range_given = 1;
    return 1;
  default:
    return fail(why, size, "unknown option");
  }
}

int play_check(const play_options *p, const report_options *ropt, int batch,
               const char *file, int weights_given, char *why, size_t size) {
  int svg_stdout = p->svg != NULL && strcmp(p->svg, "-") == 0;
  if ((p->seed_given || p->range_given) && !p->random)
    return fail(why, size, "--seed and --range go with --random");
  if (p->random && weights_given)
    return fail(why, size,
                "give weights either as arguments or with "
                "--random, not both");
  if (p->random && file != NULL)
    return fail(why, size,
                "give weights either with -f or with --random, "
                "not both");
  if (p->random && batch)
    return fail(why, size,
                "--random makes one shelf; it does not go with "
                "--batch");
  if (p->second && !p->interactive)
    return fail(why, size, "--second goes with --interactive");
  if (p->interactive && (batch || ropt->json))
    return fail(why, size,
                "--interactive does not go with --batch or "
                "--json");
  if (p->interactive && !weights_given && !p->random &&
      (file == NULL || strcmp(file, "-") == 0))
    return fail(why, size,
                "--interactive reads moves from standard input; "
                "give the weights as arguments, with -f FILE or "
                "with --random");
  if (p->svg_width != 0 && p->svg == NULL)
    return fail(why, size, "--svg-width goes with --svg");
  if (p->svg != NULL && batch)
    return fail(why, size,
                "--svg draws one shelf; it does not go with "
                "--batch");
  if (svg_stdout && (ropt->json || ropt->moves || ropt->table))
    return fail(why, size,
                "--svg - writes the picture to standard output; "
                "it does not go with --json, --moves or --table");
  if (svg_stdout && p->interactive)
    return fail(why, size,
                "--svg - and --interactive both need standard "
                "output; give --svg a file name");
  return 1;
}

int play_lists_only(const play_options *p, const report_options *ropt,
                    int other_engine) {
  return p->random && !p->interactive && p->svg == NULL && !ropt->json &&
         !ropt->moves && !ropt->explain && !ropt->table && !other_engine;
}

int play_takes_over(const play_options *p) {
  return p->svg != NULL || p->interactive;
}

/* ==== Random shelves ==== */

/* A seed from the clock, short enough to type back in. */
static uint64_t clock_seed(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
    ts.tv_sec = time(NULL), ts.tv_nsec = 0;
  uint64_t mix = (uint64_t)ts.tv_sec * 1000003u + (uint64_t)ts.tv_nsec / 1000u +
                 (uint64_t)getpid();
  return mix % 1000000000u;
}

int play_random_shelf(const play_options *p, int64_t **weights, size_t *n) {
  uint64_t seed = p->seed;
  if (!p->seed_given) {
    seed = clock_seed();
    fprintf(stderr, "shelf: random shelf from --seed %llu\n",
            (unsigned long long)seed);
  }
  size_t n_wheels = p->random_n;
  if (p->random_top > p->random_n) { /* --random LO..HI */
    int64_t drawn;
    shelf_random(seed ^ 0x6e756d626572u, (int64_t)p->random_n,
                 (int64_t)p->random_top, &drawn, 1);
    n_wheels = (size_t)drawn;
  }
  int64_t *w = malloc(n_wheels * sizeof *w);
  if (w == NULL) {
    fputs("shelf: out of memory\n", stderr);
    return 1;
  }
  shelf_status st = shelf_random(seed, p->lo, p->hi, w, n_wheels);
  if (st != SHELF_OK) { /* the options were checked; this is a bug */
    free(w);
    fprintf(stderr, "shelf: %s\n", shelf_strerror(st));
    return 1;
  }
  *weights = w;
  *n = n_wheels;
  return 0;
}

void play_print_counted(out *o, const int64_t *weights, size_t n) {
  out_u64(o, n);
  out_char(o, '\n');
  for (size_t k = 0; k < n; k++) {
    if (k > 0)
      out_char(o, ' ');
    out_i128(o, weights[k]);
  }
  out_char(o, '\n');
}

void play_print_list(out *o, const int64_t *weights, size_t n) {
  out_char(o, '[');
  for (size_t k = 0; k < n; k++) {
    if (k > 0)
      out_str(o, ", ");
    out_i128(o, weights[k]);
  }
  out_str(o, "]\n");
}

/* ==== Pictures and games ==== */

/* Writes the picture to a file (save.h: nothing shelf did not create is
 * ever removed) and reports a failure. Returns 0 or 1. */
static int write_picture(const char *path, const char *svg, size_t len,
                         out *o) {
  int err = save_file(path, svg, len);
  if (err == 0)
    return 0;
  char shown[SHOWN_SIZE];
  out_flush(o);
  fprintf(stderr, "shelf: %s: %s\n", escape_text(path, shown, sizeof shown),
          strerror(err));
  return 1;
}

int play_shelf(const play_options *p, const report_options *ropt,
               const report *r, out *o) {
  int svg_stdout = p->svg != NULL && strcmp(p->svg, "-") == 0;
  if (p->svg != NULL) {
    char *svg = NULL;
    size_t len = 0;
    shelf_status st =
        shelf_svg_width(r->weights, r->n, ropt->explain ? SHELF_SVG_EXPLAIN : 0,
                        p->svg_width, &svg, &len);
    if (st != SHELF_OK) {
      out_flush(o);
      fprintf(stderr, "shelf: %s\n", shelf_strerror(st));
      return 1;
    }
    int status = 0;
    if (svg_stdout)
      out_bytes(o, svg, len);
    else
      status = write_picture(p->svg, svg, len, o);
    shelf_svg_free(svg);
    if (status != 0)
      return status;
  }
  if (!p->interactive) {
    if (!svg_stdout)
      report_print(o, ropt, r);
    return 0;
  }
  if (out_flush(o) != 0)
    return 1;
  int status = interactive_play(r->weights, r->n, p->second);
  /* Asked with --moves or --explain: the answers, once the game is over. */
  if (status == 0 && (ropt->moves || ropt->explain || ropt->table)) {
    out_str(o, "\nPerfect play on this shelf (the margin first):\n");
    report_print(o, ropt, r);
  }
  return status;
}

/* ==== Shared with the judge (check.c) ==== */

int play_parse_u64(const char *s, uint64_t max, uint64_t *value) {
  return parse_u64(s, max, value);
}

int play_parse_range(const char *arg, int64_t *lo, int64_t *hi) {
  return parse_range(arg, lo, hi);
}

uint64_t play_clock_seed(void) { return clock_seed(); }
