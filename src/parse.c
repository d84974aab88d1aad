/*
 * parse.c - the input grammar, as a push parser that feeds a solver.
 *
 * Text arrives in pieces split anywhere (the CLI reads 128 KiB blocks), so
 * every construct that can straddle a boundary keeps its state in the
 * parser: a number's sign, magnitude and digit count; an error token being
 * collected for the message; a UTF-8 sequence; a carriage return waiting for
 * its line feed. Nothing else is buffered, so memory is O(1) whatever the
 * input, including a number of a million digits or a 1 GB line.
 *
 * Errors name the start of the offending text. The text itself is collected
 * up to the next separator (so "1e3" is shown whole, not as "e"), which is
 * why an error may be reported a few bytes after it is first detected.
 *
 * Weights go straight into the solver's reduction (solver_push), so parsing
 * and solving are one pass over the bytes. Plain stretches of text (digits
 * and separators only) take a fast path, 64 bytes at a time, that hands
 * everything else to the byte-at-a-time machine; see "The fast path".
 */
#include "solver.h"

#include <string.h>

/* ==== Byte classes ==== */

enum {
  C_OTHER, /* printable ASCII that cannot start or continue a weight */
  C_DIGIT,
  C_SIGN,  /* + - */
  C_SPACE, /* space, tab */
  C_NL,
  C_CR,
  C_COMMA,
  C_OPEN,
  C_CLOSE,
  C_CTRL, /* other C0 controls and DEL */
  C_HIGH  /* 0x80 and up: never valid, but told apart for the message */
};

static int byte_class(unsigned char c) {
  if (c >= '0' && c <= '9')
    return C_DIGIT;
  switch (c) {
  case '+':
  case '-':
    return C_SIGN;
  case ' ':
  case '\t':
    return C_SPACE;
  case '\n':
    return C_NL;
  case '\r':
    return C_CR;
  case ',':
    return C_COMMA;
  case '[':
    return C_OPEN;
  case ']':
    return C_CLOSE;
  default:
    break;
  }
  if (c < 0x20 || c == 0x7f)
    return C_CTRL;
  return c >= 0x80 ? C_HIGH : C_OTHER;
}

/* What ends an error token: a separator, a bracket or a byte that is an
 * error of its own. */
static int ends_token(int cls) {
  return cls != C_OTHER && cls != C_DIGIT && cls != C_SIGN;
}

/* ==== Parser state ==== */

enum {
  ST_BETWEEN, /* between items: separators, brackets, or a weight's start */
  ST_NUMBER,  /* inside a weight */
  ST_TOKEN,   /* collecting an error token up to its end */
  ST_UTF8,    /* collecting a multi-byte character (always an error, or the
                 byte-order mark) */
  ST_SKIP,    /* line mode, after skip_line: until the end of the line */
  ST_FAILED
};

/* Where the shelf is, between items. */
enum {
  P_BEGIN,  /* nothing yet */
  P_OPENED, /* just after '[' */
  P_WEIGHT, /* after a weight */
  P_COMMA,  /* after a comma */
  P_CLOSED  /* after ']' */
};

#define FOUND_MAX 40

