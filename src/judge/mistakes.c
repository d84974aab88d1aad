/*
 * mistakes.c - the known wrong answers to the game, so that every judge
 * (the command's `shelf check`, Python's shelf.check, the page's exercise)
 * names a mistake the same way: their names, the sentence a learner reads,
 * what each wrong whole-shelf algorithm answers, and which mistake a wrong
 * value typed into one cell of the lead table is.
 *
 * The wrong algorithms are computed here in O(n) where the problem's code is
 * O(n^2); each comment says why the shortcut gives the same number, and
 * tests/test_mistakes.c checks it against the algorithm written out plainly.
 */
#include "internal.h"
#include "text.h"

#include <string.h>

/* ==== Names and sentences ==== */

shelf_status shelf_mistake_sentence(shelf_mistake kind, shelf_subject subject,
                                    char *buf, size_t size, size_t *len) {
  if (shelf_mistake_name(kind) == NULL ||
      (subject != SHELF_SUBJECT_PROGRAM && subject != SHELF_SUBJECT_YOU) ||
      (buf == NULL && size > 0))
    return SHELF_INVALID;
  text s = shelf__text_bounded(buf, size);
  shelf__say_mistake(&s, kind, subject);
  return shelf__text_done(&s, len);
}

/* ==== Whole-shelf mistakes ==== */

/*
 * The problem's DP filled by left index. Row i of the table is filled from
 * j = i+1 up, and each cell reads lead[i][j-1] (this row, just written) and
 * lead[i+1][j], which row i+1 has not reached yet: it is the diagonal w[i+1]
 * when j = i + 1 and still 0 beyond. The answer lead[0][n-1] is on row 0,
 * so row 0 is all that matters, one pass from left to right.
 */
static i128 left_index_margin(const int64_t *w, size_t n) {
  i128 row = w[0]; /* lead[0][j-1] as j advances */
  for (size_t j = 1; j < n; j++) {
    i128 below = j == 1 ? w[1] : 0; /* lead[1][j] as it stands */
    i128 left = w[0] - below, right = w[j] - row;
    row = left > right ? left : right;
  }
  return row;
}

shelf_status shelf__mistake_margin(shelf_mistake kind, const int64_t *w,
                                  size_t n, shelf_i128 *out) {
  if (out == NULL || (w == NULL && n > 0))
    return SHELF_INVALID;
  switch (kind) {
  case SHELF_MISTAKE_NONE:
    return shelf__linear_lead(w, n, out);
  case SHELF_MISTAKE_GREEDY: {
    i128 total[2];
    shelf__greedy_totals(w, n, total);
    *out = total[0] - total[1];
    return SHELF_OK;
  }
  case SHELF_MISTAKE_ADDED:
    /* w[i] + lead(i+1..j) and w[j] + lead(i..j-1) are both the block's sum
     * once the smaller blocks are theirs, so every cell holds its block's
     * sum, and the answer is the shelf's. */
    *out = shelf__weights_sum(w, n);
    return SHELF_OK;
  case SHELF_MISTAKE_LEFT_INDEX:
    *out = n == 0 ? 0 : left_index_margin(w, n);
    return SHELF_OK;
  default:
    return SHELF_INVALID;
  }
}

/* ==== A wrong cell of the lead table ==== */

/*
 * One rule names a value typed for a cell (shelf_cell_mistake()) and an end
 * picked for it (shelf_end_mistake()), and shelf_cell_sentence() says it:
 * meets() holds the definition of each kind, whatever the order, and
 * name_cell() tries them in the order shelf_judge.h documents.
 */

/* The lead of block a..b of w, 0 for an empty block (b + 1 == a). */
static shelf_status block_lead(const int64_t *w, size_t a, size_t b,
                               i128 *lead) {
  return shelf__linear_lead(w + a, b + 1 - a, lead);
}

