/*
 * parallel.c - one shelf on every core.
 *
 * The text is cut into pieces; each piece is parsed and reduced on its own
 * thread, into its own solver, and the solvers are appended in shelf order
 * with shelf_solver_append(). The answer is exact for any cuts, because
 * appending a reduced piece makes only merges that the reduction of the
 * whole shelf could have made (docs/algorithm.md, "Cutting the text").
 *
 * Where to cut. A cut point is a byte that can start a weight (a digit or
 * a sign) right after a space, tab or line feed. Nothing the grammar reads
 * spans such a place: a weight, an error token and a UTF-8 sequence all end
 * at the blank, and a carriage return waits for a line feed, not a blank.
 * So at a cut the parser is between items, and its whole state is what
 * came last (a weight, a comma, '[' or ']'; shelf_parse_after), whether it
 * is inside the brackets, and where it is (offset, line, the line's
 * start). The one exception, a name waiting for its '=' across blanks
 * ("wheels\n= [...]"), shows as shelf_parser_place() failing: that piece's
 * parser is then fed the next piece too (chain.carry).
 *
 * Where each piece starts is guessed: the offset is the cut; the line is
 * counted from 1 within the piece; the line's start is taken to be the cut;
 * what came last is read off the bytes before the cut; and it is inside the
 * brackets if the text opens with '[' and no ']' came last. Then, in shelf
 * order, each piece's guess is checked against where the piece before truly
 * left its parser (shelf_parser_place()): what came last and the brackets
 * must agree, or the piece is parsed again from the true place (which
 * happens only where long runs of blanks hide what came before, and next to
 * errors). The line counts of the pieces
 * before give the true line, and the true line start corrects the column of
 * an error on a piece's first line. Pieces are checked in order and the
 * first that fails stops the run, so the error reported is the first in
 * the text, placed as the one-thread parse places it.
 *
 * A regular file is cut into byte ranges (RANGES_MIN says how many); each
 * thread takes ranges in turn and reads them with pread(2) into its own
 * 128 KiB buffer (mmap measured no faster here, and counts the mapped file
 * in peak memory; docs/benchmarks.md). A pipe is read by the calling thread
 * in blocks, each cut at its last cut point; parser threads take the
 * blocks in turn, and the calling thread checks and appends them in order.
 * A block with no cut point at all (a long text with no blanks) ends the
 * cutting: the rest is parsed on the calling thread. --batch cuts its
 * blocks after a line feed, where a shelf starts and nothing is guessed,
 * and hands the lines back in order.
 *
 * Memory: a piece's solver holds its reduced stack, as one solver would
 * for its wheels, so the pieces together hold what one solver would, plus
 * the piece being appended (RANGES_MIN). A pipe keeps at most a few blocks
 * in flight.
 */
#define _GNU_SOURCE /* sched_getaffinity() */
#include "parallel.h"

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
#include <time.h>
#include <unistd.h>

/* Files smaller than this are read on one thread: starting threads costs
 * more than they save. */
#define MIN_THREADED (1u << 20)
#define MIN_RANGE (1u << 20)
/* Ranges: at least four per thread, so that a thread slowed by other work
 * holds the others up less, and at least 32, because appending a range
 * holds its stack and the result's growth at once: on monotone input that
 * is 1/32 more than the stacks themselves, 16.5 bytes a wheel at worst. */
#define RANGES_PER_THREAD 4
#define RANGES_MIN 32
/* Pipes and --batch: the size of a block. Two more blocks than there are
 * parser threads are in flight (read_blocks()), so 256 KiB keeps memory
 * small while a block still takes far longer to parse than to hand over. */
#define PIPE_BLOCK (1u << 18)
/* How far back from a cut to look for what came last. */
#define LOOK_BACK 4096
/* How far ahead of a range's nominal start to look for a cut point. */
#define WINDOW (1u << 16)

_Static_assert(WINDOW <= READ_BLOCK && LOOK_BACK <= READ_BLOCK,
               "read_file()'s scratch buffer holds a window and a block");

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

/* ==== Progress ==== */

typedef struct progress {
  atomic_ullong done; /* bytes read */
  uint64_t total;     /* bytes to read, or 0 if unknown */
  int on;             /* the thread runs */
  int stop;
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t changed;
} progress;

static void mb(char *buf, size_t size, uint64_t bytes) {
  snprintf(buf, size, "%.1f MB", (double)bytes / 1e6);
}

