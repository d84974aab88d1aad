/*
 * check.c - `shelf check [OPTIONS] PROGRAM [ARG...]`, the judge: its
 * options, and libshelf's judge (shelf_judge_run()) wired to a runner that
 * starts the program (check_judge.c, check_run.c). The tries, the verdicts,
 * shrinking, the mistakes and the report's words are the library's, the
 * same as Python's shelf.check().
 *
 * Exit status: 0 every try passed, 1 one failed (or no verdict could be
 * reached), 2 a usage error or a PROGRAM that cannot be started.
 */
#include "check.h"
#include "args.h"
#include "command_line.h"
#include "parallel.h"
#include "report.h"
#include <shelf_judge.h>

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char usage_text[] =
    "Usage: shelf check [OPTIONS] PROGRAM [ARG...]\n"
    "\n"
    "Judge a solution of the ripening-shelf game: run PROGRAM (directly, not\n"
    "through a shell) on the problem's seven cases, the samples of the\n"
    "--problem chosen, edge shelves and random shelves of growing size, each\n"
    "against shelf's exact answer; stop at the first failure, shrink it to\n"
    "the smallest shelf that still fails, and name the mistake. Options come\n"
    "before PROGRAM; what follows PROGRAM is its own.\n"
    "\n"
    "  --problem NAME       the input layout, the answer and the limits of a\n"
    "                       problem: shelf (the problem, docs/problem.md; the\n"
    "                       default), cses (CSES 1097), atcoder (DP contest\n"
    "                       L), leetcode486, algolab (Burning Coins: up to 30\n"
    "                       cases a file, one limit a file; full files are\n"
    "                       tried too)\n"
    "  --layout L           counted (the count, then the weights), line, list\n"
    "  --answer A           margin, first, second, winner (true or false)\n"
    "  --max-n N            the largest shelf to try\n"
    "  --range LO..HI       the weights' range\n"
    "  --tries K            random shelves after the fixed ones (default 300,\n"
    "                       as many as --budget allows; given alone, all K)\n"
    "  --budget S           CPU seconds of the program the tries may take\n"
    "                       (default 10; 0: no cut): a slow starter gets\n"
    "                       fewer, longer random tries\n"
    "  --jobs N             runs side by side (default: the CPUs it may use),\n"
    "                       with the verdict of one run at a time\n"
    "  --quiet              no progress line on standard error\n"
  "  --seed S             the random shelves' seed (shown when not given)\n"
    "  --time-limit S       CPU seconds a run: user and system time of the\n"
    "                       program and every process it starts (default the\n"
    "                       problem's: 1 for cses, else 2)\n"
    "  --wall-limit S       seconds a run may wait without computing, by the\n"
    "                       clock (default 3 times the time limit, at least\n"
    "                       3): a program that waits is judged idle, not "
    "slow;\n"
    "                       time it is ready to run on a busy machine does "
    "not\n"
    "                       count\n"
    "  --memory-limit MB    peak resident memory of the program and every\n"
    "                       process it starts (default the problem's: 512 for\n"
    "                       cses, 1024 for atcoder, else 2048)\n"
    "  --save-input FILE    on a failure, write the failing shelf to FILE as\n"
    "                       the program reads it (the report says how to run\n"
    "                       the program on it); nothing is written on a pass\n"
    "  --stack MB|unlimited the stack a run gets (default the problem's: as\n"
    "                       much as the memory limit; at most 15/16 of it,\n"
    "                       so that a stack overflow is told from a memory\n"
    "                       limit), set for every run\n"
    "                       whatever `ulimit -s` says; a crash it causes is\n"
    "                       reported as a stack overflow\n"
    "  --json               the report as one JSON object\n"
    "  -h, --help           this help\n"
    "\n"
    "The tries: the plan has the problem's seven cases, the --problem's\n"
    "samples, two of each edge shelf and the random ones; those that do not\n"
    "fit the --problem's limits are passed over, so fewer may be run than\n"
    "planned. Every process the program starts is stopped when its run ends.\n"
    "\n"
    "Verdicts: wrong, crash, timeout (CPU time), memory (resident), idle\n"
    "(waited past the wall limit), bad-output, unstable.\n"
    "Mistakes: greedy, added, left-index, wrong-quantity, strict-tie,\n"
    "overflow32, zero-memo, exponential, largest-n, sentinel-memo.\n"
    "\n"
    "Example:\n"
    "  shelf check --problem cses ./removal_game\n"
    "  shelf check --problem leetcode486 python3 solution.py\n"
    "\n"
    "Exit status: 0 every try passed, 1 one failed, 2 usage error or a\n"
    "PROGRAM that cannot be started.\n";

