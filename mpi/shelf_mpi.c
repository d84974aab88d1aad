/*
 * shelf_mpi.c - shelf-mpi: one shelf, kept as one large file on a shared
 * file system or as a set of files (one per part), solved by many MPI ranks.
 *
 *   mpirun -n 4 shelf-mpi [--json] FILE...
 *
 * The shelf is the wheels of the files in order; each file is a text of the
 * grammar on its own (its own brackets, its own lines). It prints what
 * `shelf -f FILE` prints for the same wheels (the margin, or the --json
 * object), and for bad input the same message, line and column.
 *
 * How the work is split. The files are laid end to end, T bytes in all, and
 * rank r owns bytes [r*T/P, (r+1)*T/P), computed on its own (no messages).
 * Inside a file each boundary is moved to a cut point (libshelf's
 * shelf_piece_cut(): after a blank or a comma, before a weight), the first
 * in a window after it; a boundary with none there is no boundary, and the
 * rank before goes on to the next one that has. So a weight belongs to the
 * rank holding its first byte. Every rank finds the same cut point for the
 * same boundary from the same bytes, so the pieces meet exactly, and a file
 * without cut points costs a window a boundary, not a scan. A piece that
 * starts a file is parsed fresh. Any other piece is parsed by a parser
 * resumed at the place libshelf guesses from the bytes before it and from
 * how the file opens (read once); its lines are counted from 1 there and
 * rebased when it is merged onto the piece before (shelf_piece_rebase()).
 *
 * How the pieces come together. First every guess is made to fit: the
 * ranks gather each other's summaries (where each piece starts and the
 * place it assumed there, where it ends and the parser's true place there,
 * as shelf_place_encode() bytes), and each rank whose assumed place is not
 * the true end of the rank before it parses its own range again from
 * there, all such ranks at once, until every start fits (one round for
 * valid text; settle() says why at most P). Then each rank saves its
 * solver's state (shelf_solver_save) with its summary, and the pieces are
 * combined along a binomial tree in rank order: at step k a rank with bit
 * k set sends to r - 2^k and leaves, and the receiver appends the sender's
 * state after its own (shelf_solver_append: exact for any grouping).
 * log2(P) rounds; rank 0 ends with the whole shelf and alone prints. A
 * piece that failed still sends its summary; a merge keeps the leftmost
 * failure, so the error reported is the first in the text, as one pass
 * would report it.
 *
 * Every MPI call is checked (MPI_ERRORS_RETURN and MPI_CHECK): a failure
 * is one line, `shelf-mpi: rank R: <call>: <reason>`, and MPI_Abort.
 * Exit status: 0 success, 1 bad input or failure, 2 usage error.
 */
#include "shelf_mpi.h"
#include "out.h"
#include "report.h"

#include <shelf.h>
#include <shelf_pieces.h>
#include <shelf_teach.h>

#include <mpi.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Bytes a read asks for: well under INT_MAX, the most one MPI call takes. */
#define READ_CHUNK (1 << 20)
/* How far after a boundary a cut point is looked for, and the head a
 * file's opening is read from. */
#define WINDOW (1 << 16)
#define TAG_PART 15

/* ==== MPI calls, checked ==== */

int world_rank;

/* Reports a failed MPI call by its name and MPI's reason, then ends the
 * whole run: a rank that cannot read or talk has nothing useful to send. */
void mpi_check(int rc, const char *call) {
  if (rc == MPI_SUCCESS)
    return;
  char reason[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, reason, &len) != MPI_SUCCESS)
    snprintf(reason, sizeof reason, "error %d", rc);
  int name = (int)strcspn(call, "(");
  fprintf(stderr, "shelf-mpi: rank %d: %.*s: %s\n", world_rank, name, call,
          reason);
  MPI_Abort(MPI_COMM_WORLD, 1);
}
/* Without memory a rank cannot even send its failure. */
void no_memory(void) {
  fprintf(stderr, "shelf-mpi: rank %d: out of memory\n", world_rank);
  MPI_Abort(MPI_COMM_WORLD, 1);
}

/* ==== Files ==== */

typedef struct input {
  const char *name;
  MPI_Offset base; /* --counted: the bytes before the weights, after the
                      count; offsets below are counted from there */
  MPI_Offset size;
  MPI_File fh; /* opened when first read */
  int opened;
  int have_opening; /* how the file opens, read once */
  int sure_opening;
  shelf_parse_place opening;
} input;

