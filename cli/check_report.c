/*
 * check_report.c - the report of `shelf check`: in words for a person (the
 * failing shelf ready to paste, in the program's layout and as shelf's
 * arguments, what was expected and what came, the mistake and why it fails
 * on this very shelf), or as one JSON object for a script.
 */
#include "check.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

/* Shelves longer than this are described, not printed. */
#define SHOWN_WHEELS 200

static const char *const kind_words[] = {"one of the seed's cases", "a sample",
                                         "an edge shelf", "a random shelf"};
static const char *const kind_names[] = {"seed", "sample", "edge", "random"};

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

static const char *layout_words(layout l) {
  return l == LAYOUT_COUNTED ? "the count, then the weights"
         : l == LAYOUT_LINE  ? "the weights on one line"
                             : "a bracketed list";
}

static void out_answer(out *o, shelf_answer k, answer a) {
  if (k == SHELF_ANSWER_WINNER)
    out_str(o, a ? "true" : "false");
  else
    out_i128(o, a);
}

/* The first `lines` lines of text (at most 1000 bytes), each indented. */
static void out_lines(out *o, const char *text, size_t len, int lines) {
  char shown[1100];
  size_t at = 0;
  for (int k = 0; k < lines && at < len; k++) {
    size_t end = at;
    while (end < len && text[end] != '\n' && end - at < 1000)
      end++;
    char line[1001];
    memcpy(line, text + at, end - at);
    line[end - at] = '\0';
    out_format(o, "    %s\n", escape_text(line, shown, sizeof shown));
    at = end + 1;
  }
  if (at < len)
    out_str(o, "    ...\n");
}

static void out_sentence_mistake(out *o, shelf_mistake m) {
  char said[SHELF_SENTENCE_BUFSIZE];
  shelf_mistake_sentence(m, said, sizeof said, NULL);
  out_str(o, said);
}

/* The run's ending, in words: "killed by signal 11 (Segmentation fault)". */
static void out_crash(out *o, const run_result *r) {
  if (r->signal != 0) {
    char num[24];
    snprintf(num, sizeof num, "%d", r->signal);
    out_format(o, "was killed by signal %s (%s)", num, strsignal(r->signal));
  } else {
    out_format(o, "exited with status %u", (uint64_t)r->exit_code);
  }
}

/* ==== Why the mistake fails here ==== */

static void out_why_here(out *o, const check_report *c) {
  const problem *p = c->problem;
  shelf_result r;
  if (shelf_solve(c->w, c->n, SHELF_ENGINE_LINEAR, &r) != SHELF_OK)
    return;
  switch (c->mistake) {
  case SHELF_MISTAKE_GREEDY: {
    shelf_explanation e;
    if (shelf_explain(c->w, c->n, 0, &e) != SHELF_OK)
      return;
    char said[SHELF_SENTENCE_BUFSIZE];
    static const shelf_sentence which[] = {
        SHELF_SENTENCE_PERFECT, SHELF_SENTENCE_GREEDY, SHELF_SENTENCE_TRAP};
    for (size_t k = 0; k < 3; k++) {
      shelf_explain_sentence(&e, which[k], said, sizeof said, NULL);
      out_format(o, "  %s\n", said);
    }
    return;
  }
  case SHELF_MISTAKE_ADDED:
  case SHELF_MISTAKE_LEFT_INDEX: {
    shelf_i128 m;
    if (shelf_mistake_margin(c->mistake, c->w, c->n, &m) != SHELF_OK)
      return;
    out_format(o,
               "  On this shelf that table gives a margin of %I, and perfect "
               "play %I.\n",
               &m, &r.margin);
    return;
  }
  case SHELF_MISTAKE_WRONG_QUANTITY:
    out_format(o,
               "  On this shelf the margin is %I, the first buyer's total "
               "%I and the second's %I; the problem asks for %s.\n",
               &r.margin, &r.first, &r.second, answer_words(p->answer));
    return;
  case SHELF_MISTAKE_STRICT_TIE:
    out_str(o, "  On this shelf the buyers tie under perfect play: the "
               "answer is true.\n");
    return;
  case SHELF_MISTAKE_OVERFLOW32: {
    shelf_i128 sum = 0;
    for (size_t k = 0; k < c->n; k++)
      sum += c->w[k] < 0 ? -(shelf_i128)c->w[k] : c->w[k];
    out_format(o,
               "  This shelf's wheels weigh %I kilos in all (by size), and "
               "a total plus the margin passes 2147483647; every shelf "
               "tried whose totals fit in 31 bits passed.\n",
               &sum);
    return;
  }
  default:
    return;
  }
}

