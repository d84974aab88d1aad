/*
 * counted_cut.h - where a sequence of counted shelves (--batch --counted)
 * may be cut for threads: between shelves, at the end of a line
 * (counted_cut.c); read.c cuts there.
 */
#ifndef SHELF_COUNTED_CUT_H
#define SHELF_COUNTED_CUT_H

#include <stddef.h>
#include <stdint.h>

/* Reads a block of a sequence of counted shelves, which starts where a
 * line and a shelf start, as the block's text comes:
 * shelf__counted_start(), then shelf__counted_read() each time more has
 * come (the same block, longer; it goes on from where it stopped). */
typedef struct counted_reader {
  size_t i;       /* the next byte to read; never inside a number */
  uint64_t due;   /* weights still due, or UINT64_MAX: a count is next */
  size_t best;    /* the last cut point so far, or 0 */
  size_t from;    /* where the last shelf ended */
  int stopped;    /* it met what it is not sure of: no cut will follow */
  int text_start; /* the block opens the text (a byte-order mark may) */
} counted_reader;

void shelf__counted_start(counted_reader *r, int text_start);

/* Reads b[0..len), the block so far, on from where it stopped, and returns
 * its last cut point, or 0 if it has none yet. At a cut point a line
 * starts, and a shelf (its count is next), and no error comes before it. */
size_t shelf__counted_read(counted_reader *r, const char *b, size_t len);

/* A guess at the last cut point of a block read from its start, from the
 * lines that start near its end alone: where reading from each of several
 * gives a cut point, and all give the same. 0 where it cannot say. Only
 * a guess (a weights line may read as a count): the parser, reading the
 * block, says whether it ended there between shelves (read_stream.c). */
size_t shelf__counted_guess(const char *b, size_t len);

#endif
