/*
 * scan.c - the fast scanner: plain runs of weights, 64 bytes at a time,
 * straight onto the solver's stack.
 *
 * Nearly all real input is plain: decimal weights of at most 16 digits, an
 * optional sign, each followed by a space, tab, line feed, CR LF or comma,
 * and maybe more blanks (spaces, tabs, line feeds) before the next one.
 * shelf__scan_plain() takes such text a 64-byte window at a time. One pass marks
 * the window's digits in a 64-bit mask; each weight's first and last digit
 * are then read off the mask with bit operations, its value is computed
 * from one or two 8-byte words (SWAR), and it is merged into the solver's
 * narrow stack on the spot. Finding the next weight never waits for the
 * bytes of the one before, and no byte is looked at twice.
 *
 * At anything else (a bracket, a comma that follows no weight, a long or
 * malformed number, a control or non-ASCII byte, a line feed in line mode,
 * the last FAST_SLACK bytes of a piece) it stops in
 * between items, in front of that weight or byte, with line, column and item
 * position exactly as the byte-at-a-time machine would have them there, and the
 * machine takes over. It commits a weight only after checking the byte behind
 * it, so it never has to undo anything: every error is still found, and
 * reported, by the machine.
 *
 * The merge is the reduction of solver.h with the top two entries kept in
 * registers and the first merge of each push made with conditional moves:
 * on random shelves about 40% of pushes merge, in no pattern a branch
 * predictor can learn, and a mispredicted branch costs about as much as
 * reading a weight. A second merge (under 10% of pushes on random shelves)
 * takes a branch and a loop.
 *
 * Portability: the word tricks assume little-endian byte order (elsewhere
 * the fast path is off and the machine does all the work). On x86-64 the
 * digit mask uses SSE2 and the conditional moves are written as inline
 * assembly, because compilers turn the equivalent ?: into branches; define
 * SHELF_NO_ASM to build both from plain C instead (the tests pass either
 * way).
 */
#include "scan.h"

#include <string.h>

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&             \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FAST_PATH 1
#else
#define FAST_PATH 0
#endif

#if FAST_X86 /* set in solver.h */
#include <emmintrin.h>
#endif

#if defined(__GNUC__)
#define FAST_INLINE static inline __attribute__((always_inline))
#else
#define FAST_INLINE static inline
#endif

/* Bytes that must remain for a window: its 64, and the one after them,
 * which a check for CR LF may read. */
#define FAST_SLACK 65
/* Bytes that fast_digits() may read before a window: it reads whole words
 * that end at a weight's last digit. A window nearer than this to the start
 * of its piece is read from a copy (scan_window()). */
#define FAST_BEHIND 16
/* Windows between two updates of the solver's counters. A window holds at
 * most 32 weights (a digit and a separator each), so a run FAST_RUN. */
#define FAST_WINDOWS 8
#define FAST_RUN (FAST_WINDOWS * 32)
/* The most abs_sum can grow in one run: FAST_RUN weights below 10^16. */
#define FAST_RUN_ABS ((uint64_t)FAST_RUN * 10000000000000000u)

static inline uint64_t load8(const unsigned char *b) {
  uint64_t w;
  memcpy(&w, b, sizeof w);
  return w;
}

/* Bit j is set iff b[j] is an ASCII digit, for the 64 bytes from b. */
static inline uint64_t digit_mask(const unsigned char *b) {
  uint64_t mask = 0;
#if FAST_X86
  /* With the sign bit flipped, bytes compare as unsigned: a digit is above
   * '0' - 1 and below '9' + 1. */
  const __m128i flip = _mm_set1_epi8(-128), above = _mm_set1_epi8(-81),
                below = _mm_set1_epi8(-70);
  for (unsigned q = 0; q < 4; q++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + 16 * q));
    v = _mm_xor_si128(v, flip);
    __m128i d =
        _mm_and_si128(_mm_cmpgt_epi8(v, above), _mm_cmplt_epi8(v, below));
    mask |= (uint64_t)(unsigned)_mm_movemask_epi8(d) << (16 * q);
  }