/* ==== Growth of the time ==== */

/* How the CPU time grows with n on the largest shelves that ended in time:
 * the exponent between the largest n and the largest at most half of it,
 * where both took long enough to measure. Returns 0 when it cannot say. */
static int growth(const check_report *c, double *exponent, size_t *n_hi,
                  double *t_hi, size_t *n_lo, double *t_lo) {
  const timing *a = NULL, *b = NULL;
  for (size_t k = 0; k < c->timing_count; k++) {
    const timing *t = &c->timings[k];
    if (a == NULL || t->n > a->n || (t->n == a->n && t->cpu > a->cpu))
      a = t;
  }
  if (a == NULL)
    return 0;
  for (size_t k = 0; k < c->timing_count; k++) {
    const timing *t = &c->timings[k];
    if (2 * t->n <= a->n &&
        (b == NULL || t->n > b->n || (t->n == b->n && t->cpu > b->cpu)))
      b = t;
  }
  if (b == NULL || a->cpu < 0.02 || b->cpu < 0.005 || b->n == 0)
    return 0;
  *exponent = log(a->cpu / b->cpu) / log((double)a->n / (double)b->n);
  *n_hi = a->n, *t_hi = a->cpu, *n_lo = b->n, *t_lo = b->cpu;
  return 1;
}

static void out_growth(out *o, const check_report *c) {
  double e, t_hi, t_lo;
  size_t n_hi, n_lo;
  char line[320];
  /* A shelf at least as long that ran in time says more than any rate. */
  for (size_t k = 0; k < c->timing_count; k++) {
    if (c->timings[k].n >= c->n) {
      snprintf(line, sizeof line,
               "  Growth: a shelf of %zu wheels ran in %.3f s of CPU, so it "
               "is not the size: this shelf's weights (zeros, ties, equal "
               "ends) make it slow, or the machine was busy.\n",
               c->timings[k].n, c->timings[k].cpu);
      out_str(o, line);
      return;
    }
  }
  if (growth(c, &e, &n_hi, &t_hi, &n_lo, &t_lo)) {
    snprintf(line, sizeof line,
             "  Growth: about n^%.1f as n doubles (%zu wheels in %.3f s, %zu "
             "in %.3f s of CPU)",
             e, n_lo, t_lo, n_hi, t_hi);
    out_str(o, line);
    if (c->n > n_hi) {
      double need = t_hi * pow((double)c->n / (double)n_hi, e);
      snprintf(line, sizeof line,
               "; at that rate %zu wheels need about %.3g s against the %g s "
               "limit",
               c->n, need, c->seconds);
      out_str(o, line);
    }
    out_str(o, ".\n");
    return;
  }
  /* Too fast to measure, then past the limit: a lower bound from the
   * largest run that ended in time and the smallest that did not. */
  size_t largest = 0;
  double t = 0;
  for (size_t k = 0; k < c->timing_count; k++)
    if (c->timings[k].n > largest)
      largest = c->timings[k].n, t = c->timings[k].cpu;
  size_t over = c->timeout_n ? c->timeout_n : c->n;
  if (largest == 0 || largest >= over) {
    snprintf(line, sizeof line,
             "  Growth: shelves as long as this one ended in time, so this "
             "shelf's weights (zeros, ties, equal ends) make it slow.\n");
    out_str(o, line);
    return;
  }
  if (t < 0.001)
    t = 0.001;
  e = log(c->seconds / t) / log((double)over / (double)largest);
  snprintf(line, sizeof line,
           "  Growth: at least n^%.1f as n doubles (%zu wheels in under "
           "%.3f s of CPU, %zu past the %g s limit)%s.\n",
           e, largest, t, over, c->seconds,
           e > 6 ? ": faster than any small power of n, as an exponential "
                   "search grows"
                 : "");
  out_str(o, line);
}

