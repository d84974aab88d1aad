/*
 * read.c - one shelf on every core (shelf_read(), shelf_read_batch()):
 * the entry points, the pieces and their join, and the reads on one
 * thread. A file's byte ranges are read_file.c's, a stream's blocks
 * read_stream.c's. The I/O is the caller's (shelf_source); the policy of
 * the cuts is pieces.c's.
 *
 * The text is cut into pieces at the library's cut points; each piece is
 * parsed and reduced on its own thread, into its own solver, from the
 * place libshelf guesses for its start; then, in shelf order, each guess is
 * checked against where the piece before truly ended, a piece whose guess
 * was wrong is parsed again from there, and the solvers are appended with
 * shelf_solver_append(). Where to cut, what to guess, how to join, and why
 * the answer is exact for any cuts: pieces.c and docs/algorithm.md,
 * "Cutting the text". What is here is how the bytes are read and who
 * parses which piece.
 *
 * A file (source->read_at) is cut into byte ranges, each parsed on a
 * thread and appended on the calling thread (read_file.c); a stream, and
 * --batch, are read in blocks (read_stream.c). A counted shelf is read
 * as the plain text of its weights after the count, and checked against
 * the count (read_counted()).
 *
 * Memory: a piece's solver holds its reduced stack, as one solver would
 * for its wheels; the result holds the stacks appended, and no piece is
 * taken more than threads + 1 past the last one appended, so at most that
 * many more hold theirs.
 *
 * The library keeps no state between calls and starts threads only when
 * asked for more than one; they are all joined before a call returns.
 */
/* pthread_sigmask() */
#define _POSIX_C_SOURCE 200809L

#include "read.h"

#include "grammar.h"
#include "lines.h"
#include "solver.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <signal.h>
#endif

/* Files smaller than this are read on one thread: starting threads costs
 * more than they save. */
#define MIN_THREADED (1u << 20)

/* ==== The source ==== */

/* The mask is the creating thread's for the moment of pthread_create(),
 * which the new thread inherits: a thread that unmasked itself after it
 * started could be sent a signal before it did. The faults a thread
 * raises itself stay unmasked (blocked, they would kill the process). */
int shelf__read_start_thread(pthread_t *th, void *(*run)(void *), void *arg) {
#ifndef _WIN32
  sigset_t all, was;
  sigfillset(&all);
  static const int own[] = {
      SIGSEGV, SIGFPE, SIGILL, SIGABRT,
#ifdef SIGBUS
      SIGBUS,
#endif
#ifdef SIGTRAP
      SIGTRAP,
#endif
#ifdef SIGSYS
      SIGSYS,
#endif
  };
  for (size_t k = 0; k < sizeof own / sizeof own[0]; k++)
    sigdelset(&all, own[k]);
  pthread_sigmask(SIG_BLOCK, &all, &was);
  int rc = pthread_create(th, NULL, run, arg);
  pthread_sigmask(SIG_SETMASK, &was, NULL);
  return rc;
#else
  return pthread_create(th, NULL, run, arg);
#endif
}

void shelf__read_seen(reader *rd, const char *data, size_t len) {
  if (rd->seen_done || rd->opt->seen == NULL)
    return;
  rd->opt->seen(rd->opt->ctx, data, len);
  rd->seen_done = data == NULL;
}

void shelf__read_failed(outcome *res, int err, uint64_t at) {
  res->status = SHELF_INVALID;
  res->read_errno = err > 0 ? err : 0;
  res->why = err > 0 ? NULL : SHRANK;
  res->at = at;
}

/* A file is read up to its size and no further (a window of a larger file
 * is a source too), and a file that ends before it is an error, as it is
 * when threads read its ranges (shelf__read_parse_piece()): the answer
 * never depends on the threads. A file of size 0 (rd->unsized) is read to
 * its end. */
int64_t shelf__read_next(reader *rd, char *buf, size_t len, int *err) {
  const shelf_source *src = rd->src;
  int64_t k;
  if (src->read_at != NULL) {
    uint64_t at = rd->base + rd->stream_at;
    uint64_t left = src->size > at ? src->size - at : 0;
    if (!rd->unsized && len > left)
      len = (size_t)left;
    k = len > 0 ? src->read_at(src->ctx, buf, len, at) : 0;
    if (k == 0 && len > 0 && !rd->unsized) {
      *err = READ_SHORT;
      return -1;
    }
  } else {
    k = src->read(src->ctx, buf, len);
  }
  if (k < 0) {
    *err = k < -INT32_MAX ? INT32_MAX : (int)-k;
    return -1;
  }
  rd->stream_at += (uint64_t)k;
  return k;
}

