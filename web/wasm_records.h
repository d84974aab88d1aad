/*
 * wasm_records.h - the records web/wasm.c and web/wasm_learn.c write for
 * the page (and the one the page writes for web_random): one struct each.
 * web/wasm_records.c describes every field of every struct (its name, its
 * kind, and its offset and size taken from the struct by offsetof and
 * sizeof) and exports that description; web/bridge.js builds its readers
 * from it when it starts, so the layout is written here alone and the page
 * never counts bytes.
 *
 * Kinds of field (WEB_FIELDS in wasm_records.c names each one's kind):
 *   u32, i32   a number (turns, wheels, places: a page never holds 2^31);
 *   bool       an int32_t, 0 or 1;
 *   i64        a weight or a 64-bit argument (BigInt on the JavaScript side);
 *   i128       a shelf_i128 as decimal text, SHELF_I128_BUFSIZE bytes
 *              (JavaScript has no 128-bit integer; it becomes a BigInt);
 *   text       NUL-terminated text, as many bytes as the field has;
 *   pointer    a wasm address (32 bits);
 *   end, buyer, player, step_kind, note_kind
 *              an int32_t holding a value of that library enum; the bridge
 *              gives the library's name for it (web_named_*() in wasm.c).
 */
#ifndef SHELF_WEB_WASM_RECORDS_H
#define SHELF_WEB_WASM_RECORDS_H

#include <stdint.h>

#include "shelf.h"
#include "shelf_judge.h"
#include "shelf_svg.h"
#include "shelf_teach.h"

/* A shelf_i128 as decimal text (put_i128 below writes it). */
typedef char web_i128[SHELF_I128_BUFSIZE];

/* web_parse: the weights read, or where the text went wrong. */
typedef struct web_parsed {
  int64_t *weights; /* the array read (free it with web_weights_free) */
  uint32_t n;       /* its length */
  uint32_t line;    /* a parse error's place: line, column from 1 */
  uint32_t column;
  uint32_t offset; /* its byte offset */
  char found[48];  /* the offending text, as shelf_parse_error has it */
  char message[SHELF_SENTENCE_BUFSIZE]; /* the one-line error, its place */
  uint32_t notes; /* how many web_note records were written */
} web_parsed;

/* One note on the input (shelf_note) and its sentence. */
typedef struct web_note {
  int32_t kind; /* shelf_note_kind */
  uint32_t line;
  char text[SHELF_SENTENCE_BUFSIZE];
} web_note;

/* shelf_solve(): perfect play's margin and totals. */
typedef struct web_solution {
  web_i128 margin;
  web_i128 first;
  web_i128 second;
} web_solution;

/* shelf_best_move() on a block, or (end only) shelf_greedy_end(). */
typedef struct web_choice {
  int32_t end; /* shelf_end: the best move, or the greedy buyer's */
  web_i128 lead;
  web_i128 left;
  web_i128 right;
} web_choice;

/* web_game: the block left after the moves replayed, both totals. */
typedef struct web_position {
  uint32_t first;
  uint32_t last; /* one past the block's last wheel */
  web_i128 first_total;
  web_i128 second_total;
} web_position;

/* One move replayed (shelf_move). */
typedef struct web_move {
  uint32_t turn;
  int32_t buyer; /* shelf_buyer */
  int32_t end;   /* shelf_end */
  uint32_t wheel;
  web_i128 weight;
  web_i128 first; /* both totals after the move */
  web_i128 second;
} web_move;

/* web_play: where the game stands, and its sentences beside the moves'. */
typedef struct web_game_state {
  uint32_t first;
  uint32_t last; /* one past the block's last wheel */
  uint32_t moves;
  uint32_t rows;   /* review rows */
  int32_t to_move; /* shelf_buyer: the buyer to move, whoever plays it */
  char hint[SHELF_GAME_SENTENCE_BUFSIZE]; /* empty where it does not apply */
  char summary[SHELF_GAME_SENTENCE_BUFSIZE];
  char against_perfect[SHELF_GAME_SENTENCE_BUFSIZE];
  char first_mistake[SHELF_GAME_SENTENCE_BUFSIZE];
  char lesson[SHELF_GAME_SENTENCE_BUFSIZE];
} web_game_state;

