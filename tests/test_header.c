/*
 * test_header.c - include/shelf.h compiles cleanly under the strictest
 * flags a user might build with (-pedantic-errors -Wconversion
 * -Wsign-conversion -Werror, set for this file in tests/CMakeLists.txt), and
 * every function it declares can be called as documented
 * (tests/header_calls_test.py fails if one is not called here).
 */
#include <shelf.h>
#include <shelf_judge.h>
#include <shelf_pieces.h>
#include <shelf_svg.h>
#include <shelf_teach.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each call is checked on its own, and a failing one is named. */
static int failed = 0, passed = 0;
#define CHECK(expr)                                                            \
  do {                                                                         \
    if (expr) {                                                                \
      passed++;                                                                \
    } else {                                                                   \
      failed++;                                                                \
      fprintf(stderr, "test_header.c:%d: failed: %s\n", __LINE__, #expr);      \
    }                                                                          \
  } while (0)

/* A shelf_replay_all() hook: adds up the weights taken. */
static int add_weight(void *ctx, const shelf_move *move) {
  *(shelf_i128 *)ctx += move->weight;
  return 0;
}

int main(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_result r;
  unsigned char ends[4];
  shelf_choice c;
  shelf_cell cells[16];
  shelf_explanation e;
  shelf_solver *s = NULL;
  shelf_parser *p = NULL;
  int64_t *parsed = NULL;
  size_t n = 0, used = 0;
  int ended = 0;
  char buf[SHELF_I128_BUFSIZE];
  char *svg = NULL;
  size_t svg_len = 0;

  CHECK(shelf_solve(w, 4, SHELF_ENGINE_LINEAR, &r) == SHELF_OK &&
        r.margin == 7);
  CHECK(shelf_line(w, 4, ends) == SHELF_OK && ends[0] == SHELF_RIGHT);
  CHECK(shelf_best_move(w, 4, 0, 3, &c) == SHELF_OK && c.best == SHELF_RIGHT);
  CHECK(shelf_explain(w, 4, 0, &e) == SHELF_OK && e.mistake == 1);
  CHECK(shelf_lead_table(w, 4, cells) == SHELF_OK && cells[3].lead == 7);
  {
    shelf_i128 largest = 0;
    CHECK(shelf_lead_table_largest(cells, 4, &largest) == SHELF_OK &&
          largest == 9);
  }
  char said[SHELF_SENTENCE_BUFSIZE], standing[SHELF_STANDING_BUFSIZE];
  size_t said_len = 0;
  CHECK(shelf_explain_sentence(&e, SHELF_SENTENCE_TRAP, said, sizeof said,
                               &said_len) == SHELF_OK &&
        said_len == strlen(said));
  CHECK(shelf_standing_format(e.margin, standing) == strlen("7 kilos ahead"));
  shelf_svg_options svg_options = {0};
  svg_options.flags = SHELF_SVG_EXPLAIN;
  CHECK(shelf_svg(w, 4, &svg_options, &svg, &svg_len) == SHELF_OK &&
        svg != NULL && svg_len == strlen(svg));
  shelf_svg_free(svg);
  svg = NULL;
  CHECK(shelf_svg(w, 4, NULL, &svg, NULL) == SHELF_OK);
  shelf_svg_free(svg);
  char fill[SHELF_COLOUR_BUFSIZE];
  CHECK(shelf_lead_colour(e.margin, e.margin, fill, NULL) == SHELF_OK &&
        strcmp(fill, SHELF_COLOUR_AHEAD) == 0);
  CHECK(shelf_solver_new(&s, SHELF_KEEP_WEIGHTS) == SHELF_OK);
  CHECK(shelf_solver_push_many(s, w, 4) == SHELF_OK);
  CHECK(shelf_solver_push(s, 5) == SHELF_OK);
  CHECK(shelf_solver_weights(s, &n) != NULL && n == 5);
  CHECK(shelf_solver_result(s, &r) == SHELF_OK && r.n == 5);
  {
    shelf_solver *t = NULL;
    unsigned char state[256];
    size_t len = 0;
    CHECK(shelf_solver_new(&t, 0) == SHELF_OK);
    CHECK(shelf_solver_push_many(t, w, 4) == SHELF_OK);
    CHECK(shelf_solver_save(t, state, sizeof state, &len) == SHELF_OK);
    CHECK(shelf_solver_load(t, state, len) == SHELF_OK);
    CHECK(shelf_solver_append(t, t) == SHELF_INVALID);
    shelf_solver_free(t);
  }
  shelf_solver_reset(s);
  CHECK(shelf_parser_new(&p, SHELF_PARSE_LINES) == SHELF_OK);
  CHECK(shelf_parser_feed(p, s, "3 9 1 2\n", 8, &used, &ended) == SHELF_OK);
  CHECK(ended == 1 && used == 8);
  CHECK(shelf_parser_finish(p, s, &ended) == SHELF_OK && ended == 0);
  CHECK(shelf_parser_error(p)->code == SHELF_OK);
  shelf_parser_reset(p);
  {
    /* Parsing in pieces: "[1," and "2]" cut at the '2', joined. */
    const char text[] = "[1,2]";
    shelf_parse_place open, guess, end;
    int sure = 0;
    unsigned char bytes[SHELF_PLACE_SIZE];
    shelf_parser *q;
    CHECK(shelf_piece_cut(text, 5, 1, 0) == 3);
    uint64_t count = 0;
    CHECK(shelf_piece_count("3\n7 2 9\n", 8, &count) == 2 && count == 3);
    CHECK(shelf_piece_opening(text, 5, 0, &open, &sure) == SHELF_OK &&
          sure == 1 && open.in_list == 1);
    CHECK(shelf_piece_guess(&open, text, 3, 3, 0, &guess, &sure) == SHELF_OK &&
          guess.after == SHELF_AFTER_COMMA);
    CHECK(shelf_parser_new(&q, 0) == SHELF_OK);
    shelf_solver_reset(s);
    CHECK(shelf_parser_feed(q, s, text, 3, &used, &ended) == SHELF_OK);
    CHECK(shelf_piece_end(q, s, text + 3, 2, NULL, &end) == SHELF_OK);
    CHECK(shelf_piece_fits(&end, &guess, NULL) == 1);
    shelf_piece_rebase(&end, &guess, NULL);
    shelf_place_encode(&end, bytes);
    CHECK(shelf_place_decode(bytes, &guess) == SHELF_OK && guess.offset == 3);
    CHECK(shelf_parser_resume(q, &guess) == SHELF_OK);
    shelf_parser_free(q);
    shelf_solver_reset(s);
  }
  CHECK(shelf_parse("[1, 2]", 6, &parsed, &n, NULL) == SHELF_OK && n == 2);
  {
    shelf_source none;
    shelf_read_options opt;
    shelf_read_error why;
    memset(&none, 0, sizeof none);
    memset(&opt, 0, sizeof opt);
    CHECK(shelf_read(&none, &opt, s, NULL, &why) == SHELF_INVALID);
    CHECK(shelf_read_batch(&none, &opt, &why) == SHELF_INVALID);
  }
  int64_t dice[2];
  CHECK(shelf_random(1, 1, 6, dice, 2) == SHELF_OK && dice[0] >= 1 &&
        dice[0] <= 6);
  CHECK(shelf_i128_format(r.margin, buf) > 0);
  CHECK(strcmp(shelf_version(), SHELF_VERSION_STRING) == 0);
  CHECK(strcmp(shelf_strerror(SHELF_NOMEM), "out of memory") == 0);
  CHECK(strcmp(shelf_status_name(SHELF_RANGE), "RANGE") == 0);
  {
    /* Every enum's names, both ways. */
    shelf_status status_v;
    shelf_engine engine_v;
    shelf_end end_v;
    shelf_line_kind line_kind_v;
    shelf_buyer buyer_v;
    shelf_step_kind step_kind_v;
    shelf_subject subject_v;
    shelf_sentence sentence_v;
    shelf_player player_v;
    shelf_game_sentence game_sentence_v;
    shelf_note_kind note_kind_v;
    shelf_parse_after parse_after_v;
    shelf_answer answer_v;
    shelf_try try_v;
    shelf_stage stage_v;
    shelf_layout layout_v;
    shelf_verdict verdict_v;
    CHECK(shelf_status_from_name("NOMEM", &status_v) == SHELF_OK &&
          status_v == SHELF_NOMEM);
    CHECK(strcmp(shelf_engine_name(SHELF_ENGINE_DP), "dp") == 0);
    CHECK(shelf_engine_from_name("dp", &engine_v) == SHELF_OK &&
          engine_v == SHELF_ENGINE_DP);
    CHECK(strcmp(shelf_end_name(SHELF_RIGHT), "right") == 0);
    CHECK(shelf_end_from_name("right", &end_v) == SHELF_OK &&
          end_v == SHELF_RIGHT);
    CHECK(strcmp(shelf_line_kind_name(SHELF_LINE_GREEDY_FIRST),
                 "greedy-first") == 0);
    CHECK(shelf_line_kind_from_name("greedy-first", &line_kind_v) == SHELF_OK &&
          line_kind_v == SHELF_LINE_GREEDY_FIRST);
    CHECK(strcmp(shelf_buyer_name(SHELF_SECOND), "second") == 0);
    CHECK(shelf_buyer_from_name("second", &buyer_v) == SHELF_OK &&
          buyer_v == SHELF_SECOND);
    CHECK(strcmp(shelf_step_kind_name(SHELF_STEP_MERGE), "merge") == 0);
    CHECK(shelf_step_kind_from_name("merge", &step_kind_v) == SHELF_OK &&
          step_kind_v == SHELF_STEP_MERGE);
    CHECK(strcmp(shelf_subject_name(SHELF_SUBJECT_YOU), "you") == 0);
    CHECK(shelf_subject_from_name("you", &subject_v) == SHELF_OK &&
          subject_v == SHELF_SUBJECT_YOU);
    CHECK(strcmp(shelf_sentence_name(SHELF_SENTENCE_TRAP), "trap") == 0);
    CHECK(shelf_sentence_from_name("trap", &sentence_v) == SHELF_OK &&
          sentence_v == SHELF_SENTENCE_TRAP);
    CHECK(strcmp(shelf_player_name(SHELF_PLAYER_GREEDY), "greedy") == 0);
    CHECK(shelf_player_from_name("greedy", &player_v) == SHELF_OK &&
          player_v == SHELF_PLAYER_GREEDY);
    CHECK(strcmp(shelf_game_sentence_name(SHELF_GAME_LESSON), "lesson") == 0);
    CHECK(shelf_game_sentence_from_name("lesson", &game_sentence_v) ==
              SHELF_OK &&
          game_sentence_v == SHELF_GAME_LESSON);
    CHECK(strcmp(shelf_note_kind_name(SHELF_NOTE_THOUSANDS), "thousands") == 0);
    CHECK(shelf_note_kind_from_name("thousands", &note_kind_v) == SHELF_OK &&
          note_kind_v == SHELF_NOTE_THOUSANDS);
    CHECK(strcmp(shelf_parse_after_name(SHELF_AFTER_COMMA), "comma") == 0);
    CHECK(shelf_parse_after_from_name("comma", &parse_after_v) == SHELF_OK &&
          parse_after_v == SHELF_AFTER_COMMA);
    CHECK(strcmp(shelf_answer_name(SHELF_ANSWER_WINNER), "winner") == 0);
    CHECK(shelf_answer_from_name("winner", &answer_v) == SHELF_OK &&
          answer_v == SHELF_ANSWER_WINNER);
    CHECK(strcmp(shelf_try_name(SHELF_TRY_EDGE), "edge") == 0);
    CHECK(shelf_try_from_name("edge", &try_v) == SHELF_OK &&
          try_v == SHELF_TRY_EDGE);
    CHECK(strcmp(shelf_stage_name(SHELF_STAGE_SHRINK), "shrink") == 0);
    CHECK(shelf_stage_from_name("shrink", &stage_v) == SHELF_OK &&
          stage_v == SHELF_STAGE_SHRINK);
    CHECK(strcmp(shelf_layout_name(SHELF_LAYOUT_LIST), "list") == 0);
    CHECK(shelf_layout_from_name("list", &layout_v) == SHELF_OK &&
          layout_v == SHELF_LAYOUT_LIST);
    CHECK(strcmp(shelf_verdict_name(SHELF_VERDICT_BAD_OUTPUT), "bad-output") ==
          0);
    CHECK(shelf_verdict_from_name("bad-output", &verdict_v) == SHELF_OK &&
          verdict_v == SHELF_VERDICT_BAD_OUTPUT);
  }
  {
    shelf_i128 wrong = 0;
    shelf_mistake kind = SHELF_MISTAKE_NONE;
    size_t told = 0;
    CHECK(strcmp(shelf_mistake_name(SHELF_MISTAKE_LEFT_INDEX), "left-index") ==
          0);
    CHECK(shelf_mistake_from_name("added", &kind) == SHELF_OK &&
          kind == SHELF_MISTAKE_ADDED);
    CHECK(shelf_mistake_sentence(kind, SHELF_SUBJECT_PROGRAM, said, sizeof said,
                                 &told) == SHELF_OK &&
          told == strlen(said));
    CHECK(shelf_cell_mistake(w, 4, 0, 3, -7, &kind) == SHELF_OK &&
          kind == SHELF_MISTAKE_SIGN);
    CHECK(shelf_end_mistake(w, 4, 0, 3, SHELF_LEFT, &kind, &wrong) ==
              SHELF_OK &&
          kind == SHELF_MISTAKE_GREEDY && wrong == -5);
    char cell[SHELF_CELL_SENTENCE_BUFSIZE];
    CHECK(shelf_cell_sentence(w, 4, 0, 1, 9, SHELF_MISTAKE_WHEEL_ALONE, cell,
                              sizeof cell, &told) == SHELF_OK &&
          told == strlen(cell));
  }
  shelf_weights_free(parsed);
  shelf_parser_free(p);
  shelf_solver_free(s);
  {
    /* Buyers, moves and greedy play. */
    shelf_position g;
    shelf_move mv;
    unsigned char greedy[4];
    CHECK(strcmp(shelf_buyer_name(SHELF_SECOND), "second") == 0);
    CHECK(strcmp(shelf_end_name(SHELF_RIGHT), "right") == 0);
    CHECK(strcmp(shelf_kilos_word(1), "kilo") == 0);
    shelf_position_start(&g, 4);
    CHECK(shelf_position_take(&g, w, SHELF_RIGHT, &mv) == SHELF_OK &&
          mv.wheel == 3 && mv.first == 2 && g.turn == 1);
    CHECK(shelf_greedy_end(w, 0, 3) == SHELF_LEFT);
    CHECK(shelf_greedy_line(w, 4, SHELF_LINE_GREEDY_FIRST, greedy) ==
              SHELF_OK &&
          greedy[0] == SHELF_LEFT);
    CHECK(shelf_turn_buyer(2) == SHELF_SECOND);
    shelf_reduction_step steps[SHELF_REDUCTION_STEPS(4)];
    size_t step_count = 0;
    CHECK(shelf_reduction_trace(w, 4, steps, &step_count) == SHELF_OK &&
          step_count > 4 && steps[step_count - 1].margin == 7);
    shelf_position_start(&g, 4);
    CHECK(shelf_replay(w, greedy, 2, &g, NULL) == SHELF_OK && g.turn == 2);
    shelf_i128 weight_sum = 0;
    CHECK(shelf_replay_all(w, 4, greedy, add_weight, &weight_sum) ==
              SHELF_OK &&
          weight_sum == 15);
  }
  {
    /* A game to play. */
    shelf_game *game = NULL;
    shelf_position at;
    shelf_game_move gm;
    shelf_choice hint;
    shelf_review_row row;
    char move_said[SHELF_GAME_SENTENCE_BUFSIZE];
    size_t back = 0;
    CHECK(shelf_game_new(w, 4, SHELF_PLAYER_PERSON, SHELF_PLAYER_PERFECT,
                         &game) == SHELF_OK);
    CHECK(shelf_game_hint(game, &hint) == SHELF_OK && hint.lead == 7);
    CHECK(shelf_game_take(game, SHELF_LEFT) == SHELF_OK);
    CHECK(shelf_game_move_count(game) == 2 &&
          shelf_game_move_at(game, 0, &gm) == SHELF_OK && gm.kept == -5);
    CHECK(shelf_game_at(game, &at) == SHELF_OK && at.turn == 2);
    CHECK(shelf_game_review_count(game) == 1 &&
          shelf_game_review(game, 0, &row) == SHELF_OK && row.cost == 12);
    CHECK(shelf_game_say(game, SHELF_GAME_MOVE, 0, move_said, sizeof move_said,
                         NULL) == SHELF_OK);
    CHECK(shelf_game_undo(game, &back) == SHELF_OK && back == 2);
    CHECK(shelf_game_again(game) == SHELF_OK);
    shelf_game_free(game);
  }
  {
    /* Words for errors and notes. */
    shelf_parse_error pe = {SHELF_EXPECTED_INTEGER, 2, 3, 9, "x"};
    char line[SHELF_SENTENCE_BUFSIZE];
    size_t line_len = 0;
    CHECK(shelf_parse_error_format(&pe, 1, line, sizeof line, &line_len) ==
              SHELF_OK &&
          strncmp(line, "line 2, column 3: ", 18) == 0 &&
          line_len == strlen(line));
    shelf_notes *notes = NULL;
    shelf_note got[2];
    CHECK(shelf_notes_new(&notes) == SHELF_OK);
    shelf_notes_feed(notes, "3\n1 2 3\n", 8);
    shelf_notes_finish(notes);
    CHECK(shelf_notes_take(notes, 4, 0, got) == 1 &&
          got[0].kind == SHELF_NOTE_COUNT && got[0].count == 3);
    CHECK(shelf_note_sentence(&got[0], line, sizeof line, NULL) == SHELF_OK);
    shelf_notes_free(notes);
    CHECK(shelf_notes_new(&notes) == SHELF_OK);
    shelf_notes_arg(notes, "1,000");
    CHECK(shelf_notes_take(notes, 2, 0, got) == 1 &&
          got[0].kind == SHELF_NOTE_THOUSANDS && got[0].arg == 1 &&
          strcmp(got[0].digits, "1000") == 0);
    shelf_notes_free(notes);
  }
  {
    /* What a judge needs. */
    shelf_i128 answer = 0;
    shelf_try kind = SHELF_TRY_RANDOM;
    CHECK(shelf_answer_of(SHELF_ANSWER_FIRST, w, 4, &answer) == SHELF_OK &&
          answer == 11);
    /* The deprecated name of SHELF_TRY_CASE still compiles, to its value. */
    CHECK(SHELF_TRY_CASE == 0 && SHELF_TRY_WRITEUP == SHELF_TRY_CASE &&
          kind == SHELF_TRY_RANDOM);
  }
  {
    const shelf_problem *cses = shelf_problem_find("cses");
    CHECK(cses != NULL && strcmp(cses->name, "cses") == 0 &&
          cses->layout == SHELF_LAYOUT_COUNTED);
    char text[64];
    size_t len = 0;
    CHECK(shelf_layout_write(SHELF_LAYOUT_COUNTED, w, 4, text, sizeof text,
                             &len) == SHELF_OK &&
          strcmp(text, "4\n3 9 1 2\n") == 0);
    CHECK(strcmp(shelf_verdict_name(SHELF_VERDICT_TIMEOUT), "timeout") == 0);
    shelf_judge judge;
    memset(&judge, 0, sizeof judge);
    shelf_judgement j;
    CHECK(shelf_judge_run(&judge, &j) == SHELF_INVALID); /* no runner */
    shelf_report_words words;
    memset(&words, 0, sizeof words);
    words.program = "./solution";
    words.problem = "cses";
    CHECK(shelf_judgement_write(&j, &judge, &words, text, sizeof text, &len) ==
              SHELF_OK &&
          strncmp(text, "shelf check: passed", 19) == 0);
    shelf_judgement_free(&j);
    shelf_progress pr = {SHELF_STAGE_TRY, 1, 2, 3, SHELF_VERDICT_OK};
    CHECK(shelf_progress_write(&pr, "shelf check", 0, text, sizeof text,
                               &len) == SHELF_OK &&
          strncmp(text, "shelf check: try 1 of 2", 23) == 0);
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
