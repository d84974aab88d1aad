/*
 * fuzz_svg.c - libFuzzer target for the pictures (shelf_svg with its options).
 *
 * The bytes choose the flags, the width and a shelf: up to 40 wheels (the
 * detailed picture, with its lead table up to 30) or 201 to 500 (the
 * summary), with weights from narrow ranges (ties, zeros), wider ones and
 * the extremes of int64_t. Every picture must be:
 *
 *   - drawn: SHELF_OK, its length as reported, plain ASCII;
 *   - well-formed XML, by a small checker here that shares no code with the
 *     library: an XML declaration, one root <svg> element, tags that nest
 *     and match, attributes quoted, nothing after the root;
 *   - escaped: no raw '<' or '>' in text or attribute values, and every '&'
 *     one of the five predefined entities;
 *   - complete: up to SHELF_SVG_WHEELS_MAX wheels, one wheel group per
 *     wheel, ids wheel-1 to wheel-n in shelf order, each with its index;
 *     up to SHELF_SVG_LEAD_MAX, n(n+1)/2 cells of the lead table; beyond,
 *     a summary and no wheel groups; with the explanation flag, the trap's
 *     sentence and at most one trap.
 *
 * FUZZ_ASSERT is always on and aborts with a message.
 */
#include "fuzz.h"

#include <shelf.h>
#include <shelf_svg.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DETAILED 40
#define MAX_SUMMARY 500

/* ==== A small XML checker ==== */

static int name_char(char c, int first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (!first && ((c >= '0' && c <= '9') || c == '-' || c == ':'));
}

/* Character data or an attribute value from s up to the first `stop`
 * character: no raw '<' or '>', every '&' a predefined entity. Returns the
 * position of `stop` (or of the NUL). */
static const char *check_chars(const char *s, char stop) {
  static const char *const entities[] = {"&amp;", "&lt;", "&gt;", "&quot;",
                                         "&apos;"};
  for (; *s != '\0' && *s != stop; s++) {
    FUZZ_ASSERT(*s != '<' && *s != '>', "a raw < or > in text or a value");
    if (*s == '&') {
      int known = 0;
      for (size_t k = 0; k < 5; k++)
        known |= strncmp(s, entities[k], strlen(entities[k])) == 0;
      FUZZ_ASSERT(known, "an & that is not an entity");
    }
  }
  return s;
}

/* Checks that the document is well-formed. */
static void check_xml(const char *doc) {
  static const char decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  FUZZ_ASSERT(strncmp(doc, decl, sizeof decl - 1) == 0, "no XML declaration");
  const char *s = doc + sizeof decl - 1;
  enum { DEPTH = 64 };
  const char *open[DEPTH];
  size_t open_len[DEPTH], depth = 0;
  int root_done = 0;
  while (*s != '\0') {
    if (*s != '<') {
      FUZZ_ASSERT(depth > 0 || *s == '\n', "text outside the root element");
      s = check_chars(s, '<');
      continue;
    }
    s++;
    if (*s == '/') { /* an end tag: the name of the innermost open one */
      s++;
      FUZZ_ASSERT(depth > 0, "an end tag with nothing open");
      depth--;
      FUZZ_ASSERT(strncmp(s, open[depth], open_len[depth]) == 0 &&
                      s[open_len[depth]] == '>',
                  "an end tag that does not match");
      s += open_len[depth] + 1;
      root_done = depth == 0;
      continue;
    }
    FUZZ_ASSERT(!root_done, "a second root element");
    FUZZ_ASSERT(name_char(*s, 1), "a tag without a name");
    const char *name = s;
    while (name_char(*s, 0))
      s++;
    size_t len = (size_t)(s - name);
    FUZZ_ASSERT(depth > 0 || (len == 3 && strncmp(name, "svg", 3) == 0),
                "the root is not <svg>");
    for (;;) { /* attributes */
      while (*s == ' ' || *s == '\n')
        s++;
      if (*s == '>' || (*s == '/' && s[1] == '>'))
        break;
      FUZZ_ASSERT(name_char(*s, 1), "a bad attribute name");
      while (name_char(*s, 0))
        s++;
      FUZZ_ASSERT(s[0] == '=' && s[1] == '"', "an attribute not quoted");
      s = check_chars(s + 2, '"');
      FUZZ_ASSERT(*s == '"', "an attribute value not closed");
      s++;
      FUZZ_ASSERT(*s == ' ' || *s == '>' || *s == '/' || *s == '\n',
                  "attributes run together");
    }
    if (*s == '/') {
      s += 2;
      root_done = depth == 0;
      continue;
    }
    s++;
    FUZZ_ASSERT(depth < DEPTH, "elements nested too deep");
    open[depth] = name;
    open_len[depth] = len;
    depth++;
  }
  FUZZ_ASSERT(depth == 0 && root_done, "the root element is not closed");
}

/* ==== What the picture shows ==== */

static size_t count(const char *hay, const char *needle) {
  size_t k = 0, len = strlen(needle);
  for (const char *p = strstr(hay, needle); p != NULL;
       p = strstr(p + len, needle))
    k++;
  return k;
}

