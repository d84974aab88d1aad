/*
 * fuzz_pieces.c - libFuzzer target for parsing in pieces (src/pieces/pieces.c):
 * any text, cut anywhere the fuzzer picks, guessed, checked and joined as
 * src/pieces/read.c and shelf-mpi do it, gives what one pass over the same
 * bytes gives.
 *
 * The first byte picks the grammar (the whole text one shelf, which covers
 * plain text, lists and named lists; the counted layout; one shelf a line,
 * as --batch reads), how many pieces, whether the cuts are the library's
 * cut points (shelf_piece_cut()) or any bytes at all, and how much of the
 * text the opening sees; the rest is the text. Then:
 *
 *   1. one pass: a parser fed the whole text and finished; its outcome is
 *      the reference: the margin, or the first error's code, line, column,
 *      offset and found text;
 *   2. in pieces: each piece is parsed from its guess (shelf_piece_guess())
 *      into a solver of its own and ended at the next piece's first byte
 *      (shelf_piece_end()); then, in order, each guess is checked against
 *      the true end of the piece before (shelf_piece_fits()), parsed again
 *      from there if it does not fit, rebased (shelf_piece_rebase()) and
 *      appended. The first failure must be the one pass's first error,
 *      placed the same; else the appended result must be the one pass's.
 *
 * Also: on text with no error, a guess that says it is sure fits (so valid
 * text is never parsed twice at a cut point); in line mode every guess
 * fits; and every place survives shelf_place_encode()/decode().
 *
 * In line mode the pieces hold whole lines, so each shelf is checked where
 * it ends: the margins of the shelves, in order, against the one pass's.
 *
 * Then the same text goes through the library's own threaded reader,
 * shelf_read() (shelf_read_batch() in line mode), on three threads with
 * pieces of a few bytes (its test option), as a file (read_at) or, when
 * the first byte says so, a stream given in short reads: its outcome too
 * must be the one pass's.
 */
#include "fuzz.h"

#include <shelf.h>
#include <shelf_pieces.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PIECES_MAX 16

typedef struct outcome {
  shelf_status status;
  shelf_parse_error error;
  shelf_result result;      /* one shelf */
  shelf_i128 margins[4096]; /* line mode: each shelf's margin */
  size_t shelves;
} outcome;

static outcome whole_run, pieces_run;

static shelf_solver *new_solver(void) {
  shelf_solver *s;
  FUZZ_ASSERT(shelf_solver_new(&s, 0) == SHELF_OK, "no solver");
  return s;
}

/* Line mode: a shelf ended; its margin joins the list. */
static void shelf_done(outcome *o, shelf_solver *s) {
  shelf_result r;
  FUZZ_ASSERT(shelf_solver_result(s, &r) == SHELF_OK, "a shelf's result");
  if (o->shelves < sizeof o->margins / sizeof o->margins[0])
    o->margins[o->shelves] = r.margin;
  o->shelves++;
  shelf_solver_reset(s);
}

/* Feeds text[from..to) to a parser; in line mode each shelf that ends is
 * counted. Returns the status. */
static shelf_status feed(shelf_parser *p, shelf_solver *s, const char *text,
                         size_t from, size_t to, int lines, outcome *o) {
  while (from < to) {
    size_t used;
    int ended;
    shelf_status st =
        shelf_parser_feed(p, s, text + from, to - from, &used, &ended);
    from += used;
    if (st != SHELF_OK)
      return st;
    if (ended)
      shelf_done(o, s);
    else if (!lines)
      FUZZ_ASSERT(from == to, "a whole text is fed in one call");
  }
  return SHELF_OK;
}

static shelf_status finish(shelf_parser *p, shelf_solver *s, int lines,
                           outcome *o) {
  int ended;
  shelf_status st = shelf_parser_finish(p, s, &ended);
  if (st == SHELF_OK && lines && ended)
    shelf_done(o, s);
  return st;
}

