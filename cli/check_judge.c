/*
 * check_judge.c - one run of a program turned into what the library's judge
 * reads (shelf_run): the shelf written in the program's layout, its output
 * read as an answer of the asked form, and how the run ended as a verdict.
 * Deciding what a verdict means for the check is libshelf's
 * (shelf_judge_run()); here are only the facts of one process.
 */
#include "check.h"
#include <shelf_judge.h>

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* ==== Answers ==== */

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* One answer of the asked form, with blanks around it: an integer (a sign
 * and digits, within 128 bits), or for a winner true or false in any case
 * (or 1 and 0, as C programs print a bool). Returns 1 with *a set, or 0. */
int check_read_answer(const char *s, size_t len, shelf_answer k,
                      shelf_i128 *a) {
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
    if (j - i == 1 && (s[i] == '1' || s[i] == '0'))
      return *a = s[i] - '0', 1;
    return 0;
  }
  int negative = s[i] == '-';
  if (negative)
    i++;
  if (i == j || j - i > 38)
    return 0;
  shelf_i128 v = 0;
  for (; i < j; i++) {
    if (!isdigit((unsigned char)s[i]))
      return 0;
    v = v * 10 + (s[i] - '0');
  }
  *a = negative ? -v : v;
  return 1;
}

/* FNV-1a over what the program printed: two runs on one shelf that print
 * differently are unstable, even when both are wrong the same way. */
static uint64_t fingerprint(const char *s, size_t len) {
  uint64_t h = 0xcbf29ce484222325u;
  for (size_t k = 0; k < len; k++)
    h = (h ^ (unsigned char)s[k]) * 0x100000001b3u;
  return h;
}

/* ==== One run ==== */

/* A signal a stack overflow gives: the kernel refuses to grow the stack
 * past RLIMIT_STACK with SIGSEGV (SIGBUS on some systems). */
static int memory_fault(int sig) { return sig == SIGSEGV || sig == SIGBUS; }

/* Megabytes as a person reads them: 8.4, 201. */
static const char *mb_text(char *buf, size_t size, double mb) {
  snprintf(buf, size, mb < 100 ? "%.1f" : "%.0f", mb);
  return buf;
}

shelf_status check_run_one(void *ctx, const int64_t *w, size_t n,
                           shelf_run *run) {
  checker *k = ctx;
  /* A problem of several cases a file gets one try as a file of one case:
   * "1", then the case. */
  size_t head = k->cases > 0 ? 2 : 0;
  size_t len = 0;
  shelf_layout_write(k->layout, w, n, NULL, 0, &len);
  char *text = malloc(head + len + 1);
  run_result *r = calloc(1, sizeof *r);
  if (text == NULL || r == NULL) {
    free(text);
    free(r);
    return SHELF_NOMEM;
  }
  memcpy(text, "1\n", head);
  shelf_layout_write(k->layout, w, n, text + head, len + 1, NULL);
  len += head;
  run_limits limits = k->limits;
  if (run->patience > 1) {
    limits.cpu_seconds *= run->patience;
    limits.wall_seconds *= run->patience;
  }
  int e = run_program(k->argv, text, len, &limits, r);
  free(text);
  if (e != 0) {
    free(r);
    k->start_errno = e;
    return SHELF_INVALID;
  }
  if (r->starved || r->stuck) {
    k->starved = r->starved ? 1 : 2;
    k->starved_wall = r->wall;
    k->starved_cpu = r->cpu;
    k->starved_state = r->state;
    run_result_free(r);
    free(r);
    return SHELF_INVALID;
  }
  run->detail = r;
  run->cpu = r->cpu;
  run->output = fingerprint(r->out, r->out_len);
  /* A stack that filled up: the kernel ended it (SIGSEGV, not our kill),
   * and the memory seen afterwards passes the limit only by the stack's
   * last pages, where the stack is as large as the memory limit. The fault
   * ended the run: a crash, which check_stack() names. */
  int stack_filled = r->memory_out && memory_fault(r->signal) &&
                     limits.stack_mb > 0 &&
                     r->peak_mb >= 0.9 * (double)limits.stack_mb;
  /* A limit first: a program killed for one may also have crashed. */
  if (r->cpu_out)
    run->verdict = SHELF_VERDICT_TIMEOUT;
  else if (r->memory_out && !stack_filled)
    run->verdict = SHELF_VERDICT_MEMORY;
  else if (r->idle)
    run->verdict = SHELF_VERDICT_IDLE;
  else if (r->signal != 0 || r->exit_code != 0) {
    run->verdict = SHELF_VERDICT_CRASH;
    run->how = r->signal != 0 ? 1000u + (unsigned)r->signal
                              : (uint64_t)(unsigned)r->exit_code;
  } else if (r->out_cut ||
             !check_read_answer(r->out, r->out_len, k->answer, &run->answer))
    run->verdict = SHELF_VERDICT_BAD_OUTPUT;
  else
    run->verdict = SHELF_VERDICT_OK;
  return SHELF_OK;
}