/* shelf check's command line: its name in messages (its table is below). */
static command_line check_command = {
    .name = "shelf check", .prefix = "shelf: check", .options_first = 1};

/* A runtime error: "shelf: check: <words>", one line on stderr. */
static void check_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message_vline(check_command.prefix, fmt, ap);
  va_end(ap);
}

_Noreturn static void usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  command_line_vusage(&check_command, fmt, ap);
  va_end(ap);
  exit(2);
}

/* ==== Options ==== */

typedef struct check_options {
  const shelf_problem *problem;
  shelf_layout layout;
  shelf_answer answer;
  size_t max_n;
  int64_t lo, hi;
  size_t tries;
  uint64_t seed;
  double seconds, wall;
  size_t memory_mb;
  size_t stack_mb; /* 0: unlimited */
  int json, quiet;
  size_t jobs;
  double budget;          /* CPU seconds, or 0: every try planned */
  const char *save_input; /* --save-input FILE, or NULL */
  char **argv;            /* PROGRAM [ARG...] */
} check_options;

enum {
  OPT_PROBLEM = 0x200,
  OPT_LAYOUT,
  OPT_ANSWER,
  OPT_MAX_N,
  OPT_RANGE,
  OPT_TRIES,
  OPT_SEED,
  OPT_TIME,
  OPT_WALL,
  OPT_MEMORY,
  OPT_JSON,
  OPT_SAVE_INPUT,
  OPT_STACK,
  OPT_JOBS,
  OPT_BUDGET,
  OPT_QUIET
};

/* One row an option (report/command_line.h); a code below 0x80 is also its
 * letter. */
static const program_option longs[] = {
    {"problem", OPTION_VALUE, OPT_PROBLEM},
    {"layout", OPTION_VALUE, OPT_LAYOUT},
    {"answer", OPTION_VALUE, OPT_ANSWER},
    {"max-n", OPTION_VALUE, OPT_MAX_N},
    {"range", OPTION_VALUE, OPT_RANGE},
    {"tries", OPTION_VALUE, OPT_TRIES},
    {"seed", OPTION_VALUE, OPT_SEED},
    {"time-limit", OPTION_VALUE, OPT_TIME},
    {"wall-limit", OPTION_VALUE, OPT_WALL},
    {"memory-limit", OPTION_VALUE, OPT_MEMORY},
    {"stack", OPTION_VALUE, OPT_STACK},
    {"json", OPTION_NO_VALUE, OPT_JSON},
    {"save-input", OPTION_VALUE, OPT_SAVE_INPUT},
    {"jobs", OPTION_VALUE, OPT_JOBS},
    {"budget", OPTION_VALUE, OPT_BUDGET},
    {"quiet", OPTION_NO_VALUE, OPT_QUIET},
    {"help", OPTION_NO_VALUE, 'h'},
    {NULL, 0, 0}};

static double seconds_arg(const char *opt, const char *arg, const char *shown) {
  char *end;
  errno = 0;
  double s = strtod(arg, &end);
  if (end == arg || *end != '\0' || errno || !(s > 0) || s > 86400)
    usage_error("%s needs seconds above 0, such as 2 or 0.5, not '%s'", opt,
                shown);
  return s;
}

/* Whether an argument after PROGRAM is one of shelf check's own options:
 * it goes to the program unread, which the user rarely means. */
static const char *own_option(const char *arg) {
  if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0')
    return NULL;
  for (size_t k = 0; longs[k].name != NULL; k++) {
    size_t len = strlen(longs[k].name);
    if (strncmp(arg + 2, longs[k].name, len) == 0 &&
        (arg[2 + len] == '\0' || arg[2 + len] == '='))
      return longs[k].name;
  }
  return NULL;
}

/* A value (shown escaped) that names none of an enum's values: the usage
 * error lists them. */
static _Noreturn void unknown(const char *what, const char *shown,
                              const char *const *names, size_t count) {
  char choices[128];
  usage_error("unknown %s '%s' (use %s)", what, shown,
              command_line_choices(choices, sizeof choices, names, count));
}

