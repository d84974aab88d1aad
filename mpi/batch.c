/*
 * batch.c - shelf-mpi --batch: one file of many shelves, one a line (or,
 * with --counted, counted shelves over any lines), read by every rank and
 * printed by rank 0 as `shelf --batch -f FILE` prints it.
 *
 * How the work is split. Rank r's window is [b(r), b(r+1)), where b(k) is
 * the first line start at or after k*T/P whose line does not open with a
 * byte-order mark (the parser takes one only at the text's start, so a
 * window must not start at one: the window before reads that line in
 * context). Every rank computes every boundary from the same bytes, with no
 * message. A rank reads its window with libshelf's shelf_read_batch() on
 * --threads threads, as a source of its own (offsets from the window's
 * start), and keeps each shelf's result or error as a record.
 *
 * One a line, a line start is a shelf's start, so each window is read as
 * one pass would read it. Counted shelves span lines, and a line start is
 * a shelf's start only if the shelf before ended on the line before. So
 * each window is first read as if it were (a guess), and then the guesses
 * are fitted (fit()): the first window is read from the text's start; a
 * window read from its true start that ends inside a shelf (its last
 * record is SHELF_TOO_FEW: only the end of the input gives that) says the
 * next window's guess was wrong, and it takes the next window over and
 * reads both again, until no window read from its true start ends inside
 * a shelf. What it costs: one round of one gather for text whose windows
 * end between shelves; each window that ends inside one costs a round in
 * which the rank before reads its window and the next again. On text
 * whose every line boundary is inside a shelf (a count on each line, its
 * weights on the next) half the boundaries miss, and the rank that takes
 * windows over may read O(T) bytes in all, O(T*P) in the worst case;
 * rank 0 never reads more than the text.
 *
 * How the records come together. Errors are placed in their window (line
 * 1 at its start); the ranks count the line feeds of their windows when
 * any rank has an error, and MPI_Exscan gives each the lines before it,
 * so lines are rebased to the whole file before sending (a window starts
 * at a line's start, so columns stand). Rank 0 then prints its own records
 * and each other rank's in turn (received in messages of at most
 * MESSAGE_MAX bytes) through report/, as shelf's batch_line() does: the
 * first error ends the run unless --keep-going, and everything after it
 * is received and dropped. Records take 56 bytes a shelf at the rank
 * that read it until it sends them.
 */
#include "batch.h"
#include "rank.h"

#include "out.h"
#include "read_at.h"
#include "report.h"

#include <shelf.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TAG_RECORDS 16
/* The bytes read at a time when looking for a line start. */
#define SCAN (1 << 16)
/* A record: its kind, then fields of 8 bytes, then for an error the text
 * found and for a failure its sentence. */
enum { REC_SHELF = 1, REC_ERROR = 2, REC_FAILED = 3 };
#define FOUND_SIZE sizeof(((shelf_parse_error *)0)->found)
#define WHY_SIZE 128

/* ==== Bytes ==== */

typedef struct bytes {
  unsigned char *data;
  size_t len, cap;
} bytes;

static unsigned char *room(bytes *b, size_t n) {
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n)
      cap *= 2;
    unsigned char *d = realloc(b->data, cap);
    if (d == NULL)
      no_memory();
    b->data = d;
    b->cap = cap;
  }
  unsigned char *at = b->data + b->len;
  b->len += n;
  return at;
}

/* Little-endian, so that records mean the same on every machine. */
static void store(unsigned char *at, uint64_t v) {
  for (int i = 0; i < 8; i++)
    at[i] = (unsigned char)(v >> (8 * i));
}

static void put(bytes *b, uint64_t v) { store(room(b, 8), v); }

static void put_i128(bytes *b, shelf_i128 v) {
  put(b, (uint64_t)v);
  put(b, (uint64_t)(v >> 64));
}

static uint64_t get(const unsigned char **at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v |= (uint64_t)(*at)[i] << (8 * i);
  *at += 8;
  return v;
}

