/*
 * options.c - the shelf command's options: its table of them, read by the
 * programs' one loop (report/command_line.c, whose rules are that `shelf
 * -4 10 -7` needs no "--" and that options and weights may come in any
 * order), what each one sets, and the help.
 */
#include "options.h"

#include "args.h"
#include "command_line.h"
#include "out.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ==== Help ==== */

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
    "      --answer A         print A in place of the margin, as a judge\n"
    "                         asks: margin, first (the first buyer's total,\n"
    "                         CSES), second, or winner (true when the first\n"
    "                         buyer's total is at least the second's, else\n"
    "                         false: LeetCode 486); one a shelf with\n"
    "                         --batch; with --json, winner adds \"winner\"\n"
    "                         (the others are fields already)\n"
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

/* Split in three: one string literal of it all passes the 4095 characters
 * C promises. */
static const char usage_play[] =
    "Playing and seeing:\n"
    "  -i, --interactive      play the shelf against a perfect buyer, as the\n"
    "                         first buyer. Keys: l or Left the left wheel,\n"
    "                         r or Right the right, u undo, ? hint, q quit;\n"
    "                         the game ends with a review of your moves, and\n"
    "                         a plays again. From a pipe, the same as one\n"
    "                         command a line. Weights come from arguments,\n"
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
    "\n";

static const char usage_examples[] =
    "Examples:\n"
    "  shelf 3 9 1 2                  prints 7\n"
    "  shelf --moves 3 9 1 2          the whole game, turn by turn\n"
    "  shelf --explain '[3, 9, 1, 2]' why taking the heavier end loses\n"
    "  shelf --json -4 10 -7          {\"n\": 3, \"margin\": -21, ...}\n"
    "  shelf --table 3 9 1 2          the lead of every block, by hand\n"
    "  shelf --batch -f shelves.txt   one margin per input line\n"
    "  shelf --answer winner 1 5 2    false, as LeetCode 486 asks\n"
    "  shelf -i 3 9 1 2               lose to shelf, then ask it why\n"
    "  shelf --explain --svg g.svg 3 9 1 2   the whole game as a picture\n"
    "  shelf --random 5 --seed 1      the same five weights every time\n"
    "  shelf --random 6 --sheet 5 --seed 1 --svg q.svg --svg-key k.svg\n"
    "                                 an exercise sheet and its answer key\n"
    "\n"
    "Exit status: 0 success, 1 invalid input or failure, 2 usage error.\n";

/* ==== Messages ==== */

/* The shelf command's command line: its name in messages, and its table. */
static command_line shelf_command = {
    .name = "shelf",
    .prefix = "shelf",
    .unknown_words = " (weights go as arguments, such as 3 -4 10, or after "
                     "--)"};

_Noreturn void usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  command_line_vusage(&shelf_command, fmt, ap);
  va_end(ap);
  exit(2);
}

#ifdef _WIN32
_Noreturn void not_on_windows(const char *what, const char *why) {
  error_line("%s is not available on Windows: %s", what, why);
  exit(2);
}
#endif

/* ==== Values ==== */

