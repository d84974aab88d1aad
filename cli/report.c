/*
 * report.c - printing a solved shelf (see report.h).
 */
#include "report.h"

#include <string.h>

/* ==== Shared pieces ==== */

static const char *buyer_name(uint64_t turn) {
  return turn % 2 == 1 ? "first" : "second";
}

static const char *end_name(int end) {
  return end == SHELF_LEFT ? "left" : "right";
}

void out_json_string(out *o, const char *s) {
  out_char(o, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      out_char(o, '\\');
      out_char(o, (char)c);
    } else if (c < 0x20) {
      static const char hex[] = "0123456789abcdef";
      char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      out_bytes(o, esc, 6);
    } else {
      out_char(o, (char)c);
    }
  }
  out_char(o, '"');
}

/* "7 kilos ahead", "5 kilos behind", "level". */
static void out_standing(out *o, shelf_i128 margin) {
  if (margin == 0) {
    out_str(o, "level");
    return;
  }
  out_i128(o, margin < 0 ? -margin : margin);
  out_str(o, margin < 0 ? " kilos behind" : " kilos ahead");
}

/* The wheel greedy would take at the first mistake: the block's end on the
 * mistake's side, found by replaying the line up to that turn. */
static size_t mistake_wheel(const report *r) {
  const shelf_explanation *e = &r->explanation;
  size_t i = 0, j = r->n - 1;
  for (uint64_t t = 1; t < e->mistake_turn; t++) {
    if (r->ends[t - 1] == SHELF_LEFT)
      i++;
    else
      j--;
  }
  return e->mistake_end == SHELF_LEFT ? i : j;
}

/* ==== Text ==== */

/* The columns of the line: name, and whether text is left-aligned. */
enum { COLUMNS = 7 };
static const char *const column_names[COLUMNS] = {
    "turn", "buyer", "end", "wheel", "weight", "first", "second"};

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

/* Replays the line, calling back with each turn's wheel and running totals.
 * Used once to measure the columns and once to print them. */
typedef void (*turn_fn)(void *ctx, size_t turn, size_t wheel,
                        const shelf_i128 totals[2]);