/* Shows the count after a second, five times a second, on one line that is
 * rewritten in place and erased at the end. */
static void *progress_main(void *arg) {
  progress *p = arg;
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  t.tv_sec += 1;
  int shown = 0;
  pthread_mutex_lock(&p->lock);
  while (!p->stop) {
    if (pthread_cond_timedwait(&p->changed, &p->lock, &t) != ETIMEDOUT)
      continue;
    char line[128], done[32], total[32];
    uint64_t d = atomic_load(&p->done);
    mb(done, sizeof done, d);
    if (p->total > 0) {
      mb(total, sizeof total, p->total);
      snprintf(line, sizeof line, "\rshelf: read %s of %s (%d%%)\033[K", done,
               total, (int)(d * 100.0 / (double)p->total));
    } else {
      snprintf(line, sizeof line, "\rshelf: read %s\033[K", done);
    }
    fputs(line, stderr);
    shown = 1;
    t.tv_nsec += 200000000;
    if (t.tv_nsec >= 1000000000) {
      t.tv_sec++;
      t.tv_nsec -= 1000000000;
    }
  }
  pthread_mutex_unlock(&p->lock);
  if (shown)
    fputs("\r\033[K", stderr);
  return NULL;
}

static void progress_start(progress *p, int on, uint64_t total) {
  atomic_init(&p->done, 0);
  p->total = total;
  p->stop = 0;
  p->on = 0;
  if (!on)
    return;
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->changed, NULL);
  p->on = pthread_create(&p->thread, NULL, progress_main, p) == 0;
  if (!p->on) {
    pthread_cond_destroy(&p->changed);
    pthread_mutex_destroy(&p->lock);
  }
}

/* Ends the display (erasing it) before anything else is written. */
static void progress_stop(progress *p) {
  if (!p->on)
    return;
  pthread_mutex_lock(&p->lock);
  p->stop = 1;
  pthread_cond_signal(&p->changed);
  pthread_mutex_unlock(&p->lock);
  pthread_join(p->thread, NULL);
  pthread_cond_destroy(&p->changed);
  pthread_mutex_destroy(&p->lock);
  p->on = 0;
}

/* ==== Cut points and guessed places ==== */

static int blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\n'; }

static int starts_weight(unsigned char c) {
  return (c >= '0' && c <= '9') || c == '+' || c == '-';
}

static int is_cut(const unsigned char *b, size_t i) {
  return blank(b[i - 1]) && starts_weight(b[i]);
}

/* How the text opens: with a byte-order mark, and with '[' (where). */
typedef struct opening {
  int bom;
  int list;
  uint64_t offset, line, line_start; /* the '[' */
} opening;

static int name_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         (c >= '0' && c <= '9');
}

static size_t skip_blanks(const unsigned char *b, size_t i, size_t n,
                          uint64_t *line, uint64_t *start) {
  for (; i < n && (blank(b[i]) || b[i] == '\r'); i++) {
    if (b[i] == '\n') {
      ++*line;
      *start = i + 1;
    }
  }
  return i;
}

/* Finds the '[' that opens the text, after blanks and maybe a name and its
 * '=' (`wheels = [7, 2, 9, 4]`). */
static void find_opening(const unsigned char *b, size_t n, opening *o) {
  memset(o, 0, sizeof *o);
  size_t i = 0;
  uint64_t line = 1, start = 0;
  if (n >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf) {
    o->bom = 1;
    i = start = 3;
  }
  i = skip_blanks(b, i, n, &line, &start);
  if (i < n && name_char(b[i]) && b[i] > '9') {
    while (i < n && name_char(b[i]))
      i++;
    i = skip_blanks(b, i, n, &line, &start);
    if (i >= n || b[i] != '=')
      return;
    i = skip_blanks(b, i + 1, n, &line, &start);
  }
  if (i < n && b[i] == '[') {
    o->list = 1;
    o->offset = i;
    o->line = line;
    o->line_start = start;
  }
}

/* What the grammar saw last before b[i], looking back no further than
 * b[0], which is at offset `b_off` of the text. *found is 0 if only blanks
 * were seen and the text goes back further. */
