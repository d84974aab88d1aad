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

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* One answer of the asked form, with blanks around it: an integer (a sign
 * and digits, within 128 bits), or for a winner true or false in any case.
 * Returns 1 with *a set, or 0. */
static int read_answer(const char *s, size_t len, shelf_answer k, answer *a) {
  size_t i = 0, j = len;
  while (i < j && is_blank(s[i]))
    i++;
  while (j > i && is_blank(s[j - 1]))
    j--;
  if (i == j)
    return 0;
  if (k == SHELF_ANSWER_WINNER) {
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

verdict judge_run(const run_result *r, shelf_answer k, size_t memory_mb,
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
