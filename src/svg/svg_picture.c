/*
 * svg_picture.c - what every part of a picture draws on it (svg_picture.h):
 * text placed, measured and wrapped, the picture grown to hold it; the
 * heading and the sentence of the game drawn; a legend's item; and the
 * explanation's sentences, from words.c (shelf_explain_sentence()),
 * worded exactly as the command prints them.
 */
#include "svg_picture.h"

#include <string.h>

/* ==== Drawing text ==== */

void shelf__svg_extend(picture *p, int x, int y) {
  if (p->scale != 1000) { /* inside a scaled group */
    x = p->sx + (int)((long)(x - p->sx) * p->scale / 1000);
    y = p->sy + (int)((long)(y - p->sy) * p->scale / 1000);
  }
  if (x > p->right)
    p->right = x;
  if (y > p->bottom)
    p->bottom = y;
}

/*
 * Text at (x, y) with the given anchor ("start", "middle", "end"); `size`
 * is in tenths of a pixel, so that text can be sized to fit a cell. The
 * picture is made wide enough to hold it. Returns its width in px.
 */
int shelf__svg_label10(picture *p, int x, int y, int size10, const char *anchor,
                       const char *attrs, const char *fmt, ...) {
  text s = {0};
  va_list ap;
  va_start(ap, fmt);
  shelf__text_vformat(&s, fmt, ap);
  va_end(ap);
  if (s.nomem) {
    p->body.nomem = 1;
    free(s.p);
    return 0;
  }
  int bold = attrs != NULL && strstr(attrs, "bold") != NULL;
  int width =
      shelf__svg_text_px(s.p != NULL ? s.p : "", s.len, size10, bold) / 10 + 1;
  int left = x;
  if (strcmp(anchor, "middle") == 0)
    left = x - width / 2;
  else if (strcmp(anchor, "end") == 0)
    left = x - width;
  shelf__svg_extend(p, left + width, y + size10 / 30);
  shelf__text_format(
      &p->body, "<text x=\"%d\" y=\"%d\" font-size=\"%t\" text-anchor=\"%s\"",
      x, y, size10, anchor);
  if (attrs != NULL && attrs[0] != '\0')
    shelf__text_format(&p->body, " %s", attrs);
  shelf__text_str(&p->body, ">");
  shelf__svg_put_escaped(&p->body, s.p != NULL ? s.p : "", s.len);
  shelf__text_str(&p->body, "</text>\n");
  free(s.p);
  return width;
}

/* Text of `size` px wrapped at spaces to fit between x and `right`, its
 * lines 1.4 sizes apart; returns the y of the line after the last. It is
 * one <text> element, a <tspan> a line when there are several, so that a
 * program finds one sentence in one element. */
int shelf__svg_wrapped(picture *p, int x, int y, int right, int size,
                       const char *attrs, const char *s) {
  int bold = strstr(attrs, "bold") != NULL, step = size * 14 / 10;
  size_t left = strlen(s);
  int one_line = shelf__svg_text_px(s, left, size, bold) <= right - x;
  if (one_line || left == 0) {
    label(p, x, y, size, "start", attrs, "%s", s);
    return y + step;
  }
  shelf__text_format(&p->body, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" %s>",
                     x, y, size, attrs);
  while (left > 0) {
    /* The longest run of whole words that fits; one word alone if none. */
    size_t take = 0, k = 0;
    while (k < left) {
      size_t end = k;
      while (end < left && s[end] != ' ')
        end++;
      if (take > 0 && shelf__svg_text_px(s, end, size, bold) > right - x)
        break;
      take = end;
      k = end + 1;
    }
    shelf__svg_extend(p, x + shelf__svg_text_px(s, take, size, bold),
                      y + size / 3);
    shelf__text_format(&p->body, "<tspan x=\"%d\" y=\"%d\">", x, y);
    shelf__svg_put_escaped(&p->body, s, take);
    shelf__text_str(&p->body, "</tspan>");
    y += step;
    while (take < left && s[take] == ' ')
      take++;
    s += take;
    left -= take;
  }
  shelf__text_str(&p->body, "</text>\n");
  return y;
}

/* Running text: 13 px, lines 18 px apart. */
int shelf__svg_paragraph(picture *p, int x, int y, int right, const char *attrs,
                         const char *s) {
  return shelf__svg_wrapped(p, x, y, right, 13, attrs, s);
}

/* One sentence of the explanation, as the command prints it. */
static int sentence(picture *p, int x, int y, const char *attrs,
                    shelf_sentence which) {
  char said[SHELF_SENTENCE_BUFSIZE];
  if (shelf_explain_sentence(&p->ex, which, said, sizeof said, NULL) !=
      SHELF_OK)
    return y; /* cannot happen: the arguments are valid */
  return shelf__svg_paragraph(p, x, y, limit_x(p), attrs, said);
}

/* ==== Common parts ==== */

/* The heading and, under it, the sentence of the game drawn; returns the y
 * of the line after them. */
