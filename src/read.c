/*
 * read.c - one shelf on every core (shelf_read(), shelf_read_batch()):
 * the threads, the pieces and a file's byte ranges. The I/O is the
 * caller's (shelf_source); the policy of the cuts is pieces.c's.
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
 * A file (source->read_at) is cut into byte ranges (RANGES_MIN says how
 * many); a cut point is looked for in a window of WINDOW bytes after each
 * range's nominal start, so that cutting reads O(ranges x WINDOW) bytes
 * whatever the file holds: where the window has none (a text with no
 * blanks or commas, or a file of zeros), the range before goes on. Each
 * thread takes ranges in turn and reads them into its own 128 KiB buffer
 * (mmap measured no faster here, and counts the mapped file in peak
 * memory; docs/benchmarks.md). A piece whose guess was sure and that fails
 * has the first error of the text in it or before it, so it stops the
 * pieces after it (stop_at): an early error ends the run early, however
 * large the file.
 *
 * A stream, and --batch, are read in blocks by read_stream.c.
 *
 * The calling thread appends the ranges in order as soon as each is done,
 * and parses ranges itself while the next is not, so appending overlaps
 * parsing; an appended range's solver is reset and lent to a range still
 * to parse, so its pages serve again (settle_ranges(), solver_lend()).
 *
 * Memory: a piece's solver holds its reduced stack, as one solver would
 * for its wheels; the result holds the stacks appended, and no range is
 * taken more than `ahead` (threads + 1) past the last one appended, so at
 * most that many more hold theirs (RANGES_MIN).
 *
 * The library keeps no state between calls and starts threads only when
 * asked for more than one; they are all joined before a call returns.
 */
#include "read.h"

#include "grammar.h"
#include "lines.h"
#include "solver.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Files smaller than this are read on one thread: starting threads costs
 * more than they save. */
#define MIN_THREADED (1u << 20)
#define MIN_RANGE (1u << 20)
/* Ranges: at least four per thread, so that a thread slowed by other work
 * holds the others up less, and at least 64, because the ranges in hand
 * (one a thread, and the one being appended) hold their stacks beside the
 * result's: on monotone input, with two threads, 3/64 more than the result,
 * 8.4 bytes a wheel. */
#define RANGES_PER_THREAD 4
#define RANGES_MIN 64
/* How far ahead of a range's nominal start to look for a cut point. */
#define WINDOW (1u << 16)

_Static_assert(WINDOW <= READ_BLOCK && SHELF_LOOK_BACK <= READ_BLOCK &&
                   HEAD <= READ_BLOCK,
               "read_file()'s scratch buffer holds a window, a look-back "
               "and the head");

/* ==== The source ==== */

void shelf__read_seen(reader *rd, const char *data, size_t len) {
  if (rd->seen_done || rd->opt->seen == NULL)
    return;
  rd->opt->seen(rd->opt->ctx, data, len);
  rd->seen_done = data == NULL;
}

