/*
 * reference_parse.c - a second parser of the input grammar, for
 * fuzz_parse.c to hold the library's parser (src/core/parse.c) against.
 *
 * It is written from the grammar alone and shares no code with src/core/parse.c
 * (nor with src/core/grammar.h): a mistake copied into both would agree with
 * itself, and the fuzzer would never see it. It is also written as simply
 * as it can be, not as the library is: it sees the whole text at once,
 * looks ahead where it likes, and takes each token whole, so that its
 * answers are easy to check by reading. It decides acceptance, the
 * weights, and for an error its code, place and `found` text.
 *
 * The grammar, from the header and the README, as simply as it can be said:
 * a weight is [+-]?[0-9]+ within int64_t; a token is a maximal run of
 * printable ASCII other than space, comma and square brackets; separators
 * are space, tab, LF, CR LF and comma (a comma only after a weight); one
 * pair of brackets may wrap the shelf, and may be named, `wheels = [...]`,
 * the name once labelled `Input:` as LeetCode writes it;
 * a byte-order mark may open the text. Errors are reported where the
 * offending text starts. In line mode each line is a shelf, and after an
 * error the rest of that line is skipped.
 *
 * Counted (SHELF_PARSE_COUNTED): the first weight is the count, not a
 * wheel, and must not be negative; once that many weights are read only
 * blanks (and the list's closing bracket) may follow; a text that ends
 * before them is too short. With SHELF_PARSE_LINES too, shelf follows shelf
 * over any lines, each ending at the separator after its last weight.
 */
#include "reference_parse.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The `found` text is cut at this many bytes, then "..." is appended. */
#define FOUND_CUT 40

typedef struct ref {
  const uint8_t *d;
  size_t len;
  int lines;   /* SHELF_PARSE_LINES: go on after each shelf and error */
  int counted; /* SHELF_PARSE_COUNTED */
  int by_line; /* each line a shelf: lines, not counted */
  uint64_t line, line_start; /* of the byte being looked at */
  outcome_list *out;
} ref;

/* Weights still due before a counted shelf's count is read. */
#define NO_COUNT UINT64_MAX

/* Appends one byte to `found` as the parser shows it: printable ASCII as
 * is (with \" and \\ escaped), other bytes as \xHH; cut at 40. */
static void found_add(char *found, size_t *len, int *cut, uint8_t c) {
  char esc[5];
  size_t n;
  if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
    esc[0] = (char)c;
    n = 1;
  } else if (c == '"' || c == '\\') {
    esc[0] = '\\';
    esc[1] = (char)c;
    n = 2;
  } else {
    n = (size_t)snprintf(esc, sizeof esc, "\\x%02X", c);
  }
  if (*cut || *len + n > FOUND_CUT) {
    *cut = 1;
    return;
  }
  memcpy(found + *len, esc, n);
  *len += n;
  found[*len] = '\0';
}

/* An error at `offset` on the line of the byte being looked at, showing
 * the bytes from..to. */
static void ref_error(ref *r, shelf_status code, int token, uint64_t offset,
                      size_t from, size_t to) {
  outcome *o = list_add(r->out);
  o->code = code;
  o->token = token;
  o->offset = offset;
  o->line = r->line;
  o->column = offset - r->line_start + 1;
  size_t n = 0;
  int cut = 0;
  for (size_t i = from; i < to; i++)
    found_add(o->found, &n, &cut, r->d[i]);
  if (cut)
    strcat(o->found, "...");
}

static int token_byte(uint8_t c) {
  return c > 0x20 && c < 0x7f && c != ',' && c != '[' && c != ']';
}

/* Where the run of token bytes from i ends. */
static size_t token_end(const ref *r, size_t i) {
  while (i < r->len && token_byte(r->d[i]))
    i++;
  return i;
}

/* A blank between items: space, tab, and a line feed unless it ends the
 * shelf's line. (A carriage return counts only before a line feed.) */
static int ref_blank(const ref *r, uint8_t c) {
  return c == ' ' || c == '\t' || (c == '\n' && !r->by_line);
}

