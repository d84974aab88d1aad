/*
 * main.c - the shelf command: options, input, and one report per shelf.
 *
 * A thin layer over libshelf. Input is read with read(2) in large blocks and
 * pushed through the library's parser straight into its streaming solver,
 * so the default run holds nothing but the solver's stack. Options that need
 * the whole shelf (another engine, the line, the explanation) ask the solver
 * to keep the weights.
 *
 * Exit status: 0 success, 1 bad input or a runtime failure, 2 usage error.
 * Every diagnostic is one line on stderr starting "shelf: ". Results are
 * computed in full before any of them is printed, and what was printed
 * before an error is flushed before the error is reported.
 */
#include "check.h"
#include "notes.h"
#include "out.h"
#include "parallel.h"
#include "report.h"
#include "teach.h"

#include <shelf.h>
#include <shelf_teach.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ==== Options ==== */

typedef struct options {
  const char *file;      /* -f FILE, or NULL */
  int batch;             /* --batch: one shelf a line */
  int counted;           /* --counted: the count of weights comes first */
  int keep_going;        /* --keep-going: report bad lines and go on */
  shelf_engine engine;   /* --algorithm */
  unsigned threads;      /* --threads N; 0: the cores available */
  int engine_given;      /* --algorithm was given, even as linear */
  report_options report; /* --json, --moves, --explain */
  teach_options play;    /* --interactive, --svg, --random (teach.c) */
} options;

static const char usage_text[] =
    "Usage: shelf [OPTIONS] [WEIGHT...]\n"
    "       shelf [OPTIONS] -f FILE\n"
    "       shelf check [OPTIONS] PROGRAM [ARG...]  (a judge; check --help)\n"
    "\n"
    "Solve the ripening-shelf game: two buyers take turns lifting the wheel\n"
    "at the left or right end of a shelf, both playing perfectly. Prints the\n"
    "margin, the first buyer's kilos minus the second's.\n"
    "\n"
    "Weights come from the command line, from -f FILE, or from standard\n"
    "input (also with -f -): integers separated by spaces, tabs, commas or\n"
    "newlines, optionally wrapped in [ ] as a Python or JSON list. An\n"
    "argument that starts with '-' and a digit is a weight (shelf -4 10 -7);\n"
    "anything after -- is read as weights too.\n"
    "\n"
    "Options:\n"
    "  -f, --file FILE        read the shelf from FILE ('-' for stdin)\n"
    "  -b, --batch            every input line is one shelf; one result a "
    "line\n"
    "  -k, --keep-going       with --batch, report each bad line and go on\n"
    "  -c, --counted          the input opens with the number of weights, as\n"
    "                         AtCoder and CSES files do; with --batch, it\n"
    "                         is a sequence of such shelves\n"
    "  -j, --json             print JSON: {\"n\", \"margin\", \"first\", "
    "\"second\"}\n"
    "  -m, --moves            print the line of perfect play, turn by turn\n"
    "  -e, --explain          show why greedy play loses (greedy against\n"
    "                         perfect play is computed up to 20000 wheels)\n"
    "  -a, --algorithm NAME   linear (default, O(n)), dp (O(n^2)) or brute\n"
    "                         (at most 25 wheels)\n"
    "  -t, --table[=A..B]     also print the lead of every block and the end\n"
    "                         that keeps it (at most 30 wheels); --table A..B\n"
    "                         the table of wheels A to B only (from 1), of a\n"
    "                         shelf of any length\n"
    "      --csv              with --table or --moves, print only the table\n"
    "                         or the line, as CSV (wheels from 1; JSON counts\n"
    "                         them from 0)\n"
    "      --threads N        parse and solve on N threads (default: every\n"
    "                         core this process may use; 1: one thread)\n"
    "\n";

/* Split in two: one string literal of it all passes the 4095 characters C
 * promises. */
