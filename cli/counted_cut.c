/*
 * counted_cut.c - the cut points of --batch --counted (counted_cut.h).
 *
 * Where a counted shelf starts depends on every count before it, so the
 * reader finds the shelves itself. It reads the block from its start,
 * where a line and a shelf start (the block before was cut there): a
 * count, then as many weights, and so on; a cut point is the end of a line
 * on which a shelf has ended and the next has not begun. There each parser
 * thread starts as the one-thread parser is: at a line's start, a count
 * next.
 *
 * It reads only text it is sure of: integers of at most 18 digits (which
 * fit in 64 bits whatever they are), a minus sign before a weight's
 * digits, and blanks (space, tab, line feed, and CR before a line feed).
 * So its shelves are the parser's, and no error can come before the cut.
 * At anything else (a plus sign, a comma, a bracket, a name, a negative
 * count, a longer number, a lone CR, a number at the block's end) it
 * stops, and gives the last cut point before it: the next block then has
 * none, and the rest of the input is read on one thread, which reports
 * what is wrong in its place.
 */
#include "counted_cut.h"

#include <stdint.h>
#include <string.h>

size_t counted_cut(const char *b, size_t len, int text_start) {
  size_t i = 0, best = 0;
  uint64_t due = UINT64_MAX; /* weights still due, or a count is next */
  if (text_start && len >= 3 && memcmp(b, "\xEF\xBB\xBF", 3) == 0)
    i = 3; /* the byte-order mark the parser takes at the text's start */
  while (i < len) {
    char c = b[i];
    if (c == ' ' || c == '\t' ||
        (c == '\r' && i + 1 < len && b[i + 1] == '\n')) {
      i++;
      continue;
    }
    if (c == '\n') {
      i++;
      if (due == UINT64_MAX)
        best = i;
      continue;
    }
    int neg = c == '-';
    size_t digits = i + (size_t)neg;
    size_t end = digits;
    uint64_t v = 0;
    while (end < len && end - digits < 19 && b[end] >= '0' && b[end] <= '9')
      v = 10 * v + (uint64_t)(b[end++] - '0');
    if (end == digits || end - digits > 18 || end == len ||
        !(b[end] == ' ' || b[end] == '\t' || b[end] == '\n' ||
          b[end] == '\r') ||
        (neg && due == UINT64_MAX))
      return best;
    due = due == UINT64_MAX ? v : due - 1;
    if (due == 0)
      due = UINT64_MAX; /* the shelf has ended: a count is next */
    i = end;
  }
  return best;
}