/* The block's lead and, for each end, the lead of the block it leaves. */
static shelf_status cell_leads(const int64_t *w, size_t first, size_t last,
                               shelf__cell_slip *c) {
  memset(c, 0, sizeof *c);
  shelf_status st = block_lead(w, first, last, &c->lead);
  if (st != SHELF_OK || first == last)
    return st;
  if ((st = block_lead(w, first + 1, last, &c->rest[SHELF_LEFT])) != SHELF_OK)
    return st;
  return block_lead(w, first, last - 1, &c->rest[SHELF_RIGHT]);
}

static i128 end_weight(const int64_t *w, size_t first, size_t last,
                       shelf_end e) {
  return e == SHELF_LEFT ? w[first] : w[last];
}

/* What taking end e keeps: its weight minus the lead the other buyer then
 * has on the rest. */
static i128 end_keeps(const int64_t *w, size_t first, size_t last,
                      const shelf__cell_slip *c, shelf_end e) {
  return end_weight(w, first, last, e) - c->rest[e];
}

/* The wrong blocks a neighbour slip reads, in the documented order: the
 * wheel whose weight is taken, and the block a..b read (b >= a). */
typedef struct wrong_read {
  shelf_end end;
  size_t da, db;   /* the block is first + da .. last - db */
  size_t min_span; /* the blocks of fewer wheels have no such cell */
} wrong_read;

static const wrong_read wrong_reads[] = {
    {SHELF_LEFT, 1, 1, 3}, {SHELF_RIGHT, 1, 1, 3}, /* diagonally below */
    {SHELF_LEFT, 0, 1, 2}, {SHELF_RIGHT, 1, 0, 2}, /* the reads crossed */
    {SHELF_LEFT, 2, 0, 3}, {SHELF_RIGHT, 2, 0, 3}, /* one further down */
    {SHELF_LEFT, 0, 2, 3}, {SHELF_RIGHT, 0, 2, 3}, /* one further left */
};

/* Whether value v meets the definition of `kind` for block first..last
 * (shelf_judge.h, shelf_cell_mistake()), with c from cell_leads(); fills
 * c->end (and c->ra, c->rb, c->read for a neighbour) with what the slip is
 * about. UNKNOWN is not asked here. */
static shelf_status meets(const int64_t *w, size_t first, size_t last,
                          shelf__cell_slip *c, shelf_mistake kind, i128 v,
                          int *yes) {
  *yes = 0;
  if (kind == SHELF_MISTAKE_NONE) {
    *yes = v == c->lead;
    return SHELF_OK;
  }
  if (kind == SHELF_MISTAKE_SIGN) {
    *yes = c->lead != 0 && v == -c->lead;
    return SHELF_OK;
  }
  if (first == last) /* no end leaves a rest to mistake */
    return SHELF_OK;
  if (kind == SHELF_MISTAKE_GREEDY) {
    if (w[first] == w[last])
      return SHELF_OK;
    shelf_end h = w[first] > w[last] ? SHELF_LEFT : SHELF_RIGHT;
    i128 kept = end_keeps(w, first, last, c, h);
    c->end = h;
    *yes = kept != c->lead && v == kept;
    return SHELF_OK;
  }
  if (kind == SHELF_MISTAKE_NEIGHBOUR) {
    size_t span = last - first + 1;
    for (size_t k = 0; k < sizeof wrong_reads / sizeof wrong_reads[0]; k++) {
      const wrong_read *r = &wrong_reads[k];
      if (span < r->min_span)
        continue;
      i128 read;
      shelf_status st = block_lead(w, first + r->da, last - r->db, &read);
      if (st != SHELF_OK)
        return st;
      if (v == end_weight(w, first, last, r->end) - read) {
        c->end = r->end;
        c->ra = first + r->da;
        c->rb = last - r->db;
        c->read = read;
        *yes = 1;
        return SHELF_OK;
      }
    }
    return SHELF_OK;
  }
  for (int e = SHELF_LEFT; e <= SHELF_RIGHT; e++) {
    i128 wt = end_weight(w, first, last, (shelf_end)e), rest = c->rest[e];
    int hit = 0;
    switch (kind) {
    case SHELF_MISTAKE_ONE_END:
      hit = wt - rest != c->lead && v == wt - rest;
      break;
    case SHELF_MISTAKE_WHEEL_ALONE:
      hit = rest != 0 && v == wt;
      break;
    case SHELF_MISTAKE_ADDED:
      hit = rest != 0 && v == wt + rest;
      break;
    default:
      return SHELF_OK;
    }
    if (hit) {
      c->end = (shelf_end)e;
      *yes = 1;
      return SHELF_OK;
    }
  }
  return SHELF_OK;
}

