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
 * This file decides that there is an error and where it starts;
 * parse_error.c collects its text and records what it was, and parser.h
 * holds the state both see. That code is cold, and apart; everything the
 * byte loop runs on plain weights stays in this one file, so that it
 * inlines.
 *
 * Weights go straight into the solver's reduction (solver_push), so parsing
 * and solving are one pass over the bytes. Plain stretches of text (digits
 * and separators only) take a fast path, 64 bytes at a time (scan.c), that
 * hands everything else to the byte-at-a-time machine here.
 */
#include "grammar.h"
#include "parser.h"
#include "scan.h"

#include <string.h>

/* ==== Parser state ==== */

/* Starts a new shelf: the next line in line mode. */
static void begin_shelf(shelf_parser *p) {
  p->state = STATE_BETWEEN;
  p->pos = SHELF_AFTER_NOTHING;
  p->in_list = 0;
  p->labelled = 0;
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
  p->scanner = shelf__scan_best();
  shelf_parser_reset(p);
  *out = p;
  return SHELF_OK;
}

int shelf__parser_scanner(shelf_parser *p, int kind) {
  if (p == NULL || !shelf__scan_runs(kind))
    return 0;
  p->scanner = kind;
  return 1;
}

void shelf_parser_free(shelf_parser *p) { free(p); }

void shelf_parser_reset(shelf_parser *p) {
  if (p == NULL)
    return;
  unsigned flags = p->flags;
  int scanner = p->scanner;
  memset(p, 0, sizeof *p);
  p->flags = flags;
  p->scanner = scanner;
  p->line = 1;
  begin_shelf(p);
}

const shelf_parse_error *shelf_parser_error(const shelf_parser *p) {
  return p != NULL ? &p->error : NULL;
}

shelf_status shelf__parser_skip_line(shelf_parser *p) {
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
    shelf__token_from_number(p, SHELF_EXPECTED_INTEGER);
    return shelf__token_end(p);
  }
  p->state = STATE_BETWEEN;
  p->pos = SHELF_AFTER_WEIGHT;
  if (counted(p) && p->due == DUE_COUNT) {
    if (p->neg && p->mag != 0) {
      shelf__token_from_number(p, SHELF_BAD_COUNT);
      return shelf__fail_at(p, SHELF_BAD_COUNT, p->tok_offset, p->tok_line,
                            p->tok_start);
    }
    p->due = p->mag; /* the count is not a wheel */
    return SHELF_OK;
  }
  if (counted(p))
    p->due--; /* never 0 here: between() refuses weights past the count */
  return solver_push(s, p->neg ? (int64_t)(0 - p->mag) : (int64_t)p->mag);
}

/* ==== Line ends ==== */