static void parse_check_options(int argc, char **argv, check_options *o) {
  /* Parts given on their own win over the problem's, whatever the order. */
  int layout_given = 0, answer_given = 0, range_given = 0, seed_given = 0;
  shelf_layout layout = SHELF_LAYOUT_COUNTED;
  shelf_answer answer = SHELF_ANSWER_MARGIN;
  int tries_given = 0, budget_given = 0;
  size_t max_n = 0, memory = 0, stack = SHELF_STACK_AS_MEMORY;
  int64_t lo = 0, hi = 0;
  double seconds = 0, wall = 0;
  char shown[SHOWN_SIZE];
  uint64_t v;
  o->problem = shelf_problem_find("shelf");
  o->tries = 300;
  command_line *cl = &check_command;
  const char *value;
  int c;
  cl->options = longs;
  /* Options end at the first argument that is not one, PROGRAM. */
  command_line_start(cl, argc, argv);
  while ((c = command_line_next(cl, &value)) >= 0) {
    const char *arg = value ? escape_text(value, shown, sizeof shown) : "";
    switch (c) {
    case OPT_PROBLEM:
      o->problem = shelf_problem_find(value);
      if (o->problem == NULL && strcmp(value, "seed") == 0)
        usage_error("the problem is called 'shelf' (--problem shelf); "
                    "--seed is the random seed");
      if (o->problem == NULL)
        usage_error("unknown problem '%s' (use shelf, cses, atcoder, "
                    "leetcode486 or algolab)",
                    arg);
      break;
    case OPT_LAYOUT:
      layout_given = 1;
      if (shelf_layout_from_name(value, &layout) != SHELF_OK) {
        static const char *const layouts[] = {SHELF_LAYOUT_LIST(CHOICE_NAME)};
        unknown("layout", arg, layouts, sizeof layouts / sizeof *layouts);
      }
      break;
    case OPT_ANSWER:
      answer_given = 1;
      if (shelf_answer_from_name(value, &answer) != SHELF_OK) {
        static const char *const answers[] = {SHELF_ANSWER_LIST(CHOICE_NAME)};
        unknown("answer", arg, answers, sizeof answers / sizeof *answers);
      }
      break;
    case OPT_MAX_N:
      if (!arg_u64(value, 100000000, &v) || v == 0)
        usage_error("--max-n needs a number of wheels from 1 to 10^8, not "
                    "'%s'",
                    arg);
      max_n = (size_t)v;
      break;
    case OPT_RANGE:
      if (!arg_range(value, &lo, &hi) || lo > hi)
        usage_error("--range needs LO..HI with LO <= HI, such as 1..10000, "
                    "not '%s'",
                    arg);
      range_given = 1;
      break;
    case OPT_TRIES:
      if (!arg_u64(value, 100000000, &v))
        usage_error("--tries needs a number from 0 to 10^8, not '%s'", arg);
      o->tries = (size_t)v;
      tries_given = 1;
      break;
    case OPT_BUDGET: {
      char *end;
      errno = 0;
      double b = strtod(value, &end);
      if (end == value || *end != '\0' || errno || !(b >= 0) || b > 1e6)
        usage_error("--budget needs CPU seconds from 0 to 10^6, such as 10 "
                    "(0: no cut), not '%s'",
                    arg);
      o->budget = b;
      budget_given = 1;
      break;
    }
    case OPT_JOBS:
      if (!arg_u64(value, 256, &v) || v == 0)
        usage_error("--jobs needs a number of runs from 1 to 256, not '%s'",
                    arg);
      o->jobs = (size_t)v;
      break;
    case OPT_QUIET:
      o->quiet = 1;
      break;
    case OPT_SEED:
      if (!arg_u64(value, UINT64_MAX, &o->seed))
        usage_error("--seed needs a whole number from 0 to 2^64-1, not '%s'",
                    arg);
      seed_given = 1;
      break;
    case OPT_TIME:
      seconds = seconds_arg("--time-limit", value, arg);
      break;
    case OPT_WALL:
      wall = seconds_arg("--wall-limit", value, arg);
      break;
    case OPT_MEMORY:
      if (!arg_u64(value, 1u << 20, &v) || v == 0)
        usage_error("--memory-limit needs megabytes from 1 to 2^20, not '%s'",
                    arg);
      memory = (size_t)v;
      break;
    case OPT_STACK:
      if (strcmp(value, "unlimited") == 0)
        stack = SHELF_STACK_UNLIMITED;
      else if (!arg_u64(value, 1u << 20, &v) || v == 0)
        usage_error("--stack needs megabytes from 1 to 2^20 or 'unlimited', "
                    "not '%s'",
                    arg);
      else
        stack = (size_t)v;
      break;
    case OPT_JSON:
      o->json = 1;
      break;
    case OPT_SAVE_INPUT:
      if (value[0] == '\0')
        usage_error("--save-input needs a file name");
      o->save_input = value;
      break;
    case 'h':
      fputs(usage_text, stdout);
      exit(0);
    }
  }
  if (c == COMMAND_LINE_ERROR)
    exit(2);
  if (cl->operands == 0)
    usage_error("name the PROGRAM to check, such as ./solution or python3 "
                "solution.py");
  o->argv = argv + 1; /* where the loop moved PROGRAM [ARG...] */
  /* "--" before PROGRAM says that what follows is all the program's. */
  int dashes = cl->dashes;
  for (int k = 2; !dashes && k < 1 + cl->operands; k++) {
    const char *own = own_option(argv[k]);
    if (own != NULL)
      usage_error("'--%s' comes after the PROGRAM, so it would be passed to "
                  "the program, not read by shelf check; put it before "
                  "PROGRAM (shelf check --%s ... %s), or write -- before "
                  "PROGRAM to pass it on",
                  own, own, escape_text(argv[1], shown, sizeof shown));
  }
  const shelf_problem *p = o->problem;
  o->layout = layout_given ? layout : p->layout;
  o->answer = answer_given ? answer : p->answer;
  o->max_n = max_n > 0 ? max_n : p->max_n;
  o->lo = range_given ? lo : p->lo;
  o->hi = range_given ? hi : p->hi;
  o->seconds = seconds > 0 ? seconds : p->time_limit;
  o->wall = wall > 0 ? wall : (3 * o->seconds > 3 ? 3 * o->seconds : 3);
  o->memory_mb = memory > 0 ? memory : p->memory_mb > 0 ? p->memory_mb : 2048;
  if (stack == SHELF_STACK_AS_MEMORY)
    stack = p->stack_mb;
  o->stack_mb = stack == SHELF_STACK_UNLIMITED   ? 0
                : stack == SHELF_STACK_AS_MEMORY ? o->memory_mb
                                                 : stack;
  /* A stack as large as the memory limit fills up just as the memory
   * passes the limit, and which comes first, the fault or a scan's memory
   * kill, would change from run to run: it gets 15/16 of the limit, so
   * that recursion without end is always a stack overflow. */
  if (o->stack_mb >= o->memory_mb)
    o->stack_mb = o->memory_mb - o->memory_mb / 16;
  if (!seed_given)
    o->seed = arg_clock_seed();
  /* --tries says how many: the budget cuts them only when asked to. */
  if (!budget_given)
    o->budget = tries_given ? 0 : 10;
  if (o->jobs == 0) /* the cores this process may use, as --threads */
    o->jobs = par_cores();
}