static int name_start(uint8_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int name_char(uint8_t c) {
  return name_start(c) || (c >= '0' && c <= '9');
}

/* [+-]?[0-9]+ as an int64_t: 1 if it is one, 0 if not a number at all,
 * -1 if digits only but out of range. */
static int ref_weight(const uint8_t *t, size_t n, int64_t *w) {
  size_t i = 0;
  int neg = 0;
  if (n > 0 && (t[0] == '+' || t[0] == '-')) {
    neg = t[0] == '-';
    i = 1;
  }
  if (i == n)
    return 0;
  for (size_t k = i; k < n; k++)
    if (t[k] < '0' || t[k] > '9')
      return 0;
  /* Leading zeros do not count, and 20 significant digits already exceed
   * 2^63; 19 fit in a uint64_t. */
  while (i + 1 < n && t[i] == '0')
    i++;
  if (n - i > 19)
    return -1;
  uint64_t mag = 0;
  for (; i < n; i++)
    mag = mag * 10 + (unsigned)(t[i] - '0');
  uint64_t limit = (uint64_t)INT64_MAX + (neg ? 1 : 0);
  if (mag > limit)
    return -1;
  *w = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  return 1;
}

/* UTF-8 from its definition (RFC 3629, section 3), not from parse.c's
 * tables: the lead byte's high bits give the length, each further byte is
 * 10xxxxxx, and the code point must need that length (no overlong form),
 * be no surrogate (U+D800..U+DFFF) and be at most U+10FFFF. */
static size_t utf8_length(uint8_t c) {
  return (c & 0xe0) == 0xc0   ? 2
         : (c & 0xf0) == 0xe0 ? 3
         : (c & 0xf8) == 0xf0 ? 4
                              : 0;
}

/* Whether the first k bytes of a sequence of `need` can still be completed
 * to a valid character: the code points their completions reach form one
 * aligned block, which must meet the valid ones. A prefix that cannot is
 * where the parser stops, showing the bytes up to its last. */
static int completes(const uint8_t *b, size_t k, size_t need) {
  uint32_t cp = b[0] & (0x7fu >> need);
  for (size_t j = 1; j < k; j++)
    cp = cp << 6 | (b[j] & 0x3fu);
  unsigned free_bits = 6 * (unsigned)(need - k);
  uint32_t lo = cp << free_bits, hi = lo | ((1u << free_bits) - 1);
  uint32_t min = need == 2 ? 0x80 : need == 3 ? 0x800 : 0x10000;
  if (lo < min)
    lo = min;
  if (hi > 0x10ffff)
    hi = 0x10ffff;
  return lo <= hi && !(lo >= 0xd800 && hi <= 0xdfff);
}

/* A byte at or above 0x80 at i: never part of a shelf. Records its error:
 * a whole character shown by its code point, or the invalid bytes up to
 * and including the first bad one. */
static void ref_utf8(ref *r, size_t i) {
  uint8_t lead = r->d[i];
  size_t need = utf8_length(lead), end = i + 1;
  int valid = need > 0 && completes(r->d + i, 1, need);
  for (size_t k = 1; valid && k < need; k++) {
    if (i + k >= r->len) { /* cut short by the end of the input */
      valid = 0;
      end = r->len;
      break;
    }
    end = i + k + 1;
    if ((r->d[i + k] & 0xc0) != 0x80 || !completes(r->d + i, k + 1, need))
      valid = 0;
  }
  ref_error(r, valid ? SHELF_UNEXPECTED_CHAR : SHELF_BAD_UTF8, 0, i, i, end);
  if (valid) {
    /* Shown by its code point, U+XXXX (at least four hex digits). */
    uint32_t cp = lead & (0x7fu >> need);
    for (size_t k = i + 1; k < end; k++)
      cp = cp << 6 | (r->d[k] & 0x3fu);
    snprintf(r->out->items[r->out->count - 1].found,
             sizeof r->out->items[0].found, "U+%04" PRIX32, cp);
  }
}

/* Parses the shelf starting at *pos: up to the end of the input, or in line
 * mode up to and including the end of its line, or in counted line mode up
 * to the separator after its last weight. Records one outcome, unless the
 * text held no shelf: in line mode the empty text after the final line
 * feed, in counted line mode blanks after the last shelf. */
static void ref_shelf(ref *r, size_t *pos) {
  enum { BEGIN, OPENED, WEIGHT, COMMA, CLOSED, EQUALS } where = BEGIN;
  int in_list = 0;
  int labelled = 0; /* `Input:` was read */
  uint64_t open_offset = 0, open_line = 0, open_start = 0;
  uint64_t due = NO_COUNT; /* counted: weights still to come */
  size_t i = *pos;
  size_t first = r->out->pool_len;
  const size_t begin = i;
  int line_ended = 0;
  while (i < r->len) {
    uint8_t c = r->d[i];
    if (c == '\r') {
      if (i + 1 < r->len && r->d[i + 1] == '\n') {
        i++; /* a blank: the line feed is looked at next */
        continue;
      }
      ref_error(r, SHELF_CONTROL, 0, i, i, i + 1);
      goto failed;
    }
    if (where == EQUALS && !ref_blank(r, c) && c != '[') {
      ref_error(r, SHELF_EXPECTED_LIST, 0, i, i, i);
      goto failed;
    }
    /* Past the last counted weight: printable text is one weight too many
     * (shown up to the next separator), whatever it is. */
    if (due == 0 && c > 0x20 && c < 0x7f && !(c == ']' && in_list)) {
      ref_error(r, SHELF_TOO_MANY, 0, i, i, token_end(r, i + 1));
      goto failed;
    }
    if (c == ' ' || c == '\t') {
      i++;
      continue;
    }
    if (c == '\n') {
      r->line++;
      r->line_start = i + 1;
      i++;
      if (r->by_line) {
        line_ended = 1;
        break;
      }
      continue;
    }
    if (c < 0x20 || c == 0x7f) {
      ref_error(r, SHELF_CONTROL, 0, i, i, i + 1);
      goto failed;
    }
    if (c >= 0x80) {
      ref_utf8(r, i);
      goto failed;
    }
    if (where == CLOSED) {
      /* The text is shown up to the next separator, except for an opening
       * bracket, which is an error on its own. */
      ref_error(r, SHELF_AFTER_LIST, 0, i, i,
                c == '[' ? i + 1 : token_end(r, i + 1));
      goto failed;
    }
    if (c == ',') {
      if (where != WEIGHT) {
        ref_error(r, SHELF_EMPTY_ITEM, 0, i, i, i + 1);
        goto failed;
      }
      where = COMMA;
      i++;
      continue;
    }
    if ((c == '[' || c == ']') && r->counted) { /* not in that layout */
      ref_error(r, SHELF_UNEXPECTED_CHAR, 0, i, i, i + 1);
      goto failed;
    }
    if (c == '[') {
      if (where != BEGIN && where != EQUALS) {
        ref_error(r, in_list ? SHELF_NESTED : SHELF_MISPLACED_BRACKET, 0, i, i,
                  i + 1);
        goto failed;
      }
      in_list = 1;
      open_offset = i;
      open_line = r->line;
      open_start = r->line_start;
      where = OPENED;
      i++;
      continue;
    }
    if (c == ']') {
      if (!in_list) {
        ref_error(r, SHELF_UNOPENED, 0, i, i, i + 1);
        goto failed;
      }
      in_list = 0;
      where = CLOSED;
      i++;
      continue;
    }
    /* A name and its '=' open a named list. Blanks may stand around the
     * '=' (line feeds and CR LF too, unless each line is a shelf). A name
     * without its '=' is a word like any other. */
    if (where == BEGIN && !in_list && !r->counted && name_start(c)) {
      size_t j = i;
      while (j < r->len && name_char(r->d[j]))
        j++;
      /* `Input:`, once, blanks and a name: LeetCode's label before a named
       * list. With blanks and no name, "Input:" is the word; with neither,
       * it is the start of a longer one. */
      if (!labelled && j - i == 5 && memcmp(r->d + i, "Input", 5) == 0 &&
          j < r->len && r->d[j] == ':') {
        size_t m = j + 1, k = m;
        while (k < r->len && (ref_blank(r, r->d[k]) ||
                              (r->d[k] == '\r' && !r->by_line &&
                               k + 1 < r->len && r->d[k + 1] == '\n')))
          k++;
        if (k < r->len && name_start(r->d[k])) {
          for (size_t q = m; q < k; q++) {
            if (r->d[q] == '\n') {
              r->line++;
              r->line_start = q + 1;
            }
          }
          labelled = 1;
          i = k;
          continue;
        }
        if (k > m) {
          ref_error(r, SHELF_OK, 1, i, i, m);
          goto failed;
        }
      }
      size_t k = j;
      while (k < r->len &&
             (ref_blank(r, r->d[k]) || (r->d[k] == '\r' && !r->by_line &&
                                        k + 1 < r->len && r->d[k + 1] == '\n')))
        k++;
      if (k < r->len && r->d[k] == '=') {
        for (size_t m = j; m < k; m++) {
          if (r->d[m] == '\n') {
            r->line++;
            r->line_start = m + 1;
          }
        }
        where = EQUALS;
        i = k + 1;
        continue;
      }
      if (k > j) { /* blanks, then no '=': the name alone is the word */
        ref_error(r, SHELF_OK, 1, i, i, j);
        goto failed;
      }
    }
    /* A token: a weight (or the count), or an error. */
    size_t end = token_end(r, i);
    int64_t w;
    int k = ref_weight(r->d + i, end - i, &w);
    if (k != 1) {
      ref_error(r, k < 0 ? SHELF_WEIGHT_RANGE : SHELF_OK, k == 0, i, i, end);
      goto failed;
    }
    if (r->counted && due == NO_COUNT) {
      if (w < 0) {
        ref_error(r, SHELF_BAD_COUNT, 0, i, i, end);
        goto failed;
      }
      due = (uint64_t)w;
    } else {
      if (r->counted)
        due--;
      pool_add(r->out, w);
    }
    where = WEIGHT;
    i = end;
    /* A sequence of counted shelves: a shelf ends at the separator after
     * its last weight (the layout has no brackets). A carriage return is
     * looked at again by the next shelf, which checks its line feed. */
    if (r->lines && r->counted && due == 0 && i < r->len) {
      uint8_t s = r->d[i];
      if (s == ' ' || s == '\t' || s == '\n') {
        if (s == '\n') {
          r->line++;
          r->line_start = i + 1;
        }
        i++;
        goto shelf;
      }
      if (s == '\r')
        goto shelf;
    }
  }
  /* The end of the shelf: of the input, or of its line. */
  if (where == EQUALS) {
    ref_error(r, SHELF_EXPECTED_LIST, 0, i, i, i);
    goto failed;
  }
  if (in_list) { /* named at the bracket's place */
    uint64_t line = r->line, start = r->line_start;
    r->line = open_line;
    r->line_start = open_start;
    ref_error(r, SHELF_UNCLOSED, 0, open_offset, open_offset, open_offset + 1);
    r->line = line;
    r->line_start = start;
    r->out->pool_len = first;
    *pos = i; /* the line feed that ended the line is read */
    return;
  }
  if (r->counted) {
    if (due == NO_COUNT) {
      /* Blanks after the last of many counted shelves are no shelf; one
       * counted shelf needs its count. */
      if (r->lines) {
        *pos = i;
        return;
      }
      ref_error(r, SHELF_EXPECTED_INTEGER, 0, i, i, i);
      goto failed;
    }
    if (due > 0) {
      ref_error(r, SHELF_TOO_FEW, 0, i, i, i);
      goto failed;
    }
  } else if (r->by_line && !line_ended && i == begin) {
    /* the empty text after the final line feed (or a lone byte-order
     * mark) is no shelf */
    *pos = i;
    return;
  }
shelf:;
  outcome *o = list_add(r->out);
  o->ok = 1;
  o->has_weights = 1;
  o->first = first;
  o->n = r->out->pool_len - first;
  *pos = i;
  return;
failed:
  /* The weights of a failed shelf are not part of any outcome. */
  r->out->pool_len = first;
  if (!r->lines) {
    *pos = r->len;
    return;
  }
  /* Skip the rest of the line: nothing in it is looked at again. */
  while (i < r->len && r->d[i] != '\n')
    i++;
  if (i < r->len) {
    r->line++;
    r->line_start = i + 1;
    i++;
  }
  *pos = i;
}

void ref_parse(const uint8_t *d, size_t len, unsigned flags,
               outcome_list *out) {
  ref r = {d, len, 0, 0, 0, 1, 0, out};
  r.lines = (flags & SHELF_PARSE_LINES) != 0;
  r.counted = (flags & SHELF_PARSE_COUNTED) != 0;
  r.by_line = r.lines && !r.counted;
  size_t pos = 0;
  if (has_bom(d, len)) {
    pos = 3;
    r.line_start = 3;
  }
  if (!r.lines) {
    ref_shelf(&r, &pos);
    return;
  }
  while (pos < len)
    ref_shelf(&r, &pos);
}