/* ==== In words ==== */

static void out_program(out *o, char **argv) {
  char shown[SHOWN_SIZE];
  for (size_t k = 0; argv[k] != NULL; k++)
    out_format(o, "%s%s", k ? " " : "",
               escape_text(argv[k], shown, sizeof shown));
}

void report_text(out *o, const check_report *c) {
  const problem *p = c->problem;
  char num[64];
  if (c->verdict == VERDICT_OK) {
    out_str(o, "shelf check: passed: ");
    out_program(o, c->argv);
    out_format(o,
               " gave the right answer on all %u tries (--problem %s: "
               "%s in, %s out; 1 to %u wheels of %w..%w; --seed %u).\n",
               (uint64_t)c->tried, p->name, layout_words(p->layout),
               answer_words(p->answer), (uint64_t)p->max_n, p->lo, p->hi,
               c->seed);
    return;
  }
  static const char *const heads[] = {"",
                                      "wrong answer",
                                      "crash",
                                      "time limit",
                                      "memory limit",
                                      "bad output",
                                      "changes from run to run"};
  out_format(o,
             "shelf check: FAILED: %s on try %u of %u (%s; --problem %s, "
             "--seed %u)\n",
             heads[c->verdict], (uint64_t)c->try_index, (uint64_t)c->planned,
             kind_words[c->kind], p->name, c->seed);
  out_str(o, "  program: ");
  out_program(o, c->argv);
  out_str(o, "\n");
  if (c->n <= SHOWN_WHEELS) {
    const char *unit = c->n == 1 ? "wheel" : "wheels";
    if (c->shrunk && c->n < c->original_n)
      out_format(o,
                 "The shelf, shrunk from %u to %u %s in %u runs, as the "
                 "program reads it:\n",
                 (uint64_t)c->original_n, (uint64_t)c->n, unit,
                 (uint64_t)c->shrink_runs);
    else if (c->shrunk)
      out_format(o,
                 "The shelf (%u %s, its weights shrunk in %u runs), as "
                 "the program reads it:\n",
                 (uint64_t)c->n, unit, (uint64_t)c->shrink_runs);
    else
      out_format(o, "The shelf (%u %s), as the program reads it:\n",
                 (uint64_t)c->n, unit);
    judge_input(o, p->layout, c->w, c->n);
    out_str(o, "As shelf's arguments: shelf");
    for (size_t k = 0; k < c->n; k++)
      out_format(o, " %w", c->w[k]);
    out_str(o, "\n");
  } else {
    out_format(o,
               "The shelf: %u wheels, %w %w %w ... %w (try %u of "
               "--seed %u; too long to print)\n",
               (uint64_t)c->n, c->w[0], c->w[1], c->w[2], c->w[c->n - 1],
               (uint64_t)c->try_index, c->seed);
  }
  out_str(o, "Expected: ");
  out_answer(o, p->answer, c->expected);
  out_format(o, " (%s)\n", answer_words(p->answer));
  switch (c->verdict) {
  case VERDICT_WRONG:
    out_str(o, "Got:      ");
    out_answer(o, p->answer, c->got);
    out_str(o, "\n");
    break;
  case VERDICT_UNSTABLE:
    out_str(o, "Got:      ");
    if (c->has_got)
      out_answer(o, p->answer, c->got);
    else
      out_str(o, "no answer");
    out_str(o, ", then on the same shelf ");
    if (c->has_other)
      out_answer(o, p->answer, c->other);
    else
      out_str(o, "no answer");
    out_str(o, "\n");
    break;
  case VERDICT_CRASH:
    out_str(o, "Got:      a crash: the program ");
    out_crash(o, c->run);
    out_str(o, "\n");
    break;
  case VERDICT_BAD_OUTPUT:
    out_format(o,
               "Got:      output that is not one answer (%s); it "
               "printed:\n",
               p->answer == SHELF_ANSWER_WINNER ? "true or false" : "an integer");
    if (c->run->out_len == 0)
      out_str(o, "    (nothing)\n");
    else
      out_lines(o, c->run->out, c->run->out_len, 5);
    break;
  case VERDICT_TIMEOUT:
    snprintf(num, sizeof num, "%g", c->seconds);
    out_format(o,
               "Got:      no answer within the %s s limit on a shelf of "
               "%u wheels; it was killed with its process group.\n",
               num, (uint64_t)c->n);
    out_growth(o, c);
    break;
  case VERDICT_MEMORY:
    out_format(o,
               "Got:      it ran out of its %u MB memory limit: the program ",
               (uint64_t)c->memory_mb);
    out_crash(o, c->run);
    out_str(o, "\n");
    break;
  default:
    break;
  }
  if (c->mistake != SHELF_MISTAKE_NONE) {
    out_format(o, "Mistake: %s. ", shelf_mistake_name(c->mistake));
    out_sentence_mistake(o, c->mistake);
    out_str(o, "\n");
    out_why_here(o, c);
  }
  if (c->run != NULL && c->run->err_len > 0) {
    out_str(o, "Standard error (its first lines):\n");
    out_lines(o, c->run->err, c->run->err_len, 8);
  }
}

