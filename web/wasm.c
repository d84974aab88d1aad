/*
 * wasm.c - the flat exports the browser page calls, over libshelf.
 *
 * WebAssembly's JavaScript side has no 128-bit integers and, without
 * -sWASM_BIGINT, no 64-bit arguments either, so every export here takes
 * only pointers and 32-bit sizes: 64-bit inputs (weights, the random seed
 * and range) are read from memory the caller filled, and every result is
 * written into records of web/wasm_records.h, whose fields the bridge
 * finds by name (web/wasm_records.c describes them): a 128-bit value as
 * decimal text, which web/bridge.js turns into a BigInt (web_standing reads
 * one back the same way). Words come from the library (words.c), never
 * from the page, so the page says what the command says. Nothing here
 * allocates for the caller except web_parse's weights, freed with
 * web_weights_free; nothing keeps state between calls.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include "shelf.h"
#include "shelf_judge.h"
#include "shelf_svg.h"
#include "shelf_teach.h"
#include "wasm_records.h"

#define WEB_API EMSCRIPTEN_KEEPALIVE

/* MARK: - Parsing and solving */

/* Parses text as one shelf, as the command reads it, or with
 * SHELF_PARSE_COUNTED in `flags` as --counted reads it (the first number is
 * the count). out->weights and out->n receive the array (free it with
 * web_weights_free) and its length. On a parse error `out` receives the
 * place, the offending text and the library's one-line error with its
 * place. On success `notes` (2 records) receives the notes on the input,
 * out->notes how many. */
WEB_API int web_parse(const char *text, size_t len, unsigned flags,
                      web_parsed *out, web_note *notes) {
  memset(out, 0, sizeof *out);
  shelf_parser *parser = NULL;
  shelf_solver *solver = NULL;
  shelf_notes *seen = NULL;
  shelf_status st = shelf_parser_new(&parser, flags);
  if (st == SHELF_OK)
    st = shelf_solver_new(&solver, SHELF_KEEP_WEIGHTS);
  if (st == SHELF_OK)
    st = shelf_notes_new(&seen);
  size_t used = 0;
  int ended = 0;
  if (st == SHELF_OK)
    st = shelf_parser_feed(parser, solver, text, len, &used, &ended);
  if (st == SHELF_OK)
    st = shelf_parser_finish(parser, solver, &ended);
  const shelf_parse_error *e = parser ? shelf_parser_error(parser) : NULL;
  if (e != NULL && e->code != SHELF_OK) {
    /* A page never shows a shelf of 2^32 lines, so 32 bits are enough. */
    out->line = (uint32_t)e->line;
    out->column = (uint32_t)e->column;
    out->offset = (uint32_t)e->offset;
    memcpy(out->found, e->found, sizeof out->found);
    shelf_parse_error_format(e, 1, out->message, sizeof out->message, NULL);
  } else if (st == SHELF_OK) {
    size_t count = 0;
    const int64_t *kept = shelf_solver_weights(solver, &count);
    if (count > 0) {
      out->weights = malloc(count * sizeof *out->weights);
      if (out->weights == NULL)
        st = SHELF_NOMEM;
      else
        memcpy(out->weights, kept, count * sizeof *out->weights);
    }
    if (st == SHELF_OK) {
      out->n = (uint32_t)count;
      shelf_notes_feed(seen, text, len);
      shelf_notes_finish(seen);
      shelf_note taken[2];
      size_t k = shelf_notes_take(seen, count, 0, taken);
      for (size_t i = 0; i < k; i++) {
        shelf_note_sentence(&taken[i], notes[i].text, sizeof notes[i].text,
                            NULL);
        notes[i].kind = (int32_t)taken[i].kind;
        notes[i].line = (uint32_t)taken[i].line;
      }
      out->notes = (uint32_t)k;
    }
  }
  shelf_notes_free(seen);
  shelf_solver_free(solver);
  shelf_parser_free(parser);
  return (int)st;
}

WEB_API void web_weights_free(int64_t *weights) { free(weights); }

/* The margin, first and second totals of perfect play by `engine` (a
 * shelf_engine: the linear engine, or the DP for a check). */
