/*
 * notes.c - notes on input that parses but may not mean what was meant: a
 * count before the weights, and numbers grouped by thousands (shelf.h).
 *
 * Both checks read bytes one at a time through small state machines, so
 * that text split anywhere across reads gives the same notes. The words
 * are in words.c (shelf_note_sentence).
 */
#include "internal.h"

#include <string.h>

/* The longest token looked at: a grouped 64-bit number (a sign, 19 digits
 * in 7 groups) and a trailing comma fit with room to spare. */
#define TOKEN_MAX SHELF_NOTE_TEXT_MAX

struct shelf_notes {
  uint64_t scanned; /* bytes of text looked at */
  uint64_t line;    /* the line being read, from 1; 0 for arguments */
  uint64_t arg;     /* the argument being read, from 1 */
  /* The first line: a lone non-negative integer? */
  int first_state;  /* where the first line's reading is */
  int first_digits; /* digits of it so far */
  uint64_t first;   /* its value */
  /* The token being read (bytes between blanks). */
  char token[TOKEN_MAX + 1];
  size_t token_len;
  int token_long; /* longer than TOKEN_MAX: no grouped number */
  /* The first grouped number seen. */
  int grouped;           /* 1 once found, 2 once noted or dropped */
  uint64_t grouped_line; /* its line, or 0 for an argument */
  uint64_t grouped_arg;  /* its argument */
  char grouped_text[TOKEN_MAX + 1];
};

/* Where the reading of the first line is. */
enum { FIRST_LEAD, FIRST_DIGITS, FIRST_TRAIL, FIRST_LONE, FIRST_NOT };

shelf_status shelf_notes_new(shelf_notes **out) {
  if (out == NULL)
    return SHELF_INVALID;
  shelf_notes *n = calloc(1, sizeof *n);
  if (n == NULL)
    return SHELF_NOMEM;
  n->line = 1;
  *out = n;
  return SHELF_OK;
}

void shelf_notes_free(shelf_notes *n) { free(n); }

static int is_blank(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* ==== A count on the first line ==== */

static void first_line(shelf_notes *n, unsigned char c) {
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

static void token_end(shelf_notes *n) {
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

static void token_byte(shelf_notes *n, unsigned char c) {
  if (is_blank(c)) {
    token_end(n);
    if (c == '\n' && n->line > 0)
      n->line++;
  } else if (n->token_len < TOKEN_MAX) {
    n->token[n->token_len++] = (char)c;
  } else {
    n->token_long = 1;
  }
}

/* ==== Reading ==== */

shelf_status shelf_notes_feed(shelf_notes *n, const char *data, size_t len) {
  if (n == NULL || (data == NULL && len > 0))
    return SHELF_INVALID;
  for (size_t k = 0; k < len && n->scanned < SHELF_NOTES_SCAN_MAX; k++) {
    unsigned char c = (unsigned char)data[k];
    first_line(n, c);
    token_byte(n, c);
    n->scanned++;
  }
  return SHELF_OK;
}

shelf_status shelf_notes_finish(shelf_notes *n) {
  if (n == NULL)
    return SHELF_INVALID;
  /* A token cut at the limit is not judged: its end was not read. */
  if (n->scanned < SHELF_NOTES_SCAN_MAX)
    token_end(n);
  return SHELF_OK;
}

shelf_status shelf_notes_arg(shelf_notes *n, const char *arg) {
  if (n == NULL || arg == NULL)
    return SHELF_INVALID;
  n->line = 0;
  n->arg++;
  for (; *arg != '\0'; arg++)
    token_byte(n, (unsigned char)*arg);
  token_end(n);
  return SHELF_OK;
}

/* ==== Taking the notes ==== */

size_t shelf_notes_take(shelf_notes *n, uint64_t wheels, uint64_t line,
                        shelf_note out[2]) {
  size_t k = 0;
  if (n == NULL || out == NULL)
    return 0;
  if (line == 0 && n->first_state == FIRST_LONE && wheels >= 2 &&
      n->first == wheels - 1) {
    memset(&out[k], 0, sizeof out[k]);
    out[k].kind = SHELF_NOTE_COUNT;
    out[k].line = 1;
    out[k].count = n->first;
    k++;
  }
  /* In batch mode a grouped number is noted with its own line's shelf,
   * and dropped if that line failed. */
  int batch_text = line > 0 && n->grouped_line > 0;
  if (n->grouped != 1 || (batch_text && n->grouped_line > line))
    return k;
  n->grouped = 2; /* noted once */
  if (batch_text && n->grouped_line < line)
    return k;
  shelf_note *note = &out[k];
  memset(note, 0, sizeof *note);
  note->kind = SHELF_NOTE_THOUSANDS;
  note->line = n->grouped_line;
  note->arg = n->grouped_line == 0 ? n->grouped_arg : 0;
  note->count = 1;
  size_t d = 0;
  for (const char *t = n->grouped_text; *t != '\0'; t++) {
    if (*t == ',')
      note->count++;
    else
      note->digits[d++] = *t;
  }
  memcpy(note->text, n->grouped_text, strlen(n->grouped_text) + 1);
  return k + 1;
}
