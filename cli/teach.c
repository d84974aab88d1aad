/*
 * teach.c - the shelf command's options for teaching with a shelf (see
 * teach.h): random shelves and exercise sheets, pictures and the game;
 * parsing --random, --seed, --range, --svg, --interactive and
 * --second, checking that they fit together, making random shelves, and
 * putting a solved shelf into a picture or a game.
 */
#include "teach.h"
#include "args.h"
#include "command_line.h"
#include "errors.h"
#include <shelf_svg.h>
#include <shelf_teach.h>

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

/* The most shelves --sheet writes, and the most seeds --trap tries for one
 * shelf before it says there is none to find (a range such as 1..1 has
 * none). Each try is O(n^2) for n up to TRAP_WHEELS_MAX. */
#define SHEET_MAX 100
#define TRAP_TRIES 100000u
#define TRAP_WHEELS_MAX 200u

/* ==== Options ==== */

void teach_defaults(teach_options *p) {
  memset(p, 0, sizeof *p);
  p->lo = 1;
  p->hi = 10000;
  p->cost = 1;
  p->vs = SHELF_PLAYER_PERFECT;
}

static int fail(char *why, size_t size, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, size, fmt, ap);
  va_end(ap);
  return 0;
}

int teach_option(teach_options *p, int c, const char *arg, char *why,
                 size_t size) {
  uint64_t v = 0;
  char shown[SHOWN_SIZE]; /* arg, for a message */
  char choices[128];
  switch (c) {
  case 'i':
    p->interactive = 1;
    return 1;
  case TEACH_SECOND:
    p->second = 1;
    return 1;
  case TEACH_SVG:
    if (arg[0] == '\0')
      return fail(why, size,
                  "--svg needs a file name ('-' for standard "
                  "output)");
    p->svg = arg;
    return 1;
  case TEACH_SVG_WIDTH:
    if (!arg_u64(arg, SHELF_SVG_WIDTH_MAX, &v) || v < SHELF_SVG_WIDTH_MIN)
      return fail(why, size,
                  "--svg-width needs a width in pixels from %d to %d, not "
                  "'%s'",
                  SHELF_SVG_WIDTH_MIN, SHELF_SVG_WIDTH_MAX,
                  escape_text(arg, shown, sizeof shown));
    p->svg_width = (unsigned)v;
    return 1;
  case TEACH_SVG_SIZE:
    if (strcmp(arg, "slide") == 0) {
      p->svg_width = 1280;
      p->svg_height = 720;
      return 1;
    } else {
      const char *x = strchr(arg, 'x');
      char first[32];
      uint64_t h;
      if (x != NULL && x - arg < 30) {
        memcpy(first, arg, (size_t)(x - arg));
        first[x - arg] = '\0';
      }
      if (x == NULL || x - arg >= 30 ||
          !arg_u64(first, SHELF_SVG_WIDTH_MAX, &v) || v < SHELF_SVG_WIDTH_MIN ||
          !arg_u64(x + 1, SHELF_SVG_WIDTH_MAX, &h) || h < 100)
        return fail(why, size,
                    "--svg-size needs slide (1280x720) or WIDTHxHEIGHT in "
                    "pixels, such as 1920x1080 (width %d to %d, height 100 "
                    "to %d), not '%s'",
                    SHELF_SVG_WIDTH_MIN, SHELF_SVG_WIDTH_MAX,
                    SHELF_SVG_WIDTH_MAX, escape_text(arg, shown, sizeof shown));
      p->svg_width = (unsigned)v;
      p->svg_height = (unsigned)h;
      return 1;
    }
  case TEACH_SVG_KEY:
    if (arg[0] == '\0' || strcmp(arg, "-") == 0)
      return fail(why, size, "--svg-key needs a file name");
    p->svg_key = arg;
    return 1;
  case TEACH_SVG_SHOW:
    if (strcmp(arg, "all") == 0)
      p->svg_parts = 0;
    else if (strcmp(arg, "shelf") == 0)
      p->svg_parts = SHELF_SVG_SHELF;
    else if (strcmp(arg, "table") == 0)
      p->svg_parts = SHELF_SVG_TABLE;
    else
      return fail(why, size, "--svg-show needs all, shelf or table, not '%s'",
                  escape_text(arg, shown, sizeof shown));
    return 1;
  case TEACH_SVG_LINE:
    if (shelf_line_kind_from_name(arg, &p->svg_line) != SHELF_OK) {
      static const char *const kinds[] = {SHELF_LINE_KIND_LIST(CHOICE_NAME)};
      return fail(why, size, "--svg-line needs %s, not '%s'",
                  command_line_choices(choices, sizeof choices, kinds,
                                       sizeof kinds / sizeof *kinds),
                  escape_text(arg, shown, sizeof shown));
    }
    return 1;
  case TEACH_SVG_TURN:
    if (!arg_u64(arg, UINT64_MAX, &p->svg_turn) || p->svg_turn == 0)
      return fail(why, size,
                  "--svg-turn needs a turn from 1 (the shelf after it), not "
                  "'%s'",
                  escape_text(arg, shown, sizeof shown));
    p->svg_turn_given = 1;
    return 1;
  case TEACH_SVG_GIVEN:
    if (!arg_u64(arg, SHELF_SVG_LEAD_MAX, &p->svg_given))
      return fail(why, size,
                  "--svg-given needs a block length from 0 to %d (the "
                  "question's table gives the leads of blocks that short), "
                  "not '%s'",
                  SHELF_SVG_LEAD_MAX, escape_text(arg, shown, sizeof shown));
    p->svg_given_given = 1;
    return 1;
  case TEACH_TRAP:
    p->trap = 1;
    return 1;
  case TEACH_COST:
    if (!arg_u64(arg, (uint64_t)INT64_MAX, &p->cost) || p->cost == 0)
      return fail(why, size,
                  "--cost-at-least needs a number of kilos from 1, not '%s'",
                  escape_text(arg, shown, sizeof shown));
    p->cost_given = 1;
    return 1;
  case TEACH_SHEET:
    if (!arg_u64(arg, SHEET_MAX, &p->sheet) || p->sheet == 0)
      return fail(why, size,
                  "--sheet needs a number of shelves from 1 to %d, not '%s'",
                  SHEET_MAX, escape_text(arg, shown, sizeof shown));
    p->trap = 1;
    return 1;
  case TEACH_VS:
    if (shelf_player_from_name(arg, &p->vs) != SHELF_OK) {
      static const char *const players[] = {SHELF_PLAYER_LIST(CHOICE_NAME)};
      return fail(why, size, "--vs needs %s, not '%s'",
                  command_line_choices(choices, sizeof choices, players,
                                       sizeof players / sizeof *players),
                  escape_text(arg, shown, sizeof shown));
    }
    p->vs_given = 1;
    return 1;
  case TEACH_RANDOM: {
    /* N, or LO..HI: a number of wheels drawn from the seed too. */
    const char *dots = strstr(arg, "..");
    uint64_t top = 0;
    char low[32];
    int ok;
    if (dots != NULL && (size_t)(dots - arg) < sizeof low) {
      memcpy(low, arg, (size_t)(dots - arg));
      low[dots - arg] = '\0';
      ok = arg_u64(low, RANDOM_MAX, &v) &&
           arg_u64(dots + 2, RANDOM_MAX, &top) && v <= top;
    } else {
      ok = dots == NULL && arg_u64(arg, RANDOM_MAX, &v);
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
  case TEACH_SEED:
    if (!arg_u64(arg, UINT64_MAX, &p->seed))
      return fail(why, size,
                  "--seed needs a whole number from 0 to %llu, not '%s'",
                  (unsigned long long)UINT64_MAX,
                  escape_text(arg, shown, sizeof shown));
    p->seed_given = 1;
    return 1;
  case TEACH_RANGE:
    if (!arg_range(arg, &p->lo, &p->hi))
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

int teach_check(const teach_options *p, const report_options *ropt, int batch,
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
  if ((p->svg_width != 0 || p->svg_key != NULL || p->svg_parts != 0 ||
       p->svg_line != 0 || p->svg_turn_given || p->svg_given_given) &&
      p->svg == NULL)
    return fail(why, size,
                "--svg-width, --svg-size, --svg-key, --svg-show, --svg-line, "
                "--svg-turn and --svg-given go with --svg");
  if (p->svg_given_given && p->svg_key == NULL)
    return fail(why, size,
                "--svg-given gives cells in the question; it goes with "
                "--svg-key (then --svg draws the question)");
  if (p->svg_key != NULL && (p->svg_turn_given || p->svg_line != 0))
    return fail(why, size,
                "--svg-key draws a question and its answer; --svg-turn and "
                "--svg-line draw a game, without a question");
  if (p->svg_key != NULL && p->svg != NULL && strcmp(p->svg, "-") == 0)
    return fail(why, size,
                "--svg-key needs --svg to name a file: the question and the "
                "key are two pictures");
  if ((p->trap || p->cost_given) && !p->random)
    return fail(why, size,
                "--trap, --cost-at-least and --sheet go with --random N");
  if (p->cost_given && !p->trap)
    return fail(why, size, "--cost-at-least goes with --trap or --sheet");
  if (p->trap && p->random_top > p->random_n)
    return fail(why, size,
                "--trap and --sheet take --random N, one size for every "
                "shelf, not LO..HI");
  if (p->trap && p->random_n > TRAP_WHEELS_MAX)
    return fail(why, size,
                "--trap and --sheet make shelves of at most %u wheels",
                TRAP_WHEELS_MAX);
  if (p->sheet > 0 && (p->interactive || ropt->json || ropt->moves ||
                       ropt->table || svg_stdout))
    return fail(why, size,
                "--sheet prints its shelves, one a line, and writes pictures "
                "to files; it does not go with --interactive, --json, "
                "--moves, --table or --svg -");
  if (p->vs_given && !p->interactive)
    return fail(why, size, "--vs goes with --interactive");
  if (p->second && p->vs == SHELF_PLAYER_PERSON)
    return fail(why, size,
                "--second says which buyer you are; with --vs person both "
                "are people");
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

int teach_lists_only(const teach_options *p, const report_options *ropt,
                     int other_engine) {
  return p->random && p->sheet == 0 && !p->interactive && p->svg == NULL &&
         !ropt->json && !ropt->moves && !ropt->explain && !ropt->table &&
         !other_engine;
}

/* ==== Random shelves ==== */

/* Whether greedy loses on a shelf by at least `cost` kilos: a greedy first
 * buyer against a perfect second finishes that much below perfect play's
 * margin (shelf_explanation.greedy_vs_perfect). 1 yes, 0 no, -1 out of
 * memory. */
static int greedy_loses(const int64_t *w, size_t n, uint64_t cost) {
  shelf_explanation ex;
  if (shelf_explain(w, n, 0, &ex) != SHELF_OK)
    return -1;
  return ex.has_greedy_vs_perfect &&
         ex.margin - ex.greedy_vs_perfect >= (shelf_i128)cost;
}

/* The shelf of one seed; with --trap, of the first seed from *seed on
 * where greedy loses, *seed left at it. Returns 0, or 1 after a message. */
static int make_shelf(const teach_options *p, uint64_t *seed, int64_t *w) {
  for (uint64_t tries = 0;; tries++) {
    if (tries == TRAP_TRIES) {
      error_line("no shelf where greedy loses by --cost-at-least %llu "
                 "in %u seeds from --seed %llu; try a wider --range or more "
                 "wheels",
                 (unsigned long long)p->cost, TRAP_TRIES,
                 (unsigned long long)(*seed - TRAP_TRIES));
      return 1;
    }
    shelf_status st = shelf_random(*seed, p->lo, p->hi, w, p->random_n);
    if (st != SHELF_OK) { /* the options were checked; this is a bug */
      error_line("%s", shelf_strerror(st));
      return 1;
    }
    if (!p->trap)
      return 0;
    int loses = greedy_loses(w, p->random_n, p->cost);
    if (loses < 0) {
      error_line("out of memory");
      return 1;
    }
    if (loses)
      return 0;
    (*seed)++;
  }
}

static uint64_t first_seed(const teach_options *p) {
  if (p->seed_given)
    return p->seed;
  uint64_t seed = arg_clock_seed();
  error_line("random shelf from --seed %llu", (unsigned long long)seed);
  return seed;
}

int teach_random_shelf(const teach_options *p, int64_t **weights, size_t *n) {
  uint64_t seed = first_seed(p);
  teach_options one = *p;
  if (p->random_top > p->random_n) { /* --random LO..HI (not with --trap) */
    int64_t drawn;
    shelf_random(seed ^ 0x6e756d626572u, (int64_t)p->random_n,
                 (int64_t)p->random_top, &drawn, 1);
    one.random_n = (size_t)drawn;
  }
  int64_t *w = malloc(one.random_n * sizeof *w);
  if (w == NULL) {
    error_line("out of memory");
    return 1;
  }
  if (make_shelf(&one, &seed, w) != 0) {
    free(w);
    return 1;
  }
  *weights = w;
  *n = one.random_n;
  return 0;
}

void teach_print_counted(out *o, const int64_t *weights, size_t n) {
  out_u64(o, n);
  out_char(o, '\n');
  for (size_t k = 0; k < n; k++) {
    if (k > 0)
      out_char(o, ' ');
    out_i128(o, weights[k]);
  }
  out_char(o, '\n');
}

void teach_print_list(out *o, const int64_t *weights, size_t n) {
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
  error_line("%s: %s", escape_text(path, shown, sizeof shown), strerror(err));
  return 1;
}

/* "sheet.svg" with k 3 -> "sheet-3.svg"; k 0 leaves it alone. */
static char *numbered(const char *path, uint64_t k) {
  size_t len = strlen(path), stem = len;
  if (len >= 4 && strcmp(path + len - 4, ".svg") == 0)
    stem = len - 4;
  char *s = malloc(len + 24);
  if (s == NULL)
    return NULL;
  if (k == 0)
    memcpy(s, path, len + 1);
  else
    snprintf(s, len + 24, "%.*s-%llu%s", (int)stem, path, (unsigned long long)k,
             path + stem);
  return s;
}

/* The picture --svg and the other --svg options ask for; `key` 1 for the
 * answer key of --svg-key. Written to `path` (numbered k with --sheet), or
 * to standard output for "-". Returns 0, or 1 after a message. */
static int draw(const teach_options *p, const report_options *ropt,
                const int64_t *w, size_t n, const char *path, uint64_t k,
                int key, out *o) {
  shelf_svg_options so = {0};
  so.width = p->svg_width;
  so.height = p->svg_height;
  so.parts = p->svg_parts;
  so.line = p->svg_line;
  so.turn = p->svg_turn;
  if (p->svg_key != NULL && !key) {
    so.flags = SHELF_SVG_QUESTION;
    so.given = p->svg_given;
  } else if (ropt->explain) {
    so.flags = SHELF_SVG_EXPLAIN;
  }
  char *svg = NULL;
  size_t len = 0;
  shelf_status st = shelf_svg(w, n, &so, &svg, &len);
  if (st != SHELF_OK) {
    out_flush(o);
    if (st == SHELF_INVALID && p->svg_turn > n)
      error_line("--svg-turn %llu: this shelf has %llu turns",
                 (unsigned long long)p->svg_turn, (unsigned long long)n);
    else if (st == SHELF_TOO_LONG && p->svg_parts == SHELF_SVG_TABLE)
      error_line("--svg-show table draws at most %d wheels; this shelf "
                 "has %llu",
                 SHELF_SVG_LEAD_MAX, (unsigned long long)n);
    else if (st == SHELF_TOO_LONG)
      error_line("--svg-line greedy-first plays at most %d wheels; this "
                 "shelf has %llu",
                 SHELF_GREEDY_LINE_MAX, (unsigned long long)n);
    else
      error_line("%s", shelf_strerror(st));
    return 1;
  }
  int status = 0;
  if (strcmp(path, "-") == 0) {
    out_bytes(o, svg, len);
  } else {
    char *name = numbered(path, k);
    if (name == NULL) {
      error_line("out of memory");
      status = 1;
    } else {
      status = write_picture(name, svg, len, o);
    }
    free(name);
  }
  shelf_svg_free(svg);
  return status;
}

int teach_sheet(const teach_options *p, const report_options *ropt, out *o) {
  uint64_t seed = first_seed(p);
  int64_t *w = malloc(p->random_n * sizeof *w);
  if (w == NULL) {
    error_line("out of memory");
    return 1;
  }
  int status = 0;
  for (uint64_t k = 1; k <= p->sheet && status == 0; k++, seed++) {
    status = make_shelf(p, &seed, w);
    if (status == 0 && p->svg != NULL)
      status = draw(p, ropt, w, p->random_n, p->svg, k, 0, o);
    if (status == 0 && p->svg_key != NULL)
      status = draw(p, ropt, w, p->random_n, p->svg_key, k, 1, o);
    if (status == 0) {
      for (size_t i = 0; i < p->random_n; i++) {
        if (i > 0)
          out_char(o, ' ');
        out_i128(o, w[i]);
      }
      out_char(o, '\n');
    }
  }
  free(w);
  return status;
}

int teach_shelf(const teach_options *p, const report_options *ropt,
                const report *r, out *o) {
  int svg_stdout = p->svg != NULL && strcmp(p->svg, "-") == 0;
  if (p->svg != NULL && draw(p, ropt, r->weights, r->n, p->svg, 0, 0, o) != 0)
    return 1;
  if (p->svg_key != NULL &&
      draw(p, ropt, r->weights, r->n, p->svg_key, 0, 1, o) != 0)
    return 1;
  if (!p->interactive) {
    if (!svg_stdout)
      report_print(o, ropt, r);
    return 0;
  }
  if (out_flush(o) != 0)
    return 1;
#ifdef _WIN32
  return 2; /* never: options.c refuses --interactive on Windows */
#else
  int status = interactive_play(r->weights, r->n, p->second, p->vs);
  /* Asked with --moves or --explain: the answers, once the game is over. */
  if (status == 0 && (ropt->moves || ropt->explain || ropt->table)) {
    out_str(o, "\nPerfect play on this shelf (the margin first):\n");
    report_print(o, ropt, r);
  }
  return status;
#endif
}