WEB_API int web_solve(const int64_t *weights, size_t n, int engine,
                      web_solution *out) {
  shelf_result r;
  shelf_status st = shelf_solve(weights, n, (shelf_engine)engine, &r);
  if (st != SHELF_OK)
    return (int)st;
  web_put_i128(out->margin, r.margin);
  web_put_i128(out->first, r.first);
  web_put_i128(out->second, r.second);
  return SHELF_OK;
}

WEB_API int web_line(const int64_t *weights, size_t n, unsigned char *ends) {
  return (int)shelf_line(weights, n, ends);
}

/* The best move on block first..last: the line's end, and the lead, the
 * left's and the right's. */
WEB_API int web_best_move(const int64_t *weights, size_t n, size_t first,
                          size_t last, web_choice *out) {
  shelf_choice c;
  shelf_status st = shelf_best_move(weights, n, first, last, &c);
  if (st != SHELF_OK)
    return (int)st;
  out->end = (int32_t)c.best;
  web_put_i128(out->lead, c.lead);
  web_put_i128(out->left, c.left);
  web_put_i128(out->right, c.right);
  return SHELF_OK;
}

/* The greedy buyer's move on block first..last of n weights, by the one
 * rule, shelf_greedy_end(), in out->end (the other fields untouched).
 * SHELF_INVALID for a NULL argument or a block that is empty or out of
 * range, as shelf_best_move() says it. */
WEB_API int web_greedy_end(const int64_t *weights, size_t n, size_t first,
                           size_t last, web_choice *out) {
  if (weights == NULL || out == NULL || first > last || last >= n)
    return SHELF_INVALID;
  out->end = (int32_t)shelf_greedy_end(weights, first, last);
  return SHELF_OK;
}

/* shelf_greedy_line(): the ends of greedy play, both buyers greedy
 * (SHELF_LINE_GREEDY_BOTH) or a greedy first against a perfect second. */
WEB_API int web_greedy_line(const int64_t *weights, size_t n, unsigned flags,
                            unsigned char *ends) {
  return (int)shelf_greedy_line(weights, n, flags, ends);
}

/* MARK: - Games, move by move */

/* Replays the first `count` of `ends` (0 left, 1 right) from the full shelf
 * through shelf_replay(), the one place totals are added up. `at` receives
 * the block left and the two totals after the moves; the last `keep` moves
 * (keep <= count) are written to `moves`. SHELF_INVALID if count > n or an
 * end is unknown. */
WEB_API int web_game(const int64_t *weights, size_t n,
                     const unsigned char *ends, size_t count, size_t keep,
                     web_position *at, web_move *moves) {
  if (count > n || keep > count)
    return SHELF_INVALID;
  shelf_position g;
  shelf_position_start(&g, n);
  shelf_status st = shelf_replay(weights, ends, count - keep, &g, NULL);
  for (size_t r = 0; st == SHELF_OK && r < keep; r++) {
    shelf_move mv;
    st = shelf_replay(weights, ends, 1, &g, &mv);
    if (st == SHELF_OK) {
      web_move *m = &moves[r];
      m->turn = (uint32_t)mv.turn;
      m->buyer = (int32_t)mv.buyer;
      m->end = (int32_t)mv.end;
      m->wheel = (uint32_t)mv.wheel;
      web_put_i128(m->weight, mv.weight);
      web_put_i128(m->first, mv.first);
      web_put_i128(m->second, mv.second);
    }
  }
  if (st != SHELF_OK)
    return (int)st;
  at->first = (uint32_t)g.first;
  at->last = (uint32_t)g.last;
  web_put_i128(at->first_total, g.totals[0]);
  web_put_i128(at->second_total, g.totals[1]);
  return SHELF_OK;
}

/* MARK: - A game to play */

/* shelf_turn_buyer(): the buyer who moves at `turn` (from 1). */
WEB_API int web_turn_buyer(uint32_t turn) { return (int)shelf_turn_buyer(turn); }

