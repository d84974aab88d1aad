/*
 * test_null.c - the convention of shelf.h, kept: every call that returns a
 * shelf_status gives SHELF_INVALID for a NULL its documentation does not
 * allow, and every other call does what its documentation says of NULL.
 * Each pointer is made NULL in turn, the others valid, so that a check
 * that is missing crashes here (under ASan in `make test`) rather than in
 * a user's program.
 */
#include "harness.h"
/* The calls the library keeps to itself, tested here all the same. */
#include "../src/core/internal.h"

#include <shelf_judge.h>
#include <shelf_pieces.h>
#include <shelf_svg.h>
#include <shelf_teach.h>

#define INVALID(call) CHECK((call) == SHELF_INVALID)

static void core(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_result r;
  shelf_solver *s = NULL;
  shelf_parser *p = NULL;
  int64_t *parsed;
  size_t n, used;
  int ended;
  shelf_parse_error pe;
  shelf_parse_place place;
  unsigned char buf[SHELF_PLACE_SIZE];
  char text[SHELF_ERROR_BUFSIZE];
  unsigned char ends[4];
  shelf_choice c;

  INVALID(shelf_solve(NULL, 4, SHELF_ENGINE_LINEAR, &r));
  INVALID(shelf_solve(w, 4, SHELF_ENGINE_LINEAR, NULL));
  INVALID(shelf_solver_new(NULL, 0));
  shelf_solver_free(NULL);
  shelf_solver_reset(NULL);
  INVALID(shelf_solver_push(NULL, 1));
  INVALID(shelf_solver_push_many(NULL, w, 4));
  CHECK(shelf_solver_new(&s, 0) == SHELF_OK);
  INVALID(shelf_solver_push_many(s, NULL, 4));
  INVALID(shelf_solver_result(NULL, &r));
  INVALID(shelf_solver_result(s, NULL));
  CHECK(shelf_solver_weights(NULL, &n) == NULL);
  CHECK(shelf_solver_weights(s, NULL) == NULL); /* not kept: NULL anyway */
  INVALID(shelf_solver_append(NULL, s));
  INVALID(shelf_solver_append(s, NULL));
  INVALID(shelf_solver_save(NULL, buf, sizeof buf, &n));
  INVALID(shelf_solver_save(s, NULL, 16, &n));
  INVALID(shelf_solver_load(NULL, buf, 16));
  INVALID(shelf_solver_load(s, NULL, 16));

  INVALID(shelf_parser_new(NULL, 0));
  shelf_parser_free(NULL);
  shelf_parser_reset(NULL);
  CHECK(shelf_parser_new(&p, 0) == SHELF_OK);
  INVALID(shelf_parser_feed(NULL, s, "1", 1, &used, &ended));
  INVALID(shelf_parser_feed(p, NULL, "1", 1, &used, &ended));
  INVALID(shelf_parser_feed(p, s, NULL, 1, &used, &ended));
  INVALID(shelf_parser_finish(NULL, s, &ended));
  INVALID(shelf_parser_finish(p, NULL, &ended));
  CHECK(shelf_parser_error(NULL) == NULL);
  INVALID(shelf__parser_skip_line(NULL));
  INVALID(shelf__parser_place(NULL, &place));
  INVALID(shelf__parser_place(p, NULL));
  INVALID(shelf_parser_resume(NULL, &place));
  INVALID(shelf_parser_resume(p, NULL));
  INVALID(shelf_parse(NULL, 1, &parsed, &n, &pe));
  INVALID(shelf_parse("1", 1, NULL, &n, &pe));
  INVALID(shelf_parse("1", 1, &parsed, NULL, &pe));
  shelf_weights_free(NULL);
  INVALID(shelf_parse_error_format(NULL, 1, text, sizeof text, &n));
  memset(&pe, 0, sizeof pe);
  INVALID(shelf_parse_error_format(&pe, 1, NULL, 8, &n));

  INVALID(shelf_line(NULL, 4, ends));
  INVALID(shelf_line(w, 4, NULL));
  INVALID(shelf_best_move(NULL, 4, 0, 3, &c));
  INVALID(shelf_best_move(w, 4, 0, 3, NULL));
  INVALID(shelf_random(1, 0, 9, NULL, 4));

  CHECK(strcmp(shelf_strerror((shelf_status)12345), "") != 0);
  CHECK(shelf_status_name((shelf_status)12345) != NULL);
  shelf_parser_free(p);
  shelf_solver_free(s);
}