/* The shelf ends at a line feed (line mode) or at the end of input. */
static shelf_status shelf_end_check(shelf_parser *p) {
  if (p->in_list) {
    shelf__found_clear(p);
    shelf__found_add(p, '[', 0);
    return shelf__fail_at(p, SHELF_UNCLOSED, p->open_offset, p->open_line,
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

/* Handles one byte between items. *ended is set when a line feed ended a
 * shelf (line mode). */
static shelf_status between(shelf_parser *p, unsigned char c, uint64_t off,
                            int *ended) {
  int cls = byte_class(c);
  if (p->pos == AFTER_EQUALS && !blank(p, cls) && cls != BYTE_OPEN)
    return shelf__fail_here(p, SHELF_EXPECTED_LIST, off);
  /* Past the last counted weight, only blanks (and the list's end). */
  if (p->due == 0 && !blank(p, cls) && cls != BYTE_NL && cls != BYTE_CTRL &&
      cls != BYTE_HIGH && !(cls == BYTE_CLOSE && p->in_list)) {
    shelf__token_fixed(p, SHELF_TOO_MANY, c, off);
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
    return shelf__fail_byte(p, SHELF_EMPTY_ITEM, off, c);
  case BYTE_OPEN:
    if (counted(p)) /* the counted layout has no brackets */
      return shelf__fail_byte(p, SHELF_UNEXPECTED_CHAR, off, c);
    if (p->pos == SHELF_AFTER_NOTHING || p->pos == AFTER_EQUALS) {
      p->in_list = 1;
      p->pos = SHELF_AFTER_OPEN;
      p->open_offset = off;
      p->open_line = p->line;
      p->open_start = p->line_start;
      return SHELF_OK;
    }
    shelf_status code = p->pos == SHELF_AFTER_CLOSE ? SHELF_AFTER_LIST
                        : p->in_list                ? SHELF_NESTED
                                                    : SHELF_MISPLACED_BRACKET;
    return shelf__fail_byte(p, code, off, c);
  case BYTE_CLOSE:
    if (counted(p))
      return shelf__fail_byte(p, SHELF_UNEXPECTED_CHAR, off, c);
    if (p->pos == SHELF_AFTER_CLOSE)
      break;
    if (!p->in_list)
      return shelf__fail_byte(p, SHELF_UNOPENED, off, c);
    p->in_list = 0;
    p->pos = SHELF_AFTER_CLOSE;
    return SHELF_OK;
  case BYTE_CTRL:
    return shelf__fail_byte(p, SHELF_CONTROL, off, c);
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
      return shelf__fail_byte(p, SHELF_BAD_UTF8, off, c);
    return SHELF_OK;
  default: /* BYTE_OTHER */
    if (p->pos == SHELF_AFTER_CLOSE)
      break;
    shelf__token_begin(p, off);
    if (p->pos == SHELF_AFTER_NOTHING && !p->in_list && !counted(p) &&
        name_start(c))
      p->state = STATE_NAME;
    shelf__token_add(p, c);
    return SHELF_OK;
  }
  /* Anything but a separator after the closing bracket. */
  shelf__token_fixed(p, SHELF_AFTER_LIST, c, off);
  return SHELF_OK;
}

/* The byte after a weight's digits: the weight ends there, or turns out to
 * be other text (1.5, 1e3, 12abc, 5-3). */
static shelf_status number_next(shelf_parser *p, shelf_solver *s,
                                unsigned char c, uint64_t off, int *ended) {
  if (!ends_token(byte_class(c))) {
    shelf__token_from_number(p, SHELF_OK);
    shelf__token_add(p, c);
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
    shelf__token_add(p, c);
    return SHELF_OK;
  }
  if (c == '=') {
    p->state = STATE_BETWEEN;
    p->pos = AFTER_EQUALS;
    return SHELF_OK;
  }
  /* `Input: nums = [1, 5, 2]`, as LeetCode's examples give a shelf: the
   * label, once, then the named list; `Input:` followed by anything else is
   * the error token it opens. */
  if (p->state == STATE_NAME && c == ':' && !p->labelled && p->found_len == 5 &&
      memcmp(p->found, "Input", 5) == 0) {
    shelf__token_add(p, c);
    p->state = STATE_LABEL;
    p->labelled = 1;
    return SHELF_OK;
  }
  /* A carriage return is a blank where a line feed is, and take() checks
   * that its line feed follows (reporting the name first if not). */
  if (blank(p, cls) && !(cls == BYTE_CR && by_line(p))) {
    p->state = STATE_EQUALS;
    return SHELF_OK;
  }
  if (p->state == STATE_EQUALS || ends_token(cls))
    return shelf__token_end(p);
  p->state = STATE_TOKEN;
  shelf__token_add(p, c);
  return SHELF_OK;
}

/* After `Input:`: blanks, then the name of a named list. Anything else
 * ends the error token `Input:` (or, with no blank between, goes on with
 * it, as in `Input:5`). */
static shelf_status label_next(shelf_parser *p, unsigned char c, uint64_t off) {
  int cls = byte_class(c);
  if (name_start(c)) {
    shelf__token_begin(p, off);
    p->state = STATE_NAME;
    shelf__token_add(p, c);
    return SHELF_OK;
  }
  /* A carriage return is a blank where a line feed is (as after a name). */
  if (blank(p, cls) && !(cls == BYTE_CR && by_line(p))) {
    p->labelled = 2;
    return SHELF_OK;
  }
  if (p->labelled == 2 || ends_token(cls))
    return shelf__token_end(p);
  p->state = STATE_TOKEN;
  shelf__token_add(p, c);
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
    shelf__found_clear(p);
    for (int i = 0; i < p->utf8_len; i++)
      shelf__found_add(p, p->utf8[i], 0);
    shelf__found_add(p, c, 0);
    return shelf__fail_at(p, SHELF_BAD_UTF8, p->tok_offset, p->line,
                          p->line_start);
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
  shelf__found_clear(p);
  shelf__found_add(p, 'U', 0);
  shelf__found_add(p, '+', 0);
  int shift = 12; /* at least four hex digits, as U+00E9 */
  while (shift < 20 && cp >> (shift + 4) != 0)
    shift += 4;
  for (; shift >= 0; shift -= 4)
    shelf__found_add(p, (unsigned char)hex[(cp >> shift) & 15], 0);
  return shelf__fail_at(p, SHELF_UNEXPECTED_CHAR, p->tok_offset, p->line,
                        p->line_start);
}

/* Whether a name is waiting for its '=': its error, if none comes, is the
 * first in the text. */
static int name_pending(const shelf_parser *p) {
  return p->state == STATE_NAME || p->state == STATE_EQUALS ||
         p->state == STATE_LABEL;
}

/* Takes the byte c at offset `off` (not a digit inside a weight: feed()
 * takes those in a run). */
static shelf_status take(shelf_parser *p, shelf_solver *s, unsigned char c,
                         uint64_t off, int *ended) {
  if (p->cr) { /* a CR must be followed by LF */
    p->cr = 0;
    if (c != '\n') {
      if (name_pending(p)) /* the name, without its '=', comes first */
        return shelf__token_end(p);
      return shelf__fail_byte(p, SHELF_CONTROL, p->cr_offset, '\r');
    }
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
      return shelf__token_end(p);
    shelf__token_add(p, c);
    return SHELF_OK;
  case STATE_NAME:
  case STATE_EQUALS:
    return name_next(p, c);
  case STATE_LABEL:
    return label_next(p, c, off);
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
      shelf__token_from_number(p, SHELF_WEIGHT_RANGE);
      shelf__token_add(p, b[i]);
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
  size_t j =
      shelf__scan_plain(p->scanner, s, b, i, len, by_line(p), limit, &r);
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

size_t shelf__parser_quick_line(shelf_parser *p, const char *data,
                                size_t i, size_t len, int64_t *w,
                                unsigned *n) {
  /* At a line's start, before a shelf: with --counted, before its count. */
  if (!(p->flags & SHELF_PARSE_LINES) || p->failed != SHELF_OK ||
      p->state != STATE_BETWEEN || p->pos != SHELF_AFTER_NOTHING || p->cr ||
      p->offset != p->line_start || (counted(p) && p->due != DUE_COUNT))
    return 0;
  int lines = counted(p) ? 2 : 1;
  unsigned first;
  /* Signed and unsigned 64-bit words may alias: the scanner's digit words
   * become these weights in place. */
  size_t used = shelf__scan_line(p->scanner, (const unsigned char *)data, i,
                                 len, lines, (uint64_t *)(void *)w, n, &first);
  if (used == 0)
    return 0;
  if (lines == 2) {
    /* A count alone on its line, then as many weights on the next, the
     * last right before the line feed: there the machine ends the shelf.
     * A count of 0 would end it after its own line. */
    if (first != 1 || *n < 2 || w[0] != (int64_t)*n - 1)
      return 0;
    *n -= 1;
    memmove(w, w + 1, *n * sizeof *w);
  }
  p->offset += used;
  p->line += (uint64_t)lines;
  p->line_start = p->offset;
  return used;
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
    return shelf__fail_byte(p, SHELF_CONTROL, p->cr_offset, '\r');
  switch (p->state) {
  case STATE_NUMBER:
    st = number_end(p, s);
    break;
  case STATE_TOKEN:
  case STATE_NAME:
  case STATE_EQUALS:
  case STATE_LABEL:
    return shelf__token_end(p);
  case STATE_UTF8:
    shelf__found_clear(p);
    for (int i = 0; i < p->utf8_len; i++)
      shelf__found_add(p, p->utf8[i], 0);
    return shelf__fail_at(p, SHELF_BAD_UTF8, p->tok_offset, p->line,
                          p->line_start);
  default:
    break;
  }
  if (st != SHELF_OK)
    return st;
  if (p->pos == AFTER_EQUALS)
    return shelf__fail_here(p, SHELF_EXPECTED_LIST, p->offset);
  st = shelf_end_check(p);
  if (st != SHELF_OK)
    return st;
  int pending; /* a shelf has begun and not yet been ended */
  if (counted(p)) {
    /* With many counted shelves, nothing after the last is no shelf; with
     * one, the count is required. */
    int many = (p->flags & SHELF_PARSE_LINES) != 0;
    if (p->due == DUE_COUNT && !many)
      return shelf__fail_here(p, SHELF_EXPECTED_INTEGER, p->offset);
    if (p->due != DUE_COUNT && p->due > 0)
      return shelf__fail_here(p, SHELF_TOO_FEW, p->offset);
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

shelf_status shelf__parser_place(const shelf_parser *p,
                                 shelf_parse_place *out) {
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