static const char usage_play[] =
    "Playing and seeing:\n"
    "  -i, --interactive      play the shelf against a perfect buyer, as the\n"
    "                         first buyer. Keys on a terminal: Left or h,\n"
    "                         Right or l, u undo, ? hint, q quit; the game\n"
    "                         ends with a review of your moves, and a plays\n"
    "                         again. From a pipe, one command a line: l, r,\n"
    "                         u, ?, q, a. Weights come from arguments,\n"
    "                         -f FILE or --random\n"
    "      --second           with --interactive, be the second buyer\n"
    "      --vs WHO           with --interactive, play against: perfect\n"
    "                         (default), greedy (takes the heavier end), or\n"
    "                         person (two people at one keyboard)\n"
    "      --svg FILE         also draw the shelf and its perfect game as\n"
    "                         SVG into FILE ('-': standard output, instead\n"
    "                         of the usual output); --explain marks the\n"
    "                         greedy trap; over 200 wheels, a summary\n"
    "      --svg-width PX     the picture's width, 320 to 20000 (default\n"
    "                         1000); rows and text are laid out for it\n"
    "      --svg-size SIZE    slide (1280x720, 16:9) or WIDTHxHEIGHT: the\n"
    "                         picture centred in a frame of that size\n"
    "      --svg-key FILE     also draw the answer key into FILE; --svg then\n"
    "                         draws the question: no buyers, no turns, no\n"
    "                         margin, the lead table's cells empty\n"
    "      --svg-given L      with --svg-key, the question's table gives the\n"
    "                         leads of blocks of up to L wheels (1: the\n"
    "                         diagonal)\n"
    "      --svg-show PART    all (default), shelf (the wheels alone) or\n"
    "                         table (the lead table alone, at most 30 wheels)\n"
    "      --svg-turn K       the moment after turn K: wheels taken faded,\n"
    "                         the totals so far\n"
    "      --svg-line LINE    the game drawn: perfect (default), greedy (both\n"
    "                         buyers greedy) or greedy-first (greedy first,\n"
    "                         perfect second)\n"
    "      --random N         a random shelf of N (or LO..HI) wheels, 1 to\n"
    "                         10^9: printed as a list (-c: count first), or\n"
    "                         solved with --moves, --explain, --json,\n"
    "                         --table, --svg, --interactive or --algorithm\n"
    "      --seed S           the random shelf's seed, 0 to 2^64-1: the same\n"
    "                         seed gives the same shelf on every machine\n"
    "                         (default: from the clock, told on stderr)\n"
    "      --range LO..HI     the random weights' range (default 1..10000)\n"
    "      --trap             with --random, a shelf where greedy loses: the\n"
    "                         first seed from --seed on where a greedy first\n"
    "                         buyer against a perfect second finishes below\n"
    "                         perfect play's margin (at most 200 wheels)\n"
    "      --cost-at-least C  with --trap, by at least C kilos (default 1)\n"
    "      --sheet K          with --random N, K such shelves, one a line;\n"
    "                         --svg FILE and --svg-key KEY are written as\n"
    "                         FILE-1.svg ... FILE-K.svg and KEY-1.svg ...\n"
    "  -h, --help             show this help and exit\n"
    "  -V, --version          show the version and exit\n"
    "\n"
    "Examples:\n"
    "  shelf 3 9 1 2                  prints 7\n"
    "  shelf --moves 3 9 1 2          the whole game, turn by turn\n"
    "  shelf --explain '[3, 9, 1, 2]' why taking the heavier end loses\n"
    "  shelf --json -4 10 -7          {\"n\": 3, \"margin\": -21, ...}\n"
    "  shelf --table 3 9 1 2          the lead of every block, by hand\n"
    "  shelf --batch -f shelves.txt   one margin per input line\n"
    "  shelf -i 3 9 1 2               lose to shelf, then ask it why\n"
    "  shelf --explain --svg g.svg 3 9 1 2   the whole game as a picture\n"
    "  shelf --random 5 --seed 1      the same five weights every time\n"
    "  shelf --random 6 --sheet 5 --seed 1 --svg q.svg --svg-key k.svg\n"
    "                                 an exercise sheet and its answer key\n"
    "\n"
    "Exit status: 0 success, 1 invalid input or failure, 2 usage error.\n";

/* A usage error: one line, a pointer to --help, exit status 2. */
static void usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("shelf: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputs("\nTry 'shelf --help' for more information.\n", stderr);
  va_end(ap);
  exit(2);
}

/* A runtime error: one line on stderr. */
static void error_line(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("shelf: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static int parse_engine(const char *name, shelf_engine *engine) {
  static const struct {
    const char *name;
    shelf_engine engine;
  } engines[] = {{"linear", SHELF_ENGINE_LINEAR},
                 {"dp", SHELF_ENGINE_DP},
                 {"brute", SHELF_ENGINE_BRUTE}};
  for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++) {
    if (strcmp(name, engines[i].name) == 0) {
      *engine = engines[i].engine;
      return 1;
    }
  }
  return 0;
}

/* --threads N: 1 to THREADS_MAX. */
#define THREADS_MAX 1024
static int parse_threads(const char *s, unsigned *threads) {
  char *end;
  errno = 0;
  unsigned long v = strtoul(s, &end, 10);
  if (*s < '0' || *s > '9' || *end != '\0' || errno != 0 || v < 1 ||
      v > THREADS_MAX)
    return 0;
  *threads = (unsigned)v;
  return 1;
}

/* A usage error found by play.c, which leaves the exit to us. */
static void teach_usage(int ok, const char *why) {
  if (!ok)
    usage_error("%s", why);
}