int shelf__read_ready(const reader *rd) {
  return rd->src->read_at != NULL || rd->src->ready == NULL ||
         rd->src->ready(rd->src->ctx);
}

int64_t shelf__read_at(const reader *rd, char *buf, size_t want, uint64_t at,
                       int *err) {
  size_t got = 0;
  while (got < want) {
    int64_t k = rd->src->read_at(rd->src->ctx, buf + got, want - got,
                                 rd->base + at + got);
    if (k < 0) {
      *err = k < -INT32_MAX ? INT32_MAX : (int)-k;
      return -1;
    }
    if (k == 0)
      break;
    got += (size_t)k;
  }
  return (int64_t)got;
}

static void progress(const reader *rd, uint64_t bytes) {
  if (rd->opt->progress != NULL)
    rd->opt->progress(rd->opt->ctx, bytes);
}

static void feed(piece *p, const char *data, size_t len) {
  size_t used;
  int ended;
  p->status = shelf_parser_feed(p->parser, p->solver, data, len, &used, &ended);
}

/* Parses a piece from its assumed place (the text's start for the first),
 * from byte p->assumed.offset (its start, or later after a wrong guess
 * that a piece before ran past). */
void shelf__read_parse_piece(const reader *rd, piece *p, char *buf) {
  p->read_errno = 0;
  p->why = NULL;
  p->parsed = 1;
  shelf_solver_reset(p->solver);
  p->status = SHELF_OK;
  uint64_t from = p->start;
  if (p->start == 0) {
    shelf_parser_reset(p->parser);
  } else {
    p->status = shelf_parser_resume(p->parser, &p->assumed);
    if (p->assumed.offset > from)
      from = p->assumed.offset;
  }
  if (p->status == SHELF_OK && p->data != NULL && from < p->end)
    feed(p, p->data + (from - p->start), (size_t)(p->end - from));
  for (uint64_t at = from;
       p->data == NULL && at < p->end && p->status == SHELF_OK;) {
    if (stopped(rd, p)) {
      p->parsed = 0;
      return;
    }
    size_t want = p->end - at < READ_BLOCK ? (size_t)(p->end - at) : READ_BLOCK;
    int err = 0;
    int64_t got = shelf__read_at(rd, buf, want, at, &err);
    if (got <= 0) {
      p->read_errno = err;
      p->why = got < 0 ? NULL : SHRANK;
      p->failed_at = at;
      p->status = SHELF_INVALID;
      return;
    }
    progress(rd, (uint64_t)got);
    feed(p, buf, (size_t)got);
    at += (uint64_t)got;
  }
  if (p->status != SHELF_OK)
    return;
  int ended;
  if (p->last) {
    p->status = shelf_parser_finish(p->parser, p->solver, &ended);
    return;
  }
  /* Where its parser truly stopped: at a cut point, the next byte says. */
  char next[NEXT_BYTES];
  const char *nb = p->next;
  size_t nlen = p->next_len;
  if (p->data == NULL) {
    int err = 0;
    int64_t got = shelf__read_at(rd, next, sizeof next, p->end, &err);
    if (got <= 0) { /* a read error, not a piece that missed its cut; or
                       the file ended here, before its size */
      p->read_errno = err;
      p->why = got < 0 ? NULL : SHRANK;
      p->failed_at = p->end;
      p->status = SHELF_INVALID;
      return;
    }
    nlen = (size_t)got;
    nb = next;
  }
  p->status =
      shelf_piece_end(p->parser, p->solver, nb, nlen, NULL, &p->end_place);
  /* Its bytes ran out mid-item: a stream that failed after them says why;
   * else the piece was cut where it must not be. */
  if (p->status == SHELF_INVALID && p->then_errno != 0) {
    p->read_errno = p->then_errno > 0 ? p->then_errno : 0;
    p->why = p->then_errno > 0 ? NULL : SHRANK;
    p->failed_at = p->then_at;
  } else if (p->status == SHELF_INVALID)
    p->why = "a piece did not end at a cut point";
}

/* ==== Checking and appending, in shelf order ==== */

/* Ends the run with a piece's failure, its error placed in the text. */
static int piece_failed(chain *ch, const piece *p) {
  ch->res->status = p->status;
  ch->res->read_errno = p->read_errno;
  ch->res->why = p->why;
  ch->res->at = p->failed_at;
  if (p->status >= SHELF_EXPECTED_INTEGER) {
    shelf_parse_error e = *shelf_parser_error(p->parser);
    if (p->start != 0)
      shelf_piece_rebase(&ch->at, NULL, &e);
    ch->res->error = e;
  }
  return 1;
}

