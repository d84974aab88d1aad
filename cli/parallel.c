/*
 * parallel.c - one shelf on every core: the I/O and the threads.
 *
 * The text is cut into pieces at the library's cut points; each piece is
 * parsed and reduced on its own thread, into its own solver, from the
 * place libshelf guesses for its start; then, in shelf order, each guess is
 * checked against where the piece before truly ended, a piece whose guess
 * was wrong is parsed again from there, and the solvers are appended with
 * shelf_solver_append(). The policy (where to cut, what to guess, how to
 * join, and why the answer is exact for any cuts) is libshelf's:
 * src/pieces.c and docs/algorithm.md, "Cutting the text". What is here is
 * how the bytes are read and who parses which piece.
 *
 * A regular file is cut into byte ranges (RANGES_MIN says how many); a cut
 * point is looked for in a window of WINDOW bytes after each range's
 * nominal start, so that cutting reads O(ranges x WINDOW) bytes whatever
 * the file holds: where the window has none (a text with no blanks or
 * commas, or a file of zeros), the range before goes on. Each thread takes
 * ranges in turn and reads them with pread(2) into its own 128 KiB buffer
 * (mmap measured no faster here, and counts the mapped file in peak
 * memory; docs/benchmarks.md). A piece whose guess was sure and that fails
 * has the first error of the text in it or before it, so it stops the
 * pieces after it (stop_at): an early error ends the run early, however
 * large the file.
 *
 * A pipe is read by the calling thread in blocks, each cut at its last cut
 * point; parser threads take the blocks in turn, and the calling thread
 * checks and appends them in order. A block with no cut point at all ends
 * the cutting: the rest is parsed on the calling thread. --batch cuts its
 * blocks after a line feed, where a shelf starts and nothing is guessed,
 * and hands the lines back in order (lines.c is the loop).
 *
 * The calling thread appends the ranges in order as soon as each is done,
 * and parses ranges itself while the next is not, so appending overlaps
 * parsing; an appended range's solver is reset and lent to a range still
 * to parse, so its pages serve again (settle_ranges(), solver_lend()).
 *
 * Memory: a piece's solver holds its reduced stack, as one solver would
 * for its wheels; the result holds the stacks appended, and no range is
 * taken more than `ahead` (threads + 1) past the last one appended, so at
 * most that many more hold theirs (RANGES_MIN). A pipe keeps at most a
 * few blocks in flight.
 */
#define _GNU_SOURCE /* sched_getaffinity() */
#include "parallel.h"
#include <shelf_pieces.h>

#include "counted_cut.h"
#include "lines.h"
#include "progress.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
/* Pipes and --batch: the size of a block. Two more blocks than there are
 * parser threads are in flight (read_blocks()), so 256 KiB keeps memory
 * small while a block still takes far longer to parse than to hand over. */
#define PIPE_BLOCK (1u << 18)
/* How far ahead of a range's nominal start to look for a cut point. */
#define WINDOW (1u << 16)
/* The bytes after a piece that shelf_piece_end() is given: one is enough
 * at a cut point. */
#define NEXT_BYTES 16
/* The head the opening is read from, and the notes look at. */
#define HEAD (1u << 16)

_Static_assert(WINDOW <= READ_BLOCK && SHELF_LOOK_BACK <= READ_BLOCK &&
                   HEAD <= READ_BLOCK,
               "read_file()'s scratch buffer holds a window, a look-back "
               "and the head");

/* ==== Cores and the test aid ==== */

unsigned par_cores(void) {
#ifdef __linux__
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return (unsigned)CPU_COUNT(&set);
#endif
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (unsigned)n : 1;
}

/* SHELF_TEST_PIECE=N, a test aid (tests/parallel_tests.py): cut files into
 * ranges and pipes into blocks of about N bytes, and thread files of any
 * size, so that small test texts put their errors on piece boundaries. */
static size_t test_piece(void) {
  const char *s = getenv("SHELF_TEST_PIECE");
  if (s == NULL || *s == '\0')
    return 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  return *end == '\0' && v > 0 && v < (1ull << 40) ? (size_t)v : 0;
}

/* ==== Pieces ==== */

/* What every thread shares. */
typedef struct source {
  const par_hooks *hooks;
  int fd;
  off_t base; /* the file offset of the text's first byte */
  progress *progress;
  /* Files: the first piece known to hold the text's first error (or one
   * before it), so the pieces after it need not be parsed. */
  atomic_size_t stop_at;
} source;

