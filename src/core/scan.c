/*
 * scan.c - the fast scanner: plain runs of weights, 64 bytes at a time,
 * straight onto the solver's stack.
 *
 * Nearly all real input is plain: decimal weights of at most 16 digits, an
 * optional sign, each followed by a space, tab, line feed, CR LF or comma,
 * and maybe more blanks (spaces, tabs, line feeds) before the next one.
 * The scanner takes such text a 64-byte window at a time. One pass marks
 * the window's digits, blanks, line feeds and commas in 64-bit masks, from
 * which the whole window's separators are checked at once; each weight's
 * first and last digit are then read off the masks with bit operations,
 * its value is computed from one or two 8-byte words (SWAR), and a run's
 * values are merged into the solver's narrow stack in one loop. Finding the
 * next weight never waits for the bytes of the one before, and no byte is
 * looked at twice.
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
 * Instruction sets (issue 46): the window's byte classes are found with
 * AVX2 or SSE2 on x86-64, NEON on arm64, and eight bytes to a word (SWAR)
 * anywhere (scan_masks.h); the loops around them are one text compiled
 * once for each (scan_loop.h). shelf__scan_best() picks the fastest the
 * processor has, and each parser keeps that choice (parse.c); tests force
 * every path in turn. Nothing needs pext or pdep, which are slow on AMD
 * before Zen 3. The weights of plain windows are kept as digit words
 * until their run is pushed, and then converted several at a time with
 * the path's multiply-adds (scan_digits.h): a window's weights are found
 * one by one, but need not be converted so. A weight of 9 to 16 digits,
 * and any weight the loop takes one at a time, is converted alone by
 * multiplies on one or two words (swar_digits()).
 *
 * Portability: the word tricks assume little-endian byte order (elsewhere
 * the fast path is off and the machine does all the work). On x86-64 the
 * conditional moves are written as inline assembly, because compilers
 * turn the equivalent ?: into branches; define SHELF_NO_ASM to build them,
 * and the masks, from plain C instead (the tests pass either way).
 */
#include "scan.h"

#include <string.h>

/* The vector paths this build has. FAST_X86 is set in solver.h. */
#define SCAN_X86 (SCAN_FAST && FAST_X86)
#if defined(__aarch64__) && defined(__ARM_NEON) && !defined(SHELF_NO_ASM)
#define SCAN_NEON SCAN_FAST
#else
#define SCAN_NEON 0
#endif

#if SCAN_X86
#include <immintrin.h>
#endif
#if SCAN_NEON
#include <arm_neon.h>
#endif

#if defined(__GNUC__)
#define FAST_INLINE static inline __attribute__((always_inline))
/* A scan's entry, where its loops are inlined, starts a 64-byte line of
 * code: where it fell within one moved with code added elsewhere in this
 * file, and every shape's time with it (2 to 4% on one thread). Each is a
 * function of its own, so that the dispatch to it (shelf__scan_line(), a
 * call a --batch line) saves no registers for the paths not taken. */
#define FAST_ENTRY __attribute__((aligned(64), noinline))
#else
#define FAST_INLINE static inline
#define FAST_ENTRY
#endif

#include "scan_masks.h"
#include "scan_digits.h"

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
  /* Weights of plain windows not yet pushed: they are pushed in one loop
   * at the run's end (or before a window that pushes on its own), so
   * that the loop's end is mispredicted once a run, not once a window.
   * val[words..pending) are still digit words (scan_digits.h), converted
   * all at once before the pushes; val[0..words) are values. The 3
   * entries past FAST_RUN are the vector conversions' slack. */
  unsigned pending, words;
  uint64_t val[FAST_RUN + 3];
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

/* The loops, once for each path. */
#define SCAN_SUFFIX swar
#define SCAN_MASKS masks_swar
#define SCAN_DIGITS digits_words
#include "scan_loop.h"

