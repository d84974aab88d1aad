/*
 * svg.c - pictures of a shelf and a game on it, as SVG 1.1 text built in
 * memory (the library does no I/O; the caller writes the text out): the
 * options checked, the line solved and replayed, and the frame that sizes
 * the document to its content (or centres it on a slide).
 *
 * The parts live below it: svg_shelf.c (the wheels and where the table
 * goes), svg_table.c (the lead table), svg_summary.c (a shelf too long to
 * draw wheel by wheel); below them svg_picture.c (the heading, the legends
 * and sentences every picture shares) and svg_text.c (the text and its
 * measure). The sentences come from words.c (shelf_explain_sentence()),
 * worded exactly as the command prints them. No floating point and no printf:
 * every coordinate is an integer or a number of tenths, written by hand, so the
 * text is the same in every locale and on every machine. Elements carry
 * class names (documented in shelf.h) so that programs and tests can find
 * what the picture shows.
 */
#include "svg_picture.h"

/* ==== Putting it together ==== */

static void draw_empty(picture *p) {
  label(p, MARGIN, 36, 20, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The ripening shelf: empty");
  label(p, MARGIN, 62, 14, "start", "class=\"totals\" fill=\"" INK "\"",
        "No wheels: both buyers finish with 0 kilos, margin 0.");
}

/* One move of the line drawn: the turn its wheel is taken, and the totals
 * so far (after the last move, the line's). */
static int note_turn(void *ctx, const shelf_move *mv) {
  picture *p = ctx;
  p->turn_of[mv->wheel] = mv->turn;
  p->line_first = mv->first;
  p->line_second = mv->second;
  return 0;
}

/* Solves the shelf; explains it as the command's --explain does (the same
 * limit, so the same sentences) when a sentence of greedy play is said, or
 * when a question drawn wheel by wheel may say that greedy loses there.
 * Then the line drawn, replayed: each wheel's turn, the line's totals and
 * the game at the moment drawn. */
static shelf_status prepare(picture *p) {
  int explain = (p->o.flags & SHELF_SVG_EXPLAIN) ||
                p->o.line != SHELF_LINE_PERFECT ||
                (question(p) && p->n <= SHELF_SVG_WHEELS_MAX);
  /* The explanation holds perfect play's result too: solve only once. */
  shelf_status st =
      explain ? shelf_explain(p->w, p->n, 0, &p->ex)
              : shelf_solve(p->w, p->n, SHELF_ENGINE_LINEAR, &p->result);
  if (st != SHELF_OK)
    return st;
  if (explain) {
    p->result.n = p->ex.n;
    p->result.margin = p->ex.margin;
    p->result.first = p->ex.first;
    p->result.second = p->ex.second;
  } else { /* only the perfect-play sentence is said: it reads these */
    p->ex.margin = p->result.margin;
    p->ex.first = p->result.first;
    p->ex.second = p->result.second;
  }
  p->line_first = p->result.first;
  p->line_second = p->result.second;
  if (p->n == 0)
    return SHELF_OK;
  p->ends = malloc(p->n);
  p->turn_of = malloc(p->n * sizeof *p->turn_of);
  if (p->ends == NULL || p->turn_of == NULL)
    return SHELF_NOMEM;
  if (p->o.line == SHELF_LINE_PERFECT)
    st = shelf_line(p->w, p->n, p->ends);
  else
    st = shelf_greedy_line(p->w, p->n, p->o.line, p->ends);
  if (st != SHELF_OK)
    return st;
  /* The moment shown, then the whole line, for the turn each wheel is
   * taken and the totals at its end. */
  shelf_position_start(&p->now, p->n);
  shelf_replay(p->w, p->ends, (size_t)p->o.turn, &p->now, NULL);
  return shelf_replay_all(p->w, p->n, p->ends, note_turn, p);
}

static const shelf_svg_options defaults = {0, 0, 0, 0, 0, 0, 0};

/* Whether the options make sense for n wheels: SHELF_OK, SHELF_INVALID or
 * SHELF_TOO_LONG (as shelf.h lists them). */
static shelf_status check(const shelf_svg_options *o, size_t n) {
  unsigned flags = SHELF_SVG_EXPLAIN | SHELF_SVG_QUESTION;
  unsigned parts = SHELF_SVG_SHELF | SHELF_SVG_TABLE;
  if ((o->flags & ~flags) != 0 || (o->flags & flags) == flags ||
      (o->parts & ~parts) != 0 || shelf_line_kind_name(o->line) == NULL ||
      (o->width != 0 &&
       (o->width < SHELF_SVG_WIDTH_MIN || o->width > SHELF_SVG_WIDTH_MAX)) ||
      (o->height != 0 &&
       (o->height < 100 || o->height > SHELF_SVG_WIDTH_MAX)) ||
      o->turn > n || (o->turn > 0 && (o->flags & SHELF_SVG_QUESTION)))
    return SHELF_INVALID;
  if ((o->parts == SHELF_SVG_TABLE && n > SHELF_SVG_LEAD_MAX) ||
      (o->line == SHELF_LINE_GREEDY_FIRST && n > SHELF_GREEDY_LINE_MAX))
    return SHELF_TOO_LONG;
  return SHELF_OK;
}

/* The document around the body: as wide as its content, at most the width
 * asked for (wider content is scaled down to it), or a frame of the given
 * height with the content scaled and centred in it. */
static void frame(text *out, const picture *p) {
  long vw = p->right + MARGIN, vh = p->bottom + MARGIN, vx = 0, vy = 0;
  long width = vw < p->width ? vw : p->width, height = vh * width / vw;
  if (p->o.height != 0) {
    width = p->width;
    height = p->o.height;
    if (vw * height >= vh * width) { /* wider than the frame */
      long fh = vw * height / width;
      vy = -(fh - vh) / 2;
      vh = fh;
    } else {
      long fw = vh * width / height;
      vx = -(fw - vw) / 2;
      vw = fw;
    }
  }
  i128 margin = p->line_first - p->line_second;
  shelf__text_format(
      out,
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
      "width=\"%d\" height=\"%d\" viewBox=\"%d %d %d %d\" "
      "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n",
      (int)width, (int)height, (int)vx, (int)vy, (int)vw, (int)vh);
  if (question(p))
    shelf__text_format(out, "<title>The ripening shelf: %z wheels</title>\n",
                       p->n);
  else
    shelf__text_format(
        out, "<title>The ripening shelf: %z wheels, margin %I</title>\n", p->n,
        &margin);
  shelf__text_format(out,
                     "<desc>Generated by libshelf %s</desc>\n"
                     "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                     "fill=\"#ffffff\"/>\n",
                     shelf_version(), (int)vx, (int)vy, (int)vw, (int)vh);
}

shelf_status shelf_svg(const int64_t *weights, size_t n,
                       const shelf_svg_options *options, char **svg,
                       size_t *len) {
  if (options == NULL)
    options = &defaults;
  if (svg == NULL || (weights == NULL && n > 0))
    return SHELF_INVALID;
  shelf_status st = check(options, n);
  if (st != SHELF_OK)
    return st;
  picture p = {0};
  p.w = weights;
  p.n = n;
  p.o = *options;
  p.width = options->width != 0 ? (int)options->width : SHELF_SVG_WIDTH;
  p.scale = 1000;
  st = prepare(&p);
  if (st == SHELF_OK) {
    if (n == 0)
      draw_empty(&p);
    else if (n <= SHELF_SVG_WHEELS_MAX)
      shelf__svg_draw_detailed(&p);
    else
      shelf__svg_draw_summary(&p);
  }
  free(p.ends);
  free(p.turn_of);
  text out = {0};
  if (st == SHELF_OK && !p.body.nomem) {
    frame(&out, &p);
    shelf__text_bytes(&out, p.body.p, p.body.len);
    shelf__text_str(&out, "</svg>\n");
  }
  free(p.body.p);
  if (st == SHELF_OK && (p.body.nomem || out.nomem))
    st = SHELF_NOMEM;
  if (st != SHELF_OK) {
    free(out.p);
    return st;
  }
  *svg = out.p;
  if (len != NULL)
    *len = out.len;
  return SHELF_OK;
}

void shelf_svg_free(char *svg) { free(svg); }
