/*
 * parser.h - the push parser's state, for the two files that share it:
 * parse.c, the grammar (what is an error, and where it starts), and
 * parse_error.c, which records what it was (the `found` text, the error
 * token, the code and place of the failure). shelf.h leaves shelf_parser
 * opaque; only these two files see inside it.
 *
 * The functions here are parse_error.c's, global only between the
 * library's files and named shelf__ (internal.h says why). They are cold:
 * parse.c calls them only on text that may be an error, so they live apart
 * from its byte loop, which stays whole in parse.c for the compiler to
 * inline.
 */
#ifndef SHELF_PARSER_H
#define SHELF_PARSER_H

#include "internal.h"

#include <stddef.h>
#include <stdint.h>

enum {
  STATE_BETWEEN, /* between items: separators, brackets, or a weight's start */
  STATE_NUMBER,  /* inside a weight */
  STATE_TOKEN,   /* collecting an error token up to its end */
  STATE_NAME,    /* a name that may be followed by '=' and a list */
  STATE_EQUALS,  /* blanks after a name, waiting for its '=' */
  STATE_UTF8,    /* collecting a multi-byte character (always an error, or the
                    byte-order mark) */
  STATE_LABEL,   /* after the label `Input:` (as LeetCode's examples write a
                    shelf), waiting for the name of its named list */
  STATE_SKIP,    /* line mode, after skip_line: until the end of the line */
  STATE_FAILED
};

/* Where the shelf is, between items: a shelf_parse_after, or after a name's
 * '=', where only its list may follow. */
#define AFTER_EQUALS 5

/* SHELF_PARSE_COUNTED: `due` before the count has been read. */
#define DUE_COUNT UINT64_MAX

/* The most bytes of text `found` shows; "..." follows when there is more. */
#define FOUND_MAX 40

struct shelf_parser {
  unsigned flags;
  int scanner;             /* the fast scanner's path (scan.h: SCAN_*), the
                              processor's best, asked once */
  shelf_status failed;     /* sticky parse error, or SHELF_OK */
  shelf_parse_error error; /* its details */
  int state;               /* STATE_* */
  int pos;                 /* what came last: SHELF_AFTER_*, AFTER_EQUALS */
  int in_list;             /* 1 between '[' and ']' */
  int labelled;            /* the shelf opened with `Input:` (1), and blanks
                              followed it (2); 0 before */
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

/* ==== Errors and error tokens (parse_error.c) ==== */

/* Appends a byte to `found`, escaped unless `raw` (\" \\ \xHH), and marks
 * it cut once FOUND_MAX bytes are full. */
void shelf__found_add(shelf_parser *p, unsigned char c, int raw);
void shelf__found_clear(shelf_parser *p);

/* Each fails the parser for good (STATE_FAILED) and returns `code`: at a
 * given place, showing what `found` holds; at the byte at `offset` on the
 * current line, showing that byte; or there, showing nothing. */
shelf_status shelf__fail_at(shelf_parser *p, shelf_status code, uint64_t offset,
                            uint64_t line, uint64_t line_start);
shelf_status shelf__fail_byte(shelf_parser *p, shelf_status code,
                              uint64_t offset, unsigned char c);
shelf_status shelf__fail_here(shelf_parser *p, shelf_status code,
                              uint64_t offset);

/* An error token: begun at `offset` (STATE_TOKEN), or with a code fixed
 * whatever its text, or from a weight that turned out bad; a byte added;
 * and its end, which classifies it unless its code was fixed and fails
 * the parser where it began. */
void shelf__token_begin(shelf_parser *p, uint64_t offset);
void shelf__token_fixed(shelf_parser *p, shelf_status code, unsigned char c,
                        uint64_t off);
void shelf__token_from_number(shelf_parser *p, shelf_status code);
void shelf__token_add(shelf_parser *p, unsigned char c);
shelf_status shelf__token_end(shelf_parser *p);

#endif /* SHELF_PARSER_H */