/* Wheel groups wheel-1 .. wheel-n, in order, each with its index. */
static void check_wheels(const char *svg, size_t n) {
  FUZZ_ASSERT(count(svg, "<g class=\"wheel ") == n, "a wheel not drawn");
  const char *at = svg;
  for (size_t k = 1; k <= n; k++) {
    char id[40], index[48];
    snprintf(id, sizeof id, "id=\"wheel-%zu\">", k);
    /* By class and text, not colour: shelf.h may change the colours. */
    snprintf(index, sizeof index, ">%zu</text>", k);
    const char *group = strstr(at, id);
    FUZZ_ASSERT(group != NULL, "a wheel missing or out of order");
    const char *end = strstr(group, "</g>");
    const char *label = strstr(group, "class=\"index\"");
    FUZZ_ASSERT(end != NULL && label != NULL && label < end,
                "a wheel without its index");
    label = strstr(label, index);
    FUZZ_ASSERT(label != NULL && label < end, "a wheel without its index");
    at = end;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_reader r = {data, size, 0};
  uint8_t mode = fuzz_next(&r);
  unsigned flags = mode & 1u ? SHELF_SVG_EXPLAIN : 0;
  unsigned width = 0;
  switch (mode >> 1 & 3u) {
  case 1:
    width = SHELF_SVG_WIDTH_MIN + fuzz_next(&r);
    break;
  case 2:
    width = SHELF_SVG_WIDTH_MIN +
            (unsigned)(fuzz_next_bytes(&r, 2) %
                       (SHELF_SVG_WIDTH_MAX - SHELF_SVG_WIDTH_MIN + 1));
    break;
  case 3:
    width = SHELF_SVG_WIDTH_MAX;
    break;
  default:
    break;
  }
  uint8_t shape = fuzz_next(&r);
  size_t n = shape < 0xf0 ? shape % (MAX_DETAILED + 1)
                          : SHELF_SVG_WHEELS_MAX + 1 +
                                (size_t)(fuzz_next_bytes(&r, 2) %
                                         (MAX_SUMMARY - SHELF_SVG_WHEELS_MAX));
  int64_t *w = malloc((n ? n : 1) * sizeof *w);
  FUZZ_ASSERT(w != NULL, "the target itself ran out of memory");
  for (size_t k = 0; k < n; k++) {
    uint8_t sel = fuzz_next(&r);
    w[k] = fuzz_weight(&r, sel % 6u, sel);
  }

  char *svg = NULL;
  size_t len = 0;
  /* The other options from the mode's high bits: a question (never with
   * the explanation), the shelf or the table alone, a greedy line. */
  shelf_svg_options o = {0};
  o.width = width;
  o.flags = flags;
  if ((mode & 0x08u) && !flags)
    o.flags = SHELF_SVG_QUESTION, o.given = (mode >> 4) & 3u;
  else if (n > 0 && (mode & 0x40u))
    o.turn = 1 + (uint64_t)fuzz_next(&r) % n;
  if (mode & 0x80u)
    o.line = n <= 64 ? SHELF_LINE_GREEDY_FIRST : SHELF_LINE_GREEDY_BOTH;
  shelf_status st = shelf_svg(w, n, &o, &svg, &len);
  FUZZ_ASSERT(st == SHELF_OK, shelf_strerror(st));
  FUZZ_ASSERT(svg != NULL && strlen(svg) == len, "length as reported");
  for (size_t k = 0; k < len; k++)
    FUZZ_ASSERT(svg[k] == '\n' || (svg[k] >= 0x20 && svg[k] < 0x7f),
                "not plain ASCII");
  check_xml(svg);
  /* As wide as its content, never wider than asked. */
  const char *wa = strstr(svg, "<svg ");
  wa = wa != NULL ? strstr(wa, " width=\"") : NULL;
  FUZZ_ASSERT(wa != NULL, "no width");
  FUZZ_ASSERT(strtoul(wa + 8, NULL, 10) <= (width ? width : SHELF_SVG_WIDTH),
              "wider than asked for");
  if (n <= SHELF_SVG_WHEELS_MAX) {
    check_wheels(svg, n);
    size_t cells = count(svg, "<rect class=\"lead");
    FUZZ_ASSERT(cells == (n <= SHELF_SVG_LEAD_MAX ? n * (n + 1) / 2 : 0),
                "the lead table's cells");
  } else {
    FUZZ_ASSERT(count(svg, "<g class=\"wheel ") == 0 &&
                    count(svg, "class=\"summary\"") == 1,
                "a long shelf is not summarised");
  }
  if ((o.flags & SHELF_SVG_EXPLAIN) && n > 0) {
    FUZZ_ASSERT(count(svg, "class=\"trap-note\"") +
                        count(svg, "class=\"trap-none\"") >
                    0,
                "no sentence about the trap");
    FUZZ_ASSERT(count(svg, "class=\"trap\"") <= 1, "more than one trap");
  } else {
    FUZZ_ASSERT(count(svg, "class=\"trap") == 0, "a trap without the flag");
  }
  shelf_svg_free(svg);
  free(w);
  return 0;
}
