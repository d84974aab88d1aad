/*
 * wasm_learn.c - the flat exports of the page's path for a learner (issue
 * 32), over libshelf, in the style of wasm.c: pointers and 32-bit sizes
 * only, every 128-bit value written in decimal into a slot of
 * SHELF_I128_BUFSIZE bytes, nothing allocated for the caller, no state
 * kept between calls.
 *
 * The page shows the problem's solve() (docs/problem.md) as code beside the table, and lets
 * the learner swap in the lines of two of its pitfalls (filling by left
 * index; adding the rest's lead). web_learn_fill runs that loop, in the
 * form chosen, and records every write, so that the table on the page is
 * what the code shown computes, cell by cell, wrong cells and all. The
 * right form's values equal shelf_lead_table()'s (the tests check it); a
 * pitfall's answer equals shelf_mistake_margin()'s for that mistake.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <emscripten.h>

#include "shelf.h"
#include "shelf_svg.h"
#include "shelf_teach.h"

#define WEB_API EMSCRIPTEN_KEEPALIVE

/* The forms of the loop (web_learn_fill's `form`, bits). */
#define LEARN_LEFT_INDEX 1u /* for i ascending, for j = i+1.. ascending */
#define LEARN_ADDED 2u      /* w + lead(rest) instead of w - lead(rest) */

static void put_i128(char *out, size_t slot, shelf_i128 value) {
  shelf_i128_format(value, out + slot * SHELF_I128_BUFSIZE);
}

/* MARK: - The problem's loop, as the page shows it */

/*
 * Runs the loop of the problem's solve() on n weights (at most
 * SHELF_SVG_LEAD_MAX, the page's table), in the form `form` (LEARN_* bits;
 * 0 is the problem's own), on a table of zeros as Python's
 * [[0] * n for _ in range(n)] makes it. Records the n(n+1)/2 writes in the
 * order the loop makes them: info[3k], info[3k+1] the cell's row i and
 * column j; info[3k+2] which of the two cells read were still unwritten
 * (bit 0 lead[i+1][j], bit 1 lead[i][j-1]; 0 on the diagonal). Slots 3k,
 * 3k+1, 3k+2 of `out` hold take_left, take_right and the value stored (on
 * the diagonal, the weight three times). fills and inks receive each
 * write's colour (SHELF_COLOUR_BUFSIZE bytes), on shelf_lead_colour()'s
 * scale up to the largest |value| this form stores. The answer,
 * lead[0][n-1], is the value of the write to cell (0, n-1).
 */
WEB_API int web_learn_fill(const int64_t *weights, size_t n, unsigned form,
                           uint32_t *info, char *out, char *fills,
                           char *inks) {
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
    info[3 * k] = (uint32_t)i;
    info[3 * k + 1] = (uint32_t)i;
    info[3 * k + 2] = 0;
    for (size_t s = 0; s < 3; s++)
      put_i128(out, 3 * k + s, weights[i]);
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
      info[3 * k] = (uint32_t)i;
      info[3 * k + 1] = (uint32_t)j;
      info[3 * k + 2] = (written[(i + 1) * n + j] ? 0u : 1u) |
                        (written[i * n + j - 1] ? 0u : 2u);
      lead[i * n + j].lead = v;
      written[i * n + j] = 1;
      put_i128(out, 3 * k, take_left);
      put_i128(out, 3 * k + 1, take_right);
      put_i128(out, 3 * k + 2, v);
      stored[k] = v;
    }
  }
  /* Every block was written once, so the table holds what was stored. */
  shelf_i128 biggest = 0;
  shelf_status st = shelf_lead_table_largest(lead, n, &biggest);
  for (size_t w = 0; w < k && st == SHELF_OK; w++)
    st = shelf_lead_colour(stored[w], biggest, fills + w * SHELF_COLOUR_BUFSIZE,
                           inks + w * SHELF_COLOUR_BUFSIZE);
  free(lead);
  free(written);
  free(stored);
  return (int)st;
}