/* The order of the checks, as shelf_judge.h documents it. */
static const shelf_mistake cell_order[] = {
    SHELF_MISTAKE_NONE,     SHELF_MISTAKE_SIGN,        SHELF_MISTAKE_GREEDY,
    SHELF_MISTAKE_ONE_END,  SHELF_MISTAKE_WHEEL_ALONE, SHELF_MISTAKE_ADDED,
    SHELF_MISTAKE_NEIGHBOUR};

static shelf_status name_cell(const int64_t *w, size_t first, size_t last,
                              shelf__cell_slip *c, i128 v, shelf_mistake *out) {
  for (size_t k = 0; k < sizeof cell_order / sizeof cell_order[0]; k++) {
    int yes;
    shelf_status st = meets(w, first, last, c, cell_order[k], v, &yes);
    if (st != SHELF_OK)
      return st;
    if (yes) {
      *out = cell_order[k];
      return SHELF_OK;
    }
  }
  *out = SHELF_MISTAKE_UNKNOWN;
  return SHELF_OK;
}

shelf_status shelf_cell_mistake(const int64_t *w, size_t n, size_t first,
                                size_t last, shelf_i128 value,
                                shelf_mistake *out) {
  if (w == NULL || out == NULL || first > last || last >= n)
    return SHELF_INVALID;
  shelf__cell_slip c;
  shelf_status st = cell_leads(w, first, last, &c);
  return st != SHELF_OK ? st : name_cell(w, first, last, &c, value, out);
}

shelf_status shelf_end_mistake(const int64_t *w, size_t n, size_t first,
                               size_t last, shelf_end end, shelf_mistake *out,
                               shelf_i128 *kept) {
  if (w == NULL || out == NULL || first >= last || last >= n ||
      (end != SHELF_LEFT && end != SHELF_RIGHT))
    return SHELF_INVALID;
  shelf__cell_slip c;
  shelf_status st = cell_leads(w, first, last, &c);
  if (st != SHELF_OK)
    return st;
  i128 k = end_keeps(w, first, last, &c, end);
  int greedy;
  meets(w, first, last, &c, SHELF_MISTAKE_GREEDY, k, &greedy);
  *out = k == c.lead              ? SHELF_MISTAKE_NONE
         : greedy && c.end == end ? SHELF_MISTAKE_GREEDY
                                  : SHELF_MISTAKE_ONE_END;
  if (kept != NULL)
    *kept = k;
  return SHELF_OK;
}

shelf_status shelf_cell_sentence(const int64_t *w, size_t n, size_t first,
                                 size_t last, shelf_i128 value,
                                 shelf_mistake kind, char *buf, size_t size,
                                 size_t *len) {
  if (w == NULL || first > last || last >= n || (buf == NULL && size > 0))
    return SHELF_INVALID;
  shelf__cell_slip c;
  shelf_status st = cell_leads(w, first, last, &c);
  if (st != SHELF_OK)
    return st;
  int yes = 0;
  if (kind == SHELF_MISTAKE_UNKNOWN) {
    shelf_mistake named = SHELF_MISTAKE_UNKNOWN;
    if ((st = name_cell(w, first, last, &c, value, &named)) != SHELF_OK)
      return st;
    yes = named == SHELF_MISTAKE_UNKNOWN;
  } else {
    for (size_t k = 0; k < sizeof cell_order / sizeof cell_order[0]; k++)
      if (cell_order[k] == kind &&
          (st = meets(w, first, last, &c, kind, value, &yes)) != SHELF_OK)
        return st;
  }
  if (!yes)
    return SHELF_INVALID;
  text s = shelf__text_bounded(buf, size);
  shelf__say_cell_mistake(&s, w, first, last, kind, value, &c);
  return shelf__text_done(&s, len);
}
