/*
 * wasm.c - the flat exports the browser page calls, over libshelf.
 *
 * WebAssembly's JavaScript side has no 128-bit integers and, without
 * -sWASM_BIGINT, no 64-bit arguments either, so every export here takes
 * only pointers and 32-bit sizes: 64-bit inputs (weights, the random seed
 * and range) are read from memory the caller filled, and every 128-bit
 * result is written as a decimal string into a slot of SHELF_I128_BUFSIZE
 * bytes, which web/bridge.js turns into a BigInt (web_standing reads one
 * back the same way). Words come from the library (src/words.c), never from
 * the page, so the page says what the command says. Nothing here allocates
 * for the caller except web_parse's weights, freed with web_weights_free;
 * nothing keeps state between calls.
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

#define WEB_API EMSCRIPTEN_KEEPALIVE

/* Writes `value` in decimal into slot `slot` of `out`. */
static void put_i128(char *out, size_t slot, shelf_i128 value) {
  shelf_i128_format(value, out + slot * SHELF_I128_BUFSIZE);
}

/* MARK: - Parsing and solving */

/* Parses text as one shelf, as the command reads it, or with
 * SHELF_PARSE_COUNTED in `flags` as --counted reads it (the first number is
 * the count). *weights and *n receive the array (free it with
 * web_weights_free) and its length. On a parse error `err` receives the
 * place (err[0] line, err[1] column, err[2] byte offset), `found` (48
 * bytes) the offending text as shelf_parse_error has it, and `message`
 * (SHELF_SENTENCE_BUFSIZE bytes) the library's one-line error with its
 * place. On success `notes` receives up to 2 notes on the input
 * (shelf_note_sentence(), SHELF_SENTENCE_BUFSIZE bytes each), note_info
 * their kind and line, two numbers each, and *note_count how many. */
WEB_API int web_parse(const char *text, size_t len, unsigned flags,
                      int64_t **weights, size_t *n, uint32_t *err, char *found,
                      char *message, char *notes, uint32_t *note_info,
                      uint32_t *note_count) {
  *weights = NULL;
  *n = 0;
  *note_count = 0;
  message[0] = '\0';
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
    err[0] = (uint32_t)e->line;
    err[1] = (uint32_t)e->column;
    err[2] = (uint32_t)e->offset;
    memcpy(found, e->found, sizeof e->found);
    shelf_parse_error_format(e, 1, message, SHELF_SENTENCE_BUFSIZE, NULL);
  } else if (st == SHELF_OK) {
    size_t count = 0;
    const int64_t *kept = shelf_solver_weights(solver, &count);
    if (count > 0) {
      *weights = malloc(count * sizeof **weights);
      if (*weights == NULL)
        st = SHELF_NOMEM;
      else
        memcpy(*weights, kept, count * sizeof **weights);
    }
    if (st == SHELF_OK) {
      *n = count;
      shelf_notes_feed(seen, text, len);
      shelf_notes_finish(seen);
      shelf_note taken[2];
      size_t k = shelf_notes_take(seen, count, 0, taken);
      for (size_t i = 0; i < k; i++) {
        shelf_note_sentence(&taken[i], notes + i * SHELF_SENTENCE_BUFSIZE,
                            SHELF_SENTENCE_BUFSIZE, NULL);
        note_info[2 * i] = (uint32_t)taken[i].kind;
        note_info[2 * i + 1] = (uint32_t)taken[i].line;
      }
      *note_count = (uint32_t)k;
    }
  }
  shelf_notes_free(seen);
  shelf_solver_free(solver);
  shelf_parser_free(parser);
  return (int)st;
}

WEB_API void web_weights_free(int64_t *weights) { free(weights); }

/* The margin, first and second totals of perfect play, in slots 0, 1, 2,
 * by `engine` (a shelf_engine: the linear engine, or the DP for a check). */
WEB_API int web_solve(const int64_t *weights, size_t n, int engine, char *out) {
  shelf_result r;
  shelf_status st = shelf_solve(weights, n, (shelf_engine)engine, &r);
  if (st != SHELF_OK)
    return (int)st;
  put_i128(out, 0, r.margin);
  put_i128(out, 1, r.first);
  put_i128(out, 2, r.second);
  return SHELF_OK;
}

WEB_API int web_line(const int64_t *weights, size_t n, unsigned char *ends) {
  return (int)shelf_line(weights, n, ends);
}