int shelf__read_settle(const reader *rd, chain *ch, piece *p, char *buf) {
  if (p->start != 0) {
    shelf_parse_place again;
    if (!shelf_piece_fits(&ch->at, &p->assumed, &again)) {
      p->assumed = again;
      p->parsed = 0;
    }
  }
  if (!p->parsed) {
    p->needed = 1;
    shelf__read_parse_piece(rd, p, buf);
  }
  if (p->status != SHELF_OK)
    return piece_failed(ch, p);
  if (p->then_errno != 0) { /* the input failed after this piece */
    shelf__read_failed(ch->res, p->then_errno, p->then_at);
    return 1;
  }
  shelf_status st = shelf_solver_append(ch->out, p->solver);
  if (st != SHELF_OK) {
    ch->res->status = st;
    return 1;
  }
  if (!p->last) {
    shelf_parse_place end = p->end_place;
    if (p->start != 0)
      shelf_piece_rebase(&ch->at, &end, NULL);
    ch->at = end;
  }
  return 0;
}

/* A piece's solver may be lent to it later (files: solver_lend()). */
int shelf__read_piece_init(piece *p, unsigned parse_flags, unsigned flags,
                           int with_solver) {
  memset(p, 0, sizeof *p);
  return shelf_parser_new(&p->parser, parse_flags) == SHELF_OK &&
         (!with_solver || shelf_solver_new(&p->solver, flags) == SHELF_OK);
}

void shelf__read_piece_free(piece *p) {
  shelf_parser_free(p->parser);
  shelf_solver_free(p->solver);
  p->parser = NULL;
  p->solver = NULL;
}

void shelf__read_chain_init(chain *ch, shelf_solver *out, outcome *res) {
  memset(ch, 0, sizeof *ch);
  ch->at.line = 1;
  ch->out = out;
  ch->res = res;
}

/* ==== One thread ==== */

/* --batch on the calling thread: lines.c's hooks hand each shelf over. */
typedef struct lines {
  reader *rd;
  outcome *res;
} lines;

static int line_shelf(void *ctx, shelf_solver *solver) {
  lines *l = ctx;
  const shelf_read_options *opt = l->rd->opt;
  shelf_result result;
  shelf_status st = shelf_solver_result(solver, &result);
  l->res->stopped = opt->shelf(opt->ctx, st, &result, NULL,
                               opt->solver_flags != 0 ? solver : NULL) != 0;
  return l->res->stopped;
}

/* lines.c goes on after it with keep_going, else the read ends here. */
static int line_error(void *ctx, shelf_status st, const shelf_parse_error *e) {
  lines *l = ctx;
  const shelf_read_options *opt = l->rd->opt;
  l->res->stopped = opt->shelf(opt->ctx, st, NULL, e, NULL) != 0;
  if (!l->res->stopped && (!opt->keep_going || st == SHELF_NOMEM)) {
    l->res->status = st;
    l->res->error = *e;
  }
  return l->res->stopped;
}

int shelf__read_lines_here(reader *rd, const shelf_parse_place *place,
                           const char *data, size_t len, outcome *res) {
  lines l = {.rd = rd, .res = res};
  line_hooks h = {.ctx = &l,
                  .shelf = line_shelf,
                  .error = line_error,
                  .keep_going = rd->opt->keep_going};
  shelf_parser *parser = NULL;
  shelf_solver *solver = NULL;
  char *buf = malloc(READ_BLOCK);
  int stop = 1;
  if (buf == NULL ||
      shelf_parser_new(&parser, rd->opt->parse_flags) != SHELF_OK ||
      shelf_solver_new(&solver, rd->opt->solver_flags) != SHELF_OK) {
    res->status = SHELF_NOMEM;
    goto out;
  }
  if (place != NULL &&
      (res->status = shelf_parser_resume(parser, place)) != SHELF_OK)
    goto out;
  if (shelf__lines_feed(parser, solver, data, len, &h))
    goto out;
  for (;;) {
    /* Results so far reach the reader before more input is awaited. */
    if (rd->opt->idle != NULL)
      rd->opt->idle(rd->opt->ctx);
    int err = 0;
    int64_t k = shelf__read_next(rd, buf, READ_BLOCK, &err);
    if (k < 0) {
      shelf__read_failed(res, err, rd->stream_at);
      goto out;
    }
    if (k == 0)
      break;
    shelf__read_seen(rd, buf, (size_t)k);
    if (rd->opt->progress != NULL)
      rd->opt->progress(rd->opt->ctx, (uint64_t)k);
    if (shelf__lines_feed(parser, solver, buf, (size_t)k, &h))
      goto out;
  }
  shelf__read_seen(rd, NULL, 0);
  shelf__lines_finish(parser, solver, &h);
  stop = res->stopped || res->status != SHELF_OK;
out:
  shelf_parser_free(parser);
  shelf_solver_free(solver);
  free(buf);
  return stop;
}

