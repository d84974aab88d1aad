/*
 * check_judge.c - what `shelf check` knows about one run: the shelf in the
 * program's layout, the program's output read as an answer of the asked
 * form, the verdict, and the mistake its wrong answers show.
 *
 * The wrong algorithms themselves are libshelf's (shelf_mistake_margin()),
 * so that the command, Python and the page name mistakes alike; here they
 * are only turned into the asked quantity, as a program with that mistake
 * would turn its margin into it.
 */
#include "check.h"

#include <ctype.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *verdict_name(verdict v) {
  static const char *const names[] = {
      "ok", "wrong", "crash", "timeout", "memory", "bad-output", "unstable"};
  return names[v];
}

/* ==== The input ==== */

char *judge_input_text(layout l, const int64_t *w, size_t n, size_t *len) {
  /* At most 20 characters a weight, 2 between, the count and brackets. */
  char *text = malloc(n * 22 + 32), *at = text;
  if (text == NULL)
    return NULL;
  if (l == LAYOUT_COUNTED) {
    at += shelf_i128_format((shelf_i128)n, at);
    *at++ = '\n';
  }
  if (l == LAYOUT_LIST)
    *at++ = '[';
  for (size_t k = 0; k < n; k++) {
    if (k > 0 && l == LAYOUT_LIST)
      *at++ = ',';
    if (k > 0)
      *at++ = ' ';
    at += shelf_i128_format(w[k], at);
  }
  if (l == LAYOUT_LIST)
    *at++ = ']';
  *at++ = '\n';
  *len = (size_t)(at - text);
  return text;
}

void judge_input(out *o, layout l, const int64_t *w, size_t n) {
  size_t len;
  char *text = judge_input_text(l, w, n, &len);
  if (text == NULL) {
    out_str(o, "(out of memory)\n");
    return;
  }
  out_bytes(o, text, len);
  free(text);
}

/* ==== Answers ==== */

static answer of_kind(answer_kind k, const shelf_result *r) {
  switch (k) {
  case ANSWER_FIRST:
    return r->first;
  case ANSWER_SECOND:
    return r->second;
  case ANSWER_WINNER:
    return r->margin >= 0;
  case ANSWER_MARGIN:
  default:
    return r->margin;
  }
}

shelf_status judge_expected(answer_kind k, const int64_t *w, size_t n,
                            answer *result) {
  shelf_result r;
  shelf_status st = shelf_solve(w, n, SHELF_ENGINE_LINEAR, &r);
  if (st == SHELF_OK)
    *result = of_kind(k, &r);
  return st;
}

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* One answer of the asked form, with blanks around it: an integer (a sign
 * and digits, within 128 bits), or for a winner true or false in any case.
 * Returns 1 with *a set, or 0. */
static int read_answer(const char *s, size_t len, answer_kind k, answer *a) {
  size_t i = 0, j = len;
  while (i < j && is_blank(s[i]))
    i++;
  while (j > i && is_blank(s[j - 1]))
    j--;
  if (i == j)
    return 0;
  if (k == ANSWER_WINNER) {
    if (j - i == 4 && strncasecmp(s + i, "true", 4) == 0)
      return *a = 1, 1;
    if (j - i == 5 && strncasecmp(s + i, "false", 5) == 0)
      return *a = 0, 1;
    return 0;
  }
  int negative = s[i] == '-';
  if (negative)
    i++;
  if (i == j || j - i > 38)
    return 0;
  answer v = 0;
  for (; i < j; i++) {
    if (!isdigit((unsigned char)s[i]))
      return 0;
    v = v * 10 + (s[i] - '0');
  }
  *a = negative ? -v : v;
  return 1;
}

/* Whether a run that failed did so for want of memory: with a limit set,
 * its standard error says so (C++'s bad_alloc, Python's MemoryError, a C
 * program's "Cannot allocate memory"), or it reached most of the limit. */
static int out_of_memory(const run_result *r, size_t memory_mb) {
  if (memory_mb == 0)
    return 0;
  static const char *const words[] = {
      "bad_alloc", "MemoryError", "Cannot allocate memory", "out of memory"};
  for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
    if (r->err != NULL && strstr(r->err, words[k]) != NULL)
      return 1;
  return (double)r->max_rss_kb * 1024.0 >= 0.9 * (double)memory_mb * 1048576.0;
}

