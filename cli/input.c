/*
 * input.c - the shelf command's input: a file or standard input, read with
 * read(2) in large blocks on every core through the library's reader
 * (shelf_read(), or shelf_read_batch() with --batch), the arguments as one
 * text, or a --random shelf; each shelf goes to emit_shelf().
 */
#include "input.h"

#include "notes.h"
#include "parallel.h"
#include "teach.h"

#include <shelf.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Arguments joined into one text (read_args()): a source over memory. */
typedef struct text_source {
  const char *text;
  size_t len;
} text_source;

static int64_t text_read_at(void *ctx, char *buf, size_t len, uint64_t offset) {
  const text_source *t = ctx;
  if (offset >= t->len)
    return 0;
  size_t k = t->len - (size_t)offset < len ? t->len - (size_t)offset : len;
  memcpy(buf, t->text + offset, k);
  return (int64_t)k;
}

/* --batch: each shelf, in order, on this thread, with its weights in
 * `solver` where they were asked for (needs_weights()). */
static int batch_line(void *arg, shelf_status st, const shelf_result *result,
                      const shelf_parse_error *e, const shelf_solver *solver) {
  run *r = arg;
  if (e != NULL) {
    report_error_at(r, st, e);
    if (!r->opt->keep_going || st == SHELF_NOMEM)
      return 1;
    r->failed = 1;
    r->shelf_line++;
    return 0;
  }
  r->shelf_line++;
  r->given = result;
  r->given_status = st;
  r->given_solver = solver;
  int bad = emit_shelf(r);
  r->given = NULL;
  r->given_solver = NULL;
  if (bad && !r->opt->keep_going)
    return 1;
  r->failed |= bad;
  return 0;
}

/* Results so far reach the reader before we wait for more input. */
static void batch_idle(void *arg) {
  run *r = arg;
  if (r->stdout_buf.len > 0)
    out_flush(&r->stdout_buf);
}

/* The notes (notes.h) look at the text as the library reads it. */
static void notes_seen(void *arg, const char *data, size_t len) {
  run *r = arg;
  if (data != NULL)
    shelf_notes_feed(r->notes, data, len);
  else
    shelf_notes_finish(r->notes);
}

static void read_progress(void *arg, uint64_t bytes) {
  run *r = arg;
  par_count(r->input, bytes);
}

/* A read that failed other than with a parse error the hooks reported. */
static void read_failed(run *r, shelf_status st, const shelf_read_error *e) {
  out_flush(&r->stdout_buf);
  const char *name = r->source ? r->source : "standard input";
  if (e->why != NULL) /* the file became shorter: where it ended */
    error_line("%s: %s, at byte %llu", name, e->why,
               (unsigned long long)e->offset);
  else if (e->read_errno != 0)
    error_line("%s: %s", name, strerror(e->read_errno));
  else
    error_line("%s", shelf_strerror(st));
}

/* Reads a source with libshelf's shelf_read() (one shelf) or
 * shelf_read_batch() (--batch), on opt->threads threads, and prints each
 * shelf's answer. A batch whose answers need the weights reads them on
 * this thread, into solvers that keep them. */
static int read_source(run *r, const shelf_source *src,
                       shelf_read_options *opt) {
  unsigned counted = r->opt->counted ? SHELF_PARSE_COUNTED : 0;
  shelf_read_error e;
  shelf_status st;
  int status;
  opt->ctx = r;
  if (r->opt->batch) {
    opt->parse_flags = SHELF_PARSE_LINES | counted;
    opt->keep_going = r->opt->keep_going;
    opt->solver_flags = needs_weights(r->opt) ? SHELF_KEEP_WEIGHTS : 0;
    opt->shelf = batch_line;
    opt->idle = batch_idle;
    st = shelf_read_batch(src, opt, &e);
    /* A parse error was reported as its line was handed over. */
    if (st != SHELF_OK && st < SHELF_EXPECTED_INTEGER)
      read_failed(r, st, &e);
    return e.stopped || st != SHELF_OK ? 1 : r->failed;
  }
  opt->parse_flags = counted;
  shelf_result result;
  st = shelf_read(src, opt, r->solver, &result, &e);
  if (r->input != NULL)
    par_done(r->input);
  if (st == SHELF_OK) {
    r->given = &result; /* read off the stack once: on monotone input it
                           is as long as the shelf */
    r->given_status = SHELF_OK;
    status = emit_shelf(r);
    r->given = NULL;
  } else {
    /* Out of memory too is placed: the file is named. */
    if (e.read_errno != 0 || e.why != NULL)
      read_failed(r, st, &e);
    else
      report_error_at(r, st, &e.parse);
    status = 1;
  }
  return status;
}

/* Reads a file or standard input on every core (or --threads); the notes
 * see its text. Progress is shown for one shelf only: --batch writes as
 * it goes. */
