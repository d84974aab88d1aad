/*
 * pieces.c - the policy of parsing one text in pieces: where to cut, what
 * to guess at a cut, and how to join. The mechanism is the parser's
 * (shelf__parser_place() and shelf_parser_resume(), parse.c); the programs
 * that cut (read.c on threads, mpi/shelf_mpi.c on ranks) keep only
 * their I/O and their threads or ranks.
 *
 * The plan, for one text cut at cut points c1 < c2 < ...:
 *
 *   1. shelf_piece_opening() reads the text's head once: whether the shelf
 *      is in brackets and where the '[' is.
 *   2. Each piece [ck, ck+1) is parsed on its own from a guessed place
 *      (shelf_piece_guess(): a bounded look at the bytes before ck), its
 *      lines counted from 1 at ck, into its own solver; shelf_piece_end()
 *      then says where its parser truly stopped.
 *   3. In text order, each guess is checked against the true end of the
 *      piece before (shelf_piece_fits()); a piece whose guess was wrong is
 *      parsed again from the true place; then its error or its end place is
 *      rebased onto the whole text (shelf_piece_rebase()) and its solver
 *      appended (shelf_solver_append()).
 *
 * The answer is exact for any cuts (docs/algorithm.md, "Cutting the text"):
 * a guess only decides how much is parsed twice, never what is reported,
 * because no piece is taken before its start is checked. For valid text a
 * sure guess is right (shelf.h says why), so the only re-parses are next to
 * errors, after runs of blanks longer than the look-back, and in the
 * counted layout.
 *
 * No I/O, no threads, no allocation: the caller hands over bytes it read.
 */
#include "grammar.h"
#include "internal.h"

#include <string.h>

/* What a fresh parser holds for the weights still due (parse.c). */
#define DUE_COUNT UINT64_MAX

static int only_lines(unsigned flags) {
  return (flags & (SHELF_PARSE_LINES | SHELF_PARSE_COUNTED)) ==
         SHELF_PARSE_LINES;
}

/* Separators a cut may follow (a carriage return waits for its line feed,
 * so it is not one). */
static int cut_after(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == ',';
}