static void one_pass(const char *text, size_t len, unsigned flags) {
  outcome *o = &whole_run;
  memset(o, 0, sizeof *o);
  int lines = (flags & SHELF_PARSE_LINES) != 0;
  shelf_parser *p;
  FUZZ_ASSERT(shelf_parser_new(&p, flags) == SHELF_OK, "no parser");
  shelf_solver *s = new_solver();
  o->status = feed(p, s, text, 0, len, lines, o);
  if (o->status == SHELF_OK)
    o->status = finish(p, s, lines, o);
  o->error = *shelf_parser_error(p);
  if (o->status == SHELF_OK && !lines)
    FUZZ_ASSERT(shelf_solver_result(s, &o->result) == SHELF_OK, "result");
  shelf_parser_free(p);
  shelf_solver_free(s);
}

typedef struct piece {
  size_t start, end;
  shelf_parse_place assumed; /* not piece 0 */
  int sure;
  shelf_parser *parser;
  shelf_solver *solver;
  shelf_status status;
  shelf_parse_place end_place; /* not the last */
  int final;                   /* it took all the bytes after it */
  outcome lines;               /* line mode: its shelves */
} piece;

static piece pieces[PIECES_MAX];

/* ==== The threaded reader ==== */

typedef struct memory {
  const char *text;
  size_t len, at;
} memory;

static int64_t memory_read_at(void *ctx, char *buf, size_t len,
                              uint64_t offset) {
  const memory *m = ctx;
  if (offset >= m->len)
    return 0;
  size_t n = m->len - (size_t)offset < len ? m->len - (size_t)offset : len;
  memcpy(buf, m->text + offset, n);
  return (int64_t)n;
}

static int64_t memory_read(void *ctx, char *buf, size_t len) {
  memory *m = ctx;
  int64_t got = memory_read_at(m, buf, len < 5 ? len : 5, m->at);
  m->at += (size_t)got;
  return got;
}

static int batch_shelf(void *ctx, shelf_status st, const shelf_result *r,
                       const shelf_parse_error *e, const shelf_solver *solver) {
  (void)solver; /* no weights were asked for */
  outcome *o = ctx;
  if (e != NULL) {
    o->error = *e;
    return 0; /* without keep_going the read ends with it */
  }
  FUZZ_ASSERT(st == SHELF_OK, "a shelf's result");
  if (o->shelves < sizeof o->margins / sizeof o->margins[0])
    o->margins[o->shelves] = r->margin;
  o->shelves++;
  return 0;
}

/* shelf_read() or shelf_read_batch() on the text, against one pass. */
static void read_threaded(const char *text, size_t len, unsigned flags,
                          size_t piece_size, int stream) {
  memory m = {text, len, 0};
  shelf_source src;
  memset(&src, 0, sizeof src);
  src.ctx = &m;
  if (stream) {
    src.read = memory_read;
  } else {
    src.read_at = memory_read_at;
    src.size = len;
  }
  outcome *o = &pieces_run;
  memset(o, 0, sizeof *o);
  shelf_read_options opt;
  memset(&opt, 0, sizeof opt);
  opt.threads = 3;
  opt.parse_flags = flags;
  opt.piece = piece_size;
  shelf_read_error e;
  if (flags & SHELF_PARSE_LINES) {
    opt.ctx = o;
    opt.shelf = batch_shelf;
    o->status = shelf_read_batch(&src, &opt, &e);
    FUZZ_ASSERT(o->status == whole_run.status, "batch: the same status");
    FUZZ_ASSERT(o->shelves == whole_run.shelves, "batch: the same shelves");
    for (size_t i = 0; i < o->shelves && i < 4096; i++)
      FUZZ_ASSERT(o->margins[i] == whole_run.margins[i],
                  "batch: the same margins");
  } else {
    shelf_solver *s = new_solver();
    o->status = shelf_read(&src, &opt, s, &o->result, &e);
    o->error = e.parse;
    shelf_solver_free(s);
    FUZZ_ASSERT(o->status == whole_run.status, "read: the same status");
    if (o->status == SHELF_OK)
      FUZZ_ASSERT(o->result.n == whole_run.result.n &&
                      o->result.margin == whole_run.result.margin,
                  "read: the same result");
  }
  if (o->status >= SHELF_EXPECTED_INTEGER) {
    const shelf_parse_error *a = &o->error, *b = &whole_run.error;
    FUZZ_ASSERT(a->code == b->code && a->offset == b->offset &&
                    a->line == b->line && a->column == b->column &&
                    strcmp(a->found, b->found) == 0,
                "read: the same first error, placed the same");
  }
}

