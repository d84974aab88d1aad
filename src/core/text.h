/*
 * text.h - the one text buffer of libshelf, for its sentences and its
 * pictures (text.c). Internal: every function is named shelf__text_*,
 * written out where it is called.
 *
 * A text is of one of two kinds, and the same writers serve both:
 *   - bounded: a caller's buffer of fixed size, snprintf-style. Every byte
 *     asked for is counted and copied while it fits, a byte is kept for
 *     the NUL that shelf__text_done() writes, so that one pass gives both
 *     the text and the length it needs (the
 *     sentences of words.c, mistakes.c, problems.c, judge_words.c);
 *   - growing: memory of its own that doubles as needed, with a sticky
 *     out-of-memory flag, so that a picture of any size is written without
 *     a check after every write (svg*.c). The caller frees p.
 *
 * The command's writer, report/out.c, is apart on purpose: it belongs to
 * the programs, not to the library (which does no I/O), writes to a file
 * descriptor with write(2), and sees only the public API. Where the two
 * printf dialects share a letter, it means the same type.
 */
#ifndef SHELF_TEXT_H
#define SHELF_TEXT_H

#include "internal.h"

#include <stdarg.h>
#include <stddef.h>

typedef struct text {
  char *p;    /* the text; growing: NUL-terminated once anything is
                 written; bounded: once shelf__text_done() has run */
  size_t len; /* bytes written; bounded: bytes asked for, fitted or not */
  size_t cap; /* bytes at p */
  unsigned char bounded; /* p is the caller's: never grown, never freed */
  unsigned char nomem;   /* growing: sticky, every later write is dropped */
} text;

/* A growing text is `text t = {0}`; a bounded one is this, over the
 * caller's buf[0..size) (buf may be NULL when size is 0: a size query). */
static inline text shelf__text_bounded(char *buf, size_t size) {
  text t = {buf, 0, size, 1, 0};
  return t;
}

void shelf__text_bytes(text *t, const char *s, size_t n);
void shelf__text_str(text *t, const char *s);
void shelf__text_i128(text *t, i128 v);
/*
 * The library's printf, locale-free and with 128-bit numbers:
 *   %d int (as in C), %z size_t, %u uint64_t, %w int64_t (a weight), %I a
 *   pointer to an i128, %t int tenths ("12.5"), %k int thousandths
 *   ("0.125"), %s a string as it is, %% a percent sign.
 * report/out.h's out_format() reads %s, %u, %w and %I the same way.
 * An i128 comes by pointer because clang and gcc disagree on where a
 * variadic __int128 goes once the argument registers run out (clang 14
 * reads it from the wrong place; llvm/llvm-project#41784). An unknown
 * letter is a bug here: the text stops there rather than guess.
 */
void shelf__text_vformat(text *t, const char *fmt, va_list ap);
void shelf__text_format(text *t, const char *fmt, ...);
/* Ends a text: a bounded one gets its NUL where it fits. *len (if not
 * NULL) is the whole length. Returns SHELF_OK, or SHELF_NOMEM when a
 * growing text ran out of memory. */
shelf_status shelf__text_done(text *t, size_t *len);

/* The sentences words.c keeps for other files' public calls. */

/* What a learner reads for a mistake, said of the program or to "you"
 * (shelf_mistake_sentence(), and the game's first mistake). */
void shelf__say_mistake(text *s, shelf_mistake kind, shelf_subject subject);
/* A value typed for block first..last of the lead table, read against
 * the block: mistakes.c finds what it is, words.c says it
 * (shelf_cell_sentence()). */
typedef struct shelf__cell_slip {
  i128 lead;     /* the block's lead */
  i128 rest[2];  /* by shelf_end: the lead of the block that end leaves */
  shelf_end end; /* the end the slip is about */
  size_t ra, rb; /* a neighbour: the wrong block read, ra..rb */
  i128 read;     /* a neighbour: its lead */
} shelf__cell_slip;
void shelf__say_cell_mistake(text *s, const int64_t *w, size_t first,
                             size_t last, shelf_mistake kind, i128 value,
                             const shelf__cell_slip *c);
/* "7 kilos ahead", "1 kilo behind", "level". */
void shelf__say_standing(text *s, i128 margin);
/* "1 kilo", "3 kilos": the number and its unit. */
void shelf__say_kilos(text *s, i128 v);

#endif /* SHELF_TEXT_H */