verdict judge_run(const run_result *r, answer_kind k, size_t memory_mb,
                  answer expected, answer *got) {
  if (r->timed_out)
    return VERDICT_TIMEOUT;
  int failed = r->signal != 0 || r->exit_code != 0;
  if (failed && out_of_memory(r, memory_mb))
    return VERDICT_MEMORY;
  if (failed)
    return VERDICT_CRASH;
  if (r->out_cut || !read_answer(r->out, r->out_len, k, got))
    return VERDICT_BAD_OUTPUT;
  return *got == expected ? VERDICT_OK : VERDICT_WRONG;
}

/* ==== Mistakes ==== */

int fits_31_bits(const int64_t *w, size_t n) {
  shelf_i128 sum = 0;
  for (size_t k = 0; k < n; k++)
    sum += w[k] < 0 ? -(shelf_i128)w[k] : w[k];
  return 2 * sum <= INT32_MAX;
}

static shelf_i128 sum_of(const int64_t *w, size_t n) {
  shelf_i128 sum = 0;
  for (size_t k = 0; k < n; k++)
    sum += w[k];
  return sum;
}

/* Half of v, rounded toward zero or toward minus infinity: a program that
 * turns a wrong margin of the wrong parity into a total does either. */
static int is_half(answer got, shelf_i128 v) {
  shelf_i128 trunc = v / 2, floor = v % 2 != 0 && v < 0 ? trunc - 1 : trunc;
  return got == trunc || got == floor;
}

/* Whether a program that computes margin m the asked way answers got. */
static int answers_margin(answer_kind k, answer got, shelf_i128 m,
                          shelf_i128 sum) {
  switch (k) {
  case ANSWER_FIRST:
    return is_half(got, sum + m);
  case ANSWER_SECOND:
    return is_half(got, sum - m);
  case ANSWER_WINNER:
    return got == (m >= 0);
  case ANSWER_MARGIN:
  default:
    return got == m;
  }
}

static int all_algorithm(shelf_mistake kind, answer_kind k, const failing *f,
                         size_t count) {
  for (size_t i = 0; i < count; i++) {
    shelf_i128 m;
    if (shelf_mistake_margin(kind, f[i].w, f[i].n, &m) != SHELF_OK ||
        !answers_margin(k, f[i].got, m, sum_of(f[i].w, f[i].n)))
      return 0;
  }
  return 1;
}

/* Every answer is another quantity of the true result than the asked one. */
static int all_other_quantity(answer_kind k, const failing *f, size_t count) {
  if (k == ANSWER_WINNER)
    return 0;
  for (size_t i = 0; i < count; i++) {
    shelf_result r;
    if (shelf_solve(f[i].w, f[i].n, SHELF_ENGINE_LINEAR, &r) != SHELF_OK)
      return 0;
    int other = 0;
    for (int q = ANSWER_MARGIN; q <= ANSWER_SECOND; q++)
      if (q != (int)k && f[i].got == of_kind((answer_kind)q, &r))
        other = 1;
    if (!other)
      return 0;
  }
  return 1;
}

/* Every failing shelf is a tie (margin 0) that the program calls a loss. */
static int all_strict_ties(answer_kind k, const failing *f, size_t count) {
  if (k != ANSWER_WINNER)
    return 0;
  for (size_t i = 0; i < count; i++) {
    shelf_i128 m;
    if (shelf_mistake_margin(SHELF_MISTAKE_NONE, f[i].w, f[i].n, &m) !=
            SHELF_OK ||
        m != 0 || f[i].got != 0)
      return 0;
  }
  return 1;
}

shelf_mistake judge_mistake(answer_kind k, const failing *f, size_t count,
                            int fitting_passed) {
  if (count == 0)
    return SHELF_MISTAKE_NONE;
  static const shelf_mistake algorithms[] = {
      SHELF_MISTAKE_GREEDY, SHELF_MISTAKE_ADDED, SHELF_MISTAKE_LEFT_INDEX};
  for (size_t a = 0; a < sizeof algorithms / sizeof algorithms[0]; a++)
    if (all_algorithm(algorithms[a], k, f, count))
      return algorithms[a];
  if (all_strict_ties(k, f, count))
    return SHELF_MISTAKE_STRICT_TIE;
  if (all_other_quantity(k, f, count))
    return SHELF_MISTAKE_WRONG_QUANTITY;
  /* 32-bit code wraps in too many places to compute its answer: it is
   * right while the totals fit in 31 bits and wrong on every failing shelf,
   * none of which fits. */
  int past = fitting_passed;
  for (size_t i = 0; past && i < count; i++)
    past = !fits_31_bits(f[i].w, f[i].n);
  return past ? SHELF_MISTAKE_OVERFLOW32 : SHELF_MISTAKE_NONE;
}
