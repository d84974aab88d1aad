/*
 * wasm_learn.c - the flat exports of the page's path for a learner (issue
 * 32), over libshelf, in the style of wasm.c: pointers and 32-bit sizes
 * only, results written into records of web/wasm_records.h, nothing
 * allocated for the caller, no state kept between calls.
 *
 * The page shows the problem's solve() (docs/problem.md) as code beside the table, and lets
 * the learner swap in the lines of two of its pitfalls (filling by left
 * index; adding the rest's lead). web_learn_fill runs that loop, in the
 * form chosen, and records every write, so that the table on the page is
 * what the code shown computes, cell by cell, wrong cells and all. The
 * right form's values equal shelf_lead_table()'s (the tests check it); a
 * pitfall's answer equals shelf__mistake_margin()'s for that mistake.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <emscripten.h>

#include "shelf.h"
#include "shelf_svg.h"
#include "shelf_teach.h"
#include "wasm_records.h"

#define WEB_API EMSCRIPTEN_KEEPALIVE

/* MARK: - The problem's loop, as the page shows it */

/*
 * Runs the loop of the problem's solve() on n weights (at most
 * SHELF_SVG_LEAD_MAX, the page's table), in the form `form` (LEARN_* bits;
 * 0 is the problem's own), on a table of zeros as Python's
 * [[0] * n for _ in range(n)] makes it. Records the n(n+1)/2 writes in
 * `out`, in the order the loop makes them: the cell's row i (first) and
 * column j (last); which of the two cells read were still unwritten
 * (unread_left lead[i+1][j], unread_right lead[i][j-1]; neither on the
 * diagonal); take_left (left), take_right (right) and the value stored
 * (lead), on the diagonal the weight three times; and each write's colour,
 * on shelf_lead_colour()'s scale up to the largest |value| this form
 * stores. The answer, lead[0][n-1], is the value of the write to cell
 * (0, n-1).
 */
WEB_API int web_learn_fill(const int64_t *weights, size_t n, unsigned form,
                           web_cell *out) {
  if (n > SHELF_SVG_LEAD_MAX)
    return SHELF_TOO_LONG;
  if (form > (LEARN_LEFT_INDEX | LEARN_ADDED))
    return SHELF_INVALID;
  shelf_cell *lead = NULL; /* the table as the loop leaves it (.lead) */
  unsigned char *written = NULL;
  shelf_i128 *stored = NULL;
  if (n > 0) {
    lead = calloc(n * n, sizeof *lead);
    written = calloc(n * n, 1);
    stored = malloc(n * (n + 1) / 2 * sizeof *stored);
    if (lead == NULL || written == NULL || stored == NULL) {
      free(lead);
      free(written);
      free(stored);
      return SHELF_NOMEM;
    }
  }
  size_t k = 0;
  for (size_t i = 0; i < n; i++, k++) {
    lead[i * n + i].lead = weights[i];
    written[i * n + i] = 1;
    out[k].first = out[k].last = (uint32_t)i;
    out[k].unread_left = out[k].unread_right = 0;
    web_put_i128(out[k].left, weights[i]);
    web_put_i128(out[k].right, weights[i]);
    web_put_i128(out[k].lead, weights[i]);
    stored[k] = weights[i];
  }
  /* Both orders visit every block of two or more wheels once; only the
   * order differs, which is the pitfall: by left index, lead[i+1][j] is
   * read while row i+1 is still zeros. */
  size_t outer = (form & LEARN_LEFT_INDEX) ? n : n + 1;
  for (size_t a = (form & LEARN_LEFT_INDEX) ? 0 : 2; a < outer; a++) {
    size_t count = (form & LEARN_LEFT_INDEX) ? n - a - 1 : n - a + 1;
    for (size_t b = 0; b < count; b++, k++) {
      size_t i = (form & LEARN_LEFT_INDEX) ? a : b;
      size_t j = (form & LEARN_LEFT_INDEX) ? a + 1 + b : b + a - 1;
      shelf_i128 rest_left = lead[(i + 1) * n + j].lead;
      shelf_i128 rest_right = lead[i * n + j - 1].lead;
      shelf_i128 take_left = (form & LEARN_ADDED) ? weights[i] + rest_left
                                                  : weights[i] - rest_left;
      shelf_i128 take_right = (form & LEARN_ADDED) ? weights[j] + rest_right
                                                   : weights[j] - rest_right;
      shelf_i128 v = take_left > take_right ? take_left : take_right;
      out[k].first = (uint32_t)i;
      out[k].last = (uint32_t)j;
      out[k].unread_left = !written[(i + 1) * n + j];
      out[k].unread_right = !written[i * n + j - 1];
      lead[i * n + j].lead = v;
      written[i * n + j] = 1;
      web_put_i128(out[k].left, take_left);
      web_put_i128(out[k].right, take_right);
      web_put_i128(out[k].lead, v);
      stored[k] = v;
    }
  }
  /* Every block was written once, so the table holds what was stored. */
  shelf_i128 biggest = 0;
  shelf_status st = shelf_lead_table_largest(lead, n, &biggest);
  for (size_t w = 0; w < k && st == SHELF_OK; w++)
    st = shelf_lead_colour(stored[w], biggest, out[w].fill, out[w].ink);
  free(lead);
  free(written);
  free(stored);
  return (int)st;
}