static void replay(const report *r, turn_fn fn, void *ctx) {
  shelf_i128 totals[2] = {0, 0};
  size_t i = 0, j = r->n ? r->n - 1 : 0;
  for (size_t t = 0; t < r->n; t++) {
    size_t wheel = r->ends[t] == SHELF_LEFT ? i++ : j--;
    totals[t & 1] += r->weights[wheel];
    fn(ctx, t, wheel, totals);
  }
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

static void measure_turn(void *ctx, size_t turn, size_t wheel,
                         const shelf_i128 totals[2]) {
  moves_ctx *m = ctx;
  widen(&m->width[0], i128_width((shelf_i128)turn + 1));
  widen(&m->width[3], i128_width((shelf_i128)wheel + 1));
  widen(&m->width[4], i128_width(m->r->weights[wheel]));
  widen(&m->width[5], i128_width(totals[0]));
  widen(&m->width[6], i128_width(totals[1]));
}

static void print_turn(void *ctx, size_t turn, size_t wheel,
                       const shelf_i128 totals[2]) {
  moves_ctx *m = ctx;
  const char *buyer = buyer_name(turn + 1);
  const char *end = end_name(m->r->ends[turn]);
  number_cell(m->o, 0, (shelf_i128)turn + 1, m->width[0], m->align);
  cell(m->o, 1, buyer, strlen(buyer), m->width[1], m->align);
  cell(m->o, 2, end, strlen(end), m->width[2], m->align);
  number_cell(m->o, 3, (shelf_i128)wheel + 1, m->width[3], m->align);
  number_cell(m->o, 4, m->r->weights[wheel], m->width[4], m->align);
  number_cell(m->o, 5, totals[0], m->width[5], m->align);
  number_cell(m->o, 6, totals[1], m->width[6], m->align);
  out_char(m->o, '\n');
}

static void text_moves(out *o, const report_options *opt, const report *r) {
  moves_ctx m = {o, r, opt->align, {0}};
  for (int c = 0; c < COLUMNS; c++)
    m.width[c] = (int)strlen(column_names[c]);
  widen(&m.width[1], (int)strlen("second"));
  widen(&m.width[2], (int)strlen("right"));
  if (opt->align)
    replay(r, measure_turn, &m);
  for (int c = 0; c < COLUMNS; c++)
    cell(o, c, column_names[c], strlen(column_names[c]), m.width[c],
         opt->align);
  out_char(o, '\n');
  replay(r, print_turn, &m);
  out_str(o, "first ");
  out_i128(o, r->result.first);
  out_str(o, ", second ");
  out_i128(o, r->result.second);
  out_str(o, ", margin ");
  out_i128(o, r->result.margin);
  out_char(o, '\n');
}

static void text_explain(out *o, const report *r) {
  const shelf_explanation *e = &r->explanation;
  out_str(o, "Perfect play: the first buyer finishes ");
  out_standing(o, e->margin);
  out_str(o, ", ");
  out_i128(o, r->result.first);
  out_str(o, " to ");
  out_i128(o, r->result.second);
  out_str(o, ".\n");

  out_str(o, "Both greedy (always the heavier end, the left on equal weights): "
             "the first buyer finishes ");
  out_standing(o, e->greedy_margin);
  out_str(o, ", ");
  out_i128(o, e->greedy_first);
  out_str(o, " to ");
  out_i128(o, e->greedy_second);
  out_str(o, ".\n");

  out_str(o, "A greedy first buyer against a perfect second: ");
  if (e->has_greedy_vs_perfect) {
    out_str(o, "the first buyer finishes ");
    out_standing(o, e->greedy_vs_perfect);
    out_str(o, ", ");
    out_i128(o, e->margin - e->greedy_vs_perfect);
    out_str(o, " kilos worse than perfect play.\n");
  } else {
    out_str(o, "not computed above ");
    out_u64(o, SHELF_EXPLAIN_MAX);
    out_str(o, " wheels (its search takes time n squared).\n");
  }

  if (e->mistake == 1) {
    size_t wheel = mistake_wheel(r);
    out_str(o, "The greedy trap: at turn ");
    out_u64(o, e->mistake_turn);
    out_str(o, " the ");
    out_str(o, buyer_name(e->mistake_turn));
    out_str(o, " buyer's heavier end is the ");
    out_str(o, end_name(e->mistake_end));
    out_str(o, " (wheel ");
    out_u64(o, (uint64_t)wheel + 1);
    out_str(o, ", ");
    out_i128(o, r->weights[wheel]);
    out_str(o, " kilos), but taking it costs ");
    out_i128(o, e->mistake_cost);
    out_str(o, " kilos of lead; perfect play takes the ");
    out_str(o, end_name(!e->mistake_end));
    out_str(o, ".\n");
  } else if (e->mistake == 0) {
    out_str(o, "The greedy trap: none here; on this shelf the heavier end is "
               "an optimal move at every turn of the perfect line.\n");
  } else {
    out_str(o, "The greedy trap: not searched to the end on a shelf this "
               "long.\n");
  }

  if (e->has_parity && r->n > 0) {
    int odd = e->odd_sum >= e->even_sum;
    out_str(o, "Parity floor: the odd positions weigh ");
    out_i128(o, e->odd_sum);
    out_str(o, ", the even ");
    out_i128(o, e->even_sum);
    out_str(o, "; by taking every ");
    out_str(o, odd ? "odd" : "even");
    out_str(o, " position the first buyer is sure to finish ");
    out_standing(o, e->parity_floor);
    out_str(o, ", and perfect play gets ");
    out_i128(o, e->parity_gain);
    out_str(o, " more.\n");
  } else if (!e->has_parity) {
    out_str(o, "Parity floor: none, the shelf has an odd number of wheels.\n");
  }
}

/* ==== JSON ==== */

static void json_key(out *o, const char *key) {
  out_str(o, ", \"");
  out_str(o, key);
  out_str(o, "\": ");
}

static void json_explain(out *o, const report *r) {
  const shelf_explanation *e = &r->explanation;
  json_key(o, "greedy");
  out_str(o, "{\"first\": ");
  out_i128(o, e->greedy_first);
  out_str(o, ", \"second\": ");
  out_i128(o, e->greedy_second);
  out_str(o, ", \"margin\": ");
  out_i128(o, e->greedy_margin);
  out_char(o, '}');
  json_key(o, "greedy_vs_perfect");
  if (e->has_greedy_vs_perfect)
    out_i128(o, e->greedy_vs_perfect);
  else
    out_str(o, "null");
  json_key(o, "first_mistake");
  if (e->mistake == 1) {
    size_t wheel = mistake_wheel(r);
    out_str(o, "{\"turn\": ");
    out_u64(o, e->mistake_turn);
    out_str(o, ", \"buyer\": \"");
    out_str(o, buyer_name(e->mistake_turn));
    out_str(o, "\", \"end\": \"");
    out_str(o, end_name(e->mistake_end));
    out_str(o, "\", \"index\": ");
    out_u64(o, wheel);
    out_str(o, ", \"weight\": ");
    out_i128(o, r->weights[wheel]);
    out_str(o, ", \"cost\": ");
    out_i128(o, e->mistake_cost);
    out_char(o, '}');
  } else {
    out_str(o, "null");
  }
  json_key(o, "parity");
  if (e->has_parity) {
    out_str(o, "{\"odd\": ");
    out_i128(o, e->odd_sum);
    out_str(o, ", \"even\": ");
    out_i128(o, e->even_sum);
    out_str(o, ", \"floor\": ");
    out_i128(o, e->parity_floor);
    out_str(o, ", \"gain\": ");
    out_i128(o, e->parity_gain);
    out_char(o, '}');
  } else {
    out_str(o, "null");
  }
  if (!e->has_greedy_vs_perfect || e->mistake < 0)
    json_key(o, "limits_reached"), out_str(o, "true");
}

static void json_turn(void *ctx, size_t turn, size_t wheel,
                      const shelf_i128 totals[2]) {
  moves_ctx *m = ctx;
  (void)totals;
  out_str(m->o, turn ? ", {\"turn\": " : "{\"turn\": ");
  out_u64(m->o, (uint64_t)turn + 1);
  out_str(m->o, ", \"buyer\": \"");
  out_str(m->o, buyer_name(turn + 1));
  out_str(m->o, "\", \"end\": \"");
  out_str(m->o, end_name(m->r->ends[turn]));
  out_str(m->o, "\", \"index\": ");
  out_u64(m->o, wheel);
  out_str(m->o, ", \"weight\": ");
  out_i128(m->o, m->r->weights[wheel]);
  out_char(m->o, '}');
}

static void json_moves(out *o, const report *r) {
  moves_ctx m = {o, r, 0, {0}};
  json_key(o, "moves");
  out_char(o, '[');
  replay(r, json_turn, &m);
  out_char(o, ']');
}

void report_json_error(out *o, uint64_t line, uint64_t column,
                       const char *message, const char *found) {
  out_str(o, "{\"line\": ");
  out_u64(o, line);
  out_str(o, ", \"column\": ");
  out_u64(o, column);
  out_str(o, ", \"error\": ");
  out_json_string(o, message);
  out_str(o, ", \"found\": ");
  out_json_string(o, found);
  out_str(o, "}\n");
}

/* ==== Entry ==== */

void report_print(out *o, const report_options *opt, const report *r) {
  if (opt->json) {
    out_str(o, "{\"n\": ");
    out_u64(o, r->result.n);
    json_key(o, "margin");
    out_i128(o, r->result.margin);
    json_key(o, "first");
    out_i128(o, r->result.first);
    json_key(o, "second");
    out_i128(o, r->result.second);
    if (opt->moves)
      json_moves(o, r);
    if (opt->explain)
      json_explain(o, r);
    out_str(o, "}\n");
    return;
  }
  out_i128(o, r->result.margin);
  out_char(o, '\n');
  if (opt->moves)
    text_moves(o, opt, r);
  if (opt->explain)
    text_explain(o, r);
}
