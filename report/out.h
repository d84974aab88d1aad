/*
 * out.h - the programs' writer: buffered output to a file descriptor, for
 * the shelf command and shelf-mpi (the library writes no bytes anywhere).
 *
 * One buffer per stream, flushed with write(2) when full, before the command
 * blocks on input, and at exit; stdio is not used for results, so a write
 * error (a full disk, a closed pipe) is seen and reported once.
 *
 * Why not the library's text buffer (src/core/text.h): that one builds text in
 * memory and is internal to libshelf, while this one streams to an fd and
 * is built, as the programs are, on the public API alone (numbers through
 * shelf_i128_format()). The two printf dialects agree on the letters they
 * share: %s a string, %u a uint64_t, %w an int64_t, %I a pointer to a
 * shelf_i128.
 */
#ifndef SHELF_REPORT_OUT_H
#define SHELF_REPORT_OUT_H

#include <shelf.h>

#include <stddef.h>
#include <stdint.h>

#define OUT_BUFSIZE (1u << 16)

typedef struct out {
  int fd;     /* where it goes */
  int error;  /* errno of the first failed write, or 0 */
  size_t len; /* bytes waiting in buf */
  char buf[OUT_BUFSIZE];
} out;

void out_init(out *o, int fd);
/* Writes what is buffered; returns 0, or the errno of a failed write. */
int out_flush(out *o);
void out_bytes(out *o, const char *s, size_t n);
void out_str(out *o, const char *s);
void out_char(out *o, char c);
void out_i128(out *o, shelf_i128 v);
void out_u64(out *o, uint64_t v);
/* A small printf for results, on the buffer (never stdio, so that write
 * errors are seen in one place). Conversions: %s a string, %u a uint64_t,
 * %w an int64_t (a weight), %I a pointer to a shelf_i128 (these four as in
 * the library's src/core/text.h), %J a string as a JSON string with its quotes,
 * %% a percent. There is no %d: its C meaning (int) and a weight's type
 * differ, and a mix-up would compile. 128-bit values go by pointer because
 * clang 14 reads a variadic __int128 from the wrong place once arguments
 * spill to the stack. */
void out_format(out *o, const char *fmt, ...);
/* n bytes as a JSON string with its quotes: NUL and other control bytes
 * escaped, bytes that are not UTF-8 written as U+FFFD, so that any bytes
 * make valid JSON (what %J does with a NUL-terminated string). */
void out_json_bytes(out *o, const char *s, size_t n);
/* The length of the well-formed UTF-8 sequence of 2 to 4 bytes at s (at
 * most n bytes), or 0 when there is none: no overlong form, no surrogate,
 * nothing past U+10FFFF. The JSON above and `shelf check`'s report of a
 * program's output both keep such text as it is. */
size_t utf8_length(const unsigned char *s, size_t n);
/* The number of characters shelf_i128_format() writes for v. */
int i128_width(shelf_i128 v);

/* Room for a file name or an option argument shown in a message. */
#define SHOWN_SIZE 1024
/* Copies s into buf[0..size) for a message on the terminal, escaped as the
 * parser escapes the text it found: printable ASCII as it is, '"' and '\\'
 * after a backslash, every other byte as \xHH, so that no newline or escape
 * sequence reaches stderr. Text that does not fit ends in "...". Returns
 * buf. */
const char *escape_text(const char *s, char *buf, size_t size);

#endif
