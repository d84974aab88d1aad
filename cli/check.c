/*
 * check.c - `shelf check [OPTIONS] PROGRAM [ARG...]`, the judge: runs
 * anyone's solution on the shelves of check_plan.c, each against libshelf's
 * exact answer, stops at the first failure, shrinks it to the smallest
 * shelf that still fails the same way, and names the mistake
 * (check_judge.c) in a report (check_report.c).
 *
 * Exit status: 0 every try passed, 1 one failed, 2 a usage error or a
 * PROGRAM that cannot be started.
 */
#include "check.h"
#include "teach.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ==== The problems, as their statements give them ==== */

static const int64_t cses_1[] = {4, 5, 1, 3};
static const int64_t *const cses_samples[] = {cses_1, NULL};
static const size_t cses_n[] = {4};

static const int64_t atcoder_1[] = {10, 80}, atcoder_2[] = {10, 100, 10},
                     atcoder_3[] = {10},
                     atcoder_4[] = {1000000000, 1, 1000000000, 1, 1000000000, 1,
                                    1000000000, 1, 1000000000, 1},
                     atcoder_5[] = {4, 2, 9, 7, 1, 5};
static const int64_t *const atcoder_samples[] = {
    atcoder_1, atcoder_2, atcoder_3, atcoder_4, atcoder_5, NULL};
static const size_t atcoder_n[] = {2, 3, 1, 10, 6};

static const int64_t leetcode_1[] = {1, 5, 2}, leetcode_2[] = {1, 5, 233, 7};
static const int64_t *const leetcode_samples[] = {leetcode_1, leetcode_2, NULL};
static const size_t leetcode_n[] = {3, 4};

static const problem problems[] = {
    {"cses", LAYOUT_COUNTED, SHELF_ANSWER_FIRST, 5000, -1000000000, 1000000000, 512,
     cses_samples, cses_n},
    {"atcoder", LAYOUT_COUNTED, SHELF_ANSWER_MARGIN, 3000, 1, 1000000000, 1024,
     atcoder_samples, atcoder_n},
    {"leetcode486", LAYOUT_LIST, SHELF_ANSWER_WINNER, 20, 0, 10000000, 0,
     leetcode_samples, leetcode_n},
    {"seed", LAYOUT_LIST, SHELF_ANSWER_MARGIN, 500, 1, 10000, 0, NULL, NULL},
};

static const char usage_text[] =
    "Usage: shelf check [OPTIONS] PROGRAM [ARG...]\n"
    "\n"
    "Judge a solution of the ripening-shelf game: run PROGRAM (directly, not\n"
    "through a shell) on the seed's cases, the problem's samples, edge\n"
    "shelves and random shelves of growing size, each against shelf's exact\n"
    "answer; stop at the first failure, shrink it to the smallest shelf that\n"
    "still fails, and name the mistake. Options end at PROGRAM.\n"
    "\n"
    "  --problem NAME       the input layout, the answer and the limits of a\n"
    "                       problem: cses (CSES 1097), atcoder (DP contest "
    "L),\n"
    "                       leetcode486, seed (the default)\n"
    "  --layout L           counted (the count, then the weights), line, list\n"
    "  --answer A           margin, first, second, winner (true or false)\n"
    "  --max-n N            the largest shelf to try\n"
    "  --range LO..HI       the weights' range\n"
    "  --tries K            random shelves after the fixed ones (default 300)\n"
    "  --seed S             the random shelves' seed (shown when not given)\n"
    "  --time-limit S       seconds of wall clock a run (default 2)\n"
    "  --memory-limit MB    address space a run (default the problem's)\n"
    "  --json               the report as one JSON object\n"
    "  -h, --help           this help\n"
    "\n"
    "Verdicts: wrong, crash, timeout, memory, bad-output, unstable.\n"
    "Mistakes: greedy, added, left-index, wrong-quantity, strict-tie,\n"
    "overflow32.\n"
    "\n"
    "Example:\n"
    "  shelf check --problem cses ./removal_game\n"
    "  shelf check --problem leetcode486 python3 solution.py\n"
    "\n"
    "Exit status: 0 every try passed, 1 one failed, 2 usage error or a\n"
    "PROGRAM that cannot be started.\n";

static void usage_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("shelf: check: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputs(" (shelf check --help for usage)\n", stderr);
  va_end(ap);
  exit(2);
}

/* ==== Options ==== */

