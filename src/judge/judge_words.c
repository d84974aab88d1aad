/*
 * judge_words.c - a judgement in a learner's words, the same for every
 * surface: the verdict and the try, the shelf ready to paste, what was
 * expected and what came, the mistake and why it fails on this very shelf,
 * and for a time limit how the time grows; and the progress line shown
 * while it judges. Each surface adds only what it alone has (a program's
 * output and standard error, where the line goes), so the command and
 * Python never word a verdict, or the line, two ways.
 *
 * No sentence here may contradict the verdict: a growth rate that would
 * have finished in time is said to be not the whole story, never given as
 * if it explained the time limit.
 */
#include "internal.h"
#include "text.h"

#include <stdio.h>
#include <string.h>

/* Shelves longer than this are described, not printed: as runs of equal
 * weights when they have at most SHOWN_RUNS, else by their ends. */
#define SHOWN_WHEELS 200
#define SHOWN_RUNS 12

static void say_size(text *s, size_t v) { shelf__text_i128(s, (i128)v); }

/* Seconds as a person reads them: 0.734, 12.5, 0.0004, written into buf
 * (SECONDS_SIZE bytes) for a %s. printf's %g, since the library's own
 * printf (text.h) has no floating point. Returns buf. */
enum { SECONDS_SIZE = 48 };
static const char *seconds(char *buf, double v) {
  snprintf(buf, SECONDS_SIZE, v >= 0.001 || v <= 0 ? "%.3g" : "%.1g", v);
  return buf;
}

static void say_seconds(text *s, double v) {
  char buf[SECONDS_SIZE];
  shelf__text_str(s, seconds(buf, v));
}

static void say_answer(text *s, shelf_answer k, i128 a) {
  if (k == SHELF_ANSWER_WINNER)
    shelf__text_str(s, a ? "true" : "false");
  else
    shelf__text_i128(s, a);
}

/* An answer the program may not have given. */
static void say_answer_or_none(text *s, shelf_answer k, int has, i128 a) {
  if (has)
    say_answer(s, k, a);
  else
    shelf__text_str(s, "no answer");
}

static const char *answer_words(shelf_answer k) {
  switch (k) {
  case SHELF_ANSWER_FIRST:
    return "the first buyer's total";
  case SHELF_ANSWER_SECOND:
    return "the second buyer's total";
  case SHELF_ANSWER_WINNER:
    return "whether the first buyer's total is at least the second's";
  case SHELF_ANSWER_MARGIN:
  default:
    return "the margin";
  }
}

static const char *layout_words(shelf_layout l) {
  return l == SHELF_LAYOUT_COUNTED ? "the count, then the weights"
         : l == SHELF_LAYOUT_LINE  ? "the weights on one line"
                                   : "a bracketed list";
}

/* How the surface names its options: --seed 7 or seed=7. */
static void say_option(text *s, const shelf_report_words *w, const char *name,
                       const char *value, int quoted) {
  shelf__text_str(s, w->function ? "" : "--");
  shelf__text_str(s, name);
  shelf__text_str(s, w->function ? "=" : " ");
  if (quoted && w->function)
    shelf__text_str(s, "'");
  shelf__text_str(s, value);
  if (quoted && w->function)
    shelf__text_str(s, "'");
}

static void say_where(text *s, const shelf_report_words *w) {
  char seed[SHELF_I128_BUFSIZE];
  shelf_i128_format(w->seed, seed);
  say_option(s, w, "problem", w->problem, 1);
  shelf__text_str(s, ", ");
  say_option(s, w, "seed", seed, 0);
}

/* ==== Why the mistake fails here ==== */

static int all_zeros(const int64_t *w, size_t n) {
  for (size_t k = 0; k < n; k++)
    if (w[k] != 0)
      return 0;
  return n > 0;
}

