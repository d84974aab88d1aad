/*
 * report.c - printing a solved shelf (see report.h).
 */
#include "report.h"
#include <shelf_teach.h>

#include <stdio.h>
#include <string.h>

/* ==== Text ==== */

/* The columns of the line: name, and whether text is left-aligned. */
enum { COLUMNS = 7 };
/* The last two, each buyer's total, are headed by the buyer's name. */
#define BUYER_COLUMN_(NAME, value, name, words) name,
static const char *const column_names[COLUMNS] = {
    "turn", "buyer", "end", "wheel", "weight", SHELF_BUYER_LIST(BUYER_COLUMN_)};
#undef BUYER_COLUMN_

/* One cell: a separator before all but the first, then the text, padded to
 * `width` when aligning (left for words, right for numbers). */
static void cell(out *o, int column, const char *text, size_t len, int width,
                 int align) {
  if (column > 0)
    out_bytes(o, align ? "  " : " ", align ? 2 : 1);
  int left = column == 1 || column == 2;
  int pad = align ? width - (int)len : 0;
  for (; !left && pad > 0; pad--)
    out_char(o, ' ');
  out_bytes(o, text, len);
  /* No trailing spaces after the last column. */
  for (; left && pad > 0 && column < COLUMNS - 1; pad--)
    out_char(o, ' ');
}

static void number_cell(out *o, int column, shelf_i128 v, int width,
                        int align) {
  char buf[SHELF_I128_BUFSIZE];
  cell(o, column, buf, shelf_i128_format(v, buf), width, align);
}

typedef struct moves_ctx {
  out *o;
  const report *r;
  int align;
  int width[COLUMNS];
} moves_ctx;

static void widen(int *width, int w) {
  if (w > *width)
    *width = w;
}

/* The line is replayed by shelf_replay_all() (which adds up the totals)
 * twice: once to measure the columns, once to print them. */
static int measure_turn(void *ctx, const shelf_move *mv) {
  moves_ctx *m = ctx;
  widen(&m->width[0], i128_width((shelf_i128)mv->turn));
  widen(&m->width[3], i128_width((shelf_i128)mv->wheel + 1));
  widen(&m->width[4], i128_width(mv->weight));
  widen(&m->width[5], i128_width(mv->first));
  widen(&m->width[6], i128_width(mv->second));
  return 0;
}

static int print_turn(void *ctx, const shelf_move *mv) {
  moves_ctx *m = ctx;
  const char *buyer = shelf_buyer_name(mv->buyer);
  const char *end = shelf_end_name(mv->end);
  number_cell(m->o, 0, (shelf_i128)mv->turn, m->width[0], m->align);
  cell(m->o, 1, buyer, strlen(buyer), m->width[1], m->align);
  cell(m->o, 2, end, strlen(end), m->width[2], m->align);
  number_cell(m->o, 3, (shelf_i128)mv->wheel + 1, m->width[3], m->align);
  number_cell(m->o, 4, mv->weight, m->width[4], m->align);
  number_cell(m->o, 5, mv->first, m->width[5], m->align);
  number_cell(m->o, 6, mv->second, m->width[6], m->align);
  out_char(m->o, '\n');
  return 0;
}

static void text_moves(out *o, const report_options *opt, const report *r) {
  moves_ctx m = {o, r, opt->align, {0}};
  for (int c = 0; c < COLUMNS; c++)
    m.width[c] = (int)strlen(column_names[c]);
  widen(&m.width[1], (int)strlen("second"));
  widen(&m.width[2], (int)strlen("right"));
  if (opt->align)
    shelf_replay_all(r->weights, r->n, r->ends, measure_turn, &m);
  for (int c = 0; c < COLUMNS; c++)
    cell(o, c, column_names[c], strlen(column_names[c]), m.width[c],
         opt->align);
  out_char(o, '\n');
  shelf_replay_all(r->weights, r->n, r->ends, print_turn, &m);
  out_format(o, "first %I, second %I, margin %I\n", &r->result.first,
             &r->result.second, &r->result.margin);
}

/* The explanation's sentences, worded by the library (the picture and the
 * game say the same). */
static void text_explain(out *o, const report *r) {
  for (int k = 0; k < SHELF_SENTENCE_COUNT; k++) {
    char sentence[SHELF_SENTENCE_BUFSIZE];
    size_t len = 0;
    if (shelf_explain_sentence(&r->explanation, (shelf_sentence)k, sentence,
                               sizeof sentence, &len) != SHELF_OK)
      continue; /* cannot happen: the arguments are all valid */
    out_bytes(o, sentence, len);
    out_char(o, '\n');
  }
}

/* ==== The lead table ==== */

/* The end that keeps a block's lead: "left", "right" or "both". */
static const char *cell_end(const shelf_cell *c) {
  return c->left == c->right
             ? "both"
             : shelf_end_name(c->left > c->right ? SHELF_LEFT : SHELF_RIGHT);
}

/* The short form in the text table: L, R or LR. */
static const char *cell_mark(const shelf_cell *c) {
  return c->left == c->right ? "LR" : c->left > c->right ? "L" : "R";
}