/* The long options, and the short ones in getopt's form. */
enum { OPT_CSV = 0x200, OPT_THREADS };
static const struct option longs[] = {
    {"file", required_argument, NULL, 'f'},
    {"batch", no_argument, NULL, 'b'},
    {"counted", no_argument, NULL, 'c'},
    {"keep-going", no_argument, NULL, 'k'},
    {"json", no_argument, NULL, 'j'},
    {"moves", no_argument, NULL, 'm'},
    {"explain", no_argument, NULL, 'e'},
    {"algorithm", required_argument, NULL, 'a'},
    {"table", optional_argument, NULL, 't'},
    {"csv", no_argument, NULL, OPT_CSV},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    TEACH_LONG_OPTIONS,
    {NULL, 0, NULL, 0}};
static const char shorts[] = ":f:bckjmea:thVi";

/* The long option `name` (len bytes, without "--") names, as getopt_long
 * matches it: exactly, or as the only option it begins. -1 for none, -2
 * when it begins several. */
static int find_long(const char *name, size_t len) {
  int found = -1;
  for (int k = 0; longs[k].name != NULL; k++) {
    if (strncmp(longs[k].name, name, len) != 0)
      continue;
    if (longs[k].name[len] == '\0')
      return k;
    found = found == -1 ? k : -2;
  }
  return found;
}

/* Whether getopt_long would take the next argument as this one's value. */
static int takes_next(const char *arg) {
  if (arg[1] == '-') {
    if (strchr(arg, '=') != NULL)
      return 0;
    int k = find_long(arg + 2, strlen(arg + 2));
    return k >= 0 && longs[k].has_arg == required_argument;
  }
  for (const char *c = arg + 1; *c != '\0'; c++) {
    const char *s = strchr(shorts + 1, *c);
    if (*c == ':' || s == NULL)
      return 0; /* an unknown option: getopt_long reports it */
    if (s[1] == ':')
      return c[1] == '\0';
  }
  return 0;
}

/* Whether argv[k] is an option (or an option's value) rather than a weight.
 * No option of shelf starts with a digit, so an argument that is '-' and a
 * digit is a weight, as `seq -5 5` reads it. `value` says that the argument
 * before asked for this one as its value, and is updated for the next. */
static int is_option(const char *arg, int *value) {
  int option = *value || (arg[0] == '-' && arg[1] != '\0' &&
                          !(arg[1] >= '0' && arg[1] <= '9'));
  *value = !*value && option && takes_next(arg);
  return option;
}

/* getopt_long would take a negative weight for an option, so the options
 * (with their values) go first and every weight after a "--" of our own,
 * each group in its order. With nothing left to permute, getopt_long also
 * looks at one argument at a time, which refused_option() relies on.
 * The new array is `arranged`, freed at the end of main() and reachable
 * until then, even when a usage error exits (the strings stay argv's). */
static char **arranged;

static void weights_after_options(int *argc, char **argv) {
  static char dashes[] = "--";
  arranged = malloc(((size_t)*argc + 2) * sizeof *arranged);
  if (arranged == NULL) {
    fputs("shelf: out of memory\n", stderr);
    exit(1);
  }
  int n = 0, value = 0, k;
  arranged[n++] = argv[0];
  for (k = 1; k < *argc && strcmp(argv[k], "--") != 0; k++)
    if (is_option(argv[k], &value))
      arranged[n++] = argv[k];
  if (value) { /* the last option misses its value: getopt_long says so */
    arranged[n] = NULL;
    *argc = n;
    return;
  }
  arranged[n++] = dashes;
  value = 0;
  for (k = 1; k < *argc && strcmp(argv[k], "--") != 0; k++)
    if (!is_option(argv[k], &value))
      arranged[n++] = argv[k];
  for (k++; k < *argc; k++) /* after the person's own "--" */
    arranged[n++] = argv[k];
  arranged[n] = NULL;
  *argc = n;
}

/* The usage error for argument `arg`, which getopt_long refused. `c` is
 * what it returned, ':' or '?'. */
static void refused_option(int c, const char *arg) {
  char shown[SHOWN_SIZE], name[SHOWN_SIZE];
  if (arg[0] == '-' && arg[1] == '-') {
    const char *eq = strchr(arg, '=');
    size_t len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
    int k = find_long(arg + 2, len - 2);
    escape_text(arg, shown, sizeof shown);
    if (k >= 0 && c == ':')
      usage_error("option '--%s' needs an argument", longs[k].name);
    if (k >= 0 && eq != NULL && longs[k].has_arg == no_argument)
      usage_error("option '--%s' takes no value, found '%s'", longs[k].name,
                  shown);
    if (k == -2)
      usage_error("option '%s' is ambiguous; give more of its name", shown);
    if (eq != NULL) /* the name alone */
      shown[strcspn(shown, "=")] = '\0';
    snprintf(name, sizeof name, "%s", shown);
  } else {
    snprintf(name, sizeof name, "-%s",
             escape_text((char[]){(char)optopt, '\0'}, shown, sizeof shown));
    if (c == ':')
      usage_error("option '%s' needs an argument", name);
  }
  usage_error("unknown option '%s' (weights go as arguments, such as "
              "3 -4 10, or after --)",
              name);
}