#else
  /* Per byte, t = c ^ '0' is below 10 exactly for digits; (t | 0x80) - 10
   * keeps its high bit exactly when t & 0x7f >= 10, with no borrow between
   * bytes; the multiply gathers the eight high bits into one byte. */
  const uint64_t high = 0x8080808080808080u;
  for (unsigned q = 0; q < 8; q++) {
    uint64_t t = load8(b + 8 * q) ^ 0x3030303030303030u;
    uint64_t other = (((t | high) - 0x0A0A0A0A0A0A0A0Au) | t) & high;
    mask |= (((other ^ high) * 0x0002040810204081u) >> 56) << (8 * q);
  }
#endif
  return mask;
}

/* Bits set for the spaces and tabs among the 64 bytes from b (the return
 * value) and for the line feeds (*nl). */
static inline uint64_t blank_mask(const unsigned char *b, uint64_t *nl) {
  uint64_t blank = 0, feed = 0;
#if FAST_X86
  const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'),
                lf = _mm_set1_epi8('\n');
  for (unsigned q = 0; q < 4; q++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + 16 * q));
    __m128i bl = _mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, tab));
    blank |= (uint64_t)(unsigned)_mm_movemask_epi8(bl) << (16 * q);
    feed |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, lf))
            << (16 * q);
  }
#else
  /* A byte equals c exactly when (t & 0x7f) + 0x7f, with t = byte ^ c, has
   * no high bit and t has none either: no carry crosses bytes. */
  const uint64_t low = 0x7F7F7F7F7F7F7F7Fu, ones = 0x0101010101010101u;
  for (unsigned q = 0; q < 8; q++) {
    uint64_t w = load8(b + 8 * q), m[3];
    const unsigned char c[3] = {' ', '\t', '\n'};
    for (int k = 0; k < 3; k++) {
      uint64_t t = w ^ (ones * c[k]);
      m[k] = ~(((t & low) + low) | t) & ~low;
      m[k] = (m[k] * 0x0002040810204081u) >> 56;
    }
    blank |= (m[0] | m[1]) << (8 * q);
    feed |= m[2] << (8 * q);
  }
#endif
  *nl = feed;
  return blank;
}

/* The value of the digits in the top bytes of w (the last digit in the top
 * byte), each already reduced to 0..9, the bytes below them zero: combine
 * pairs, then quads, then the two halves. */
static inline uint64_t swar_digits(uint64_t w) {
  w = (w * 2561) >> 8;
  w = ((w & 0x00FF00FF00FF00FFu) * 6553601) >> 16;
  return ((w & 0x0000FFFF0000FFFFu) * 42949672960001u) >> 32;
}

/* fast_mask[d] keeps the top d + 1 bytes of a word, as digit values. */
static const uint64_t fast_mask[8] = {0x0F00000000000000u, 0x0F0F000000000000u,
                                      0x0F0F0F0000000000u, 0x0F0F0F0F00000000u,
                                      0x0F0F0F0F0F000000u, 0x0F0F0F0F0F0F0000u,
                                      0x0F0F0F0F0F0F0F00u, 0x0F0F0F0F0F0F0F0Fu};

/* The value of the digits w[s..e], at most 16 of them. Reads the 8 (or 16)
 * bytes that end at w[e]: up to 15 before w[s], hence FAST_BEHIND. */
static inline uint64_t fast_digits(const unsigned char *w, unsigned s,
                                   unsigned e) {
  unsigned d = e - s; /* digits - 1 */
  if (d < 8)
    return swar_digits(load8(w + e - 7) & fast_mask[d]);
  return swar_digits(load8(w + e - 15) & fast_mask[d - 8]) * 100000000u +
         swar_digits(load8(w + e - 7) & fast_mask[7]);
}

/* What a byte may be, next to a weight. */
enum {
  NEAR_BAD = 0, /* anything else: the machine decides */
  NEAR_SEP = 1, /* space, tab; a comma right after a weight */
  NEAR_NL = 2,  /* line feed */
  NEAR_CR = 3,  /* carriage return: fine if a line feed follows */
  NEAR_SIGN = 4 /* + or -, fine right before digits */
};

