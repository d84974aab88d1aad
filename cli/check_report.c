/*
 * check_report.c - the report of `shelf check`. In words, the library's
 * (shelf_judgement_write(), the same as Python's), followed by what only a
 * program has: what it printed, its standard error, and a slip the command
 * found. As JSON, one object for a script.
 */
#include "check.h"
#include <shelf_judge.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void out_shown(out *o, const char *s, size_t len, size_t max) {
  for (size_t k = 0; k < len && k < max; k++) {
    unsigned char c = (unsigned char)s[k];
    size_t seq =
        c >= 0x80 ? utf8_length((const unsigned char *)s + k, len - k) : 0;
    if (seq > 0) {
      out_bytes(o, s + k, seq);
      k += seq - 1;
    } else if (c == '\0') {
      out_str(o, "\\0");
    } else if (c == '\t' || (c >= 0x20 && c < 0x7f)) {
      out_char(o, (char)c);
    } else {
      char hex[8];
      snprintf(hex, sizeof hex, "\\x%02x", c);
      out_str(o, hex);
    }
  }
  if (len > max)
    out_str(o, "...");
}

/* The first `lines` lines of a program's text, each indented, every byte
 * shown (a NUL or a quote is part of what it printed). */
static void out_lines(out *o, const char *text, size_t len, int lines) {
  size_t at = 0;
  for (int k = 0; k < lines && at < len; k++) {
    size_t end = at;
    while (end < len && text[end] != '\n')
      end++;
    size_t cut = end - at;
    if (end < len || cut > 0) {
      out_str(o, "    ");
      out_shown(o, text + at, cut, 1000);
      out_str(o, "\n");
    }
    at = end + 1;
  }
  if (at < len)
    out_str(o, "    ...\n");
}

/* A Python program out of time: every earlier try was right (the judge
 * stops at the first failure), so its answers are not in doubt; and what
 * PyPy, which the judges offer, did on the same shelf. */
static void say_python(out *o, const check_report *c) {
  const shelf_judgement *j = c->judgement;
  const pypy_finding *f = &c->checker->pypy;
  if (j->verdict != SHELF_VERDICT_TIMEOUT || !f->python)
    return;
  char t[32], limit[32];
  snprintf(limit, sizeof limit, "%.3g", c->checker->limits.cpu_seconds);
  if (j->tried > 1)
    out_format(o,
               "Python: all %u earlier tries were right; it is slow under "
               "CPython, not wrong.",
               (uint64_t)(j->tried - 1));
  else
    out_str(o, "Python: it ran out of time on the first try.");
  if (!f->tried) {
    out_str(o, " Judges such as CSES offer PyPy, often several times faster "
               "on loops like these; pypy3 is not installed here to try "
               "it.\n");
    return;
  }
  snprintf(t, sizeof t, "%.3g", f->cpu);
  switch (f->verdict) {
  case SHELF_VERDICT_OK:
    out_format(o,
               " Under pypy3 (which CSES, Codeforces and AtCoder offer) the "
               "same shelf ran in %s s of CPU, with the right answer, within "
               "the %s s limit.\n",
               t, limit);
    return;
  case SHELF_VERDICT_TIMEOUT:
    out_format(o,
               " Under pypy3 the same shelf ran out of time too (the %s s "
               "limit): the algorithm, not the interpreter, is too slow.\n",
               limit);
    return;
  case SHELF_VERDICT_WRONG:
    out_format(o,
               " Under pypy3 the same shelf ran in %s s of CPU but gave "
               "another answer.\n",
               t);
    return;
  default:
    out_format(o, " Under pypy3 the same shelf ended as %s.\n",
               shelf_verdict_name(f->verdict));
    return;
  }
}

void report_text(out *o, const check_report *c) {
  if (c->file != NULL) {
    file_failure_text(o, c->file, c->checker, c->judge, c->words->program,
                      c->judgement->tried);
    const run_result *fr = &c->file->run;
    if (fr->err_len > 0) {
      out_str(o, "Standard error (its first lines):\n");
      out_lines(o, fr->err, fr->err_len, 8);
    }
    return;
  }
  size_t len = 0;
  if (shelf_judgement_write(c->judgement, c->judge, c->words, NULL, 0, &len) ==
      SHELF_OK) {
    char *text = malloc(len + 1);
    if (text != NULL) {
      shelf_judgement_write(c->judgement, c->judge, c->words, text, len + 1,
                            NULL);
      out_bytes(o, text, len);
      free(text);
    } else {
      out_str(o, "shelf check: out of memory writing the report\n");
    }
  }
  say_python(o, c);
  if (c->judgement->verdict == SHELF_VERDICT_OK && c->checker->cases > 0)
    out_format(o,
               "Each try was a file of one case; then %u full files of %u "
               "cases of %u wheels, one limit a file, gave the right answer "
               "on every case.\n",
               (uint64_t)FULL_FILES, (uint64_t)c->checker->cases,
               (uint64_t)c->judge->max_n);
  const run_result *r = c->judgement->detail;
  if (r != NULL && c->judgement->verdict == SHELF_VERDICT_BAD_OUTPUT &&
      r->out_len > 0)
    out_lines(o, r->out, r->out_len, 5);
  if (r != NULL && r->left_behind > 0)
    out_format(o,
               "Note: it left %u process%s running when it ended; shelf "
               "stopped %s.\n",
               (uint64_t)r->left_behind, r->left_behind == 1 ? "" : "es",
               r->left_behind == 1 ? "it" : "them");
  if (r != NULL && r->err_len > 0) {
    out_str(o, "Standard error (its first lines):\n");
    out_lines(o, r->err, r->err_len, 8);
  }
  if (c->hint != NULL) {
    out_str(o, c->hint);
    out_str(o, "\n");
  }
  if (c->saved != NULL) {
    out_str(o, "The failing input, as the program reads it, is in ");
    out_str(o, c->saved);
    out_str(o, "; to run the program on it: ");
    out_str(o, c->replay);
    out_str(o, "\n");
  }
}