/*
 * libshelf's game (shelf_game, shelf_teach.h) for the page, which keeps no
 * game of its own: the page's address holds the person's choices, and each
 * call makes the game afresh and runs `script` on it, one command a
 * character: L or R the person to move takes that end, U undo, A the same
 * shelf again. Players are shelf_player values. Out: `at` where the game
 * stands and its sentences (the hint, the summary, against perfect play,
 * the first mistake and its lesson, empty where they do not apply now);
 * `moves` (n at most) each move with its sentence; `rows` (n at most) the
 * review; `choices` (n + 1 bytes) the person's choices now in effect (L
 * and R), NUL-terminated: what the page keeps in its address. A command
 * that does not apply (a move when the game is over, an unknown letter) is
 * SHELF_INVALID.
 */
WEB_API int web_play(const int64_t *weights, size_t n, int first, int second,
                     const char *script, web_game_state *at,
                     web_game_move *moves, web_review_row *rows,
                     char *choices) {
  shelf_game *g = NULL;
  shelf_status st = shelf_game_new(weights, n, (shelf_player)first,
                                   (shelf_player)second, &g);
  for (const char *c = script; st == SHELF_OK && *c != '\0'; c++)
    st = *c == 'L'   ? shelf_game_take(g, SHELF_LEFT)
         : *c == 'R' ? shelf_game_take(g, SHELF_RIGHT)
         : *c == 'U' ? shelf_game_undo(g, NULL)
         : *c == 'A' ? shelf_game_again(g)
                     : SHELF_INVALID;
  if (st != SHELF_OK) {
    shelf_game_free(g);
    return (int)st;
  }
  shelf_position p;
  shelf_game_at(g, &p);
  size_t count = shelf_game_move_count(g);
  size_t review = shelf_game_review_count(g);
  at->first = (uint32_t)p.first;
  at->last = (uint32_t)p.last;
  at->moves = (uint32_t)count;
  at->rows = (uint32_t)review;
  at->to_move = (int32_t)shelf_turn_buyer(p.turn + 1);
  size_t chosen = 0;
  for (size_t k = 0; k < count; k++) {
    shelf_game_move m;
    shelf_game_move_at(g, k, &m);
    web_game_move *out = &moves[k];
    out->buyer = (int32_t)m.move.buyer;
    out->end = (int32_t)m.move.end;
    out->wheel = (uint32_t)m.move.wheel;
    out->player = (int32_t)m.player;
    out->forced = m.forced != 0;
    web_put_i128(out->weight, m.move.weight);
    web_put_i128(out->best, m.best);
    web_put_i128(out->kept, m.kept);
    web_put_i128(out->first, m.move.first);
    web_put_i128(out->second, m.move.second);
    shelf_game_say(g, SHELF_GAME_MOVE, k, out->said, sizeof out->said, NULL);
    if (m.player == SHELF_PLAYER_PERSON && !m.forced)
      choices[chosen++] = m.move.end == SHELF_LEFT ? 'L' : 'R';
  }
  choices[chosen] = '\0';
  for (size_t r = 0; r < review; r++) {
    shelf_review_row row;
    shelf_game_review(g, r, &row);
    web_review_row *out = &rows[r];
    out->turn = (uint32_t)row.turn;
    out->buyer = (int32_t)row.buyer;
    out->end = (int32_t)row.end;
    out->forced = row.forced != 0;
    web_put_i128(out->weight, row.weight);
    web_put_i128(out->kept, row.kept);
    web_put_i128(out->best, row.best);
    web_put_i128(out->cost, row.cost);
  }
  const struct {
    shelf_game_sentence which;
    char *out;
  } after[] = {{SHELF_GAME_HINT, at->hint},
               {SHELF_GAME_SUMMARY, at->summary},
               {SHELF_GAME_AGAINST_PERFECT, at->against_perfect},
               {SHELF_GAME_FIRST_MISTAKE, at->first_mistake},
               {SHELF_GAME_LESSON, at->lesson}};
  for (size_t k = 0; k < sizeof after / sizeof after[0]; k++)
    if (shelf_game_say(g, after[k].which, 0, after[k].out,
                       SHELF_GAME_SENTENCE_BUFSIZE, NULL) != SHELF_OK)
      after[k].out[0] = '\0';
  shelf_game_free(g);
  return SHELF_OK;
}