/* "A..B": wheels A to B from 1, A <= B, at most REPORT_TABLE_MAX of them. */
static int parse_block(const char *s, report_options *r) {
  char *end;
  if (*s < '0' || *s > '9')
    return 0;
  errno = 0;
  unsigned long long a = strtoull(s, &end, 10);
  if (strncmp(end, "..", 2) != 0 || end[2] < '0' || end[2] > '9')
    return 0;
  unsigned long long b = strtoull(end + 2, &end, 10);
  if (*end != '\0' || errno != 0 || a == 0 || b < a ||
      b - a >= REPORT_TABLE_MAX)
    return 0;
  r->table_first = (uint64_t)a;
  r->table_last = (uint64_t)b;
  return 1;
}

static void parse_options(int argc, char **argv, options *opt) {
  opterr = 0;                 /* our own messages, in our own format */
  char why[SHOWN_SIZE + 256]; /* play.c's usage errors */
  char shown[SHOWN_SIZE];
  int c, at = optind; /* at: the argument being looked at */
  while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
    if (c == 'i' || (c >= TEACH_SECOND && c < TEACH_END)) { /* teach.c's */
      teach_usage(teach_option(&opt->play, c, optarg, why, sizeof why), why);
      at = optind;
      continue;
    }
    switch (c) {
    case 'f':
      opt->file = optarg;
      break;
    case 'b':
      opt->batch = 1;
      break;
    case 'c':
      opt->counted = 1;
      break;
    case 'k':
      opt->keep_going = 1;
      break;
    case 'j':
      opt->report.json = 1;
      break;
    case 'm':
      opt->report.moves = 1;
      break;
    case 'e':
      opt->report.explain = 1;
      break;
    case 'a':
      if (!parse_engine(optarg, &opt->engine))
        usage_error("unknown algorithm '%s' (use linear, dp or brute)",
                    escape_text(optarg, shown, sizeof shown));
      opt->engine_given = 1;
      break;
    case 't':
      opt->report.table = 1;
      if (optarg != NULL && !parse_block(optarg, &opt->report))
        usage_error("--table=A..B needs two wheels from 1, A <= B, at most "
                    "%d apart, such as --table 1..12, not '%s'",
                    REPORT_TABLE_MAX, escape_text(optarg, shown, sizeof shown));
      break;
    case OPT_CSV:
      opt->report.csv = 1;
      break;
    case OPT_THREADS:
      if (!parse_threads(optarg, &opt->threads))
        usage_error("--threads takes a number from 1 to %d, not '%s'",
                    THREADS_MAX, escape_text(optarg, shown, sizeof shown));
      break;
    case 'h':
      fputs(usage_text, stdout);
      fputs(usage_play, stdout);
      exit(fflush(stdout) == 0 ? 0 : 1);
    case 'V':
      printf("shelf %s\n", shelf_version());
      exit(fflush(stdout) == 0 ? 0 : 1);
    default: /* ':' or '?' */
      /* Options come before any weight (weights_after_options), so
       * nothing is permuted and argv[at] is the argument refused. */
      refused_option(c, argv[at]);
    }
    at = optind;
  }
  /* --table A..B, the block as the next argument: never a weight. */
  if (opt->report.table && opt->report.table_last == 0 && optind < argc &&
      strcmp(argv[optind - 1], "--") == 0 && strstr(argv[optind], "..") &&
      parse_block(argv[optind], &opt->report))
    optind++;
  if (opt->file != NULL && optind < argc)
    usage_error("give weights either as arguments or with -f, not both");
  if (opt->keep_going && !opt->batch)
    usage_error("--keep-going goes with --batch");
  if (opt->report.csv && !opt->report.table && !opt->report.moves)
    usage_error("--csv goes with --table or --moves");
  if (opt->report.csv && opt->report.table && opt->report.moves)
    usage_error("--csv prints one table: the lead table (--table) or the "
                "line (--moves), not both");
  if (opt->report.csv && (opt->report.json || opt->report.explain))
    usage_error("--csv prints only the table; it does not go with --json "
                "or --explain");
  if (opt->report.csv && opt->batch)
    usage_error("--csv prints one shelf's table; it does not go with "
                "--batch");
  teach_usage(teach_check(&opt->play, &opt->report, opt->batch, opt->file,
                          optind < argc, why, sizeof why),
              why);
}

