/*
 * read_stream.c - a stream read on threads (reader.h): the calling thread
 * reads blocks, each cut at its last cut point; parser threads take the
 * blocks in turn, and the calling thread checks and appends them in
 * order. A block with no cut point at all ends the cutting: the rest is
 * parsed on the calling thread. --batch cuts its blocks after a line feed,
 * where a shelf starts and nothing is guessed, and hands the shelves back
 * in order; --batch --counted cuts where a counted shelf ends with its
 * line (counted_cut.c). A file given to shelf_read_batch() is read in
 * order, as a stream is.
 *
 * Where a counted shelf starts depends on every count before it, and
 * reading them all on the calling thread took it a third of the parser
 * threads' time. So a full block is cut where the lines near its end say
 * (shelf__counted_guess()), and its parser says whether it truly ended
 * there between shelves. If it did not, the guess was wrong: that parser,
 * whose last shelf goes on, reads the next block again on the calling
 * thread, and the next, until one ends between shelves (carry_on()).
 * Every shelf is so parsed from where the one thread would parse it. After
 * one wrong guess the cutter reads each block through (stop_guessing()).
 *
 * Memory: at most threads + 2 blocks are in flight, threads + 4 with
 * --batch.
 */
#include "reader.h"

#include "counted_cut.h"
#include "lines.h"
#include "solver.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Streams and --batch: the size of a block. Two or four more blocks than
 * there are parser threads are in flight (shelf__read_blocks()), so 256
 * KiB keeps memory small while a block still takes far longer to parse
 * than to hand over. */
#define PIPE_BLOCK (1u << 18)

/* ==== Blocks, parser threads ==== */

enum { SLOT_EMPTY, SLOT_READY, SLOT_PARSING, SLOT_DONE, SLOT_REST };

/* --batch: one line's outcome. The second buyer's total is the first's
 * less the margin: a record of 48 bytes, not 80, as the records of a
 * block pass from its parser's core to the caller's. */
typedef struct line_rec {
  shelf_i128 margin, first;
  uint64_t n;
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
  /* --counted: the block's parser did not end between shelves at a
   * line's start (a guessed cut was wrong); and the lines the parser
   * counted before the block, when it went on from an earlier one. */
  int spilled;
  uint64_t line_shift;
  int end_known;    /* the parser ended at a line's start, with... */
  uint64_t end_due; /* ...these weights still due (UINT64_MAX: a count) */
} slot;

typedef struct pipe_job {
  reader *rd;
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

  /* --counted: the parser that goes on from a block that spilled, with its
   * solver and the lines it counted before the next block; or a spare. */
  shelf_parser *carry;
  shelf_solver *carry_solver;
  uint64_t carry_lines;
  int carrying;
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
  if (result != NULL) {
    l->margin = result->margin;
    l->first = result->first;
    l->n = result->n;
  }
  if (e != NULL)
    s->errors[s->nerrors++] = *e;
  return 1;
}