static const unsigned char fast_class[256] = {
    ['\t'] = NEAR_SEP, [' '] = NEAR_SEP,  [','] = NEAR_SEP, ['\n'] = NEAR_NL,
    ['\r'] = NEAR_CR,  ['+'] = NEAR_SIGN, ['-'] = NEAR_SIGN};

/* One run of the fast path: the solver's run, and the line feeds passed.
 * A counted shelf caps the weights a run may take (`cap`); `full` says the
 * cap was reached. */
typedef struct fast_run {
  solver_run run;
  uint64_t lines;
  size_t cap;
  int full;
} fast_run;

/* What the byte after a weight ending at w[e] says about it: */
enum {
  TAKE_LEAVE = 0, /* leave the weight to the machine */
  TAKE_GO = 1,    /* take it and go on */
  TAKE_LINE = 2,  /* take it, count the line feed behind it, go on */
  TAKE_STOP = 3   /* take it and stop at w[e + 1] (line mode: the machine
                  ends the shelf there) */
};

FAST_INLINE int fast_after(const unsigned char *w, unsigned e,
                           const int line_mode) {
  int cls = fast_class[w[e + 1]];
  if (cls == NEAR_NL)
    return line_mode ? TAKE_STOP : TAKE_LINE;
  if (cls == NEAR_SEP)
    return TAKE_GO;
  if (cls == NEAR_CR)
    return line_mode ? TAKE_STOP : w[e + 2] == '\n' ? TAKE_GO : TAKE_LEAVE;
  return TAKE_LEAVE; /* the line feed after CR is a gap byte, counted there */
}

/* Leaves a window at offset `at`: counts the line feeds before it among
 * the blanks, and returns `at`. */
FAST_INLINE unsigned fast_left(fast_run *r, uint64_t nl, unsigned at) {
  if (nl != 0) {
    uint64_t before = at < 64 ? nl & (((uint64_t)1 << at) - 1) : nl;
    r->lines += (uint64_t)__builtin_popcountll(before);
  }
  return at;
}

/*
 * One window, the 64 bytes at w. Returns how many of them were taken; with
 * *stop set, the machine must go on from there.
 *
 * Masks: a weight starts at a digit after a non-digit and ends at a digit
 * before one; the byte right after it is checked with it (fast_after). A gap
 * byte is any other non-digit. Windows start right after a weight's byte or
 * a gap byte, never inside a weight or after a sign. A weight that reaches
 * the window's last byte may go on, so it is left for the next window,
 * found without a branch (where windows end is as random as the weights).
 */