static shelf_parse_after look_back(const unsigned char *b, size_t i,
                                   uint64_t b_off, const opening *o,
                                   int *found) {
  *found = 1;
  while (i > 0) {
    unsigned char c = b[--i];
    if (blank(c) || c == '\r')
      continue;
    if (o->bom && b_off + i < 3)
      return SHELF_AFTER_NOTHING;
    switch (c) {
    case ',':
      return SHELF_AFTER_COMMA;
    case '[':
      return SHELF_AFTER_OPEN;
    case ']':
      return SHELF_AFTER_CLOSE;
    default: /* a weight, or an error the piece before reports */
      return SHELF_AFTER_WEIGHT;
    }
  }
  *found = b_off == 0;
  return SHELF_AFTER_NOTHING;
}

/* The guessed place of a piece starting at `at`. */
static void guess_place(shelf_parse_place *p, uint64_t at,
                        shelf_parse_after after, const opening *o) {
  memset(p, 0, sizeof *p);
  p->offset = at;
  p->line = 1;
  p->line_start = at;
  p->after = after;
  p->in_list =
      o->list && after != SHELF_AFTER_NOTHING && after != SHELF_AFTER_CLOSE;
  if (p->in_list) {
    p->open_offset = o->offset;
    p->open_line = o->line;
    p->open_line_start = o->line_start;
  }
}

static int same_place(const shelf_parse_place *a, const shelf_parse_place *b) {
  if (a->after != b->after || a->in_list != b->in_list)
    return 0;
  return !a->in_list ||
         (a->open_offset == b->open_offset && a->open_line == b->open_line &&
          a->open_line_start == b->open_line_start);
}

/* ==== Pieces ==== */

/* What every thread shares. */
typedef struct source {
  const par_hooks *hooks;
  int fd;
  off_t base; /* the file offset of the text's first byte */
  progress *progress;
} source;