/* lines.c's hooks for a block: each line's outcome recorded. */
static int record_shelf(void *ctx, shelf_status st, const shelf_result *result,
                        shelf_solver *solver) {
  (void)solver; /* its answer is all a block keeps */
  slot *s = ctx;
  if (add_line(s, st, result, NULL))
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

/* Parses a block of whole lines into line records with the one-thread
 * loop (lines.c), but keeps the outcomes for the calling thread to print in
 * order. The block's own parser starts at its first line, counting it as
 * line 1; lines are placed when they are handed over. A parser that goes
 * on from an earlier block (`carry`, --counted) has counted `shift` lines
 * before this one. */
static void parse_lines(const pipe_job *j, slot *s, shelf_parser *carry,
                        shelf_solver *carry_solver, uint64_t shift) {
  piece *p = &s->p;
  shelf_parser *parser = carry != NULL ? carry : p->parser;
  shelf_solver *solver = carry != NULL ? carry_solver : p->solver;
  s->nlines = s->nerrors = 0;
  s->line_shift = shift;
  p->status = SHELF_OK;
  if (carry == NULL) {
    /* A block starts a line, and (--counted) a shelf: its count is next. */
    shelf_parse_place start = {.offset = p->start,
                               .line = 1,
                               .line_start = p->start,
                               .counted = UINT64_MAX};
    shelf_solver_reset(solver);
    p->status = p->start == 0 ? (shelf_parser_reset(parser), SHELF_OK)
                              : shelf_parser_resume(parser, &start);
  }
  line_hooks h = {.ctx = s,
                  .shelf = record_shelf,
                  .error = record_error,
                  .keep_going = j->keep_going,
                  .quick = j->rd->opt->solver_flags == 0};
  int stop = p->status != SHELF_OK ||
             shelf__lines_feed(parser, solver, s->buf, s->len, &h);
  /* The block's line feeds, for the places of the blocks after it: the
   * parser counted them (a memchr() a 49-byte line cost more than the
   * line's hand-over). Where it cannot say, it stopped or the text's last
   * block ends inside a line, and no later block reads the count; it is
   * still counted from the bytes, which needs nothing of the parser. */
  shelf_parse_place end;
  int placed = !stop && shelf__parser_place(parser, &end) == SHELF_OK;
  if (placed) {
    s->line_feeds = end.line - 1 - shift;
  } else {
    s->line_feeds = 0;
    for (const char *at = s->buf, *e = s->buf + s->len;
         (at = memchr(at, '\n', (size_t)(e - at))) != NULL; at++)
      s->line_feeds++;
  }
  /* --counted: the next block's parser starts as the one-thread parser
   * stands only where this one ended between shelves, at a line's start,
   * with no error behind it. */
  s->spilled = j->counted && !stop && !p->last &&
               !(placed && end.counted == UINT64_MAX &&
                 end.offset == end.line_start &&
                 end.after == SHELF_AFTER_NOTHING && !end.in_list);
  s->end_known = placed && end.offset == end.line_start;
  s->end_due = placed ? end.counted : UINT64_MAX;
  if (!stop && p->last)
    shelf__lines_finish(parser, solver, &h);
}

/* Hands a block's lines over, in order, placed in the whole text. Returns
 * 0, or 1 to stop. */
static int hand_lines(pipe_job *j, slot *s, outcome *res) {
  const shelf_parse_error *e = s->errors;
  for (size_t k = 0; k < s->nlines; k++) {
    const line_rec *l = &s->lines[k];
    shelf_parse_error placed;
    if (l->parse_error) {
      placed = *e++;
      if (placed.code != SHELF_OK)
        placed.line = placed.line - s->line_shift + j->lines_before;
    }
    shelf_result result = {.n = l->n,
                           .margin = l->margin,
                           .first = l->first,
                           .second = l->first - l->margin};
    const shelf_read_options *opt = j->rd->opt;
    if (opt->shelf(opt->ctx, l->status, l->parse_error ? NULL : &result,
                   l->parse_error ? &placed : NULL, NULL) != 0) {
      res->stopped = 1;
      return 1;
    }
    /* Without keep_going the block's parser stopped at its first error,
     * and so does the read. */
    if (l->parse_error && (!opt->keep_going || l->status == SHELF_NOMEM)) {
      res->status = l->status;
      res->error = placed;
      return 1;
    }
  }
  if (s->p.status != SHELF_OK) { /* out of memory for the records */
    res->status = s->p.status;
    return 1;
  }
  if (s->p.then_errno != 0) {
    shelf__read_failed(res, s->p.then_errno, s->p.then_at);
    return 1;
  }
  j->lines_before += s->line_feeds;
  return 0;
}

/* --counted: after a block is handed over, whether its parser goes on
 * into the next block (it spilled). The parser is kept aside, and the
 * block's slot takes the spare in its place. Returns 0, or 1 out of
 * memory. */
static int carry_on(pipe_job *j, slot *s, outcome *res) {
  if (!s->spilled) {
    j->carrying = 0;
    return 0;
  }
  if (!j->carrying) {
    if (j->carry == NULL &&
        (shelf_parser_new(&j->carry, SHELF_PARSE_LINES | SHELF_PARSE_COUNTED) !=
             SHELF_OK ||
         shelf_solver_new(&j->carry_solver, 0) != SHELF_OK)) {
      res->status = SHELF_NOMEM;
      return 1;
    }
    shelf_parser *parser = s->p.parser;
    shelf_solver *solver = s->p.solver;
    s->p.parser = j->carry;
    s->p.solver = j->carry_solver;
    j->carry = parser;
    j->carry_solver = solver;
    j->carry_lines = 0;
    j->carrying = 1;
  }
  j->carry_lines += s->line_feeds;
  return 0;
}

static void parse_block(const pipe_job *j, slot *s) {
  if (j->by_line)
    parse_lines(j, s, NULL, NULL, 0);
  else
    shelf__read_parse_piece(j->rd, &s->p, NULL);
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
  counted_reader counted_cut;   /* --counted: the block's shelves so far */
  size_t cut_len, cut;          /* --counted: the cut of the block so far */
  size_t guess_len;             /* --counted: the block's length at the
                                   last guess */
  int no_guess;                 /* --counted: a guess was wrong */
  uint64_t due; /* --counted: weights due where the next block starts, as
                   far as the cutter knows (UINT64_MAX: a count) */
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

/* --counted: the last cut point of the block so far. Where the block is
 * at least half full, the lines near its end are asked first
 * (shelf__counted_guess()): the parser checks the guess (parse_lines());
 * a block that is short, as a pipe gives one, or whose end says nothing
 * sure, is read through by the cutter. A block that comes in small reads
 * is guessed at again only after an eighth of a block more: each guess
 * reads a few kilobytes. */
static size_t counted_cut_of(cutter *c, const char *buf, size_t len) {
  if (len == c->cut_len)
    return c->cut;
  size_t cut = 0;
  if (!c->no_guess && len >= c->block / 2 &&
      len >= c->guess_len + c->block / 8) {
    c->guess_len = len;
    cut = shelf__counted_guess(buf, len);
  }
  if (cut == 0)
    cut = shelf__counted_read(&c->counted_cut, buf, len);
  c->cut_len = len;
  c->cut = cut;
  return cut;
}

/* --batch takes what has come as soon as it holds a line, so that a line
 * typed is answered at once; with --counted, as soon as it holds a cut
 * point, or text the reader is not sure of (no cut will come). */
static int holds_enough(cutter *c, const char *buf, size_t len) {
  if (!c->by_line || len == c->tail_len)
    return 0;
  if (!c->counted)
    return memchr(buf + c->tail_len, '\n', len - c->tail_len) != NULL;
  return counted_cut_of(c, buf, len) > 0 || c->counted_cut.stopped;
}

/* Fills a slot with the next block; returns SLOT_READY, or SLOT_REST if it
 * has no cut point and the rest of the input must be parsed in one go. */
static int fill_slot(reader *rd, cutter *c, slot *s) {
  memcpy(s->buf, c->tail, c->tail_len);
  size_t len = c->tail_len;
  int err = 0;
  shelf__counted_start(&c->counted_cut, c->at == 0);
  c->counted_cut.due = c->due;
  c->due = UINT64_MAX; /* the next block starts at a cut point */
  c->cut_len = SIZE_MAX;
  c->guess_len = 0;
  while (len < c->block && !holds_enough(c, s->buf, len)) {
    /* No more than a block: the buffer's room beyond it is for a tail. */
    int64_t k = shelf__read_more(rd, s->buf + len, c->block - len, &err);
    if (k <= 0) {
      c->eof = 1;
      break;
    }
    len += (size_t)k;
  }
  piece *p = &s->p;
  p->start = c->at;
  p->data = s->buf;
  p->then_errno = err; /* parse what was read (an error in it comes first) */
  p->then_at = rd->stream_at;
  p->last = c->eof && err == 0;
  unsigned flags = c->by_line ? SHELF_PARSE_LINES : 0;
  if (c->at == 0)
    shelf_piece_opening(s->buf, len, flags, &c->opening, &c->sure_opening);
  size_t cut = len;
  if (!c->eof) {
    cut = c->counted ? counted_cut_of(c, s->buf, len)
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
static int settle_rest(reader *rd, chain *ch, slot *s) {
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
    shelf__read_feed(p, s->buf, s->len);
  while (p->status == SHELF_OK) {
    int err = 0;
    int64_t k = shelf__read_more(rd, s->buf, s->cap, &err);
    if (k < 0) {
      p->read_errno = err > 0 ? err : 0;
      p->why = err > 0 ? NULL : SHRANK;
      p->failed_at = rd->stream_at;
      p->status = SHELF_INVALID;
      break;
    }
    if (k == 0)
      break;
    shelf__read_feed(p, s->buf, (size_t)k);
  }
  int ended;
  if (p->status == SHELF_OK)
    p->status = shelf_parser_finish(p->parser, p->solver, &ended);
  p->last = 1;
  p->parsed = 1;
  p->then_errno = 0;
  p->assumed = ch->at; /* it fits now: settle() takes it as it is */
  p->assumed.line = 1;
  return shelf__read_settle(rd, ch, p, NULL);
}

/* --batch: a line longer than a block, or (--counted) a block with no cut
 * point: it and the rest of the input on this thread, from where the block
 * starts: a line, and (--counted) a shelf. Always ends the read. */
static int settle_lines_rest(pipe_job *j, slot *s, outcome *res) {
  if (j->carrying) { /* from where the parser of the blocks before stands */
    shelf__read_lines_with(j->rd, j->carry, j->carry_solver,
                           j->lines_before - j->carry_lines, s->buf, s->len,
                           res);
    return 1;
  }
  shelf_parse_place place;
  memset(&place, 0, sizeof place);
  place.offset = place.line_start = s->p.start;
  place.line = j->lines_before + 1;
  place.counted = UINT64_MAX; /* --counted: a shelf starts there */
  shelf__read_lines_here(j->rd, s->p.start == 0 ? NULL : &place, s->buf, s->len,
                         res);
  return 1;
}

/* Makes a slot's buffer, parser and solver when it is first filled, so
 * that a short input makes few, whatever the threads asked. Returns 0 if
 * out of memory. */
static int slot_init(const pipe_job *j, slot *s, size_t cap, unsigned flags) {
  if (s->buf != NULL)
    return 1;
  unsigned parse_flags = (j->by_line ? SHELF_PARSE_LINES : 0) |
                         (j->counted ? SHELF_PARSE_COUNTED : 0);
  if (!shelf__read_piece_init(&s->p, parse_flags, flags, 1)) {
    shelf__read_piece_free(&s->p);
    return 0;
  }
  s->cap = cap;
  s->buf = malloc(cap);
  return s->buf != NULL;
}

/* --counted: after a guess proved wrong, the cutter reads each block
 * through from its start: where one guess was wrong, the lines
 * of that text may mislead every other, and each block would then be
 * parsed twice, once on this thread. It goes on from the true count of
 * the shelf under way where it cuts next: the spilled block's parser
 * knows what was due at its end, and the blocks read since are read again
 * from there. */
static void stop_guessing(const pipe_job *j, cutter *c, const slot *s) {
  c->no_guess = 1;
  if (!s->end_known || c->eof)
    return; /* no count to go on from, or no block left to cut */
  uint64_t due = s->end_due;
  for (uint64_t b = j->next_settle + 1; b < j->next_read; b++) {
    const slot *t = &j->slots[b % j->nslots];
    counted_reader r;
    shelf__counted_start(&r, 0);
    r.due = due;
    shelf__counted_read(&r, t->buf, t->len);
    if (r.stopped || r.i != t->len)
      return;
    due = r.due;
  }
  c->due = due;
}

/* Reads blocks on this thread, has them parsed on `threads` in all (this
 * one parses a block whenever it has nothing to read or take), and takes
 * them in order: appended to `out`, or (--batch) their lines handed over.
 * The results are printed here, so with a parser thread a core, this one
 * would make one thread too many: --batch on two threads was 0.91 of one
 * thread's time, and is 0.55 with one parser thread and this one. */
void shelf__read_blocks(reader *rd, unsigned threads, int by_line,
                        shelf_solver *out, outcome *res) {
  size_t test = rd->opt->piece;
  unsigned flags = out != NULL ? out->flags & SHELF_KEEP_WEIGHTS : 0;
  pipe_job j;
  memset(&j, 0, sizeof j);
  j.rd = rd;
  j.by_line = by_line;
  j.counted = by_line && (rd->opt->parse_flags & SHELF_PARSE_COUNTED) != 0;
  j.keep_going = rd->opt->keep_going;
  /* --batch: room for the reader to run ahead of the parsers. With two
   * more blocks than threads, a parser thread waited while this one parsed
   * a block of its own and handed the one before over (10^6 lines on two
   * threads: 1.35 times the byte loop's time; with four more, 1.25). A
   * stream's blocks keep stacks, not answers: two more. */
  j.nslots = (size_t)threads + (by_line ? 4 : 2);
  cutter c = {.block = test ? test : PIPE_BLOCK,
              .by_line = j.by_line,
              .counted = j.counted,
              .due = UINT64_MAX};
  j.slots = calloc(j.nslots, sizeof *j.slots);
  c.tail = malloc(2 * c.block);
  if (j.slots == NULL || c.tail == NULL) {
    res->status = SHELF_NOMEM;
    goto out;
  }
  pthread_mutex_init(&j.lock, NULL);
  pthread_cond_init(&j.changed, NULL);
  pthread_t *th = calloc(threads, sizeof *th);
  unsigned started = 0;
  int want_threads = 0;

  chain ch;
  shelf__read_chain_init(&ch, out, res);
  int go = 1;
  pthread_mutex_lock(&j.lock);
  while (go) {
    slot *head = &j.slots[j.next_settle % j.nslots];
    /* Parsed here: with no parser thread, or from where a parser that
     * spilled stands (a parser thread may have parsed it from its guess:
     * that parse is not kept). */
    int mine = head->state == SLOT_READY && (started == 0 || j.carrying);
    if (j.next_settle < j.next_read &&
        (head->state == SLOT_DONE || head->state == SLOT_REST || mine)) {
      int is_rest = head->state == SLOT_REST;
      if (mine) {
        head->state = SLOT_PARSING;
        j.next_parse++;
      }
      pthread_mutex_unlock(&j.lock);
      if (j.carrying && !is_rest)
        parse_lines(&j, head, j.carry, j.carry_solver, j.carry_lines);
      else if (mine)
        parse_block(&j, head);
      int stop;
      if (j.by_line) {
        stop = is_rest ? settle_lines_rest(&j, head, res)
                       : hand_lines(&j, head, res) || carry_on(&j, head, res);
        if (!stop && head->spilled && !c.no_guess)
          stop_guessing(&j, &c, head);
      } else {
        stop = is_rest ? settle_rest(rd, &ch, head)
                       : shelf__read_settle(rd, &ch, &head->p, head->buf);
      }
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
        (!j.by_line || drained || shelf__read_ready(rd))) {
      slot *s = &j.slots[j.next_read % j.nslots];
      pthread_mutex_unlock(&j.lock);
      if (j.by_line && drained && rd->opt->idle != NULL)
        rd->opt->idle(rd->opt->ctx);
      if (!slot_init(&j, s, 2 * c.block, flags)) {
        res->status = SHELF_NOMEM;
        pthread_mutex_lock(&j.lock);
        break;
      }
      int state = fill_slot(rd, &c, s);
      /* Threads start once the input proves longer than a block (this
       * one is one of them), one more for each block read, so that a
       * short input starts few whatever was asked. */
      want_threads = !c.eof || j.next_read > 0;
      if (want_threads && th != NULL && started + 1 < threads &&
          started < j.next_read + 1 &&
          shelf__read_start_thread(&th[started], pipe_worker, &j) == 0)
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
  for (size_t k = 0; j.slots != NULL && k < j.nslots; k++) {
    shelf__read_piece_free(&j.slots[k].p);
    free(j.slots[k].buf);
    free(j.slots[k].lines);
    free(j.slots[k].errors);
  }
  free(j.slots);
  free(c.tail);
  shelf_parser_free(j.carry);
  shelf_solver_free(j.carry_solver);
}
