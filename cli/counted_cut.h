/*
 * counted_cut.h - where --batch --counted may cut its input for threads:
 * between counted shelves, at the end of a line (counted_cut.c).
 */
#ifndef SHELF_CLI_COUNTED_CUT_H
#define SHELF_CLI_COUNTED_CUT_H

#include <stddef.h>

/* The last cut point of b[0..len), a block of a sequence of counted shelves
 * that starts where a line and a shelf start, or 0 if it has none. At a cut
 * point a line starts, and a shelf (its count is next), and no error comes
 * before it. With `text_start`, the block opens the text, and may open
 * with a byte-order mark. */
size_t counted_cut(const char *b, size_t len, int text_start);

#endif
