/*
 * words.c - the sentences that present a shelf and its explanation, written
 * once for every surface: the command's --explain, the game and the
 * pictures all take their wording from here, so that they cannot drift
 * apart (they once said the same things three ways).
 *
 * Text goes into a caller's buffer through a bounded text (text.h),
 * snprintf-style: every piece is counted, and copied while it fits, so that
 * one pass gives both the text and its length. No printf, so the digits
 * never depend on the locale.
 */
#include "text.h"

#include <string.h>

/* ==== Names ==== */

const char *shelf_kilos_word(shelf_i128 v) {
  return v == 1 || v == -1 ? "kilo" : "kilos";
}

const char *shelf_buyer_name(shelf_buyer buyer) {
  return buyer == SHELF_FIRST    ? "first"
         : buyer == SHELF_SECOND ? "second"
                                 : NULL;
}

const char *shelf_end_name(shelf_end end) {
  return end == SHELF_LEFT ? "left" : end == SHELF_RIGHT ? "right" : NULL;
}

/* "1 kilo", "3 kilos", "-1 kilo": the unit agrees with the number. */
static void say_kilos(text *s, i128 v) {
  shelf__text_format(s, "%I %s", &v, shelf_kilos_word(v));
}

/* The magnitude is the number without its sign, so that even the most
 * negative shelf_i128, which has no positive twin, is said exactly. */
static void say_standing(text *s, i128 margin) {
  if (margin == 0) {
    shelf__text_str(s, "level");
    return;
  }
  char digits[SHELF_I128_BUFSIZE];
  shelf_i128_format(margin, digits);
  shelf__text_format(s, "%s %s %s", digits[0] == '-' ? digits + 1 : digits,
                     shelf_kilos_word(margin), margin < 0 ? "behind" : "ahead");
}

static const char *buyer_of_turn(uint64_t turn) {
  return shelf_buyer_name(turn % 2 == 1 ? SHELF_FIRST : SHELF_SECOND);
}

/* ==== The sentences ==== */

/* "the first buyer finishes 7 kilos ahead, 11 to 4" */
static void say_finish(text *s, i128 margin, i128 first, i128 second) {
  shelf__text_str(s, "the first buyer finishes ");
  say_standing(s, margin);
  shelf__text_format(s, ", %I to %I", &first, &second);
}

static void say_greedy_vs_perfect(text *s, const shelf_explanation *e) {
  shelf__text_str(s, "A greedy first buyer against a perfect second: ");
  if (!e->has_greedy_vs_perfect) {
    shelf__text_format(
        s, "not computed above %u wheels (its search takes time n squared).",
        e->limit);
    return;
  }
  shelf__text_str(s, "the first buyer finishes ");
  say_standing(s, e->greedy_vs_perfect);
  shelf__text_str(s, ", ");
  say_kilos(s, e->margin - e->greedy_vs_perfect);
  shelf__text_str(s, " worse than perfect play.");
}

static void say_trap(text *s, const shelf_explanation *e) {
  if (e->mistake == 0) {
    shelf__text_str(
        s, "The greedy trap: none here; on this shelf the heavier end is an "
           "optimal move at every turn of the perfect line.");
    return;
  }
  if (e->mistake != 1) {
    shelf__text_str(
        s, "The greedy trap: not searched to the end on a shelf this long.");
    return;
  }
  /* Wheels are counted from 1 here, in 128 bits so that none wraps. */
  i128 wheel = (i128)e->mistake_wheel + 1, other = (i128)e->mistake_other + 1;
  shelf__text_format(s,
                     "The greedy trap: at turn %u the %s buyer's heavier end "
                     "is the %s (wheel %I, ",
                     e->mistake_turn, buyer_of_turn(e->mistake_turn),
                     shelf_end_name(e->mistake_end), &wheel);
  say_kilos(s, e->mistake_weight);
  shelf__text_str(s, "), but taking it costs ");
  say_kilos(s, e->mistake_cost);
  shelf__text_format(
      s, " of lead; perfect play takes the %s (wheel %I).",
      shelf_end_name(e->mistake_end == SHELF_LEFT ? SHELF_RIGHT : SHELF_LEFT),
      &other);
}