/* The whole text as one shelf on this thread, from the text's start. */
static void read_here(reader *rd, unsigned parse_flags, shelf_solver *out,
                      outcome *res) {
  shelf_parser *parser = NULL;
  char *buf = malloc(READ_BLOCK);
  if (buf == NULL || shelf_parser_new(&parser, parse_flags) != SHELF_OK) {
    res->status = SHELF_NOMEM;
    goto out;
  }
  rd->stream_at = 0;
  shelf_status st = SHELF_OK;
  for (;;) {
    int err = 0;
    int64_t k = shelf__read_next(rd, buf, READ_BLOCK, &err);
    if (k < 0) {
      shelf__read_failed(res, err, rd->stream_at);
      goto out;
    }
    if (k == 0)
      break;
    shelf__read_seen(rd, buf, (size_t)k);
    if (rd->opt->progress != NULL)
      rd->opt->progress(rd->opt->ctx, (uint64_t)k);
    size_t used;
    int ended;
    st = shelf_parser_feed(parser, out, buf, (size_t)k, &used, &ended);
    if (st != SHELF_OK)
      break;
  }
  shelf__read_seen(rd, NULL, 0);
  if (st == SHELF_OK) {
    int ended;
    st = shelf_parser_finish(parser, out, &ended);
  }
  res->status = st;
  if (st >= SHELF_EXPECTED_INTEGER)
    res->error = *shelf_parser_error(parser);
out:
  shelf_parser_free(parser);
  free(buf);
}

/* ==== A counted shelf ==== */

/* Whether the last byte of the text that is not a blank is a comma: the
 * one thing the plain grammar takes after a last weight and the counted
 * one does not (there it is text after the last counted weight). -1 on a
 * read error. */
static int ends_in_comma(const reader *rd, uint64_t size) {
  char buf[4096];
  while (size > 0) {
    size_t want = size < sizeof buf ? (size_t)size : sizeof buf;
    int err = 0;
    if (shelf__read_at(rd, buf, want, size - want, &err) != (int64_t)want)
      return -1;
    for (size_t k = want; k-- > 0;) {
      int cls = byte_class((unsigned char)buf[k]);
      if (cls < BYTE_SPACE || cls > BYTE_CR)
        return buf[k] == ',';
    }
    size -= want;
  }
  return 0;
}

/* One counted shelf on threads: the weights after the count, as a plain
 * text of their own. Once the count is read and a weight opens the rest,
 * the counted grammar takes what the plain one takes (neither has brackets
 * or names after a weight), but for a comma after the last weight, and
 * answers alike when exactly `count` weights came. Returns 1 if that
 * answered, 0 if the shelf must be read again on one thread (an error, too
 * many or too few weights), to find the first error in its place. */
static int read_counted(reader *rd, unsigned threads, shelf_solver *out,
                        shelf_result *result, outcome *res) {
  char head[256];
  int err = 0;
  int64_t got = shelf__read_at(rd, head, sizeof head, 0, &err);
  uint64_t count = 0;
  size_t at = got > 0 ? shelf_piece_count(head, (size_t)got, &count) : 0;
  if (at == 0)
    return 0;
  /* The notes see the text from its start, the count among it. */
  char *seen = malloc(HEAD);
  got = seen != NULL ? shelf__read_at(rd, seen, HEAD, 0, &err) : -1;
  if (got > 0)
    shelf__read_seen(rd, seen, (size_t)got);
  shelf__read_seen(rd, NULL, 0);
  free(seen);
  uint64_t size = rd->src->size - rd->base;
  rd->base += at;
  shelf__read_file(rd, size - at, threads, out->flags & SHELF_KEEP_WEIGHTS, out,
                   res);
  int fits = res->status == SHELF_OK &&
             shelf_solver_result(out, result) == SHELF_OK &&
             result->n == count && ends_in_comma(rd, size - at) == 0;
  rd->base -= at;
  if (fits)
    return 1;
  shelf_solver_reset(out);
  memset(res, 0, sizeof *res);
  return 0;
}