void check_release(void *ctx, void *detail) {
  (void)ctx;
  if (detail == NULL)
    return;
  run_result_free(detail);
  free(detail);
}

/* ==== A stack overflow ==== */

void check_stack(checker *k, const shelf_judgement *j) {
  stack_finding *f = &k->stack;
  memset(f, 0, sizeof *f);
  const run_result *r = j->detail;
  size_t stack = k->limits.stack_mb;
  if (j->verdict != SHELF_VERDICT_CRASH || r == NULL ||
      !memory_fault(r->signal) || stack == 0)
    return;
  /* Filled: recursion without end, or deeper than the stack holds, touches
   * every page of it before the fault, and they count as resident. */
  if (r->peak_mb >= 0.9 * (double)stack) {
    f->overflow = f->filled = 1;
    f->used_mb = r->peak_mb;
    return;
  }
  /* Jumped over: a frame larger than the stack (long long dp[n][n])
   * faults at once, far below its limit. Run the shelf again with no stack
   * limit: a bad pointer faults again, a stack too small does not. */
  size_t len = 0;
  shelf_layout_write(k->layout, j->weights, j->n, NULL, 0, &len);
  char *text = malloc(len + 1);
  run_result again;
  if (text == NULL)
    return;
  shelf_layout_write(k->layout, j->weights, j->n, text, len + 1, NULL);
  run_limits limits = k->limits;
  limits.stack_mb = 0;
  int e = run_program(k->argv, text, len, &limits, &again);
  free(text);
  if (e != 0)
    return;
  if (!again.starved && !again.stuck && !memory_fault(again.signal)) {
    f->overflow = f->rerun = 1;
    f->rerun_exit = again.exited && again.exit_code == 0 && !again.cpu_out &&
                    !again.memory_out && !again.idle;
    f->rerun_mb = again.peak_mb;
  }
  run_result_free(&again);
}

/* ==== Python out of time, under PyPy ==== */

/* Whether a command runs CPython: python, python3, python3.12 (any
 * directory), or a .py file run directly through its #! line. */
static int runs_cpython(char *const *argv) {
  const char *base = strrchr(argv[0], '/');
  base = base != NULL ? base + 1 : argv[0];
  if (strncmp(base, "python", 6) == 0) {
    const char *p = base + 6;
    while (isdigit((unsigned char)*p) || *p == '.')
      p++;
    return *p == '\0';
  }
  size_t len = strlen(base);
  return len > 3 && strcmp(base + len - 3, ".py") == 0;
}

/* pypy3 on PATH (into buf), or $SHELF_CHECK_PYPY; NULL when none. */
static const char *find_pypy(char *buf, size_t size) {
  const char *given = getenv("SHELF_CHECK_PYPY");
  if (given != NULL)
    return given[0] != '\0' ? given : NULL;
  const char *path = getenv("PATH");
  while (path != NULL && *path != '\0') {
    const char *end = strchr(path, ':');
    size_t len = end != NULL ? (size_t)(end - path) : strlen(path);
    if (len > 0 && len + 8 < size) {
      memcpy(buf, path, len);
      memcpy(buf + len, "/pypy3", 7);
      if (access(buf, X_OK) == 0)
        return buf;
    }
    path = end != NULL ? end + 1 : NULL;
  }
  return NULL;
}