typedef struct piece {
  uint64_t start, end;       /* its bytes, as offsets in the text */
  const char *data;          /* a pipe's block, or NULL: pread the range */
  int last;                  /* the text ends with it */
  shelf_parse_place assumed; /* where its parser starts (not piece 0) */
  shelf_parser *parser;
  shelf_solver *solver;
  shelf_status status;         /* of parsing it */
  int read_errno;              /* with SHELF_INVALID: a read error */
  int then_errno;              /* a pipe's read error after its bytes */
  const char *why;             /* with SHELF_INVALID: anything else */
  int lost;                    /* its parser did not end between items */
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

/* Feeds the bytes of piece `from` to the parser of piece `to` (the same
 * piece, or the chain's carry), then ends `to` as `from` ends. */
static void feed_piece(const source *src, piece *to, const piece *from,
                       char *buf) {
  if (to->status == SHELF_OK && from->data != NULL)
    feed(to, from->data, (size_t)(from->end - from->start));
  for (uint64_t at = from->start;
       from->data == NULL && at < from->end && to->status == SHELF_OK;) {
    size_t want =
        from->end - at < READ_BLOCK ? (size_t)(from->end - at) : READ_BLOCK;
    ssize_t got = read_at(src, buf, want, at);
    if (got <= 0) {
      to->read_errno = got < 0 ? errno : 0;
      to->why = got < 0 ? NULL : "the file became shorter while it was read";
      to->status = SHELF_INVALID;
      return;
    }
    atomic_fetch_add(&src->progress->done, (unsigned long long)got);
    feed(to, buf, (size_t)got);
    at += (uint64_t)got;
  }
  to->end = from->end;
  to->last = from->last;
  to->lost = 0;
  if (to->status != SHELF_OK)
    return;
  int ended;
  if (to->last)
    to->status = shelf_parser_finish(to->parser, to->solver, &ended);
  else if (shelf_parser_place(to->parser, &to->end_place) != SHELF_OK)
    to->lost = 1;
}

/* Starts a piece's parser at its assumed place (the text's start for the
 * first piece). */
static void start_piece(piece *p) {
  p->read_errno = 0;
  p->why = NULL;
  shelf_solver_reset(p->solver);
  p->status = SHELF_OK;
  if (p->start == 0)
    shelf_parser_reset(p->parser);
  else
    p->status = shelf_parser_resume(p->parser, &p->assumed);
}

static void parse_piece(const source *src, piece *p, char *buf) {
  start_piece(p);
  feed_piece(src, p, p, buf);
}

/* ==== Checking and appending, in shelf order ==== */

typedef struct chain {
  shelf_parse_place at; /* where the next piece truly starts, its line
                           counted from 1 */
  uint64_t lines;       /* line feeds before it */
  shelf_solver *out;
  par_outcome *res;
  /* Pieces that end inside an item (a name waiting for its '=', as in
   * "wheels \n = [...]"; shelf_parser_place() says so) are parsed again
   * here, from their true start, and the pieces after them fed on to the
   * same parser until one ends between items. */
  piece carry;
  int carrying;
} chain;

/* Ends the run with a piece's failure, its error placed in the text. */
static int piece_failed(chain *ch, const piece *p) {
  ch->res->status = p->status;
  ch->res->read_errno = p->read_errno;
  ch->res->why = p->why;
  if (p->status >= SHELF_EXPECTED_INTEGER) {
    shelf_parse_error e = *shelf_parser_error(p->parser);
    /* An unclosed bracket is reported where it opened, placed already. */
    if (e.code != SHELF_UNCLOSED) {
      if (e.line == 1 && p->start != 0)
        e.column = e.offset - ch->at.line_start + 1;
      e.line += ch->lines;
    }
    ch->res->error = e;
  }
  return 1;
}

/* Takes piece p, parsed from its true start into q (p itself or the
 * carry): its failure, or its wheels appended and the chain moved past it.
 * Returns 0, or 1 to stop (res says why). */
static int take(const source *src, chain *ch, const piece *p, piece *q,
                char *buf) {
  if (q->status != SHELF_OK)
    return piece_failed(ch, q);
  if (p->then_errno != 0) { /* the input failed after this piece */
    ch->res->status = SHELF_INVALID;
    ch->res->read_errno = p->then_errno;
    return 1;
  }
  if (q->lost) {
    if (!ch->carrying) {
      q = &ch->carry;
      q->start = p->start;
      q->assumed = ch->at;
      start_piece(q);
      feed_piece(src, q, p, buf);
      ch->carrying = 1;
    }
    return 0;
  }
  ch->carrying = 0;
  shelf_status st = shelf_solver_append(ch->out, q->solver);
  if (st != SHELF_OK) {
    ch->res->status = st;
    return 1;
  }
  if (!q->last) {
    shelf_parse_place end = q->end_place;
    ch->lines += end.line - 1;
    if (end.line == 1 && q->start != 0)
      end.line_start = ch->at.line_start; /* its guess was the cut */
    end.line = 1;
    ch->at = end;
  }
  return 0;
}

/* Appends the next piece after checking (and if need be redoing) its
 * start. Returns 0, or 1 to stop (res says why). */
static int settle(const source *src, chain *ch, piece *p, char *buf) {
  if (ch->carrying) {
    feed_piece(src, &ch->carry, p, buf);
    return take(src, ch, p, &ch->carry, buf);
  }
  if (p->start != 0 && !same_place(&p->assumed, &ch->at)) {
    p->assumed = ch->at;
    parse_piece(src, p, buf);
  }
  return take(src, ch, p, p, buf);
}

static int piece_init(piece *p, unsigned parse_flags, unsigned flags) {
  memset(p, 0, sizeof *p);
  return shelf_parser_new(&p->parser, parse_flags) == SHELF_OK &&
         shelf_solver_new(&p->solver, flags) == SHELF_OK;
}

static void piece_free(piece *p) {
  shelf_parser_free(p->parser);
  shelf_solver_free(p->solver);
  p->parser = NULL;
  p->solver = NULL;
}

/* Returns 0 if out of memory. */
static int chain_init(chain *ch, unsigned flags, shelf_solver *out,
                      par_outcome *res) {
  memset(ch, 0, sizeof *ch);
  ch->at.line = 1;
  ch->out = out;
  ch->res = res;
  if (piece_init(&ch->carry, 0, flags))
    return 1;
  piece_free(&ch->carry);
  res->status = SHELF_NOMEM;
  return 0;
}

/* ==== Regular files: byte ranges ==== */

typedef struct file_job {
  const source *src;
  piece *pieces;
  size_t n;
  atomic_size_t next; /* the next range to take */
} file_job;

static void *file_worker(void *arg) {
  file_job *j = arg;
  char *buf = malloc(READ_BLOCK);
  for (;;) {
    size_t k = atomic_fetch_add(&j->next, 1);
    if (k >= j->n)
      break;
    if (buf == NULL)
      j->pieces[k].status = SHELF_NOMEM;
    else
      parse_piece(j->src, &j->pieces[k], buf);
  }
  free(buf);
  return NULL;
}

/* The first cut point in [from, limit), or `limit` if there is none; -1 on
 * a read error. `from` is at least 1. */
static int64_t find_cut(const source *src, uint64_t from, uint64_t limit,
                        unsigned char *win) {
  for (uint64_t at = from - 1; at + 1 < limit;) {
    size_t want = limit - at < WINDOW ? (size_t)(limit - at) : WINDOW;
    ssize_t got = read_at(src, (char *)win, want, at);
    if (got < 0)
      return -1;
    if (got < 2)
      break;
    for (size_t i = 1; i < (size_t)got; i++)
      if (is_cut(win, i))
        return (int64_t)(at + i);
    at += (uint64_t)got - 1;
  }
  return (int64_t)limit;
}

/* Cuts the file into ranges and guesses where each starts. Returns the
 * number of ranges (at least 1), or 0 after a read error (errno set). */
static size_t cut_file(const source *src, uint64_t size, uint64_t range,
                       piece *pieces, size_t max, unsigned char *win) {
  ssize_t head = read_at(src, (char *)win, WINDOW, 0);
  if (head < 0)
    return 0;
  src->hooks->seen(src->hooks->ctx, (const char *)win, (size_t)head);
  opening o;
  find_opening(win, (size_t)head, &o);
  size_t n = 1;
  pieces[0].start = 0;
  for (uint64_t nominal = range; nominal < size && n < max; nominal += range) {
    if (nominal <= pieces[n - 1].start)
      continue;
    uint64_t limit = nominal + range < size ? nominal + range : size;
    int64_t cut = find_cut(src, nominal, limit, win);
    if (cut < 0)
      return 0;
    if ((uint64_t)cut >= limit)
      continue; /* no cut point near here: the range before goes on */
    uint64_t lo = (uint64_t)cut > LOOK_BACK ? (uint64_t)cut - LOOK_BACK : 0;
    ssize_t got = read_at(src, (char *)win, (size_t)((uint64_t)cut - lo), lo);
    if (got < 0)
      return 0;
    int found;
    shelf_parse_after after = look_back(win, (size_t)got, lo, &o, &found);
    if (!found)
      after = SHELF_AFTER_WEIGHT; /* a guess; checked like any other */
    pieces[n].start = (uint64_t)cut;
    guess_place(&pieces[n].assumed, (uint64_t)cut, after, &o);
    n++;
    nominal = (uint64_t)cut; /* the next range starts `range` after it */
  }
  for (size_t k = 0; k < n; k++)
    pieces[k].end = k + 1 < n ? pieces[k + 1].start : size;
  pieces[n - 1].last = 1;
  return n;
}

static void read_file(const source *src, uint64_t size, unsigned threads,
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
  unsigned char *win = malloc(READ_BLOCK);
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
    if (!piece_init(&pieces[made], 0, flags)) {
      piece_free(&pieces[made]);
      res->status = SHELF_NOMEM;
      goto out;
    }
    pieces[made].start = keep.start;
    pieces[made].end = keep.end;
    pieces[made].last = keep.last;
    pieces[made].assumed = keep.assumed;
  }

  file_job job = {.src = src, .pieces = pieces, .n = n};
  atomic_init(&job.next, 0);
  unsigned helpers = threads < n ? threads - 1 : (unsigned)n - 1;
  pthread_t *th = calloc(helpers + 1, sizeof *th);
  unsigned started = 0;
  while (th != NULL && started < helpers &&
         pthread_create(&th[started], NULL, file_worker, &job) == 0)
    started++;
  file_worker(&job);
  for (unsigned k = 0; k < started; k++)
    pthread_join(th[k], NULL);
  free(th);

  src->hooks->seen(src->hooks->ctx, NULL, 0); /* the notes saw the head */
  chain ch;
  int go = chain_init(&ch, flags, out, res);
  for (size_t k = 0; go && k < n; k++) {
    go = settle(src, &ch, &pieces[k], (char *)win) == 0;
    piece_free(&pieces[k]); /* its stack now lives in `out` */
  }
  piece_free(&ch.carry);
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

/* Parses a block of whole lines into line records, as main.c's one-thread
 * loop would (feed() and finish()), but keeps the outcomes for the calling
 * thread to print in order. The parser starts at the block's first line,
 * counting it as line 1; lines are placed when they are handed over. */
static void parse_lines(const pipe_job *j, slot *s) {
  piece *p = &s->p;
  s->nlines = s->nerrors = 0;
  s->line_feeds = 0;
  for (const char *at = s->buf, *end = s->buf + s->len;
       (at = memchr(at, '\n', (size_t)(end - at))) != NULL; at++)
    s->line_feeds++;
  shelf_parse_place start = {
      .offset = p->start, .line = 1, .line_start = p->start};
  shelf_solver_reset(p->solver);
  p->status = p->start == 0 ? (shelf_parser_reset(p->parser), SHELF_OK)
                            : shelf_parser_resume(p->parser, &start);
  size_t pos = 0;
  int finishing = 0;
  while (p->status == SHELF_OK) {
    size_t used = 0;
    int ended = 0;
    shelf_status st = SHELF_OK;
    if (pos < s->len)
      st = shelf_parser_feed(p->parser, p->solver, s->buf + pos, s->len - pos,
                             &used, &ended);
    pos += used;
    if (st == SHELF_OK && !ended && pos >= s->len) {
      if (!p->last || finishing)
        break;
      finishing = 1;
      st = shelf_parser_finish(p->parser, p->solver, &ended);
      if (st == SHELF_OK && !ended)
        break;
    }
    if (st != SHELF_OK) {
      if (!add_line(s, st, NULL, shelf_parser_error(p->parser)))
        p->status = SHELF_NOMEM;
      if (!j->keep_going || st == SHELF_NOMEM || finishing)
        break;
      shelf_parser_skip_line(p->parser);
      shelf_solver_reset(p->solver);
      continue;
    }
    shelf_result result;
    st = shelf_solver_result(p->solver, &result);
    if (!add_line(s, st, &result, NULL))
      p->status = SHELF_NOMEM;
    shelf_solver_reset(p->solver);
  }
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

static void *pipe_worker(void *arg) {
  pipe_job *j = arg;
  pthread_mutex_lock(&j->lock);
  for (;;) {
    slot *s = &j->slots[j->next_parse % j->nslots];
    if (j->closing)
      break;
    if (j->next_parse >= j->next_read || s->state != SLOT_READY) {
      pthread_cond_wait(&j->changed, &j->lock);
      continue;
    }
    s->state = SLOT_PARSING;
    j->next_parse++;
    pthread_mutex_unlock(&j->lock);
    parse_block(j, s);
    pthread_mutex_lock(&j->lock);
    s->state = SLOT_DONE;
    pthread_cond_broadcast(&j->changed);
  }
  pthread_mutex_unlock(&j->lock);
  return NULL;
}

/* The reader's state between blocks. */
typedef struct cutter {
  uint64_t at;             /* text offset of the next block */
  shelf_parse_after after; /* guessed: what came last before it */
  opening o;               /* how the text opens (from the first block) */
  char *tail;              /* bytes after the last cut, for the next block */
  size_t tail_len;
  int eof;      /* the input has ended (or failed) */
  size_t block; /* bytes to read before cutting */
  int by_line;  /* --batch: cut after a line feed */
} cutter;

/* Fills a slot with the next block; returns SLOT_READY, or SLOT_REST if it
 * has no cut point and the rest of the input must be parsed in one go. */
static int fill_slot(const source *src, cutter *c, slot *s) {
  memcpy(s->buf, c->tail, c->tail_len);
  size_t len = c->tail_len;
  int err = 0;
  /* --batch takes what has come as soon as it holds a line, so that a
   * line typed is answered at once. */
  while (len < c->block &&
         !(c->by_line && len > c->tail_len &&
           memchr(s->buf + c->tail_len, '\n', len - c->tail_len) != NULL)) {
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
  if (c->at == 0)
    find_opening((const unsigned char *)s->buf, len, &c->o);
  else
    guess_place(&p->assumed, c->at, c->after, &c->o);
  size_t cut = len;
  if (!c->eof && c->by_line) {
    for (cut = len; cut > 0 && s->buf[cut - 1] != '\n'; cut--)
      ;
    if (cut == 0) {
      s->len = len;
      c->eof = 1;
      return SLOT_REST;
    }
  } else if (!c->eof) {
    const unsigned char *b = (const unsigned char *)s->buf;
    for (cut = len - 1; cut > 0 && !is_cut(b, cut); cut--)
      ;
    if (cut == 0) {
      s->len = len;
      c->eof = 1;
      return SLOT_REST;
    }
    int found;
    shelf_parse_after after = look_back(b, cut, c->at, &c->o, &found);
    if (found)
      c->after = after; /* else blanks only: what came before them */
  }
  c->tail_len = len - cut;
  memcpy(c->tail, s->buf + cut, c->tail_len);
  p->end = c->at + cut;
  s->len = cut;
  c->at += cut;
  return SLOT_READY;
}

/* A block with no cut point: it and the rest of the input, on this thread. */
static int settle_rest(const source *src, chain *ch, slot *s) {
  piece *p = &s->p, *q = p;
  p->end = p->start + s->len;
  p->last = 0;
  if (ch->carrying) {
    q = &ch->carry;
    feed_piece(src, q, p, NULL);
  } else {
    p->assumed = ch->at;
    parse_piece(src, p, NULL);
  }
  while (q->status == SHELF_OK) {
    ssize_t k = read(src->fd, s->buf, s->cap);
    if (k < 0 && errno == EINTR)
      continue;
    if (k < 0) {
      q->read_errno = errno;
      q->status = SHELF_INVALID;
      break;
    }
    if (k == 0) {
      src->hooks->seen(src->hooks->ctx, NULL, 0);
      break;
    }
    src->hooks->seen(src->hooks->ctx, s->buf, (size_t)k);
    atomic_fetch_add(&src->progress->done, (unsigned long long)k);
    feed(q, s->buf, (size_t)k);
  }
  int ended;
  if (q->status == SHELF_OK)
    q->status = shelf_parser_finish(q->parser, q->solver, &ended);
  p->last = q->last = 1;
  q->lost = 0;
  return take(src, ch, p, q, NULL);
}

static int input_ready(int fd) {
  struct pollfd p = {.fd = fd, .events = POLLIN};
  return poll(&p, 1, 0) > 0;
}

/* --batch: a line longer than a block; the caller goes on with it. */
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
  return 1;
}

/* Reads blocks on this thread, has them parsed on up to `threads` others,
 * and takes them in order: appended to `out`, or (--batch) their lines
 * handed over. */
static void read_blocks(pipe_job *pj, unsigned threads, unsigned flags,
                        shelf_solver *out, par_outcome *res, par_rest *rest) {
  const source *src = pj->src;
  size_t test = test_piece();
  pipe_job j = *pj;
  j.nslots = (size_t)threads + 2;
  cutter c = {.block = test ? test : PIPE_BLOCK, .by_line = j.by_line};
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
    if (!piece_init(&j.slots[made].p, j.by_line ? SHELF_PARSE_LINES : 0,
                    flags) ||
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
  int go = chain_init(&ch, flags, out, res);
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
      /* Threads start once the input proves longer than a block. */
      want_threads = !c.eof || j.next_read > 0;
      while (want_threads && th != NULL && started < threads &&
             pthread_create(&th[started], NULL, pipe_worker, &j) == 0)
        started++;
      pthread_mutex_lock(&j.lock);
      s->state = state;
      j.next_read++;
      pthread_cond_broadcast(&j.changed);
      continue;
    }
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
  piece_free(&ch.carry);
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

int par_read_shelf(int fd, unsigned threads, unsigned flags,
                   shelf_solver *solver, int show, const par_hooks *hooks,
                   par_outcome *out) {
  memset(out, 0, sizeof *out);
  out->status = SHELF_OK;
  progress prog;
  source src = {.hooks = hooks, .fd = fd, .progress = &prog};
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    src.base = lseek(fd, 0, SEEK_CUR);
    if (src.base < 0 || st.st_size < src.base)
      return 0;
    uint64_t size = (uint64_t)(st.st_size - src.base);
    if (threads < 2 || (size < MIN_THREADED && test_piece() == 0))
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

void par_read_lines(int fd, unsigned threads, int keep_going,
                    const par_hooks *hooks, par_outcome *out, par_rest *rest) {
  memset(out, 0, sizeof *out);
  memset(rest, 0, sizeof *rest);
  out->status = SHELF_OK;
  progress prog;
  progress_start(&prog, 0, 0); /* counts, shows nothing */
  source src = {.hooks = hooks, .fd = fd, .progress = &prog};
  pipe_job j = {.src = &src, .by_line = 1, .keep_going = keep_going};
  read_blocks(&j, threads, 0, NULL, out, rest);
}