FAST_INLINE unsigned fast_window(fast_run *r, const unsigned char *w, int *stop,
                                 const int line_mode, const int mode,
                                 const int capped) {
  uint64_t digits = digit_mask(w);
  uint64_t starts = digits & ~(digits << 1);
  uint64_t ends = digits & ~(digits >> 1);
  uint64_t cut = digits >> 63; /* 1: the last weight is left for later */
  unsigned last = 63 - (unsigned)__builtin_clzll(starts | 1);
  starts ^= cut << last;
  ends ^= cut << 63;
  unsigned limit = cut ? last : 64;
  uint64_t gaps = ~digits & ~(digits << 1); /* none from `last` on */
  uint64_t blank_nl = 0;                    /* line feeds among blank gaps */
  if (gaps != 0) {
    /* Blanks between weights (", " in JSON, CR LF, indentation, empty
     * lines) need no checks beyond counting the line feeds among them. */
    uint64_t nl, blank = blank_mask(w, &nl);
    if (!line_mode)
      blank |= nl;
    if ((gaps & ~blank) == 0) {
      blank_nl = line_mode ? 0 : gaps & nl;
      gaps = 0;
    }
  }

  if (gaps == 0) {
    /* The usual window: weights, each with one separator behind it, and
     * maybe blanks. The line feeds among the blanks are counted up to
     * where the window is left. */
    while (starts != 0) {
      unsigned s = (unsigned)__builtin_ctzll(starts);
      unsigned e = (unsigned)__builtin_ctzll(ends);
      starts &= starts - 1;
      ends &= ends - 1;
      int after = fast_after(w, e, line_mode);
      if (after == TAKE_LEAVE || e - s >= 16) {
        *stop = 1;
        return fast_left(r, blank_nl, s);
      }
      solver_run_push(&r->run, fast_digits(w, s, e), 0, mode);
      if (capped && r->run.k == r->cap) {
        r->full = 1; /* its separator is the machine's, or the next run's */
        return fast_left(r, blank_nl, e + 1);
      }
      r->lines += after == TAKE_LINE;
      if (after == TAKE_STOP) {
        *stop = 1;
        return fast_left(r, blank_nl, e + 1);
      }
    }
    return fast_left(r, blank_nl, limit);
  }

  /* Gap bytes too: take gaps and weights in order. */
  for (;;) {
    unsigned s = starts ? (unsigned)__builtin_ctzll(starts) : limit;
    uint64_t before = starts ? (starts & (0 - starts)) - 1 : ~(uint64_t)0;
    uint64_t g = gaps & before;
    gaps &= ~before;
    int neg = 0, sign = 0;
    while (g != 0) {
      unsigned at = (unsigned)__builtin_ctzll(g);
      g &= g - 1;
      int cls = fast_class[w[at]];
      if ((cls == NEAR_SEP && w[at] != ',') || (cls == NEAR_NL && !line_mode) ||
          (cls == NEAR_CR && !line_mode && w[at + 1] == '\n')) {
        r->lines += cls == NEAR_NL;
        continue;
      }
      if (cls == NEAR_SIGN && at + 1 == s && starts != 0) {
        sign = 1; /* right before a weight */
        neg = w[at] == '-';
        continue;
      }
      if (cls == NEAR_SIGN && at + 1 == limit)
        return at; /* right before the weight left for later */
      /* A comma that follows no weight here, a line feed in line mode, a
       * lone sign or anything else: the machine decides. */
      *stop = 1;
      return at;
    }
    if (starts == 0)
      return limit;
    unsigned e = (unsigned)__builtin_ctzll(ends);
    starts &= starts - 1;
    ends &= ends - 1;
    int after = fast_after(w, e, line_mode);
    if (after == TAKE_LEAVE || e - s >= 16) {
      *stop = 1;
      return s - (unsigned)sign;
    }
    solver_run_push(&r->run, fast_digits(w, s, e), neg, mode);
    if (capped && r->run.k == r->cap) {
      r->full = 1;
      return e + 1;
    }
    r->lines += after == TAKE_LINE;
    if (after == TAKE_STOP) {
      *stop = 1;
      return e + 1;
    }
  }
}

/* What the last item in b[from..i) was, for the parser's `after`: a comma,
 * a weight, or nothing (only blanks). */
static int scan_last(const unsigned char *b, size_t from, size_t i) {
  while (i > from) {
    unsigned char c = b[--i];
    if (c == ',')
      return SHELF_AFTER_COMMA;
    if (c >= '0' && c <= '9')
      return SHELF_AFTER_WEIGHT;
  }
  return SHELF_AFTER_NOTHING;
}

/* Where the line after the last line feed in b[from..i) starts. */
static size_t scan_line_start(const unsigned char *b, size_t from, size_t i) {
  while (i > from && b[i - 1] != '\n')
    i--;
  return i;
}

/* The window at b + i. One that starts nearer than FAST_BEHIND to the
 * piece's start is read from a copy with zeros before it, since the bytes
 * behind a piece may not be ours to read: a piece of whole lines (--batch)
 * starts every line's feed there. */
FAST_INLINE unsigned scan_window(fast_run *r, const unsigned char *b, size_t i,
                                 int *stop, const int line_mode, const int mode,
                                 const int capped) {
  unsigned char pad[FAST_BEHIND + FAST_SLACK];
  const unsigned char *w = b + i;
  if (i < FAST_BEHIND) {
    memset(pad, 0, FAST_BEHIND);
    memcpy(pad + FAST_BEHIND, w, FAST_SLACK);
    w = pad + FAST_BEHIND;
  }
  return fast_window(r, w, stop, line_mode, mode, capped);
}

