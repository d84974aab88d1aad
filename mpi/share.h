/*
 * share.h - one shelf over many ranks (share.c): the files, each rank's
 * piece of the shelf, and the three steps main() takes with it: parse the
 * rank's share, make the guesses fit, combine the pieces at rank 0.
 */
#ifndef SHELF_MPI_SHARE_H
#define SHELF_MPI_SHARE_H

#include "rank.h"

#include <shelf.h>
#include <shelf_pieces.h>

#include <mpi.h>

#include <stdint.h>

/* Bytes a read asks for: well under INT_MAX, the most one MPI call takes. */
#define READ_CHUNK (1 << 20)
/* How far after a boundary a cut point is looked for, and the head a
 * file's opening is read from. */
#define WINDOW (1 << 16)

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
  char *buf;    /* READ_CHUNK bytes */
  int misguess; /* SHELF_MPI_MISGUESS=1 in the environment: every guess
                   is made wrong where any item comes before, so that the
                   tests can show a re-parse giving the right answer */
} work;

/* Reads n bytes at offset off of the file (after its base), opening it on
 * first use; a file that shrank, or a failed read, aborts the run. */
void read_range(input *in, MPI_Offset off, char *buf, int n);

/* Parses the pieces of the files that lie in rank `rank`'s share of the
 * files laid end to end, in order, merged into `into`. The first piece
 * starts at `first` when it is not NULL (the true place, after a wrong
 * guess), else at its guess. */
void parse_share(work *wk, input *files, int nfiles, int rank, int ranks,
                 const shelf_parse_place *first, piece *into);

/* Makes every rank's guess fit, parsing again where one did not (a
 * collective call: every rank takes part). */
void settle(work *wk, input *files, int nfiles, int rank, int ranks,
            piece *mine);

/* Combines every rank's piece at rank 0 along a binomial tree, in rank
 * order (a collective call). Returns 1 at rank 0, which holds the whole
 * shelf in `p`, and 0 elsewhere, where `p` is used up. */
int combine(piece *p, int rank, int ranks);

/* Frees a piece's solver. */
void drop(piece *p);

#endif