#if SCAN_X86
#define SCAN_SUFFIX sse2
#define SCAN_MASKS masks_sse2
#define SCAN_DIGITS digits_sse2
#include "scan_loop.h"

SCAN_AVX2_BEGIN
#define SCAN_SUFFIX avx2
#define SCAN_MASKS masks_avx2
#define SCAN_DIGITS digits_avx2
#include "scan_loop.h"
SCAN_AVX2_END
#endif

#if SCAN_NEON
#define SCAN_SUFFIX neon
#define SCAN_MASKS masks_neon
#define SCAN_DIGITS digits_neon
#include "scan_loop.h"
#endif

int shelf__scan_runs(int kind) {
  switch (kind) {
  case SCAN_SWAR:
    return 1;
#if SCAN_X86
  case SCAN_SSE2:
    return 1;
  case SCAN_AVX2:
    /* What the C runtime found out about the processor at start-up (the
     * system's support for the wide registers included): no state of
     * ours, and the same answer from every thread. */
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("popcnt");
#endif
#if SCAN_NEON
  case SCAN_NEON_KIND:
    return 1;
#endif
  default:
    return 0;
  }
}

int shelf__scan_best(void) {
  static const int order[] = {SCAN_AVX2, SCAN_SSE2, SCAN_NEON_KIND};
  for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
    if (shelf__scan_runs(order[k]))
      return order[k];
  return SCAN_SWAR;
}

static size_t scan_kind(int kind, shelf_solver *s, const unsigned char *b,
                        size_t i, size_t len, uint64_t limit, scan_result *out,
                        int *stop, int line_mode, int capped) {
  switch (kind) {
#if SCAN_X86
  case SCAN_AVX2:
    return scan_any_avx2(s, b, i, len, limit, out, stop, line_mode, capped);
  case SCAN_SSE2:
    return scan_any_sse2(s, b, i, len, limit, out, stop, line_mode, capped);
#endif
#if SCAN_NEON
  case SCAN_NEON_KIND:
    return scan_any_neon(s, b, i, len, limit, out, stop, line_mode, capped);
#endif
  default:
    return scan_any_swar(s, b, i, len, limit, out, stop, line_mode, capped);
  }
}

size_t shelf__scan_line(int kind, const unsigned char *b, size_t i,
                        size_t len, int lines, uint64_t *val, unsigned *n,
                        unsigned *first) {
  if (!SCAN_FAST || len - i < 64)
    return 0;
  switch (kind) {
#if SCAN_X86
  case SCAN_AVX2:
    return scan_line_avx2(b, i, lines, val, n, first);
  case SCAN_SSE2:
    return scan_line_sse2(b, i, lines, val, n, first);
#endif
#if SCAN_NEON
  case SCAN_NEON_KIND:
    return scan_line_neon(b, i, lines, val, n, first);
#endif
  default:
    return scan_line_swar(b, i, lines, val, n, first);
  }
}

/* Whole runs while the limit leaves room for one (no check a weight), then,
 * for a counted shelf's last weights, runs capped at what is due. Only the
 * line count is kept on the way; the line's start and the last item are
 * worked out from the bytes once, at the end. */
size_t shelf__scan_plain(int kind, shelf_solver *s, const unsigned char *b,
                         size_t i, size_t len, int line_mode, uint64_t limit,
                         scan_result *out) {
  out->taken = 0;
  out->lines = 0;
  out->line_start = 0;
  out->last = -1;
  if (!SCAN_FAST || len - i < FAST_SLACK || limit == 0)
    return i;
  const size_t from = i;
  int stop = 0;
  i = scan_kind(kind, s, b, i, len, limit, out, &stop, line_mode, 0);
  if (limit != UINT64_MAX && limit > out->taken)
    i = scan_kind(kind, s, b, i, len, limit - out->taken, out, &stop, 0, 1);
  if (i > from) {
    out->last = scan_last(b, from, i);
    if (out->lines > 0)
      out->line_start = scan_line_start(b, from, i);
  }
  return i;
}