/* MARK: - The greedy trap */

/* shelf_explain()'s numbers in `out`, and its sentences in `sentences`,
 * SHELF_SENTENCE_COUNT records in the order of enum shelf_sentence: the
 * page says what the command says. */
WEB_API int web_explain(const int64_t *weights, size_t n, size_t limit,
                        web_explanation *out, web_sentence *sentences) {
  shelf_explanation e;
  shelf_status st = shelf_explain(weights, n, limit, &e);
  if (st != SHELF_OK)
    return (int)st;
  /* A page never holds 2^31 wheels, so turns and wheels fit in 32 bits. */
  out->has_greedy_vs_perfect = e.has_greedy_vs_perfect;
  out->mistake = e.mistake;
  out->mistake_turn = (uint32_t)e.mistake_turn;
  out->mistake_end = (int32_t)e.mistake_end;
  out->mistake_wheel = (uint32_t)e.mistake_wheel;
  out->mistake_other = (uint32_t)e.mistake_other;
  out->has_parity = e.has_parity;
  web_put_i128(out->margin, e.margin);
  web_put_i128(out->first, e.first);
  web_put_i128(out->second, e.second);
  web_put_i128(out->greedy_first, e.greedy_first);
  web_put_i128(out->greedy_second, e.greedy_second);
  web_put_i128(out->greedy_margin, e.greedy_margin);
  web_put_i128(out->greedy_vs_perfect, e.greedy_vs_perfect);
  web_put_i128(out->mistake_cost, e.mistake_cost);
  web_put_i128(out->mistake_weight, e.mistake_weight);
  web_put_i128(out->odd_sum, e.odd_sum);
  web_put_i128(out->even_sum, e.even_sum);
  web_put_i128(out->parity_floor, e.parity_floor);
  web_put_i128(out->parity_gain, e.parity_gain);
  for (int k = 0; k < SHELF_SENTENCE_COUNT; k++) {
    st = shelf_explain_sentence(&e, (shelf_sentence)k, sentences[k].text,
                                sizeof sentences[k].text, NULL);
    if (st != SHELF_OK)
      return (int)st;
  }
  return SHELF_OK;
}

/* Reads a shelf_i128 written in decimal ("-7", "12"), as put_i128 writes
 * it: SHELF_INVALID for anything else, SHELF_RANGE beyond 128 bits. The
 * number is gathered below zero, where the most negative value fits. */
static shelf_status read_i128(const char *text, shelf_i128 *value) {
  const shelf_i128 max = (((shelf_i128)1 << 126) - 1) * 2 + 1;
  const shelf_i128 min = -max - 1;
  int negative = *text == '-';
  text += negative;
  if (*text == '\0')
    return SHELF_INVALID;
  shelf_i128 v = 0;
  for (; *text != '\0'; text++) {
    if (*text < '0' || *text > '9')
      return SHELF_INVALID;
    int digit = *text - '0';
    if (v < min / 10 || (v == min / 10 && digit > -(int)(min % 10)))
      return SHELF_RANGE;
    v = v * 10 - digit;
  }
  if (!negative && v == min)
    return SHELF_RANGE;
  *value = negative ? v : -v;
  return SHELF_OK;
}

/* How a buyer stands after `margin` (decimal text), in the library's words:
 * "7 kilos ahead", "level". `out` holds SHELF_STANDING_BUFSIZE bytes. */
WEB_API int web_standing(const char *margin, char *out) {
  shelf_i128 v;
  shelf_status st = read_i128(margin, &v);
  if (st != SHELF_OK)
    return (int)st;
  shelf_standing_format(v, out);
  return SHELF_OK;
}

/* "kilo" or "kilos" for a number written in decimal: the library's word. */
WEB_API const char *web_kilos_word(const char *kilos) {
  shelf_i128 v;
  return read_i128(kilos, &v) == SHELF_OK ? shelf_kilos_word(v) : NULL;
}

/* MARK: - The exercise's known mistakes */

/* shelf_cell_mistake() for a value typed (decimal text) for the lead of
 * block first..last: out->kind receives the mistake (SHELF_MISTAKE_NONE
 * when it is right) and out->sentence what the learner reads for it
 * (shelf_cell_sentence(), in the block's own numbers). SHELF_RANGE for a
 * value beyond 128 bits, SHELF_INVALID for text that is not a number. */