/* ==== Slips ==== */

/* Why PROGRAM could not be started, and what to do about it. */
static void cannot_start(const checker *k) {
  char shown[SHOWN_SIZE];
  const char *name = escape_text(k->argv[0], shown, sizeof shown);
  const char *dot = strrchr(k->argv[0], '.');
  const char *runner = dot == NULL                  ? NULL
                       : strcmp(dot, ".py") == 0    ? "python3"
                       : strcmp(dot, ".js") == 0    ? "node"
                       : strcmp(dot, ".java") == 0  ? "java"
                       : strcmp(dot, ".class") == 0 ? "java -cp ."
                                                    : NULL;
  int e = k->start_errno;
  struct stat st;
  int exists = stat(k->argv[0], &st) == 0;
  if ((e == EACCES || e == ENOEXEC) && exists && S_ISREG(st.st_mode)) {
    if (runner != NULL)
      check_error("cannot run %s: %s; run it through its "
                  "interpreter: shelf check [OPTIONS] %s %s",
                  name, e == EACCES ? "it is not executable" : strerror(e),
                  runner, name);
    else
      check_error("cannot run %s: %s; make it executable "
                  "(chmod +x %s) or name its interpreter before it",
                  name, e == EACCES ? "it is not executable" : strerror(e),
                  name);
    return;
  }
  if (e == ENOENT && strchr(k->argv[0], '/') == NULL && exists)
    check_error("cannot run %s: no such command on PATH; for the "
                "file in this directory, write ./%s",
                name, name);
  else
    check_error("cannot run %s: %s", name, strerror(e));
}

