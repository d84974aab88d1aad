/*
 * parse.c - the input grammar, as a push parser that feeds a solver.
 *
 * Text arrives in pieces split anywhere (the CLI reads 64 KiB blocks), so
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
 * and solving are one pass over the bytes.
 */
#include "internal.h"

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
  C_CTRL,  /* other C0 controls and DEL */
  C_HIGH   /* 0x80 and up: never valid, but told apart for the message */
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
  uint64_t open_start;     /* its line's start */
  /* The weight being read. */
  int neg;                 /* a '-' sign */
  int has_sign;            /* any sign */
  uint64_t mag;            /* magnitude of the digits so far */
  uint64_t digits;         /* how many digits, leading zeros included */
  uint64_t tok_offset;     /* where the weight or error token starts */
  uint64_t tok_line;
  uint64_t tok_start;      /* its line's start */
  /* The error token being collected. */
  shelf_status tok_code;   /* a fixed code, or SHELF_OK to classify */
  char found[FOUND_MAX + 8];
  size_t found_len;
  int found_cut;           /* text was left out of `found` */
  int tok_chars;           /* characters seen, sign excluded */
  int tok_numeric;         /* still looks like 1.5, 1e3 or 0x10 */
  int tok_digit;           /* has a digit */
  int tok_all_digits;      /* sign and digits only */
  /* A multi-byte character. */
  unsigned char utf8[4];
  int utf8_len;
  int utf8_need;
  /* A carriage return waiting for its line feed. */
  int cr;
  uint64_t cr_offset;
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
    return fail_byte(p, p->pos == P_CLOSED ? SHELF_AFTER_LIST
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
  found_clear(p);
  for (int i = 0; i < p->utf8_len; i++)
    found_add(p, p->utf8[i], 1);
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
    unsigned char c = b[i];
    uint64_t off = base + i;
    if (p->cr) { /* a CR must be followed by LF */
      p->cr = 0;
      if (c != '\n') {
        rc = fail_byte(p, SHELF_CONTROL, p->cr_offset, '\r');
        break;
      }
    }
    if (c == '\r') {
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

shelf_status shelf_parser_finish(shelf_parser *p, shelf_solver *s,
                                 int *ended) {
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
  if (!(p->flags & SHELF_PARSE_LINES) || p->offset > p->line_start)
    *ended = p->state != ST_SKIP;
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
  st = shelf_solver_new(&s, SHELF_KEEP_WEIGHTS);
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
