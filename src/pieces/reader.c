/*
 * reader.c - the read under way, which read.c, read_file.c and
 * read_stream.c share (reader.h): its source, read in order (what is read
 * shown to the notes and the progress line) or by range;
 * a piece parsed from its guessed place; and the chain that checks each
 * piece's guess and appends it, in shelf order. The files above it decide
 * which thread reads and parses what.
 */
/* pthread_sigmask() */
#define _POSIX_C_SOURCE 200809L

#include "reader.h"

#include <pthread.h>
#include <string.h>
#ifndef _WIN32
#include <signal.h>
#endif

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
static int64_t read_next(reader *rd, char *buf, size_t len, int *err) {
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

static void progress(const reader *rd, uint64_t bytes) {
  if (rd->opt->progress != NULL)
    rd->opt->progress(rd->opt->ctx, bytes);
}

int64_t shelf__read_more(reader *rd, char *buf, size_t len, int *err) {
  int64_t k = read_next(rd, buf, len, err);
  if (k > 0) {
    shelf__read_seen(rd, buf, (size_t)k);
    progress(rd, (uint64_t)k);
  } else if (k == 0) {
    shelf__read_seen(rd, NULL, 0);
  }
  return k;
}

int64_t shelf__read_block(reader *rd, char *buf, outcome *res) {
  int err = 0;
  int64_t k = shelf__read_more(rd, buf, READ_BLOCK, &err);
  if (k < 0)
    shelf__read_failed(res, err, rd->stream_at);
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

void shelf__read_feed(piece *p, const char *data, size_t len) {
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
    shelf__read_feed(p, p->data + (from - p->start), (size_t)(p->end - from));
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
    shelf__read_feed(p, buf, (size_t)got);
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