static int blank(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* ==== Cut points ==== */

size_t shelf_piece_cut(const char *text, size_t len, size_t from,
                       unsigned flags) {
  if (text == NULL)
    return len;
  const unsigned char *b = (const unsigned char *)text;
  size_t i = from > 0 ? from : 1;
  if (only_lines(flags)) {
    if (i > len)
      return len;
    const void *nl = memchr(b + i - 1, '\n', len - (i - 1));
    if (nl == NULL)
      return len;
    size_t at = (size_t)((const unsigned char *)nl - b) + 1;
    return at < len ? at : len;
  }
  for (; i < len; i++)
    if (weight_start(b[i]) && cut_after(b[i - 1]))
      return i;
  return len;
}

/* ==== The opening and the guess ==== */

/* A place with nothing before it, at `offset`, on `line`. */
static void fresh_place(shelf_parse_place *p, uint64_t offset, uint64_t line,
                        uint64_t line_start) {
  memset(p, 0, sizeof *p);
  p->offset = offset;
  p->line = line;
  p->line_start = line_start;
  p->after = SHELF_AFTER_NOTHING;
  p->counted = DUE_COUNT;
}

/* Moves past blanks from b[i], counting lines. */
static size_t skip_blanks(const unsigned char *b, size_t i, size_t n,
                          uint64_t *line, uint64_t *start) {
  for (; i < n && blank(b[i]); i++) {
    if (b[i] == '\n') {
      ++*line;
      *start = i + 1;
    }
  }
  return i;
}

shelf_status shelf_piece_opening(const char *head, size_t len, unsigned flags,
                                 shelf_parse_place *out, int *sure) {
  if ((head == NULL && len > 0) || out == NULL || sure == NULL)
    return SHELF_INVALID;
  const unsigned char *b = (const unsigned char *)head;
  size_t i = 0;
  uint64_t line = 1, start = 0;
  if (len >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf)
    i = start = 3; /* it takes no column */
  fresh_place(out, i, 1, start);
  *sure = 1;
  /* The counted layout has no brackets; lines open one by one. */
  if (flags & (SHELF_PARSE_COUNTED | SHELF_PARSE_LINES))
    return SHELF_OK;
  i = skip_blanks(b, i, len, &line, &start);
  /* LeetCode's label, `Input: nums = [`: blanks and a name must follow
   * (parse.c); otherwise the text is an error, with no list. */
  if (len - i >= 6 && memcmp(b + i, "Input:", 6) == 0) {
    size_t at = skip_blanks(b, i + 6, len, &line, &start);
    if (at >= len) {
      *sure = 0; /* the opening goes on past the head */
      return SHELF_OK;
    }
    if (!name_start(b[at]))
      return SHELF_OK;
    i = at;
  }
  if (i < len && name_start(b[i])) {
    while (i < len && name_char(b[i]))
      i++;
    i = skip_blanks(b, i, len, &line, &start);
    if (i < len && b[i] != '=')
      return SHELF_OK; /* a name without its '=': an error, no list */
    i = skip_blanks(b, i + 1, len, &line, &start);
  }
  if (i >= len) {
    *sure = 0; /* the opening goes on past the head */
    return SHELF_OK;
  }
  if (b[i] != '[')
    return SHELF_OK;
  out->offset = i + 1;
  out->line = line;
  out->line_start = start;
  out->after = SHELF_AFTER_OPEN;
  out->in_list = 1;
  out->open_offset = i;
  out->open_line = line;
  out->open_line_start = start;
  return SHELF_OK;
}

shelf_status shelf_piece_guess(const shelf_parse_place *opening,
                               const char *before, size_t len, uint64_t at,
                               unsigned flags, shelf_parse_place *out,
                               int *sure) {
  if (opening == NULL || (before == NULL && len > 0) || out == NULL ||
      sure == NULL)
    return SHELF_INVALID;
  const unsigned char *b = (const unsigned char *)before;
  size_t look = len < SHELF_LOOK_BACK ? len : SHELF_LOOK_BACK;
  /* Lines: a shelf starts after each line feed, and nothing else can be
   * read off the bytes before (the line's own brackets are further back). */
  if (only_lines(flags)) {
    fresh_place(out, at, 1, at);
    *sure = len > 0 && b[len - 1] == '\n';
    if (!*sure)
      out->after = SHELF_AFTER_WEIGHT;
    return SHELF_OK;
  }
  *out = *opening;
  out->offset = at;
  out->line = 1;
  out->line_start = at;
  for (size_t k = 1;; k++) {
    if (k > at || at - k < opening->offset) {
      *sure = 1; /* back at the opening: only it came before */
      return SHELF_OK;
    }
    if (k > look) {
      /* Only blanks as far as it looked: most likely a weight before. */
      out->after = SHELF_AFTER_WEIGHT;
      *sure = 0;
      return SHELF_OK;
    }
    unsigned char c = b[len - k];
    if (blank(c))
      continue;
    out->after = c == ','   ? SHELF_AFTER_COMMA
                 : c == '[' ? SHELF_AFTER_OPEN
                 : c == ']' ? SHELF_AFTER_CLOSE
                            : SHELF_AFTER_WEIGHT; /* or an error before */
    if (c == ']')
      out->in_list = 0;
    /* Counted: the weights still due are not in the bytes before. */
    *sure = !(flags & SHELF_PARSE_COUNTED);
    return SHELF_OK;
  }
}

/* ==== The end of a piece, and the join ==== */

shelf_status shelf_piece_end(shelf_parser *parser, shelf_solver *solver,
                             const char *next, size_t len, size_t *used,
                             shelf_parse_place *out) {
  if (used != NULL)
    *used = 0;
  if (parser == NULL || solver == NULL || out == NULL ||
      (next == NULL && len > 0))
    return SHELF_INVALID;
  for (size_t i = 0;; i++) {
    if (shelf__parser_place(parser, out) == SHELF_OK)
      return SHELF_OK;
    const shelf_parse_error *e = shelf_parser_error(parser);
    if (e->code != SHELF_OK)
      return e->code;
    if (i == len)
      return SHELF_INVALID;
    /* One byte at a time: the first that brings the parser between items
     * (or fails it) ends the piece. */
    size_t took;
    int ended;
    shelf_status st =
        shelf_parser_feed(parser, solver, next + i, 1, &took, &ended);
    if (used != NULL)
      *used = i + took;
    if (st != SHELF_OK)
      return st;
  }
}

int shelf_piece_fits(const shelf_parse_place *end,
                     const shelf_parse_place *assumed,
                     shelf_parse_place *again) {
  if (end == NULL || assumed == NULL)
    return 1;
  int fits = end->offset == assumed->offset && end->after == assumed->after &&
             (end->in_list != 0) == (assumed->in_list != 0) &&
             (!end->in_list || end->open_offset == assumed->open_offset) &&
             end->counted == assumed->counted;
  if (!fits && again != NULL) {
    *again = *end;
    again->line = 1; /* counted from the piece's start, as a guess is */
  }
  return fits;
}

/* A line counted from 1 at `end`, and the start of that line, counted as
 * the text `end` is in counts them. */
static void rebase_line(const shelf_parse_place *end, uint64_t *line,
                        uint64_t *line_start) {
  if (*line == 1)
    *line_start = end->line_start;
  *line += end->line - 1;
}

void shelf_piece_rebase(const shelf_parse_place *end, shelf_parse_place *place,
                        shelf_parse_error *error) {
  if (end == NULL)
    return;
  uint64_t start = end->offset;
  if (place != NULL) {
    rebase_line(end, &place->line, &place->line_start);
    if (place->in_list && place->open_offset >= start)
      rebase_line(end, &place->open_line, &place->open_line_start);
  }
  if (error != NULL && error->code != SHELF_OK && error->offset >= start) {
    uint64_t line_start = error->offset - (error->column - 1);
    rebase_line(end, &error->line, &line_start);
    error->column = error->offset - line_start + 1;
  }
}

/* ==== A place as bytes ==== */

void shelf_place_encode(const shelf_parse_place *place, unsigned char *out) {
  if (place == NULL || out == NULL)
    return;
  const uint64_t f[9] = {place->offset,
                         place->line,
                         place->line_start,
                         (uint64_t)place->after,
                         (uint64_t)(place->in_list != 0),
                         place->open_offset,
                         place->open_line,
                         place->open_line_start,
                         place->counted};
  for (int i = 0; i < 9; i++)
    shelf__put64(out + 8 * i, f[i]);
}

shelf_status shelf_place_decode(const unsigned char *in,
                                shelf_parse_place *out) {
  if (in == NULL || out == NULL)
    return SHELF_INVALID;
  uint64_t f[9];
  for (int i = 0; i < 9; i++)
    f[i] = shelf__get64(in + 8 * i);
  if (f[1] == 0 || f[3] > SHELF_AFTER_CLOSE || f[4] > 1)
    return SHELF_INVALID;
  memset(out, 0, sizeof *out);
  out->offset = f[0];
  out->line = f[1];
  out->line_start = f[2];
  out->after = (shelf_parse_after)f[3];
  out->in_list = (int)f[4];
  out->open_offset = f[5];
  out->open_line = f[6];
  out->open_line_start = f[7];
  out->counted = f[8];
  return SHELF_OK;
}

/* ==== A counted text's count ==== */

/* Parsed byte by byte with a counted parser up to the count's separator,
 * so that the count means what the grammar says it means. */
size_t shelf_piece_count(const char *head, size_t len, uint64_t *count) {
  if (head == NULL || count == NULL)
    return 0;
  shelf_parser *p = NULL;
  shelf_solver *s = NULL;
  size_t at = 0;
  int have = 0;
  if (shelf_parser_new(&p, SHELF_PARSE_COUNTED) == SHELF_OK &&
      shelf_solver_new(&s, 0) == SHELF_OK) {
    while (at < len && !have) {
      size_t used;
      int ended;
      if (shelf_parser_feed(p, s, head + at, 1, &used, &ended) != SHELF_OK)
        break;
      at++;
      shelf_parse_place place;
      if (shelf__parser_place(p, &place) == SHELF_OK &&
          place.counted != UINT64_MAX) {
        have = 1;
        *count = place.counted;
      }
    }
  }
  shelf_parser_free(p);
  shelf_solver_free(s);
  /* Blanks, then a weight: anything else (a bracket, a name, the end) is
   * left to the one-thread parser, whose grammar for it is the counted
   * one. */
  size_t w = at;
  while (w < len && byte_class((unsigned char)head[w]) >= BYTE_SPACE &&
         byte_class((unsigned char)head[w]) <= BYTE_CR)
    w++;
  return have && w < len && weight_start((unsigned char)head[w]) ? at : 0;
}