/* ==== As JSON ==== */

static void json_answer(out *o, shelf_answer k, answer a) {
  if (k == SHELF_ANSWER_WINNER)
    out_str(o, a ? "true" : "false");
  else
    out_i128(o, a);
}

/* A program's output as a JSON string, every byte of it (NULs included). */
static void json_text(out *o, const char *s, size_t len) {
  out_json_bytes(o, s != NULL ? s : "", s != NULL ? len : 0);
}

void report_json(out *o, const check_report *c) {
  const problem *p = c->problem;
  out_format(o,
             "{\"passed\": %s, \"tried\": %u, \"planned\": %u, "
             "\"seed\": %u, \"problem\": %J, \"failure\": ",
             c->verdict == VERDICT_OK ? "true" : "false", (uint64_t)c->tried,
             (uint64_t)c->planned, c->seed, p->name);
  if (c->verdict == VERDICT_OK) {
    out_str(o, "null}\n");
    return;
  }
  out_format(o, "{\"try\": %u, \"kind\": %J, \"wheels\": [",
             (uint64_t)c->try_index, kind_names[c->kind]);
  for (size_t k = 0; k < c->n; k++)
    out_format(o, "%s%w", k ? ", " : "", c->w[k]);
  out_format(
      o, "], \"original_wheels\": %u, \"expected\": ", (uint64_t)c->original_n);
  json_answer(o, p->answer, c->expected);
  out_str(o, ", \"got\": ");
  if (c->has_got)
    json_answer(o, p->answer, c->got);
  else
    out_str(o, "null");
  out_format(o, ", \"verdict\": %J, \"mistake\": ", verdict_name(c->verdict));
  if (c->mistake != SHELF_MISTAKE_NONE)
    out_format(o, "%J", shelf_mistake_name(c->mistake));
  else
    out_str(o, "null");
  out_str(o, ", \"output\": ");
  if (c->run != NULL)
    json_text(o, c->run->out, c->run->out_len);
  else
    out_str(o, "null");
  out_str(o, ", \"stderr\": ");
  if (c->run != NULL)
    json_text(o, c->run->err, c->run->err_len);
  else
    out_str(o, "null");
  out_str(o, "}}\n");
}