WEB_API int web_cell_mistake(const int64_t *weights, size_t n, size_t first,
                             size_t last, const char *value, web_mistake *out) {
  shelf_i128 v;
  shelf_status st = read_i128(value, &v);
  if (st != SHELF_OK)
    return (int)st;
  shelf_mistake m = SHELF_MISTAKE_UNKNOWN;
  st = shelf_cell_mistake(weights, n, first, last, v, &m);
  out->kind = (int32_t)m;
  web_put_i128(out->kept, v);
  if (st == SHELF_OK)
    st = shelf_cell_sentence(weights, n, first, last, v, m, out->sentence,
                             sizeof out->sentence, NULL);
  return (int)st;
}

/* shelf_end_mistake() for `end` (0 left, 1 right) picked for block
 * first..last: out->kind receives the mistake, out->kept what that end
 * keeps and out->sentence what the learner reads for it. */
WEB_API int web_end_mistake(const int64_t *weights, size_t n, size_t first,
                            size_t last, int end, web_mistake *out) {
  shelf_mistake m = SHELF_MISTAKE_UNKNOWN;
  shelf_i128 k = 0;
  shelf_status st =
      shelf_end_mistake(weights, n, first, last, (shelf_end)end, &m, &k);
  out->kind = (int32_t)m;
  web_put_i128(out->kept, k);
  if (st == SHELF_OK)
    st = shelf_cell_sentence(weights, n, first, last, k, m, out->sentence,
                             sizeof out->sentence, NULL);
  return (int)st;
}

/* The learner's sentence for a mistake in out->sentence. */
WEB_API int web_mistake_sentence(int kind, web_mistake *out) {
  out->kind = kind;
  web_put_i128(out->kept, 0);
  return (int)shelf_mistake_sentence((shelf_mistake)kind, SHELF_SUBJECT_YOU,
                                     out->sentence, sizeof out->sentence, NULL);
}

/* MARK: - The reduction, step by step */

/* shelf_reduction_trace() for the page: the linear engine's own steps,
 * one record each in `steps` (room for 3n); *count receives the number
 * written. A field a step's kind does not use is 0. */
WEB_API int web_reduction(const int64_t *weights, size_t n, web_step *steps,
                          size_t *count) {
  shelf_reduction_step *trace =
      malloc((n ? SHELF_REDUCTION_STEPS(n) : 1) * sizeof *trace);
  if (trace == NULL)
    return SHELF_NOMEM;
  size_t k = 0;
  shelf_status st = shelf_reduction_trace(weights, n, trace, &k);
  for (size_t s = 0; st == SHELF_OK && s < k; s++) {
    const shelf_reduction_step *t = &trace[s];
    web_step *out = &steps[s];
    int merge = t->kind == SHELF_STEP_MERGE, take = t->kind == SHELF_STEP_TAKE;
    out->kind = (int32_t)t->kind;
    out->first = (uint32_t)t->first;
    out->last = t->kind == SHELF_STEP_PUSH ? 0 : (uint32_t)t->last;
    out->buyer = take ? (int32_t)t->buyer : 0;
    web_put_i128(out->a, merge ? t->a : 0);
    web_put_i128(out->b, merge ? t->b : 0);
    web_put_i128(out->c, merge ? t->c : 0);
    web_put_i128(out->value, t->value);
    web_put_i128(out->margin, take ? t->margin : 0);
  }
  free(trace);
  if (st != SHELF_OK)
    return (int)st;
  *count = k;
  return SHELF_OK;
}

/* MARK: - The lead table */

/* The lead table in the order shelf_lead_table() fills it (span by span,
 * left to right within a span), recorded here once so that the page's
 * animation only indexes it: `out` (n(n+1)/2 records) the k-th block
 * filled, its left, right and lead, and its colour on shelf_lead_colour()'s
 * scale up to the table's largest |lead|, as the picture colours its
 * table. Every view of the table on the page shows values and colours
 * both, so one walk gives both. */