typedef struct check_options {
  problem problem;
  size_t tries;
  int seed_given;
  uint64_t seed;
  double seconds;
  int memory_given;
  size_t memory_mb;
  int json;
  char **argv; /* PROGRAM [ARG...] */
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
  OPT_MEMORY,
  OPT_JSON
};

static int pick(const char *arg, const char *const *names, int count) {
  for (int k = 0; k < count; k++)
    if (strcmp(arg, names[k]) == 0)
      return k;
  return -1;
}

static void parse_check_options(int argc, char **argv, check_options *o) {
  static const struct option longs[] = {
      {"problem", required_argument, NULL, OPT_PROBLEM},
      {"layout", required_argument, NULL, OPT_LAYOUT},
      {"answer", required_argument, NULL, OPT_ANSWER},
      {"max-n", required_argument, NULL, OPT_MAX_N},
      {"range", required_argument, NULL, OPT_RANGE},
      {"tries", required_argument, NULL, OPT_TRIES},
      {"seed", required_argument, NULL, OPT_SEED},
      {"time-limit", required_argument, NULL, OPT_TIME},
      {"memory-limit", required_argument, NULL, OPT_MEMORY},
      {"json", no_argument, NULL, OPT_JSON},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  static const char *const layouts[] = {"counted", "line", "list"};
  static const char *const answers[] = {"margin", "first", "second", "winner"};
  /* Parts given on their own win over the problem's, whatever the order. */
  int layout_k = -1, answer_k = -1, range_given = 0;
  size_t max_n = 0;
  int64_t lo = 0, hi = 0;
  char shown[SHOWN_SIZE];
  uint64_t v;
  o->problem = problems[3];
  o->tries = 300;
  o->seconds = 2;
  int c;
  optind = 1;
  opterr = 0;
  /* "+": options end at the first argument that is not one, PROGRAM. */
  while ((c = getopt_long(argc, argv, "+h", longs, NULL)) != -1) {
    const char *arg = optarg ? escape_text(optarg, shown, sizeof shown) : "";
    switch (c) {
    case OPT_PROBLEM: {
      int k = -1;
      for (int p = 0; p < 4; p++)
        if (strcmp(optarg, problems[p].name) == 0)
          k = p;
      if (k < 0)
        usage_error("unknown problem '%s' (use cses, atcoder, leetcode486 or "
                    "seed)",
                    arg);
      o->problem = problems[k];
      break;
    }
    case OPT_LAYOUT:
      if ((layout_k = pick(optarg, layouts, 3)) < 0)
        usage_error("unknown layout '%s' (use counted, line or list)", arg);
      break;
    case OPT_ANSWER:
      if ((answer_k = pick(optarg, answers, 4)) < 0)
        usage_error("unknown answer '%s' (use margin, first, second or "
                    "winner)",
                    arg);
      break;
    case OPT_MAX_N:
      if (!teach_parse_u64(optarg, 100000000, &v) || v == 0)
        usage_error("--max-n needs a number of wheels from 1 to 10^8, not "
                    "'%s'",
                    arg);
      max_n = (size_t)v;
      break;
    case OPT_RANGE:
      if (!teach_parse_range(optarg, &lo, &hi) || lo > hi)
        usage_error("--range needs LO..HI with LO <= HI, such as 1..10000, "
                    "not '%s'",
                    arg);
      range_given = 1;
      break;
    case OPT_TRIES:
      if (!teach_parse_u64(optarg, 100000000, &v))
        usage_error("--tries needs a number from 0 to 10^8, not '%s'", arg);
      o->tries = (size_t)v;
      break;
    case OPT_SEED:
      if (!teach_parse_u64(optarg, UINT64_MAX, &o->seed))
        usage_error("--seed needs a whole number from 0 to 2^64-1, not '%s'",
                    arg);
      o->seed_given = 1;
      break;
    case OPT_TIME: {
      char *end;
      errno = 0;
      double s = strtod(optarg, &end);
      if (end == optarg || *end != '\0' || errno || !(s > 0) || s > 86400)
        usage_error("--time-limit needs seconds above 0, such as 2 or 0.5, "
                    "not '%s'",
                    arg);
      o->seconds = s;
      break;
    }
    case OPT_MEMORY:
      if (!teach_parse_u64(optarg, 1u << 20, &v) || v == 0)
        usage_error("--memory-limit needs megabytes from 1 to 2^20, not '%s'",
                    arg);
      o->memory_mb = (size_t)v;
      o->memory_given = 1;
      break;
    case OPT_JSON:
      o->json = 1;
      break;
    case 'h':
      fputs(usage_text, stdout);
      exit(0);
    default:
      if (optopt != 0 && optopt != '?')
        usage_error("option '%s' needs an argument", argv[optind - 1]);
      usage_error("unknown option '%s'",
                  escape_text(argv[optind - 1], shown, sizeof shown));
    }
  }
  if (optind >= argc)
    usage_error("name the PROGRAM to check, such as ./solution or python3 "
                "solution.py");
  o->argv = argv + optind;
  if (layout_k >= 0)
    o->problem.layout = (enum layout)layout_k;
  if (answer_k >= 0)
    o->problem.answer = (shelf_answer)answer_k;
  if (max_n > 0)
    o->problem.max_n = max_n;
  if (range_given)
    o->problem.lo = lo, o->problem.hi = hi;
  if (!o->memory_given)
    o->memory_mb = o->problem.memory_mb;
  if (!o->seed_given)
    o->seed = teach_clock_seed();
}

/* ==== One try ==== */

/* Shelves this short are run twice, to catch an answer that changes. */
#define TWICE_MAX 16
/* The most runs spent shrinking. */
#define SHRINK_MAX 600
/* The most failing shelves kept for naming the mistake. */
#define FAILING_MAX 64

typedef struct checker {
  const check_options *opt;
  run_limits limits;
  timing *timings; /* runs that ended in time */
  size_t timing_count, timing_cap;
  failing failing[FAILING_MAX];
  size_t failing_count;
  int progress; /* standard error is a terminal */
  int shrunk;   /* shrink() found a smaller failing shelf */
} checker;

static void keep_timing(checker *k, size_t n, double cpu) {
  if (k->timing_count == k->timing_cap) {
    size_t cap = k->timing_cap ? 2 * k->timing_cap : 256;
    timing *t = realloc(k->timings, cap * sizeof *t);
    if (t == NULL)
      return; /* the estimate only needs some */
    k->timings = t, k->timing_cap = cap;
  }
  k->timings[k->timing_count++] = (timing){n, cpu};
}

static void keep_failing(checker *k, const int64_t *w, size_t n, answer got) {
  if (k->failing_count == FAILING_MAX)
    return;
  int64_t *copy = malloc((n ? n : 1) * sizeof *copy);
  if (copy == NULL)
    return;
  memcpy(copy, w, n * sizeof *w);
  k->failing[k->failing_count++] = (failing){copy, n, got};
}

/* Runs the program once on w. Returns the verdict, or -1 after a message
 * when it cannot be started. */
static int try_once(checker *k, const int64_t *w, size_t n, answer expected,
                    answer *got, run_result *r) {
  size_t len;
  char *text = judge_input_text(k->opt->problem.layout, w, n, &len);
  if (text == NULL) {
    fputs("shelf: check: out of memory\n", stderr);
    return -1;
  }
  int e = run_program(k->opt->argv, text, len, &k->limits, r);
  free(text);
  if (e != 0) {
    char shown[SHOWN_SIZE];
    if (k->progress)
      fputs("\r\033[K", stderr); /* no progress left under the message */
    fprintf(stderr, "shelf: check: cannot run %s: %s\n",
            escape_text(k->opt->argv[0], shown, sizeof shown), strerror(e));
    return -1;
  }
  verdict v =
      judge_run(r, k->opt->problem.answer, k->limits.memory_mb, expected, got);
  if (v != VERDICT_TIMEOUT && v != VERDICT_MEMORY)
    keep_timing(k, n, r->cpu);
  return (int)v;
}

static void progress(checker *k, const char *what, size_t a, size_t b,
                     size_t n) {
  if (!k->progress)
    return;
  fprintf(stderr, "\rshelf check: %s %zu of %zu, %zu wheels\033[K", what, a, b,
          n);
}

/* ==== Shrinking ==== */

/* Shrinks the failing shelf w[0..*n) while a candidate fails with the same
 * verdict, keeping the last failing run in *r. Returns the runs spent, or
 * -1 when the program could not be run. */
static long shrink(checker *k, const shelf_plan *pl, int64_t *w, size_t *n,
                   verdict want, answer *expected, answer *got, run_result *r) {
  int64_t *cand = malloc((*n ? *n : 1) * sizeof *cand);
  if (cand == NULL)
    return 0;
  long runs = 0;
  int moved = 1;
  while (moved && runs < SHRINK_MAX) {
    moved = 0;
    size_t cn;
    for (size_t c = 0;
         runs < SHRINK_MAX && shelf_plan_shrink(pl, w, *n, c, cand, &cn); c++) {
      answer want_answer, cand_got = 0;
      if (shelf_answer_of(k->opt->problem.answer, cand, cn, &want_answer) !=
          SHELF_OK)
        continue;
      run_result cr;
      progress(k, "shrinking, run", (size_t)runs + 1, SHRINK_MAX, cn);
      int v = try_once(k, cand, cn, want_answer, &cand_got, &cr);
      runs++;
      if (v < 0) {
        free(cand);
        return -1;
      }
      if (v == (int)want) {
        if (v == VERDICT_WRONG)
          keep_failing(k, cand, cn, cand_got);
        memcpy(w, cand, cn * sizeof *w);
        *n = cn;
        *expected = want_answer;
        *got = cand_got;
        run_result_free(r);
        *r = cr;
        moved = 1;
        k->shrunk = 1;
        break;
      }
      run_result_free(&cr);
    }
  }
  free(cand);
  return runs;
}

/* ==== How time grows ==== */

/* After a time limit on n wheels: random shelves of 8, 16, 32, ... wheels
 * (below n), so that the growth estimate has runs of doubling size, until
 * one passes the limit. Returns the size of that one, or 0. */
static size_t probe_growth(checker *k, const shelf_plan *pl, size_t n) {
  int64_t *w = malloc((n ? n : 1) * sizeof *w);
  if (w == NULL)
    return 0;
  size_t over = 0;
  for (size_t m = 8; m < n; m *= 2) {
    shelf_random(pl->seed ^ (uint64_t)m, pl->lo, pl->hi, w, m);
    answer expected, got;
    run_result r;
    if (shelf_answer_of(k->opt->problem.answer, w, m, &expected) != SHELF_OK)
      break;
    progress(k, "timing, size", m, n, m);
    int v = try_once(k, w, m, expected, &got, &r);
    if (v < 0)
      break;
    run_result_free(&r);
    if (v == VERDICT_TIMEOUT) {
      over = m;
      break;
    }
  }
  free(w);
  return over;
}

/* ==== The check ==== */

int check_main(int argc, char **argv) {
  static check_options opt;
  memset(&opt, 0, sizeof opt);
  parse_check_options(argc, argv, &opt);
  signal(SIGPIPE, SIG_IGN); /* a program that stops reading: EPIPE */

  static checker k; /* its output buffer is large */
  memset(&k, 0, sizeof k);
  k.opt = &opt;
  k.limits.seconds = opt.seconds;
  k.limits.memory_mb = opt.memory_mb;
  k.progress = isatty(STDERR_FILENO);

  const problem *p = &opt.problem;
  shelf_plan pl = {p->max_n, p->lo,      p->hi,      opt.tries,
             opt.seed, p->samples, p->sample_n};
  size_t planned = shelf_plan_count(&pl);
  size_t room = p->max_n > 8 ? p->max_n : 8;
  int64_t *w = malloc(room * sizeof *w);
  if (w == NULL) {
    fputs("shelf: check: out of memory\n", stderr);
    return 1;
  }

  check_report rep = {0};
  rep.problem = p;
  rep.argv = opt.argv;
  rep.seed = opt.seed;
  rep.seconds = opt.seconds;
  rep.memory_mb = opt.memory_mb;
  rep.planned = planned;
  rep.verdict = VERDICT_OK;
  run_result run = {0};
  int status = 0;
  size_t fitting_passed = 0;
  for (size_t t = 0; t < planned; t++) {
    size_t n = 0;
    shelf_try kind = SHELF_TRY_SEED;
    if (shelf_plan_shelf(&pl, t, w, &n, &kind) != SHELF_OK) {
      /* The options were checked; a plan the library refuses is a bug,
       * and no try is said to have passed. */
      fputs("shelf: check: the plan of tries was refused\n", stderr);
      status = 2;
      break;
    }
    if (n == 0)
      continue;
    rep.tried++;
    progress(&k, "try", t + 1, planned, n);
    answer expected, got = 0;
    if (shelf_answer_of(p->answer, w, n, &expected) != SHELF_OK) {
      fputs("shelf: check: out of memory\n", stderr);
      status = 1;
      break;
    }
    int v = try_once(&k, w, n, expected, &got, &run);
    if (v < 0) {
      status = 2;
      break;
    }
    /* A time limit is run again before it is reported, as Hypothesis does
     * with a deadline: a busy machine can slow one run. */
    if (v == VERDICT_TIMEOUT) {
      run_result_free(&run);
      v = try_once(&k, w, n, expected, &got, &run);
      if (v < 0) {
        status = 2;
        break;
      }
    }
    /* Twice on a short shelf: the same input must give the same answer. */
    if (n <= TWICE_MAX && v != VERDICT_TIMEOUT) {
      run_result again;
      answer other = 0;
      int v2 = try_once(&k, w, n, expected, &other, &again);
      if (v2 < 0) {
        status = 2;
        break;
      }
      int same =
          v2 == v && other == got && again.out_len == run.out_len &&
          (run.out_len == 0 || memcmp(again.out, run.out, run.out_len) == 0);
      if (v2 == VERDICT_TIMEOUT || v2 == VERDICT_MEMORY) {
        /* A limit on the second run is that verdict, not a change. */
        v = v2;
        run_result_free(&run);
        run = again;
        again = (run_result){0};
      } else if (!same) {
        rep.has_got = v == VERDICT_OK || v == VERDICT_WRONG;
        rep.has_other = v2 == VERDICT_OK || v2 == VERDICT_WRONG;
        rep.other = other;
        v = VERDICT_UNSTABLE;
      }
      run_result_free(&again);
    }
    /* A crash under a memory limit that goes away without the limit is the
     * limit: malloc returned NULL, and C code rarely says so. */
    if (v == VERDICT_CRASH && k.limits.memory_mb > 0) {
      run_result free_run;
      answer free_got;
      k.limits.memory_mb = 0;
      int v2 = try_once(&k, w, n, expected, &free_got, &free_run);
      k.limits.memory_mb = opt.memory_mb;
      if (v2 < 0) {
        status = 2;
        break;
      }
      if (v2 != VERDICT_CRASH)
        v = VERDICT_MEMORY;
      run_result_free(&free_run);
    }
    if (v == VERDICT_OK) {
      if (shelf_fits_31_bits(w, n))
        fitting_passed++;
      run_result_free(&run);
      continue;
    }
    /* The first failure: shrink it if it shrinks, and report. */
    rep.verdict = (verdict)v;
    rep.try_index = t + 1;
    rep.kind = kind;
    rep.original_n = n;
    if (v == VERDICT_WRONG)
      keep_failing(&k, w, n, got);
    if (v == VERDICT_WRONG || v == VERDICT_CRASH || v == VERDICT_BAD_OUTPUT) {
      long runs = shrink(&k, &pl, w, &n, (verdict)v, &expected, &got, &run);
      if (runs < 0) {
        status = 2;
        break;
      }
      rep.shrink_runs = (size_t)runs;
      rep.shrunk = k.shrunk;
    }
    if (v == VERDICT_TIMEOUT)
      rep.timeout_n = probe_growth(&k, &pl, n);
    rep.w = w;
    rep.n = n;
    rep.expected = expected;
    rep.got = got;
    if (v == VERDICT_WRONG)
      rep.has_got = 1;
    rep.run = &run;
    if (v == VERDICT_WRONG) {
      /* The shrunk shelf first: it decides overflow32. */
      for (size_t i = 0; i < k.failing_count; i++) {
        if (k.failing[i].n == n &&
            memcmp(k.failing[i].w, w, n * sizeof *w) == 0) {
          failing f = k.failing[0];
          k.failing[0] = k.failing[i];
          k.failing[i] = f;
          break;
        }
      }
      shelf_failure seen[FAILING_MAX];
      for (size_t i = 0; i < k.failing_count; i++)
        seen[i] = (shelf_failure){k.failing[i].w, k.failing[i].n,
                                  k.failing[i].got};
      /* Out of memory names no mistake: the report says none. */
      shelf_mistake_of(p->answer, seen, k.failing_count, fitting_passed >= 3,
                       &rep.mistake);
    }
    status = 1;
    break;
  }
  if (k.progress)
    fputs("\r\033[K", stderr);
  if (status != 2) {
    rep.timings = k.timings;
    rep.timing_count = k.timing_count;
    static out o;
    out_init(&o, STDOUT_FILENO);
    if (opt.json)
      report_json(&o, &rep);
    else
      report_text(&o, &rep);
    if (out_flush(&o) != 0 && status == 0)
      status = 1;
  }
  run_result_free(&run);
  for (size_t i = 0; i < k.failing_count; i++)
    free(k.failing[i].w);
  free(k.timings);
  free(w);
  return status;
}