struct shelf_parser {
  unsigned flags;
  shelf_status failed;     /* sticky parse error, or SHELF_OK */
  shelf_parse_error error; /* its details */
  int state;               /* ST_* */
  int pos;                 /* P_* */
  int in_list;             /* 1 between '[' and ']' */
  uint64_t offset;         /* absolute offset of the next byte */
  uint64_t line;           /* line of the next byte, from 1 */
  uint64_t line_start;     /* offset of column 1 of that line */
  uint64_t open_offset;    /* where the open '[' is */
  uint64_t open_line;
  uint64_t open_start; /* its line's start */
  /* The weight being read. */
  int neg;             /* a '-' sign */
  int has_sign;        /* any sign */
  uint64_t mag;        /* magnitude of the digits so far */
  uint64_t digits;     /* how many digits, leading zeros included */
  uint64_t tok_offset; /* where the weight or error token starts */
  uint64_t tok_line;
  uint64_t tok_start; /* its line's start */
  /* The error token being collected. */
  shelf_status tok_code; /* a fixed code, or SHELF_OK to classify */
  char found[FOUND_MAX + 8];
  size_t found_len;
  int found_cut;      /* text was left out of `found` */
  int tok_chars;      /* characters seen, sign excluded */
  int tok_numeric;    /* still looks like 1.5, 1e3 or 0x10 */
  int tok_digit;      /* has a digit */
  int tok_all_digits; /* sign and digits only */
  /* A multi-byte character. */
  unsigned char utf8[4];
  int utf8_len;
  int utf8_need;
  /* A carriage return waiting for its line feed. */
  int cr;
  uint64_t cr_offset;
  /* Line mode: offset + 1 where shelf_parser_finish() last ended the input,
   * so that finishing twice does not end the last line twice. */
  uint64_t finished_at;
};

shelf_status shelf_parser_new(shelf_parser **out, unsigned flags) {
  if (out == NULL || (flags & ~SHELF_PARSE_LINES) != 0)
    return SHELF_INVALID;
  shelf_parser *p = malloc(sizeof *p);
  if (p == NULL)
    return SHELF_NOMEM;
  p->flags = flags;
  shelf_parser_reset(p);
  *out = p;
  return SHELF_OK;
}

void shelf_parser_free(shelf_parser *p) { free(p); }

void shelf_parser_reset(shelf_parser *p) {
  if (p == NULL)
    return;
  unsigned flags = p->flags;
  memset(p, 0, sizeof *p);
  p->flags = flags;
  p->line = 1;
  p->state = ST_BETWEEN;
  p->pos = P_BEGIN;
}

const shelf_parse_error *shelf_parser_error(const shelf_parser *p) {
  return p != NULL ? &p->error : NULL;
}

/* Starts a new shelf: the next line in line mode. */
static void begin_shelf(shelf_parser *p) {
  p->state = ST_BETWEEN;
  p->pos = P_BEGIN;
  p->in_list = 0;
}

shelf_status shelf_parser_skip_line(shelf_parser *p) {
  if (p == NULL || !(p->flags & SHELF_PARSE_LINES))
    return SHELF_INVALID;
  p->failed = SHELF_OK;
  memset(&p->error, 0, sizeof p->error);
  begin_shelf(p);
  /* The byte the error was found at was not consumed: skip from it to the
   * end of its line, line feed included. */
  p->state = ST_SKIP;
  p->cr = 0;
  return SHELF_OK;
}

/* ==== Errors ==== */