static void pieces(void) {
  shelf_parse_place a, b;
  shelf_parse_error e;
  int sure;
  size_t used;
  unsigned char buf[SHELF_PLACE_SIZE];
  shelf_solver *s = NULL;
  shelf_parser *p = NULL;
  CHECK(shelf_solver_new(&s, 0) == SHELF_OK);
  CHECK(shelf_parser_new(&p, 0) == SHELF_OK);
  memset(&a, 0, sizeof a);
  memset(&e, 0, sizeof e);
  CHECK(shelf_piece_cut(NULL, 0, 0, 0) == 0);
  uint64_t count;
  CHECK(shelf_piece_count(NULL, 4, &count) == 0);
  CHECK(shelf_piece_count("3 1 2 3", 7, NULL) == 0);
  INVALID(shelf_piece_opening(NULL, 4, 0, &a, &sure));
  INVALID(shelf_piece_opening("1 2 ", 4, 0, NULL, &sure));
  INVALID(shelf_piece_opening("1 2 ", 4, 0, &a, NULL));
  CHECK(shelf_piece_opening("1 2 ", 4, 0, &a, &sure) == SHELF_OK);
  INVALID(shelf_piece_guess(NULL, "1 ", 2, 2, 0, &b, &sure));
  INVALID(shelf_piece_guess(&a, NULL, 2, 2, 0, &b, &sure));
  INVALID(shelf_piece_guess(&a, "1 ", 2, 2, 0, NULL, &sure));
  INVALID(shelf_piece_guess(&a, "1 ", 2, 2, 0, &b, NULL));
  INVALID(shelf_piece_end(NULL, s, "1", 1, &used, &b));
  INVALID(shelf_piece_end(p, NULL, "1", 1, &used, &b));
  CHECK(shelf_piece_end(p, s, "1", 1, NULL, &b) == SHELF_OK); /* allowed */
  INVALID(shelf_piece_end(p, s, "1", 1, &used, NULL));
  CHECK(shelf_piece_fits(NULL, &a, &b) == 1); /* nothing to redo */
  CHECK(shelf_piece_fits(&a, NULL, &b) == 1);
  shelf_piece_rebase(NULL, &b, &e);
  shelf_piece_rebase(&a, NULL, NULL);
  shelf_place_encode(NULL, buf);
  shelf_place_encode(&a, NULL);
  INVALID(shelf_place_decode(NULL, &b));
  INVALID(shelf_place_decode(buf, NULL));
  shelf_parser_free(p);
  shelf_solver_free(s);
}

/* A hook for shelf_replay_all() that takes every move. */
static int any_move(void *ctx, const shelf_move *move) {
  (void)ctx;
  (void)move;
  return 0;
}

