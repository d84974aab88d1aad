/*
 * check_cases.c - files of several cases, for a problem whose judge gives
 * a program many shelves in one input under one limit (AlgoLab's Burning
 * Coins: up to 30 cases of 2500 coins a file). libshelf's judge tries one
 * shelf a run, each as a file of one case (check_judge.c); once every try
 * passed, this runs the program on full files, as the problem's judge
 * does: max_cases shelves of max_n wheels, the count of cases first, one
 * answer a line. A program right on each case alone can still fail here:
 * slow for the file (30 cases under the limit of one), or keeping a table
 * or a total from one case to the next. A wrong line is isolated: its case
 * is run again alone, as a file of one case, and the report says whether it
 * fails alone too.
 */
#include "check.h"
#include <shelf_judge.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FILES FULL_FILES

/* A verdict in the report: its list's words, as the library's report says
 * it. */
#define WORDS_(NAME, value, name, words) [value] = words,
static const char *const try_verdict_words[] = {SHELF_VERDICT_LIST(WORDS_)};
#undef WORDS_

/* File f's shelves: cases * n weights, case c at w + c * n. */
static int file_shelves(const shelf_judge *judge, size_t f, size_t cases,
                        size_t n, int64_t *w) {
  int64_t lo = judge->lo, hi = judge->hi;
  if (f == 1 && (uint64_t)hi - (uint64_t)lo > 3)
    hi = lo + 3;
  for (size_t c = 0; c < cases; c++)
    if (shelf_random(judge->seed ^ (0xca5e0000u + f * 64 + c), lo, hi,
                     w + c * n, n) != SHELF_OK)
      return -1;
  return 0;
}

/* The file's text: the count of cases, then each in the problem's layout. */
static char *file_text(const checker *k, size_t cases, size_t n,
                       const int64_t *w, size_t *len) {
  size_t one = 22 * n + 32, cap = 32 + cases * one;
  char *text = malloc(cap);
  if (text == NULL)
    return NULL;
  size_t at = (size_t)snprintf(text, cap, "%zu\n", cases);
  for (size_t c = 0; c < cases; c++) {
    size_t got = 0;
    shelf_layout_write(k->layout, w + c * n, n, text + at, cap - at, &got);
    at += got;
  }
  *len = at;
  return text;
}

/* The answers a file's output gives, one a line (blank lines skipped):
 * how many were read into got[], at most `cases`; -1 when a line is not an
 * answer or there are more lines than cases. */
static long read_lines(const checker *k, const run_result *r, size_t cases,
                       shelf_i128 *got) {
  size_t count = 0, at = 0;
  while (at < r->out_len) {
    size_t end = at;
    while (end < r->out_len && r->out[end] != '\n')
      end++;
    size_t i = at;
    while (i < end &&
           (r->out[i] == ' ' || r->out[i] == '\t' || r->out[i] == '\r'))
      i++;
    if (i < end) {
      if (count == cases ||
          !check_read_answer(r->out + at, end - at, k->answer, &got[count]))
        return -1;
      count++;
    }
    at = end + 1;
  }
  return (long)count;
}

static shelf_verdict run_verdict(const run_result *r) {
  if (r->cpu_out)
    return SHELF_VERDICT_TIMEOUT;
  if (r->memory_out)
    return SHELF_VERDICT_MEMORY;
  if (r->idle)
    return SHELF_VERDICT_IDLE;
  if (r->signal != 0 || r->exit_code != 0)
    return SHELF_VERDICT_CRASH;
  return SHELF_VERDICT_OK;
}

/* The case alone, as a file of one case (check_run_one() writes "1"). */
static int run_alone(checker *k, file_failure *f) {
  shelf_run run;
  memset(&run, 0, sizeof run);
  run.patience = 1;
  if (check_run_one(k, f->weights, f->n, &run) != SHELF_OK)
    return k->start_errno != 0 ? k->start_errno : -1;
  f->alone_ran = 1;
  f->alone = run.verdict == SHELF_VERDICT_OK && run.answer != f->expected
                 ? SHELF_VERDICT_WRONG
                 : run.verdict;
  f->alone_got = run.answer;
  f->alone_cpu = run.cpu;
  check_release(k, run.detail);
  return 0;
}