static void round_trip(const shelf_parse_place *p) {
  unsigned char buf[SHELF_PLACE_SIZE];
  shelf_parse_place q;
  shelf_place_encode(p, buf);
  FUZZ_ASSERT(shelf_place_decode(buf, &q) == SHELF_OK, "a place decodes");
  unsigned char again[SHELF_PLACE_SIZE];
  shelf_place_encode(&q, again);
  FUZZ_ASSERT(memcmp(buf, again, sizeof buf) == 0, "encoding round-trips");
  FUZZ_ASSERT(q.offset == p->offset && q.line == p->line &&
                  q.line_start == p->line_start && q.after == p->after &&
                  q.counted == p->counted,
              "a decoded place is the place");
}

/* Parses a piece from `from` (its start, or later after a wrong guess),
 * resumed at `at` (NULL: the text's start). */
static void parse_piece(piece *k, const char *text, size_t len, size_t from,
                        const shelf_parse_place *at, unsigned flags, int last) {
  int lines = (flags & SHELF_PARSE_LINES) != 0;
  memset(&k->lines, 0, sizeof k->lines);
  shelf_solver_reset(k->solver);
  if (at == NULL)
    shelf_parser_reset(k->parser);
  else
    FUZZ_ASSERT(shelf_parser_resume(k->parser, at) == SHELF_OK, "resume");
  k->status = SHELF_OK;
  k->final = 0;
  if (from < k->end)
    k->status =
        feed(k->parser, k->solver, text, from, k->end, lines, &k->lines);
  if (k->status != SHELF_OK)
    return;
  if (last) {
    k->status = finish(k->parser, k->solver, lines, &k->lines);
    return;
  }
  size_t next = from > k->end ? from : k->end;
  k->status = shelf_piece_end(k->parser, k->solver, text + next, len - next,
                              NULL, &k->end_place);
  /* Text ran out before the parser came between items: the last piece. */
  k->final = k->status == SHELF_INVALID;
  if (k->final)
    k->status = finish(k->parser, k->solver, lines, &k->lines);
  else if (k->status == SHELF_OK)
    round_trip(&k->end_place);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  static const unsigned grammars[3] = {0, SHELF_PARSE_COUNTED,
                                       SHELF_PARSE_LINES};
  unsigned flags = grammars[data[0] % 3];
  size_t want = 2 + (data[0] / 3) % (PIECES_MAX - 1); /* pieces */
  int anywhere = (data[0] & 0x40) != 0;               /* cuts at any byte */
  int short_head = (data[0] & 0x80) != 0;             /* opening unsure */
  int lines = (flags & SHELF_PARSE_LINES) != 0;
  if (lines)
    anywhere = 0; /* a piece of line mode holds whole lines */
  const char *text = (const char *)data + 1;
  size_t len = size - 1;

  one_pass(text, len, flags);

  /* Where to cut. */
  size_t n = 0;
  size_t prev = 0;
  pieces[n++].start = 0;
  for (size_t k = 1; k < want && len > 0; k++) {
    size_t nominal = k * len / want;
    size_t cut =
        anywhere ? nominal : shelf_piece_cut(text, len, nominal, flags);
    if (cut <= prev || cut >= len)
      continue;
    if (!anywhere && !lines)
      FUZZ_ASSERT((text[cut - 1] == ' ' || text[cut - 1] == '\t' ||
                   text[cut - 1] == '\n' || text[cut - 1] == ',') &&
                      (text[cut] == '-' || text[cut] == '+' ||
                       (text[cut] >= '0' && text[cut] <= '9')),
                  "a cut point is after a blank or comma, before a weight");
    pieces[n++].start = cut;
    prev = cut;
  }
  for (size_t k = 0; k < n; k++)
    pieces[k].end = k + 1 < n ? pieces[k + 1].start : len;

  shelf_parse_place opening;
  int sure_opening;
  FUZZ_ASSERT(shelf_piece_opening(text, short_head ? len / 2 : len, flags,
                                  &opening, &sure_opening) == SHELF_OK,
              "opening");
  for (size_t k = 0; k < n; k++) {
    piece *p = &pieces[k];
    FUZZ_ASSERT(shelf_parser_new(&p->parser, flags) == SHELF_OK, "parser");
    p->solver = new_solver();
    if (k > 0) {
      FUZZ_ASSERT(shelf_piece_guess(&opening, text, p->start, p->start, flags,
                                    &p->assumed, &p->sure) == SHELF_OK,
                  "guess");
      p->sure &= sure_opening;
    }
    parse_piece(p, text, len, p->start, k > 0 ? &p->assumed : NULL, flags,
                k + 1 == n);
  }

  /* The join, in order. */
  outcome *o = &pieces_run;
  memset(o, 0, sizeof *o);
  shelf_solver *all = new_solver();
  shelf_parse_place at; /* where the next piece truly starts */
  int done = 0;
  for (size_t k = 0; k < n && !done; k++) {
    piece *p = &pieces[k];
    if (k > 0) {
      shelf_parse_place again;
      int fits = shelf_piece_fits(&at, &p->assumed, &again);
      if (whole_run.status == SHELF_OK && p->sure && !anywhere)
        FUZZ_ASSERT(fits, "a sure guess on valid text fits");
      if (lines && !anywhere)
        FUZZ_ASSERT(fits, "in line mode every guess fits");
      if (!fits)
        parse_piece(p, text, len, (size_t)again.offset, &again, flags,
                    k + 1 == n);
    }
    int last = k + 1 == n || p->final;
    if (p->status != SHELF_OK) {
      shelf_parse_error e = *shelf_parser_error(p->parser);
      if (k > 0)
        shelf_piece_rebase(&at, NULL, &e);
      o->status = p->status;
      o->error = e;
      last = 1;
    }
    /* Every shelf counts, as one_pass() counts them; the margins of the
     * first 4096 are kept. */
    for (size_t i = 0; i < p->lines.shelves; i++, o->shelves++)
      if (o->shelves < 4096 && i < 4096)
        o->margins[o->shelves] = p->lines.margins[i];
    if (p->status != SHELF_OK) {
      done = 1;
      continue;
    }
    if (!lines)
      FUZZ_ASSERT(shelf_solver_append(all, p->solver) == SHELF_OK, "append");
    if (!last) {
      shelf_parse_place end = p->end_place;
      if (k > 0)
        shelf_piece_rebase(&at, &end, NULL);
      at = end;
    } else {
      done = 1;
    }
  }
  if (o->status == SHELF_OK && !lines)
    FUZZ_ASSERT(shelf_solver_result(all, &o->result) == SHELF_OK, "result");

  /* The same outcome as one pass. */
  FUZZ_ASSERT(o->status == whole_run.status, "the same status");
  if (o->status >= SHELF_EXPECTED_INTEGER) {
    const shelf_parse_error *a = &o->error, *b = &whole_run.error;
    FUZZ_ASSERT(a->code == b->code && a->offset == b->offset &&
                    a->line == b->line && a->column == b->column &&
                    strcmp(a->found, b->found) == 0,
                "the same first error, placed the same");
  }
  if (o->status == SHELF_OK && !lines)
    FUZZ_ASSERT(o->result.n == whole_run.result.n &&
                    o->result.margin == whole_run.result.margin &&
                    o->result.first == whole_run.result.first,
                "the same result");
  if (lines) {
    FUZZ_ASSERT(o->shelves == whole_run.shelves, "the same shelves");
    for (size_t i = 0; i < o->shelves && i < 4096; i++)
      FUZZ_ASSERT(o->margins[i] == whole_run.margins[i], "the same margins");
  }
  for (size_t k = 0; k < n; k++) {
    shelf_parser_free(pieces[k].parser);
    shelf_solver_free(pieces[k].solver);
  }
  shelf_solver_free(all);

  read_threaded(text, len, flags, 1 + len / want, anywhere || short_head);

  /* Line mode's text as a sequence of counted shelves (--batch
   * --counted) on threads: blocks cut where the lines near their ends say
   * or where the cutter reads, and a parser that goes on where such a cut
   * was wrong (read_stream.c), against one pass. */
  if (lines) {
    one_pass(text, len, SHELF_PARSE_LINES | SHELF_PARSE_COUNTED);
    read_threaded(text, len, SHELF_PARSE_LINES | SHELF_PARSE_COUNTED,
                  1 + len / want, short_head);
  }
  return 0;
}