static void teach(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_cell cells[16];
  shelf_position g;
  shelf_move m;
  unsigned char ends[4];
  shelf_explanation e;
  char text[SHELF_SENTENCE_BUFSIZE];
  size_t len;
  shelf_notes *notes = NULL;
  shelf_note note[2];

  INVALID(shelf_lead_table(NULL, 4, cells));
  INVALID(shelf_lead_table(w, 4, NULL));
  {
    shelf_i128 largest;
    CHECK(shelf_lead_table(w, 4, cells) == SHELF_OK);
    INVALID(shelf_lead_table_largest(NULL, 4, &largest));
    INVALID(shelf_lead_table_largest(cells, 4, NULL));
    CHECK(shelf_lead_table_largest(NULL, 0, &largest) == SHELF_OK &&
          largest == 0);
  }
  CHECK(shelf_buyer_name((shelf_buyer)7) == NULL); /* no name */
  CHECK(shelf_end_name((shelf_end)7) == NULL);
  INVALID(shelf_position_start(NULL, 4));
  CHECK(shelf_position_start(&g, 4) == SHELF_OK);
  INVALID(shelf_position_take(NULL, w, SHELF_LEFT, &m));
  INVALID(shelf_position_take(&g, NULL, SHELF_LEFT, &m));
  CHECK(shelf_position_take(&g, w, SHELF_LEFT, NULL) == SHELF_OK);
  INVALID(shelf_replay(w, NULL, 1, &g, &m));
  INVALID(shelf_replay(w, ends, 1, NULL, &m));
  ends[0] = ends[1] = ends[2] = ends[3] = SHELF_LEFT;
  INVALID(shelf_replay_all(NULL, 4, ends, any_move, NULL));
  INVALID(shelf_replay_all(w, 4, NULL, any_move, NULL));
  INVALID(shelf_replay_all(w, 4, ends, NULL, NULL));
  CHECK(shelf_replay_all(w, 4, ends, any_move, NULL) == SHELF_OK);
  CHECK(shelf_replay_all(NULL, 0, NULL, any_move, NULL) == SHELF_OK);
  {
    shelf_game *game = NULL;
    shelf_position at;
    shelf_game_move gm;
    shelf_choice c;
    shelf_review_row row;
    INVALID(
        shelf_game_new(w, 4, SHELF_PLAYER_PERSON, SHELF_PLAYER_PERFECT, NULL));
    INVALID(shelf_game_new(NULL, 4, SHELF_PLAYER_PERSON, SHELF_PLAYER_PERFECT,
                           &game));
    INVALID(shelf_game_at(NULL, &at));
    INVALID(shelf_game_take(NULL, SHELF_LEFT));
    INVALID(shelf_game_undo(NULL, NULL));
    INVALID(shelf_game_again(NULL));
    INVALID(shelf_game_move_at(NULL, 0, &gm));
    INVALID(shelf_game_hint(NULL, &c));
    INVALID(shelf_game_review(NULL, 0, &row));
    INVALID(shelf_game_say(NULL, SHELF_GAME_HINT, 0, NULL, 0, NULL));
    CHECK(shelf_game_move_count(NULL) == 0);
    CHECK(shelf_game_review_count(NULL) == 0);
    CHECK(shelf_game_new(w, 4, SHELF_PLAYER_PERSON, SHELF_PLAYER_PERFECT,
                         &game) == SHELF_OK);
    INVALID(shelf_game_at(game, NULL));
    INVALID(shelf_game_move_at(game, 0, NULL));
    INVALID(shelf_game_hint(game, NULL));
    INVALID(shelf_game_review(game, 0, NULL));
    INVALID(shelf_game_say(game, SHELF_GAME_HINT, 0, NULL, 8, NULL));
    shelf_game_free(game);
  }
  INVALID(shelf_greedy_line(NULL, 4, 0, ends));
  INVALID(shelf_greedy_line(w, 4, 0, NULL));
  INVALID(shelf_explain(NULL, 4, 0, &e));
  INVALID(shelf_explain(w, 4, 0, NULL));
  INVALID(shelf_explain_sentence(NULL, SHELF_SENTENCE_PERFECT, text,
                                 sizeof text, &len));
  CHECK(shelf_explain(w, 4, 0, &e) == SHELF_OK);
  INVALID(shelf_explain_sentence(&e, SHELF_SENTENCE_PERFECT, NULL, 8, &len));

  INVALID(shelf_notes_new(NULL));
  shelf_notes_free(NULL);
  INVALID(shelf_notes_feed(NULL, "1", 1));
  INVALID(shelf_notes_finish(NULL));
  INVALID(shelf_notes_arg(NULL, "1"));
  CHECK(shelf_notes_new(&notes) == SHELF_OK);
  INVALID(shelf_notes_feed(notes, NULL, 1));
  INVALID(shelf_notes_arg(notes, NULL));
  CHECK(shelf_notes_take(NULL, 4, 0, note) == 0);
  CHECK(shelf_notes_take(notes, 4, 0, NULL) == 0);
  INVALID(shelf_note_sentence(NULL, text, sizeof text, &len));
  memset(note, 0, sizeof note);
  INVALID(shelf_note_sentence(&note[0], NULL, 8, &len));
  shelf_notes_free(notes);
}

