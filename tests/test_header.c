/*
 * test_header.c - include/shelf.h compiles cleanly under the strictest
 * flags a user might build with (-pedantic-errors -Wconversion
 * -Wsign-conversion -Werror, set for this file in tests/CMakeLists.txt), and
 * every function it declares can be called as documented
 * (tests/header_calls_test.py fails if one is not called here).
 */
#include <shelf.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_result r;
  int64_t m64 = 0;
  unsigned char ends[4];
  shelf_choice c;
  shelf_cell cells[16];
  shelf_explanation e;
  shelf_solver *s = NULL;
  shelf_parser *p = NULL;
  int64_t *parsed = NULL;
  size_t n = 0, used = 0;
  int ended = 0, ok = 1;
  char buf[SHELF_I128_BUFSIZE];
  char *svg = NULL;
  size_t svg_len = 0;

  ok &= shelf_solve(w, 4, SHELF_ENGINE_LINEAR, &r) == SHELF_OK && r.margin == 7;
  ok &= shelf_margin64(w, 4, &m64) == SHELF_OK && m64 == 7;
  ok &= shelf_line(w, 4, ends) == SHELF_OK && ends[0] == SHELF_RIGHT;
  ok &= shelf_best_move(w, 4, 0, 3, &c) == SHELF_OK && c.best == SHELF_RIGHT;
  ok &= shelf_explain(w, 4, 0, &e) == SHELF_OK && e.mistake == 1;
  ok &= shelf_lead_table(w, 4, cells) == SHELF_OK && cells[3].lead == 7;
  char said[SHELF_SENTENCE_BUFSIZE], standing[SHELF_STANDING_BUFSIZE];
  size_t said_len = 0;
  ok &= shelf_explain_sentence(&e, SHELF_SENTENCE_TRAP, said, sizeof said,
                               &said_len) == SHELF_OK &&
        said_len == strlen(said);
  ok &= shelf_standing_format(e.margin, standing) == strlen("7 kilos ahead");
  ok &= shelf_svg(w, 4, SHELF_SVG_EXPLAIN, &svg, &svg_len) == SHELF_OK &&
        svg != NULL && svg_len == strlen(svg);
  shelf_svg_free(svg);
  svg = NULL;
  ok &= shelf_svg_width(w, 4, 0, SHELF_SVG_WIDTH_MIN, &svg, NULL) == SHELF_OK;
  shelf_svg_free(svg);
  ok &= shelf_solver_new(&s, SHELF_KEEP_WEIGHTS) == SHELF_OK;
  ok &= shelf_solver_push_many(s, w, 4) == SHELF_OK;
  ok &= shelf_solver_push(s, 5) == SHELF_OK;
  ok &= shelf_solver_weights(s, &n) != NULL && n == 5;
  ok &= shelf_solver_result(s, &r) == SHELF_OK && r.n == 5;
  {
    shelf_solver *t = NULL;
    unsigned char state[256];
    size_t len = 0;
    ok &= shelf_solver_new(&t, 0) == SHELF_OK;
    ok &= shelf_solver_push_many(t, w, 4) == SHELF_OK;
    ok &= shelf_solver_save(t, state, sizeof state, &len) == SHELF_OK;
    ok &= shelf_solver_load(t, state, len) == SHELF_OK;
    ok &= shelf_solver_append(t, t) == SHELF_INVALID;
    shelf_solver_free(t);
  }
  shelf_solver_reset(s);
  ok &= shelf_parser_new(&p, SHELF_PARSE_LINES) == SHELF_OK;
  ok &= shelf_parser_feed(p, s, "3 9 1 2\n", 8, &used, &ended) == SHELF_OK;
  ok &= ended == 1 && used == 8;
  ok &= shelf_parser_finish(p, s, &ended) == SHELF_OK && ended == 0;
  ok &= shelf_parser_error(p)->code == SHELF_OK;
  ok &= shelf_parser_skip_line(p) == SHELF_OK;
  shelf_parser_reset(p);
  {
    shelf_parse_place place;
    ok &= shelf_parser_place(p, &place) == SHELF_OK && place.line == 1;
    ok &= shelf_parser_resume(p, &place) == SHELF_OK;
  }
  {
    /* Parsing in pieces: "[1," and "2]" cut at the '2', joined. */
    const char text[] = "[1,2]";
    shelf_parse_place open, guess, end;
    int sure = 0;
    unsigned char bytes[SHELF_PLACE_SIZE];
    shelf_parser *q;
    ok &= shelf_piece_cut(text, 5, 1, 0) == 3;
    ok &= shelf_piece_opening(text, 5, 0, &open, &sure) == SHELF_OK &&
          sure == 1 && open.in_list == 1;
    ok &= shelf_piece_guess(&open, text, 3, 3, 0, &guess, &sure) == SHELF_OK &&
          guess.after == SHELF_AFTER_COMMA;
    ok &= shelf_parser_new(&q, 0) == SHELF_OK;
    shelf_solver_reset(s);
    ok &= shelf_parser_feed(q, s, text, 3, &used, &ended) == SHELF_OK;
    ok &= shelf_piece_end(q, s, text + 3, 2, NULL, &end) == SHELF_OK;
    ok &= shelf_piece_fits(&end, &guess, NULL) == 1;
    shelf_piece_rebase(&end, &guess, NULL);
    shelf_place_encode(&end, bytes);
    ok &= shelf_place_decode(bytes, &guess) == SHELF_OK && guess.offset == 3;
    shelf_parser_free(q);
    shelf_solver_reset(s);
  }
  ok &= shelf_parse("[1, 2]", 6, &parsed, &n, NULL) == SHELF_OK && n == 2;
  int64_t dice[2];
  ok &= shelf_random(1, 1, 6, dice, 2) == SHELF_OK && dice[0] >= 1 &&
        dice[0] <= 6;
  ok &= shelf_i128_format(r.margin, buf) > 0;
  ok &= strcmp(shelf_version(), SHELF_VERSION_STRING) == 0;
  ok &= strcmp(shelf_strerror(SHELF_NOMEM), "out of memory") == 0;
  ok &= strcmp(shelf_status_name(SHELF_RANGE), "RANGE") == 0;
  shelf_weights_free(parsed);
  shelf_parser_free(p);
  shelf_solver_free(s);
  puts(ok ? "1 passed, 0 failed" : "0 passed, 1 failed");
  return ok ? 0 : 1;
}
