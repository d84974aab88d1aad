/*
 * test_pieces.c - parsing in pieces (src/pieces/pieces.c): the cut rule, the
 * opening, the guess and when it is unsure, the end of a piece at its cut,
 * the join's check and rebase, and a place as bytes.
 *
 * The expectations are written here from the grammar (shelf.h), and the
 * whole-text outcomes come from one pass of the parser over the same bytes:
 * a text parsed in pieces, joined, must report what one pass reports (the
 * result, or the first error with its line, column and offset).
 */
#include "harness.h"
#include <shelf_pieces.h>

/* ==== The cut rule ==== */

/* Every cut point of `text`, as a string of '^' under the bytes. */
static void cuts(const char *text, unsigned flags, char *marks) {
  size_t len = strlen(text);
  memset(marks, ' ', len);
  marks[len] = '\0';
  for (size_t at = shelf_piece_cut(text, len, 0, flags); at < len;
       at = shelf_piece_cut(text, len, at + 1, flags))
    marks[at] = '^';
}

static void test_cut_rule(void) {
  static const struct {
    const char *text, *marks;
    unsigned flags;
  } cases[] = {
      /* after a blank or a comma, before a digit or a sign */
      {"1 2,3\t-4\n+5", "  ^ ^ ^  ^ ", 0},
      {"[1,2,3]", "   ^ ^ ", 0},
      /* not before other bytes, not after a carriage return or a bracket */
      {"1 x ,[2 ]\r3", "           ", 0},
      {"a 1", "  ^", 0},
      {"12 34", "   ^ ", 0},
      /* line mode: after each line feed, before anything */
      {"1 2\n[3]\nx\n", "    ^   ^ ", SHELF_PARSE_LINES},
      /* counted shelves over lines: the blanks rule */
      {"2 1\n2", "  ^ ^", SHELF_PARSE_LINES | SHELF_PARSE_COUNTED},
  };
  char marks[64];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cuts(cases[i].text, cases[i].flags, marks);
    if (strcmp(marks, cases[i].marks) != 0)
      fprintf(stderr, "cuts of %s: '%s', expected '%s'\n", cases[i].text, marks,
              cases[i].marks);
    CHECK(strcmp(marks, cases[i].marks) == 0);
  }
  CHECK(shelf_piece_cut(NULL, 5, 0, 0) == 5);
  CHECK(shelf_piece_cut("1 2", 3, 3, 0) == 3);
}

/* ==== The opening and the guess ==== */

static void test_opening(void) {
  shelf_parse_place o;
  int sure;
  const char *t = "\xEF\xBB\xBF wheels\n =\n [1, 2]";
  CHECK_STATUS(shelf_piece_opening(t, strlen(t), 0, &o, &sure), SHELF_OK);
  CHECK(sure == 1 && o.in_list == 1 && o.after == SHELF_AFTER_OPEN);
  CHECK(o.open_offset == 15 && o.open_line == 3 && o.open_line_start == 14);
  CHECK(o.offset == 16 && o.line == 3 && o.line_start == 14);
  /* No brackets: a place after the byte-order mark, with nothing before. */
  CHECK_STATUS(shelf_piece_opening("\xEF\xBB\xBF"
                                   "1 2",
                                   6, 0, &o, &sure),
               SHELF_OK);
  CHECK(sure == 1 && o.in_list == 0 && o.offset == 3 && o.line_start == 3);
  /* LeetCode's label before the name; without a name, no list. */
  t = "Input: nums = [1, 5, 2]";
  CHECK_STATUS(shelf_piece_opening(t, strlen(t), 0, &o, &sure), SHELF_OK);
  CHECK(sure == 1 && o.in_list == 1 && o.open_offset == 14 && o.offset == 15);
  CHECK_STATUS(shelf_piece_opening("Input: [1]", 10, 0, &o, &sure), SHELF_OK);
  CHECK(sure == 1 && o.in_list == 0);
  CHECK_STATUS(shelf_piece_opening("Input:  ", 8, 0, &o, &sure), SHELF_OK);
  CHECK(sure == 0 && o.in_list == 0);
  /* A name without its '=' opens no list. */
  CHECK_STATUS(shelf_piece_opening("w 1", 3, 0, &o, &sure), SHELF_OK);
  CHECK(sure == 1 && o.in_list == 0);
  /* The head ends in blanks or the name: unsure. */
  CHECK_STATUS(shelf_piece_opening("wheels =  ", 10, 0, &o, &sure), SHELF_OK);
  CHECK(sure == 0 && o.in_list == 0);
  /* The counted layout has no brackets; line mode opens line by line. */
  CHECK_STATUS(shelf_piece_opening("[3", 2, SHELF_PARSE_COUNTED, &o, &sure),
               SHELF_OK);
  CHECK(o.in_list == 0 && sure == 1);
  CHECK_STATUS(shelf_piece_opening("[3", 2, SHELF_PARSE_LINES, &o, &sure),
               SHELF_OK);
  CHECK(o.in_list == 0);
  CHECK_STATUS(shelf_piece_opening(NULL, 1, 0, &o, &sure), SHELF_INVALID);
}