/* ==== The entry points ==== */

/* Whether a file of `size` bytes is worth threads. */
static int worth_threads(const reader *rd, unsigned threads, uint64_t size) {
  return threads >= 2 && (size >= MIN_THREADED || rd->opt->piece != 0);
}

static shelf_status ended(const outcome *res, shelf_read_error *error) {
  if (error != NULL) {
    memset(error, 0, sizeof *error);
    error->parse = res->error;
    error->read_errno = res->read_errno;
    error->why = res->why;
    error->offset = res->read_errno != 0 || res->why != NULL ? res->at : 0;
    error->stopped = res->stopped;
  }
  return res->status;
}

static int source_ok(const shelf_source *src) {
  return src != NULL && (src->read_at != NULL || src->read != NULL);
}

/* The threads asked for, within SHELF_READ_THREADS_MAX. Each path starts
 * no more than the input has pieces for besides (a file's ranges, a
 * stream's blocks read so far). */
static unsigned threads_asked(const shelf_read_options *opt) {
  return opt->threads < SHELF_READ_THREADS_MAX ? opt->threads
                                               : SHELF_READ_THREADS_MAX;
}

shelf_status shelf_read(const shelf_source *source,
                        const shelf_read_options *options, shelf_solver *solver,
                        shelf_result *result, shelf_read_error *error) {
  static const shelf_read_options none;
  const shelf_read_options *opt = options != NULL ? options : &none;
  outcome res;
  memset(&res, 0, sizeof res);
  res.status = SHELF_OK;
  if (!source_ok(source) || solver == NULL ||
      (opt->parse_flags & ~SHELF_PARSE_COUNTED) != 0) {
    res.status = SHELF_INVALID;
    return ended(&res, error);
  }
  /* A file of size 0 may hold text all the same (procfs): it is read in
   * order to its end, as a stream is. */
  int file = source->read_at != NULL && source->size > 0;
  reader rd = {
      .src = source, .opt = opt, .unsized = source->read_at != NULL && !file};
  atomic_init(&rd.stop_at, SIZE_MAX);
  unsigned threads = threads_asked(opt);
  unsigned flags = solver->flags & SHELF_KEEP_WEIGHTS;
  shelf_result mine;
  shelf_result *r = result != NULL ? result : &mine;
  if (opt->parse_flags & SHELF_PARSE_COUNTED) {
    if (!file || !worth_threads(&rd, threads, source->size) ||
        !read_counted(&rd, threads, solver, r, &res))
      read_here(&rd, SHELF_PARSE_COUNTED, solver, &res);
    else
      return ended(&res, error); /* *r is the shelf's already */
  } else if (file && worth_threads(&rd, threads, source->size)) {
    shelf__read_file(&rd, source->size, threads, flags, solver, &res);
  } else if (!file && threads >= 2) {
    shelf__read_blocks(&rd, threads, 0, solver, &res);
  } else {
    read_here(&rd, 0, solver, &res);
  }
  if (res.status == SHELF_OK && result != NULL)
    res.status = shelf_solver_result(solver, result);
  return ended(&res, error);
}

shelf_status shelf_read_batch(const shelf_source *source,
                              const shelf_read_options *options,
                              shelf_read_error *error) {
  outcome res;
  memset(&res, 0, sizeof res);
  res.status = SHELF_OK;
  if (!source_ok(source) || options == NULL || options->shelf == NULL ||
      (options->parse_flags & SHELF_PARSE_LINES) == 0 ||
      (options->parse_flags & ~(SHELF_PARSE_LINES | SHELF_PARSE_COUNTED)) !=
          0 ||
      (options->solver_flags & ~SHELF_KEEP_WEIGHTS) != 0) {
    res.status = SHELF_INVALID;
    return ended(&res, error);
  }
  reader rd = {.src = source,
               .opt = options,
               .unsized = source->read_at != NULL && source->size == 0};
  atomic_init(&rd.stop_at, SIZE_MAX);
  unsigned threads = threads_asked(options);
  /* Kept weights stay on this thread: a block's shelves would otherwise
   * each need their own solver until handed over. */
  if (threads >= 2 && options->solver_flags == 0)
    shelf__read_blocks(&rd, threads, 1, NULL, &res);
  else
    shelf__read_lines_here(&rd, NULL, NULL, 0, &res);
  return ended(&res, error);
}