/* A program's bytes as a JSON string, every byte of it (NULs included). */
static void json_text(out *o, const char *s, size_t len) {
  out_json_bytes(o, s != NULL ? s : "", s != NULL ? len : 0);
}

static void json_answer(out *o, shelf_answer k, shelf_i128 a) {
  if (k == SHELF_ANSWER_WINNER)
    out_str(o, a ? "true" : "false");
  else
    out_i128(o, a);
}

static void json_seconds(out *o, double s) {
  char num[32];
  if (s < 0) {
    out_str(o, "null");
    return;
  }
  snprintf(num, sizeof num, "%.4f", s);
  out_str(o, num);
}

void report_json(out *o, const check_report *c) {
  const shelf_judgement *j = c->judgement;
  const shelf_judge *judge = c->judge;
  out_format(o,
             "{\"passed\": %s, \"tried\": %u, \"planned\": %u, "
             "\"skipped\": %u, \"cut_tries\": %u, \"seed\": %u, "
             "\"problem\": %J, \"time_limit\": ",
             j->verdict == SHELF_VERDICT_OK && c->file == NULL ? "true"
                                                               : "false",
             (uint64_t)j->tried, (uint64_t)j->planned, (uint64_t)j->skipped,
             (uint64_t)j->cut_tries, judge->seed, c->words->problem);
  json_seconds(o, c->checker->limits.cpu_seconds);
  out_str(o, ", \"wall_limit\": ");
  json_seconds(o, c->checker->limits.wall_seconds);
  out_format(o, ", \"memory_limit\": %u, \"stack_limit\": ",
             (uint64_t)c->checker->limits.memory_mb);
  if (c->checker->limits.stack_mb > 0)
    out_format(o, "%u", (uint64_t)c->checker->limits.stack_mb);
  else
    out_str(o, "null"); /* none */
  out_str(o, ", \"failure\": ");
  if (c->file != NULL) {
    file_failure_json(o, c->file, c->checker, judge, j->tried);
    out_str(o, "}\n");
    return;
  }
  if (j->verdict == SHELF_VERDICT_OK) {
    out_str(o, "null}\n");
    return;
  }
  out_format(o, "{\"try_index\": %u, \"kind\": %J, \"wheels\": [",
             (uint64_t)j->try_index, shelf_try_name(j->kind));
  for (size_t k = 0; k < j->n; k++)
    out_format(o, "%s%w", k ? ", " : "", j->weights[k]);
  out_format(
      o, "], \"shrunk_from\": %u, \"expected\": ", (uint64_t)j->shrunk_from);
  json_answer(o, judge->answer, j->expected);
  out_str(o, ", \"got\": ");
  if (j->has_got)
    json_answer(o, judge->answer, j->got);
  else
    out_str(o, "null");
  out_format(
      o, ", \"verdict\": %J, \"mistake\": ", shelf_verdict_name(j->verdict));
  if (j->mistake != SHELF_MISTAKE_NONE)
    out_format(o, "%J", shelf_mistake_name(j->mistake));
  else
    out_str(o, "null");
  if (j->mistake == SHELF_MISTAKE_SENTINEL_MEMO) {
    /* the memo's value for "not computed", and what it is a value of */
    out_str(o, ", \"sentinel\": ");
    json_answer(o, SHELF_ANSWER_MARGIN, j->sentinel);
    out_format(o, ", \"sentinel_of\": %J",
               j->sentinel_total ? "total" : "lead");
  }
  const run_result *r = j->detail;
  out_str(o, ", \"cpu_seconds\": ");
  json_seconds(o, r != NULL ? r->cpu : -1);
  out_str(o, ", \"wall_seconds\": ");
  json_seconds(o, r != NULL ? r->wall : -1);
  out_str(o, ", \"peak_mb\": ");
  json_seconds(o, r != NULL ? r->peak_mb : -1);
  out_format(o, ", \"left_behind\": %u",
             (uint64_t)(r != NULL ? r->left_behind : 0));
  out_format(o, ", \"stack_overflow\": %s",
             c->checker->stack.overflow ? "true" : "false");
  /* A Python program out of time, run under pypy3: its verdict and CPU. */
  out_str(o, ", \"pypy\": ");
  if (c->checker->pypy.tried) {
    out_format(o, "{\"verdict\": %J, \"cpu_seconds\": ",
               shelf_verdict_name(c->checker->pypy.verdict));
    json_seconds(o, c->checker->pypy.cpu);
    out_str(o, "}");
  } else {
    out_str(o, "null");
  }
  out_str(o, ", \"output\": ");
  if (r != NULL)
    json_text(o, r->out, r->out_len);
  else
    out_str(o, "null");
  out_str(o, ", \"stderr\": ");
  if (r != NULL)
    json_text(o, r->err, r->err_len);
  else
    out_str(o, "null");
  out_str(o, ", \"saved_input\": ");
  if (c->saved != NULL)
    out_format(o, "%J", c->saved);
  else
    out_str(o, "null");
  out_str(o, ", \"hint\": ");
  if (c->hint != NULL)
    out_format(o, "%J", c->hint);
  else
    out_str(o, "null");
  out_str(o, "}}\n");
}
