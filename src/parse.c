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
#include "grammar.h"
#include "scan.h"

#include <string.h>

/* ==== Parser state ==== */

enum {
  STATE_BETWEEN, /* between items: separators, brackets, or a weight's start */
  STATE_NUMBER,  /* inside a weight */
  STATE_TOKEN,   /* collecting an error token up to its end */
  STATE_NAME,    /* a name that may be followed by '=' and a list */
  STATE_EQUALS,  /* blanks after a name, waiting for its '=' */
  STATE_UTF8,    /* collecting a multi-byte character (always an error, or the
                    byte-order mark) */
  STATE_SKIP,    /* line mode, after skip_line: until the end of the line */
  STATE_FAILED
};

/* Where the shelf is, between items: a shelf_parse_after, or after a name's
 * '=', where only its list may follow. */
#define AFTER_EQUALS 5

/* SHELF_PARSE_COUNTED: `due` before the count has been read. */
#define DUE_COUNT UINT64_MAX

#define FOUND_MAX 40

struct shelf_parser {
  unsigned flags;
  shelf_status failed;     /* sticky parse error, or SHELF_OK */
  shelf_parse_error error; /* its details */
  int state;               /* STATE_* */
  int pos;                 /* what came last: SHELF_AFTER_*, AFTER_EQUALS */
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
  uint64_t due; /* SHELF_PARSE_COUNTED: weights still due, or DUE_COUNT */
};

/* Starts a new shelf: the next line in line mode. */
static void begin_shelf(shelf_parser *p) {
  p->state = STATE_BETWEEN;
  p->pos = SHELF_AFTER_NOTHING;
  p->in_list = 0;
  p->due = DUE_COUNT;
}

static int counted(const shelf_parser *p) {
  return (p->flags & SHELF_PARSE_COUNTED) != 0;
}

/* Line mode proper: each line a shelf (not a sequence of counted ones). */
static int by_line(const shelf_parser *p) {
  return (p->flags & (SHELF_PARSE_LINES | SHELF_PARSE_COUNTED)) ==
         SHELF_PARSE_LINES;
}

shelf_status shelf_parser_new(shelf_parser **out, unsigned flags) {
  if (out == NULL || (flags & ~(SHELF_PARSE_LINES | SHELF_PARSE_COUNTED)) != 0)
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
  begin_shelf(p);
}

const shelf_parse_error *shelf_parser_error(const shelf_parser *p) {
  return p != NULL ? &p->error : NULL;
}