static void judge(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_mistake k;
  shelf_i128 v;
  char text[SHELF_SENTENCE_BUFSIZE];
  size_t len, n;
  shelf_plan plan;
  int64_t out[8];
  shelf_try kind;
  shelf_judgement j;
  shelf_judge jd;

  CHECK(shelf_mistake_name((shelf_mistake)999) == NULL); /* no name */
  INVALID(shelf_mistake_from_name(NULL, &k));
  INVALID(shelf_mistake_from_name("greedy", NULL));
  INVALID(shelf_mistake_sentence(SHELF_MISTAKE_GREEDY, SHELF_SUBJECT_PROGRAM,
                                 NULL, 8, &len));
  INVALID(shelf_cell_mistake(NULL, 4, 0, 3, 0, &k));
  INVALID(shelf_cell_mistake(w, 4, 0, 3, 0, NULL));
  INVALID(shelf_end_mistake(NULL, 4, 0, 3, SHELF_LEFT, &k, &v));
  INVALID(shelf_end_mistake(w, 4, 0, 3, SHELF_LEFT, NULL, &v));
  CHECK(shelf_end_mistake(w, 4, 0, 3, SHELF_LEFT, &k, NULL) == SHELF_OK);
  INVALID(
      shelf_cell_sentence(NULL, 4, 0, 3, 7, SHELF_MISTAKE_NONE, NULL, 0, &len));
  INVALID(
      shelf_cell_sentence(w, 4, 0, 3, 7, SHELF_MISTAKE_NONE, NULL, 8, &len));
  CHECK(shelf_cell_sentence(w, 4, 0, 3, 7, SHELF_MISTAKE_NONE, NULL, 0, NULL) ==
        SHELF_OK);
  INVALID(shelf_answer_of(SHELF_ANSWER_MARGIN, NULL, 4, &v));
  INVALID(shelf_answer_of(SHELF_ANSWER_MARGIN, w, 4, NULL));
  CHECK(shelf__plan_count(NULL) == 0);
  memset(&plan, 0, sizeof plan);
  plan.max_n = 8;
  plan.lo = 1;
  plan.hi = 9;
  INVALID(shelf__plan_shelf(NULL, 0, out, &n, &kind));
  INVALID(shelf__plan_shelf(&plan, 0, NULL, &n, &kind));
  INVALID(shelf__plan_shelf(&plan, 0, out, NULL, &kind));
  CHECK(shelf__plan_shrink(NULL, w, 4, 0, out, &n) == 0);
  CHECK(shelf__plan_shrink(&plan, NULL, 4, 0, out, &n) == 0);
  CHECK(shelf__plan_shrink(&plan, w, 4, 0, NULL, &n) == 0);
  CHECK(shelf__plan_shrink(&plan, w, 4, 0, out, NULL) == 0);
  CHECK(shelf__fits_31_bits(NULL, 0) == 1);
  INVALID(shelf__mistake_of(SHELF_ANSWER_MARGIN, NULL, 1, 0, &k));
  INVALID(shelf__mistake_of(SHELF_ANSWER_MARGIN, NULL, 0, 0, NULL));
  CHECK(shelf__problem_at((size_t)-1) == NULL);
  CHECK(shelf_problem_find(NULL) == NULL);
  INVALID(
      shelf_layout_write(SHELF_LAYOUT_LINE, NULL, 4, text, sizeof text, &len));
  INVALID(shelf_layout_write(SHELF_LAYOUT_LINE, w, 4, NULL, 8, &len));
  CHECK(shelf_verdict_name((shelf_verdict)999) == NULL);
  memset(&jd, 0, sizeof jd);
  INVALID(shelf_judge_run(NULL, &j));
  INVALID(shelf_judge_run(&jd, NULL));
  shelf_judgement_free(NULL);
  memset(&j, 0, sizeof j);
  INVALID(shelf_judgement_write(NULL, &jd, NULL, text, sizeof text, &len));
  INVALID(shelf_judgement_write(&j, NULL, NULL, text, sizeof text, &len));
  INVALID(shelf_judgement_write(&j, &jd, NULL, NULL, 8, &len));
  shelf_progress pr = {SHELF_STAGE_TRY, 1, 2, 3, SHELF_VERDICT_OK};
  INVALID(shelf_progress_write(NULL, "x", 0, text, sizeof text, &len));
  INVALID(shelf_progress_write(&pr, NULL, 0, text, sizeof text, &len));
  INVALID(shelf_progress_write(&pr, "x", 0, NULL, 8, &len));
  pr.stage = (shelf_stage)99;
  INVALID(shelf_progress_write(&pr, "x", 0, text, sizeof text, &len));
}