/* ==== Solving one shelf ==== */

typedef struct run {
  options *opt;
  out stdout_buf;
  shelf_solver *solver;
  const char *source; /* file name for messages (escaped), or NULL */
  /* A result solved already: a --batch shelf on many threads, or a counted
   * shelf read on every core. */
  const shelf_result *given;
  shelf_status given_status;
  const shelf_solver *given_solver; /* --batch: the shelf's weights */
  uint64_t shelf_line; /* batch mode: the line of the current shelf (with
                          --counted, its number) */
  int failed;          /* exit status 1 is owed (--keep-going) */
  shelf_notes *notes;  /* a count first, thousands grouping */
  par_input *input;    /* the input read on every core, or NULL */
  /* Command-line weights: where each argument starts in the joined text. */
  char **args;
  size_t *arg_start;
  int nargs;
} run;

/* Whether the notes wait for the end of the run: with --batch --counted a
 * shelf spans lines that the notes cannot tell, so they come once, after
 * the last answer (main()). */
static int notes_at_end(const options *opt) {
  return opt->batch && opt->counted;
}

/* Whether this run needs the weights kept. */
static int needs_weights(const options *opt) {
  return opt->engine != SHELF_ENGINE_LINEAR || opt->report.moves ||
         opt->report.explain || opt->report.table ||
         teach_takes_over(&opt->play);
}

/* The place prefix of a message about the shelf on `line`: "FILE: line 3: "
 * in batch mode, "FILE: shelf 3: " for counted shelves (which may span many
 * lines), "FILE: " for a whole file, and so on. */
static void place_prefix(char *buf, size_t size, const run *r, uint64_t line) {
  if (r->opt->batch)
    snprintf(buf, size, "%s%s%s %llu: ", r->source ? r->source : "",
             r->source ? ": " : "", r->opt->counted ? "shelf" : "line",
             (unsigned long long)line);
  else
    snprintf(buf, size, "%s%s", r->source ? r->source : "",
             r->source ? ": " : "");
}

/* Computes everything for the shelf in the solver, then prints it. Returns 0,
 * or 1 after reporting a failure (nothing of this shelf is printed). */
static int emit_shelf(run *r) {
  report rep;
  report_clear(&rep);
  shelf_status st =
      r->given ? r->given_status : shelf_solver_result(r->solver, &rep.result);
  if (r->given != NULL)
    rep.result = *r->given;
  unsigned char *ends = NULL;
  shelf_cell *cells = NULL;
  int table_too_long = 0;
  if (st == SHELF_OK && needs_weights(r->opt)) {
    rep.weights = shelf_solver_weights(
        r->given_solver ? r->given_solver : r->solver, &rep.n);
    if (r->opt->engine != SHELF_ENGINE_LINEAR)
      st = shelf_solve(rep.weights, rep.n, r->opt->engine, &rep.result);
    if (st == SHELF_OK && (r->opt->report.moves)) {
      ends = malloc(rep.n ? rep.n : 1);
      st = ends == NULL ? SHELF_NOMEM : shelf_line(rep.weights, rep.n, ends);
      rep.ends = ends;
    }
    if (st == SHELF_OK && r->opt->report.explain)
      st = shelf_explain(rep.weights, rep.n, 0, &rep.explanation);
    if (st == SHELF_OK && r->opt->report.table) {
      /* The whole shelf, or the block --table A..B names: a block's leads
       * are those of the block alone. */
      const report_options *ro = &r->opt->report;
      size_t from = ro->table_last ? (size_t)ro->table_first - 1 : 0;
      size_t count = ro->table_last
                         ? (size_t)(ro->table_last - ro->table_first + 1)
                         : rep.n;
      table_too_long =
          ro->table_last ? ro->table_last > rep.n : rep.n > REPORT_TABLE_MAX;
      /* + 1: a table of no wheels still gets a pointer */
      cells = table_too_long ? NULL : malloc(count * count * sizeof *cells + 1);
      st = table_too_long  ? SHELF_TOO_LONG
           : cells == NULL ? SHELF_NOMEM
                           : shelf_lead_table(rep.weights + from, count, cells);
      rep.cells = cells;
      rep.table_from = from;
      rep.table_n = count;
    }
  }
  if (st == SHELF_OK && !notes_at_end(r->opt))
    notes_print(r->notes, r->source, r->opt->batch ? r->shelf_line : 0,
                rep.result.n);
  if (st == SHELF_OK && teach_takes_over(&r->opt->play)) {
    /* A picture or a game: play.c prints, and reports its own failures. */
    int status =
        teach_shelf(&r->opt->play, &r->opt->report, &rep, &r->stdout_buf);
    free(ends);
    free(cells);
    return status;
  }
  if (st == SHELF_OK)
    report_print(&r->stdout_buf, &r->opt->report, &rep);
  free(ends);
  free(cells);
  if (st == SHELF_OK)
    return 0;
  char place[SHOWN_SIZE + 64], why[160];
  if (table_too_long && r->opt->report.table_last)
    snprintf(why, sizeof why, "--table %llu..%llu: this shelf has %llu wheels",
             (unsigned long long)r->opt->report.table_first,
             (unsigned long long)r->opt->report.table_last,
             (unsigned long long)rep.result.n);
  else if (table_too_long)
    snprintf(why, sizeof why,
             "--table shows at most %d wheels; this shelf has %llu: give a "
             "block of at most %d, such as --table 1..%d",
             REPORT_TABLE_MAX, (unsigned long long)rep.result.n,
             REPORT_TABLE_MAX, REPORT_TABLE_MAX);
  else if (st == SHELF_TOO_LONG)
    snprintf(why, sizeof why,
             "the brute engine takes at most %d wheels; this shelf has %llu",
             SHELF_BRUTE_MAX, (unsigned long long)rep.result.n);
  else
    snprintf(why, sizeof why, "%s", shelf_strerror(st));
  if (r->opt->keep_going && r->opt->report.json) {
    /* In the stream of results, like a line that failed to parse. */
    report_json_error(&r->stdout_buf, r->shelf_line, 0, why, NULL);
    return 1;
  }
  place_prefix(place, sizeof place, r, r->shelf_line);
  out_flush(&r->stdout_buf);
  error_line("%s%s", place, why);
  return 1;
}

