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

/* "1 kilo", "3 kilos", "-1 kilo": the unit agrees with the number. */
void shelf__say_kilos(text *s, i128 v) {
  shelf__text_format(s, "%I %s", &v, shelf_kilos_word(v));
}

/* The magnitude is the number without its sign, so that even the most
 * negative shelf_i128, which has no positive twin, is said exactly. */
void shelf__say_standing(text *s, i128 margin) {
  if (margin == 0) {
    shelf__text_str(s, "level");
    return;
  }
  char digits[SHELF_I128_BUFSIZE];
  shelf_i128_format(margin, digits);
  shelf__text_format(s, "%s %s %s", digits[0] == '-' ? digits + 1 : digits,
                     shelf_kilos_word(margin), margin < 0 ? "behind" : "ahead");
}

shelf_buyer shelf_turn_buyer(uint64_t turn) {
  return turn % 2 == 1 ? SHELF_FIRST : SHELF_SECOND;
}

/* ==== The sentences ==== */

/* "the first buyer finishes 7 kilos ahead, 11 to 4" */
static void say_finish(text *s, i128 margin, i128 first, i128 second) {
  shelf__text_str(s, "the first buyer finishes ");
  shelf__say_standing(s, margin);
  shelf__text_format(s, ", %I to %I", &first, &second);
}

/* The perfect second buyer here is the game's: the buyer that
 * --interactive, shelf.Game and the page play (shelf_best_move()). */
static void say_greedy_vs_perfect(text *s, const shelf_explanation *e) {
  shelf__text_str(s, "A greedy first buyer against a perfect second: ");
  if (!e->has_greedy_vs_perfect) {
    shelf__text_format(
        s, "not computed above %u wheels (its game takes time n squared).",
        e->limit);
    return;
  }
  shelf__text_str(s, "the first buyer finishes ");
  shelf__say_standing(s, e->greedy_vs_perfect);
  shelf__text_str(s, ", ");
  shelf__say_kilos(s, e->margin - e->greedy_vs_perfect);
  shelf__text_str(s, " worse than perfect play.");
}

static void say_trap(text *s, const shelf_explanation *e) {
  if (e->mistake == 0) {
    shelf__text_str(
        s, "The greedy trap: none here; against a perfect second buyer, the "
           "heavier end keeps the first buyer's lead at every turn.");
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
                     "The greedy trap: at turn %u the first buyer's heavier "
                     "end is the %s (wheel %I, ",
                     e->mistake_turn, shelf_end_name(e->mistake_end), &wheel);
  shelf__say_kilos(s, e->mistake_weight);
  shelf__text_str(s, "), but taking it loses ");
  shelf__say_kilos(s, e->mistake_cost);
  shelf__text_format(
      s, " of lead; perfect play takes the %s (wheel %I)",
      shelf_end_name(e->mistake_end == SHELF_LEFT ? SHELF_RIGHT : SHELF_LEFT),
      &other);
  if (e->has_greedy_vs_perfect) {
    i128 cost = e->margin - e->greedy_vs_perfect;
    shelf__text_str(s, ". Against a perfect second buyer, greedy loses ");
    shelf__say_kilos(s, cost);
    shelf__text_str(s, " of lead in all");
  }
  shelf__text_str(s, ".");
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
  shelf__say_standing(s, e->parity_floor);
  shelf__text_format(s, ", and perfect play gets %I more.", &e->parity_gain);
}

/* ==== Entry ==== */