void check_pypy(checker *k, const shelf_judgement *j) {
  pypy_finding *f = &k->pypy;
  memset(f, 0, sizeof *f);
  f->python = runs_cpython(k->argv);
  char path[4096];
  const char *pypy = find_pypy(path, sizeof path);
  if (j->verdict != SHELF_VERDICT_TIMEOUT || !f->python || pypy == NULL)
    return;
  /* "python3 ARGS..." becomes "pypy3 ARGS...", and a Python file run
   * directly becomes pypy3 with the file and its arguments. */
  const char *base = strrchr(k->argv[0], '/');
  base = base != NULL ? base + 1 : k->argv[0];
  int keep_first = strncmp(base, "python", 6) != 0;
  size_t count = 0;
  while (k->argv[count] != NULL)
    count++;
  char **argv = calloc(count + 2, sizeof *argv);
  if (argv == NULL)
    return;
  argv[0] = (char *)pypy;
  for (size_t a = keep_first ? 0 : 1, at = 1; a < count; a++)
    argv[at++] = k->argv[a];
  char **saved = k->argv;
  k->argv = argv;
  shelf_run run;
  memset(&run, 0, sizeof run);
  run.patience = 1;
  shelf_status st = check_run_one(k, j->weights, j->n, &run);
  k->argv = saved;
  free(argv);
  if (st != SHELF_OK) { /* it did not start, or no verdict: say nothing */
    k->start_errno = 0;
    k->starved = 0;
    return;
  }
  f->tried = 1;
  f->verdict = run.verdict == SHELF_VERDICT_OK && run.answer != j->expected
                   ? SHELF_VERDICT_WRONG
                   : run.verdict;
  f->cpu = run.cpu;
  check_release(k, run.detail);
}

const char *check_failure_words(shelf_verdict v, const run_result *r,
                                const run_limits *limits,
                                const stack_finding *stack, char *buf,
                                size_t size) {
  char num[32];
  if (r == NULL)
    return NULL;
  switch (v) {
  case SHELF_VERDICT_CRASH:
    if (r->signal != 0 && stack != NULL && stack->filled)
      snprintf(buf, size,
               "was killed by signal %d (%s): a stack overflow; its memory "
               "reached %s MB, the whole of its %zu MB stack (recursion "
               "without end, or deeper than the stack holds)",
               r->signal, strsignal(r->signal),
               mb_text(num, sizeof num, stack->used_mb), limits->stack_mb);
    else if (r->signal != 0 && stack != NULL && stack->rerun)
      snprintf(buf, size,
               "was killed by signal %d (%s): a stack overflow; its %zu MB "
               "stack is too small for it (a large array on the stack, or "
               "deep recursion): with no stack limit the same shelf %s "
               "%s MB",
               r->signal, strsignal(r->signal), limits->stack_mb,
               stack->rerun_exit ? "ran to its end, using"
                                 : "ran until another limit stopped it, at",
               mb_text(num, sizeof num, stack->rerun_mb));
    else if (r->signal != 0)
      snprintf(buf, size, "was killed by signal %d (%s)", r->signal,
               strsignal(r->signal));
    else
      snprintf(buf, size, "exited with status %d", r->exit_code);
    return buf;
  case SHELF_VERDICT_IDLE:
    snprintf(buf, size,
             "it used %.3g s of CPU in %.3g s by the clock, and waited past "
             "the %.3g s wall limit",
             r->cpu, r->wall, limits->wall_seconds);
    return buf;
  case SHELF_VERDICT_MEMORY:
    snprintf(buf, size, "it reached %.0f MB", r->peak_mb);
    return buf;
  case SHELF_VERDICT_BAD_OUTPUT:
    snprintf(buf, size, r->out_len == 0 ? "it printed nothing" : "it printed:");
    return buf;
  default:
    return NULL;
  }
}