/* ==== Reporting parse errors ==== */

/* Prints a parse error naming its place: the argument, or the line and
 * column (with the file name when there is one). */
static void report_error_at(run *r, shelf_status st,
                            const shelf_parse_error *e) {
  char place[SHOWN_SIZE + 64], why[SHELF_SENTENCE_BUFSIZE];
  if (st == SHELF_NOMEM || e->code == SHELF_OK) {
    /* Found while reading the shelf after the last one that ended. */
    place_prefix(place, sizeof place, r, r->shelf_line + 1);
    out_flush(&r->stdout_buf);
    error_line("%s%s", place, shelf_strerror(st));
    return;
  }
  /* A file names the line and column as every surface does; arguments
   * were joined, so their place is mapped back here. */
  shelf_parse_error_format(e, r->args == NULL, why, sizeof why, NULL);
  if (r->args != NULL) {
    /* The arguments were joined with single spaces; map back. */
    int k = 0;
    while (k + 1 < r->nargs && r->arg_start[k + 1] <= e->offset)
      k++;
    uint64_t col = e->offset - r->arg_start[k] + 1;
    /* A byte-order mark opening the first argument takes no column, as it
     * takes none at the start of a file (shelf.h). */
    if (k == 0 && strncmp(r->args[0], "\xEF\xBB\xBF", 3) == 0 && col > 3)
      col -= 3;
    if (e->offset >= r->arg_start[k] + strlen(r->args[k]))
      snprintf(place, sizeof place, "argument %d (at its end)", k + 1);
    else if (col == 1)
      snprintf(place, sizeof place, "argument %d", k + 1);
    else
      snprintf(place, sizeof place, "argument %d, column %llu", k + 1,
               (unsigned long long)col);
    snprintf(place + strlen(place), sizeof place - strlen(place), ": ");
  } else {
    snprintf(place, sizeof place, "%s%s", r->source ? r->source : "",
             r->source ? ": " : "");
  }
  if (r->opt->keep_going && r->opt->report.json) {
    report_json_error(&r->stdout_buf, e->line, e->column,
                      shelf_strerror(e->code), e->found);
  } else {
    out_flush(&r->stdout_buf);
    error_line("%s%s", place, why);
  }
}

/* ==== Reading input ==== */

/* Arguments joined into one text (read_args()): a source over memory. */
typedef struct text_source {
  const char *text;
  size_t len;
} text_source;

static int64_t text_read_at(void *ctx, char *buf, size_t len, uint64_t offset) {
  const text_source *t = ctx;
  if (offset >= t->len)
    return 0;
  size_t k = t->len - (size_t)offset < len ? t->len - (size_t)offset : len;
  memcpy(buf, t->text + offset, k);
  return (int64_t)k;
}

/* --batch: each shelf, in order, on this thread, with its weights in
 * `solver` where they were asked for (needs_weights()). */
