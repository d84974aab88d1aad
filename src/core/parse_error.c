/*
 * parse_error.c - the parse error's record, shelf_parse_error (words.c
 * words it): the `found` text, escaped so that it prints on one line and
 * cut at FOUND_MAX bytes; the code and place of the failure; and the error
 * token, the text from where an error starts up to the next separator,
 * collected byte by byte as it arrives (it may straddle two pieces) and
 * classified when it ends: 1.5 is SHELF_NOT_INTEGER, abc
 * SHELF_EXPECTED_INTEGER, twenty nines SHELF_WEIGHT_RANGE.
 *
 * parse.c decides that there is an error and where it starts; this file
 * records what it was. It runs only on text that may be an error (and on a
 * list's name, collected in case no '=' follows), never on plain weights,
 * so it is kept out of parse.c, whose byte loop must stay whole there to
 * inline. parser.h holds the state both files share.
 */
#include "grammar.h"
#include "parser.h"

#include <string.h>

/* ==== Errors ==== */

/* Appends text to `found`, escaped so that it prints on one line. */
void shelf__found_add(shelf_parser *p, unsigned char c, int raw) {
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

void shelf__found_clear(shelf_parser *p) {
  p->found_len = 0;
  p->found_cut = 0;
}

/* Fails the parser with `code` at the given place; `found` is what was
 * collected. */
shelf_status shelf__fail_at(shelf_parser *p, shelf_status code, uint64_t offset,
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
shelf_status shelf__fail_byte(shelf_parser *p, shelf_status code,
                              uint64_t offset, unsigned char c) {
  shelf__found_clear(p);
  shelf__found_add(p, c, 0);
  return shelf__fail_at(p, code, offset, p->line, p->line_start);
}

/* Fails at `offset` on the current line with nothing to show: the place is
 * where something else was expected. */
shelf_status shelf__fail_here(shelf_parser *p, shelf_status code,
                              uint64_t offset) {
  shelf__found_clear(p);
  return shelf__fail_at(p, code, offset, p->line, p->line_start);
}

/* ==== Error tokens ==== */

void shelf__token_add(shelf_parser *p, unsigned char c) {
  int cls = byte_class(c);
  shelf__found_add(p, c, 0);
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
void shelf__token_begin(shelf_parser *p, uint64_t offset) {
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
  shelf__found_clear(p);
}

/* Starts an error token whose code is fixed whatever its text. */
void shelf__token_fixed(shelf_parser *p, shelf_status code, unsigned char c,
                        uint64_t off) {
  shelf__token_begin(p, off);
  p->tok_code = code;
  shelf__token_add(p, c);
  p->tok_all_digits = 0;
  p->tok_numeric = 0;
}

/* A weight that turned out bad: restart as a token holding its text. */
void shelf__token_from_number(shelf_parser *p, shelf_status code) {
  uint64_t offset = p->tok_offset, line = p->tok_line, start = p->tok_start;
  int neg = p->neg, sign = p->has_sign;
  uint64_t mag = p->mag, digits = p->digits;
  shelf__token_begin(p, offset);
  p->tok_line = line;
  p->tok_start = start;
  p->tok_code = code;
  if (sign)
    shelf__token_add(p, neg ? '-' : '+');
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
    shelf__token_add(p, '0');
  while (k > 0)
    shelf__token_add(p, (unsigned char)buf[--k]);
}

shelf_status shelf__token_end(shelf_parser *p) {
  shelf_status code = p->tok_code;
  if (p->tok_all_digits && p->tok_digit)
    code = SHELF_WEIGHT_RANGE; /* digits only: it failed by size */
  else if (code == SHELF_OK || code == SHELF_WEIGHT_RANGE)
    code = p->tok_numeric && p->tok_digit ? SHELF_NOT_INTEGER
                                          : SHELF_EXPECTED_INTEGER;
  return shelf__fail_at(p, code, p->tok_offset, p->tok_line, p->tok_start);
}
