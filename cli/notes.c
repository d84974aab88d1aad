/*
 * notes.c - notes on input that parses but may not mean what was meant
 * (see notes.h).
 *
 * Both checks read bytes one at a time through small state machines, so
 * that text split anywhere across reads gives the same notes.
 */
#include "notes.h"

#include <stdio.h>
#include <string.h>

/* Where the reading of the first line is. */
enum { FIRST_LEAD, FIRST_DIGITS, FIRST_TRAIL, FIRST_LONE, FIRST_NOT };

void notes_init(notes *n) {
  memset(n, 0, sizeof *n);
  n->line = 1;
}

static int is_blank(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* ==== A count on the first line ==== */

static void first_line(notes *n, unsigned char c) {
  switch (n->first_state) {
  case FIRST_LEAD:
    /* A byte-order mark may open the input; any other high byte there
     * fails to parse, and a shelf that fails gets no note. */
    if (c >= 0x80 && n->scanned < 3)
      return;
    if (c == '\n' || (!is_blank(c) && !is_digit((char)c)))
      n->first_state = FIRST_NOT;
    else if (is_digit((char)c))
      n->first_state = FIRST_DIGITS;
    else
      return;
    break;
  case FIRST_DIGITS:
    if (c == '\n')
      n->first_state = FIRST_LONE;
    else if (is_blank(c))
      n->first_state = FIRST_TRAIL;
    else if (!is_digit((char)c) || n->first_digits == 19)
      n->first_state = FIRST_NOT;
    break;
  case FIRST_TRAIL:
    if (c == '\n')
      n->first_state = FIRST_LONE;
    else if (!is_blank(c))
      n->first_state = FIRST_NOT;
    return;
  default:
    return;
  }
  if (n->first_state == FIRST_DIGITS) {
    n->first = n->first * 10 + (uint64_t)(c - '0');
    n->first_digits++;
  }
}

/* ==== Numbers grouped by thousands ==== */

/* [+-]d{1,3}(,ddd)+ : a comma followed by exactly three digits, no space,
 * in every group. */
static int is_grouped(const char *t, size_t len) {
  size_t i = len > 0 && (t[0] == '+' || t[0] == '-');
  size_t lead = 0;
  for (; i < len && is_digit(t[i]); i++)
    lead++;
  if (lead < 1 || lead > 3 || i == len)
    return 0;
  for (; i < len; i += 4) {
    if (len - i < 4 || t[i] != ',' || !is_digit(t[i + 1]) ||
        !is_digit(t[i + 2]) || !is_digit(t[i + 3]))
      return 0;
  }
  return 1;
}

static void token_end(notes *n) {
  size_t len = n->token_len;
  /* "1,000, 2,500": the comma after a weight separates it from the next. */
  if (len > 0 && n->token[len - 1] == ',')
    len--;
  if (n->grouped == 0 && !n->token_long && is_grouped(n->token, len)) {
    n->grouped = 1;
    n->grouped_line = n->line;
    n->grouped_arg = n->arg;
    memcpy(n->grouped_text, n->token, len);
    n->grouped_text[len] = '\0';
  }
  n->token_len = 0;
  n->token_long = 0;
}

static void token_byte(notes *n, unsigned char c) {
  if (is_blank(c)) {
    token_end(n);
    if (c == '\n' && n->line > 0)
      n->line++;
  } else if (n->token_len < NOTES_TOKEN_MAX) {
    n->token[n->token_len++] = (char)c;
  } else {
    n->token_long = 1;
  }
}

/* ==== Reading ==== */

void notes_text(notes *n, const char *data, size_t len) {
  for (size_t k = 0; k < len && n->scanned < NOTES_SCAN_MAX; k++) {
    unsigned char c = (unsigned char)data[k];
    first_line(n, c);
    token_byte(n, c);
    n->scanned++;
  }
}

void notes_end(notes *n) {
  /* A token cut at the limit is not judged: its end was not read. */
  if (n->scanned < NOTES_SCAN_MAX)
    token_end(n);
}

void notes_arg(notes *n, int k, const char *arg) {
  n->line = 0;
  n->arg = k;
  for (; *arg != '\0'; arg++)
    token_byte(n, (unsigned char)*arg);
  token_end(n);
}

/* ==== Printing ==== */

static void note_place(const char *source, uint64_t line, int arg) {
  fputs("shelf: note: ", stderr);
  if (line == 0)
    fprintf(stderr, "argument %d: ", arg);
  else
    fprintf(stderr, "%s%sline %llu: ", source ? source : "", source ? ": " : "",
            (unsigned long long)line);
}

void notes_print(notes *n, const char *source, uint64_t line, uint64_t wheels) {
  if (line == 0 && n->first_state == FIRST_LONE && wheels >= 2 &&
      n->first == wheels - 1) {
    note_place(source, 1, 0);
    fprintf(stderr,
            "%llu looks like a count of the %llu weights after it, but it "
            "was read as a wheel; --counted reads it as a count\n",
            (unsigned long long)n->first, (unsigned long long)n->first);
  }
  /* In batch mode a grouped number is noted with its own line's shelf,
   * and dropped if that line failed. */
  int batch_text = line > 0 && n->grouped_line > 0;
  if (n->grouped != 1 || (batch_text && n->grouped_line > line))
    return;
  n->grouped = 2; /* noted once */
  if (batch_text && n->grouped_line < line)
    return;
  char digits[NOTES_TOKEN_MAX + 1];
  size_t k = 0, wheels_read = 1;
  for (const char *t = n->grouped_text; *t != '\0'; t++) {
    if (*t == ',')
      wheels_read++;
    else
      digits[k++] = *t;
  }
  digits[k] = '\0';
  note_place(source, n->grouped_line, n->grouped_arg);
  fprintf(stderr,
          "%s looks like a number grouped by thousands, but a comma "
          "separates weights: it was read as %llu wheels; write %s for "
          "one\n",
          n->grouped_text, (unsigned long long)wheels_read, digits);
}