static int batch_line(void *arg, shelf_status st, const shelf_result *result,
                      const shelf_parse_error *e, const shelf_solver *solver) {
  run *r = arg;
  if (e != NULL) {
    report_error_at(r, st, e);
    if (!r->opt->keep_going || st == SHELF_NOMEM)
      return 1;
    r->failed = 1;
    r->shelf_line++;
    return 0;
  }
  r->shelf_line++;
  r->given = result;
  r->given_status = st;
  r->given_solver = solver;
  int bad = emit_shelf(r);
  r->given = NULL;
  r->given_solver = NULL;
  if (bad && !r->opt->keep_going)
    return 1;
  r->failed |= bad;
  return 0;
}

/* Results so far reach the reader before we wait for more input. */
static void batch_idle(void *arg) {
  run *r = arg;
  if (r->stdout_buf.len > 0)
    out_flush(&r->stdout_buf);
}

/* The notes (notes.h) look at the text as the library reads it. */
static void notes_seen(void *arg, const char *data, size_t len) {
  run *r = arg;
  if (data != NULL)
    shelf_notes_feed(r->notes, data, len);
  else
    shelf_notes_finish(r->notes);
}

static void read_progress(void *arg, uint64_t bytes) {
  run *r = arg;
  par_count(r->input, bytes);
}

/* A read that failed other than with a parse error the hooks reported. */
static void read_failed(run *r, shelf_status st, const shelf_read_error *e) {
  out_flush(&r->stdout_buf);
  if (e->read_errno != 0 || e->why != NULL)
    error_line("%s: %s", r->source ? r->source : "standard input",
               e->why ? e->why : strerror(e->read_errno));
  else
    error_line("%s", shelf_strerror(st));
}

/* Reads a source with libshelf's shelf_read() (one shelf) or
 * shelf_read_batch() (--batch), on opt->threads threads, and prints each
 * shelf's answer. A batch whose answers need the weights reads them on
 * this thread, into solvers that keep them. */
static int read_source(run *r, const shelf_source *src,
                       shelf_read_options *opt) {
  unsigned counted = r->opt->counted ? SHELF_PARSE_COUNTED : 0;
  shelf_read_error e;
  shelf_status st;
  int status;
  opt->ctx = r;
  if (r->opt->batch) {
    opt->parse_flags = SHELF_PARSE_LINES | counted;
    opt->keep_going = r->opt->keep_going;
    opt->solver_flags = needs_weights(r->opt) ? SHELF_KEEP_WEIGHTS : 0;
    opt->shelf = batch_line;
    opt->idle = batch_idle;
    st = shelf_read_batch(src, opt, &e);
    /* A parse error was reported as its line was handed over. */
    if (st != SHELF_OK && st < SHELF_EXPECTED_INTEGER)
      read_failed(r, st, &e);
    return e.stopped || st != SHELF_OK ? 1 : r->failed;
  }
  opt->parse_flags = counted;
  shelf_result result;
  st = shelf_read(src, opt, r->solver, &result, &e);
  if (r->input != NULL)
    par_done(r->input);
  if (st == SHELF_OK) {
    r->given = &result; /* read off the stack once: on monotone input it
                           is as long as the shelf */
    r->given_status = SHELF_OK;
    status = emit_shelf(r);
    r->given = NULL;
  } else {
    /* Out of memory too is placed: the file is named. */
    if (e.read_errno != 0 || e.why != NULL)
      read_failed(r, st, &e);
    else
      report_error_at(r, st, &e.parse);
    status = 1;
  }
  return status;
}

/* Reads a file or standard input on every core (or --threads); the notes
 * see its text. Progress is shown for one shelf only: --batch writes as
 * it goes. */
static int read_input(run *r, int fd) {
  par_input in;
  shelf_source src;
  par_source(&in, fd, &src);
  r->input = &in;
  /* Not while a person types the input: it would write over their line. */
  int show = !r->opt->batch && isatty(STDERR_FILENO) && !isatty(fd) &&
             !r->opt->report.json;
  shelf_read_options opt = {.threads =
                                r->opt->threads ? r->opt->threads : par_cores(),
                            .seen = notes_seen,
                            .progress = read_progress};
  par_options(&in, &src, show, &opt);
  int status = read_source(r, &src, &opt);
  par_done(&in);
  r->input = NULL;
  return status;
}

/* Weights on the command line: joined with spaces and parsed as one text,
 * so that `shelf [7, 2, 9, 4]` works as typed. */