static void say_why_here(text *s, const shelf_judgement *j,
                         const shelf_judge *judge) {
  shelf_result r;
  if (shelf_solve(j->weights, j->n, SHELF_ENGINE_LINEAR, &r) != SHELF_OK)
    return;
  char said[SHELF_SENTENCE_BUFSIZE];
  const shelf_growth *g = &j->growth;
  switch (j->mistake) {
  case SHELF_MISTAKE_GREEDY: {
    shelf_explanation e;
    if (shelf_explain(j->weights, j->n, 0, &e) != SHELF_OK)
      return;
    static const shelf_sentence which[] = {
        SHELF_SENTENCE_PERFECT, SHELF_SENTENCE_GREEDY, SHELF_SENTENCE_TRAP};
    for (size_t k = 0; k < 3; k++) {
      shelf_explain_sentence(&e, which[k], said, sizeof said, NULL);
      shelf__text_str(s, "  ");
      shelf__text_str(s, said);
      shelf__text_str(s, "\n");
    }
    return;
  }
  case SHELF_MISTAKE_ADDED:
  case SHELF_MISTAKE_LEFT_INDEX: {
    i128 m;
    if (shelf__mistake_margin(j->mistake, j->weights, j->n, &m) != SHELF_OK)
      return;
    shelf__text_format(
        s,
        "  On this shelf that table gives a margin of %I, and perfect "
        "play %I.\n",
        &m, &r.margin);
    return;
  }
  case SHELF_MISTAKE_WRONG_QUANTITY:
    shelf__text_format(s,
                       "  On this shelf the margin is %I, the first buyer's "
                       "total %I and the second's %I; the problem asks for "
                       "%s.\n",
                       &r.margin, &r.first, &r.second,
                       answer_words(judge->answer));
    return;
  case SHELF_MISTAKE_STRICT_TIE:
    shelf__text_str(
        s, "  On this shelf the buyers tie under perfect play: the answer is "
           "true.\n");
    return;
  case SHELF_MISTAKE_OVERFLOW32: {
    /* Which number of this shelf passes which edge, the first of them that
     * does: sum + margin is twice the first buyer's total, sum - margin
     * twice the second's. */
    i128 sum = r.first + r.second, size = 0;
    const struct {
      const char *name;
      i128 v;
    } numbers[] = {{"the margin", r.margin},
                   {"the first buyer's total", r.first},
                   {"the second buyer's total", r.second},
                   {"the sum", sum},
                   {"the sum plus the margin", sum + r.margin},
                   {"the sum minus the margin", sum - r.margin}};
    for (size_t k = 0; k < j->n; k++)
      size += j->weights[k] < 0 ? -(i128)j->weights[k] : j->weights[k];
    shelf__text_format(s,
                       "  On this shelf the sum is %I, the margin %I and the "
                       "totals %I and %I: ",
                       &sum, &r.margin, &r.first, &r.second);
    size_t k = 0;
    while (k < sizeof numbers / sizeof numbers[0] &&
           numbers[k].v <= INT32_MAX && numbers[k].v >= INT32_MIN)
      k++;
    if (k < sizeof numbers / sizeof numbers[0])
      shelf__text_format(s, "%s passes %s.", numbers[k].name,
                         numbers[k].v > 0 ? "2147483647" : "-2147483648");
    else
      shelf__text_format(s,
                         "its wheels weigh %I kilos in all (by size), and "
                         "twice that passes 2147483647.",
                         &size);
    shelf__text_format(s,
                       " The answer printed is what 32-bit arithmetic gives "
                       "here, and the same %z wheels with weights of a few "
                       "kilos passed.\n",
                       j->n);
    return;
  }
  case SHELF_MISTAKE_LARGEST_N:
    shelf__text_format(
        s,
        "  This shelf has %z wheels, the problem's largest; its first %z "
        "wheels alone pass, and so do its last %z.\n",
        j->n, j->n > 0 ? j->n - 1 : (size_t)0, j->n > 0 ? j->n - 1 : (size_t)0);
    return;
  case SHELF_MISTAKE_ZERO_MEMO:
    if (g->slow_zeros > 0) {
      shelf__text_format(s,
                         "  On the shelf that first ran out of time (%z "
                         "wheels), %z of its %z blocks have a lead of 0.",
                         j->shrunk_from, g->slow_zeros,
                         j->shrunk_from * (j->shrunk_from + 1) / 2);
    }
    if (g->fast_n > 0) {
      shelf__text_str(s, g->slow_zeros > 0 ? " A" : "  A");
      shelf__text_str(s,
                      " shelf of the same length where no block does ran in ");
      say_seconds(s, g->fast_cpu);
      shelf__text_str(s, " s of CPU.");
    }
    if (j->n < j->shrunk_from && all_zeros(j->weights, j->n)) {
      shelf__text_str(s, g->slow_zeros > 0 || g->fast_n > 0 ? " Every"
                                                            : "  Every");
      shelf__text_str(s, " block of a shelf of ");
      say_size(s, j->n);
      shelf__text_str(
          s, " zeros has lead 0, and it runs out of time even at twice the "
             "limit, while random shelves of up to ");
      say_size(s, g->longest);
      shelf__text_str(s, " wheels ran in time.");
    }
    shelf__text_str(s, "\n");
    return;
  case SHELF_MISTAKE_SENTINEL_MEMO:
    shelf__text_format(s,
                       "  On this shelf of %z wheels, %z of its %z blocks "
                       "have %s of %I, a value memo tables take for \"not "
                       "computed\"; it runs out of time even at twice the "
                       "limit.",
                       j->n, j->sentinel_blocks, j->n * (j->n + 1) / 2,
                       j->sentinel_total ? "a total for the buyer to move"
                                         : "a lead",
                       &j->sentinel);
    if (g->fast_n > 0) {
      shelf__text_str(s, " A shelf of the same length where no block does "
                         "ran in ");
      say_seconds(s, g->fast_cpu);
      shelf__text_str(s, " s of CPU.");
    }
    shelf__text_str(s, "\n");
    return;
  case SHELF_MISTAKE_EXPONENTIAL: {
    size_t n = j->n;
    shelf__text_format(s, "  This shelf of %z wheels ran out of time", n);
    if (g->over_n > 0 && g->over_n < n)
      shelf__text_format(s, " (and a random one of %z did)", g->over_n);
    shelf__text_format(s,
                       ". A table of leads has n(n+1)/2 cells, %z of them "
                       "here; the orders of moves number 2^%z.\n",
                       n * (n + 1) / 2, n > 0 ? n - 1 : (size_t)0);
    return;
  }
  default:
    return;
  }
}

