/*
 * notes.h - notes on input that parses but may not mean what its writer
 * meant: a count before the weights, and numbers grouped by thousands.
 *
 * A note is one line on stderr, "shelf: note: PLACE: ...", printed with a
 * shelf that was answered as usual (the exit status stays 0); nothing is
 * noted about a shelf that fails. The text is looked at as it is read,
 * beside the parser, and only so far: the count needs the first line, and
 * the thousands check reads the first NOTES_SCAN_MAX bytes of a file or
 * of standard input (arguments are always read whole), so that a long
 * input costs nothing more.
 */
#ifndef SHELF_CLI_NOTES_H
#define SHELF_CLI_NOTES_H

#include <stddef.h>
#include <stdint.h>

/* How much of a file or standard input the thousands check reads. */
#define NOTES_SCAN_MAX 65536u

/* The longest token that can be a grouped 64-bit number: a sign, 19 digits
 * in 7 groups, and a trailing comma. */
#define NOTES_TOKEN_MAX 28

typedef struct notes {
  uint64_t scanned; /* bytes of text looked at */
  uint64_t line;    /* the line being read, from 1; 0 for arguments */
  int arg;          /* the argument being read, from 1 */
  /* The first line: a lone non-negative integer? */
  int first_state;  /* where the first line's reading is (notes.c) */
  int first_digits; /* digits of it so far */
  uint64_t first;   /* its value */
  /* The token being read (bytes between blanks). */
  char token[NOTES_TOKEN_MAX + 1];
  size_t token_len;
  int token_long; /* longer than NOTES_TOKEN_MAX: no grouped number */
  /* The first grouped number seen. */
  int grouped;           /* 1 once found, 2 once noted or dropped */
  uint64_t grouped_line; /* its line, or 0 for an argument */
  int grouped_arg;       /* its argument */
  char grouped_text[NOTES_TOKEN_MAX + 1];
} notes;

/* Starts with line 1 of a text input. */
void notes_init(notes *n);
/* Looks at the next piece of a file or standard input. */
void notes_text(notes *n, const char *data, size_t len);
/* The input has ended. */
void notes_end(notes *n);
/* Looks at command-line argument k (from 1), whole. */
void notes_arg(notes *n, int k, const char *arg);

/* Prints what there is to note about a shelf of `wheels` wheels that was
 * answered: `source` is the file name as shown in messages, or NULL; in
 * batch mode (`line` > 0) only a grouped number on that line is noted, and
 * the count is not looked for. */
void notes_print(notes *n, const char *source, uint64_t line, uint64_t wheels);

#endif