static void svg(void) {
  const int64_t w[] = {3, 9, 1, 2};
  char *doc = NULL;
  size_t len;
  INVALID(shelf_svg(NULL, 4, NULL, &doc, &len));
  INVALID(shelf_svg(w, 4, NULL, NULL, &len));
  CHECK(shelf_svg(w, 4, NULL, &doc, NULL) == SHELF_OK); /* defaults */
  shelf_svg_free(doc);
  shelf_svg_free(NULL);
}

/* Every enum's names (shelf.h's "Names of values"): a NULL name or out is
 * SHELF_INVALID; a value outside the list has no name. */
static void names(void) {
  {
    shelf_status v;
    INVALID(shelf_status_from_name(NULL, &v));
    INVALID(shelf_status_from_name("x", NULL));
  }
  {
    shelf_engine v;
    INVALID(shelf_engine_from_name(NULL, &v));
    INVALID(shelf_engine_from_name("x", NULL));
  }
  {
    shelf_end v;
    INVALID(shelf_end_from_name(NULL, &v));
    INVALID(shelf_end_from_name("x", NULL));
  }
  {
    shelf_line_kind v;
    INVALID(shelf_line_kind_from_name(NULL, &v));
    INVALID(shelf_line_kind_from_name("x", NULL));
  }
  {
    shelf_buyer v;
    INVALID(shelf_buyer_from_name(NULL, &v));
    INVALID(shelf_buyer_from_name("x", NULL));
  }
  {
    shelf_step_kind v;
    INVALID(shelf_step_kind_from_name(NULL, &v));
    INVALID(shelf_step_kind_from_name("x", NULL));
  }
  {
    shelf_subject v;
    INVALID(shelf_subject_from_name(NULL, &v));
    INVALID(shelf_subject_from_name("x", NULL));
  }
  {
    shelf_sentence v;
    INVALID(shelf_sentence_from_name(NULL, &v));
    INVALID(shelf_sentence_from_name("x", NULL));
  }
  {
    shelf_player v;
    INVALID(shelf_player_from_name(NULL, &v));
    INVALID(shelf_player_from_name("x", NULL));
  }
  {
    shelf_game_sentence v;
    INVALID(shelf_game_sentence_from_name(NULL, &v));
    INVALID(shelf_game_sentence_from_name("x", NULL));
  }
  {
    shelf_note_kind v;
    INVALID(shelf_note_kind_from_name(NULL, &v));
    INVALID(shelf_note_kind_from_name("x", NULL));
  }
  {
    shelf_parse_after v;
    INVALID(shelf_parse_after_from_name(NULL, &v));
    INVALID(shelf_parse_after_from_name("x", NULL));
  }
  {
    shelf_mistake v;
    INVALID(shelf_mistake_from_name(NULL, &v));
    INVALID(shelf_mistake_from_name("x", NULL));
  }
  {
    shelf_answer v;
    INVALID(shelf_answer_from_name(NULL, &v));
    INVALID(shelf_answer_from_name("x", NULL));
  }
  {
    shelf_try v;
    INVALID(shelf_try_from_name(NULL, &v));
    INVALID(shelf_try_from_name("x", NULL));
  }
  {
    shelf_stage v;
    INVALID(shelf_stage_from_name(NULL, &v));
    INVALID(shelf_stage_from_name("x", NULL));
  }
  {
    shelf_layout v;
    INVALID(shelf_layout_from_name(NULL, &v));
    INVALID(shelf_layout_from_name("x", NULL));
  }
  {
    shelf_verdict v;
    INVALID(shelf_verdict_from_name(NULL, &v));
    INVALID(shelf_verdict_from_name("x", NULL));
  }
  CHECK(shelf_engine_name((shelf_engine)99) == NULL);
  CHECK(shelf_line_kind_name((shelf_line_kind)99) == NULL);
  CHECK(shelf_step_kind_name((shelf_step_kind)99) == NULL);
  CHECK(shelf_subject_name((shelf_subject)99) == NULL);
  CHECK(shelf_sentence_name((shelf_sentence)99) == NULL);
  CHECK(shelf_player_name((shelf_player)99) == NULL);
  CHECK(shelf_game_sentence_name((shelf_game_sentence)99) == NULL);
  CHECK(shelf_note_kind_name((shelf_note_kind)99) == NULL);
  CHECK(shelf_parse_after_name((shelf_parse_after)99) == NULL);
  CHECK(shelf_answer_name((shelf_answer)99) == NULL);
  CHECK(shelf_try_name((shelf_try)99) == NULL);
  CHECK(shelf_stage_name((shelf_stage)99) == NULL);
  CHECK(shelf_layout_name((shelf_layout)99) == NULL);
}