/* The quantities of the game (margin, first, second) that `answer` is on a
 * shelf, as a bit set; 0 for none. */
static unsigned quantities(const int64_t *w, size_t n, shelf_i128 answer) {
  shelf_result res;
  if (shelf_solve(w, n, SHELF_ENGINE_LINEAR, &res) != SHELF_OK)
    return 0;
  return (answer == res.margin ? 1u : 0u) | (answer == res.first ? 2u : 0u) |
         (answer == res.second ? 4u : 0u);
}

/* The shelves a layout hint must hold on: the failing one and two random
 * ones of other lengths, so that a number of the game that one shelf gives
 * by chance (a count read as a weight) is not taken for the layout. */
enum { HINT_SHELVES = 3 };

/* After a failure on the very first try: whether the program gives the
 * right answer when the shelf comes in another layout, the likeliest slip
 * (a CSES solution checked without --problem reads a count first). The
 * same quantity of the game on every shelf of HINT_SHELVES, or no hint. */
static const char *layout_hint(checker *k, const shelf_judge *judge,
                               const shelf_judgement *j, char *buf,
                               size_t size) {
  static const char *const words[] = {"the count first, then the weights",
                                      "the weights on one line",
                                      "a bracketed list"};
  if (j->tried != 1 || j->n == 0 || j->verdict == SHELF_VERDICT_TIMEOUT ||
      j->verdict == SHELF_VERDICT_MEMORY)
    return NULL;
  /* The shelves: the failing one, then n + 2 and n + 5 wheels. */
  size_t lens[HINT_SHELVES] = {j->n, j->n + 2, j->n + 5};
  int64_t *shelves[HINT_SHELVES] = {j->weights, NULL, NULL};
  const char *found = NULL;
  for (int s = 1; s < HINT_SHELVES; s++) {
    shelves[s] = malloc(lens[s] * sizeof *shelves[s]);
    if (shelves[s] == NULL ||
        shelf_random(judge->seed ^ (0x4e17u * (unsigned)s), judge->lo,
                     judge->hi, shelves[s], lens[s]) != SHELF_OK)
      goto done;
  }
  shelf_layout mine = k->layout;
  for (int l = SHELF_LAYOUT_COUNTED; l <= SHELF_LAYOUT_LIST && !found; l++) {
    if (l == (int)mine)
      continue;
    k->layout = (shelf_layout)l;
    /* Any of the game's numbers will do, the same one on every shelf: the
     * layout is the slip here. */
    unsigned same = 7;
    for (int s = 0; s < HINT_SHELVES && same != 0; s++) {
      shelf_run r = {0};
      r.patience = 1;
      if (check_run_one(k, shelves[s], lens[s], &r) == SHELF_OK &&
          r.verdict == SHELF_VERDICT_OK)
        same &= quantities(shelves[s], lens[s], r.answer);
      else
        same = 0;
      check_release(k, r.detail);
    }
    if (same != 0) {
      found = shelf_layout_name((shelf_layout)l);
      snprintf(buf, size,
               "Hint: given %s (--layout %s), the program answers shelves of "
               "%zu, %zu and %zu wheels with a number of the game: it reads "
               "%s.%s",
               words[l], found, lens[0], lens[1], lens[2], words[l],
               l == SHELF_LAYOUT_COUNTED
                   ? " CSES and AtCoder give the count first: check it with "
                     "--problem cses or --problem atcoder."
                   : "");
    }
  }
  k->layout = mine;
  k->start_errno = 0;
  k->starved = 0;
done:
  for (int s = 1; s < HINT_SHELVES; s++)
    free(shelves[s]);
  return found ? buf : NULL;
}

/* ==== The failing input, saved ==== */

/* Writes the failing shelf to `path` as the program reads it. Returns 0, or
 * errno (nothing half-written is left: the file is removed). */