shelf_status shelf_parser_skip_line(shelf_parser *p) {
  if (p == NULL || !(p->flags & SHELF_PARSE_LINES))
    return SHELF_INVALID;
  p->failed = SHELF_OK;
  memset(&p->error, 0, sizeof p->error);
  begin_shelf(p);
  /* The byte the error was found at was not consumed: skip from it to the
   * end of its line, line feed included. */
  p->state = STATE_SKIP;
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
  p->state = STATE_FAILED;
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
  if (cls == BYTE_SIGN && p->tok_chars == 0 && !p->has_sign) {
    p->has_sign = 1;
    return;
  }
  int first = p->tok_chars++ == 0;
  if (cls == BYTE_DIGIT) {
    p->tok_digit = 1;
    return;
  }
  p->tok_all_digits = 0;
  /* 1.5, 1., .5, 1e3, 1E-3, 0x1F, 1f: all "not an integer". */
  int hexish = (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == 'x' ||
               c == 'X' || c == '.' || cls == BYTE_SIGN;
  if (!hexish || (first && c != '.'))
    p->tok_numeric = 0;
}

/* Starts collecting an error token at `offset`, the start of the text. */
static void token_begin(shelf_parser *p, uint64_t offset) {
  p->state = STATE_TOKEN;
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
  p->state = STATE_NUMBER;
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

/* A weight has ended at a separator: push it, or, with
 * SHELF_PARSE_COUNTED, take it as the count if none has been read. */
static shelf_status number_end(shelf_parser *p, shelf_solver *s) {
  if (p->digits == 0) { /* a lone sign */
    token_from_number(p, SHELF_EXPECTED_INTEGER);
    return token_end(p);
  }
  p->state = STATE_BETWEEN;
  p->pos = SHELF_AFTER_WEIGHT;
  if (counted(p) && p->due == DUE_COUNT) {
    if (p->neg && p->mag != 0) {
      token_from_number(p, SHELF_BAD_COUNT);
      return fail_at(p, SHELF_BAD_COUNT, p->tok_offset, p->tok_line,
                     p->tok_start);
    }
    p->due = p->mag; /* the count is not a wheel */
    return SHELF_OK;
  }
  if (counted(p))
    p->due--; /* never 0 here: between() refuses weights past the count */
  return solver_push(s, p->neg ? (int64_t)(0 - p->mag) : (int64_t)p->mag);
}

/* Fails at `offset` on the current line with nothing to show: the place is
 * where something else was expected. */
static shelf_status fail_here(shelf_parser *p, shelf_status code,
                              uint64_t offset) {
  found_clear(p);
  return fail_at(p, code, offset, p->line, p->line_start);
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

/* ==== Feeding ==== */

/* A blank between items: a space, a tab, a carriage return (checked against
 * the next byte by the caller) and, unless each line is a shelf, a line
 * feed. */
static int blank(const shelf_parser *p, int cls) {
  return cls == BYTE_SPACE || cls == BYTE_CR || (cls == BYTE_NL && !by_line(p));
}

/* Starts an error token whose code is fixed whatever its text. */
static void token_fixed(shelf_parser *p, shelf_status code, unsigned char c,
                        uint64_t off) {
  token_begin(p, off);
  p->tok_code = code;
  token_add(p, c);
  p->tok_all_digits = 0;
  p->tok_numeric = 0;
}

/* Handles one byte between items. *ended is set when a line feed ended a
 * shelf (line mode). */
static shelf_status between(shelf_parser *p, unsigned char c, uint64_t off,
                            int *ended) {
  int cls = byte_class(c);
  if (p->pos == AFTER_EQUALS && !blank(p, cls) && cls != BYTE_OPEN)
    return fail_here(p, SHELF_EXPECTED_LIST, off);
  /* Past the last counted weight, only blanks (and the list's end). */
  if (p->due == 0 && !blank(p, cls) && cls != BYTE_NL && cls != BYTE_CTRL &&
      cls != BYTE_HIGH && !(cls == BYTE_CLOSE && p->in_list)) {
    token_fixed(p, SHELF_TOO_MANY, c, off);
    return SHELF_OK;
  }
  switch (cls) {
  case BYTE_SPACE:
  case BYTE_CR: /* checked against the next byte by the caller */
    return SHELF_OK;
  case BYTE_NL:
    if (by_line(p)) {
      shelf_status st = shelf_end_check(p);
      *ended = st == SHELF_OK;
      return st;
    }
    return SHELF_OK;
  case BYTE_DIGIT:
  case BYTE_SIGN:
    if (p->pos == SHELF_AFTER_CLOSE)
      break;
    number_begin(p, off);
    if (c == '-' || c == '+') {
      p->has_sign = 1;
      p->neg = c == '-';
    } else {
      number_digit(p, (unsigned)(c - '0'));
    }
    return SHELF_OK;
  case BYTE_COMMA:
    if (p->pos == SHELF_AFTER_WEIGHT) {
      p->pos = SHELF_AFTER_COMMA;
      return SHELF_OK;
    }
    if (p->pos == SHELF_AFTER_CLOSE)
      break;
    return fail_byte(p, SHELF_EMPTY_ITEM, off, c);
  case BYTE_OPEN:
    if (counted(p)) /* the counted layout has no brackets */
      return fail_byte(p, SHELF_UNEXPECTED_CHAR, off, c);
    if (p->pos == SHELF_AFTER_NOTHING || p->pos == AFTER_EQUALS) {
      p->in_list = 1;
      p->pos = SHELF_AFTER_OPEN;
      p->open_offset = off;
      p->open_line = p->line;
      p->open_start = p->line_start;
      return SHELF_OK;
    }
    return fail_byte(p,
                     p->pos == SHELF_AFTER_CLOSE ? SHELF_AFTER_LIST
                     : p->in_list                ? SHELF_NESTED
                                                 : SHELF_MISPLACED_BRACKET,
                     off, c);
  case BYTE_CLOSE:
    if (counted(p))
      return fail_byte(p, SHELF_UNEXPECTED_CHAR, off, c);
    if (p->pos == SHELF_AFTER_CLOSE)
      break;
    if (!p->in_list)
      return fail_byte(p, SHELF_UNOPENED, off, c);
    p->in_list = 0;
    p->pos = SHELF_AFTER_CLOSE;
    return SHELF_OK;
  case BYTE_CTRL:
    return fail_byte(p, SHELF_CONTROL, off, c);
  case BYTE_HIGH:
    p->state = STATE_UTF8;
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
  default: /* BYTE_OTHER */
    if (p->pos == SHELF_AFTER_CLOSE)
      break;
    token_begin(p, off);
    if (p->pos == SHELF_AFTER_NOTHING && !p->in_list && !counted(p) &&
        name_start(c))
      p->state = STATE_NAME;
    token_add(p, c);
    return SHELF_OK;
  }
  /* Anything but a separator after the closing bracket. */
  token_fixed(p, SHELF_AFTER_LIST, c, off);
  return SHELF_OK;
}

/* The byte after a weight's digits: the weight ends there, or turns out to
 * be other text (1.5, 1e3, 12abc, 5-3). */
static shelf_status number_next(shelf_parser *p, shelf_solver *s,
                                unsigned char c, uint64_t off, int *ended) {
  if (!ends_token(byte_class(c))) {
    token_from_number(p, SHELF_OK);
    token_add(p, c);
    return SHELF_OK;
  }
  shelf_status st = number_end(p, s);
  return st == SHELF_OK ? between(p, c, off, ended) : st;
}

/* A name: more of it, its '=', or blanks before the '='. Anything else makes
 * it an error token, reported as any other text. */
static shelf_status name_next(shelf_parser *p, unsigned char c) {
  int cls = byte_class(c);
  if (p->state == STATE_NAME && name_char(c)) {
    token_add(p, c);
    return SHELF_OK;
  }
  if (c == '=') {
    p->state = STATE_BETWEEN;
    p->pos = AFTER_EQUALS;
    return SHELF_OK;
  }
  /* A carriage return is a blank where a line feed is, and take() checks
   * that its line feed follows (reporting the name first if not). */
  if (blank(p, cls) && !(cls == BYTE_CR && by_line(p))) {
    p->state = STATE_EQUALS;
    return SHELF_OK;
  }
  if (p->state == STATE_EQUALS || ends_token(cls))
    return token_end(p);
  p->state = STATE_TOKEN;
  token_add(p, c);
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
    p->state = STATE_BETWEEN;
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

/* Whether a name is waiting for its '=': its error, if none comes, is the
 * first in the text. */
static int name_pending(const shelf_parser *p) {
  return p->state == STATE_NAME || p->state == STATE_EQUALS;
}

/* Takes the byte c at offset `off` (not a digit inside a weight: feed()
 * takes those in a run). */
static shelf_status take(shelf_parser *p, shelf_solver *s, unsigned char c,
                         uint64_t off, int *ended) {
  if (p->cr) { /* a CR must be followed by LF */
    p->cr = 0;
    if (c != '\n')
      return name_pending(p)
                 ? token_end(p) /* the name, without its '=', comes first */
                 : fail_byte(p, SHELF_CONTROL, p->cr_offset, '\r');
  }
  if (c == '\r' && p->state != STATE_SKIP) { /* skipped text is not checked */
    p->cr = 1;
    p->cr_offset = off;
  }
  switch (p->state) {
  case STATE_BETWEEN:
    return between(p, c, off, ended);
  case STATE_NUMBER:
    return number_next(p, s, c, off, ended);
  case STATE_TOKEN:
    if (ends_token(byte_class(c)))
      return token_end(p);
    token_add(p, c);
    return SHELF_OK;
  case STATE_NAME:
  case STATE_EQUALS:
    return name_next(p, c);
  case STATE_UTF8:
    return utf8_byte(p, c);
  case STATE_SKIP:
    if (c == '\n')
      begin_shelf(p);
    return SHELF_OK;
  default:
    return p->failed;
  }
}

/* Takes the digits of a weight from b[i..len), the hot loop of the
 * byte-at-a-time machine; returns where they end. A weight that leaves the
 * 64-bit range becomes an error token, its offending digit taken. */
static size_t number_run(shelf_parser *p, const unsigned char *b, size_t i,
                         size_t len) {
  for (; i < len && b[i] >= '0' && b[i] <= '9'; i++) {
    if (!number_digit(p, (unsigned)(b[i] - '0'))) {
      token_from_number(p, SHELF_WEIGHT_RANGE);
      token_add(p, b[i]);
      return i + 1;
    }
  }
  return i;
}

/* The fast scanner's share: plain weights from b[i..len), while the parser
 * is between items and nothing but weights can come. */
static size_t scan(shelf_parser *p, shelf_solver *s, const unsigned char *b,
                   size_t i, size_t len, uint64_t base) {
  if (p->state != STATE_BETWEEN || p->cr || p->pos == SHELF_AFTER_CLOSE ||
      p->pos == AFTER_EQUALS || p->due == 0)
    return i;
  uint64_t limit = !counted(p) ? UINT64_MAX : p->due == DUE_COUNT ? 0 : p->due;
  scan_result r;
  size_t j = shelf__scan_plain(s, b, i, len, by_line(p), limit, &r);
  if (j > i) {
    if (r.last != SHELF_AFTER_NOTHING)
      p->pos = r.last;
    if (counted(p))
      p->due -= r.taken;
    if (r.lines > 0) {
      p->line += r.lines;
      p->line_start = base + r.line_start;
    }
  }
  return j;
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
  shelf_status st = SHELF_OK;
  size_t i = 0;
  while (i < len && st == SHELF_OK && !*ended) {
    i = scan(p, s, b, i, len, base);
    if (p->state == STATE_NUMBER)
      i = number_run(p, b, i, len);
    if (i == len)
      break;
    unsigned char c = b[i];
    st = take(p, s, c, base + i, ended);
    if (st != SHELF_OK)
      break; /* the byte is not consumed */
    /* A counted shelf ends after the separator of its last weight. */
    if (counted(p) && (p->flags & SHELF_PARSE_LINES) && p->due == 0 &&
        p->state == STATE_BETWEEN)
      *ended = 1;
    if (c == '\n') {
      p->line++;
      p->line_start = base + i + 1;
    }
    i++;
    if (*ended)
      begin_shelf(p);
  }
  p->offset = base + i;
  *used = i;
  return st;
}

shelf_status shelf_parser_finish(shelf_parser *p, shelf_solver *s, int *ended) {
  if (p == NULL || s == NULL || ended == NULL)
    return SHELF_INVALID;
  *ended = 0;
  if (p->failed != SHELF_OK)
    return p->failed;
  if (counted(p) && !(p->flags & SHELF_PARSE_LINES) &&
      p->finished_at == p->offset + 1) {
    *ended = 1; /* finished again: the same one shelf, its count read */
    return SHELF_OK;
  }
  shelf_status st = SHELF_OK;
  if (p->cr && !name_pending(p))
    return fail_byte(p, SHELF_CONTROL, p->cr_offset, '\r');
  switch (p->state) {
  case STATE_NUMBER:
    st = number_end(p, s);
    break;
  case STATE_TOKEN:
  case STATE_NAME:
  case STATE_EQUALS:
    return token_end(p);
  case STATE_UTF8:
    found_clear(p);
    for (int i = 0; i < p->utf8_len; i++)
      found_add(p, p->utf8[i], 0);
    return fail_at(p, SHELF_BAD_UTF8, p->tok_offset, p->line, p->line_start);
  default:
    break;
  }
  if (st != SHELF_OK)
    return st;
  if (p->pos == AFTER_EQUALS)
    return fail_here(p, SHELF_EXPECTED_LIST, p->offset);
  st = shelf_end_check(p);
  if (st != SHELF_OK)
    return st;
  int pending; /* a shelf has begun and not yet been ended */
  if (counted(p)) {
    /* With many counted shelves, nothing after the last is no shelf; with
     * one, the count is required. */
    int many = (p->flags & SHELF_PARSE_LINES) != 0;
    if (p->due == DUE_COUNT && !many)
      return fail_here(p, SHELF_EXPECTED_INTEGER, p->offset);
    if (p->due != DUE_COUNT && p->due > 0)
      return fail_here(p, SHELF_TOO_FEW, p->offset);
    pending = p->due == 0;
  } else if (by_line(p)) {
    /* A final line without a newline is a shelf; the empty text after a
     * final newline is not. */
    pending = p->offset > p->line_start && p->state != STATE_SKIP;
  } else {
    pending = 1;
  }
  /* Finishing twice ends a last line (or counted shelf) of many once; a
   * whole text is one shelf however often it is finished. */
  *ended = pending &&
           (!(p->flags & SHELF_PARSE_LINES) || p->finished_at != p->offset + 1);
  p->finished_at = p->offset + 1;
  begin_shelf(p);
  return SHELF_OK;
}

/* ==== Pieces: a place to go on from ==== */

shelf_status shelf_parser_place(const shelf_parser *p, shelf_parse_place *out) {
  if (p == NULL || out == NULL || p->failed != SHELF_OK ||
      p->state != STATE_BETWEEN || p->cr || p->pos == AFTER_EQUALS)
    return SHELF_INVALID;
  out->offset = p->offset;
  out->line = p->line;
  out->line_start = p->line_start;
  out->after = (shelf_parse_after)p->pos;
  out->in_list = p->in_list;
  out->open_offset = p->open_offset;
  out->open_line = p->open_line;
  out->open_line_start = p->open_start;
  out->counted = p->due;
  return SHELF_OK;
}

shelf_status shelf_parser_resume(shelf_parser *p, const shelf_parse_place *at) {
  if (p == NULL || at == NULL || at->line == 0 ||
      (unsigned)at->after > SHELF_AFTER_CLOSE)
    return SHELF_INVALID;
  shelf_parser_reset(p);
  p->offset = at->offset;
  p->line = at->line;
  p->line_start = at->line_start;
  p->pos = (int)at->after;
  p->in_list = at->in_list != 0;
  p->open_offset = at->open_offset;
  p->open_line = at->open_line;
  p->open_start = at->open_line_start;
  p->due = counted(p) ? at->counted : DUE_COUNT;
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
  st = shelf__solver_new_weights(&s);
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
  if (st == SHELF_OK)
    *weights = shelf__solver_take_weights(s, n);
  shelf_parser_free(p);
  shelf_solver_free(s);
  return st;
}

void shelf_weights_free(int64_t *weights) { free(weights); }
