/*
 * counted_cut.c - the cut points of a sequence of counted shelves, one or
 * more a line (--batch --counted), for the threads of read_stream.c: read
 * from a block's start, or guessed from the lines near its end
 * (shelf__counted_guess(), at the end of this file).
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
 * count, a longer number, a lone CR) it stops for good, and gives the last
 * cut point before it: the next block then has none, and the rest of the
 * input is read on one thread, which reports what is wrong in its place.
 * A number or a CR at the end of what has come may go on: the reader
 * waits there for more of the block (a pipe brings it in pieces).
 *
 * The reader is on the critical path (the parser threads wait for its
 * cuts), and a byte at a time it took 2.7 ns a byte on contest files: the
 * end of every short number was a mispredicted branch. So with SSE2 it
 * reads 64 bytes at a time where it can: masks of digits, blanks and line
 * feeds, numbers counted with popcount, and only a shelf's count read
 * digit by digit. A window with anything unusual in it (a byte it stops
 * at, a carriage return, a minus sign out of place, a long number) is read
 * by the byte-at-a-time reader, which decides every case; the fast path
 * only ever takes windows where both give the same.
 */
#include "counted_cut.h"

#include "grammar.h"

#include <stdint.h>
#include <string.h>

/* 64-byte windows with SSE2 where the processor has it. Elsewhere, and
 * with SHELF_NO_ASM (CI's portable build, which so tests the other), a
 * byte at a time: masks built in plain C measured 5.4 ns a byte, twice
 * the byte-at-a-time reader. */
#if defined(__SSE2__) && !defined(SHELF_NO_ASM)
#define CUT_SSE2 1
#include <emmintrin.h>
#else
#define CUT_SSE2 0
#endif

/* What each byte is to the cutter, from the grammar's classes
 * (grammar.h), so that the cutter reads bytes as the parser does; STOP
 * for anything it stops at (a plus sign among them: the parser takes it,
 * but the cutter is not sure of a weight it opens). */
enum { STOP, DIGIT, BLANK, LINE_FEED, CR, MINUS };

static inline unsigned byte_kind(unsigned char c) {
  switch (byte_class(c)) {
  case BYTE_DIGIT:
    return DIGIT;
  case BYTE_SPACE:
    return BLANK;
  case BYTE_NL:
    return LINE_FEED;
  case BYTE_CR:
    return CR;
  case BYTE_SIGN:
    return c == '-' ? MINUS : STOP;
  default:
    return STOP;
  }
}

#define NEXT_COUNT UINT64_MAX

/* number_end()'s answer for a number that runs to the end of the text
 * read so far: it may go on. */
#define RUNS_ON SIZE_MAX

/* The end of the number at b[at] (a minus sign only where `sign`): 0 if it
 * is not one the reader is sure of (1 to 18 digits, ended by a blank),
 * RUNS_ON if the text so far ends in it. With `value`, its value. */
static size_t number_end(const unsigned char *b, size_t len, size_t at,
                         int sign, uint64_t *value) {
  size_t digits = at + (size_t)(sign && b[at] == '-'), end = digits;
  uint64_t v = 0;
  while (end < len && end - digits < 19 && byte_kind(b[end]) == DIGIT)
    v = 10 * v + (uint64_t)(b[end++] - '0');
  if (end == len && end - digits <= 18)
    return RUNS_ON;
  if (end == digits || end - digits > 18 || byte_kind(b[end]) < BLANK ||
      byte_kind(b[end]) > CR)
    return 0;
  if (value != NULL)
    *value = v;
  return end;
}

/* A byte at a time up to `until` (or the first number past it); 0 if it
 * stopped (r->stopped: at what it is not sure of; else at the end of the
 * text so far, in a number or a carriage return that may go on). */
static int read_bytes(const unsigned char *b, size_t len, counted_reader *r,
                      size_t until) {
  while (r->i < len && r->i < until) {
    unsigned k = byte_kind(b[r->i]);
    if (k == CR && r->i + 1 == len)
      return 0; /* its line feed may come */
    if (k == BLANK || (k == CR && b[r->i + 1] == '\n')) {
      r->i++;
      continue;
    }
    if (k == LINE_FEED) {
      r->i++;
      if (r->due == NEXT_COUNT)
        r->best = r->i;
      continue;
    }
    /* A count has no sign (a negative one is the parser's to report). */
    uint64_t v;
    size_t end = number_end(b, len, r->i, r->due != NEXT_COUNT, &v);
    if (end == RUNS_ON)
      return 0;
    if (end == 0) {
      r->stopped = 1;
      return 0;
    }
    r->due = r->due == NEXT_COUNT ? v : r->due - 1;
    if (r->due == 0)
      r->due = NEXT_COUNT; /* the shelf has ended: a count is next */
    r->i = end;
    r->from = end;
  }
  return 1;
}