/* A scan with line_mode, mode and capped constant, so that each case gets
 * its own loop; sets *stop where the machine must go on. Uncapped, it runs
 * while a whole run fits under the limit; capped, up to the limit. */
FAST_INLINE size_t scan_mode(shelf_solver *s, const unsigned char *b, size_t i,
                             size_t len, uint64_t limit, scan_result *out,
                             int *stop, const int line_mode, const int mode,
                             const int capped) {
  while (!*stop && len - i >= FAST_SLACK &&
         (capped ? limit > 0 : limit >= FAST_RUN)) {
    fast_run r = {.lines = 0,
                  .cap = limit < FAST_RUN ? (size_t)limit : FAST_RUN};
    if (!solver_run_open(s, &r.run, FAST_RUN, FAST_RUN_ABS)) {
      *stop = 1; /* the machine pushes one by one, widening or failing */
      break;
    }
    for (int win = 0;
         win < FAST_WINDOWS && !*stop && !r.full && len - i >= FAST_SLACK;
         win++) {
      unsigned took = scan_window(&r, b, i, stop, line_mode, mode, capped);
      *stop |= took == 0; /* no progress: let the machine move on */
      i += took;
    }
    solver_run_close(s, &r.run);
    limit -= r.run.k;
    out->taken += r.run.k;
    out->lines += r.lines;
  }
  return i;
}

/* scan_mode() for the solver's mode, line mode or not, capped or not (a
 * capped scan is never in line mode: scan.h). */
static size_t scan_any(shelf_solver *s, const unsigned char *b, size_t i,
                       size_t len, uint64_t limit, scan_result *out, int *stop,
                       int line_mode, int capped) {
  int kind = capped ? 2 : line_mode ? 1 : 0;
  switch (kind * 3 + solver_run_mode(s)) {
  case 0:
    return scan_mode(s, b, i, len, limit, out, stop, 0, RUN_SOLVE, 0);
  case 1:
    return scan_mode(s, b, i, len, limit, out, stop, 0, RUN_SOLVE_KEEP, 0);
  case 2:
    return scan_mode(s, b, i, len, limit, out, stop, 0, RUN_KEEP, 0);
  case 3:
    return scan_mode(s, b, i, len, limit, out, stop, 1, RUN_SOLVE, 0);
  case 4:
    return scan_mode(s, b, i, len, limit, out, stop, 1, RUN_SOLVE_KEEP, 0);
  case 5:
    return scan_mode(s, b, i, len, limit, out, stop, 1, RUN_KEEP, 0);
  case 6:
    return scan_mode(s, b, i, len, limit, out, stop, 0, RUN_SOLVE, 1);
  case 7:
    return scan_mode(s, b, i, len, limit, out, stop, 0, RUN_SOLVE_KEEP, 1);
  default:
    return scan_mode(s, b, i, len, limit, out, stop, 0, RUN_KEEP, 1);
  }
}

/* Whole runs while the limit leaves room for one (no check a weight), then,
 * for a counted shelf's last weights, runs capped at what is due. Only the
 * line count is kept on the way; the line's start and the last item are
 * worked out from the bytes once, at the end. */
size_t shelf__scan_plain(shelf_solver *s, const unsigned char *b, size_t i,
                         size_t len, int line_mode, uint64_t limit,
                         scan_result *out) {
  out->taken = 0;
  out->lines = 0;
  out->line_start = 0;
  out->last = -1;
  if (!FAST_PATH || len - i < FAST_SLACK || limit == 0)
    return i;
  const size_t from = i;
  int stop = 0;
  i = scan_any(s, b, i, len, limit, out, &stop, line_mode, 0);
  if (limit != UINT64_MAX && limit > out->taken)
    i = scan_any(s, b, i, len, limit - out->taken, out, &stop, 0, 1);
  if (i > from) {
    out->last = scan_last(b, from, i);
    if (out->lines > 0)
      out->line_start = scan_line_start(b, from, i);
  }
  return i;
}
