/*
 * wasm_records.c - the description of the records the page's exports write
 * (web/wasm_records.h), exported so that web/bridge.js builds its readers
 * from it: every offset and size comes from the struct itself, none from
 * the page. A field of an enum's kind is read into the name web/wasm.c's
 * web_named_*() give its value, from the enum's list in the header.
 */
#include <stddef.h>
#include <stdint.h>

#include <emscripten.h>

#include "wasm_records.h"

#define WEB_API EMSCRIPTEN_KEEPALIVE

/* MARK: - The records */

/* Every record, by its struct web_<name> of wasm_records.h. */
#define RECORD(rec)                                                            \
  { #rec, sizeof(web_##rec) }
static const struct {
  const char *name;
  uint32_t size;
} records[] = {
    RECORD(parsed),      RECORD(note),      RECORD(solution),
    RECORD(choice),      RECORD(position),  RECORD(move),
    RECORD(game_state),  RECORD(game_move), RECORD(review_row),
    RECORD(explanation), RECORD(sentence),  RECORD(mistake),
    RECORD(step),        RECORD(cell),      RECORD(random_args),
};
#undef RECORD

/* Every field: its record, its name, its kind (wasm_records.h says the
 * kinds), and where the struct keeps it. */
#define FIELD(rec, field, kind)                                                \
  {                                                                            \
#rec, #field, kind, offsetof(web_##rec, field),                            \
        sizeof(((web_##rec *)0)->field)                                        \
  }
static const struct {
  const char *record;
  const char *name;
  const char *kind;
  uint32_t offset;
  uint32_t size;
} fields[] = {
    FIELD(parsed, weights, "pointer"),
    FIELD(parsed, n, "u32"),
    FIELD(parsed, line, "u32"),
    FIELD(parsed, column, "u32"),
    FIELD(parsed, offset, "u32"),
    FIELD(parsed, found, "text"),
    FIELD(parsed, message, "text"),
    FIELD(parsed, notes, "u32"),
    FIELD(note, kind, "note_kind"),
    FIELD(note, line, "u32"),
    FIELD(note, text, "text"),
    FIELD(solution, margin, "i128"),
    FIELD(solution, first, "i128"),
    FIELD(solution, second, "i128"),
    FIELD(choice, end, "end"),
    FIELD(choice, lead, "i128"),
    FIELD(choice, left, "i128"),
    FIELD(choice, right, "i128"),
    FIELD(position, first, "u32"),
    FIELD(position, last, "u32"),
    FIELD(position, first_total, "i128"),
    FIELD(position, second_total, "i128"),
    FIELD(move, turn, "u32"),
    FIELD(move, buyer, "buyer"),
    FIELD(move, end, "end"),
    FIELD(move, wheel, "u32"),
    FIELD(move, weight, "i128"),
    FIELD(move, first, "i128"),
    FIELD(move, second, "i128"),
    FIELD(game_state, first, "u32"),
    FIELD(game_state, last, "u32"),
    FIELD(game_state, moves, "u32"),
    FIELD(game_state, rows, "u32"),
    FIELD(game_state, to_move, "buyer"),
    FIELD(game_state, hint, "text"),
    FIELD(game_state, summary, "text"),
    FIELD(game_state, against_perfect, "text"),
    FIELD(game_state, first_mistake, "text"),
    FIELD(game_state, lesson, "text"),
    FIELD(game_move, buyer, "buyer"),
    FIELD(game_move, end, "end"),
    FIELD(game_move, wheel, "u32"),
    FIELD(game_move, player, "player"),
    FIELD(game_move, forced, "bool"),
    FIELD(game_move, weight, "i128"),
    FIELD(game_move, best, "i128"),
    FIELD(game_move, kept, "i128"),
    FIELD(game_move, first, "i128"),
    FIELD(game_move, second, "i128"),
    FIELD(game_move, said, "text"),
    FIELD(review_row, turn, "u32"),
    FIELD(review_row, buyer, "buyer"),
    FIELD(review_row, end, "end"),
    FIELD(review_row, forced, "bool"),
    FIELD(review_row, weight, "i128"),
    FIELD(review_row, kept, "i128"),
    FIELD(review_row, best, "i128"),
    FIELD(review_row, cost, "i128"),
    FIELD(explanation, has_greedy_vs_perfect, "bool"),
    FIELD(explanation, mistake, "i32"),
    FIELD(explanation, mistake_turn, "u32"),
    FIELD(explanation, mistake_end, "end"),
    FIELD(explanation, mistake_wheel, "u32"),
    FIELD(explanation, mistake_other, "u32"),
    FIELD(explanation, has_parity, "bool"),
    FIELD(explanation, margin, "i128"),
    FIELD(explanation, first, "i128"),
    FIELD(explanation, second, "i128"),
    FIELD(explanation, greedy_first, "i128"),
    FIELD(explanation, greedy_second, "i128"),
    FIELD(explanation, greedy_margin, "i128"),
    FIELD(explanation, greedy_vs_perfect, "i128"),
    FIELD(explanation, mistake_cost, "i128"),
    FIELD(explanation, mistake_weight, "i128"),
    FIELD(explanation, odd_sum, "i128"),
    FIELD(explanation, even_sum, "i128"),
    FIELD(explanation, parity_floor, "i128"),
    FIELD(explanation, parity_gain, "i128"),
    FIELD(sentence, text, "text"),
    FIELD(mistake, kind, "i32"),
    FIELD(mistake, kept, "i128"),
    FIELD(mistake, sentence, "text"),
    FIELD(step, kind, "step_kind"),
    FIELD(step, first, "u32"),
    FIELD(step, last, "u32"),
    FIELD(step, buyer, "buyer"),
    FIELD(step, a, "i128"),
    FIELD(step, b, "i128"),
    FIELD(step, c, "i128"),
    FIELD(step, value, "i128"),
    FIELD(step, margin, "i128"),
    FIELD(cell, first, "u32"),
    FIELD(cell, last, "u32"),
    FIELD(cell, unread_left, "bool"),
    FIELD(cell, unread_right, "bool"),
    FIELD(cell, left, "i128"),
    FIELD(cell, right, "i128"),
    FIELD(cell, lead, "i128"),
    FIELD(cell, fill, "text"),
    FIELD(cell, ink, "text"),
    FIELD(random_args, seed, "i64"),
    FIELD(random_args, lo, "i64"),
    FIELD(random_args, hi, "i64"),
};
#undef FIELD

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Record k's name and size in bytes, for k from 0 until the name is NULL. */
WEB_API const char *web_record_name(size_t k) {
  return k < COUNT(records) ? records[k].name : NULL;
}

WEB_API uint32_t web_record_size(size_t k) {
  return k < COUNT(records) ? records[k].size : 0;
}

/* Field k: its record's name, its own, its kind, offset and size, for k
 * from 0 until the record's name is NULL. */
WEB_API const char *web_field_record(size_t k) {
  return k < COUNT(fields) ? fields[k].record : NULL;
}

WEB_API const char *web_field_name(size_t k) {
  return k < COUNT(fields) ? fields[k].name : NULL;
}

WEB_API const char *web_field_kind(size_t k) {
  return k < COUNT(fields) ? fields[k].kind : NULL;
}

WEB_API uint32_t web_field_offset(size_t k) {
  return k < COUNT(fields) ? fields[k].offset : 0;
}

WEB_API uint32_t web_field_size(size_t k) {
  return k < COUNT(fields) ? fields[k].size : 0;
}