/* Appends text to `found`, escaped so that it prints on one line. */
static void found_add(shelf_parser *p, unsigned char c, int raw) {
  char esc[5];
  size_t n;
  if (raw || (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')) {
    esc[0] = (char)c;
    n = 1;
  } else if (c == '"' || c == '\\') {
    esc[0] = '\\';
    esc[1] = (char)c;
    n = 2;
  } else {
    static const char hex[] = "0123456789ABCDEF";
    esc[0] = '\\';
    esc[1] = 'x';
    esc[2] = hex[c >> 4];
    esc[3] = hex[c & 15];
    n = 4;
  }
  if (p->found_cut || p->found_len + n > FOUND_MAX) {
    p->found_cut = 1;
    return;
  }
  memcpy(p->found + p->found_len, esc, n);
  p->found_len += n;
}

static void found_clear(shelf_parser *p) {
  p->found_len = 0;
  p->found_cut = 0;
}

/* Fails the parser with `code` at the given place; `found` is what was
 * collected. */
static shelf_status fail_at(shelf_parser *p, shelf_status code, uint64_t offset,
                            uint64_t line, uint64_t line_start) {
  p->error.code = code;
  p->error.offset = offset;
  p->error.line = line;
  p->error.column = offset - line_start + 1;
  memcpy(p->error.found, p->found, p->found_len);
  size_t n = p->found_len;
  if (p->found_cut) {
    memcpy(p->error.found + n, "...", 3);
    n += 3;
  }
  p->error.found[n] = '\0';
  p->state = ST_FAILED;
  return p->failed = code;
}

/* Fails at the byte at `offset` on the current line, showing that byte. */
static shelf_status fail_byte(shelf_parser *p, shelf_status code,
                              uint64_t offset, unsigned char c) {
  found_clear(p);
  found_add(p, c, 0);
  return fail_at(p, code, offset, p->line, p->line_start);
}

/* ==== Error tokens ==== */

static void token_add(shelf_parser *p, unsigned char c) {
  int cls = byte_class(c);
  found_add(p, c, 0);
  if (cls == C_SIGN && p->tok_chars == 0 && !p->has_sign) {
    p->has_sign = 1;
    return;
  }
  int first = p->tok_chars++ == 0;
  if (cls == C_DIGIT) {
    p->tok_digit = 1;
    return;
  }
  p->tok_all_digits = 0;
  /* 1.5, 1., .5, 1e3, 1E-3, 0x1F, 1f: all "not an integer". */
  int hexish = (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == 'x' ||
               c == 'X' || c == '.' || cls == C_SIGN;
  if (!hexish || (first && c != '.'))
    p->tok_numeric = 0;
}

/* Starts collecting an error token at `offset`, the start of the text. */
static void token_begin(shelf_parser *p, uint64_t offset) {
  p->state = ST_TOKEN;
  p->tok_offset = offset;
  p->tok_line = p->line;
  p->tok_start = p->line_start;
  p->tok_code = SHELF_OK;
  p->has_sign = 0;
  p->tok_chars = 0;
  p->tok_numeric = 1;
  p->tok_digit = 0;
  p->tok_all_digits = 1;
  found_clear(p);
}

/* A weight that turned out bad: restart as a token holding its text. */
static void token_from_number(shelf_parser *p, shelf_status code) {
  uint64_t offset = p->tok_offset, line = p->tok_line, start = p->tok_start;
  int neg = p->neg, sign = p->has_sign;
  uint64_t mag = p->mag, digits = p->digits;
  token_begin(p, offset);
  p->tok_line = line;
  p->tok_start = start;
  p->tok_code = code;
  if (sign)
    token_add(p, neg ? '-' : '+');
  char buf[24];
  int k = 0;
  if (digits > 0) { /* a lone sign has none */
    do {
      buf[k++] = (char)('0' + mag % 10);
      mag /= 10;
    } while (mag != 0);
  }
  /* Leading zeros are not in mag; show as many as fit. */
  for (uint64_t z = (uint64_t)k; z < digits && !p->found_cut; z++)
    token_add(p, '0');
  while (k > 0)
    token_add(p, (unsigned char)buf[--k]);
}

static shelf_status token_end(shelf_parser *p) {
  shelf_status code = p->tok_code;
  if (p->tok_all_digits && p->tok_digit)
    code = SHELF_WEIGHT_RANGE; /* digits only: it failed by size */
  else if (code == SHELF_OK || code == SHELF_WEIGHT_RANGE)
    code = p->tok_numeric && p->tok_digit ? SHELF_NOT_INTEGER
                                          : SHELF_EXPECTED_INTEGER;
  return fail_at(p, code, p->tok_offset, p->tok_line, p->tok_start);
}

/* ==== Weights ==== */

static void number_begin(shelf_parser *p, uint64_t offset) {
  p->state = ST_NUMBER;
  p->neg = 0;
  p->has_sign = 0;
  p->mag = 0;
  p->digits = 0;
  p->tok_offset = offset;
  p->tok_line = p->line;
  p->tok_start = p->line_start;
}

/* Adds a digit; returns 0 if the weight leaves the 64-bit range. */
static int number_digit(shelf_parser *p, unsigned d) {
  uint64_t limit = p->neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
  uint64_t m;
  if (__builtin_mul_overflow(p->mag, 10u, &m) ||
      __builtin_add_overflow(m, d, &m) || m > limit)
    return 0;
  p->mag = m;
  p->digits++;
  return 1;
}

/* A weight has ended at a separator: push it. */
static shelf_status number_end(shelf_parser *p, shelf_solver *s) {
  if (p->digits == 0) { /* a lone sign */
    token_from_number(p, SHELF_EXPECTED_INTEGER);
    return token_end(p);
  }
  int64_t w = p->neg ? (int64_t)(0 - p->mag) : (int64_t)p->mag;
  p->state = ST_BETWEEN;
  p->pos = P_WEIGHT;
  return solver_push(s, w);
}

/* ==== Line ends ==== */

/* The shelf ends at a line feed (line mode) or at the end of input. */
static shelf_status shelf_end_check(shelf_parser *p) {
  if (p->in_list) {
    found_clear(p);
    found_add(p, '[', 0);
    return fail_at(p, SHELF_UNCLOSED, p->open_offset, p->open_line,
                   p->open_start);
  }
  return SHELF_OK;
}

/* ==== The fast path ==== */

/*
 * Nearly all real input is plain: decimal weights of at most 16 digits, an
 * optional sign, each followed by a space, tab, line feed, CR LF or comma,
 * and maybe more blanks (spaces, tabs, line feeds) before the next one.
 * scan_fast() takes such text a 64-byte window at a time. One pass marks
 * the window's digits in a 64-bit mask; each weight's first and last digit
 * are then read off the mask with bit operations, its value is computed
 * from one or two 8-byte words (SWAR), and it is merged into the solver's
 * narrow stack on the spot. Finding the next weight never waits for the
 * bytes of the one before, and no byte is looked at twice.
 *
 * At anything else (a bracket, a comma that follows no weight, a long or
 * malformed number, a control or non-ASCII byte, a line feed in line mode,
 * the first FAST_BEHIND and last FAST_SLACK bytes of a piece) it stops in
 * ST_BETWEEN in front of that weight or byte, with line, column and item
 * position exactly as the byte-at-a-time machine would have them there, and the
 * machine takes over. It commits a weight only after checking the byte behind
 * it, so it never has to undo anything: every error is still found, and
 * reported, by the machine.
 *
 * The merge is the reduction of internal.h with the top two entries kept in
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

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&             \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FAST_PATH 1
#else
#define FAST_PATH 0
#endif

#if FAST_X86 /* set in internal.h */
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
/* Bytes that must lie before a window in its piece: fast_digits() reads
 * whole words that end at a weight's last digit. */
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
  F_BAD = 0, /* anything else: the machine decides */
  F_SEP = 1, /* space, tab; a comma right after a weight */
  F_NL = 2,  /* line feed */
  F_CR = 3,  /* carriage return: fine if a line feed follows */
  F_SIGN = 4 /* + or -, fine right before digits */
};

static const unsigned char fast_class[256] = {
    ['\t'] = F_SEP, [' '] = F_SEP,  [','] = F_SEP, ['\n'] = F_NL,
    ['\r'] = F_CR,  ['+'] = F_SIGN, ['-'] = F_SIGN};

/* One run of the fast path: the solver's run, and the line feeds passed. */
typedef struct fast_run {
  solver_run run;
  uint64_t lines;
} fast_run;

/* What the byte after a weight ending at w[e] says about it: */
enum {
  A_LEAVE = 0, /* leave the weight to the machine */
  A_GO = 1,    /* take it and go on */
  A_LINE = 2,  /* take it, count the line feed behind it, go on */
  A_STOP = 3   /* take it and stop at w[e + 1] (line mode: the machine
                  ends the shelf there) */
};

FAST_INLINE int fast_after(const unsigned char *w, unsigned e,
                           const int line_mode) {
  int cls = fast_class[w[e + 1]];
  if (cls == F_NL)
    return line_mode ? A_STOP : A_LINE;
  if (cls == F_SEP)
    return A_GO;
  if (cls == F_CR)
    return line_mode ? A_STOP : w[e + 2] == '\n' ? A_GO : A_LEAVE;
  return A_LEAVE; /* the line feed after CR is a gap byte, counted there */
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
                                 const int line_mode, const int mode) {
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
      if (after == A_LEAVE || e - s >= 16) {
        *stop = 1;
        return fast_left(r, blank_nl, s);
      }
      solver_run_push(&r->run, fast_digits(w, s, e), 0, mode);
      r->lines += after == A_LINE;
      if (after == A_STOP) {
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
      if ((cls == F_SEP && w[at] != ',') || (cls == F_NL && !line_mode) ||
          (cls == F_CR && !line_mode && w[at + 1] == '\n')) {
        r->lines += cls == F_NL;
        continue;
      }
      if (cls == F_SIGN && at + 1 == s && starts != 0) {
        sign = 1; /* right before a weight */
        neg = w[at] == '-';
        continue;
      }
      if (cls == F_SIGN && at + 1 == limit)
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
    if (after == A_LEAVE || e - s >= 16) {
      *stop = 1;
      return s - (unsigned)sign;
    }
    solver_run_push(&r->run, fast_digits(w, s, e), neg, mode);
    r->lines += after == A_LINE;
    if (after == A_STOP) {
      *stop = 1;
      return e + 1;
    }
  }
}

/* The parser's item position after a fast scan of b[from..i), which held
 * only weights, separators and commas: after a comma, after a weight, or
 * unchanged if it held neither. */
static int fast_pos(const unsigned char *b, size_t from, size_t i, int pos) {
  while (i > from) {
    unsigned char c = b[--i];
    if (c == ',')
      return P_COMMA;
    if (c >= '0' && c <= '9')
      return P_WEIGHT;
  }
  return pos;
}

/* The offset just past the last line feed in b[from..i), or `old`. */
static uint64_t fast_line_start(const unsigned char *b, size_t from, size_t i,
                                uint64_t base, uint64_t old) {
  while (i > from) {
    if (b[--i] == '\n')
      return base + i + 1;
  }
  return old;
}

/* Parses and merges plain weights from b[i..len); returns where it stopped.
 * *rc receives the solver's SHELF_NOMEM if it ran out of memory. line_mode
 * and keep are constants at each call, so each case gets its own loop. Only
 * the line count is kept on the way; the line's start and the item position
 * are worked out from the bytes once, at the end. */
FAST_INLINE size_t scan_fast_mode(shelf_parser *p, shelf_solver *s,
                                  const unsigned char *b, size_t i, size_t len,
                                  uint64_t base, int *rc, const int line_mode,
                                  const int mode) {
  const size_t from = i;
  uint64_t lines = 0;
  int stop = 0;
  while (!stop && len - i >= FAST_SLACK) {
    fast_run r = {.lines = 0};
    if (!solver_run_open(s, &r.run, FAST_RUN, FAST_RUN_ABS)) {
      *rc = s->failed;
      break;
    }
    for (int win = 0; win < FAST_WINDOWS && !stop && len - i >= FAST_SLACK;
         win++) {
      unsigned took = fast_window(&r, b + i, &stop, line_mode, mode);
      stop |= took == 0; /* no progress: let the machine move on */
      i += took;
    }
    solver_run_close(s, &r.run);
    lines += r.lines;
  }
  if (i > from) {
    p->pos = fast_pos(b, from, i, p->pos);
    if (lines > 0) {
      p->line += lines;
      p->line_start = fast_line_start(b, from, i, base, p->line_start);
    }
  }
  return i;
}

static size_t scan_fast(shelf_parser *p, shelf_solver *s,
                        const unsigned char *b, size_t i, size_t len,
                        uint64_t base, int *rc) {
  if (!FAST_PATH)
    return i;
  int line_mode = (p->flags & SHELF_PARSE_LINES) != 0;
  int mode = solver_run_mode(s);
  /* Each combination of constants gets its own loop. */
  switch (line_mode * 3 + mode) {
  case 0:
    return scan_fast_mode(p, s, b, i, len, base, rc, 0, RUN_SOLVE);
  case 1:
    return scan_fast_mode(p, s, b, i, len, base, rc, 0, RUN_SOLVE_KEEP);
  case 2:
    return scan_fast_mode(p, s, b, i, len, base, rc, 0, RUN_KEEP);
  case 3:
    return scan_fast_mode(p, s, b, i, len, base, rc, 1, RUN_SOLVE);
  case 4:
    return scan_fast_mode(p, s, b, i, len, base, rc, 1, RUN_SOLVE_KEEP);
  default:
    return scan_fast_mode(p, s, b, i, len, base, rc, 1, RUN_KEEP);
  }
}

/* ==== Feeding ==== */

/* Handles one byte in ST_BETWEEN. Returns SHELF_OK, an error, or -1 when a
 * shelf ended at this byte (line mode). */
static int between(shelf_parser *p, unsigned char c, uint64_t off) {
  switch (byte_class(c)) {
  case C_SPACE:
  case C_CR: /* checked against the next byte by the caller */
    return SHELF_OK;
  case C_NL:
    if (p->flags & SHELF_PARSE_LINES) {
      shelf_status st = shelf_end_check(p);
      return st != SHELF_OK ? (int)st : -1;
    }
    return SHELF_OK;
  case C_DIGIT:
  case C_SIGN:
    if (p->pos == P_CLOSED)
      break;
    number_begin(p, off);
    if (c == '-' || c == '+') {
      p->has_sign = 1;
      p->neg = c == '-';
    } else {
      number_digit(p, (unsigned)(c - '0'));
    }
    return SHELF_OK;
  case C_COMMA:
    if (p->pos == P_WEIGHT) {
      p->pos = P_COMMA;
      return SHELF_OK;
    }
    if (p->pos == P_CLOSED)
      break;
    return fail_byte(p, SHELF_EMPTY_ITEM, off, c);
  case C_OPEN:
    if (p->pos == P_BEGIN) {
      p->in_list = 1;
      p->pos = P_OPENED;
      p->open_offset = off;
      p->open_line = p->line;
      p->open_start = p->line_start;
      return SHELF_OK;
    }
    return fail_byte(p,
                     p->pos == P_CLOSED ? SHELF_AFTER_LIST
                     : p->in_list       ? SHELF_NESTED
                                        : SHELF_MISPLACED_BRACKET,
                     off, c);
  case C_CLOSE:
    if (p->pos == P_CLOSED)
      break;
    if (!p->in_list)
      return fail_byte(p, SHELF_UNOPENED, off, c);
    p->in_list = 0;
    p->pos = P_CLOSED;
    return SHELF_OK;
  case C_CTRL:
    return fail_byte(p, SHELF_CONTROL, off, c);
  case C_HIGH:
    p->state = ST_UTF8;
    p->tok_offset = off;
    p->utf8[0] = c;
    p->utf8_len = 1;
    p->utf8_need = c >= 0xc2 && c <= 0xdf   ? 2
                   : c >= 0xe0 && c <= 0xef ? 3
                   : c >= 0xf0 && c <= 0xf4 ? 4
                                            : 0;
    if (p->utf8_need == 0)
      return fail_byte(p, SHELF_BAD_UTF8, off, c);
    return SHELF_OK;
  default: /* C_OTHER */
    if (p->pos == P_CLOSED)
      break;
    token_begin(p, off);
    token_add(p, c);
    return SHELF_OK;
  }
  /* Anything but a separator after the closing bracket. */
  token_begin(p, off);
  p->tok_code = SHELF_AFTER_LIST;
  token_add(p, c);
  p->tok_all_digits = 0; /* keep AFTER_LIST whatever the text */
  p->tok_numeric = 0;
  return SHELF_OK;
}

/* The second and later bytes of a multi-byte character. */
static shelf_status utf8_byte(shelf_parser *p, unsigned char c) {
  unsigned char lead = p->utf8[0];
  unsigned lo = 0x80, hi = 0xbf;
  if (p->utf8_len == 1) { /* exclude overlong forms and surrogates */
    if (lead == 0xe0)
      lo = 0xa0;
    else if (lead == 0xed)
      hi = 0x9f;
    else if (lead == 0xf0)
      lo = 0x90;
    else if (lead == 0xf4)
      hi = 0x8f;
  }
  if (c < lo || c > hi) {
    found_clear(p);
    for (int i = 0; i < p->utf8_len; i++)
      found_add(p, p->utf8[i], 0);
    found_add(p, c, 0);
    return fail_at(p, SHELF_BAD_UTF8, p->tok_offset, p->line, p->line_start);
  }
  p->utf8[p->utf8_len++] = c;
  if (p->utf8_len < p->utf8_need)
    return SHELF_OK;
  /* A byte-order mark opens the input: skip it; it takes no column. */
  if (p->tok_offset == 0 && p->utf8_need == 3 && lead == 0xef &&
      p->utf8[1] == 0xbb && c == 0xbf) {
    p->state = ST_BETWEEN;
    p->line_start = 3;
    return SHELF_OK;
  }
  /* Shown as its code point, U+2212: the character itself may be invisible
   * (a stray byte-order mark is U+FEFF) or look like ASCII (a minus sign). */
  uint32_t cp = lead & (0x7fu >> p->utf8_need);
  for (int i = 1; i < p->utf8_len; i++)
    cp = cp << 6 | (p->utf8[i] & 0x3fu);
  static const char hex[] = "0123456789ABCDEF";
  found_clear(p);
  found_add(p, 'U', 0);
  found_add(p, '+', 0);
  int shift = 12; /* at least four hex digits, as U+00E9 */
  while (shift < 20 && cp >> (shift + 4) != 0)
    shift += 4;
  for (; shift >= 0; shift -= 4)
    found_add(p, (unsigned char)hex[(cp >> shift) & 15], 0);
  return fail_at(p, SHELF_UNEXPECTED_CHAR, p->tok_offset, p->line,
                 p->line_start);
}

shelf_status shelf_parser_feed(shelf_parser *p, shelf_solver *s,
                               const char *data, size_t len, size_t *used,
                               int *ended) {
  if (p == NULL || s == NULL || used == NULL || ended == NULL ||
      (data == NULL && len > 0))
    return SHELF_INVALID;
  *used = 0;
  *ended = 0;
  if (p->failed != SHELF_OK)
    return p->failed;
  const unsigned char *b = (const unsigned char *)data;
  const uint64_t base = p->offset;
  size_t i = 0;
  int rc = SHELF_OK;
  while (i < len) {
    if (p->state == ST_BETWEEN && !p->cr && p->pos != P_CLOSED &&
        i >= FAST_BEHIND && len - i >= FAST_SLACK) {
      i = scan_fast(p, s, b, i, len, base, &rc);
      if (rc != SHELF_OK || len - i < 1)
        break;
    }
    unsigned char c = b[i];
    uint64_t off = base + i;
    if (p->cr) { /* a CR must be followed by LF */
      p->cr = 0;
      if (c != '\n') {
        rc = fail_byte(p, SHELF_CONTROL, p->cr_offset, '\r');
        break;
      }
    }
    if (c == '\r' && p->state != ST_SKIP) { /* skipped text is not checked */
      p->cr = 1;
      p->cr_offset = off;
    }
    switch (p->state) {
    case ST_BETWEEN:
      rc = between(p, c, off);
      break;
    case ST_NUMBER: {
      /* The hot loop: digits of one weight. */
      while (c >= '0' && c <= '9') {
        if (!number_digit(p, (unsigned)(c - '0'))) {
          token_from_number(p, SHELF_WEIGHT_RANGE);
          token_add(p, c);
          goto next;
        }
        if (++i == len)
          goto done;
        c = b[i];
      }
      off = base + i;
      if (c == '\r') {
        p->cr = 1;
        p->cr_offset = off;
      }
      int cls = byte_class(c);
      if (!ends_token(cls)) { /* 1.5, 1e3, 12abc, 5-3 */
        token_from_number(p, SHELF_OK);
        token_add(p, c);
        break;
      }
      rc = number_end(p, s);
      if (rc == SHELF_OK)
        rc = between(p, c, off);
      break;
    }
    case ST_TOKEN:
      if (ends_token(byte_class(c))) {
        rc = token_end(p);
        break;
      }
      token_add(p, c);
      break;
    case ST_UTF8:
      rc = utf8_byte(p, c);
      break;
    case ST_SKIP:
      if (c == '\n')
        begin_shelf(p);
      break;
    }
  next:
    if (rc != SHELF_OK)
      break;
    if (c == '\n') {
      p->line++;
      p->line_start = off + 1;
    }
    i++;
  }
done:
  if (rc == -1) { /* a line ended a shelf; the line feed is consumed */
    p->line++;
    p->line_start = base + i + 1;
    i++;
    begin_shelf(p);
    *ended = 1;
    rc = SHELF_OK;
  }
  p->offset = base + i;
  *used = i;
  return (shelf_status)rc;
}

shelf_status shelf_parser_finish(shelf_parser *p, shelf_solver *s, int *ended) {
  if (p == NULL || s == NULL || ended == NULL)
    return SHELF_INVALID;
  *ended = 0;
  if (p->failed != SHELF_OK)
    return p->failed;
  shelf_status st = SHELF_OK;
  if (p->cr)
    return fail_byte(p, SHELF_CONTROL, p->cr_offset, '\r');
  switch (p->state) {
  case ST_NUMBER:
    st = number_end(p, s);
    break;
  case ST_TOKEN:
    return token_end(p);
  case ST_UTF8:
    found_clear(p);
    for (int i = 0; i < p->utf8_len; i++)
      found_add(p, p->utf8[i], 0);
    return fail_at(p, SHELF_BAD_UTF8, p->tok_offset, p->line, p->line_start);
  default:
    break;
  }
  if (st != SHELF_OK)
    return st;
  st = shelf_end_check(p);
  if (st != SHELF_OK)
    return st;
  /* In line mode a final line without a newline is a shelf; the empty text
   * after a final newline is not. */
  if (!(p->flags & SHELF_PARSE_LINES))
    *ended = 1;
  else if (p->offset > p->line_start && p->finished_at != p->offset + 1)
    *ended = p->state != ST_SKIP;
  p->finished_at = p->offset + 1;
  begin_shelf(p);
  return SHELF_OK;
}

/* ==== One-shot ==== */

shelf_status shelf_parse(const char *text, size_t len, int64_t **weights,
                         size_t *n, shelf_parse_error *error) {
  if (weights == NULL || n == NULL || (text == NULL && len > 0))
    return SHELF_INVALID;
  shelf_parser *p;
  shelf_solver *s;
  shelf_status st = shelf_parser_new(&p, 0);
  if (st != SHELF_OK)
    return st;
  st = shelf_solver_new(&s, SHELF_WEIGHTS_ONLY);
  if (st != SHELF_OK) {
    shelf_parser_free(p);
    return st;
  }
  size_t used;
  int ended;
  st = shelf_parser_feed(p, s, text, len, &used, &ended);
  if (st == SHELF_OK)
    st = shelf_parser_finish(p, s, &ended);
  if (error != NULL)
    *error = p->error;
  if (st == SHELF_OK) {
    *n = (size_t)s->n;
    *weights = s->weights; /* hand the array over */
    s->weights = NULL;
  }
  shelf_parser_free(p);
  shelf_solver_free(s);
  return st;
}

void shelf_weights_free(int64_t *weights) { free(weights); }