static void read_at(input *in, MPI_Offset off, char *buf, int n) {
  if (!in->opened) {
    MPI_CHECK(MPI_File_open(MPI_COMM_SELF, in->name, MPI_MODE_RDONLY,
                            MPI_INFO_NULL, &in->fh));
    in->opened = 1;
  }
  while (n > 0) {
    MPI_Status status;
    int got = 0;
    MPI_CHECK(
        MPI_File_read_at(in->fh, in->base + off, buf, n, MPI_BYTE, &status));
    MPI_CHECK(MPI_Get_count(&status, MPI_BYTE, &got));
    if (got <= 0) {
      /* The file shrank under us: no answer would be right. */
      fprintf(stderr, "shelf-mpi: rank %d: %s: file changed while read\n",
              world_rank, in->name);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    off += got;
    buf += got;
    n -= got;
  }
}

/* ==== Cut points and guessed places (libshelf's, src/pieces.c) ==== */

/* The cut point for the boundary at `b` (0 < b < size): the first one in
 * [b, b + WINDOW), or -1 if there is none there. Every rank finds the same
 * from the same bytes, so the ranges meet exactly; and a file with no cut
 * points (no blanks or commas, or zeros) costs a window a boundary, never a
 * scan to its end. */
static MPI_Offset cut_at(input *in, MPI_Offset b, char *buf) {
  MPI_Offset to = in->size - b > WINDOW ? b + WINDOW : in->size;
  int n = (int)(to - (b - 1));
  read_at(in, b - 1, buf, n);
  size_t cut = shelf_piece_cut(buf, (size_t)n, 1, 0);
  return cut < (size_t)n ? b - 1 + (MPI_Offset)cut : -1;
}

/* How the file opens, read once per file. */
static const shelf_parse_place *opening(input *in, char *buf, int *sure) {
  if (!in->have_opening) {
    int n = in->size < WINDOW ? (int)in->size : WINDOW;
    read_at(in, 0, buf, n);
    shelf_piece_opening(buf, (size_t)n, 0, &in->opening, &in->sure_opening);
    in->have_opening = 1;
  }
  *sure = in->sure_opening;
  return &in->opening;
}

/* SHELF_MPI_MISGUESS=1 in the environment makes every guess wrong where
 * any item comes before, so that the tests can show a re-parse giving the
 * right answer. */
static int misguess;

/* The place a piece starting at cut point s > 0 assumes, guessed from the
 * SHELF_LOOK_BACK bytes before it. Lines count from 1 at s; the merge puts
 * them right (shelf_piece_rebase()). */
static void guess(input *in, MPI_Offset s, char *buf, shelf_parse_place *at) {
  int sure;
  shelf_parse_place open = *opening(in, buf, &sure);
  MPI_Offset lo = s > SHELF_LOOK_BACK ? s - SHELF_LOOK_BACK : 0;
  read_at(in, lo, buf, (int)(s - lo));
  shelf_piece_guess(&open, buf, (size_t)(s - lo), (uint64_t)s, 0, at, &sure);
  if (misguess && at->after != SHELF_AFTER_NOTHING)
    at->after =
        at->after == SHELF_AFTER_COMMA ? SHELF_AFTER_WEIGHT : SHELF_AFTER_COMMA;
}

/* ==== Pieces ==== */

/*
 * A piece of the shelf: one rank's stretch of the files, or several
 * merged. Offsets are the files' own. Lines of a piece that starts inside
 * a file (not fresh) count from 1 at its start, in that file, until it is
 * merged onto the piece before it; everything else is absolute.
 */
typedef struct piece {
  int empty;               /* no text: merging it changes nothing */
  shelf_status status;     /* the first failure: a parse code, or another */
  shelf_parse_error error; /* with a parse code: where, in file err_file */
  uint32_t err_file;
  uint32_t start_file; /* where it starts */
  uint64_t start_offset;
  int start_fresh;               /* at the start of its file */
  shelf_parse_place start_place; /* else the place it assumed there */
  uint32_t end_file;             /* where it ends */
  uint64_t end_offset;
  int end_closed;              /* at the end of its file, input finished */
  shelf_parse_place end_place; /* else the parser's place there */
  shelf_solver *solver;        /* its wheels, when status is SHELF_OK */
} piece;

typedef struct work {
  shelf_parser *parser;
  char *buf; /* READ_CHUNK bytes */
} work;

/* Parses bytes [from, to) of file `file` into a new piece: fresh when `at`
 * is NULL, else resumed at *at; `final` when `to` is the end of the file. */
static void parse_piece(work *wk, input *in, uint32_t file, MPI_Offset from,
                        MPI_Offset to, const shelf_parse_place *at, int final,
                        piece *into) {
  memset(into, 0, sizeof *into);
  into->start_file = into->end_file = file;
  into->start_offset = (uint64_t)from;
  into->end_offset = (uint64_t)to;
  into->start_fresh = at == NULL;
  if (at != NULL)
    into->start_place = *at;
  into->end_closed = final;
  shelf_status st = shelf_solver_new(&into->solver, 0);
  shelf_parser_reset(wk->parser);
  if (st == SHELF_OK && at != NULL)
    st = shelf_parser_resume(wk->parser, at);
  for (MPI_Offset off = from; st == SHELF_OK && off < to;) {
    int n = to - off < READ_CHUNK ? (int)(to - off) : READ_CHUNK;
    size_t used;
    int ended;
    read_at(in, off, wk->buf, n);
    st = shelf_parser_feed(wk->parser, into->solver, wk->buf, (size_t)n, &used,
                           &ended);
    off += n;
  }
  int ended;
  if (st == SHELF_OK && final) {
    st = shelf_parser_finish(wk->parser, into->solver, &ended);
  } else if (st == SHELF_OK) {
    /* `to` is a cut point: its first byte says where the parser truly
     * stopped (a name waiting for its '=' fails on it). */
    char next[16];
    int n = in->size - to < (MPI_Offset)sizeof next ? (int)(in->size - to)
                                                    : (int)sizeof next;
    read_at(in, to, next, n);
    st = shelf_piece_end(wk->parser, into->solver, next, (size_t)n, NULL,
                         &into->end_place);
  }
  into->status = st;
  const shelf_parse_error *e = shelf_parser_error(wk->parser);
  if (st != SHELF_OK && e->code == st) {
    into->error = *e;
    into->err_file = file;
  }
}

static void drop(piece *p) {
  shelf_solver_free(p->solver);
  p->solver = NULL;
}

/* Whether `r` starts where `l` ends, as `l` left it there. */
static int continues(const piece *l, const piece *r) {
  if (r->start_fresh)
    return l->end_closed && r->start_file == l->end_file + 1;
  return !l->end_closed && l->end_file == r->start_file &&
         shelf_piece_fits(&l->end_place, &r->start_place, NULL);
}

/* Appends `r` (the text right after `l`, checked to continue it) to `l`,
 * keeping the leftmost failure; `r` is used up. */
static void merge(piece *l, piece *r) {
  if (r->empty)
    return;
  if (l->empty) {
    *l = *r;
    r->solver = NULL;
    return;
  }
  if (l->status != SHELF_OK) {
    drop(r);
    return;
  }
  if (!continues(l, r)) { /* settle() made every guess fit */
    l->status = SHELF_INVALID;
    drop(r);
    return;
  }
  if (r->status == SHELF_OK) {
    shelf_status st = shelf_solver_append(l->solver, r->solver);
    if (st != SHELF_OK) {
      l->status = st;
      drop(r);
      return;
    }
  }
  /* Lines counted from r's start (in its first file) join l's count. */
  if (!r->start_fresh) {
    shelf_piece_rebase(
        &l->end_place, r->end_file == r->start_file ? &r->end_place : NULL,
        r->status != SHELF_OK && r->err_file == r->start_file ? &r->error
                                                              : NULL);
  }
  l->status = r->status;
  l->error = r->error;
  l->err_file = r->err_file;
  l->end_file = r->end_file;
  l->end_offset = r->end_offset;
  l->end_closed = r->end_closed;
  l->end_place = r->end_place;
  drop(r);
}

/* ==== Pieces as messages ==== */

/*
 * A piece travels as a fixed header of little-endian 64-bit fields, its two
 * places (shelf_place_encode()) and the error's text, then its solver's
 * saved state (portable and checked on load). Messages carry at most
 * MESSAGE_MAX bytes; a larger state follows in more messages, each sized by
 * MPI_Probe and MPI_Get_count. The summary alone (no error text, no state)
 * is what settle() gathers from every rank.
 */
enum { SUMMARY_FIELDS = 8, HEADER_FIELDS = SUMMARY_FIELDS + 6 };
#define FOUND_SIZE sizeof(((shelf_parse_error *)0)->found)
#define SUMMARY_SIZE (SUMMARY_FIELDS * 8 + 2 * SHELF_PLACE_SIZE)
#define HEADER_SIZE (HEADER_FIELDS * 8 + 2 * SHELF_PLACE_SIZE + FOUND_SIZE)

typedef struct cursor {
  unsigned char *at;
} cursor;

static void put(cursor *c, uint64_t v) {
  for (int i = 0; i < 8; i++)
    *c->at++ = (unsigned char)(v >> (8 * i));
}

static uint64_t get(cursor *c) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v |= (uint64_t)*c->at++ << (8 * i);
  return v;
}