typedef struct piece {
  uint64_t start, end;       /* its bytes, as offsets in the text */
  const char *data;          /* a pipe's block, or NULL: pread the range */
  int last;                  /* the text ends with it */
  size_t index;              /* files: its place in the list */
  shelf_parse_place assumed; /* where its parser starts (not piece 0) */
  int sure;                  /* the guess is sure for valid text */
  int parsed;                /* parsed from `assumed` (else skipped) */
  int needed;                /* the chain needs it: parsed past stop_at */
  atomic_int done;           /* files: a thread is through with it */
  char next[NEXT_BYTES];     /* pipes: the bytes after it */
  size_t next_len;
  shelf_parser *parser;
  shelf_solver *solver;
  shelf_status status;         /* of parsing it */
  int read_errno;              /* with SHELF_INVALID: a read error */
  int then_errno;              /* a pipe's read error after its bytes */
  const char *why;             /* with SHELF_INVALID: anything else */
  shelf_parse_place end_place; /* where it left its parser, if not last */
} piece;

/* Reads up to `want` bytes at `at` of the text; -1 on an error. */
static ssize_t read_at(const source *src, char *buf, size_t want, uint64_t at) {
  size_t got = 0;
  while (got < want) {
    ssize_t k =
        pread(src->fd, buf + got, want - got, src->base + (off_t)(at + got));
    if (k < 0 && errno == EINTR)
      continue;
    if (k < 0)
      return -1;
    if (k == 0)
      break;
    got += (size_t)k;
  }
  return (ssize_t)got;
}

static void feed(piece *p, const char *data, size_t len) {
  size_t used;
  int ended;
  p->status = shelf_parser_feed(p->parser, p->solver, data, len, &used, &ended);
}

/* Whether a piece after the one that holds the first error: not worth
 * finishing (settle() parses it if the chain ever needs it). */
static int stopped(const source *src, const piece *p) {
  return p->data == NULL && !p->needed && p->index > atomic_load(&src->stop_at);
}

/* Parses a piece from its assumed place (the text's start for the first),
 * from byte p->assumed.offset (its start, or later after a wrong guess
 * that a piece before ran past). */
static void parse_piece(const source *src, piece *p, char *buf) {
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
    if (stopped(src, p)) {
      p->parsed = 0;
      return;
    }
    size_t want = p->end - at < READ_BLOCK ? (size_t)(p->end - at) : READ_BLOCK;
    ssize_t got = read_at(src, buf, want, at);
    if (got <= 0) {
      p->read_errno = got < 0 ? errno : 0;
      p->why = got < 0 ? NULL : "the file became shorter while it was read";
      p->status = SHELF_INVALID;
      return;
    }
    atomic_fetch_add(&src->progress->done, (unsigned long long)got);
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
    ssize_t got = read_at(src, next, sizeof next, p->end);
    if (got < 0) { /* a read error, not a piece that missed its cut */
      p->read_errno = errno;
      p->status = SHELF_INVALID;
      return;
    }
    nlen = (size_t)got;
    nb = next;
  }
  p->status =
      shelf_piece_end(p->parser, p->solver, nb, nlen, NULL, &p->end_place);
  if (p->status == SHELF_INVALID)
    p->why = "a piece did not end at a cut point";
}

/* ==== Checking and appending, in shelf order ==== */

typedef struct chain {
  shelf_parse_place at; /* where the next piece truly starts */
  shelf_solver *out;
  par_outcome *res;
} chain;

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

/* Appends the next piece after checking (and if need be redoing) its
 * start. Returns 0, or 1 to stop (res says why). */
