/*
 * reader.h - what the threaded reader's files share: the read under way, a
 * piece of the text and the chain that joins the pieces in order, which
 * reader.c holds. Above it read.c holds the entry points, read_file.c a
 * file's ranges, read_stream.c the blocks of a stream (and --batch's
 * lines), read_lines.c --batch on one thread.
 */
#ifndef SHELF_READER_H
#define SHELF_READER_H

#include "internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* 128 KiB, the size of a read: the block is parsed while it is still in
 * the CPU's cache; 1 MiB blocks measured 2% slower (docs/benchmarks.md). */
#define READ_BLOCK (1u << 17)
/* The bytes after a piece that shelf_piece_end() is given: one is enough
 * at a cut point. */
#define NEXT_BYTES 16
/* The head the opening is read from, and the notes look at. */
#define HEAD (1u << 16)

/* How a read ended. */
typedef struct outcome {
  shelf_status status;     /* SHELF_OK, a parse code, SHELF_NOMEM, or
                              SHELF_INVALID for a read error or an internal
                              failure (then `why` says which) */
  shelf_parse_error error; /* a parse code's details, placed in the whole
                              text: its line, column and offset */
  int read_errno;          /* a read error's number, else 0 */
  const char *why;         /* an internal failure's message, else NULL */
  uint64_t at;             /* with read_errno or why: the text's offset
                              where the read failed */
  int stopped;             /* batch: the hook asked to stop */
} outcome;

/* A file that ended before its size, as an error number of its own (a
 * read error's are positive): the read in order (shelf__read_more()) says
 * so, and shelf__read_failed() turns it into SHRANK. */
#define READ_SHORT (-1)
#define SHRANK "the file became shorter while it was read"

/* Ends the read with a failed read at text offset `at`: `err` an error
 * number, or READ_SHORT. */
void shelf__read_failed(outcome *res, int err, uint64_t at);

/* The read under way, which every thread shares. */
typedef struct reader {
  const shelf_source *src;
  const shelf_read_options *opt;
  /* A read_at source of size 0: a size not known (procfs says 0 for
   * files that hold text), so it is read in order to its end, as a
   * stream. */
  int unsized;
  uint64_t base;      /* the source offset of the text's first byte */
  uint64_t stream_at; /* a file read in order: the next offset */
  int seen_done;      /* opt->seen has had its NULL */
  /* Files: the first piece known to hold the text's first error (or one
   * before it), so the pieces after it need not be parsed. */
  atomic_size_t stop_at;
} reader;

typedef struct piece {
  uint64_t start, end;       /* its bytes, as offsets in the text */
  const char *data;          /* a stream's block, or NULL: read the range */
  int last;                  /* the text ends with it */
  size_t index;              /* files: its place in the list */
  shelf_parse_place assumed; /* where its parser starts (not piece 0) */
  int sure;                  /* the guess is sure for valid text */
  int parsed;                /* parsed from `assumed` (else skipped) */
  int needed;                /* the chain needs it: parsed past stop_at */
  atomic_int done;           /* files: a thread is through with it */
  char next[NEXT_BYTES];     /* streams: the bytes after it */
  size_t next_len;
  shelf_parser *parser;
  shelf_solver *solver;
  shelf_status status;         /* of parsing it */
  int read_errno;              /* with SHELF_INVALID: a read error */
  int then_errno;              /* a stream's read error after its bytes
                                  (or READ_SHORT) */
  uint64_t then_at;            /* where that read was */
  const char *why;             /* with SHELF_INVALID: anything else */
  uint64_t failed_at;          /* with read_errno or why: where */
  shelf_parse_place end_place; /* where it left its parser, if not last */
} piece;

/* The join, in shelf order. */
typedef struct chain {
  shelf_parse_place at; /* where the next piece truly starts */
  shelf_solver *out;
  outcome *res;
} chain;

/* Reads up to `want` bytes at `at` of the text (a file's; fewer only at
 * its end); -1 on an error, its number in *err. On any thread. */