static int read_args(run *r, int nargs, char **args) {
  size_t total = 0;
  r->arg_start = malloc((size_t)nargs * sizeof *r->arg_start);
  if (r->arg_start == NULL) {
    error_line("out of memory");
    return 1;
  }
  for (int k = 0; k < nargs; k++) {
    r->arg_start[k] = total;
    total += strlen(args[k]) + 1;
  }
  char *text = malloc(total);
  if (text == NULL) {
    free(r->arg_start);
    error_line("out of memory");
    return 1;
  }
  for (int k = 0; k < nargs; k++) {
    size_t len = strlen(args[k]);
    memcpy(text + r->arg_start[k], args[k], len);
    text[r->arg_start[k] + len] = ' ';
    shelf_notes_arg(r->notes, args[k]);
  }
  r->args = args;
  r->nargs = nargs;
  /* On this thread: the notes have looked at each argument already. */
  text_source t = {text, total - 1};
  shelf_source src = {.ctx = &t, .read_at = text_read_at, .size = t.len};
  shelf_read_options opt = {.threads = 1};
  int status = read_source(r, &src, &opt);
  free(text);
  free(r->arg_start);
  return status;
}

/* --random N: a made-up shelf, listed, or solved like one that was typed. */
static int read_random(run *r) {
  int64_t *weights;
  size_t n;
  if (r->opt->play.sheet > 0)
    return teach_sheet(&r->opt->play, &r->opt->report, &r->stdout_buf);
  if (teach_random_shelf(&r->opt->play, &weights, &n) != 0)
    return 1;
  int status = 0;
  if (teach_lists_only(&r->opt->play, &r->opt->report, r->opt->engine_given)) {
    (r->opt->counted ? teach_print_counted : teach_print_list)(&r->stdout_buf,
                                                               weights, n);
  } else if (shelf_solver_push_many(r->solver, weights, n) != SHELF_OK) {
    error_line("out of memory");
    status = 1;
  } else {
    status = emit_shelf(r);
  }
  free(weights);
  return status;
}

/* On a terminal with nothing else to read, a person may be waiting for
 * shelf while shelf waits for them: say what it wants, as filters that
 * are kind to people do. Never in a pipe. */
static void tell_terminal(const options *opt) {
  if (!isatty(STDIN_FILENO))
    return;
  fprintf(stderr,
          "shelf: reading %s from the terminal; type weights such as "
          "3 9 1 2, then Ctrl-D on a line of its own to end (shelf --help "
          "for more)\n",
          opt->batch ? "shelves, one a line," : "a shelf");
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "check") == 0)
    return check_main(argc - 1, argv + 1); /* the judge, check.c */
  options opt = {0};
  opt.engine = SHELF_ENGINE_LINEAR;
  teach_defaults(&opt.play);
  weights_after_options(&argc, argv);
  argv = arranged;
  parse_options(argc, argv, &opt);
  /* A file-size limit shows as EFBIG on the write that meets it, so that
   * shelf can say so and leave no half-written file (save.h). */
  signal(SIGXFSZ, SIG_IGN);

  static run r; /* holds the output buffer; too big for some stacks */
  r.opt = &opt;
  char source[SHOWN_SIZE]; /* the file name as messages show it */
  out_init(&r.stdout_buf, STDOUT_FILENO);
  opt.report.align = isatty(STDOUT_FILENO);
  if (shelf_notes_new(&r.notes) != SHELF_OK ||
      shelf_solver_new(&r.solver, needs_weights(&opt) ? SHELF_KEEP_WEIGHTS
                                                      : 0) != SHELF_OK) {
    error_line("out of memory");
    shelf_solver_free(r.solver);
    shelf_notes_free(r.notes);
    free(arranged);
    return 1;
  }

  int status;
  if (opt.play.random) {
    status = read_random(&r);
  } else if (optind < argc) {
    status = read_args(&r, argc - optind, argv + optind);
  } else if (opt.file != NULL && strcmp(opt.file, "-") != 0) {
    int fd = open(opt.file, O_RDONLY);
    r.source = escape_text(opt.file, source, sizeof source);
    if (fd < 0) {
      error_line("%s: %s", r.source, strerror(errno));
      status = 1;
    } else {
      status = read_input(&r, fd);
      close(fd);
    }
  } else {
    tell_terminal(&opt);
    status = read_input(&r, STDIN_FILENO);
  }

  if (out_flush(&r.stdout_buf) != 0) {
    /* A reader that went away wants no more and no message. */
    if (r.stdout_buf.error != EPIPE)
      error_line("write error: %s", strerror(r.stdout_buf.error));
    status = 1;
  } else if (notes_at_end(&opt) && (status == 0 || opt.keep_going)) {
    /* After the last answer of a run that read all its input, whatever
     * the threads: its grouped number, if any (no count: it is counted). */
    notes_print(r.notes, r.source, 0, 0);
  }
  shelf_solver_free(r.solver);
  shelf_notes_free(r.notes);
  free(arranged);
  return status;
}