/* One move of a game (shelf_game_move) with its sentence. */
typedef struct web_game_move {
  int32_t buyer; /* shelf_buyer */
  int32_t end;   /* shelf_end */
  uint32_t wheel;
  int32_t player; /* shelf_player */
  int32_t forced;
  web_i128 weight;
  web_i128 best;  /* the best lead the block offered */
  web_i128 kept;  /* the lead the move kept */
  web_i128 first; /* both totals after the move */
  web_i128 second;
  char said[SHELF_GAME_SENTENCE_BUFSIZE];
} web_game_move;

/* One row of a game's review (shelf_review_row). */
typedef struct web_review_row {
  uint32_t turn;
  int32_t buyer;  /* shelf_buyer */
  int32_t end;    /* shelf_end */
  int32_t forced; /* the last wheel, taken for the person */
  web_i128 weight;
  web_i128 kept;
  web_i128 best;
  web_i128 cost;
} web_review_row;

/* shelf_explain()'s numbers (shelf_explanation). */
typedef struct web_explanation {
  int32_t has_greedy_vs_perfect;
  int32_t mistake; /* 1 found, 0 none, -1 not searched */
  uint32_t mistake_turn;
  int32_t mistake_end; /* shelf_end */
  uint32_t mistake_wheel;
  uint32_t mistake_other;
  int32_t has_parity;
  web_i128 margin;
  web_i128 first;
  web_i128 second;
  web_i128 greedy_first;
  web_i128 greedy_second;
  web_i128 greedy_margin;
  web_i128 greedy_vs_perfect;
  web_i128 mistake_cost;
  web_i128 mistake_weight;
  web_i128 odd_sum;
  web_i128 even_sum;
  web_i128 parity_floor;
  web_i128 parity_gain;
} web_explanation;

/* One sentence of a fixed set (shelf_explain_sentence()'s, in order). */
typedef struct web_sentence {
  char text[SHELF_SENTENCE_BUFSIZE];
} web_sentence;

/* shelf_end_mistake() or shelf_cell_mistake() and the sentence for it. */
typedef struct web_mistake {
  int32_t kind;  /* shelf_mistake */
  web_i128 kept; /* what the end picked keeps (shelf_end_mistake) */
  char sentence[SHELF_CELL_SENTENCE_BUFSIZE];
} web_mistake;

/* One step of the linear engine's reduction (shelf_reduction_step). */
typedef struct web_step {
  int32_t kind; /* shelf_step_kind */
  uint32_t first;
  uint32_t last;
  int32_t buyer; /* shelf_buyer: TAKE's */
  web_i128 a;    /* MERGE's three groups */
  web_i128 b;
  web_i128 c;
  web_i128 value;
  web_i128 margin; /* TAKE's margin so far */
} web_step;

/* One cell of the lead table, or one write of the problem's loop, with its
 * colour on shelf_lead_colour()'s scale. */
typedef struct web_cell {
  uint32_t first;
  uint32_t last;
  int32_t unread_left;  /* the loop read lead[i+1][j] before writing it */
  int32_t unread_right; /* the loop read lead[i][j-1] before writing it */
  web_i128 left;
  web_i128 right;
  web_i128 lead;
  char fill[SHELF_COLOUR_BUFSIZE];
  char ink[SHELF_COLOUR_BUFSIZE];
} web_cell;

/* The forms of the problem's loop (web_learn_fill's `form`, bits; the
 * page reads them from the constants table). */
#define LEARN_LEFT_INDEX 1u /* for i ascending, for j = i+1.. ascending */
#define LEARN_ADDED 2u      /* w + lead(rest) instead of w - lead(rest) */

/* web_random's 64-bit arguments, which the page writes. */
typedef struct web_random_args {
  int64_t seed; /* as an unsigned value */
  int64_t lo;
  int64_t hi;
} web_random_args;

/* Writes `value` in decimal into `out`. */
static inline void web_put_i128(web_i128 out, shelf_i128 value) {
  shelf_i128_format(value, out);
}

#endif