static int save_input(const char *path, const check_options *opt,
                      const shelf_judgement *j) {
  size_t len = 0;
  shelf_layout_write(opt->layout, j->weights, j->n, NULL, 0, &len);
  char *text = malloc(len + 1);
  if (text == NULL)
    return ENOMEM;
  shelf_layout_write(opt->layout, j->weights, j->n, text, len + 1, NULL);
  FILE *f = fopen(path, "w");
  int e = f == NULL ? errno : 0;
  if (f != NULL) {
    if (fwrite(text, 1, len, f) != len)
      e = errno ? errno : EIO;
    if (fclose(f) != 0 && e == 0)
      e = errno ? errno : EIO;
    if (e != 0)
      remove(path);
  }
  free(text);
  return e;
}

/* ==== The check ==== */

static double clock_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The progress line: rewritten in place, at most ten times a second but at
 * every change of stage, and erased before the report. */
static void show_progress(void *ctx, const shelf_progress *p) {
  checker *k = ctx;
  if (!k->progress)
    return;
  double t = clock_now();
  if (t - k->shown < 0.1 && k->staged && k->stage == p->stage)
    return;
  char line[256];
  if (shelf_progress_write(p, "shelf check", t - k->started, line, sizeof line,
                           NULL) != SHELF_OK)
    return;
  k->shown = t;
  k->stage = p->stage;
  k->staged = 1;
  fprintf(stderr, "\r%s\033[K", line);
}

/* Lifts this process's hard RLIMIT_STACK to unlimited where it may (a
 * privileged judge, as root in a container; its soft limit, and so its own
 * stack, stays as it was), so that `ulimit -s 8192` in the shell, which
 * lowers both limits, does not change what the runs get. Unprivileged, the
 * call fails and changes nothing, and stack_hard_note() says so. */
static void lift_stack_hard(void) {
  struct rlimit lim;
  if (getrlimit(RLIMIT_STACK, &lim) != 0 || lim.rlim_max == RLIM_INFINITY)
    return;
  lim.rlim_max = RLIM_INFINITY;
  (void)setrlimit(RLIMIT_STACK, &lim);
}

/* A stack the runs cannot get: an unprivileged process may lower its hard
 * RLIMIT_STACK but never raise it, so the runs get that much at most. */
static void stack_hard_note(const check_options *o) {
  struct rlimit lim;
  if (getrlimit(RLIMIT_STACK, &lim) != 0 || lim.rlim_max == RLIM_INFINITY ||
      o->json)
    return;
  if (o->stack_mb == 0 || (rlim_t)o->stack_mb * 1048576 > lim.rlim_max)
    check_error("note: the hard stack limit here is %llu MB, so "
                "runs got that, not the problem's stack",
                (unsigned long long)(lim.rlim_max / 1048576));
}