/* A source whose one callback says the text has ended. */
static int64_t no_bytes(void *ctx, char *buf, size_t len) {
  (void)ctx;
  (void)buf;
  (void)len;
  return 0;
}

static int any_shelf(void *ctx, shelf_status status, const shelf_result *result,
                     const shelf_parse_error *error,
                     const shelf_solver *solver) {
  (void)ctx, (void)status, (void)result, (void)error, (void)solver;
  return 0;
}

/* The threaded reads, and the calls with no pointer to check or whose
 * pointers must not be NULL (a buffer of a fixed size): called as the
 * documentation allows, so that this file names every public call
 * (null_calls, tests/header_calls_test.py). */
static void the_rest(void) {
  const int64_t w[] = {3, 9, 1, 2};
  char buf[SHELF_I128_BUFSIZE > SHELF_STANDING_BUFSIZE ? SHELF_I128_BUFSIZE
                                                       : SHELF_STANDING_BUFSIZE];
  char fill[SHELF_COLOUR_BUFSIZE];
  shelf_reduction_step steps[SHELF_REDUCTION_STEPS(4)];
  size_t count = 0;
  shelf_solver *s = NULL;
  REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
  shelf_source source = {0};
  shelf_source silent = {0};
  silent.read = no_bytes;
  shelf_read_options batch = {0};
  batch.parse_flags = SHELF_PARSE_LINES;
  batch.shelf = any_shelf;

  INVALID(shelf_read(NULL, NULL, s, NULL, NULL));
  INVALID(shelf_read(&silent, NULL, NULL, NULL, NULL));
  INVALID(shelf_read(&source, NULL, s, NULL, NULL)); /* neither callback */
  CHECK(shelf_read(&silent, NULL, s, NULL, NULL) == SHELF_OK);
  INVALID(shelf_read_batch(NULL, &batch, NULL));
  INVALID(shelf_read_batch(&silent, NULL, NULL));
  batch.shelf = NULL;
  INVALID(shelf_read_batch(&silent, &batch, NULL));
  batch.shelf = any_shelf;
  CHECK(shelf_read_batch(&silent, &batch, NULL) == SHELF_OK);
  shelf_solver_free(s);

  INVALID(shelf_reduction_trace(NULL, 4, steps, &count));
  INVALID(shelf_reduction_trace(w, 4, NULL, &count));
  INVALID(shelf_reduction_trace(w, 4, steps, NULL));
  CHECK(shelf_reduction_trace(NULL, 0, NULL, &count) == SHELF_OK &&
        count == 0);
  INVALID(shelf_lead_colour(7, 9, NULL, NULL));
  CHECK(shelf_lead_colour(7, 9, fill, NULL) == SHELF_OK); /* no ink asked */

  /* No pointer at all, or one that must not be NULL. */
  CHECK(shelf_version() != NULL);
  CHECK(shelf_kilos_word(1) != NULL);
  CHECK(shelf_turn_buyer(2) == SHELF_SECOND);
  CHECK(shelf_greedy_end(w, 0, 3) == SHELF_LEFT);
  CHECK(shelf_i128_format(-7, buf) == 2);
  CHECK(shelf_standing_format(0, buf) > 0);
}

static const test tests[] = {
    {"shelf.h", core},        {"shelf_pieces.h", pieces},
    {"shelf_teach.h", teach}, {"shelf_judge.h", judge},
    {"shelf_svg.h", svg},     {"names", names},
    {"the rest", the_rest},
};

TEST_MAIN(tests)