WEB_API int web_lead_table(const int64_t *weights, size_t n, web_cell *out) {
  if (n > SHELF_TABLE_MAX)
    return SHELF_TOO_LONG;
  shelf_cell *cells = NULL;
  if (n > 0) {
    cells = malloc(n * n * sizeof *cells);
    if (cells == NULL)
      return SHELF_NOMEM;
  }
  shelf_status st = shelf_lead_table(weights, n, cells);
  /* The scale's end: the largest |lead| of the table, known only once
   * every cell is filled. */
  shelf_i128 biggest = 0;
  if (st == SHELF_OK)
    st = shelf_lead_table_largest(cells, n, &biggest);
  size_t k = 0;
  for (size_t span = 1; span <= n && st == SHELF_OK; span++)
    for (size_t first = 0; first + span <= n && st == SHELF_OK; first++, k++) {
      size_t last = first + span - 1;
      const shelf_cell *c = &cells[first * n + last];
      web_cell *o = &out[k];
      o->first = (uint32_t)first;
      o->last = (uint32_t)last;
      o->unread_left = o->unread_right = 0;
      web_put_i128(o->left, c->left);
      web_put_i128(o->right, c->right);
      web_put_i128(o->lead, c->lead);
      st = shelf_lead_colour(c->lead, biggest, o->fill, o->ink);
    }
  free(cells);
  return (int)st;
}

/* MARK: - Random shelves, messages and the header's numbers */

/* shelf_random() with its 64-bit arguments read from `args`. */
WEB_API int web_random(const web_random_args *args, int64_t *weights,
                       size_t n) {
  return (int)shelf_random((uint64_t)args->seed, args->lo, args->hi, weights,
                           n);
}

WEB_API const char *web_strerror(int status) {
  return shelf_strerror((shelf_status)status);
}

WEB_API const char *web_status_name(int status) {
  return shelf_status_name((shelf_status)status);
}

WEB_API const char *web_version(void) { return shelf_version(); }

/* The word every surface writes for the end of a forced move in a review. */
WEB_API const char *web_review_last(void) { return SHELF_REVIEW_LAST; }

/* The header's numbers bridge.js needs (status codes, buffer sizes, limits),
 * by name, so that they are written once, in shelf.h: web_constant_name(k)
 * and web_constant_value(k) for k from 0 until the name is NULL. */
#define WEB_STATUS_(name, value, message) {#name, value},
static const struct {
  const char *name;
  int32_t value;
} constants[] = {
    /* every status: INVALID, NOMEM, ... */
    SHELF_STATUS_LIST(WEB_STATUS_)
    /* buffer sizes and limits */
    {"I128_BUFSIZE", SHELF_I128_BUFSIZE},
    {"COLOUR_BUFSIZE", SHELF_COLOUR_BUFSIZE},
    {"TABLE_MAX", SHELF_TABLE_MAX},
    {"SENTENCE_COUNT", SHELF_SENTENCE_COUNT},
    {"SENTENCE_BUFSIZE", SHELF_SENTENCE_BUFSIZE},
    {"STANDING_BUFSIZE", SHELF_STANDING_BUFSIZE},
    {"EXPLAIN_MAX", SHELF_EXPLAIN_MAX},
    {"ENGINE_LINEAR", SHELF_ENGINE_LINEAR},
    {"ENGINE_DP", SHELF_ENGINE_DP},
    {"GREEDY_LINE_MAX", SHELF_GREEDY_LINE_MAX},
    {"SVG_WHEELS_MAX", SHELF_SVG_WHEELS_MAX},
    {"SVG_LEAD_MAX", SHELF_SVG_LEAD_MAX},
    {"PARSE_COUNTED", SHELF_PARSE_COUNTED},
    {"GREEDY_BOTH", SHELF_LINE_GREEDY_BOTH},
    {"GREEDY_FIRST", SHELF_LINE_GREEDY_FIRST},
    {"MISTAKE_NONE", SHELF_MISTAKE_NONE},
    {"MISTAKE_ONE_END", SHELF_MISTAKE_ONE_END},
    {"MISTAKE_LEFT_INDEX", SHELF_MISTAKE_LEFT_INDEX},
    {"MISTAKE_ADDED", SHELF_MISTAKE_ADDED},
    {"LEARN_LEFT_INDEX", LEARN_LEFT_INDEX},
    {"LEARN_ADDED", LEARN_ADDED},
    {"CELL_SENTENCE_BUFSIZE", SHELF_CELL_SENTENCE_BUFSIZE},
    {"NOTE_COUNT", SHELF_NOTE_COUNT},
    {"NOTE_THOUSANDS", SHELF_NOTE_THOUSANDS},
    {"GAME_SENTENCE_BUFSIZE", SHELF_GAME_SENTENCE_BUFSIZE},
    {"PLAYER_PERSON", SHELF_PLAYER_PERSON},
    {"PLAYER_PERFECT", SHELF_PLAYER_PERFECT},
    {"PLAYER_GREEDY", SHELF_PLAYER_GREEDY},
    {"STEP_PUSH", SHELF_STEP_PUSH},
    {"STEP_MERGE", SHELF_STEP_MERGE},
    {"STEP_TAKE", SHELF_STEP_TAKE},
};
#undef WEB_STATUS_