/* ==== How the time grows ==== */

static void say_growth(text *s, const shelf_judgement *j,
                       const shelf_judge *judge) {
  const shelf_growth *g = &j->growth;
  double limit = judge->time_limit;
  if (g->startup >= 0.05) {
    char t[SECONDS_SIZE];
    shelf__text_format(s,
                       "  Start-up: %s s of CPU on the shortest shelves, "
                       "whatever their weights; the times below are beyond "
                       "it.\n",
                       seconds(t, g->startup));
  }
  if ((j->mistake == SHELF_MISTAKE_ZERO_MEMO ||
       j->mistake == SHELF_MISTAKE_SENTINEL_MEMO) &&
      g->fast_n > 0)
    return; /* the why says it: a shelf of this length ran in time */
  /* The rates speak of the shelf that first ran out of time, not of the
   * smaller one shrinking found. */
  size_t failed_n = j->shrunk_from > j->n ? j->shrunk_from : j->n;
  char t1[SECONDS_SIZE], t2[SECONDS_SIZE], t3[SECONDS_SIZE];
  if (j->mistake == SHELF_MISTAKE_EXPONENTIAL && g->per_wheel > 1) {
    char f[32];
    snprintf(f, sizeof f, "%.2g", g->per_wheel);
    shelf__text_format(s,
                       "  Growth: each wheel more multiplies the time by "
                       "about %s (%z wheels ran in %s s of CPU), as a search "
                       "of every order grows.\n",
                       f, g->longest, seconds(t1, g->longest_cpu));
    return;
  }
  if (g->longest >= j->shrunk_from && g->longest > 0) {
    shelf__text_format(s,
                       "  Growth: a shelf of %z wheels ran in %s s of CPU, so "
                       "it is not the length: this shelf's weights make the "
                       "program slow.\n",
                       g->longest, seconds(t1, g->longest_cpu));
    return;
  }
  double base = g->startup > 0 ? g->startup : 0;
  if (g->fitted) {
    char e[32];
    snprintf(e, sizeof e, "%.1f", g->exponent);
    shelf__text_format(
        s,
        "  Growth: about n^%s as n doubles (%z wheels in %s s, %z in %s s "
        "of CPU)",
        e, g->n_lo, seconds(t1, g->t_lo), g->n_hi, seconds(t2, g->t_hi));
    if (failed_n > g->n_hi) {
      double need =
          base + g->t_hi * shelf__real_exp(g->exponent *
                                           shelf__real_log((double)failed_n /
                                                           (double)g->n_hi));
      shelf__text_format(s, "; at that rate %z wheels need about %s s",
                         failed_n, seconds(t1, need));
      if (need >= limit)
        shelf__text_format(s, " against the %s s limit.\n", seconds(t2, limit));
      else
        shelf__text_format(
            s,
            ", under the %s s limit, so the length alone does not explain "
            "it: this shelf's weights make the program slower than shelves "
            "of its length.\n",
            seconds(t2, limit));
    } else {
      shelf__text_str(s, ".\n");
    }
    return;
  }
  /* Too quick to measure, then past the limit: a lower bound from the
   * longest shelf that ran in time and the shortest that did not. */
  size_t over = g->over_n ? g->over_n : failed_n;
  if (g->longest == 0 || g->longest >= over)
    return;
  double t = g->longest_cpu - base;
  if (t < 0.001)
    t = 0.001;
  double e = shelf__real_log(limit / t) /
             shelf__real_log((double)over / (double)g->longest);
  char es[32];
  snprintf(es, sizeof es, "%.1f", e);
  shelf__text_format(s,
                     "  Growth: at least n^%s as n doubles (%z wheels in %s s "
                     "of CPU beyond start-up, %z past the %s s limit)",
                     es, g->longest, seconds(t1, t), over, seconds(t3, limit));
  shelf__text_str(
      s, e > 6 ? ": faster than any small power of n, as a search of every "
                 "order grows.\n"
               : ".\n");
}