int check_files(checker *k, const shelf_judge *judge, file_failure *f) {
  memset(f, 0, sizeof *f);
  size_t cases = k->cases, n = judge->max_n;
  if (cases == 0)
    return 0;
  int64_t *w = malloc(cases * n * sizeof *w);
  shelf_i128 *want = malloc(cases * sizeof *want);
  shelf_i128 *got = malloc(cases * sizeof *got);
  int e = 0;
  if (w == NULL || want == NULL || got == NULL) {
    e = -1;
    goto done;
  }
  for (size_t file = 0; file < FILES && !f->failed; file++) {
    if (file_shelves(judge, file, cases, n, w) != 0) {
      e = -1;
      goto done;
    }
    for (size_t c = 0; c < cases; c++)
      if (shelf_answer_of(judge->answer, w + c * n, n, &want[c]) != SHELF_OK) {
        e = -1;
        goto done;
      }
    size_t len;
    char *text = file_text(k, cases, n, w, &len);
    if (text == NULL) {
      e = -1;
      goto done;
    }
    if (k->progress)
      fprintf(stderr,
              "\rshelf check: a full file, %zu of %d: %zu cases of "
              "%zu wheels\033[K",
              file + 1, FILES, cases, n);
    run_result r;
    e = run_program(k->argv, text, len, &k->limits, &r);
    free(text);
    if (e != 0)
      goto done;
    if (r.starved || r.stuck) { /* no verdict: say nothing of the file */
      run_result_free(&r);
      continue;
    }
    shelf_verdict v = run_verdict(&r);
    size_t bad = 0;
    if (v == SHELF_VERDICT_OK) {
      long lines = read_lines(k, &r, cases, got);
      if (lines != (long)cases || r.out_cut) {
        v = SHELF_VERDICT_BAD_OUTPUT;
      } else {
        while (bad < cases && got[bad] == want[bad])
          bad++;
        if (bad < cases)
          v = SHELF_VERDICT_WRONG;
      }
    }
    if (v == SHELF_VERDICT_OK) {
      run_result_free(&r);
      continue;
    }
    if (v != SHELF_VERDICT_WRONG)
      bad = 0; /* the first case stands for the file */
    f->failed = 1;
    f->file = file + 1;
    f->files = FILES;
    f->cases = cases;
    f->n = n;
    f->verdict = v;
    f->run = r;
    f->bad_case = bad + 1;
    f->expected = want[bad];
    f->got = got[bad];
    f->weights = malloc(n * sizeof *f->weights);
    if (f->weights == NULL) {
      e = -1;
      goto done;
    }
    memcpy(f->weights, w + bad * n, n * sizeof *w);
    e = run_alone(k, f);
  }
done:
  if (k->progress)
    fputs("\r\033[K", stderr);
  free(w);
  free(want);
  free(got);
  return e;
}

void file_failure_free(file_failure *f) {
  if (f == NULL)
    return;
  run_result_free(&f->run);
  free(f->weights);
  f->weights = NULL;
}

/* ==== In words ==== */

static void say_answer(out *o, shelf_answer kind, shelf_i128 a) {
  if (kind == SHELF_ANSWER_WINNER)
    out_str(o, a ? "true" : "false");
  else
    out_i128(o, a);
}