int64_t shelf__read_next(reader *rd, char *buf, size_t len, int *err) {
  const shelf_source *src = rd->src;
  int64_t k;
  if (src->read_at != NULL) {
    uint64_t at = rd->base + rd->stream_at;
    uint64_t left = src->size > at ? src->size - at : 0;
    if (len > left)
      len = (size_t)left;
    k = len > 0 ? src->read_at(src->ctx, buf, len, at) : 0;
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

/* Reads up to `want` bytes at `at` of the text (fewer only at its end);
 * -1 on an error, its number in *err. */
static int64_t read_at(const reader *rd, char *buf, size_t want, uint64_t at,
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

/* Whether a piece after the one that holds the first error: not worth
 * finishing (settle() parses it if the chain ever needs it). */
static int stopped(const reader *rd, const piece *p) {
  return p->data == NULL && !p->needed && p->index > atomic_load(&rd->stop_at);
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
    int64_t got = read_at(rd, buf, want, at, &err);
    if (got <= 0) {
      p->read_errno = err;
      p->why = got < 0 ? NULL : "the file became shorter while it was read";
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
    int64_t got = read_at(rd, next, sizeof next, p->end, &err);
    if (got < 0) { /* a read error, not a piece that missed its cut */
      p->read_errno = err;
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
  if (p->status == SHELF_INVALID && p->then_errno != 0)
    p->read_errno = p->then_errno;
  else if (p->status == SHELF_INVALID)
    p->why = "a piece did not end at a cut point";
}

/* ==== Checking and appending, in shelf order ==== */

/* Ends the run with a piece's failure, its error placed in the text. */
static int piece_failed(chain *ch, const piece *p) {
  ch->res->status = p->status;
  ch->res->read_errno = p->read_errno;
  ch->res->why = p->why;
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
    ch->res->status = SHELF_INVALID;
    ch->res->read_errno = p->then_errno;
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

/* ==== Regular files: byte ranges ==== */

typedef struct file_job {
  reader *rd;
  piece *pieces;
  size_t n;
  unsigned flags;         /* the solvers' */
  atomic_size_t next;     /* the next range to take */
  size_t settled;         /* ranges appended so far (under lock) */
  size_t ahead;           /* how far past `settled` a range may be taken */
  pthread_mutex_t lock;   /* for `settled`, `changed` and the pool */
  pthread_cond_t changed; /* a range is done, or appended */
  /* Solvers of ranges appended, reset, for the ranges still to parse. */
  shelf_solver **pool;
  size_t pooled, pool_cap;
} file_job;

/* Lends a range a solver: one a range before it used, if there is one.
 * On monotone input a range's stack holds every wheel of it; the pages a
 * used solver touched serve the next range, where a new solver would fault
 * in pages of its own (and free them again when appended). */
static int solver_lend(file_job *j, piece *p) {
  if (p->solver != NULL)
    return 1;
  pthread_mutex_lock(&j->lock);
  if (j->pooled > 0)
    p->solver = j->pool[--j->pooled];
  pthread_mutex_unlock(&j->lock);
  return p->solver != NULL ||
         shelf_solver_new(&p->solver, j->flags) == SHELF_OK;
}

/* A range appended: its solver back to the pool, the rest freed. */
static void solver_return(file_job *j, piece *p) {
  shelf_solver_reset(p->solver);
  pthread_mutex_lock(&j->lock);
  /* No more kept than ranges are left to take: near the end, when the
   * result is largest, the pages go back. */
  size_t taken = atomic_load(&j->next);
  size_t left = taken < j->n ? j->n - taken : 0;
  if (p->solver != NULL && j->pooled < j->pool_cap && j->pooled < left) {
    j->pool[j->pooled++] = p->solver;
    p->solver = NULL;
  }
  pthread_mutex_unlock(&j->lock);
  shelf__read_piece_free(p);
}

/* Parses range k (or skips it, after the first error) and says it is done. */
static void take_range(file_job *j, size_t k, char *buf) {
  piece *p = &j->pieces[k];
  /* Skipped after the first error, or without memory: settle() parses it
   * if the chain needs it. */
  if (!stopped(j->rd, p) && buf != NULL && solver_lend(j, p))
    shelf__read_parse_piece(j->rd, p, buf);
  /* A sure start and a failure: the text's first error is here or
   * before, so nothing after this piece matters. */
  if (p->parsed && p->status != SHELF_OK && (k == 0 || p->sure)) {
    size_t was = atomic_load(&j->rd->stop_at);
    while (k < was && !atomic_compare_exchange_weak(&j->rd->stop_at, &was, k))
      ;
  }
  pthread_mutex_lock(&j->lock);
  atomic_store(&p->done, 1);
  pthread_cond_broadcast(&j->changed);
  pthread_mutex_unlock(&j->lock);
}

/* A parser thread takes no range `ahead` or more past the last one
 * appended (nor does the calling thread, settle_ranges()), so that the
 * ranges parsed and not yet appended, each holding its stack, stay few
 * however the threads are scheduled. */
static void *file_worker(void *arg) {
  file_job *j = arg;
  char *buf = malloc(READ_BLOCK);
  for (size_t k; (k = atomic_fetch_add(&j->next, 1)) < j->n;) {
    pthread_mutex_lock(&j->lock);
    while (k >= j->settled + j->ahead)
      pthread_cond_wait(&j->changed, &j->lock);
    pthread_mutex_unlock(&j->lock);
    take_range(j, k, buf);
  }
  free(buf);
  return NULL;
}

/* The calling thread's share: it appends the ranges in shelf order as soon
 * as each is done, and parses ranges of its own while the next is not. So
 * the appending (on monotone input, a copy of every wheel's stack entry
 * into pages touched for the first time) overlaps the parsing, and each
 * range's stack is freed as soon as it is appended. */
static void settle_ranges(file_job *j, chain *ch, char *win) {
  size_t k = 0;
  while (k < j->n) {
    piece *head = &j->pieces[k];
    if (atomic_load(&head->done)) {
      int stop = 1;
      if (solver_lend(j, head))
        stop = shelf__read_settle(j->rd, ch, head, win);
      else
        ch->res->status = SHELF_NOMEM;
      solver_return(j, head); /* its stack now lives in `out` */
      if (stop)
        break;
      k++;
      pthread_mutex_lock(&j->lock);
      j->settled = k;
      pthread_cond_broadcast(&j->changed);
      pthread_mutex_unlock(&j->lock);
      continue;
    }
    /* A range of its own, within the window the parser threads keep to
     * (file_worker()), so that a parser thread slow on the head cannot
     * leave this one parsing, and holding, the whole file. */
    size_t mine = atomic_load(&j->next);
    size_t bound = k + j->ahead < j->n ? k + j->ahead : j->n;
    while (mine < bound &&
           !atomic_compare_exchange_weak(&j->next, &mine, mine + 1))
      ;
    if (mine < bound) {
      take_range(j, mine, win);
      continue;
    }
    pthread_mutex_lock(&j->lock);
    while (!atomic_load(&head->done))
      pthread_cond_wait(&j->changed, &j->lock);
    pthread_mutex_unlock(&j->lock);
  }
  /* The chain has ended (at the end, or at an error): the other threads
   * skip what is left, waiting no more. */
  atomic_store(&j->rd->stop_at, 0);
  pthread_mutex_lock(&j->lock);
  j->settled = j->n;
  pthread_cond_broadcast(&j->changed);
  pthread_mutex_unlock(&j->lock);
}

/* The first cut point in [from, limit), or `limit` if there is none in
 * the WINDOW bytes from `from`; -1 on a read error. `from` is at least 1. */
static int64_t find_cut(const reader *rd, uint64_t from, uint64_t limit,
                        char *win, int *err) {
  uint64_t to = limit - from > WINDOW ? from + WINDOW : limit;
  int64_t got = read_at(rd, win, (size_t)(to - from + 1), from - 1, err);
  if (got < 0)
    return -1;
  if (got < 2)
    return (int64_t)limit;
  size_t cut = shelf_piece_cut(win, (size_t)got, 1, 0);
  return cut < (size_t)got ? (int64_t)(from - 1 + cut) : (int64_t)limit;
}

/* Cuts the file into ranges and guesses where each starts. Returns the
 * number of ranges (at least 1), or 0 after a read error (*err set). */
static size_t cut_file(reader *rd, uint64_t size, uint64_t range,
                       piece *pieces, size_t max, char *win, int *err) {
  int64_t head = read_at(rd, win, HEAD, 0, err);
  if (head < 0)
    return 0;
  shelf__read_seen(rd, win, (size_t)head);
  shelf_parse_place opening;
  int sure_opening;
  shelf_piece_opening(win, (size_t)head, 0, &opening, &sure_opening);
  size_t n = 1;
  pieces[0].start = 0;
  for (uint64_t nominal = range; nominal < size && n < max; nominal += range) {
    if (nominal <= pieces[n - 1].start)
      continue;
    uint64_t limit = nominal + range < size ? nominal + range : size;
    int64_t cut = find_cut(rd, nominal, limit, win, err);
    if (cut < 0)
      return 0;
    if ((uint64_t)cut >= limit)
      continue; /* no cut point near here: the range before goes on */
    uint64_t lo =
        (uint64_t)cut > SHELF_LOOK_BACK ? (uint64_t)cut - SHELF_LOOK_BACK : 0;
    int64_t got = read_at(rd, win, (size_t)((uint64_t)cut - lo), lo, err);
    if (got < 0)
      return 0;
    piece *p = &pieces[n];
    p->start = (uint64_t)cut;
    p->index = n;
    shelf_piece_guess(&opening, win, (size_t)got, (uint64_t)cut, 0, &p->assumed,
                      &p->sure);
    p->sure &= sure_opening;
    n++;
    nominal = (uint64_t)cut; /* the next range starts `range` after it */
  }
  for (size_t k = 0; k < n; k++)
    pieces[k].end = k + 1 < n ? pieces[k + 1].start : size;
  pieces[n - 1].last = 1;
  return n;
}

static void read_file(reader *rd, uint64_t size, unsigned threads,
                      unsigned flags, shelf_solver *out, outcome *res) {
  size_t test = rd->opt->piece;
  uint64_t ranges = (uint64_t)threads * RANGES_PER_THREAD;
  if (ranges < RANGES_MIN)
    ranges = RANGES_MIN;
  uint64_t range = test ? test : size / ranges;
  if (!test && range < MIN_RANGE)
    range = MIN_RANGE;
  size_t max = (size_t)(size / range + 1);
  if (max > 65536)
    max = 65536;
  piece *pieces = calloc(max, sizeof *pieces);
  /* For finding cuts, and for parsing a range again (settle()). */
  char *win = malloc(READ_BLOCK);
  size_t n = 0, made = 0;
  if (pieces == NULL || win == NULL) {
    res->status = SHELF_NOMEM;
    goto out;
  }
  int err = 0;
  n = cut_file(rd, size, range, pieces, max, win, &err);
  if (n == 0) {
    res->status = SHELF_INVALID;
    res->read_errno = err;
    goto out;
  }
  for (; made < n; made++) {
    piece keep = pieces[made];
    if (!shelf__read_piece_init(&pieces[made], 0, flags, 0)) {
      shelf__read_piece_free(&pieces[made]);
      res->status = SHELF_NOMEM;
      goto out;
    }
    pieces[made].start = keep.start;
    pieces[made].end = keep.end;
    pieces[made].last = keep.last;
    pieces[made].index = keep.index;
    pieces[made].assumed = keep.assumed;
    pieces[made].sure = keep.sure;
  }

  atomic_init(&rd->stop_at, SIZE_MAX);
  file_job job = {.rd = rd, .pieces = pieces, .n = n, .flags = flags};
  job.ahead = (size_t)threads + 1;
  job.pool_cap = (size_t)threads + 1;
  job.pool = calloc(job.pool_cap, sizeof *job.pool);
  if (job.pool == NULL)
    job.pool_cap = 0; /* every range makes its own solver */
  atomic_init(&job.next, 0);
  pthread_mutex_init(&job.lock, NULL);
  pthread_cond_init(&job.changed, NULL);
  shelf__read_seen(rd, NULL, 0); /* the head was all it needs */
  unsigned helpers = threads < n ? threads - 1 : (unsigned)n - 1;
  pthread_t *th = calloc(helpers + 1, sizeof *th);
  unsigned started = 0;
  while (th != NULL && started < helpers &&
         pthread_create(&th[started], NULL, file_worker, &job) == 0)
    started++;
  chain ch;
  shelf__read_chain_init(&ch, out, res);
  settle_ranges(&job, &ch, win);
  for (unsigned k = 0; k < started; k++)
    pthread_join(th[k], NULL);
  free(th);
  pthread_cond_destroy(&job.changed);
  pthread_mutex_destroy(&job.lock);
  for (size_t k = 0; k < job.pooled; k++)
    shelf_solver_free(job.pool[k]);
  free(job.pool);
out:
  for (size_t k = 0; k < made; k++)
    shelf__read_piece_free(&pieces[k]);
  free(pieces);
  free(win);
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
  l->res->stopped = opt->shelf(opt->ctx, st, &result, NULL) != 0;
  return l->res->stopped;
}

/* lines.c goes on after it with keep_going, else the read ends here. */
static int line_error(void *ctx, shelf_status st, const shelf_parse_error *e) {
  lines *l = ctx;
  const shelf_read_options *opt = l->rd->opt;
  l->res->stopped = opt->shelf(opt->ctx, st, NULL, e) != 0;
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
      shelf_solver_new(&solver, 0) != SHELF_OK) {
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
      res->status = SHELF_INVALID;
      res->read_errno = err;
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
      res->status = SHELF_INVALID;
      res->read_errno = err;
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

/* The count of a counted text, from its head: parsed byte by byte with a
 * counted parser up to the count's separator. Returns the bytes that took
 * (the rest starts there), or 0 if the head does not open with a count
 * followed by a weight. */
static size_t read_count(const char *head, size_t len, uint64_t *count) {
  shelf_parser *p = NULL;
  shelf_solver *s = NULL;
  size_t at = 0;
  int have = 0;
  if (shelf_parser_new(&p, SHELF_PARSE_COUNTED) == SHELF_OK &&
      shelf_solver_new(&s, 0) == SHELF_OK) {
    while (at < len && !have) {
      size_t used;
      int ended;
      if (shelf_parser_feed(p, s, head + at, 1, &used, &ended) != SHELF_OK)
        break;
      at++;
      shelf_parse_place place;
      if (shelf_parser_place(p, &place) == SHELF_OK &&
          place.counted != UINT64_MAX) {
        have = 1;
        *count = place.counted;
      }
    }
  }
  shelf_parser_free(p);
  shelf_solver_free(s);
  /* Blanks, then a weight: anything else (a bracket, a name, the end) is
   * left to the one-thread parser, whose grammar for it is the counted
   * one. */
  size_t w = at;
  while (w < len && byte_class((unsigned char)head[w]) >= BYTE_SPACE &&
         byte_class((unsigned char)head[w]) <= BYTE_CR)
    w++;
  return have && w < len && weight_start((unsigned char)head[w]) ? at : 0;
}

/* Whether the last byte of the text that is not a blank is a comma: the
 * one thing the plain grammar takes after a last weight and the counted
 * one does not (there it is text after the last counted weight). -1 on a
 * read error. */
static int ends_in_comma(const reader *rd, uint64_t size) {
  char buf[4096];
  while (size > 0) {
    size_t want = size < sizeof buf ? (size_t)size : sizeof buf;
    int err = 0;
    if (read_at(rd, buf, want, size - want, &err) != (int64_t)want)
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
  int64_t got = read_at(rd, head, sizeof head, 0, &err);
  uint64_t count = 0;
  size_t at = got > 0 ? read_count(head, (size_t)got, &count) : 0;
  if (at == 0)
    return 0;
  /* The notes see the text from its start, the count among it. */
  char *seen = malloc(HEAD);
  got = seen != NULL ? read_at(rd, seen, HEAD, 0, &err) : -1;
  if (got > 0)
    shelf__read_seen(rd, seen, (size_t)got);
  shelf__read_seen(rd, NULL, 0);
  free(seen);
  uint64_t size = rd->src->size - rd->base;
  rd->base += at;
  read_file(rd, size - at, threads, out->flags & SHELF_KEEP_WEIGHTS, out, res);
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
    error->stopped = res->stopped;
  }
  return res->status;
}

static int source_ok(const shelf_source *src) {
  return src != NULL && (src->read_at != NULL || src->read != NULL);
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
  reader rd = {.src = source, .opt = opt};
  atomic_init(&rd.stop_at, SIZE_MAX);
  unsigned threads = opt->threads;
  unsigned flags = solver->flags & SHELF_KEEP_WEIGHTS;
  shelf_result mine;
  shelf_result *r = result != NULL ? result : &mine;
  int file = source->read_at != NULL;
  if (opt->parse_flags & SHELF_PARSE_COUNTED) {
    if (!file || !worth_threads(&rd, threads, source->size) ||
        !read_counted(&rd, threads, solver, r, &res))
      read_here(&rd, SHELF_PARSE_COUNTED, solver, &res);
    else
      return ended(&res, error); /* *r is the shelf's already */
  } else if (file && worth_threads(&rd, threads, source->size)) {
    read_file(&rd, source->size, threads, flags, solver, &res);
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
          0) {
    res.status = SHELF_INVALID;
    return ended(&res, error);
  }
  reader rd = {.src = source, .opt = options};
  atomic_init(&rd.stop_at, SIZE_MAX);
  if (options->threads >= 2)
    shelf__read_blocks(&rd, options->threads, 1, NULL, &res);
  else
    shelf__read_lines_here(&rd, NULL, NULL, 0, &res);
  return ended(&res, error);
}