WEB_API const char *web_constant_name(size_t k) {
  return k < sizeof constants / sizeof constants[0] ? constants[k].name : NULL;
}

WEB_API int32_t web_constant_value(size_t k) {
  return k < sizeof constants / sizeof constants[0] ? constants[k].value : 0;
}

/* Every enum's values with their names, from the lists in the headers, so
 * that the page spells no name and numbers no value of its own: for k from
 * 0 until web_named_enum(k) is NULL, the enum ("end", "verdict"), the
 * value's name ("left", "bad-output") and the value (0, 5). */
#define WEB_NAMED_(NAME, value, name, words) {WEB_ENUM_, name, value},
static const struct {
  const char *enum_name;
  const char *name;
  int32_t value;
} named[] = {
#define WEB_ENUM_ "end"
    SHELF_END_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "buyer"
    SHELF_BUYER_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "engine"
    SHELF_ENGINE_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "line_kind"
    SHELF_LINE_KIND_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "player"
    SHELF_PLAYER_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "game_sentence"
    SHELF_GAME_SENTENCE_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "step_kind"
    SHELF_STEP_KIND_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "sentence"
    SHELF_SENTENCE_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "note_kind"
    SHELF_NOTE_KIND_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "mistake"
    SHELF_MISTAKE_LIST(WEB_NAMED_)
#undef WEB_ENUM_
#define WEB_ENUM_ "verdict"
    SHELF_VERDICT_LIST(WEB_NAMED_)
#undef WEB_ENUM_
};
#undef WEB_NAMED_

WEB_API const char *web_named_enum(size_t k) {
  return k < sizeof named / sizeof named[0] ? named[k].enum_name : NULL;
}

WEB_API const char *web_named_name(size_t k) {
  return k < sizeof named / sizeof named[0] ? named[k].name : NULL;
}

WEB_API int32_t web_named_value(size_t k) {
  return k < sizeof named / sizeof named[0] ? named[k].value : 0;
}

/* The palette of shelf.h (SHELF_COLOUR_*), by name, for the page's CSS
 * custom properties: web_colour_name(k) and web_colour_value(k) for k from
 * 0 until the name is NULL. */
#define WEB_BUYER_COLOUR_(NAME, value, name, words) {name, SHELF_COLOUR_##NAME},
static const char *const colours[][2] = {
    SHELF_BUYER_LIST(WEB_BUYER_COLOUR_) /* "first", "second" */
    {"ahead", SHELF_COLOUR_AHEAD}, {"behind", SHELF_COLOUR_BEHIND},
    {"trap", SHELF_COLOUR_TRAP},   {"ink", SHELF_COLOUR_INK},
};
#undef WEB_BUYER_COLOUR_

WEB_API const char *web_colour_name(size_t k) {
  return k < sizeof colours / sizeof colours[0] ? colours[k][0] : NULL;
}

WEB_API const char *web_colour_value(size_t k) {
  return k < sizeof colours / sizeof colours[0] ? colours[k][1] : NULL;
}
