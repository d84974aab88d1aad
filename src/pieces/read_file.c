/*
 * read_file.c - a file read on threads (reader.h): cut into byte ranges at
 * the library's cut points, each range parsed from its guess on a thread
 * that takes ranges in turn, and the ranges joined in order on the
 * calling thread.
 *
 * A cut point is looked for in a window of WINDOW bytes after each
 * range's nominal start, so that cutting reads O(ranges x WINDOW) bytes
 * whatever the file holds: where the window has none (a text with no
 * blanks or commas, or a file of zeros), the range before goes on. Each
 * thread reads its ranges into its own 128 KiB buffer (mmap measured no
 * faster here, and counts the mapped file in peak memory;
 * docs/benchmarks.md). A range whose guess was sure and that fails has the
 * first error of the text in it or before it, so it stops the ranges
 * after it (stop_at): an early error ends the run early, however large
 * the file.
 *
 * The calling thread appends the ranges in order as soon as each is done,
 * and parses ranges itself while the next is not, so appending overlaps
 * parsing; an appended range's solver is reset and lent to a range still
 * to parse, so its pages serve again (settle_ranges(), solver_lend()).
 * No range is taken more than `ahead` (threads + 1) past the last one
 * appended, so at most that many hold their stacks beside the result's
 * (RANGES_MIN).
 */
#include "reader.h"

#include "solver.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The least a range holds: smaller ones cost more to join than to parse. */
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
               "shelf__read_file()'s scratch buffer holds a window, a look-back "
               "and the head");

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
  int64_t got = shelf__read_at(rd, win, (size_t)(to - from + 1), from - 1, err);
  if (got < 0)
    return -1;
  if (got < 2)
    return (int64_t)limit;
  size_t cut = shelf_piece_cut(win, (size_t)got, 1, 0);
  return cut < (size_t)got ? (int64_t)(from - 1 + cut) : (int64_t)limit;
}

/* Cuts the file into ranges and guesses where each starts. Returns the
 * number of ranges (at least 1), or 0 after a read error (*err set, and
 * *at to where the read was). */
static size_t cut_file(reader *rd, uint64_t size, uint64_t range,
                       piece *pieces, size_t max, char *win, int *err,
                       uint64_t *at) {
  *at = 0;
  int64_t head = shelf__read_at(rd, win, HEAD, 0, err);
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
    *at = nominal - 1;
    int64_t cut = find_cut(rd, nominal, limit, win, err);
    if (cut < 0)
      return 0;
    if ((uint64_t)cut >= limit)
      continue; /* no cut point near here: the range before goes on */
    uint64_t lo =
        (uint64_t)cut > SHELF_LOOK_BACK ? (uint64_t)cut - SHELF_LOOK_BACK : 0;
    *at = lo;
    int64_t got = shelf__read_at(rd, win, (size_t)((uint64_t)cut - lo), lo, err);
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

void shelf__read_file(reader *rd, uint64_t size, unsigned threads,
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
  uint64_t at = 0;
  n = cut_file(rd, size, range, pieces, max, win, &err, &at);
  if (n == 0) {
    shelf__read_failed(res, err, at);
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
         shelf__read_start_thread(&th[started], file_worker, &job) == 0)
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

