/*
 * read.c - one shelf on every core (shelf_read(), shelf_read_batch()):
 * the entry points, which choose the path, and the reads on one thread.
 * A file's byte ranges are read_file.c's, a stream's blocks
 * read_stream.c's, --batch on one thread read_lines.c's; the source, the
 * pieces and their join, which all of them share, reader.c's. The I/O is
 * the caller's (shelf_source); the policy of the cuts is pieces.c's.
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
#include "reader.h"

#include "grammar.h"
#include "solver.h"

#include <stdlib.h>
#include <string.h>

/* Files smaller than this are read on one thread: starting threads costs
 * more than they save. */
#define MIN_THREADED (1u << 20)

/* A stack at least this long has its valley read on two threads: 8 MiB of
 * 64-bit entries take about half a millisecond to read, a hundred times
 * a thread's start. */
#define VALLEY_SPLIT_LEAST (1u << 20)

/* ==== The result ==== */

static void *read_part(void *part) {
  shelf__valley_read(part);
  return NULL;
}

/* A solver's result, after a read on threads. A monotone shelf keeps every
 * wheel in its stack, and one thread reading 80 MB of it was the serial
 * tail of a read of 10^7 wheels: a long stack's valley is read in two
 * halves at once (solver.h). */
static shelf_status result_on_threads(const shelf_solver *s, unsigned threads,
                                      shelf_result *out) {
  valley_part head, rest;
  pthread_t th;
  if (threads < 2 || !shelf__valley_split(s, VALLEY_SPLIT_LEAST, &head, &rest) ||
      shelf__read_start_thread(&th, read_part, &rest) != 0)
    return shelf_solver_result(s, out);
  shelf__valley_read(&head);
  pthread_join(th, NULL);
  shelf__valley_result(&head, &rest, out);
  return SHELF_OK;
}

/* ==== One thread ==== */

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
    int64_t k = shelf__read_block(rd, buf, res);
    if (k < 0)
      goto out;
    if (k == 0)
      break;
    size_t used;
    int ended;
    st = shelf_parser_feed(parser, out, buf, (size_t)k, &used, &ended);
    if (st != SHELF_OK)
      break;
  }
  shelf__read_seen(rd, NULL, 0); /* a parse error ended the loop early */
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
             result_on_threads(out, threads, result) == SHELF_OK &&
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
    res.status = result_on_threads(solver, threads, result);
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