/* The best move on block first..last: the line's end (0 left, 1 right) in
 * *best, and the lead, the left's and the right's in slots 0, 1, 2. */
WEB_API int web_best_move(const int64_t *weights, size_t n, size_t first,
                          size_t last, int *best, char *out) {
  shelf_choice c;
  shelf_status st = shelf_best_move(weights, n, first, last, &c);
  if (st != SHELF_OK)
    return (int)st;
  *best = (int)c.best;
  put_i128(out, 0, c.lead);
  put_i128(out, 1, c.left);
  put_i128(out, 2, c.right);
  return SHELF_OK;
}

/* The greedy buyer's move on block first..last of n weights, by the one
 * rule, shelf_greedy_end(), in *end (0 left, 1 right). SHELF_INVALID for a
 * NULL argument or a block that is empty or out of range, as
 * shelf_best_move() says it. */
WEB_API int web_greedy_end(const int64_t *weights, size_t n, size_t first,
                           size_t last, int *end) {
  if (weights == NULL || end == NULL || first > last || last >= n)
    return SHELF_INVALID;
  *end = (int)shelf_greedy_end(weights, first, last);
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
 * through shelf_replay(), the one place totals are added up. at[0] and
 * at[1] receive the block left (first, last + 1); slots 0 and 1 of
 * `totals` the two totals after the moves. The last `keep` moves (keep <=
 * count) are written to moves, 4 numbers each (turn, buyer, end, wheel),
 * with their weight and both totals after them in slots 2 + 3k .. 4 + 3k
 * of `totals`. SHELF_INVALID if count > n or an end is unknown. */
WEB_API int web_game(const int64_t *weights, size_t n,
                     const unsigned char *ends, size_t count, size_t keep,
                     uint32_t *at, uint32_t *moves, char *totals) {
  if (count > n || keep > count)
    return SHELF_INVALID;
  shelf_position g;
  shelf_position_start(&g, n);
  shelf_status st = shelf_replay(weights, ends, count - keep, &g, NULL);
  for (size_t r = 0; st == SHELF_OK && r < keep; r++) {
    shelf_move mv;
    st = shelf_replay(weights, ends, 1, &g, &mv);
    if (st == SHELF_OK) {
      moves[4 * r] = (uint32_t)mv.turn;
      moves[4 * r + 1] = (uint32_t)mv.buyer;
      moves[4 * r + 2] = (uint32_t)mv.end;
      moves[4 * r + 3] = (uint32_t)mv.wheel;
      put_i128(totals, 2 + 3 * r, mv.weight);
      put_i128(totals, 3 + 3 * r, mv.first);
      put_i128(totals, 4 + 3 * r, mv.second);
    }
  }
  if (st != SHELF_OK)
    return (int)st;
  at[0] = (uint32_t)g.first;
  at[1] = (uint32_t)g.last;
  put_i128(totals, 0, g.totals[0]);
  put_i128(totals, 1, g.totals[1]);
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
 * shelf again. Players are shelf_player values. Out (n moves at most):
 *   nums:    first, last (+1), moves made, review rows, the buyer to move
 *            (shelf_turn_buyer(), whoever plays it); then 4 a move:
 *            buyer, end, wheel, player + 4 * forced; then 3 a review row:
 *            turn, buyer, end (0 left, 1 right, 2 last).
 *   values:  5 slots a move: weight, best lead, lead kept, first's total,
 *            second's; then 4 a review row: weight, kept, best, cost.
 *   said:    SHELF_GAME_SENTENCE_BUFSIZE bytes a sentence: each move's, then
 *            the hint, the summary, against perfect play, the first
 *            mistake and its lesson (empty where they do not apply now).
 *   choices: the person's choices now in effect (L and R), NUL-terminated:
 *            what the page keeps in its address.
 * A command that does not apply (a move when the game is over, an unknown
 * letter) is SHELF_INVALID.
 */
WEB_API int web_play(const int64_t *weights, size_t n, int first, int second,
                     const char *script, uint32_t *nums, char *values,
                     char *said, char *choices) {
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
  shelf_position at;
  shelf_game_at(g, &at);
  size_t count = shelf_game_move_count(g), rows = shelf_game_review_count(g);
  nums[0] = (uint32_t)at.first;
  nums[1] = (uint32_t)at.last;
  nums[2] = (uint32_t)count;
  nums[3] = (uint32_t)rows;
  nums[4] = (uint32_t)shelf_turn_buyer(at.turn + 1);
  enum { SAY = SHELF_GAME_SENTENCE_BUFSIZE };
  size_t chosen = 0;
  for (size_t k = 0; k < count; k++) {
    shelf_game_move m;
    shelf_game_move_at(g, k, &m);
    uint32_t *u = nums + 5 + 4 * k;
    u[0] = (uint32_t)m.move.buyer;
    u[1] = (uint32_t)m.move.end;
    u[2] = (uint32_t)m.move.wheel;
    u[3] = (uint32_t)m.player + 4u * (uint32_t)m.forced;
    put_i128(values, 5 * k, m.move.weight);
    put_i128(values, 5 * k + 1, m.best);
    put_i128(values, 5 * k + 2, m.kept);
    put_i128(values, 5 * k + 3, m.move.first);
    put_i128(values, 5 * k + 4, m.move.second);
    shelf_game_say(g, SHELF_GAME_MOVE, k, said + k * SAY, SAY, NULL);
    if (m.player == SHELF_PLAYER_PERSON && !m.forced)
      choices[chosen++] = m.move.end == SHELF_LEFT ? 'L' : 'R';
  }
  choices[chosen] = '\0';
  for (size_t r = 0; r < rows; r++) {
    shelf_review_row row;
    shelf_game_review(g, r, &row);
    uint32_t *u = nums + 5 + 4 * count + 3 * r;
    u[0] = (uint32_t)row.turn;
    u[1] = (uint32_t)row.buyer;
    u[2] = row.forced ? 2 : (uint32_t)row.end; /* 2: SHELF_REVIEW_LAST */
    size_t v = 5 * count + 4 * r;
    put_i128(values, v, row.weight);
    put_i128(values, v + 1, row.kept);
    put_i128(values, v + 2, row.best);
    put_i128(values, v + 3, row.cost);
  }
  static const shelf_game_sentence after[5] = {
      SHELF_GAME_HINT, SHELF_GAME_SUMMARY, SHELF_GAME_AGAINST_PERFECT,
      SHELF_GAME_FIRST_MISTAKE, SHELF_GAME_LESSON};
  for (size_t k = 0; k < 5; k++) {
    char *out = said + (count + k) * SAY;
    if (shelf_game_say(g, after[k], 0, out, SAY, NULL) != SHELF_OK)
      out[0] = '\0';
  }
  shelf_game_free(g);
  return SHELF_OK;
}

/* MARK: - The greedy trap */

/* shelf_explain() flattened, with its sentences. flags: [0]
 * has_greedy_vs_perfect, [1] mistake (1, 0, -1), [2] mistake_turn, [3]
 * mistake_end, [4] has_parity, [5] mistake_wheel, [6] mistake_other.
 * Slots: margin, greedy_first, greedy_second, greedy_margin,
 * greedy_vs_perfect, mistake_cost, odd_sum, even_sum, parity_floor,
 * parity_gain, first, second, mistake_weight. `sentences` receives
 * SHELF_SENTENCE_COUNT texts of SHELF_SENTENCE_BUFSIZE bytes each, in the
 * order of enum shelf_sentence: the page says what the command says. */
WEB_API int web_explain(const int64_t *weights, size_t n, size_t limit,
                        int32_t *flags, char *out, char *sentences) {
  shelf_explanation e;
  shelf_status st = shelf_explain(weights, n, limit, &e);
  if (st != SHELF_OK)
    return (int)st;
  /* A page never holds 2^31 wheels, so turns and wheels fit in 32 bits. */
  flags[0] = e.has_greedy_vs_perfect;
  flags[1] = e.mistake;
  flags[2] = (int32_t)e.mistake_turn;
  flags[3] = (int32_t)e.mistake_end;
  flags[4] = e.has_parity;
  flags[5] = (int32_t)e.mistake_wheel;
  flags[6] = (int32_t)e.mistake_other;
  const shelf_i128 slots[] = {e.margin,
                              e.greedy_first,
                              e.greedy_second,
                              e.greedy_margin,
                              e.greedy_vs_perfect,
                              e.mistake_cost,
                              e.odd_sum,
                              e.even_sum,
                              e.parity_floor,
                              e.parity_gain,
                              e.first,
                              e.second,
                              e.mistake_weight};
  for (size_t k = 0; k < sizeof slots / sizeof slots[0]; k++)
    put_i128(out, k, slots[k]);
  for (int k = 0; k < SHELF_SENTENCE_COUNT; k++) {
    st = shelf_explain_sentence(&e, (shelf_sentence)k,
                                sentences + (size_t)k * SHELF_SENTENCE_BUFSIZE,
                                SHELF_SENTENCE_BUFSIZE, NULL);
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

WEB_API const char *web_buyer_name(int buyer) {
  return shelf_buyer_name((shelf_buyer)buyer);
}

WEB_API const char *web_end_name(int end) {
  return shelf_end_name((shelf_end)end);
}

/* MARK: - The exercise's known mistakes */

/* shelf_cell_mistake() for a value typed (decimal text) for the lead of
 * block first..last: *kind receives the mistake (SHELF_MISTAKE_NONE when it
 * is right). SHELF_RANGE for a value beyond 128 bits, SHELF_INVALID for
 * text that is not a number. */
WEB_API int web_cell_mistake(const int64_t *weights, size_t n, size_t first,
                             size_t last, const char *value, int *kind) {
  shelf_i128 v;
  shelf_status st = read_i128(value, &v);
  if (st != SHELF_OK)
    return (int)st;
  shelf_mistake m = SHELF_MISTAKE_UNKNOWN;
  st = shelf_cell_mistake(weights, n, first, last, v, &m);
  *kind = (int)m;
  return (int)st;
}

/* shelf_end_mistake() for `end` (0 left, 1 right) picked for block
 * first..last: *kind receives the mistake, `kept` (SHELF_I128_BUFSIZE
 * bytes) what that end keeps, as decimal text. */
WEB_API int web_end_mistake(const int64_t *weights, size_t n, size_t first,
                            size_t last, int end, int *kind, char *kept) {
  shelf_mistake m = SHELF_MISTAKE_UNKNOWN;
  shelf_i128 k = 0;
  shelf_status st =
      shelf_end_mistake(weights, n, first, last, (shelf_end)end, &m, &k);
  *kind = (int)m;
  put_i128(kept, 0, k);
  return (int)st;
}

/* shelf_cell_sentence(): what the learner reads for `value` (decimal
 * text) typed for block first..last, or kept by the end picked, as the
 * mistake `kind`, in the block's own numbers; SHELF_CELL_SENTENCE_BUFSIZE
 * bytes at out. */
WEB_API int web_cell_sentence(const int64_t *weights, size_t n, size_t first,
                              size_t last, const char *value, int kind,
                              char *out) {
  shelf_i128 v;
  shelf_status st = read_i128(value, &v);
  if (st != SHELF_OK)
    return (int)st;
  return (int)shelf_cell_sentence(weights, n, first, last, v,
                                  (shelf_mistake)kind, out,
                                  SHELF_CELL_SENTENCE_BUFSIZE, NULL);
}

WEB_API const char *web_mistake_name(int kind) {
  return shelf_mistake_name((shelf_mistake)kind);
}

/* The learner's sentence for a mistake, SHELF_SENTENCE_BUFSIZE bytes. */
WEB_API int web_mistake_sentence(int kind, char *out) {
  return (int)shelf_mistake_sentence((shelf_mistake)kind, SHELF_SUBJECT_YOU,
                                     out,
                                     SHELF_SENTENCE_BUFSIZE, NULL);
}

/* MARK: - The reduction, step by step */

/*
 * shelf_reduction_trace() flattened for the page: the linear engine's own
 * steps, 4 numbers each in `steps` and 4 slots each in `values`:
 *   push:  (0, wheel, 0, 0),           values (w, -, -, -)
 *   merge: (1, lo, hi, 0),             values (a, b, c, a - b + c), the
 *          merged group covering wheels lo..hi;
 *   take:  (2, lo, hi, buyer),         values (v, margin so far, -, -), the
 *          valley's larger end (the left on equal ends) taken by `buyer`.
 * `steps` has room for 3n steps; *count receives the number written and
 * slot 0 of `margin` the margin the valley gives.
 */
WEB_API int web_reduction(const int64_t *weights, size_t n, uint32_t *steps,
                          char *values, size_t *count, char *margin) {
  shelf_reduction_step *trace =
      malloc((n ? SHELF_REDUCTION_STEPS(n) : 1) * sizeof *trace);
  if (trace == NULL)
    return SHELF_NOMEM;
  size_t k = 0;
  shelf_status st = shelf_reduction_trace(weights, n, trace, &k);
  shelf_i128 m = 0;
  for (size_t s = 0; st == SHELF_OK && s < k; s++) {
    const shelf_reduction_step *t = &trace[s];
    steps[4 * s] = (uint32_t)t->kind;
    steps[4 * s + 1] = (uint32_t)t->first;
    steps[4 * s + 2] = t->kind == SHELF_STEP_PUSH ? 0 : (uint32_t)t->last;
    steps[4 * s + 3] = t->kind == SHELF_STEP_TAKE ? (uint32_t)t->buyer : 0;
    if (t->kind == SHELF_STEP_MERGE) {
      put_i128(values, 4 * s, t->a);
      put_i128(values, 4 * s + 1, t->b);
      put_i128(values, 4 * s + 2, t->c);
      put_i128(values, 4 * s + 3, t->value);
    } else {
      put_i128(values, 4 * s, t->value);
      if (t->kind == SHELF_STEP_TAKE) {
        put_i128(values, 4 * s + 1, t->margin);
        m = t->margin;
      }
    }
  }
  free(trace);
  if (st != SHELF_OK)
    return (int)st;
  *count = k;
  put_i128(margin, 0, m);
  return SHELF_OK;
}

/* MARK: - The lead table */

/* The lead table in the order shelf_lead_table() fills it (span by span,
 * left to right within a span), recorded here once so that the page's
 * animation only indexes it: order[k] is the cell first * n + last of the
 * k-th block filled, and slots 3k, 3k+1, 3k+2 of `out` hold its left, right
 * and lead. fills and inks receive its colour, SHELF_COLOUR_BUFSIZE bytes
 * each, on shelf_lead_colour()'s scale up to the table's largest |lead|, as
 * the picture colours its table. `order` has n(n+1)/2 entries, `out` three
 * slots each. Every view of the table on the page shows values and colours
 * both, so one walk gives both. */
WEB_API int web_lead_table(const int64_t *weights, size_t n, uint32_t *order,
                           char *out, char *fills, char *inks) {
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
  for (size_t first = 0; st == SHELF_OK && first < n; first++)
    for (size_t last = first; last < n; last++) {
      shelf_i128 lead = cells[first * n + last].lead;
      if (lead > biggest)
        biggest = lead;
      if (-lead > biggest)
        biggest = -lead;
    }
  size_t k = 0;
  for (size_t span = 1; span <= n && st == SHELF_OK; span++)
    for (size_t first = 0; first + span <= n && st == SHELF_OK; first++, k++) {
      size_t cell = first * n + first + span - 1;
      order[k] = (uint32_t)cell;
      put_i128(out, 3 * k, cells[cell].left);
      put_i128(out, 3 * k + 1, cells[cell].right);
      put_i128(out, 3 * k + 2, cells[cell].lead);
      st = shelf_lead_colour(cells[cell].lead, biggest,
                             fills + k * SHELF_COLOUR_BUFSIZE,
                             inks + k * SHELF_COLOUR_BUFSIZE);
    }
  free(cells);
  return (int)st;
}

/* MARK: - Random shelves, messages and the header's numbers */

/* shelf_random() with its 64-bit arguments read from params: seed (as an
 * unsigned value), lo, hi. */
WEB_API int web_random(const int64_t *params, int64_t *weights, size_t n) {
  return (int)shelf_random((uint64_t)params[0], params[1], params[2], weights,
                           n);
}

WEB_API const char *web_strerror(int status) {
  return shelf_strerror((shelf_status)status);
}

WEB_API const char *web_status_name(int status) {
  return shelf_status_name((shelf_status)status);
}

WEB_API const char *web_version(void) { return shelf_version(); }

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
    {"CELL_SENTENCE_BUFSIZE", SHELF_CELL_SENTENCE_BUFSIZE},
    {"NOTE_COUNT", SHELF_NOTE_COUNT},
    {"NOTE_THOUSANDS", SHELF_NOTE_THOUSANDS},
    {"GAME_SENTENCE_BUFSIZE", SHELF_GAME_SENTENCE_BUFSIZE},
    {"PLAYER_PERSON", SHELF_PLAYER_PERSON},
    {"PLAYER_PERFECT", SHELF_PLAYER_PERFECT},
    {"PLAYER_GREEDY", SHELF_PLAYER_GREEDY},
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