static void put_place(cursor *c, const shelf_parse_place *p) {
  shelf_place_encode(p, c->at);
  c->at += SHELF_PLACE_SIZE;
}

/* A place that does not decode is a damaged message. */
static void get_place(cursor *c, shelf_parse_place *p, int from) {
  shelf_parse_place none = {0};
  if (shelf_place_decode(c->at, p) != SHELF_OK) {
    /* An empty piece's places are all zeros: line 0 does not decode. */
    int zero = 1;
    for (int i = 0; i < SHELF_PLACE_SIZE; i++)
      zero &= c->at[i] == 0;
    if (!zero) {
      fprintf(stderr, "shelf-mpi: rank %d: damaged place from rank %d\n",
              world_rank, from);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    *p = none;
  }
  c->at += SHELF_PLACE_SIZE;
}

static void put_summary(cursor *c, const piece *p) {
  put(c, (uint64_t)p->empty);
  put(c, (uint64_t)p->status);
  put(c, p->start_file);
  put(c, p->start_offset);
  put(c, (uint64_t)p->start_fresh);
  put(c, p->end_file);
  put(c, p->end_offset);
  put(c, (uint64_t)p->end_closed);
  put_place(c, &p->start_place);
  put_place(c, &p->end_place);
}

static void get_summary(cursor *c, piece *p, int from) {
  p->empty = (int)get(c);
  p->status = (shelf_status)get(c);
  p->start_file = (uint32_t)get(c);
  p->start_offset = get(c);
  p->start_fresh = (int)get(c);
  p->end_file = (uint32_t)get(c);
  p->end_offset = get(c);
  p->end_closed = (int)get(c);
  get_place(c, &p->start_place, from);
  get_place(c, &p->end_place, from);
}

/* Sends a piece to rank `to` and frees its solver. */
static void send_piece(piece *p, int to) {
  size_t state = 0;
  if (p->status == SHELF_OK && p->solver != NULL) {
    /* The size query; anything but SHELF_OK is the solver's own failure,
     * kept as it is. */
    shelf_status st = shelf_solver_save(p->solver, NULL, 0, &state);
    if (st != SHELF_OK)
      p->status = st;
  }
  size_t total = HEADER_SIZE + state;
  unsigned char *buf = malloc(total);
  if (buf == NULL) {
    /* Too little memory to say more: send the failure alone. */
    p->status = SHELF_NOMEM;
    state = 0;
    total = HEADER_SIZE;
    buf = malloc(total);
    if (buf == NULL)
      no_memory();
  }
  if (state > 0 && shelf_solver_save(p->solver, buf + HEADER_SIZE, state,
                                     &state) != SHELF_OK) {
    p->status = SHELF_INVALID;
    state = 0;
    total = HEADER_SIZE;
  }
  drop(p);
  cursor c = {buf};
  put_summary(&c, p);
  put(&c, (uint64_t)p->error.code);
  put(&c, p->error.line);
  put(&c, p->error.column);
  put(&c, p->error.offset);
  put(&c, p->err_file);
  put(&c, state);
  memcpy(c.at, p->error.found, FOUND_SIZE);
  for (size_t done = 0; done < total;) {
    size_t n = total - done < MESSAGE_MAX ? total - done : MESSAGE_MAX;
    MPI_CHECK(
        MPI_Send(buf + done, (int)n, MPI_BYTE, to, TAG_PART, MPI_COMM_WORLD));
    done += n;
  }
  free(buf);
}

/* The size of the next message from rank `from`. */
static size_t probe(int from) {
  MPI_Status status;
  int count = 0;
  MPI_CHECK(MPI_Probe(from, TAG_PART, MPI_COMM_WORLD, &status));
  MPI_CHECK(MPI_Get_count(&status, MPI_BYTE, &count));
  return count > 0 ? (size_t)count : 0;
}

/* Receives the next message from rank `from` into buf[0..size), which it
 * must fill exactly. */
static void receive(unsigned char *buf, size_t size, int from) {
  size_t count = probe(from);
  if (count != size) {
    fprintf(stderr,
            "shelf-mpi: rank %d: message of %zu bytes from rank %d, "
            "%zu expected\n",
            world_rank, count, from, size);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_CHECK(MPI_Recv(buf, (int)count, MPI_BYTE, from, TAG_PART, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE));
}

/* Receives the piece rank `from` sends. */
static void receive_piece(piece *p, int from) {
  size_t first = probe(from);
  if (first < HEADER_SIZE)
    first = HEADER_SIZE; /* receive() then reports the short message */
  unsigned char *buf = malloc(first);
  if (buf == NULL)
    no_memory();
  receive(buf, first, from);
  memset(p, 0, sizeof *p);
  cursor c = {buf};
  get_summary(&c, p, from);
  p->error.code = (shelf_status)get(&c);
  p->error.line = get(&c);
  p->error.column = get(&c);
  p->error.offset = get(&c);
  p->err_file = (uint32_t)get(&c);
  uint64_t state = get(&c);
  memcpy(p->error.found, c.at, FOUND_SIZE);
  p->error.found[FOUND_SIZE - 1] = '\0';
  size_t total = HEADER_SIZE + (size_t)state;
  if (state > SIZE_MAX - HEADER_SIZE || first > total ||
      (first < total && first != MESSAGE_MAX)) {
    fprintf(stderr, "shelf-mpi: rank %d: damaged message from rank %d\n",
            world_rank, from);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (first < total) {
    unsigned char *all = realloc(buf, total);
    if (all == NULL)
      no_memory();
    buf = all;
    for (size_t done = first; done < total;) {
      size_t n = total - done < MESSAGE_MAX ? total - done : MESSAGE_MAX;
      receive(buf + done, n, from);
      done += n;
    }
  }
  if (p->status == SHELF_OK && !p->empty) {
    shelf_status st = shelf_solver_new(&p->solver, 0);
    if (st == SHELF_OK)
      st = shelf_solver_load(p->solver, buf + HEADER_SIZE, (size_t)state);
    p->status = st;
  }
  free(buf);
}

/* ==== One rank's share ==== */

/* floor(k * total / ranks), without overflow for any file size. */
static MPI_Offset share(MPI_Offset total, int k, int ranks) {
  return total / ranks * k + total % ranks * k / ranks;
}

/* Where rank `rank`'s range ends in file `in` (which starts at `base` of
 * the files laid end to end): at the cut point for the first boundary
 * after it that has one, or the end of the file. */
static MPI_Offset range_end(input *in, MPI_Offset base, MPI_Offset total,
                            int rank, int ranks, char *buf) {
  for (int k = rank + 1; k < ranks; k++) {
    MPI_Offset b = share(total, k, ranks) - base;
    if (b >= in->size)
      break;
    if (b <= 0)
      continue;
    MPI_Offset cut = cut_at(in, b, buf);
    if (cut >= 0)
      return cut;
  }
  return in->size;
}

/* Parses the pieces of the files that lie in rank `rank`'s share of the
 * files laid end to end, in order, merged into `into`. The first piece
 * starts at `first` when it is not NULL (the true place, after a wrong
 * guess), else at its guess. */
static void parse_share(work *wk, input *files, int nfiles, int rank, int ranks,
                        const shelf_parse_place *first, piece *into) {
  MPI_Offset total = 0, base = 0;
  for (int f = 0; f < nfiles; f++)
    total += files[f].size;
  MPI_Offset lo = share(total, rank, ranks), hi = share(total, rank + 1, ranks);
  int last_rank = rank == ranks - 1;
  memset(into, 0, sizeof *into);
  into->empty = 1;
  for (int f = 0; f < nfiles && into->status == SHELF_OK; f++) {
    input *in = &files[f];
    MPI_Offset n = in->size;
    MPI_Offset from = lo - base;
    /* The file's start (empty files too) is the rank's whose range holds
     * it; the last rank's range also holds the very end. */
    int owns_start = lo <= base && (base < hi || (last_rank && base == total));
    int inside = from > 0 && from < n;
    MPI_Offset here = base;
    base += n;
    piece p;
    if (owns_start) {
      MPI_Offset to = range_end(in, here, total, rank, ranks, wk->buf);
      parse_piece(wk, in, (uint32_t)f, 0, to, NULL, to == n, &p);
    } else if (inside) {
      from = cut_at(in, from, wk->buf);
      if (from < 0)
        continue; /* no cut point here: the rank before goes on */
      MPI_Offset to = range_end(in, here, total, rank, ranks, wk->buf);
      shelf_parse_place at;
      if (first != NULL)
        at = *first;
      else
        guess(in, from, wk->buf, &at);
      parse_piece(wk, in, (uint32_t)f, from, to, &at, to == n, &p);
    } else {
      continue;
    }
    merge(into, &p);
  }
}

/* Makes every rank's guess fit. All ranks gather every rank's summary; a
 * rank whose start does not fit the true end of the nearest rank before
 * it with any text parses its own share again from there, all such ranks
 * at once; and again, until every start fits. For valid text a sure guess
 * fits, so this is one round of gathering; the leftmost misfit always has
 * a true place before it, so there are at most P rounds, each of them
 * O(log P) messages deep. The combine then stays the log P tree. */
static void settle(work *wk, input *files, int nfiles, int rank, int ranks,
                   piece *mine) {
  unsigned char *all = malloc((size_t)ranks * SUMMARY_SIZE);
  unsigned char own[SUMMARY_SIZE];
  if (all == NULL)
    no_memory();
  for (int round = 0; round <= ranks; round++) {
    cursor c = {own};
    put_summary(&c, mine);
    MPI_CHECK(MPI_Allgather(own, SUMMARY_SIZE, MPI_BYTE, all, SUMMARY_SIZE,
                            MPI_BYTE, MPI_COMM_WORLD));
    piece me, left;
    memset(&left, 0, sizeof left);
    left.empty = 1;
    int redo = 0;
    for (int r = 0; r < ranks; r++) {
      cursor at = {all + (size_t)r * SUMMARY_SIZE};
      get_summary(&at, &me, r);
      if (me.empty)
        continue;
      if (r == rank && !left.empty && left.status == SHELF_OK &&
          !me.start_fresh && !continues(&left, &me))
        redo = 1;
      left = me;
      if (r == rank)
        break;
    }
    shelf_parse_place again;
    int any = 0;
    if (redo) {
      cursor at = {all};
      piece l;
      memset(&l, 0, sizeof l);
      for (int r = 0; r < rank; r++) { /* the nearest before with text */
        piece q;
        get_summary(&at, &q, r);
        if (!q.empty)
          l = q;
      }
      shelf_piece_fits(&l.end_place, &mine->start_place, &again);
    }
    MPI_CHECK(MPI_Allreduce(&redo, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD));
    if (!any)
      break;
    if (redo) {
      drop(mine);
      parse_share(wk, files, nfiles, rank, ranks, &again, mine);
    }
  }
  free(all);
}

/* Combines every rank's piece at rank 0 along a binomial tree, in rank
 * order: at step k, a rank with bit k set sends what it holds (ranks r to
 * r + 2^k - 1) to r - 2^k and is done; the receiver appends it after its
 * own. Returns 1 at rank 0, which holds the whole shelf in `p`. */
static int combine(piece *p, int rank, int ranks) {
  for (int step = 1; step < ranks; step <<= 1) {
    if (rank & step) {
      send_piece(p, rank - step);
      return 0;
    }
    if (rank + step < ranks) {
      piece right;
      receive_piece(&right, rank + step);
      merge(p, &right);
    }
  }
  return 1;
}

/* ==== Options and output ==== */

static const char usage_text[] =
    "Usage: mpirun -n P shelf-mpi [OPTIONS] FILE...\n"
    "\n"
    "Solve the ripening-shelf game on one shelf kept as one large file, or\n"
    "as a set of files (one per part, in order), with P ranks: each rank\n"
    "reads and solves its share of the bytes, and the ranks' states are\n"
    "combined along a tree. Prints what 'shelf -f' prints: the margin, the\n"
    "first buyer's kilos minus the second's.\n"
    "\n"
    "Each FILE is a text of the shelf grammar on its own (integers separated\n"
    "by spaces, tabs, commas or newlines, optionally in [ ]); the shelf is\n"
    "the wheels of all of them, in the order given. The files must be\n"
    "readable at the same path on every host.\n"
    "\n"
    "Options:\n"
    "  -j, --json             print JSON: {\"n\", \"margin\", \"first\", "
    "\"second\"}\n"
    "  -c, --counted          the file opens with the number of weights, as\n"
    "                         AtCoder and CSES files do (one FILE); with\n"
    "                         --batch, a sequence of counted shelves\n"
    "  -b, --batch            every line of FILE is one shelf (one FILE);\n"
    "                         one result a line, as 'shelf --batch'\n"
    "  -k, --keep-going       with --batch, report each bad line and go on\n"
    "      --threads N        with --batch, read each rank's share on N\n"
    "                         threads (default 1); one shelf is read on one\n"
    "                         thread a rank (run more ranks)\n"
    "  -h, --help             show this help and exit\n"
    "  -V, --version          show the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 invalid input or failure, 2 usage error.\n";

/* A line on stderr, from rank 0 only (every rank finds the same). */
void say(const char *fmt, ...) {
  if (world_rank != 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  fputs("shelf-mpi: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

/* Parses the options on every rank alike. Returns -1 to go on, or the exit
 * status (after --help, --version or a usage error). */
/* What the options ask beside the report. */
typedef struct mode {
  int batch, counted, keep_going;
  unsigned threads;
} mode;

enum { OPT_THREADS = 256 };

static int parse_options(int argc, char **argv, report_options *rep, mode *m) {
  static const struct option longs[] = {
      {"json", no_argument, NULL, 'j'},
      {"batch", no_argument, NULL, 'b'},
      {"counted", no_argument, NULL, 'c'},
      {"keep-going", no_argument, NULL, 'k'},
      {"threads", required_argument, NULL, OPT_THREADS},
      {"help", no_argument, NULL, 'h'},
      {"version", no_argument, NULL, 'V'},
      {NULL, 0, NULL, 0}};
  opterr = 0;
  int c;
  m->threads = 1;
  while ((c = getopt_long(argc, argv, ":jbckhV", longs, NULL)) != -1) {
    switch (c) {
    case 'j':
      rep->json = 1;
      break;
    case 'b':
      m->batch = 1;
      break;
    case 'c':
      m->counted = 1;
      break;
    case 'k':
      m->keep_going = 1;
      break;
    case OPT_THREADS: {
      /* 1 to 1024, as shelf takes it. */
      char *end;
      errno = 0;
      unsigned long v = strtoul(optarg, &end, 10);
      if (*optarg < '0' || *optarg > '9' || *end != '\0' || errno != 0 ||
          v < 1 || v > 1024) {
        say("--threads takes a number from 1 to 1024, not '%s'\nTry "
            "'shelf-mpi --help' for more information.",
            optarg);
        return 2;
      }
      m->threads = (unsigned)v;
      break;
    }
    case 'h':
      if (world_rank == 0)
        fputs(usage_text, stdout);
      return world_rank == 0 && fflush(stdout) != 0;
    case 'V':
      if (world_rank == 0)
        printf("shelf-mpi %s\n", shelf_version());
      return world_rank == 0 && fflush(stdout) != 0;
    default:
      if (optopt != 0)
        say("unknown option '-%c'\nTry 'shelf-mpi --help' for more "
            "information.",
            optopt);
      else
        say("unknown option '%s'\nTry 'shelf-mpi --help' for more "
            "information.",
            argv[optind - 1]);
      return 2;
    }
  }
  for (int k = optind; k < argc; k++) {
    if (strcmp(argv[k], "-") == 0) {
      say("standard input cannot be shared between ranks; give files\n"
          "Try 'shelf-mpi --help' for more information.");
      return 2;
    }
  }
  if (optind == argc) {
    say("no file given\nTry 'shelf-mpi --help' for more information.");
    return 2;
  }
  /* The files of one shelf are its parts; a count opens one text, and
   * lines of shelves are numbered in one file. Which file a count or a
   * line would belong to in a set is not clear: one file. */
  if ((m->batch || m->counted) && argc - optind > 1) {
    say("--%s reads one FILE, not %d\nTry 'shelf-mpi --help' for more "
        "information.",
        m->batch ? "batch" : "counted", argc - optind);
    return 2;
  }
  if (m->keep_going && !m->batch) {
    say("--keep-going goes with --batch\nTry 'shelf-mpi --help' for more "
        "information.");
    return 2;
  }
  return -1;
}

/* Rank 0 checks that every file is a readable regular file and learns its
 * size; every rank gets the sizes. Returns 0, or 1 after the message. */
static int file_sizes(input *files, int nfiles) {
  long long *sizes = calloc((size_t)nfiles + 1, sizeof *sizes);
  if (sizes == NULL)
    no_memory();
  if (world_rank == 0) {
    for (int f = 0; f < nfiles && sizes[nfiles] == 0; f++) {
      struct stat st;
      int fd = open(files[f].name, O_RDONLY);
      int err = fd < 0 ? errno : fstat(fd, &st) != 0 ? errno : 0;
      if (err == 0 && S_ISDIR(st.st_mode))
        err = EISDIR;
      if (fd >= 0)
        close(fd);
      if (err == 0 && !S_ISREG(st.st_mode)) {
        say("%s: not a regular file (shelf-mpi reads files at offsets)",
            files[f].name);
        sizes[nfiles] = 1;
      } else if (err != 0) {
        say("%s: %s", files[f].name, strerror(err));
        sizes[nfiles] = 1;
      } else {
        sizes[f] = (long long)st.st_size;
      }
    }
  }
  MPI_CHECK(MPI_Bcast(sizes, nfiles + 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD));
  for (int f = 0; f < nfiles; f++)
    files[f].size = (MPI_Offset)sizes[f];
  int failed = sizes[nfiles] != 0;
  free(sizes);
  return failed;
}

/* Rank 0: prints the result, or the first failure as `shelf -f` words
 * it. Returns the exit status. */
static int report_whole(piece *p, input *files, const report_options *opt) {
  if (p->status == SHELF_OK) {
    report rep = {0};
    shelf_status st =
        p->empty ? SHELF_OK : shelf_solver_result(p->solver, &rep.result);
    if (st == SHELF_OK) {
      static out stdout_buf;
      out_init(&stdout_buf, STDOUT_FILENO);
      report_print(&stdout_buf, opt, &rep);
      if (out_flush(&stdout_buf) == 0)
        return 0;
      if (stdout_buf.error != EPIPE)
        say("write error: %s", strerror(stdout_buf.error));
      return 1;
    }
    p->status = st;
  }
  const shelf_parse_error *e = &p->error;
  if (e->code != p->status || e->code == SHELF_OK) {
    say("%s", shelf_strerror(p->status));
    return 1;
  }
  char why[SHELF_SENTENCE_BUFSIZE]; /* the one line every surface prints */
  shelf_parse_error_format(e, 1, why, sizeof why, NULL);
  say("%s: %s", files[p->err_file].name, why);
  return 1;
}

/* ==== One counted shelf (--counted) ==== */

/* Whether the last byte of the file that is not a blank is a comma: the
 * plain grammar takes one after the last weight, the counted one does
 * not. */
static int ends_in_comma(input *in, char *buf) {
  for (MPI_Offset end = in->size; end > 0;) {
    MPI_Offset lo = end > WINDOW ? end - WINDOW : 0;
    read_at(in, lo, buf, (int)(end - lo));
    for (MPI_Offset k = end - lo; k-- > 0;)
      if (strchr(" \t\r\n", buf[k]) == NULL || buf[k] == '\0')
        return buf[k] == ',';
    end = lo;
  }
  return 0;
}

static int64_t pread_at(void *ctx, char *buf, size_t len, uint64_t offset) {
  const int *fd = ctx;
  for (;;) {
    ssize_t k = pread(*fd, buf, len, (off_t)offset);
    if (k >= 0)
      return k;
    if (errno != EINTR)
      return -(int64_t)errno;
  }
}

/* Rank 0 reads the whole file as one counted shelf (libshelf's shelf_read()
 * on `threads`), and prints what shelf prints. */
static int counted_here(const input *in, unsigned threads,
                        const report_options *opt) {
  char shown[SHOWN_SIZE];
  const char *name = escape_text(in->name, shown, sizeof shown);
  int fd = open(in->name, O_RDONLY);
  if (fd < 0) {
    say("%s: %s", name, strerror(errno));
    return 1;
  }
  shelf_source src = {
      .ctx = &fd, .read_at = pread_at, .size = (uint64_t)in->size};
  shelf_read_options ro = {.threads = threads,
                           .parse_flags = SHELF_PARSE_COUNTED};
  shelf_solver *solver = NULL;
  report rep = {0};
  shelf_read_error e;
  shelf_status st = shelf_solver_new(&solver, 0);
  if (st == SHELF_OK)
    st = shelf_read(&src, &ro, solver, &rep.result, &e);
  else
    memset(&e, 0, sizeof e);
  shelf_solver_free(solver);
  close(fd);
  if (st == SHELF_OK) {
    static out stdout_buf;
    out_init(&stdout_buf, STDOUT_FILENO);
    report_print(&stdout_buf, opt, &rep);
    if (out_flush(&stdout_buf) == 0)
      return 0;
    if (stdout_buf.error != EPIPE)
      say("write error: %s", strerror(stdout_buf.error));
    return 1;
  }
  if (e.read_errno != 0 || e.why != NULL) {
    say("%s: %s", name, e.why ? e.why : strerror(e.read_errno));
  } else if (e.parse.code == SHELF_OK) {
    say("%s: %s", name, shelf_strerror(st));
  } else {
    char why[SHELF_SENTENCE_BUFSIZE];
    shelf_parse_error_format(&e.parse, 1, why, sizeof why, NULL);
    say("%s: %s", name, why);
  }
  return 1;
}

/* One counted shelf. Once its count is read and a weight follows, the
 * counted grammar takes what the plain one takes, but for a comma after
 * the last weight; so the ranks solve the bytes after the count as a plain
 * shelf, as they solve any, and the shelf is right when exactly `count`
 * weights came and no comma ends it. Anything else (an error, too few or
 * too many weights, a head that does not open with a count) is read again
 * by rank 0 alone, on --threads, to find the first error in its place:
 * bad input costs one more reading of the file, on one rank. */
static int solve_counted(work *wk, input *files, int ranks, unsigned threads,
                         const report_options *opt) {
  unsigned long long head[2] = {0, 0}; /* where the weights start, count */
  if (world_rank == 0) {
    int n = files[0].size < 256 ? (int)files[0].size : 256;
    uint64_t count = 0;
    if (n > 0)
      read_at(&files[0], 0, wk->buf, n);
    head[0] = n > 0 ? shelf_piece_count(wk->buf, (size_t)n, &count) : 0;
    head[1] = count;
  }
  MPI_CHECK(MPI_Bcast(head, 2, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD));
  int fits = 0;
  piece mine;
  memset(&mine, 0, sizeof mine);
  int whole = 0;
  if (head[0] > 0) {
    input *in = &files[0];
    in->base = (MPI_Offset)head[0];
    in->size -= in->base;
    parse_share(wk, files, 1, world_rank, ranks, NULL, &mine);
    settle(wk, files, 1, world_rank, ranks, &mine);
    whole = combine(&mine, world_rank, ranks);
    if (whole && mine.status == SHELF_OK) {
      shelf_result r = {0};
      fits = (mine.empty || shelf_solver_result(mine.solver, &r) == SHELF_OK) &&
             r.n == head[1] && !ends_in_comma(in, wk->buf);
    }
    in->size += in->base;
    in->base = 0;
  }
  int status = 0;
  if (world_rank == 0)
    status = fits ? report_whole(&mine, files, opt)
                  : counted_here(&files[0], threads, opt);
  drop(&mine);
  return status;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_CHECK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
  MPI_CHECK(MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN));
  int ranks;
  MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
  MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &ranks));

  report_options opt = {0};
  mode m = {0};
  int status = parse_options(argc, argv, &opt, &m);
  if (status >= 0) {
    MPI_Finalize();
    return status;
  }
  int nfiles = argc - optind;
  input *files = calloc((size_t)nfiles, sizeof *files);
  work wk = {0};
  wk.buf = malloc(READ_CHUNK);
  if (files == NULL || wk.buf == NULL ||
      shelf_parser_new(&wk.parser, 0) != SHELF_OK)
    no_memory();
  for (int f = 0; f < nfiles; f++)
    files[f].name = argv[optind + f];
  const char *knob = getenv("SHELF_MPI_MISGUESS");
  misguess = knob != NULL && strcmp(knob, "1") == 0;

  status = file_sizes(files, nfiles);
  if (status == 0 && m.batch) {
    batch_options bo = {files[0].name, files[0].size, m.counted,
                        m.keep_going,  m.threads,     &opt};
    status = mpi_batch(&bo);
  } else if (status == 0 && m.counted) {
    status = solve_counted(&wk, files, ranks, m.threads, &opt);
  } else if (status == 0) {
    piece mine;
    parse_share(&wk, files, nfiles, world_rank, ranks, NULL, &mine);
    settle(&wk, files, nfiles, world_rank, ranks, &mine);
    if (combine(&mine, world_rank, ranks)) {
      status = report_whole(&mine, files, &opt);
      drop(&mine);
    }
  }
  /* Every rank ends with rank 0's status, so mpirun's is the same. */
  MPI_CHECK(MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD));
  for (int f = 0; f < nfiles; f++)
    if (files[f].opened)
      MPI_CHECK(MPI_File_close(&files[f].fh));
  free(files);
  free(wk.buf);
  shelf_parser_free(wk.parser);
  MPI_Finalize();
  return status;
}