static void say_parity(text *s, const shelf_explanation *e) {
  if (e->n == 0) {
    shelf__text_str(s, "Parity floor: none, the shelf is empty.");
    return;
  }
  if (!e->has_parity) {
    shelf__text_str(
        s, "Parity floor: none, the shelf has an odd number of wheels.");
    return;
  }
  shelf__text_format(s,
                     "Parity floor: the odd positions weigh %I, the even %I; "
                     "by taking every %s position the first buyer is sure to "
                     "finish ",
                     &e->odd_sum, &e->even_sum,
                     e->odd_sum >= e->even_sum ? "odd" : "even");
  say_standing(s, e->parity_floor);
  shelf__text_format(s, ", and perfect play gets %I more.", &e->parity_gain);
}

/* ==== Entry ==== */

size_t shelf_standing_format(shelf_i128 margin, char *buf) {
  text s = shelf__text_bounded(buf, SHELF_STANDING_BUFSIZE);
  say_standing(&s, margin);
  buf[s.len] = '\0'; /* always fits: 40 digits and " kilos behind" */
  return s.len;
}

shelf_status shelf_explain_sentence(const shelf_explanation *e,
                                    shelf_sentence which, char *buf,
                                    size_t size, size_t *len) {
  if (e == NULL || (buf == NULL && size > 0))
    return SHELF_INVALID;
  text s = shelf__text_bounded(buf, size);
  switch (which) {
  case SHELF_SENTENCE_PERFECT:
    shelf__text_str(&s, "Perfect play: ");
    say_finish(&s, e->margin, e->first, e->second);
    shelf__text_str(&s, ".");
    break;
  case SHELF_SENTENCE_GREEDY:
    shelf__text_str(&s,
                    "Both greedy (always the heavier end, the left on equal "
                    "weights): ");
    say_finish(&s, e->greedy_margin, e->greedy_first, e->greedy_second);
    shelf__text_str(&s, ".");
    break;
  case SHELF_SENTENCE_GREEDY_VS_PERFECT:
    say_greedy_vs_perfect(&s, e);
    break;
  case SHELF_SENTENCE_TRAP:
    say_trap(&s, e);
    break;
  case SHELF_SENTENCE_PARITY:
    say_parity(&s, e);
    break;
  default:
    return SHELF_INVALID;
  }
  return shelf__text_done(&s, len);
}

shelf_status shelf_parse_error_format(const shelf_parse_error *e,
                                      int with_place, char *buf, size_t size,
                                      size_t *len) {
  if (e == NULL || (buf == NULL && size > 0))
    return SHELF_INVALID;
  text s = shelf__text_bounded(buf, size);
  if (with_place) {
    shelf__text_format(&s, "line %u, column %u: ", e->line, e->column);
  }
  shelf__text_str(&s, shelf_strerror(e->code));
  if (e->found[0] != '\0') {
    char found[sizeof e->found];
    memcpy(found, e->found, sizeof found);
    found[sizeof found - 1] = '\0'; /* a caller's struct may lack the NUL */
    shelf__text_format(&s, ", found \"%s\"", found);
  }
  return shelf__text_done(&s, len);
}

shelf_status shelf_note_sentence(const shelf_note *note, char *buf, size_t size,
                                 size_t *len) {
  if (note == NULL || (buf == NULL && size > 0))
    return SHELF_INVALID;
  text s = shelf__text_bounded(buf, size);
  char written[SHELF_NOTE_TEXT_MAX + 1], digits[SHELF_NOTE_TEXT_MAX + 1];
  memcpy(written, note->text, sizeof written);
  memcpy(digits, note->digits, sizeof digits);
  written[SHELF_NOTE_TEXT_MAX] = digits[SHELF_NOTE_TEXT_MAX] = '\0';
  switch (note->kind) {
  case SHELF_NOTE_COUNT:
    shelf__text_format(&s,
                       "%u looks like a count of the %u weights after it, but "
                       "it was read as a wheel",
                       note->count, note->count);
    break;
  case SHELF_NOTE_THOUSANDS:
    shelf__text_format(&s,
                       "%s looks like a number grouped by thousands, but a "
                       "comma separates weights: it was read as %u wheels; "
                       "write %s for one",
                       written, note->count, digits);
    break;
  default:
    return SHELF_INVALID;
  }
  return shelf__text_done(&s, len);
}