/* ==== The report ==== */

/* What a try kind and a verdict are in the report: their lists' words. */
#define WORDS_(NAME, value, name, words) [value] = words,
static const char *const kind_words[] = {SHELF_TRY_LIST(WORDS_)};
static const char *const verdict_words[] = {SHELF_VERDICT_LIST(WORDS_)};
static const char *const stage_words[] = {SHELF_STAGE_LIST(WORDS_)};
#undef WORDS_

static void say_passed(text *s, const shelf_judgement *j,
                       const shelf_judge *judge, const shelf_report_words *w) {
  shelf__text_format(s,
                     "shelf check: passed: %s gave the right answer on all "
                     "%z tries (",
                     w->program, j->tried);
  say_option(s, w, "problem", w->problem, 1);
  shelf__text_str(s, ": ");
  if (!w->function)
    shelf__text_format(s, "%s in, ", layout_words(w->layout));
  shelf__text_format(s, "%s out; 1 to %z wheels of %w..%w; ",
                     answer_words(judge->answer), judge->max_n, judge->lo,
                     judge->hi);
  char seed[SHELF_I128_BUFSIZE];
  shelf_i128_format(w->seed, seed);
  say_option(s, w, "seed", seed, 0);
  shelf__text_str(s, ").");
  if (j->skipped > 0) {
    shelf__text_format(
        s,
        " The plan has %z tries; %z %s not fit this problem's limits (a case "
        "of docs/problem.md outside its weights or length, an edge shelf "
        "that says nothing new at this length) and %s passed over.",
        j->planned, j->skipped, j->skipped == 1 ? "does" : "do",
        j->skipped == 1 ? "was" : "were");
  }
  if (j->cut_tries > 0)
    shelf__text_format(s,
                       " The budget of the program's CPU time left %z "
                       "random tries of %z out (--budget 0 runs them all).",
                       j->cut_tries, judge->tries);
  shelf__text_str(s, "\n");
}

/* The number of runs of equal weights in w. */
static size_t runs_of(const int64_t *w, size_t n) {
  size_t runs = n > 0;
  for (size_t k = 1; k < n; k++)
    runs += w[k] != w[k - 1];
  return runs;
}

/* A long shelf of few runs, as Python writes it, which says each weight
 * and how many times: [-1] * 4999 + [2]. */
static void say_runs(text *s, const int64_t *w, size_t n) {
  for (size_t k = 0; k < n;) {
    size_t end = k + 1;
    while (end < n && w[end] == w[k])
      end++;
    shelf__text_str(s, k ? " + [" : "[");
    shelf__text_i128(s, w[k]);
    shelf__text_str(s, "]");
    if (end - k > 1)
      shelf__text_format(s, " * %z", end - k);
    k = end;
  }
  shelf__text_str(s, "\n");
}