void file_failure_text(out *o, const file_failure *f, const checker *k,
                       const shelf_judge *judge, const char *program,
                       size_t tried) {
  char limit[32], t[32];
  snprintf(limit, sizeof limit, "%.3g", k->limits.cpu_seconds);
  out_format(o,
             "shelf check: FAILED: %s on a full file (file %u of %u: %u "
             "cases of %u wheels, the most the problem gives at once; "
             "--problem %s, --seed %u)\n",
             try_verdict_words[f->verdict], (uint64_t)f->file,
             (uint64_t)f->files, (uint64_t)f->cases, (uint64_t)f->n,
             judge->problem->name, judge->seed);
  out_format(o, "  program: %s\n", program);
  out_format(o,
             "Every single try passed (%u, each as a file of one case); the "
             "problem's limits hold for a whole file.\n",
             (uint64_t)tried);
  switch (f->verdict) {
  case SHELF_VERDICT_TIMEOUT:
    out_format(o,
               "Got:      no answers within the %s s limit of CPU time for "
               "the file; it was stopped.\n",
               limit);
    break;
  case SHELF_VERDICT_MEMORY:
    snprintf(t, sizeof t, "%.0f", f->run.peak_mb);
    out_format(o,
               "Got:      more than its %u MB of resident memory for the "
               "file (it reached %s MB); it was stopped.\n",
               (uint64_t)k->limits.memory_mb, t);
    break;
  case SHELF_VERDICT_IDLE:
    out_str(o, "Got:      it waited past the wall limit.\n");
    break;
  case SHELF_VERDICT_CRASH:
    if (f->run.signal != 0)
      out_format(o, "Got:      a crash: it was killed by signal %u (%s).\n",
                 (uint64_t)f->run.signal, strsignal(f->run.signal));
    else
      out_format(o, "Got:      a crash: it exited with status %u.\n",
                 (uint64_t)f->run.exit_code);
    break;
  case SHELF_VERDICT_BAD_OUTPUT:
    out_format(o, "Got:      not one answer a line for each of the %u cases.\n",
               (uint64_t)f->cases);
    break;
  case SHELF_VERDICT_WRONG:
    out_format(o, "Case %u of the file, of %u wheels (", (uint64_t)f->bad_case,
               (uint64_t)f->n);
    for (size_t i = 0; i < f->n && i < 8; i++)
      out_format(o, "%s%w", i ? " " : "", f->weights[i]);
    out_str(o, f->n > 8 ? " ...; the seed above makes it again):\n" : "):\n");
    out_str(o, "Expected: ");
    say_answer(o, judge->answer, f->expected);
    out_str(o, "\nGot:      ");
    say_answer(o, judge->answer, f->got);
    out_str(o, "\n");
    break;
  default:
    break;
  }
  if (!f->alone_ran)
    return;
  snprintf(t, sizeof t, "%.3g", f->alone_cpu);
  if (f->verdict == SHELF_VERDICT_WRONG) {
    if (f->alone == SHELF_VERDICT_OK)
      out_format(o,
                 "  Alone, as a file of one case, it gives the right answer: "
                 "the program keeps something from the %s before it (a "
                 "table, a total or a flag not cleared between cases).\n",
                 f->bad_case == 2 ? "case" : "cases");
    else if (f->alone == SHELF_VERDICT_WRONG) {
      out_str(o, "  Alone, as a file of one case, it is wrong too (");
      say_answer(o, judge->answer, f->alone_got);
      out_str(o, ").\n");
    } else
      out_format(o, "  Alone, as a file of one case: %s.\n",
                 try_verdict_words[f->alone]);
    return;
  }
  if (f->alone == SHELF_VERDICT_OK)
    out_format(o,
               "  Its first case alone, as a file of one case, ran in %s s "
               "of CPU, with the right answer; the file holds %u such "
               "cases under one limit.\n",
               t, (uint64_t)f->cases);
  else
    out_format(o, "  Its first case alone, as a file of one case: %s.\n",
               try_verdict_words[f->alone]);
}

void file_failure_json(out *o, const file_failure *f, const checker *k,
                       const shelf_judge *judge, size_t tried) {
  (void)k;
  out_format(o,
             "{\"kind\": \"file\", \"file\": %u, \"files\": %u, \"cases\": "
             "%u, \"n\": %u, \"verdict\": %J, \"tried\": %u, \"case\": %u, "
             "\"wheels\": [",
             (uint64_t)f->file, (uint64_t)f->files, (uint64_t)f->cases,
             (uint64_t)f->n, shelf_verdict_name(f->verdict), (uint64_t)tried,
             (uint64_t)f->bad_case);
  for (size_t i = 0; i < f->n; i++)
    out_format(o, "%s%w", i ? ", " : "", f->weights[i]);
  out_str(o, "], \"expected\": ");
  say_answer(o, judge->answer, f->expected);
  out_str(o, ", \"got\": ");
  if (f->verdict == SHELF_VERDICT_WRONG)
    say_answer(o, judge->answer, f->got);
  else
    out_str(o, "null");
  out_str(o, ", \"alone\": ");
  if (f->alone_ran)
    out_format(o, "%J", shelf_verdict_name(f->alone));
  else
    out_str(o, "null");
  out_str(o, "}");
}