static void test_guess(void) {
  shelf_parse_place o, g;
  int sure;
  const char *t = "[1, 2,\n 3 ]  4";
  shelf_piece_opening(t, strlen(t), 0, &o, &sure);
  /* what came last before the cut */
  CHECK_STATUS(shelf_piece_guess(&o, t, 4, 4, 0, &g, &sure), SHELF_OK);
  CHECK(g.after == SHELF_AFTER_COMMA && g.in_list == 1 && sure == 1);
  CHECK(g.offset == 4 && g.line == 1 && g.line_start == 4);
  CHECK(g.open_offset == 0 && g.open_line == 1);
  shelf_piece_guess(&o, t, 8, 8, 0, &g, &sure);
  CHECK(g.after == SHELF_AFTER_COMMA && sure == 1);
  shelf_piece_guess(&o, t, 13, 13, 0, &g, &sure);
  CHECK(g.after == SHELF_AFTER_CLOSE && g.in_list == 0 && sure == 1);
  shelf_piece_guess(&o, t, 1, 1, 0, &g, &sure);
  CHECK(g.after == SHELF_AFTER_OPEN && g.in_list == 1 && sure == 1);
  /* Only the opening before: as the opening says. */
  shelf_piece_opening("  7", 3, 0, &o, &sure);
  shelf_piece_guess(&o, "  7", 2, 2, 0, &g, &sure);
  CHECK(g.after == SHELF_AFTER_NOTHING && g.in_list == 0 && sure == 1);
  /* Blanks past the look-back: a guess, and it says it is unsure. */
  static char blanks[SHELF_LOOK_BACK + 10];
  memset(blanks, ' ', sizeof blanks);
  blanks[0] = '9';
  shelf_piece_opening(blanks, sizeof blanks, 0, &o, &sure);
  shelf_piece_guess(&o, blanks, sizeof blanks, sizeof blanks, 0, &g, &sure);
  CHECK(g.after == SHELF_AFTER_WEIGHT && sure == 0);
  /* Only the last SHELF_LOOK_BACK bytes are read: the same with fewer. */
  shelf_piece_guess(&o, blanks + 5, sizeof blanks - 5, sizeof blanks, 0, &g,
                    &sure);
  CHECK(sure == 0);
  /* Counted: the weights still due are unknown. */
  shelf_piece_opening("3 1 2", 5, SHELF_PARSE_COUNTED, &o, &sure);
  shelf_piece_guess(&o, "3 1 2", 4, 4, SHELF_PARSE_COUNTED, &g, &sure);
  CHECK(g.after == SHELF_AFTER_WEIGHT && sure == 0);
  /* Line mode: after a line feed, a shelf starts. */
  shelf_piece_opening("[1]\n2", 5, SHELF_PARSE_LINES, &o, &sure);
  shelf_piece_guess(&o, "[1]\n2", 4, 4, SHELF_PARSE_LINES, &g, &sure);
  CHECK(g.after == SHELF_AFTER_NOTHING && g.in_list == 0 && sure == 1);
  CHECK_STATUS(shelf_piece_guess(NULL, t, 1, 1, 0, &g, &sure), SHELF_INVALID);
}

/* ==== The end of a piece ==== */

/* Feeds text[0..cut) to a new parser and ends the piece at the cut. */
static shelf_status end_at(const char *text, size_t cut, shelf_parse_place *at,
                           shelf_parse_error *e, size_t *used) {
  shelf_parser *p;
  shelf_solver *s;
  shelf_parser_new(&p, 0);
  shelf_solver_new(&s, 0);
  size_t u;
  int ended;
  shelf_status st = shelf_parser_feed(p, s, text, cut, &u, &ended);
  if (st == SHELF_OK)
    st = shelf_piece_end(p, s, text + cut, strlen(text) - cut, used, at);
  *e = *shelf_parser_error(p);
  shelf_parser_free(p);
  shelf_solver_free(s);
  return st;
}