static void say_shelf(text *s, const shelf_judgement *j,
                      const shelf_report_words *w) {
  const char *unit = j->n == 1 ? "wheel" : "wheels";
  const char *reads =
      w->function ? "as the function gets it" : "as the program reads it";
  int long_shelf = j->n > SHOWN_WHEELS;
  if (j->shrunk && j->n < j->shrunk_from) {
    shelf__text_format(s, "The shelf, shrunk from %z to %z %s in %z runs",
                       j->shrunk_from, j->n, unit, j->shrink_runs);
  } else if (j->shrunk) {
    shelf__text_format(s,
                       "The shelf (%z %s, its weights made lighter in %z "
                       "runs)",
                       j->n, unit, j->shrink_runs);
  } else {
    shelf__text_format(s, "The shelf (%z %s)", j->n, unit);
  }
  if (long_shelf && runs_of(j->weights, j->n) <= SHOWN_RUNS) {
    shelf__text_str(s, ", its runs of equal weights as Python writes a "
                       "list:\n");
    say_runs(s, j->weights, j->n);
    return;
  }
  if (long_shelf) {
    shelf__text_format(s, ": %w, %w, %w, ..., %w (too long to print; ",
                       j->weights[0], j->weights[1], j->weights[2],
                       j->weights[j->n - 1]);
    shelf__text_str(s, w->function
                           ? "the report's wheels hold it)\n"
                           : "shelf check --save-input FILE writes it as the "
                             "program reads it)\n");
    return;
  }
  shelf__text_format(s, ", %s:\n", reads);
  size_t len = 0;
  shelf_layout l = w->function ? SHELF_LAYOUT_LIST : w->layout;
  shelf_layout_write(l, j->weights, j->n, NULL, 0, &len);
  char *written = malloc(len + 1);
  if (written != NULL) {
    shelf_layout_write(l, j->weights, j->n, written, len + 1, NULL);
    shelf__text_str(s, written);
    free(written);
  }
  shelf__text_str(s, "As shelf's arguments: shelf");
  for (size_t k = 0; k < j->n; k++) {
    shelf__text_str(s, " ");
    shelf__text_i128(s, j->weights[k]);
  }
  shelf__text_str(s, "\n");
}

static void say_got(text *s, const shelf_judgement *j, const shelf_judge *judge,
                    const shelf_report_words *w) {
  const char *subject = w->function ? "the function" : "the program";
  switch (j->verdict) {
  case SHELF_VERDICT_WRONG:
    shelf__text_str(s, "Got:      ");
    if (w->failure != NULL) /* an answer beyond shelf_i128, in words */
      shelf__text_str(s, w->failure);
    else
      say_answer(s, judge->answer, j->got);
    shelf__text_str(s, "\n");
    return;
  case SHELF_VERDICT_UNSTABLE:
    shelf__text_str(s, "Got:      ");
    say_answer_or_none(s, judge->answer, j->has_got, j->got);
    shelf__text_str(s, ", then on the same shelf ");
    say_answer_or_none(s, judge->answer, j->has_other, j->other);
    shelf__text_str(
        s, "; the same shelf must give the same answer (an uninitialised "
           "variable, or a random choice, gives another)\n");
    return;
  case SHELF_VERDICT_CRASH:
    shelf__text_str(s, "Got:      a crash: ");
    shelf__text_str(s, subject);
    shelf__text_str(s, " ");
    shelf__text_str(s, w->failure != NULL ? w->failure : "failed");
    shelf__text_str(s, "\n");
    return;
  case SHELF_VERDICT_BAD_OUTPUT:
    shelf__text_str(s, "Got:      not one answer of the asked form (");
    shelf__text_str(s, judge->answer == SHELF_ANSWER_WINNER ? "true or false"
                                                            : "an integer");
    shelf__text_str(s, ")");
    if (w->failure != NULL) {
      shelf__text_str(s, "; ");
      shelf__text_str(s, w->failure);
    }
    shelf__text_str(s, "\n");
    return;
  case SHELF_VERDICT_TIMEOUT:
    shelf__text_str(s, "Got:      no answer within the ");
    say_seconds(s, judge->time_limit);
    shelf__text_str(s, " s limit of CPU time on a shelf of ");
    say_size(s, j->n);
    shelf__text_str(s, j->n == 1 ? " wheel" : " wheels");
    shelf__text_str(
        s, w->function ? "; it was stopped.\n"
                       : "; it was stopped, with every process it started.\n");
    return;
  case SHELF_VERDICT_IDLE:
    shelf__text_str(s, "Got:      no answer, and ");
    shelf__text_str(s, subject);
    shelf__text_str(s, " was waiting, not computing: ");
    shelf__text_str(s, w->failure != NULL ? w->failure : "it used little CPU");
    if (w->function) {
      shelf__text_str(s,
                      ". A function that waits may be reading input (input()), "
                      "sleeping or waiting for a lock.\n");
      return;
    }
    shelf__text_str(
        s, ". A program that waits may read more input than it is given "
           "(");
    shelf__text_str(s, layout_words(w->layout));
    shelf__text_str(
        s, ", then the input ends), or wait for a process it started.\n");
    return;
  case SHELF_VERDICT_MEMORY:
    if (w->memory_mb == 0) {
      shelf__text_str(s, "Got:      it ran out of memory");
    } else {
      shelf__text_format(s, "Got:      more than its %z MB of resident memory",
                         w->memory_mb);
    }
    if (w->failure != NULL) {
      shelf__text_str(s, " (");
      shelf__text_str(s, w->failure);
      shelf__text_str(s, ")");
    }
    shelf__text_str(s, "; it was stopped.\n");
    return;
  default:
    return;
  }
}