#if CUT_SSE2

/* The masks of 64 bytes, bit k for p[k]. */
typedef struct masks {
  uint64_t digit, blank, line_feed, cr, minus;
} masks;

/* Most windows hold only digits, spaces and line feeds: those three masks
 * are made first, and the bytes are looked at again for tabs, carriage
 * returns and minus signs only where some other byte is there. */
static masks masks_of(const unsigned char *p) {
  masks m = {0, 0, 0, 0, 0};
  uint64_t plain = 0;
  for (int q = 0; q < 4; q++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * q));
    __m128i x = _mm_sub_epi8(v, _mm_set1_epi8('0'));
    __m128i digit =
        _mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8(9)), _mm_set1_epi8(9));
    __m128i space = _mm_cmpeq_epi8(v, _mm_set1_epi8(' '));
    __m128i line_feed = _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'));
#define MASK16(vec) ((uint64_t)(unsigned)_mm_movemask_epi8(vec) << (16 * q))
    m.digit |= MASK16(digit);
    m.blank |= MASK16(space);
    m.line_feed |= MASK16(line_feed);
    plain |= MASK16(_mm_or_si128(_mm_or_si128(digit, space), line_feed));
  }
  if (plain == ~(uint64_t)0)
    return m;
  for (int q = 0; q < 4; q++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * q));
    m.blank |= MASK16(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')));
    m.cr |= MASK16(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
    m.minus |= MASK16(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')));
#undef MASK16
  }
  return m;
}

/* The bits set in x, in a few instructions: __builtin_popcountll is a
 * library call unless the build targets a processor with POPCNT. */
static unsigned bits_set(uint64_t x) {
  x -= x >> 1 & 0x5555555555555555u;
  x = (x & 0x3333333333333333u) + (x >> 2 & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return (unsigned)((x * 0x0101010101010101u) >> 56);
}

/* Bits k and up. */
static uint64_t from_bit(size_t k) { return k >= 64 ? 0 : ~(uint64_t)0 << k; }

/* The 64 bytes at r->i (with one more after them), read with masks; 1 if
 * taken, 0 if they hold anything unusual (then r is unchanged, and the
 * byte-at-a-time reader takes them). */
static int read_window(const unsigned char *b, size_t len, counted_reader *r) {
  const size_t at = r->i;
  masks m = masks_of(b + at);
  uint64_t number = m.digit | m.minus;
  uint64_t starts = number & ~(number << 1); /* r->i is not in a number */
  uint64_t after_lf = m.line_feed >> 1 | (uint64_t)(b[at + 64] == '\n') << 63;
  uint64_t after_digit =
      m.digit >> 1 | (uint64_t)(byte_kind(b[at + 64]) == DIGIT) << 63;
  /* Numbers of 19 bytes or more inside the window (19 ones in a row). */
  uint64_t run = number & number >> 1;
  run &= run >> 2;
  run &= run >> 4;
  run &= run >> 8;
  run &= number >> 16 & number >> 17 & number >> 18;
  if (~(number | m.blank | m.line_feed | m.cr) != 0 ||
      (m.cr & ~after_lf) != 0 || (m.minus & ~starts) != 0 ||
      (m.minus & ~after_digit) != 0 || run != 0)
    return 0;
  counted_reader t = *r;
  uint64_t left = starts; /* numbers not yet taken */
  for (;;) {
    if (t.due == NEXT_COUNT) {
      /* Line feeds after the last shelf and before the count. */
      size_t k = left ? (size_t)__builtin_ctzll(left) : 64;
      uint64_t feeds = m.line_feed & ~from_bit(k) &
                       (t.from > at ? from_bit(t.from - at) : ~(uint64_t)0);
      if (feeds != 0)
        t.best = at + 64 - (size_t)__builtin_clzll(feeds);
      if (left == 0)
        break;
      /* The count: digits the masks have checked, where the window holds
       * its end (no sign: a negative count is the parser's to report). */
      uint64_t rest = ~number & from_bit(k);
      uint64_t v = 0;
      size_t end;
      if (rest != 0 && !(m.minus >> k & 1)) {
        end = at + (size_t)__builtin_ctzll(rest);
        for (size_t q = at + k; q < end; q++)
          v = 10 * v + (uint64_t)(b[q] - '0');
      } else {
        end = number_end(b, len, at + k, 0, &v);
        if (end == 0 || end == RUNS_ON)
          return 0;
      }
      t.due = v == 0 ? NEXT_COUNT : v;
      t.from = end;
      left &= from_bit(end - at);
      continue;
    }
    uint64_t count = bits_set(left);
    if (t.due > count) {
      t.due -= count;
      break;
    }
    for (uint64_t q = 1; q < t.due; q++)
      left &= left - 1; /* the shelf's last weight is the lowest left */
    /* It ends at the next blank: in the window the masks have checked it;
     * past it, it is read. */
    size_t k = (size_t)__builtin_ctzll(left);
    uint64_t rest = ~number & from_bit(k);
    size_t end = rest != 0 ? at + (size_t)__builtin_ctzll(rest)
                           : number_end(b, len, at + k, 1, NULL);
    if (end == 0 || end == RUNS_ON)
      return 0;
    t.due = NEXT_COUNT;
    t.from = end;
    left &= from_bit(end - at);
  }
  /* Go on after the window, or after a number that runs out of it. */
  t.i = at + 64;
  if (t.from > t.i) {
    t.i = t.from;
  } else if (number >> 63) {
    size_t start = at + 64 - (size_t)__builtin_clzll(~number);
    size_t end = number_end(b, len, start, 1, NULL);
    if (end == 0 || end == RUNS_ON)
      return 0;
    t.i = end;
  }
  *r = t;
  return 1;
}

#endif /* CUT_SSE2 */

void shelf__counted_start(counted_reader *r, int text_start) {
  memset(r, 0, sizeof *r);
  r->due = NEXT_COUNT;
  r->text_start = text_start;
}

size_t shelf__counted_read(counted_reader *r, const char *text, size_t len) {
  const unsigned char *b = (const unsigned char *)text;
  if (r->text_start && r->i == 0) {
    /* The byte-order mark the parser takes at the text's start. */
    if (len < 3 && memcmp(b, "\xEF\xBB\xBF", len) == 0)
      return r->best;
    if (len >= 3 && memcmp(b, "\xEF\xBB\xBF", 3) == 0)
      r->i = 3;
  }
  while (r->i < len && !r->stopped) {
#if CUT_SSE2
    if (r->i + 64 < len && read_window(b, len, r))
      continue;
#endif
    if (!read_bytes(b, len, r, r->i + 64))
      break;
  }
  return r->best;
}

/* The guess looks at the lines that start in the last GUESS_SPAN bytes,
 * at most GUESS_TRIES of them: on a contest file, a count's line and its
 * weights' line take about 50 bytes, so a few count lines are among them,
 * and reading from each costs a few kilobytes of a block of 256. */
#define GUESS_SPAN 4096
#define GUESS_TRIES 6

size_t shelf__counted_guess(const char *text, size_t len) {
  size_t from = len > GUESS_SPAN ? len - GUESS_SPAN : 0, cut = 0;
  int tries = 0, agree = 0;
  const char *nl = memchr(text + from, '\n', len - from);
  for (; nl != NULL && tries < GUESS_TRIES;
       nl = memchr(nl + 1, '\n', len - (size_t)(nl + 1 - text))) {
    size_t start = (size_t)(nl + 1 - text);
    if (start >= len)
      break;
    tries++;
    /* Read as if a shelf started here: a weights line read as a count
     * mostly asks for more weights than the block holds, and gives none. */
    counted_reader r;
    shelf__counted_start(&r, 0);
    size_t got = shelf__counted_read(&r, text + start, len - start);
    if (got == 0)
      continue;
    if (cut != 0 && start + got != cut)
      return 0; /* two readings of the same text: not sure which holds */
    cut = start + got;
    agree++;
  }
  return agree >= 2 ? cut : 0;
}