int shelf__svg_draw_heading(picture *p, const char *what) {
  text s = {0};
  i128 margin = p->line_first - p->line_second;
  static const char *const line_words[3] = {
      "", ", both buyers greedy", ", greedy first buyer against perfect"};
  if (question(p))
    shelf__text_format(&s, "The ripening shelf: %z wheel%s%s", p->n,
                       p->n == 1 ? "" : "s", what);
  else
    shelf__text_format(&s, "The ripening shelf: %z wheel%s%s, margin %I%s",
                       p->n, p->n == 1 ? "" : "s", line_words[p->o.line],
                       &margin, what);
  if (s.nomem)
    p->body.nomem = 1;
  int y = shelf__svg_wrapped(p, MARGIN, 36, limit_x(p), 20,
                             "font-weight=\"bold\" fill=\"" INK "\"",
                             s.p != NULL ? s.p : "");
  free(s.p);
  if (question(p)) {
    y = shelf__svg_paragraph(
        p, MARGIN, y - 2, limit_x(p), "class=\"question\" fill=\"" INK "\"",
        "Two buyers take turns, the first buyer first; each "
        "takes the wheel at either end of the shelf. Play it "
        "perfectly: who takes which wheel, and what is the "
        "margin?");
    /* What the shelf is for, said only where the explanation finds it
     * true: a greedy first buyer against a perfect second ends below
     * perfect play's margin (so on every shelf --sheet makes). */
    if (p->ex.has_greedy_vs_perfect && p->ex.greedy_vs_perfect < p->ex.margin)
      y = shelf__svg_paragraph(p, MARGIN, y, limit_x(p),
                               "class=\"question-trap\" font-weight=\"bold\" "
                               "fill=\"" INK "\"",
                               "Taking the heavier end every turn loses here.");
    return y;
  }
  static const shelf_sentence said[3] = {SHELF_SENTENCE_PERFECT,
                                         SHELF_SENTENCE_GREEDY,
                                         SHELF_SENTENCE_GREEDY_VS_PERFECT};
  y = sentence(p, MARGIN, y - 2, "class=\"totals\" fill=\"" INK "\"",
               said[p->o.line]);
  if (p->o.turn == 0)
    return y;
  text now = {0};
  const shelf_position *g = &p->now;
  shelf__text_format(
      &now, "After turn %u of %z: the first buyer has %I %s, the second %I %s",
      g->turn, p->n, &g->totals[0], shelf_kilos_word(g->totals[0]),
      &g->totals[1], shelf_kilos_word(g->totals[1]));
  if (g->first < g->last)
    shelf__text_format(
        &now, "; wheels %u to %u are left, the %s buyer to move.", g->first + 1,
        g->last, shelf_buyer_name(shelf_turn_buyer(g->turn + 1)));
  else
    shelf__text_str(&now, "; the shelf is empty.");
  if (now.nomem)
    p->body.nomem = 1;
  y = shelf__svg_paragraph(p, MARGIN, y, limit_x(p),
                           "class=\"moment\" font-weight=\"bold\" fill=\"" INK
                           "\"",
                           now.p != NULL ? now.p : "");
  free(now.p);
  return y;
}

/* A coloured dot and a word, for the legends, at *x on line *y; an item
 * that would pass the right edge starts a new line. */
void shelf__svg_legend_item(picture *p, int *x, int *y, const char *fill,
                            const char *stroke, const char *word) {
  int width = 16 + shelf__svg_text_px(word, strlen(word), 12, 0);
  if (*x > MARGIN && *x + width > limit_x(p)) {
    *x = MARGIN;
    *y += 18;
  }
  shelf__text_format(
      &p->body,
      "<circle cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"%s\" stroke=\"%s\" "
      "stroke-width=\"2\"/>\n",
      *x + 6, *y - 4, fill, stroke);
  *x += 16 +
        label(p, *x + 16, *y, 12, "start", "fill=\"" INK "\"", "%s", word) + 16;
}

/* The explanation's sentences, below everything else. `y` is where they
 * start. */
void shelf__svg_draw_explanation(picture *p, int y) {
  label(p, MARGIN, y, 15, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "Why the heavier end loses");
  y += 22;
  const char *line_attrs = "class=\"explain\" fill=\"" INK "\"";
  y = sentence(p, MARGIN, y, line_attrs, SHELF_SENTENCE_GREEDY) + 4;
  y = sentence(p, MARGIN, y, line_attrs, SHELF_SENTENCE_GREEDY_VS_PERFECT) + 4;
  y = sentence(p, MARGIN, y,
               p->ex.mistake == 1 ? "class=\"trap-note\" fill=\"" TRAP "\""
                                  : "class=\"trap-none\" fill=\"" INK "\"",
               SHELF_SENTENCE_TRAP) +
      4;
  sentence(p, MARGIN, y, line_attrs, SHELF_SENTENCE_PARITY);
}