/* Rows are the block's first wheel, columns its last, numbered from 1 as
 * the wheels of --moves are (from the block's first with --table A..B);
 * the rows and the columns both give each wheel's weight. Each cell is the
 * lead and its end, the lead's digits aligned down the column. Always
 * aligned: a matrix in single spaces cannot be read. */
static void text_table(out *o, const report *r) {
  size_t n = r->table_n, from = r->table_from;
  const int64_t *w = r->weights + from;
  int lead_w[REPORT_TABLE_MAX] = {0}, label_w = (int)strlen("first\\last");
  char label[64];
  for (size_t i = 0; i < n; i++) {
    int lw = snprintf(label, sizeof label, "%zu (", from + i + 1) + 1 +
             i128_width(w[i]);
    widen(&label_w, lw);
    widen(&lead_w[i], i128_width((shelf_i128)(from + i) + 1));
    widen(&lead_w[i], i128_width(w[i]) + 2);
    for (size_t j = 0; j <= i; j++)
      widen(&lead_w[i], i128_width(r->cells[j * n + i].lead));
  }
  out_str(o, "lead of block first..last for the buyer to move, and the end "
             "that keeps it: L left, R right, LR both\n");
  /* Two header lines: the wheels' places, then their weights. */
  for (int line = 0; line < (n > 0 ? 2 : 1); line++) {
    const char *corner = line == 0 ? "first\\last" : "";
    out_str(o, corner);
    for (int pad = label_w - (int)strlen(corner); pad > 0; pad--)
      out_char(o, ' ');
    for (size_t j = 0; j < n; j++) {
      /* "  " then the header over the lead's digits; the mark's room
       * after it is left blank, and none after the last column. */
      char head[SHELF_I128_BUFSIZE + 2];
      int hl;
      if (line == 0) {
        hl = snprintf(head, sizeof head, "%zu", from + j + 1);
      } else {
        head[0] = '(';
        hl = 1 + (int)shelf_i128_format(w[j], head + 1);
        head[hl++] = ')';
      }
      for (int pad = 2 + lead_w[j] - hl; pad > 0; pad--)
        out_char(o, ' ');
      out_bytes(o, head, (size_t)hl);
      if (j + 1 < n)
        out_str(o, "   ");
    }
    out_char(o, '\n');
  }
  for (size_t i = 0; i < n; i++) {
    int lw = snprintf(label, sizeof label, "%zu (", from + i + 1);
    out_bytes(o, label, (size_t)lw);
    out_i128(o, w[i]);
    out_char(o, ')');
    int pad = label_w - lw - i128_width(w[i]) - 1;
    for (size_t j = 0; j < i; j++) /* the empty cells: first > last */
      pad += 2 + lead_w[j] + 3;
    for (size_t j = i; j < n; j++) {
      const shelf_cell *c = &r->cells[i * n + j];
      for (pad += 2 + lead_w[j] - i128_width(c->lead); pad > 0; pad--)
        out_char(o, ' ');
      out_i128(o, c->lead);
      out_char(o, ' ');
      out_str(o, cell_mark(c));
      pad = j + 1 < n ? 2 - (int)strlen(cell_mark(c)) : 0;
    }
    out_char(o, '\n');
  }
}

/* One row a block, first and last numbered from 1 as in the text (the JSON
 * table counts from 0, as every index in JSON does), with both wheels'
 * weights. */
static void csv_table(out *o, const report *r) {
  size_t n = r->table_n, from = r->table_from;
  out_str(o, "first,last,first_weight,last_weight,lead,left,right,end\n");
  for (size_t i = 0; i < n; i++)
    for (size_t j = i; j < n; j++) {
      const shelf_cell *c = &r->cells[i * n + j];
      out_format(o, "%u,%u,%w,%w,%I,%I,%I,%s\n", (uint64_t)(from + i) + 1,
                 (uint64_t)(from + j) + 1, r->weights[from + i],
                 r->weights[from + j], &c->lead, &c->left, &c->right,
                 cell_end(c));
    }
}

static int csv_turn(void *ctx, const shelf_move *mv) {
  moves_ctx *m = ctx;
  out_format(m->o, "%u,%s,%s,%u,%w,%I,%I\n", mv->turn,
             shelf_buyer_name(mv->buyer), shelf_end_name(mv->end),
             mv->wheel + 1, mv->weight, &mv->first, &mv->second);
  return 0;
}

/* The line as CSV, the columns of the text (wheel from 1). */
static void csv_moves(out *o, const report *r) {
  moves_ctx m = {o, r, 0, {0}};
  out_str(o, "turn,buyer,end,wheel,weight,first,second\n");
  shelf_replay_all(r->weights, r->n, r->ends, csv_turn, &m);
}

/* ==== JSON ==== */

/* first and last from 0, as every index in JSON output (the text and the
 * CSV count wheels from 1). */