static void test_end(void) {
  shelf_parse_place at;
  shelf_parse_error e;
  size_t used;
  /* Between items: the place, nothing taken. */
  CHECK_STATUS(end_at("1, 2", 3, &at, &e, &used), SHELF_OK);
  CHECK(used == 0 && at.offset == 3 && at.after == SHELF_AFTER_COMMA);
  /* A name waiting for its '=': the weight after the cut fails it, as one
   * pass reports it. */
  CHECK_STATUS(end_at("wheels\n 1 2", 8, &at, &e, &used),
               SHELF_EXPECTED_INTEGER);
  CHECK(e.line == 1 && e.column == 1 && strcmp(e.found, "wheels") == 0);
  CHECK_STATUS(end_at("w = 1 2", 4, &at, &e, &used), SHELF_EXPECTED_LIST);
  CHECK(e.offset == 4 && e.column == 5);
  /* Not a cut point: the parser takes bytes until it is between items. */
  CHECK_STATUS(end_at("12 34", 1, &at, &e, &used), SHELF_OK);
  CHECK(used == 2 && at.offset == 3 && at.after == SHELF_AFTER_WEIGHT);
  /* ... and says so when they run out. */
  CHECK_STATUS(end_at("1234", 1, &at, &e, &used), SHELF_INVALID);
  CHECK_STATUS(shelf_piece_end(NULL, NULL, "1", 1, NULL, &at), SHELF_INVALID);
}

/* ==== The join ==== */

typedef struct outcome {
  shelf_status status;
  shelf_parse_error error;
  shelf_result result;
} outcome;

static outcome one_pass(const char *text, size_t len, unsigned flags) {
  outcome o;
  memset(&o, 0, sizeof o);
  shelf_parser *p;
  shelf_solver *s;
  shelf_parser_new(&p, flags);
  shelf_solver_new(&s, 0);
  size_t used;
  int ended;
  o.status = shelf_parser_feed(p, s, text, len, &used, &ended);
  if (o.status == SHELF_OK)
    o.status = shelf_parser_finish(p, s, &ended);
  o.error = *shelf_parser_error(p);
  if (o.status == SHELF_OK)
    shelf_solver_result(s, &o.result);
  shelf_parser_free(p);
  shelf_solver_free(s);
  return o;
}

/* The text cut at every cut point after each `step` bytes, each piece
 * parsed from its guess, the pieces joined as a program does it. *redone
 * counts the pieces parsed again. */
static outcome in_pieces(const char *text, size_t len, unsigned flags,
                         size_t step, int *redone) {
  outcome o;
  memset(&o, 0, sizeof o);
  shelf_parse_place open, at;
  int sure;
  shelf_piece_opening(text, len, flags, &open, &sure);
  shelf_parser *p;
  shelf_solver *s, *all;
  shelf_parser_new(&p, flags);
  shelf_solver_new(&s, 0);
  shelf_solver_new(&all, 0);
  *redone = 0;
  size_t start = 0;
  while (o.status == SHELF_OK) {
    size_t end = shelf_piece_cut(text, len, start + step, flags);
    int last = end >= len;
    shelf_parse_place guess;
    if (start > 0) {
      shelf_piece_guess(&open, text, start, start, flags, &guess, &sure);
      shelf_parse_place again;
      if (!shelf_piece_fits(&at, &guess, &again)) { /* as if it had been */
        guess = again;                              /* parsed, then redone */
        ++*redone;
      }
      shelf_parser_resume(p, &guess);
    } else {
      shelf_parser_reset(p);
    }
    shelf_solver_reset(s);
    size_t used;
    int ended;
    shelf_status st =
        shelf_parser_feed(p, s, text + start, end - start, &used, &ended);
    shelf_parse_place here;
    if (st == SHELF_OK && last)
      st = shelf_parser_finish(p, s, &ended);
    else if (st == SHELF_OK)
      st = shelf_piece_end(p, s, text + end, len - end, NULL, &here);
    if (st != SHELF_OK) {
      o.status = st;
      o.error = *shelf_parser_error(p);
      if (start > 0)
        shelf_piece_rebase(&at, NULL, &o.error);
      break;
    }
    shelf_solver_append(all, s);
    if (last)
      break;
    if (start > 0)
      shelf_piece_rebase(&at, &here, NULL);
    at = here;
    start = end;
  }
  if (o.status == SHELF_OK)
    shelf_solver_result(all, &o.result);
  shelf_parser_free(p);
  shelf_solver_free(s);
  shelf_solver_free(all);
  return o;
}

static int same(const outcome *a, const outcome *b) {
  if (a->status != b->status)
    return 0;
  if (a->status != SHELF_OK)
    return a->error.code == b->error.code && a->error.line == b->error.line &&
           a->error.column == b->error.column &&
           a->error.offset == b->error.offset &&
           strcmp(a->error.found, b->error.found) == 0;
  return a->result.n == b->result.n && a->result.margin == b->result.margin;
}