shelf_status shelf_progress_write(const shelf_progress *p, const char *who,
                                  double spent, char *buf, size_t size,
                                  size_t *len) {
  if (p == NULL || who == NULL || (buf == NULL && size > 0) ||
      shelf_stage_name(p->stage) == NULL ||
      shelf_verdict_name(p->verdict) == NULL)
    return SHELF_INVALID;
  /* Tenths of a second, as a clock shows them: %.1f, since the library's
   * own printf (text.h) has no floating point. */
  char shown[SECONDS_SIZE];
  snprintf(shown, sizeof shown, "%.1f", spent > 0 ? spent : 0.0);
  text s = shelf__text_bounded(buf, size);
  shelf__text_format(&s, "%s: %s %z of %z, %z wheels, %s s, %s", who,
                     stage_words[p->stage], p->done, p->total, p->n, shown,
                     p->verdict == SHELF_VERDICT_OK
                         ? "all right so far"
                         : shelf_verdict_name(p->verdict));
  return shelf__text_done(&s, len);
}

shelf_status shelf_judgement_write(const shelf_judgement *j,
                                   const shelf_judge *judge,
                                   const shelf_report_words *w, char *buf,
                                   size_t size, size_t *len) {
  if (j == NULL || judge == NULL || w == NULL || w->program == NULL ||
      w->problem == NULL || (buf == NULL && size > 0) ||
      (j->verdict != SHELF_VERDICT_OK && j->weights == NULL && j->n > 0))
    return SHELF_INVALID;
  text s = shelf__text_bounded(buf, size);
  if (j->verdict == SHELF_VERDICT_OK) {
    say_passed(&s, j, judge, w);
    return shelf__text_done(&s, len);
  }
  shelf__text_format(&s, "shelf check: FAILED: %s on try %z of %z (%s; ",
                     shelf_verdict_name(j->verdict) != NULL
                         ? verdict_words[j->verdict]
                         : "failed",
                     j->try_index, j->planned,
                     shelf_try_name(j->kind) != NULL ? kind_words[j->kind]
                                                      : "a shelf");
  say_where(&s, w);
  shelf__text_str(&s, ")\n");
  if (!w->function) { /* a function's report is its caller's own */
    shelf__text_format(&s, "  program: %s\n", w->program);
  }
  say_shelf(&s, j, w);
  shelf__text_str(&s, "Expected: ");
  say_answer(&s, judge->answer, j->expected);
  shelf__text_str(&s, " (");
  shelf__text_str(&s, answer_words(judge->answer));
  shelf__text_str(&s, ")\n");
  say_got(&s, j, judge, w);
  if (j->verdict == SHELF_VERDICT_TIMEOUT)
    say_growth(&s, j, judge);
  if (j->mistake != SHELF_MISTAKE_NONE) {
    char said[SHELF_SENTENCE_BUFSIZE];
    shelf_mistake_sentence(j->mistake, SHELF_SUBJECT_PROGRAM, said, sizeof said, NULL);
    shelf__text_str(&s, "Mistake: ");
    shelf__text_str(&s, shelf_mistake_name(j->mistake));
    shelf__text_str(&s, ". ");
    shelf__text_str(&s, said);
    shelf__text_str(&s, "\n");
    say_why_here(&s, j, judge);
  }
  return shelf__text_done(&s, len);
}