size_t shelf_standing_format(shelf_i128 margin, char *buf) {
  text s = shelf__text_bounded(buf, SHELF_STANDING_BUFSIZE);
  shelf__say_standing(&s, margin);
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

/* ==== The known mistakes, said to whoever made them ==== */

/*
 * What a learner reads for each mistake (shelf_mistake_sentence()), one set
 * of sentences for the judge, which speaks of the program, and for the
 * game and the page, which speak to the person who made the move. Where
 * the two differ, a sentence holds both: "{the program's words|yours}".
 */
static const char *const mistake_sentences[SHELF_MISTAKE_COUNT] = {
    [SHELF_MISTAKE_NONE] = "No mistake: the answer is right.",
    [SHELF_MISTAKE_GREEDY] =
        "Greedy: {the program takes the heavier end at every turn|you took "
        "the heavier end}, but a heavy wheel can open the way to a heavier "
        "one for the other buyer; the lead of a block is the better of its "
        "two ends, each end's weight minus the lead the other buyer then has "
        "on the rest.",
    [SHELF_MISTAKE_ADDED] =
        "Added: {the program adds|you added} the rest's lead to the wheel "
        "taken (w + lead) instead of subtracting it, as if one buyer took "
        "every wheel; after a move the other buyer is the one to move on the "
        "rest, so that lead counts against the buyer who moved: w - lead.",
    [SHELF_MISTAKE_LEFT_INDEX] =
        "Left index: {the program fills|you filled} the lead table by left "
        "end i ascending, but lead[i][j] reads lead[i+1][j], a row not "
        "filled yet, and gets its initial value; fill by span length (every "
        "block of 1 wheel, then of 2, and so on), so that both blocks a cell "
        "reads are done before it.",
    [SHELF_MISTAKE_WRONG_QUANTITY] =
        "Wrong quantity: the answer is another number of the game than the "
        "one asked (the margin, the first buyer's total or the second's); "
        "the first buyer's total is (sum + margin) / 2, the second's "
        "(sum - margin) / 2.",
    [SHELF_MISTAKE_STRICT_TIE] =
        "Strict tie: asked whether the first buyer wins, {the program "
        "says|you said} no on a tie, but a first buyer's total equal to the "
        "second's counts as a win: margin >= 0, not margin > 0.",
    [SHELF_MISTAKE_OVERFLOW32] =
        "Overflow: {the program adds|you added} in 32-bit integers, which "
        "wrap past 2147483647 kilos (or below -2147483648); totals and leads "
        "need 64 bits (long long, int64_t).",
    [SHELF_MISTAKE_NEIGHBOUR] =
        "Neighbour: the lead is read from the wrong cell of the table; "
        "taking the left wheel leaves block i+1..j, taking the right one "
        "leaves i..j-1, and each end's value is its weight minus the lead of "
        "the block it leaves.",
    [SHELF_MISTAKE_SIGN] =
        "Sign: the value is the lead with its sign turned, the other buyer's "
        "view; the lead is what the buyer to move finishes ahead by.",
    [SHELF_MISTAKE_ONE_END] =
        "One end: the value is what taking one end keeps, but the buyer to "
        "move takes the better end, so the lead is the larger of the two "
        "ends' values.",
    [SHELF_MISTAKE_UNKNOWN] =
        "Wrong: the value matches none of the known mistakes; the lead of "
        "block i..j is max(w[i] - lead(i+1..j), w[j] - lead(i..j-1)).",
    [SHELF_MISTAKE_ZERO_MEMO] =
        "Zero memo: {the program's|your} memo table uses 0 for a block not "
        "computed yet, but 0 is also a lead a block can have (zeros, or "
        "equal weights that cancel out), so those blocks are computed again "
        "at every visit and the search grows exponentially; mark an empty "
        "cell with a value no lead takes, or keep a separate flag.",
    [SHELF_MISTAKE_EXPONENTIAL] =
        "Exponential: {the program tries|you tried} every order of moves, "
        "two choices a turn, about 2^n of them for n wheels, though the same "
        "block is reached by many orders; keep one lead a block (n(n+1)/2 of "
        "them) in a table, and read it instead of computing it again.",
    [SHELF_MISTAKE_LARGEST_N] =
        "Largest n: {the program fails|your code fails} only on shelves of "
        "the problem's largest length, and the same wheels but one pass; an "
        "array one element too small is the usual cause (a table of n by n "
        "cells read at index n, a row of MAXN where MAXN + 1 are used).",
    [SHELF_MISTAKE_SENTINEL_MEMO] =
        "Sentinel memo: {the program's|your} memo table marks a block not "
        "computed yet with a value that a block can also have (a total of "
        "-1 when weights may be negative), so those blocks are computed "
        "again at every visit and the search grows exponentially; mark an "
        "empty cell with a value no block takes within the limits, or keep "
        "a separate flag.",
    [SHELF_MISTAKE_WHEEL_ALONE] =
        "Wheel alone: {the program takes|you took} an end's weight as the "
        "block's value and {leaves|left} out the lead of what remains; the "
        "other buyer moves next on the rest and finishes that lead ahead, so "
        "an end keeps its weight minus the lead of the block it leaves.",
};

void shelf__say_mistake(text *s, shelf_mistake kind, shelf_subject subject) {
  const char *t = mistake_sentences[kind];
  if (t == NULL)
    return; /* a value not assigned (13, until the merge) */
  for (;;) {
    const char *open = strchr(t, '{');
    if (open == NULL) {
      shelf__text_str(s, t);
      return;
    }
    const char *bar = strchr(open, '|'), *close = strchr(bar, '}');
    shelf__text_bytes(s, t, (size_t)(open - t));
    if (subject == SHELF_SUBJECT_YOU)
      shelf__text_bytes(s, bar + 1, (size_t)(close - bar - 1));
    else
      shelf__text_bytes(s, open + 1, (size_t)(bar - open - 1));
    t = close + 1;
  }
}

/* ==== A value typed for a cell, said in the block's numbers ==== */

/*
 * shelf_cell_sentence(): the mistake mistakes.c named for a value typed
 * for block first..last, said to the learner with the block's own wheels
 * and leads, so that each sentence is true of that block. The block's lead
 * itself is never said (the learner is still to find it), except for one
 * wheel, whose lead is its weight.
 */

/* A block as its weights, "[3, 9]"; one of more than six wheels as its
 * first three and last two: "[3, 9, 1, ..., 4, 2]". */
static void say_block(text *s, const int64_t *w, size_t a, size_t b) {
  size_t count = b + 1 - a;
  shelf__text_str(s, "[");
  for (size_t k = a; k <= b; k++) {
    if (count > 6 && k == a + 3) {
      shelf__text_str(s, ", ...");
      k = b - 2;
      continue;
    }
    shelf__text_format(s, k == a ? "%w" : ", %w", w[k]);
  }
  shelf__text_str(s, "]");
}

/* A number as the second operand of a difference: "3", "(-3)". */
static void say_operand(text *s, i128 v) {
  shelf__text_format(s, v < 0 ? "(%I)" : "%I", &v);
}

/* The block that taking end e of first..last leaves. */
static void say_rest(text *s, const int64_t *w, size_t first, size_t last,
                     shelf_end e) {
  if (e == SHELF_LEFT)
    say_block(s, w, first + 1, last);
  else
    say_block(s, w, first, last - 1);
}

void shelf__say_cell_mistake(text *s, const int64_t *w, size_t first,
                             size_t last, shelf_mistake kind, i128 value,
                             const shelf__cell_slip *c) {
  shelf_end e = c->end, o = e == SHELF_LEFT ? SHELF_RIGHT : SHELF_LEFT;
  const char *side = shelf_end_name(e), *other = shelf_end_name(o);
  int64_t we = e == SHELF_LEFT ? w[first] : w[last];
  int64_t wo = e == SHELF_LEFT ? w[last] : w[first];
  i128 rest = c->rest[e];
  switch (kind) {
  case SHELF_MISTAKE_NONE:
    shelf__text_format(s, "Right: %I is the lead of ", &value);
    say_block(s, w, first, last);
    shelf__text_str(s, ".");
    return;
  case SHELF_MISTAKE_SIGN:
    shelf__text_format(s, "Sign: %I is the lead of ", &value);
    say_block(s, w, first, last);
    shelf__text_str(s, " with its sign turned, the other buyer's view; the "
                       "lead is what the buyer to move finishes ahead by.");
    return;
  case SHELF_MISTAKE_GREEDY:
    shelf__text_format(s,
                       "Greedy: %I is what the heavier end keeps: the %s "
                       "wheel, %w, minus the lead of what remains, ",
                       &value, side, we);
    say_rest(s, w, first, last, e);
    shelf__text_format(s,
                       ", which the other buyer then has. Here the "
                       "heavier end is not the better one: the %s "
                       "wheel, %w, leaves ",
                       other, wo);
    say_rest(s, w, first, last, o);
    shelf__text_str(s, " and keeps more.");
    return;
  case SHELF_MISTAKE_ONE_END:
    shelf__text_format(s,
                       "One end: %I is what taking the %s wheel keeps, %w "
                       "- ",
                       &value, side, we);
    say_operand(s, rest);
    shelf__text_str(s, ", the lead of ");
    say_rest(s, w, first, last, e);
    shelf__text_format(s,
                       " counting against you; but the buyer to move "
                       "takes the better end, and the %s wheel, %w, "
                       "which leaves ",
                       other, wo);
    say_rest(s, w, first, last, o);
    shelf__text_str(s, ", keeps more.");
    return;
  case SHELF_MISTAKE_WHEEL_ALONE:
    shelf__text_format(s,
                       "Wheel alone: you took the %s wheel, %w, and left "
                       "out the lead of what remains, ",
                       side, we);
    say_rest(s, w, first, last, e);
    shelf__text_str(s, ": the other buyer moves next there and finishes ");
    shelf__say_standing(s, rest);
    shelf__text_format(s, ", so taking the %s wheel keeps %w - ", side, we);
    say_operand(s, rest);
    shelf__text_format(s, ", not %w.", we);
    return;
  case SHELF_MISTAKE_ADDED:
    shelf__text_format(s,
                       "Added: %I is the %s wheel, %w, plus the lead of "
                       "what remains, ",
                       &value, side, we);
    say_rest(s, w, first, last, e);
    shelf__text_str(s, "; but the other buyer moves next there and finishes ");
    shelf__say_standing(s, rest);
    shelf__text_format(s,
                       ", which counts against you: taking the %s wheel "
                       "keeps %w - ",
                       side, we);
    say_operand(s, rest);
    shelf__text_str(s, ".");
    return;
  case SHELF_MISTAKE_NEIGHBOUR:
    shelf__text_format(s,
                       "Neighbour: %I is the %s wheel, %w, minus the "
                       "lead of ",
                       &value, side, we);
    say_block(s, w, c->ra, c->rb);
    shelf__text_format(s,
                       ", a block that taking it does not leave: taking "
                       "the %s wheel leaves ",
                       side);
    say_rest(s, w, first, last, e);
    shelf__text_format(s, ", and taking the %s wheel leaves ", other);
    say_rest(s, w, first, last, o);
    shelf__text_str(s, "; each end keeps its weight minus the lead of the "
                       "block it leaves.");
    return;
  default: /* unknown */
    shelf__text_format(s, "Wrong: %I matches none of the known mistakes; ",
                       &value);
    if (first == last) {
      shelf__text_format(s,
                         "a block of one wheel, [%w], has the wheel's "
                         "weight as its lead: the buyer to move takes it.",
                         w[first]);
      return;
    }
    shelf__text_str(s, "the lead of ");
    say_block(s, w, first, last);
    shelf__text_format(s,
                       " is the larger of the left wheel, %w, minus the "
                       "lead of ",
                       w[first]);
    say_rest(s, w, first, last, SHELF_LEFT);
    shelf__text_format(s, " and the right wheel, %w, minus the lead of ",
                       w[last]);
    say_rest(s, w, first, last, SHELF_RIGHT);
    shelf__text_str(s, ".");
    return;
  }
}
