/*
 * share.c - shelf-mpi's one shelf over many ranks: each rank's share of the
 * files read and parsed, the guesses made to fit, and the pieces combined at
 * rank 0 (main() in shelf_mpi.c prints what it holds).
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
 */
#include "share.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_PART 15

/* ==== Files ==== */

void read_range(input *in, MPI_Offset off, char *buf, int n) {
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
      rank_line("%s: file changed while read", in->name);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    off += got;
    buf += got;
    n -= got;
  }
}

/* ==== Cut points and guessed places (libshelf's, src/pieces/pieces.c) ==== */

/* The cut point for the boundary at `b` (0 < b < size): the first one in
 * [b, b + WINDOW), or -1 if there is none there. Every rank finds the same
 * from the same bytes, so the ranges meet exactly; and a file with no cut
 * points (no blanks or commas, or zeros) costs a window a boundary, never a
 * scan to its end. */
static MPI_Offset cut_at(input *in, MPI_Offset b, char *buf) {
  MPI_Offset to = in->size - b > WINDOW ? b + WINDOW : in->size;
  int n = (int)(to - (b - 1));
  read_range(in, b - 1, buf, n);
  size_t cut = shelf_piece_cut(buf, (size_t)n, 1, 0);
  return cut < (size_t)n ? b - 1 + (MPI_Offset)cut : -1;
}

/* How the file opens, read once per file. */
static const shelf_parse_place *opening(input *in, char *buf, int *sure) {
  if (!in->have_opening) {
    int n = in->size < WINDOW ? (int)in->size : WINDOW;
    read_range(in, 0, buf, n);
    shelf_piece_opening(buf, (size_t)n, 0, &in->opening, &in->sure_opening);
    in->have_opening = 1;
  }
  *sure = in->sure_opening;
  return &in->opening;
}

/* The place a piece starting at cut point s > 0 assumes, guessed from the
 * SHELF_LOOK_BACK bytes before it. Lines count from 1 at s; the merge puts
 * them right (shelf_piece_rebase()). */
static void guess(input *in, MPI_Offset s, char *buf, int misguess,
                  shelf_parse_place *at) {
  int sure;
  shelf_parse_place open = *opening(in, buf, &sure);
  MPI_Offset lo = s > SHELF_LOOK_BACK ? s - SHELF_LOOK_BACK : 0;
  read_range(in, lo, buf, (int)(s - lo));
  shelf_piece_guess(&open, buf, (size_t)(s - lo), (uint64_t)s, 0, at, &sure);
  if (misguess && at->after != SHELF_AFTER_NOTHING)
    at->after =
        at->after == SHELF_AFTER_COMMA ? SHELF_AFTER_WEIGHT : SHELF_AFTER_COMMA;
}

/* ==== Pieces ==== */

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
    read_range(in, off, wk->buf, n);
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
    read_range(in, to, next, n);
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

void drop(piece *p) {
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
      rank_line("damaged place from rank %d", from);
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
    rank_line("message of %zu bytes from rank %d, "
              "%zu expected",
              count, from, size);
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
    rank_line("damaged message from rank %d", from);
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
void parse_share(work *wk, input *files, int nfiles, int rank, int ranks,
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
        guess(in, from, wk->buf, wk->misguess, &at);
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
void settle(work *wk, input *files, int nfiles, int rank, int ranks,
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
int combine(piece *p, int rank, int ranks) {
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