/* Unsigned, so that the shift is defined for a negative margin. */
__extension__ typedef unsigned __int128 u128;

static shelf_i128 get_i128(const unsigned char **at) {
  uint64_t lo = get(at);
  uint64_t hi = get(at);
  return (shelf_i128)(((u128)hi << 64) | lo);
}

/* ==== The file ==== */

typedef struct window {
  int fd;
  const char *name;
  uint64_t lo, hi; /* its bytes in the file */
} window;

/* The source's read_at: pread(2), which threads may call at once. */
static int64_t window_read_at(void *ctx, char *buf, size_t len,
                              uint64_t offset) {
  const window *w = ctx;
  return read_at_fd(w->fd, buf, len, w->lo + offset);
}

/* Reads up to len bytes at `at`; a read error ends the run: a rank that
 * cannot find its boundaries cannot say where its shelves are. */
static size_t read_here(int fd, const char *name, char *buf, size_t len,
                        uint64_t at) {
  int64_t k = read_at_fd(fd, buf, len, at);
  if (k < 0) {
    rank_line("%s: %s", name, strerror((int)-k));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return (size_t)k;
}

/* b(k) for the nominal offset `from`: the first line start at or after it
 * whose line does not open with a byte-order mark, or the file's size. */
static uint64_t line_start(int fd, const char *name, uint64_t size,
                           uint64_t from, char *buf) {
  if (from == 0)
    return 0;
  uint64_t at = from - 1; /* a line feed here or later ends the line */
  while (at < size) {
    size_t got = read_here(fd, name, buf, SCAN, at);
    if (got == 0)
      return size; /* the file shrank: the window before takes the rest */
    char *lf = memchr(buf, '\n', got);
    if (lf == NULL) {
      at += got;
      continue;
    }
    uint64_t s = at + (uint64_t)(lf - buf) + 1;
    char bom[3];
    if (s >= size || read_here(fd, name, bom, 3, s) < 3 ||
        memcmp(bom, "\xEF\xBB\xBF", 3) != 0)
      return s < size ? s : size;
    at = s;
  }
  return size;
}

/* floor(k * total / ranks), without overflow for any file size. */
static uint64_t share(uint64_t total, int k, int ranks) {
  return total / (uint64_t)ranks * (uint64_t)k +
         total % (uint64_t)ranks * (uint64_t)k / (uint64_t)ranks;
}

/* ==== One rank's window ==== */

typedef struct reading {
  bytes rec;              /* its records */
  int errors;             /* parse errors among them */
  int last_kind;          /* the last record's kind */
  shelf_status last_code; /* and its parse code */
} reading;

static int keep_shelf(void *ctx, shelf_status st, const shelf_result *result,
                      const shelf_parse_error *e, const shelf_solver *solver) {
  reading *rd = ctx;
  (void)solver; /* no weights were asked for */
  if (e == NULL) {
    put(&rd->rec, REC_SHELF);
    put(&rd->rec, (uint64_t)st);
    put(&rd->rec, result->n);
    put_i128(&rd->rec, result->margin);
    put_i128(&rd->rec, result->first);
    put_i128(&rd->rec, result->second);
    rd->last_kind = REC_SHELF;
    return 0;
  }
  put(&rd->rec, REC_ERROR);
  put(&rd->rec, (uint64_t)st);
  put(&rd->rec, (uint64_t)e->code);
  put(&rd->rec, e->line);
  put(&rd->rec, e->column);
  put(&rd->rec, e->offset);
  memcpy(room(&rd->rec, FOUND_SIZE), e->found, FOUND_SIZE);
  rd->errors += e->code != SHELF_OK;
  rd->last_kind = REC_ERROR;
  rd->last_code = e->code;
  return 0;
}

/* Reads the window [w->lo, w->hi) into fresh records. */
static void read_window(const window *w, const batch_options *opt,
                        reading *rd) {
  free(rd->rec.data);
  memset(rd, 0, sizeof *rd);
  if (w->hi <= w->lo)
    return;
  shelf_source src = {
      .ctx = (void *)w, .read_at = window_read_at, .size = w->hi - w->lo};
  shelf_read_options ro = {.threads = opt->threads,
                           .parse_flags =
                               SHELF_PARSE_LINES |
                               (opt->counted ? SHELF_PARSE_COUNTED : 0),
                           .keep_going = opt->keep_going,
                           .piece = test_piece(),
                           .ctx = rd,
                           .shelf = keep_shelf};
  shelf_read_error e;
  shelf_status st = shelf_read_batch(&src, &ro, &e);
  /* A parse error was kept as its shelf was handed over. */
  if (st != SHELF_OK && st < SHELF_EXPECTED_INTEGER) {
    put(&rd->rec, REC_FAILED);
    put(&rd->rec, (uint64_t)st);
    put(&rd->rec, (uint64_t)e.read_errno);
    char why[WHY_SIZE] = {0};
    if (e.why != NULL)
      snprintf(why, sizeof why, "%s", e.why);
    memcpy(room(&rd->rec, WHY_SIZE), why, WHY_SIZE);
    rd->last_kind = REC_FAILED;
  }
}

/* Whether a window read from its true start ends inside a counted shelf:
 * the end of its bytes was the end of the input to it, and only there
 * does a shelf come up short. */
static int ends_inside(const reading *rd) {
  return rd->last_kind == REC_ERROR && rd->last_code == SHELF_TOO_FEW;
}

/* --counted: makes every window start where a shelf does (see the top). */
static void fit(window *w, uint64_t *lo, uint64_t *hi, int ranks,
                const batch_options *opt, reading *rd) {
  int *inside = malloc((size_t)ranks * sizeof *inside);
  if (inside == NULL)
    no_memory();
  for (;;) {
    int mine = w->hi > w->lo && ends_inside(rd);
    MPI_CHECK(
        MPI_Allgather(&mine, 1, MPI_INT, inside, 1, MPI_INT, MPI_COMM_WORLD));
    /* Windows after one that ends between shelves start at a true start;
     * the first that does not moves the boundary after it. */
    int r = 0;
    while (r < ranks && (hi[r] <= lo[r] || !inside[r]))
      r++;
    int k = r + 1;
    while (k < ranks && hi[k] <= lo[k])
      k++;
    if (r >= ranks || k >= ranks)
      break; /* every window fits; or the last is short, as in one pass */
    hi[r] = hi[k];
    lo[k] = hi[k];
    if (world_rank == r || world_rank == k) {
      w->lo = lo[world_rank];
      w->hi = hi[world_rank];
      read_window(w, opt, rd);
    }
  }
  free(inside);
}

/* The line feeds in the window. */
static uint64_t line_feeds(const window *w, char *buf) {
  uint64_t n = 0;
  for (uint64_t at = w->lo; at < w->hi;) {
    size_t want = w->hi - at < SCAN ? (size_t)(w->hi - at) : SCAN;
    size_t got = read_here(w->fd, w->name, buf, want, at);
    if (got == 0)
      break;
    for (const char *p = buf; (p = memchr(p, '\n', (size_t)(buf + got - p)));
         p++)
      n++;
    at += got;
  }
  return n;
}

/* Moves the errors' lines and offsets from the window to the file. */
static void rebase(reading *rd, uint64_t lines, uint64_t lo) {
  for (unsigned char *at = rd->rec.data; at < rd->rec.data + rd->rec.len;) {
    const unsigned char *c = at;
    uint64_t kind = get(&c);
    if (kind == REC_SHELF) {
      at += 8 * 9;
    } else if (kind == REC_ERROR) {
      const unsigned char *f = at + 8 * 3;
      uint64_t line = get(&f);
      f += 8; /* the column stands: a window starts a line */
      uint64_t offset = get(&f);
      if (line > 0)
        line += lines;
      store(at + 8 * 3, line);
      store(at + 8 * 5, offset + lo);
      at += 8 * 6 + FOUND_SIZE;
    } else {
      at += 8 * 3 + WHY_SIZE;
    }
  }
}

/* ==== Rank 0 prints ==== */

/* What shelf's run holds for --batch. */
typedef struct printer {
  const batch_options *opt;
  const char *source; /* the file name as messages show it */
  out o;
  uint64_t shelf_line; /* the shelves so far (lines, or counted shelves) */
  int failed;          /* --keep-going: status 1 is owed */
  int stopped;         /* the run has ended: the rest is dropped */
  int status;
} printer;

/* "FILE: line 3: " (or "shelf 3"), as shelf's place_prefix(). */
static void say_at(printer *p, uint64_t line, const char *why) {
  out_flush(&p->o);
  say("%s: %s %llu: %s", p->source, p->opt->counted ? "shelf" : "line",
      (unsigned long long)line, why);
}

/* One record, as shelf's batch_line(), emit_shelf() and report_error_at()
 * handle it. */
static const unsigned char *print_record(printer *p, const unsigned char *c) {
  const report_options *ro = p->opt->report;
  int keep = p->opt->keep_going;
  uint64_t kind = get(&c);
  shelf_status st = (shelf_status)get(&c);
  if (kind == REC_SHELF) {
    report rep;
    report_clear(&rep);
    rep.result.n = get(&c);
    rep.result.margin = get_i128(&c);
    rep.result.first = get_i128(&c);
    rep.result.second = get_i128(&c);
    if (p->stopped)
      return c;
    p->shelf_line++;
    if (st == SHELF_OK) {
      report_print(&p->o, ro, &rep);
      return c;
    }
    if (keep && ro->json)
      report_json_error(&p->o, p->shelf_line, 0, shelf_strerror(st), NULL);
    else
      say_at(p, p->shelf_line, shelf_strerror(st));
    p->failed = 1;
    p->stopped = !keep;
    return c;
  }
  if (kind == REC_ERROR) {
    shelf_parse_error e;
    memset(&e, 0, sizeof e);
    e.code = (shelf_status)get(&c);
    e.line = get(&c);
    e.column = get(&c);
    e.offset = get(&c);
    memcpy(e.found, c, FOUND_SIZE);
    e.found[FOUND_SIZE - 1] = '\0';
    c += FOUND_SIZE;
    if (p->stopped)
      return c;
    if (st == SHELF_NOMEM || e.code == SHELF_OK) {
      say_at(p, p->shelf_line + 1, shelf_strerror(st));
    } else if (keep && ro->json) {
      report_json_error(&p->o, e.line, e.column, shelf_strerror(e.code),
                        e.found);
    } else {
      char why[SHELF_ERROR_BUFSIZE];
      shelf_parse_error_format(&e, 1, why, sizeof why, NULL);
      out_flush(&p->o);
      say("%s: %s", p->source, why);
    }
    p->failed = 1;
    p->shelf_line++;
    p->stopped = !keep || st == SHELF_NOMEM;
    return c;
  }
  int err = (int)get(&c);
  char why[WHY_SIZE];
  memcpy(why, c, WHY_SIZE);
  why[WHY_SIZE - 1] = '\0';
  c += WHY_SIZE;
  if (p->stopped)
    return c;
  out_flush(&p->o);
  if (err != 0 || why[0] != '\0')
    say("%s: %s", p->source, why[0] ? why : strerror(err));
  else
    say("%s", shelf_strerror(st));
  p->failed = 1;
  p->stopped = 1;
  return c;
}

static void print_records(printer *p, const unsigned char *c, size_t len) {
  for (const unsigned char *end = c + len; c < end;)
    c = print_record(p, c);
}

/* Sends a rank's records to rank 0: their size, then messages of at most
 * MESSAGE_MAX bytes. */
static void send_records(const bytes *b) {
  unsigned long long size = b->len;
  MPI_CHECK(MPI_Send(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, TAG_RECORDS,
                     MPI_COMM_WORLD));
  for (size_t done = 0; done < b->len;) {
    size_t n = b->len - done < MESSAGE_MAX ? b->len - done : MESSAGE_MAX;
    MPI_CHECK(MPI_Send(b->data + done, (int)n, MPI_BYTE, 0, TAG_RECORDS,
                       MPI_COMM_WORLD));
    done += n;
  }
}

static void receive_records(bytes *b, int from) {
  unsigned long long size = 0;
  MPI_CHECK(MPI_Recv(&size, 1, MPI_UNSIGNED_LONG_LONG, from, TAG_RECORDS,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE));
  b->len = 0;
  room(b, (size_t)size);
  for (size_t done = 0; done < b->len;) {
    size_t n = b->len - done < MESSAGE_MAX ? b->len - done : MESSAGE_MAX;
    MPI_CHECK(MPI_Recv(b->data + done, (int)n, MPI_BYTE, from, TAG_RECORDS,
                       MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    done += n;
  }
}

int mpi_batch(const batch_options *opt) {
  int ranks;
  MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &ranks));
  int fd = open(opt->name, O_RDONLY);
  if (fd < 0) {
    rank_line("%s: %s", opt->name, strerror(errno));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  char *buf = malloc(SCAN);
  uint64_t *lo = malloc(((size_t)ranks + 1) * sizeof *lo);
  uint64_t *hi = malloc(((size_t)ranks + 1) * sizeof *hi);
  if (buf == NULL || lo == NULL || hi == NULL)
    no_memory();
  uint64_t size = (uint64_t)opt->size;
  /* Each boundary once: b(k) is both hi[k - 1] and lo[k]. */
  for (int k = 0; k <= ranks; k++)
    lo[k] = k == ranks
                ? size
                : line_start(fd, opt->name, size, share(size, k, ranks), buf);
  for (int k = 0; k < ranks; k++) {
    hi[k] = lo[k + 1];
    if (lo[k] > hi[k]) /* a long line: the window before holds it */
      lo[k] = hi[k];
  }
  window w = {fd, opt->name, lo[world_rank], hi[world_rank]};
  reading rd = {0};
  read_window(&w, opt, &rd);
  if (opt->counted)
    fit(&w, lo, hi, ranks, opt, &rd);

  /* Errors name their lines in the whole file. */
  int errors = rd.errors > 0, any = 0;
  MPI_CHECK(MPI_Allreduce(&errors, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD));
  if (any) {
    unsigned long long mine = line_feeds(&w, buf), before = 0;
    MPI_CHECK(MPI_Exscan(&mine, &before, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM,
                         MPI_COMM_WORLD));
    if (world_rank == 0)
      before = 0; /* MPI_Exscan leaves rank 0's undefined */
    rebase(&rd, before, w.lo);
  }

  int status = 0;
  if (world_rank != 0) {
    send_records(&rd.rec);
  } else {
    static printer p; /* holds the output buffer */
    char shown[SHOWN_SIZE];
    p.opt = opt;
    p.source = escape_text(opt->name, shown, sizeof shown);
    out_init(&p.o, STDOUT_FILENO);
    print_records(&p, rd.rec.data, rd.rec.len);
    for (int r = 1; r < ranks; r++) {
      receive_records(&rd.rec, r);
      print_records(&p, rd.rec.data, rd.rec.len);
    }
    status = p.stopped || p.failed;
    if (out_flush(&p.o) != 0) {
      if (p.o.error != EPIPE)
        say("write error: %s", strerror(p.o.error));
      status = 1;
    }
  }
  free(rd.rec.data);
  free(buf);
  free(lo);
  free(hi);
  close(fd);
  return status;
}