static int settle(const source *src, chain *ch, piece *p, char *buf) {
  if (p->start != 0) {
    shelf_parse_place again;
    if (!shelf_piece_fits(&ch->at, &p->assumed, &again)) {
      p->assumed = again;
      p->parsed = 0;
    }
  }
  if (!p->parsed) {
    p->needed = 1;
    parse_piece(src, p, buf);
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

/* A piece with its parser, and its solver unless one is lent to it later
 * (files: solver_lend()). */
static int piece_init(piece *p, unsigned parse_flags, unsigned flags,
                      int with_solver) {
  memset(p, 0, sizeof *p);
  return shelf_parser_new(&p->parser, parse_flags) == SHELF_OK &&
         (!with_solver || shelf_solver_new(&p->solver, flags) == SHELF_OK);
}

static void piece_free(piece *p) {
  shelf_parser_free(p->parser);
  shelf_solver_free(p->solver);
  p->parser = NULL;
  p->solver = NULL;
}

static void chain_init(chain *ch, shelf_solver *out, par_outcome *res) {
  memset(ch, 0, sizeof *ch);
  ch->at.line = 1;
  ch->out = out;
  ch->res = res;
}

/* ==== Regular files: byte ranges ==== */

typedef struct file_job {
  source *src;
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
  piece_free(p);
}

/* Parses range k (or skips it, after the first error) and says it is done. */
static void take_range(file_job *j, size_t k, char *buf) {
  piece *p = &j->pieces[k];
  /* Skipped after the first error, or without memory: settle() parses it
   * if the chain needs it. */
  if (!stopped(j->src, p) && buf != NULL && solver_lend(j, p))
    parse_piece(j->src, p, buf);
  /* A sure start and a failure: the text's first error is here or
   * before, so nothing after this piece matters. */
  if (p->parsed && p->status != SHELF_OK && (k == 0 || p->sure)) {
    size_t was = atomic_load(&j->src->stop_at);
    while (k < was && !atomic_compare_exchange_weak(&j->src->stop_at, &was, k))
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
        stop = settle(j->src, ch, head, win);
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
  atomic_store(&j->src->stop_at, 0);
  pthread_mutex_lock(&j->lock);
  j->settled = j->n;
  pthread_cond_broadcast(&j->changed);
  pthread_mutex_unlock(&j->lock);
}

/* The first cut point in [from, limit), or `limit` if there is none in
 * the WINDOW bytes from `from`; -1 on a read error. `from` is at least 1. */
static int64_t find_cut(const source *src, uint64_t from, uint64_t limit,
                        unsigned flags, char *win) {
  uint64_t to = limit - from > WINDOW ? from + WINDOW : limit;
  ssize_t got = read_at(src, win, (size_t)(to - from + 1), from - 1);
  if (got < 0)
    return -1;
  if (got < 2)
    return (int64_t)limit;
  size_t cut = shelf_piece_cut(win, (size_t)got, 1, flags);
  return cut < (size_t)got ? (int64_t)(from - 1 + cut) : (int64_t)limit;
}

/* Cuts the file into ranges and guesses where each starts. Returns the
 * number of ranges (at least 1), or 0 after a read error (errno set). */
static size_t cut_file(const source *src, uint64_t size, uint64_t range,
                       piece *pieces, size_t max, char *win) {
  ssize_t head = read_at(src, win, HEAD, 0);
  if (head < 0)
    return 0;
  src->hooks->seen(src->hooks->ctx, win, (size_t)head);
  shelf_parse_place opening;
  int sure_opening;
  shelf_piece_opening(win, (size_t)head, 0, &opening, &sure_opening);
  size_t n = 1;
  pieces[0].start = 0;
  for (uint64_t nominal = range; nominal < size && n < max; nominal += range) {
    if (nominal <= pieces[n - 1].start)
      continue;
    uint64_t limit = nominal + range < size ? nominal + range : size;
    int64_t cut = find_cut(src, nominal, limit, 0, win);
    if (cut < 0)
      return 0;
    if ((uint64_t)cut >= limit)
      continue; /* no cut point near here: the range before goes on */
    uint64_t lo =
        (uint64_t)cut > SHELF_LOOK_BACK ? (uint64_t)cut - SHELF_LOOK_BACK : 0;
    ssize_t got = read_at(src, win, (size_t)((uint64_t)cut - lo), lo);
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

static void read_file(source *src, uint64_t size, unsigned threads,
                      unsigned flags, shelf_solver *out, par_outcome *res) {
  size_t test = test_piece();
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
  n = cut_file(src, size, range, pieces, max, win);
  if (n == 0) {
    res->status = SHELF_INVALID;
    res->read_errno = errno;
    goto out;
  }
  for (; made < n; made++) {
    piece keep = pieces[made];
    if (!piece_init(&pieces[made], 0, flags, 0)) {
      piece_free(&pieces[made]);
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

  atomic_init(&src->stop_at, SIZE_MAX);
  file_job job = {.src = src, .pieces = pieces, .n = n, .flags = flags};
  job.ahead = (size_t)threads + 1;
  job.pool_cap = (size_t)threads + 1;
  job.pool = calloc(job.pool_cap, sizeof *job.pool);
  if (job.pool == NULL)
    job.pool_cap = 0; /* every range makes its own solver */
  atomic_init(&job.next, 0);
  pthread_mutex_init(&job.lock, NULL);
  pthread_cond_init(&job.changed, NULL);
  src->hooks->seen(src->hooks->ctx, NULL, 0); /* the notes saw the head */
  unsigned helpers = threads < n ? threads - 1 : (unsigned)n - 1;
  pthread_t *th = calloc(helpers + 1, sizeof *th);
  unsigned started = 0;
  while (th != NULL && started < helpers &&
         pthread_create(&th[started], NULL, file_worker, &job) == 0)
    started++;
  chain ch;
  chain_init(&ch, out, res);
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
    piece_free(&pieces[k]);
  free(pieces);
  free(win);
}

/* ==== Pipes: one reader, blocks, parser threads ==== */

enum { SLOT_EMPTY, SLOT_READY, SLOT_PARSING, SLOT_DONE, SLOT_REST };

/* --batch: one line's outcome. */
typedef struct line_rec {
  shelf_result result;
  shelf_status status;
  int parse_error; /* status is a parse error's; its details are next in
                      the slot's errors */
} line_rec;

typedef struct slot {
  piece p;
  char *buf; /* `cap` bytes: twice the block */
  size_t cap;
  size_t len;
  int state; /* SLOT_* */
  /* --batch: the block's lines and parse errors, and its line feeds. */
  line_rec *lines;
  size_t nlines, lines_cap;
  shelf_parse_error *errors;
  size_t nerrors, errors_cap;
  uint64_t line_feeds;
} slot;

typedef struct pipe_job {
  const source *src;
  int by_line;    /* --batch */
  int counted;    /* --batch --counted: a sequence of counted shelves */
  int keep_going; /* --keep-going */
  pthread_mutex_t lock;
  pthread_cond_t changed;
  slot *slots;
  size_t nslots;
  uint64_t next_read, next_parse, next_settle; /* block numbers */
  int closing;                                 /* the parser threads end */

  uint64_t lines_before; /* --batch: line feeds before the next block */
} pipe_job;

/* ==== --batch: blocks of whole lines ==== */

/* Grows an array to hold one more; 0 if out of memory. */
static int room(void **items, size_t *cap, size_t n, size_t size) {
  if (n < *cap)
    return 1;
  size_t more = *cap ? 2 * *cap : 64;
  void *grown = realloc(*items, more * size);
  if (grown == NULL)
    return 0;
  *items = grown;
  *cap = more;
  return 1;
}

static int add_line(slot *s, shelf_status st, const shelf_result *result,
                    const shelf_parse_error *e) {
  if (!room((void **)&s->lines, &s->lines_cap, s->nlines, sizeof *s->lines) ||
      (e != NULL && !room((void **)&s->errors, &s->errors_cap, s->nerrors,
                          sizeof *s->errors)))
    return 0;
  line_rec *l = &s->lines[s->nlines++];
  memset(l, 0, sizeof *l);
  l->status = st;
  l->parse_error = e != NULL;
  if (result != NULL)
    l->result = *result;
  if (e != NULL)
    s->errors[s->nerrors++] = *e;
  return 1;
}

/* lines.c's hooks for a block: each line's outcome recorded. */
static int record_shelf(void *ctx, shelf_solver *solver) {
  slot *s = ctx;
  shelf_result result;
  shelf_status st = shelf_solver_result(solver, &result);
  if (add_line(s, st, &result, NULL))
    return 0;
  s->p.status = SHELF_NOMEM;
  return 1;
}

static int record_error(void *ctx, shelf_status st,
                        const shelf_parse_error *e) {
  slot *s = ctx;
  if (add_line(s, st, NULL, e))
    return 0;
  s->p.status = SHELF_NOMEM;
  return 1;
}

/* Parses a block of whole lines into line records with main.c's loop
 * (lines.c), but keeps the outcomes for the calling thread to print in
 * order. The parser starts at the block's first line, counting it as line
 * 1; lines are placed when they are handed over. */
static void parse_lines(const pipe_job *j, slot *s) {
  piece *p = &s->p;
  s->nlines = s->nerrors = 0;
  s->line_feeds = 0;
  for (const char *at = s->buf, *end = s->buf + s->len;
       (at = memchr(at, '\n', (size_t)(end - at))) != NULL; at++)
    s->line_feeds++;
  /* A block starts a line, and (--counted) a shelf: its count is next. */
  shelf_parse_place start = {.offset = p->start,
                             .line = 1,
                             .line_start = p->start,
                             .counted = UINT64_MAX};
  shelf_solver_reset(p->solver);
  p->status = p->start == 0 ? (shelf_parser_reset(p->parser), SHELF_OK)
                            : shelf_parser_resume(p->parser, &start);
  line_hooks h = {.ctx = s,
                  .shelf = record_shelf,
                  .error = record_error,
                  .keep_going = j->keep_going};
  if (p->status == SHELF_OK &&
      lines_feed(p->parser, p->solver, s->buf, s->len, &h) == 0 && p->last)
    lines_finish(p->parser, p->solver, &h);
}

/* Hands a block's lines over, in order, placed in the whole text. Returns
 * 0, or 1 to stop. */
static int hand_lines(pipe_job *j, slot *s, par_outcome *res) {
  const shelf_parse_error *e = s->errors;
  for (size_t k = 0; k < s->nlines; k++) {
    const line_rec *l = &s->lines[k];
    shelf_parse_error placed;
    if (l->parse_error) {
      placed = *e++;
      if (placed.code != SHELF_OK)
        placed.line += j->lines_before;
    }
    if (j->src->hooks->line(j->src->hooks->ctx, l->status, &l->result,
                            l->parse_error ? &placed : NULL) != 0) {
      res->stopped = 1;
      return 1;
    }
  }
  if (s->p.status != SHELF_OK) { /* out of memory for the records */
    res->status = s->p.status;
    return 1;
  }
  if (s->p.then_errno != 0) {
    res->status = SHELF_INVALID;
    res->read_errno = s->p.then_errno;
    return 1;
  }
  j->lines_before += s->line_feeds;
  return 0;
}

static void parse_block(const pipe_job *j, slot *s) {
  if (j->by_line)
    parse_lines(j, s);
  else
    parse_piece(j->src, &s->p, NULL);
}

/* Called with the lock held: if the next block to parse is ready, parses
 * it (without the lock) and returns 1; else 0. */
static int parse_next(pipe_job *j) {
  slot *s = &j->slots[j->next_parse % j->nslots];
  if (j->next_parse >= j->next_read || s->state != SLOT_READY)
    return 0;
  s->state = SLOT_PARSING;
  j->next_parse++;
  pthread_mutex_unlock(&j->lock);
  parse_block(j, s);
  pthread_mutex_lock(&j->lock);
  s->state = SLOT_DONE;
  pthread_cond_broadcast(&j->changed);
  return 1;
}

static void *pipe_worker(void *arg) {
  pipe_job *j = arg;
  pthread_mutex_lock(&j->lock);
  while (!j->closing)
    if (!parse_next(j))
      pthread_cond_wait(&j->changed, &j->lock);
  pthread_mutex_unlock(&j->lock);
  return NULL;
}

/* The reader's state between blocks. */
typedef struct cutter {
  uint64_t at;               /* text offset of the next block */
  shelf_parse_place opening; /* how the text opens (from the first block) */
  int sure_opening;
  char *tail; /* bytes after the last cut, for the next block */
  size_t tail_len;
  int eof;                      /* the input has ended (or failed) */
  size_t block;                 /* bytes to read before cutting */
  int by_line;                  /* --batch: cut after a line feed */
  int counted;                  /* --batch --counted: and between shelves */
  counted_reader reader;        /* --counted: the block's shelves so far */
  char before[SHELF_LOOK_BACK]; /* the bytes before the next block */
  size_t before_len;
} cutter;

/* The last cut point of a block, or 0 if it has none: looked for in the
 * last 4 KiB, then 64 KiB, then all of it, so a block is scanned about
 * once. */
static size_t last_cut(const char *b, size_t len, unsigned flags) {
  /* --batch: a block that ends a line is whole (a line typed is answered
   * at once); the next shelf starts after it, whatever comes. */
  if (flags == SHELF_PARSE_LINES && len > 0 && b[len - 1] == '\n')
    return len;
  size_t best = 0;
  for (size_t span = 4096;; span *= 16) {
    size_t from = len > span ? len - span : 1;
    for (size_t at = shelf_piece_cut(b, len, from, flags); at < len;
         at = shelf_piece_cut(b, len, at + 1, flags))
      best = at;
    if (best != 0 || from == 1)
      return best;
  }
}

/* --batch takes what has come as soon as it holds a line, so that a line
 * typed is answered at once; with --counted, as soon as it holds a cut
 * point, or text the reader is not sure of (no cut will come). */
static int holds_enough(cutter *c, const char *buf, size_t len) {
  if (!c->by_line || len == c->tail_len)
    return 0;
  if (!c->counted)
    return memchr(buf + c->tail_len, '\n', len - c->tail_len) != NULL;
  return counted_read(&c->reader, buf, len) > 0 || c->reader.stopped;
}

/* Fills a slot with the next block; returns SLOT_READY, or SLOT_REST if it
 * has no cut point and the rest of the input must be parsed in one go. */
static int fill_slot(const source *src, cutter *c, slot *s) {
  memcpy(s->buf, c->tail, c->tail_len);
  size_t len = c->tail_len;
  int err = 0;
  counted_start(&c->reader, c->at == 0);
  while (len < c->block && !holds_enough(c, s->buf, len)) {
    /* No more than a block: the buffer's room beyond it is for a tail. */
    ssize_t k = read(src->fd, s->buf + len, c->block - len);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0) {
      err = k < 0 ? errno : 0;
      c->eof = 1;
      if (k == 0)
        src->hooks->seen(src->hooks->ctx, NULL, 0);
      break;
    }
    src->hooks->seen(src->hooks->ctx, s->buf + len, (size_t)k);
    len += (size_t)k;
    atomic_fetch_add(&src->progress->done, (unsigned long long)k);
  }
  piece *p = &s->p;
  p->start = c->at;
  p->data = s->buf;
  p->then_errno = err; /* parse what was read (an error in it comes first) */
  p->last = c->eof && err == 0;
  unsigned flags = c->by_line ? SHELF_PARSE_LINES : 0;
  if (c->at == 0)
    shelf_piece_opening(s->buf, len, flags, &c->opening, &c->sure_opening);
  size_t cut = len;
  if (!c->eof) {
    cut = c->counted ? counted_read(&c->reader, s->buf, len)
                     : last_cut(s->buf, len, flags);
    if (cut == 0) {
      s->len = len;
      c->eof = 1;
      return SLOT_REST;
    }
  }
  if (c->at != 0) {
    /* The bytes before the cut are in the block or its tail: the guess
     * looks back only as far as this block reaches. */
    shelf_piece_guess(&c->opening, c->before, c->before_len, c->at, flags,
                      &p->assumed, &p->sure);
  }
  /* What the next block's guess looks back at. */
  c->before_len = cut < SHELF_LOOK_BACK ? cut : SHELF_LOOK_BACK;
  memcpy(c->before, s->buf + cut - c->before_len, c->before_len);
  p->next_len = len - cut < NEXT_BYTES ? len - cut : NEXT_BYTES;
  memcpy(p->next, s->buf + cut, p->next_len);
  c->tail_len = len - cut;
  memcpy(c->tail, s->buf + cut, c->tail_len);
  p->end = c->at + cut;
  s->len = cut;
  c->at += cut;
  return SLOT_READY;
}

/* A block with no cut point: it and the rest of the input, on this thread,
 * from the true place where the block before ended. */
static int settle_rest(const source *src, chain *ch, slot *s) {
  piece *p = &s->p;
  p->end = p->start + s->len;
  p->last = 0;
  p->next_len = 0;
  shelf_parse_place again;
  if (p->start != 0 && !shelf_piece_fits(&ch->at, &p->assumed, &again))
    p->assumed = again;
  shelf_parse_place keep = p->assumed;
  /* Its bytes, then the rest of the input, then the end. */
  p->read_errno = 0;
  p->why = NULL;
  shelf_solver_reset(p->solver);
  p->status = SHELF_OK;
  if (p->start == 0)
    shelf_parser_reset(p->parser);
  else
    p->status = shelf_parser_resume(p->parser, &keep);
  if (p->status == SHELF_OK)
    feed(p, s->buf, s->len);
  while (p->status == SHELF_OK) {
    ssize_t k = read(src->fd, s->buf, s->cap);
    if (k < 0 && errno == EINTR)
      continue;
    if (k < 0) {
      p->read_errno = errno;
      p->status = SHELF_INVALID;
      break;
    }
    if (k == 0) {
      src->hooks->seen(src->hooks->ctx, NULL, 0);
      break;
    }
    src->hooks->seen(src->hooks->ctx, s->buf, (size_t)k);
    atomic_fetch_add(&src->progress->done, (unsigned long long)k);
    feed(p, s->buf, (size_t)k);
  }
  int ended;
  if (p->status == SHELF_OK)
    p->status = shelf_parser_finish(p->parser, p->solver, &ended);
  p->last = 1;
  p->parsed = 1;
  p->then_errno = 0;
  p->assumed = ch->at; /* it fits now: settle() takes it as it is */
  p->assumed.line = 1;
  return settle(src, ch, p, NULL);
}

static int input_ready(int fd) {
  struct pollfd p = {.fd = fd, .events = POLLIN};
  return poll(&p, 1, 0) > 0;
}

/* --batch: a line longer than a block, or (--counted) a block with no cut
 * point; the caller goes on with it. */
static int give_rest(pipe_job *j, slot *s, par_rest *rest, par_outcome *res) {
  rest->data = malloc(s->len ? s->len : 1);
  if (rest->data == NULL) {
    res->status = SHELF_NOMEM;
    return 1;
  }
  memcpy(rest->data, s->buf, s->len);
  rest->len = s->len;
  memset(&rest->place, 0, sizeof rest->place);
  rest->place.offset = rest->place.line_start = s->p.start;
  rest->place.line = j->lines_before + 1;
  rest->place.counted = UINT64_MAX; /* --counted: a shelf starts there */
  return 1;
}

/* Reads blocks on this thread, has them parsed on `threads` in all (this
 * one parses a block whenever it has nothing to read or take), and takes
 * them in order: appended to `out`, or (--batch) their lines handed over.
 * The results are printed here, so with a parser thread a core, this one
 * would make one thread too many: --batch on two threads was 0.91 of one
 * thread's time, and is 0.55 with one parser thread and this one. */
static void read_blocks(pipe_job *pj, unsigned threads, unsigned flags,
                        shelf_solver *out, par_outcome *res, par_rest *rest) {
  const source *src = pj->src;
  size_t test = test_piece();
  pipe_job j = *pj;
  j.nslots = (size_t)threads + 2;
  cutter c = {.block = test ? test : PIPE_BLOCK,
              .by_line = j.by_line,
              .counted = j.counted};
  size_t made = 0;
  j.slots = calloc(j.nslots, sizeof *j.slots);
  c.tail = malloc(2 * c.block);
  if (j.slots == NULL || c.tail == NULL) {
    res->status = SHELF_NOMEM;
    goto out;
  }
  for (; made < j.nslots; made++) {
    j.slots[made].cap = 2 * c.block;
    j.slots[made].buf = malloc(j.slots[made].cap);
    unsigned parse_flags = (j.by_line ? SHELF_PARSE_LINES : 0) |
                           (j.counted ? SHELF_PARSE_COUNTED : 0);
    if (!piece_init(&j.slots[made].p, parse_flags, flags, 1) ||
        j.slots[made].buf == NULL) {
      made++;
      res->status = SHELF_NOMEM;
      goto out;
    }
  }
  pthread_mutex_init(&j.lock, NULL);
  pthread_cond_init(&j.changed, NULL);
  pthread_t *th = calloc(threads, sizeof *th);
  unsigned started = 0;
  int want_threads = 0;

  chain ch;
  chain_init(&ch, out, res);
  int go = 1;
  pthread_mutex_lock(&j.lock);
  while (go) {
    slot *head = &j.slots[j.next_settle % j.nslots];
    int mine = head->state == SLOT_READY && started == 0;
    if (j.next_settle < j.next_read &&
        (head->state == SLOT_DONE || head->state == SLOT_REST || mine)) {
      int is_rest = head->state == SLOT_REST;
      if (mine) {
        head->state = SLOT_PARSING;
        j.next_parse++;
      }
      pthread_mutex_unlock(&j.lock);
      if (mine)
        parse_block(&j, head);
      int stop;
      if (j.by_line)
        stop = is_rest ? give_rest(&j, head, rest, res)
                       : hand_lines(&j, head, res);
      else
        stop = is_rest ? settle_rest(src, &ch, head)
                       : settle(src, &ch, &head->p, head->buf);
      int last = head->p.last;
      pthread_mutex_lock(&j.lock);
      head->state = SLOT_EMPTY;
      j.next_settle++;
      pthread_cond_broadcast(&j.changed);
      if (stop || last)
        break;
      continue;
    }
    /* --batch: answer what has come before waiting for more. */
    int drained = j.next_settle == j.next_read;
    if (!c.eof && j.next_read - j.next_settle < j.nslots &&
        (!j.by_line || drained || input_ready(src->fd))) {
      slot *s = &j.slots[j.next_read % j.nslots];
      pthread_mutex_unlock(&j.lock);
      if (j.by_line && drained)
        src->hooks->idle(src->hooks->ctx);
      int state = fill_slot(src, &c, s);
      /* Threads start once the input proves longer than a block; this
       * one is one of them. */
      want_threads = !c.eof || j.next_read > 0;
      while (want_threads && th != NULL && started + 1 < threads &&
             pthread_create(&th[started], NULL, pipe_worker, &j) == 0)
        started++;
      pthread_mutex_lock(&j.lock);
      s->state = state;
      j.next_read++;
      pthread_cond_broadcast(&j.changed);
      continue;
    }
    /* Nothing to hand over and nothing to read: parse the next block here
     * rather than wait for a parser thread to take it. */
    if (!parse_next(&j))
      pthread_cond_wait(&j.changed, &j.lock);
  }
  j.closing = 1;
  pthread_cond_broadcast(&j.changed);
  pthread_mutex_unlock(&j.lock);
  for (unsigned k = 0; k < started; k++)
    pthread_join(th[k], NULL);
  free(th);
  pthread_cond_destroy(&j.changed);
  pthread_mutex_destroy(&j.lock);
out:
  for (size_t k = 0; k < made; k++) {
    piece_free(&j.slots[k].p);
    free(j.slots[k].buf);
    free(j.slots[k].lines);
    free(j.slots[k].errors);
  }
  free(j.slots);
  free(c.tail);
}

/* ==== The entry point ==== */

/* A regular file: 1, with where the text starts and its size; 0 if fd
 * is anything else. */
static int regular_file(int fd, off_t *base, uint64_t *size) {
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    return 0;
  *base = lseek(fd, 0, SEEK_CUR);
  *size =
      *base >= 0 && st.st_size >= *base ? (uint64_t)(st.st_size - *base) : 0;
  return *base >= 0;
}

/* Whether a file of `size` bytes is worth threads. */
static int worth_threads(unsigned threads, uint64_t size) {
  return threads >= 2 && (size >= MIN_THREADED || test_piece() != 0);
}

int par_read_shelf(int fd, unsigned threads, unsigned flags,
                   shelf_solver *solver, int show, const par_hooks *hooks,
                   par_outcome *out) {
  memset(out, 0, sizeof *out);
  out->status = SHELF_OK;
  progress prog;
  source src = {.hooks = hooks, .fd = fd, .progress = &prog};
  uint64_t size;
  if (regular_file(fd, &src.base, &size)) {
    if (!worth_threads(threads, size))
      return 0;
    progress_start(&prog, show, size);
    read_file(&src, size, threads, flags, solver, out);
  } else {
    pipe_job j = {.src = &src};
    progress_start(&prog, show, 0);
    read_blocks(&j, threads, flags, solver, out, NULL);
  }
  progress_stop(&prog);
  return 1;
}

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
  while (w < len && (head[w] == ' ' || head[w] == '\t' || head[w] == '\n' ||
                     head[w] == '\r'))
    w++;
  int weight = w < len && ((head[w] >= '0' && head[w] <= '9') ||
                           head[w] == '-' || head[w] == '+');
  return have && weight ? at : 0;
}

/* Whether the last byte of the text that is not a blank is a comma: the
 * one thing the plain grammar takes after a last weight and the counted
 * one does not (there it is text after the last counted weight). -1 on a
 * read error. */
static int ends_in_comma(const source *src, uint64_t size) {
  char buf[4096];
  while (size > 0) {
    size_t want = size < sizeof buf ? (size_t)size : sizeof buf;
    ssize_t got = read_at(src, buf, want, size - want);
    if (got != (ssize_t)want)
      return -1;
    for (size_t k = want; k-- > 0;) {
      char c = buf[k];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
        return c == ',';
    }
    size -= want;
  }
  return 0;
}

int par_read_counted(int fd, unsigned threads, unsigned flags,
                     shelf_solver *solver, int show, const par_hooks *hooks,
                     par_outcome *out, shelf_result *result) {
  memset(out, 0, sizeof *out);
  out->status = SHELF_OK;
  off_t base;
  uint64_t size;
  if (!regular_file(fd, &base, &size) || !worth_threads(threads, size))
    return 0;
  char head[256];
  progress prog;
  source src = {.hooks = hooks, .fd = fd, .base = base, .progress = &prog};
  ssize_t got = read_at(&src, head, sizeof head, 0);
  uint64_t count = 0;
  size_t at = got > 0 ? read_count(head, (size_t)got, &count) : 0;
  if (at == 0)
    return 0;
  /* The weights, as a plain text of their own. Once the count is read and
   * a weight opens the rest, the counted grammar takes what the plain one
   * takes (neither has brackets or names after a weight), but for a comma
   * after the last weight, and answers alike when exactly `count` weights
   * came. */
  src.base = base + (off_t)at;
  progress_start(&prog, show, size - at);
  read_file(&src, size - at, threads, flags, solver, out);
  progress_stop(&prog);
  if (out->status == SHELF_OK &&
      shelf_solver_result(solver, result) == SHELF_OK && result->n == count &&
      ends_in_comma(&src, size - at) == 0)
    return 1;
  /* An error, or too many or too few weights: read again from the start on
   * one thread, which finds the first error and names its place in the
   * whole text. */
  shelf_solver_reset(solver);
  memset(out, 0, sizeof *out);
  return lseek(fd, base, SEEK_SET) == base ? 0 : -1;
}

void par_read_lines(int fd, unsigned threads, int keep_going, int counted,
                    const par_hooks *hooks, par_outcome *out, par_rest *rest) {
  memset(out, 0, sizeof *out);
  memset(rest, 0, sizeof *rest);
  out->status = SHELF_OK;
  progress prog;
  progress_start(&prog, 0, 0); /* counts, shows nothing */
  source src = {.hooks = hooks, .fd = fd, .progress = &prog};
  pipe_job j = {
      .src = &src, .by_line = 1, .counted = counted, .keep_going = keep_going};
  read_blocks(&j, threads, 0, NULL, out, rest);
}