/* --threads N: 1 to THREADS_MAX, the most libshelf's reader uses. */
#define THREADS_MAX ((int)SHELF_READ_THREADS_MAX)
static int parse_threads(const char *s, unsigned *threads) {
  uint64_t v;
  if (!arg_u64(s, THREADS_MAX, &v) || v < 1)
    return 0;
  *threads = (unsigned)v;
  return 1;
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

/* ==== The options ==== */

/* The codes of the options that have no letter (teach.h's start at 0x100). */
enum { OPT_CSV = 0x200, OPT_THREADS, OPT_ANSWER };

/* A code below 0x80 is also the option's letter (report/command_line.h). */
static const program_option longs[] = {{"file", OPTION_VALUE, 'f'},
                                       {"batch", OPTION_NO_VALUE, 'b'},
                                       {"counted", OPTION_NO_VALUE, 'c'},
                                       {"keep-going", OPTION_NO_VALUE, 'k'},
                                       {"json", OPTION_NO_VALUE, 'j'},
                                       {"moves", OPTION_NO_VALUE, 'm'},
                                       {"explain", OPTION_NO_VALUE, 'e'},
                                       {"algorithm", OPTION_VALUE, 'a'},
                                       {"table", OPTION_MAY_TAKE_VALUE, 't'},
                                       {"csv", OPTION_NO_VALUE, OPT_CSV},
                                       {"threads", OPTION_VALUE, OPT_THREADS},
                                       {"answer", OPTION_VALUE, OPT_ANSWER},
                                       {"help", OPTION_NO_VALUE, 'h'},
                                       {"version", OPTION_NO_VALUE, 'V'},
                                       TEACH_LONG_OPTIONS,
                                       {NULL, 0, 0}};

/* Takes the option `code` with its value (NULL when it has none). */
/* A value that names none of an enum's values: the usage error lists them. */
static _Noreturn void unknown(const char *what, const char *value,
                              const char *const *names, size_t count) {
  char shown[SHOWN_SIZE], choices[128];
  usage_error("unknown %s '%s' (use %s)", what,
              escape_text(value, shown, sizeof shown),
              command_line_choices(choices, sizeof choices, names, count));
}

static void take(options *opt, int code, const char *value) {
  char why[SHOWN_SIZE + 256]; /* teach.c's usage errors */
  char shown[SHOWN_SIZE];
#ifdef _WIN32
  if (code == 'i') /* interactive.c is not built there (cli/CMakeLists.txt) */
    not_on_windows("--interactive", "the game needs a POSIX terminal");
#endif
  if (code == 'i' || (code >= TEACH_SECOND && code < TEACH_END)) {
    if (!teach_option(&opt->teach, code, value, why, sizeof why))
      usage_error("%s", why);
    return;
  }
  switch (code) {
  case 'f':
    opt->file = value;
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
    if (shelf_engine_from_name(value, &opt->engine) != SHELF_OK) {
      static const char *const engines[] = {SHELF_ENGINE_LIST(CHOICE_NAME)};
      unknown("algorithm", value, engines, sizeof engines / sizeof *engines);
    }
    opt->engine_given = 1;
    break;
  case 't':
    opt->report.table = 1;
    if (value != NULL && !parse_block(value, &opt->report))
      usage_error("--table=A..B needs two wheels from 1, A <= B, at most "
                  "%d apart, such as --table 1..12, not '%s'",
                  REPORT_TABLE_MAX, escape_text(value, shown, sizeof shown));
    break;
  case OPT_CSV:
    opt->report.csv = 1;
    break;
  case OPT_THREADS:
    if (!parse_threads(value, &opt->threads))
      usage_error("--threads takes a number from 1 to %d, not '%s'",
                  THREADS_MAX, escape_text(value, shown, sizeof shown));
    break;
  case OPT_ANSWER: {
    if (shelf_answer_from_name(value, &opt->report.answer) != SHELF_OK) {
      static const char *const answers[] = {SHELF_ANSWER_LIST(CHOICE_NAME)};
      unknown("answer", value, answers, sizeof answers / sizeof *answers);
    }
    opt->answer_given = 1;
    break;
  }
  case 'h':
    fputs(usage_text, stdout);
    fputs(usage_play, stdout);
    fputs(usage_examples, stdout);
    exit(fflush(stdout) == 0 ? 0 : 1);
  case 'V':
    printf("shelf %s\n", shelf_version());
    exit(fflush(stdout) == 0 ? 0 : 1);
  }
}

void options_parse(int argc, char **argv, options *opt) {
  opt->engine = SHELF_ENGINE_LINEAR;
  teach_defaults(&opt->teach);
  command_line *cl = &shelf_command;
  cl->options = longs;
  command_line_start(cl, argc, argv);
  const char *value;
  int code;
  while ((code = command_line_next(cl, &value)) >= 0)
    take(opt, code, value);
  if (code == COMMAND_LINE_ERROR)
    exit(2);
  /* The weights, in order, where the loop moved them. */
  opt->weights = argv + 1;
  int n = opt->nweights = cl->operands;

  /* --table A..B, the block as the first argument: never a weight. */
  if (opt->report.table && opt->report.table_last == 0 && n > 0 &&
      strstr(opt->weights[0], "..") &&
      parse_block(opt->weights[0], &opt->report)) {
    opt->nweights--;
    memmove(opt->weights, opt->weights + 1,
            (size_t)opt->nweights * sizeof *opt->weights);
  }
  int weights_given = opt->nweights > 0;
  char why[SHOWN_SIZE + 256];
  if (opt->file != NULL && weights_given)
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
  /* --answer changes the first line of the usual report: where there is
   * none, it would be dropped without a word. */
  if (opt->answer_given &&
      (opt->report.csv || opt->teach.interactive || opt->teach.sheet > 0 ||
       (opt->teach.svg != NULL && strcmp(opt->teach.svg, "-") == 0)))
    usage_error("--answer picks the number the usual output prints; it does "
                "not go with --csv, --interactive, --sheet or --svg -");
  if (!teach_check(&opt->teach, &opt->report, opt->batch, opt->file,
                   weights_given, why, sizeof why))
    usage_error("%s", why);
}