static void json_table(out *o, const report *r) {
  size_t n = r->table_n, from = r->table_from;
  out_str(o, ", \"table\": [");
  for (size_t i = 0; i < n; i++)
    for (size_t j = i; j < n; j++) {
      const shelf_cell *c = &r->cells[i * n + j];
      out_format(o,
                 "%s{\"first\": %u, \"last\": %u, \"lead\": %I, \"left\": "
                 "%I, \"right\": %I, \"end\": \"%s\"}",
                 i + j > 0 ? ", " : "", (uint64_t)(from + i),
                 (uint64_t)(from + j), &c->lead, &c->left, &c->right,
                 cell_end(c));
    }
  out_char(o, ']');
}

static void json_explain(out *o, const report *r) {
  const shelf_explanation *e = &r->explanation;
  out_format(o, ", \"greedy\": {\"first\": %I, \"second\": %I, \"margin\": %I}",
             &e->greedy_first, &e->greedy_second, &e->greedy_margin);
  if (e->has_greedy_vs_perfect)
    out_format(o, ", \"greedy_vs_perfect\": %I", &e->greedy_vs_perfect);
  else
    out_str(o, ", \"greedy_vs_perfect\": null");
  if (e->mistake == 1) {
    out_format(
        o,
        ", \"first_mistake\": {\"turn\": %u, \"buyer\": \"%s\", "
        "\"end\": \"%s\", \"index\": %u, \"weight\": %w, \"cost\": %I}",
        e->mistake_turn,
        shelf_buyer_name(shelf_turn_buyer(e->mistake_turn)),
        shelf_end_name(e->mistake_end), e->mistake_wheel, e->mistake_weight,
        &e->mistake_cost);
  } else {
    out_str(o, ", \"first_mistake\": null");
  }
  if (e->has_parity)
    out_format(o,
               ", \"parity\": {\"odd\": %I, \"even\": %I, \"floor\": %I, "
               "\"gain\": %I}",
               &e->odd_sum, &e->even_sum, &e->parity_floor, &e->parity_gain);
  else
    out_str(o, ", \"parity\": null");
  /* Says that a null above means "not computed", not "none". */
  if (!e->has_greedy_vs_perfect || e->mistake < 0)
    out_str(o, ", \"limits_reached\": true");
}

static int json_turn(void *ctx, const shelf_move *mv) {
  moves_ctx *m = ctx;
  out_format(m->o,
             "%s{\"turn\": %u, \"buyer\": \"%s\", \"end\": \"%s\", "
             "\"index\": %u, \"weight\": %w}",
             mv->turn > 1 ? ", " : "", mv->turn, shelf_buyer_name(mv->buyer),
             shelf_end_name(mv->end), mv->wheel, mv->weight);
  return 0;
}

static void json_moves(out *o, const report *r) {
  moves_ctx m = {o, r, 0, {0}};
  out_str(o, ", \"moves\": [");
  shelf_replay_all(r->weights, r->n, r->ends, json_turn, &m);
  out_char(o, ']');
}

void report_json_error(out *o, uint64_t line, uint64_t column,
                       const char *message, const char *found) {
  out_format(o, "{\"line\": %u", line);
  if (column > 0)
    out_format(o, ", \"column\": %u", column);
  out_format(o, ", \"error\": %J", message);
  if (found != NULL)
    out_format(o, ", \"found\": %J", found);
  out_str(o, "}\n");
}

/* ==== Answers ==== */

/* The asked answer as the judges read it: a number, or for the winner
 * true or false as LeetCode 486 prints it (shelf_judge.h: the first buyer
 * wins a tie). */
static void text_answer(out *o, shelf_answer kind, const shelf_result *r) {
  switch (kind) {
  case SHELF_ANSWER_FIRST:
    out_i128(o, r->first);
    break;
  case SHELF_ANSWER_SECOND:
    out_i128(o, r->second);
    break;
  case SHELF_ANSWER_WINNER:
    out_str(o, r->margin >= 0 ? "true" : "false");
    break;
  case SHELF_ANSWER_MARGIN:
  default:
    out_i128(o, r->margin);
    break;
  }
}

/* ==== Entry ==== */

void report_print(out *o, const report_options *opt, const report *r) {
  if (opt->csv) {
    if (opt->moves)
      csv_moves(o, r);
    else
      csv_table(o, r);
    return;
  }
  if (opt->json) {
    out_format(o, "{\"n\": %u, \"margin\": %I, \"first\": %I, \"second\": %I",
               r->result.n, &r->result.margin, &r->result.first,
               &r->result.second);
    /* The other answers are fields already. */
    if (opt->answer == SHELF_ANSWER_WINNER)
      out_str(o, r->result.margin >= 0 ? ", \"winner\": true"
                                       : ", \"winner\": false");
    if (opt->moves)
      json_moves(o, r);
    if (opt->explain)
      json_explain(o, r);
    if (opt->table)
      json_table(o, r);
    out_str(o, "}\n");
    return;
  }
  text_answer(o, opt->answer, &r->result); /* --batch prints little else */
  out_char(o, '\n');
  if (opt->moves)
    text_moves(o, opt, r);
  if (opt->explain)
    text_explain(o, r);
  if (opt->table)
    text_table(o, r);
}