int read_input(run *r, int fd) {
  par_input in;
  shelf_source src;
  par_source(&in, fd, &src);
  r->input = &in;
  /* Not while a person types the input: it would write over their line. */
  int show = !r->opt->batch && isatty(STDERR_FILENO) && !isatty(fd) &&
             !r->opt->report.json;
  shelf_read_options opt = {.threads =
                                r->opt->threads ? r->opt->threads : par_cores(),
                            .seen = notes_seen,
                            .progress = read_progress};
  par_options(&in, &src, show, &opt);
  int status = read_source(r, &src, &opt);
  par_done(&in);
  r->input = NULL;
  return status;
}

/* Weights on the command line: joined with spaces and parsed as one text,
 * so that `shelf [7, 2, 9, 4]` works as typed. */
int read_args(run *r, int nargs, char **args) {
  size_t total = 0;
  r->arg_start = malloc((size_t)nargs * sizeof *r->arg_start);
  if (r->arg_start == NULL) {
    error_line("out of memory");
    return 1;
  }
  for (int k = 0; k < nargs; k++) {
    r->arg_start[k] = total;
    total += strlen(args[k]) + 1;
  }
  char *text = malloc(total);
  if (text == NULL) {
    free(r->arg_start);
    error_line("out of memory");
    return 1;
  }
  for (int k = 0; k < nargs; k++) {
    size_t len = strlen(args[k]);
    memcpy(text + r->arg_start[k], args[k], len);
    text[r->arg_start[k] + len] = ' ';
    shelf_notes_arg(r->notes, args[k]);
  }
  r->args = args;
  r->nargs = nargs;
  /* On this thread: the notes have looked at each argument already. */
  text_source t = {text, total - 1};
  shelf_source src = {.ctx = &t, .read_at = text_read_at, .size = t.len};
  shelf_read_options opt = {.threads = 1};
  int status = read_source(r, &src, &opt);
  free(text);
  free(r->arg_start);
  return status;
}

/* The most wheels --random lists on a terminal: about 6 KB, a few
 * screens. A million (5.9 MB) scrolls past for minutes and shows nothing;
 * a pipe or a file still gets any number. */
#define LIST_ON_TERMINAL_MAX 1000

/* --random N with nothing asked of the shelf, printed to a terminal, of
 * more wheels than a person can read there: says in one line how to solve
 * it or where to send the list, as gzip will not write to a terminal.
 * Decided on the most wheels that may be drawn (HI of LO..HI), before any
 * is made. Returns 1 after saying so, 0 to go on. */
static int refuse_long_list(const options *opt) {
  const teach_options *p = &opt->teach;
  if (p->random_top <= LIST_ON_TERMINAL_MAX || !isatty(STDOUT_FILENO))
    return 0;
  char wheels[64], seed[48] = "", range[64] = "";
  if (p->random_top > p->random_n)
    snprintf(wheels, sizeof wheels, "%llu..%llu",
             (unsigned long long)p->random_n,
             (unsigned long long)p->random_top);
  else
    snprintf(wheels, sizeof wheels, "%llu", (unsigned long long)p->random_n);
  if (p->seed_given)
    snprintf(seed, sizeof seed, " --seed %llu", (unsigned long long)p->seed);
  if (p->range_given)
    snprintf(range, sizeof range, " --range %lld..%lld", (long long)p->lo,
             (long long)p->hi);
  error_line("--random %s: more wheels than a terminal shows (it lists at "
             "most %d); add --answer margin to solve the shelf, or send the "
             "list to a file or a pipe: shelf --random %s%s%s%s > shelf.txt",
             wheels, LIST_ON_TERMINAL_MAX, wheels, opt->counted ? " -c" : "",
             seed, range);
  return 1;
}

/* --random N: a made-up shelf, listed, or solved like one that was typed. */
int read_random(run *r) {
  int64_t *weights;
  size_t n;
  if (r->opt->teach.sheet > 0)
    return teach_sheet(&r->opt->teach, &r->opt->report, &r->stdout_buf);
  int lists =
      teach_lists_only(&r->opt->teach, &r->opt->report, r->opt->engine_given) &&
      !r->opt->answer_given;
  if (lists && refuse_long_list(r->opt))
    return 1;
  if (teach_random_shelf(&r->opt->teach, &weights, &n) != 0)
    return 1;
  int status = 0;
  if (lists) {
    (r->opt->counted ? teach_print_counted : teach_print_list)(&r->stdout_buf,
                                                               weights, n);
  } else if (shelf_solver_push_many(r->solver, weights, n) != SHELF_OK) {
    error_line("out of memory");
    status = 1;
  } else {
    status = emit_shelf(r);
  }
  free(weights);
  return status;
}

/* On a terminal with nothing else to read, a person may be waiting for
 * shelf while shelf waits for them: say what it wants, as filters that
 * are kind to people do. Never in a pipe. */
void tell_terminal(const options *opt) {
  if (!isatty(STDIN_FILENO))
    return;
#ifdef _WIN32
  const char *end = "Ctrl-Z and Enter"; /* a console's end of input */
#else
  const char *end = "Ctrl-D";
#endif
  error_line("reading %s from the terminal; type weights such as "
             "3 9 1 2, then %s on a line of its own to end (shelf --help "
             "for more)",
             opt->batch ? "shelves, one a line," : "a shelf", end);
}