static void test_join(void) {
  static const char *texts[] = {
      "[1,2,3,4,5,6,7,8,9,10]",
      "wheels\n\n =\n [1, 2, 3,\n 4, 5, 6]\n",
      "1 2 3\n4 5 6\n7 x 9",       /* an error on a later line */
      "1 2 3 4 5 6 7 8 9 oops 10", /* on the first line of a late piece */
      "[1, 2, 3, 4, 5, 6, 7, 8",   /* unclosed: placed at the '[' */
      "[1, 2, 3] 4 5 6 7 8",       /* after the list */
      ("\xEF\xBB\xBF"
       "1 2 3 4 x"),        /* column after a byte-order mark */
      "wheels 1 2 3 4 5 6", /* a name without its '=' */
      "1,2,,3,4,5,6,7",
      "1\r\n2\r\n3\r 4 5 6",
  };
  for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    size_t len = strlen(texts[i]);
    outcome want = one_pass(texts[i], len, 0);
    for (size_t step = 1; step < 8; step++) {
      int redone;
      outcome got = in_pieces(texts[i], len, 0, step, &redone);
      if (!same(&got, &want))
        fprintf(stderr, "%s, pieces of %zu: %s line %llu column %llu\n",
                texts[i], step, shelf_status_name(got.status),
                (unsigned long long)got.error.line,
                (unsigned long long)got.error.column);
      CHECK(same(&got, &want));
      /* Valid text is never parsed twice at a cut point. */
      if (want.status == SHELF_OK)
        CHECK(redone == 0);
    }
  }
  /* Counted: each guess is redone, and the answer is right. */
  const char *c = "5\n1 2 3 4 5";
  outcome want = one_pass(c, strlen(c), SHELF_PARSE_COUNTED);
  int redone;
  outcome got = in_pieces(c, strlen(c), SHELF_PARSE_COUNTED, 1, &redone);
  CHECK(same(&got, &want) && redone > 0);
  /* A wrong guess does not fit, and the place to parse again from counts
   * its lines from 1. */
  shelf_parse_place end = {.offset = 10,
                           .line = 4,
                           .line_start = 8,
                           .after = SHELF_AFTER_COMMA,
                           .counted = UINT64_MAX};
  shelf_parse_place guess = end, again;
  guess.line = 1;
  CHECK(shelf_piece_fits(&end, &guess, &again) == 1);
  guess.after = SHELF_AFTER_WEIGHT;
  CHECK(shelf_piece_fits(&end, &guess, &again) == 0);
  CHECK(again.after == SHELF_AFTER_COMMA && again.line == 1 &&
        again.offset == 10);
  /* Rebase: the first line's column from the true line start; later lines
   * moved down. */
  shelf_parse_error e = {
      .code = SHELF_EXPECTED_INTEGER, .line = 1, .column = 3, .offset = 12};
  shelf_piece_rebase(&end, NULL, &e);
  CHECK(e.line == 4 && e.column == 5);
  shelf_parse_error e2 = {
      .code = SHELF_EXPECTED_INTEGER, .line = 2, .column = 3, .offset = 20};
  shelf_piece_rebase(&end, NULL, &e2);
  CHECK(e2.line == 5 && e2.column == 3);
}

/* ==== A place as bytes ==== */

static void test_encoding(void) {
  shelf_parse_place p = {.offset = 0x0102030405060708u,
                         .line = 7,
                         .line_start = 9,
                         .after = SHELF_AFTER_CLOSE,
                         .in_list = 1,
                         .open_offset = 3,
                         .open_line = 2,
                         .open_line_start = 1,
                         .counted = UINT64_MAX},
                    q;
  unsigned char b[SHELF_PLACE_SIZE];
  shelf_place_encode(&p, b);
  CHECK(b[0] == 0x08 && b[7] == 0x01); /* little-endian */
  CHECK_STATUS(shelf_place_decode(b, &q), SHELF_OK);
  CHECK(memcmp(&p, &q, sizeof p) == 0);
  b[8] = 0; /* line 0 */
  CHECK_STATUS(shelf_place_decode(b, &q), SHELF_INVALID);
  shelf_place_encode(&p, b);
  b[24] = 5; /* not a shelf_parse_after */
  CHECK_STATUS(shelf_place_decode(b, &q), SHELF_INVALID);
  shelf_place_encode(&p, b);
  b[32] = 2; /* in_list 2 */
  CHECK_STATUS(shelf_place_decode(b, &q), SHELF_INVALID);
  CHECK_STATUS(shelf_place_decode(NULL, &q), SHELF_INVALID);
}

static const test tests[] = {
    {"the cut rule", test_cut_rule},
    {"the opening", test_opening},
    {"the guess", test_guess},
    {"the end of a piece", test_end},
    {"the join, against one pass", test_join},
    {"a place as bytes", test_encoding},
};

TEST_MAIN(tests)