int check_main(int argc, char **argv) {
  static check_options opt;
  memset(&opt, 0, sizeof opt);
  parse_check_options(argc, argv, &opt);
  signal(SIGPIPE, SIG_IGN); /* a program that stops reading: EPIPE */

  checker k = {0};
  k.argv = opt.argv;
  k.layout = opt.layout;
  k.answer = opt.answer;
  k.limits.cpu_seconds = opt.seconds;
  k.limits.wall_seconds = opt.wall;
  k.limits.memory_mb = opt.memory_mb;
  k.limits.stack_mb = opt.stack_mb;
  k.cases = opt.problem->max_cases;
  lift_stack_hard();
  struct rlimit hard;
  if (getrlimit(RLIMIT_STACK, &hard) == 0 && hard.rlim_max != RLIM_INFINITY &&
      (k.limits.stack_mb == 0 ||
       (rlim_t)k.limits.stack_mb * 1048576 > hard.rlim_max))
    k.limits.stack_mb = (size_t)(hard.rlim_max / 1048576); /* all it gets */
  k.progress = !opt.quiet && isatty(STDERR_FILENO);
  k.started = clock_now();
  int setup = run_setup();

  shelf_judge judge = {opt.problem,   opt.answer,    opt.max_n,     opt.lo,
                       opt.hi,        opt.tries,     opt.seed,      opt.seconds,
                       check_run_one, check_release, show_progress, &k,
                       1,             NULL,          NULL,          opt.budget,
                       NULL};
  /* Side by side: a worker process a job; without them (a fork that
   * failed), one run at a time, as the verdicts are the same. */
  if (opt.jobs > 1 && (k.pool = pool_open(&k, opt.jobs)) != NULL) {
    judge.jobs = opt.jobs;
    judge.start = pool_start;
    judge.finish = pool_finish;
    judge.cancel = pool_cancel;
  }
  shelf_judgement j;
  shelf_status st = shelf_judge_run(&judge, &j);
  pool_close(k.pool); /* before this process runs a program itself */
  k.pool = NULL;
  judge.jobs = 1;
  if (k.progress && k.staged)
    fputs("\r\033[K", stderr);
  int status = 1;
  if (st != SHELF_OK) {
    if (k.start_errno != 0) {
      cannot_start(&k);
      status = 2;
    } else if (k.starved == 2) {
      check_error(
          "no verdict: a process the program started would "
          "not die (it may be stuck in the kernel); its time would count "
          "against the next run");
    } else if (k.starved && k.starved_state != 'R') {
      check_error("no verdict: a run was %s when the clock cap "
                  "ended it (%.0f s by the clock, %.2g s of CPU)",
                  run_state_words(k.starved_state), k.starved_wall,
                  k.starved_cpu);
    } else if (k.starved) {
      check_error(
          "no verdict: the machine is too busy (a run was "
          "ready to run for %.0f s by the clock and got %.2g s of CPU); "
          "try again when it is quieter",
          k.starved_wall, k.starved_cpu);
    } else {
      check_error("%s", shelf_strerror(st));
    }
    shelf_judgement_free(&j);
    return status;
  }
  check_stack(&k, &j);
  check_pypy(&k, &j);
  /* A problem of several cases a file: full files, once every single try
   * passed. */
  static file_failure file;
  if (j.verdict == SHELF_VERDICT_OK && k.cases > 0) {
    int e = check_files(&k, &judge, &file);
    if (e > 0) {
      k.start_errno = e;
      cannot_start(&k);
      file_failure_free(&file);
      shelf_judgement_free(&j);
      return 2;
    }
    if (e < 0) {
      check_error("out of memory");
      file_failure_free(&file);
      shelf_judgement_free(&j);
      return 1;
    }
  }
  char hint[400];
  const char *said_hint = NULL;
  if (j.verdict != SHELF_VERDICT_OK)
    said_hint = layout_hint(&k, &judge, &j, hint, sizeof hint);
  stack_hard_note(&opt);
  if (setup != 0 && !opt.json)
    check_error("note: processes a program starts are stopped "
                "only within its process group here (%s)",
                strerror(setup));

  char program[1024], failure[512];
  size_t at = 0;
  for (size_t a = 0; opt.argv[a] != NULL && at + 1 < sizeof program; a++) {
    char shown[SHOWN_SIZE];
    int w = snprintf(program + at, sizeof program - at, "%s%s", a ? " " : "",
                     escape_text(opt.argv[a], shown, sizeof shown));
    if (w < 0)
      break;
    at += (size_t)w;
  }
  shelf_report_words words = {program,
                              0,
                              opt.layout,
                              opt.problem->name,
                              opt.seed,
                              opt.memory_mb,
                              check_failure_words(j.verdict, j.detail,
                                                  &k.limits, &k.stack, failure,
                                                  sizeof failure)};
  char replay[1200];
  const char *saved = NULL;
  if (opt.save_input != NULL && j.verdict != SHELF_VERDICT_OK &&
      j.weights != NULL) {
    char shown[SHOWN_SIZE];
    int e = save_input(opt.save_input, &opt, &j);
    if (e != 0) {
      check_error("cannot write %s: %s",
                  escape_text(opt.save_input, shown, sizeof shown),
                  strerror(e));
    } else {
      saved = opt.save_input;
      snprintf(replay, sizeof replay, "%s < %s", program,
               escape_text(opt.save_input, shown, sizeof shown));
    }
  }
  check_report rep = {&judge,    &j,    &words,
                      &k,        said_hint, saved,
                      replay,    file.failed ? &file : NULL};
  static out o;
  out_init(&o, STDOUT_FILENO);
  if (opt.json)
    report_json(&o, &rep);
  else
    report_text(&o, &rep);
  status = j.verdict == SHELF_VERDICT_OK && !file.failed ? 0 : 1;
  if (out_flush(&o) != 0 && status == 0)
    status = 1;
  file_failure_free(&file);
  shelf_judgement_free(&j);
  return status;
}