int64_t shelf__read_at(const reader *rd, char *buf, size_t want, uint64_t at,
                       int *err);

/* Whether a piece after the one that holds the first error: not worth
 * finishing (settle() parses it if the chain ever needs it). */
static inline int stopped(const reader *rd, const piece *p) {
  return p->data == NULL && !p->needed && p->index > atomic_load(&rd->stop_at);
}

/* Starts one of the read's threads, as pthread_create() does (its return
 * value), with the signals the process is sent blocked in it: they reach
 * the caller's threads, where a read that waits on a stream can hear
 * them (a `read` callback returns on EINTR; Python's Ctrl-C, PEP 475). */
int shelf__read_start_thread(pthread_t *th, void *(*run)(void *), void *arg);

/* The text so far, to opt->seen (until it has had its NULL). */
void shelf__read_seen(reader *rd, const char *data, size_t len);

/* Reads the next bytes of the text in order (a stream, or a file from
 * rd->stream_at), shown to opt->seen and opt->progress, and opt->seen's
 * NULL at the end: every read in order passes here, so that each byte is
 * seen once whichever path reads it. Returns their number, 0 at the end,
 * or -1 with *err set to the error number, or READ_SHORT for a file that
 * ended before its size (rd->stream_at is then where). */
int64_t shelf__read_more(reader *rd, char *buf, size_t len, int *err);

/* shelf__read_more() of up to READ_BLOCK bytes into buf, for a read on
 * one thread that ends at a failed read: the failure goes into *res
 * (shelf__read_failed(), at rd->stream_at). Returns the bytes read, 0 at
 * the end, or -1 after a failure. */
int64_t shelf__read_block(reader *rd, char *buf, outcome *res);

/* Whether the next read of a stream would not wait. */
int shelf__read_ready(const reader *rd);

/* Feeds a piece's parser; its status says how that went. */
void shelf__read_feed(piece *p, const char *data, size_t len);

/* Parses a piece from its assumed place (rd->opt, the pieces' data or the
 * file's range); buf is READ_BLOCK bytes for a file's range. */
void shelf__read_parse_piece(const reader *rd, piece *p, char *buf);

/* Appends the next piece after checking (and if need be redoing) its
 * start. Returns 0, or 1 to stop (ch->res says why). */
int shelf__read_settle(const reader *rd, chain *ch, piece *p, char *buf);

/* A piece with its parser, and its solver with `with_solver`; 0 if out of
 * memory. */
int shelf__read_piece_init(piece *p, unsigned parse_flags, unsigned flags,
                           int with_solver);
void shelf__read_piece_free(piece *p);
void shelf__read_chain_init(chain *ch, shelf_solver *out, outcome *res);

/* ==== The paths above reader.c ==== */

/* read_lines.c: one shelf a line (options' flags), from `place` (NULL: the
 * text's start) with `data` first, then the rest of the source, on this thread;
 * each shelf to opt->shelf. Returns 1 to stop (res says why), else 0. */
int shelf__read_lines_here(reader *rd, const shelf_parse_place *place,
                           const char *data, size_t len, outcome *res);
/* The same with a parser and solver that stand where `data` starts, an
 * error's line being the parser's plus `line_delta` (read_stream.c's
 * parser that goes on from a block's start). */
int shelf__read_lines_with(reader *rd, shelf_parser *parser,
                           shelf_solver *solver, uint64_t line_delta,
                           const char *data, size_t len, outcome *res);

/* read_file.c: reads a file of `size` bytes (after rd->base) as one shelf on
 * `threads`, appended to `out` (empty; its pieces' solvers are made with
 * `flags`). */
void shelf__read_file(reader *rd, uint64_t size, unsigned threads,
                      unsigned flags, shelf_solver *out, outcome *res);

/* read_stream.c: reads a stream in blocks, parsed on `threads` (this one among
 * them), appended to `out` in order, or (by_line) their shelves handed to
 * opt->shelf. */
void shelf__read_blocks(reader *rd, unsigned threads, int by_line,
                        shelf_solver *out, outcome *res);

#endif /* SHELF_READER_H */
