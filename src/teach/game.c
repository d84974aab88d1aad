/*
 * game.c - the game a person plays (shelf_game): who plays each side, the
 * rules of a turn, undo, the hint, the review and the game's sentences.
 * The terminal game, Python's shelf.Game and the page only draw it and
 * pass on keys and clicks, so that the three cannot disagree on a rule
 * (they once did: one made the person click a last wheel, and its undo
 * went back to it). The rules are listed in shelf_teach.h.
 *
 * Each move keeps the position before it, so that undo is a copy and not
 * a replay, and the lead it kept against the block's best, so that the
 * review needs no solving. The best is shelf_best_move()'s, O(block) a
 * move, so a game on 10^9 wheels moves at once.
 */
#include "internal.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

typedef struct played {
  shelf_game_move m;
  shelf_position before; /* the game as it was before the move */
} played;

struct shelf_game {
  const int64_t *w;
  size_t n;
  shelf_player players[2];
  shelf_position now;
  shelf_i128 perfect; /* the margin of perfect play on the whole shelf */
  played *moves;      /* moves[k]: turn k + 1, for k < now.turn */
  size_t cap;
};

static int is_player(shelf_player p) {
  return p == SHELF_PLAYER_PERSON || p == SHELF_PLAYER_PERFECT ||
         p == SHELF_PLAYER_GREEDY;
}

static int persons(const shelf_game *g) {
  return (g->players[0] == SHELF_PLAYER_PERSON) +
         (g->players[1] == SHELF_PLAYER_PERSON);
}

/* The buyer to move now. */
static shelf_buyer to_move(const shelf_game *g) {
  return shelf_turn_buyer(g->now.turn + 1);
}

/* The block's last wheel, inclusive; only called on a block with wheels. */
static size_t last_wheel(const shelf_game *g) {
  return (size_t)g->now.last - 1;
}

/* ==== Playing ==== */

/* The buyer to move takes `end`; the move is kept with what it kept. */
static shelf_status make(shelf_game *g, shelf_end end, int forced,
                         const shelf_choice *c) {
  if (g->now.turn >= g->cap) {
    /* Grown as moves are made, not for the whole shelf at once: a game on
     * 10^9 wheels is played a few moves deep. */
    void *grown = shelf__grow_array(g->moves, &g->cap, (size_t)g->now.turn + 1,
                                    sizeof(played));
    if (grown == NULL)
      return SHELF_NOMEM;
    g->moves = grown;
  }
  played *p = &g->moves[g->now.turn];
  p->before = g->now;
  p->m.player = g->players[to_move(g)];
  p->m.forced = forced;
  p->m.best = c->lead;
  p->m.kept = end == SHELF_LEFT ? c->left : c->right;
  return shelf_position_take(&g->now, g->w, end, &p->m.move);
}

/* The program's moves, and a person's last wheel, until a person has a
 * choice to make or the game is over. On failure the game stays where the
 * failing move would have started. */
static shelf_status play_on(shelf_game *g) {
  while (g->now.first < g->now.last) {
    size_t first = (size_t)g->now.first, last = last_wheel(g);
    shelf_player p = g->players[to_move(g)];
    if (p == SHELF_PLAYER_PERSON && first < last)
      return SHELF_OK;
    shelf_choice c;
    shelf_status st = shelf_best_move(g->w, g->n, first, last, &c);
    if (st != SHELF_OK)
      return st;
    shelf_end end = p == SHELF_PLAYER_GREEDY ? shelf_greedy_end(g->w, first, last)
                    : p == SHELF_PLAYER_PERFECT ? c.best
                                                : SHELF_LEFT; /* a last wheel */
    st = make(g, end, p == SHELF_PLAYER_PERSON, &c);
    if (st != SHELF_OK)
      return st;
  }
  return SHELF_OK;
}

shelf_status shelf_game_new(const int64_t *weights, size_t n,
                            shelf_player first, shelf_player second,
                            shelf_game **out) {
  if (out == NULL)
    return SHELF_INVALID;
  *out = NULL;
  if ((weights == NULL && n > 0) || !is_player(first) || !is_player(second))
    return SHELF_INVALID;
  shelf_game *g = calloc(1, sizeof *g);
  if (g == NULL)
    return SHELF_NOMEM;
  g->w = weights;
  g->n = n;
  g->players[0] = first;
  g->players[1] = second;
  shelf_result r;
  shelf_status st = shelf_solve(weights, n, SHELF_ENGINE_LINEAR, &r);
  if (st == SHELF_OK) {
    g->perfect = r.margin;
    st = shelf_game_again(g);
  }
  if (st != SHELF_OK) {
    shelf_game_free(g);
    return st;
  }
  *out = g;
  return SHELF_OK;
}

void shelf_game_free(shelf_game *game) {
  if (game == NULL)
    return;
  free(game->moves);
  free(game);
}

shelf_status shelf_game_again(shelf_game *game) {
  if (game == NULL)
    return SHELF_INVALID;
  shelf_position_start(&game->now, game->n);
  return play_on(game);
}

shelf_status shelf_game_at(const shelf_game *game, shelf_position *at) {
  if (game == NULL || at == NULL)
    return SHELF_INVALID;
  *at = game->now;
  return SHELF_OK;
}

shelf_player shelf__game_player(const shelf_game *game, shelf_buyer buyer) {
  if (game == NULL || (buyer != SHELF_FIRST && buyer != SHELF_SECOND))
    return SHELF_PLAYER_PERSON;
  return game->players[buyer];
}

shelf_status shelf_game_take(shelf_game *game, shelf_end end) {
  if (game == NULL || (end != SHELF_LEFT && end != SHELF_RIGHT) ||
      game->now.first >= game->now.last)
    return SHELF_INVALID;
  shelf_position before = game->now;
  shelf_choice c;
  shelf_status st = shelf_best_move(game->w, game->n, (size_t)before.first,
                                    last_wheel(game), &c);
  if (st == SHELF_OK)
    st = make(game, end, 0, &c);
  if (st == SHELF_OK)
    st = play_on(game);
  if (st != SHELF_OK)
    game->now = before;
  return st;
}

/* A move that was a person's choice: the moves undo goes back to. */
static int chosen(const shelf_game_move *m) {
  return m->player == SHELF_PLAYER_PERSON && !m->forced;
}

shelf_status shelf_game_undo(shelf_game *game, size_t *back) {
  if (game == NULL)
    return SHELF_INVALID;
  size_t t = (size_t)game->now.turn;
  while (t > 0 && !chosen(&game->moves[t - 1].m))
    t--;
  if (back != NULL)
    *back = t == 0 ? 0 : (size_t)game->now.turn - (t - 1);
  if (t > 0)
    game->now = game->moves[t - 1].before;
  return SHELF_OK;
}

size_t shelf_game_move_count(const shelf_game *game) {
  return game == NULL ? 0 : (size_t)game->now.turn;
}

shelf_status shelf_game_move_at(const shelf_game *game, size_t k,
                             shelf_game_move *out) {
  if (game == NULL || out == NULL || k >= game->now.turn)
    return SHELF_INVALID;
  *out = game->moves[k].m;
  return SHELF_OK;
}

shelf_status shelf_game_hint(const shelf_game *game, shelf_choice *out) {
  if (game == NULL || out == NULL || game->now.first >= game->now.last)
    return SHELF_INVALID;
  return shelf_best_move(game->w, game->n, (size_t)game->now.first,
                         last_wheel(game), out);
}

/* ==== The review ==== */

/* The index of the move of review row k, or the number of moves. */
static size_t row_move(const shelf_game *g, size_t k) {
  size_t t = 0;
  for (; t < g->now.turn; t++)
    if (g->moves[t].m.player == SHELF_PLAYER_PERSON && k-- == 0)
      break;
  return t;
}

size_t shelf_game_review_count(const shelf_game *game) {
  if (game == NULL)
    return 0;
  size_t rows = 0;
  for (size_t t = 0; t < game->now.turn; t++)
    rows += game->moves[t].m.player == SHELF_PLAYER_PERSON;
  return rows;
}

shelf_status shelf_game_review(const shelf_game *game, size_t k,
                               shelf_review_row *out) {
  if (game == NULL || out == NULL)
    return SHELF_INVALID;
  size_t t = row_move(game, k);
  if (t >= game->now.turn)
    return SHELF_INVALID;
  const shelf_game_move *m = &game->moves[t].m;
  out->turn = m->move.turn;
  out->buyer = m->move.buyer;
  out->end = m->move.end;
  out->forced = m->forced;
  out->weight = m->move.weight;
  out->kept = m->kept;
  out->best = m->best;
  out->cost = m->best - m->kept;
  return SHELF_OK;
}

/* ==== The game's sentences ==== */

/* Who a buyer is to the person: "you" and "the opponent" when one person
 * plays, else the buyer's name. */
static void say_who(text *s, const shelf_game *g, shelf_buyer b, int capital) {
  if (persons(g) == 1) {
    int yours = g->players[b] == SHELF_PLAYER_PERSON;
    shelf__text_str(s, yours ? (capital ? "You" : "you")
                             : (capital ? "The opponent" : "the opponent"));
  } else {
    shelf__text_format(s, "%s %s buyer", capital ? "The" : "the",
                       shelf_buyer_name(b));
  }
}

/* "the left wheel (3 kilos)" */
static void say_wheel(text *s, const char *end, int64_t weight) {
  shelf__text_format(s, "the %s wheel (", end);
  shelf__say_kilos(s, weight);
  shelf__text_str(s, ")");
}

/* "-5 (5 kilos behind)" */
static void say_lead(text *s, i128 lead) {
  shelf__text_format(s, "%I (", &lead);
  shelf__say_standing(s, lead);
  shelf__text_str(s, ")");
}

static shelf_status say_hint(text *s, const shelf_game *g) {
  if (g->now.first >= g->now.last ||
      g->players[to_move(g)] != SHELF_PLAYER_PERSON)
    return SHELF_INVALID;
  shelf_choice c;
  shelf_status st = shelf_game_hint(g, &c);
  if (st != SHELF_OK)
    return st;
  shelf__text_str(s, "Hint: ");
  say_wheel(s, "left", g->w[g->now.first]);
  shelf__text_str(s, " keeps a lead of ");
  say_lead(s, c.left);
  shelf__text_str(s, ", ");
  say_wheel(s, "right", g->w[last_wheel(g)]);
  shelf__text_str(s, " keeps a lead of ");
  say_lead(s, c.right);
  shelf__text_str(s, c.left == c.right      ? ". Both ends are best."
                     : c.best == SHELF_LEFT ? ". Best: the left."
                                            : ". Best: the right.");
  shelf__text_str(s, " (A lead: what the buyer to move finishes ahead by "
                     "from here on, both playing perfectly.)");
  return SHELF_OK;
}

static void say_move(text *s, const shelf_game *g, const shelf_game_move *m) {
  int yours = m->player == SHELF_PLAYER_PERSON;
  say_who(s, g, m->move.buyer, 1);
  /* "You take", "The opponent takes", "The first buyer takes". */
  shelf__text_str(s, persons(g) == 1 && yours ? " take " : " takes ");
  /* The shelf's last wheel is "last" whoever takes it: it has no end. */
  say_wheel(s, m->move.turn == g->n ? "last" : shelf_end_name(m->move.end),
            m->move.weight);
  if (!yours || m->forced) {
    shelf__text_str(s, ".");
    return;
  }
  i128 cost = m->best - m->kept;
  if (cost == 0) {
    shelf__text_str(s, ". A perfect move.");
    return;
  }
  shelf__text_str(s, persons(g) == 1 ? ": that cost you " : ": that cost ");
  shelf__say_kilos(s, cost);
  shelf__text_format(
      s,
      " of lead (the %s would have kept a lead of %I; the %s "
      "keeps %I).",
      shelf_end_name(m->move.end == SHELF_LEFT ? SHELF_RIGHT : SHELF_LEFT),
      &m->best, shelf_end_name(m->move.end), &m->kept);
}

/* The buyer whose view the summary takes: the person's, or the first
 * buyer's when two or no people play. */
static shelf_buyer mine(const shelf_game *g) {
  return persons(g) == 1 && g->players[1] == SHELF_PLAYER_PERSON
             ? SHELF_SECOND
             : SHELF_FIRST;
}

/* "margin 7" in brackets after a standing. */
static void say_finish(text *s, i128 margin) {
  shelf__say_standing(s, margin);
  shelf__text_format(s, " (margin %I)", &margin);
}

static void say_summary(text *s, const shelf_game *g) {
  shelf__text_str(s, "Game over: ");
  shelf_buyer me = mine(g), other = me == SHELF_FIRST ? SHELF_SECOND
                                                     : SHELF_FIRST;
  /* A score line: "you 5, opponent 10", "first buyer 11, second buyer 4". */
  for (int k = 0; k < 2; k++) {
    shelf_buyer b = k == 0 ? me : other;
    if (persons(g) == 1)
      shelf__text_str(s, b == me ? "you" : "opponent");
    else
      shelf__text_format(s, "%s buyer", shelf_buyer_name(b));
    shelf__text_format(s, k == 0 ? " %I, " : " %I. ", &g->now.totals[b]);
  }
  shelf__text_str(s, persons(g) == 1 ? "You finished "
                                     : "The first buyer finished ");
  say_finish(s, g->now.totals[me] - g->now.totals[other]);
  shelf__text_str(s, ".");
}

static void say_against_perfect(text *s, const shelf_game *g) {
  shelf_buyer me = mine(g), other = me == SHELF_FIRST ? SHELF_SECOND
                                                     : SHELF_FIRST;
  i128 got = g->now.totals[me] - g->now.totals[other];
  i128 perfect = me == SHELF_FIRST ? g->perfect : -g->perfect;
  if (persons(g) != 1) {
    shelf__text_str(s, "Perfect play finishes ");
    say_finish(s, perfect);
    shelf__text_str(s, ".");
    return;
  }
  if (got == perfect) {
    shelf__text_str(s, "You matched perfect play: it finishes ");
    say_finish(s, perfect);
    shelf__text_str(s, " too.");
  } else if (got > perfect) {
    i128 gift = got - perfect;
    shelf__text_str(s, "You beat perfect play, which finishes ");
    say_finish(s, perfect);
    shelf__text_str(s, ": the opponent gave away ");
    shelf__say_kilos(s, gift);
    shelf__text_str(s, ".");
  } else {
    shelf__text_str(s, "Perfect play finishes ");
    say_finish(s, perfect);
    /* Against a greedy opponent, who errs too, the gap is no longer the
     * sum of the person's costs. */
    int alone = g->players[other] == SHELF_PLAYER_PERFECT;
    shelf__text_str(s, alone ? "; your moves cost " : "; you finished ");
    shelf__say_kilos(s, perfect - got);
    shelf__text_str(s, alone ? "." : " below it.");
  }
}

/* The first move of a person's that cost lead, or NULL; *greedy says
 * whether it took the heavier end. */
static const played *first_mistake(const shelf_game *g, int *greedy) {
  for (size_t t = 0; t < g->now.turn; t++) {
    const played *p = &g->moves[t];
    if (p->m.player != SHELF_PLAYER_PERSON || p->m.best == p->m.kept)
      continue;
    *greedy = shelf_greedy_end(g->w, (size_t)p->before.first,
                               (size_t)p->before.last - 1) == p->m.move.end;
    return p;
  }
  return NULL;
}

static void say_first_mistake(text *s, const shelf_game *g) {
  int greedy = 0;
  const played *p = first_mistake(g, &greedy);
  if (p == NULL) {
    shelf__text_str(s, persons(g) == 1
                           ? "No mistakes: every one of your moves kept the "
                             "best lead."
                           : "No mistakes: every move kept the best lead.");
    return;
  }
  const shelf_game_move *m = &p->m;
  i128 cost = m->best - m->kept;
  shelf__text_format(s, "The first mistake: turn %u", m->move.turn);
  if (persons(g) != 1)
    shelf__text_format(s, ", the %s buyer", shelf_buyer_name(m->move.buyer));
  shelf__text_format(s, ", the %s end, which cost ",
                     shelf_end_name(m->move.end));
  shelf__say_kilos(s, cost);
  shelf__text_str(s, greedy ? " of lead: the heavier end, the greedy mistake."
                            : " of lead.");
}

static void say_lesson(text *s, const shelf_game *g) {
  int greedy = 0;
  if (first_mistake(g, &greedy) != NULL && greedy)
    shelf__say_mistake(s, SHELF_MISTAKE_GREEDY, SHELF_SUBJECT_YOU);
}

shelf_status shelf_game_say(const shelf_game *game, shelf_game_sentence which,
                            size_t k, char *buf, size_t size, size_t *len) {
  if (game == NULL || (buf == NULL && size > 0))
    return SHELF_INVALID;
  int over = game->now.first >= game->now.last;
  text s = shelf__text_bounded(buf, size);
  switch (which) {
  case SHELF_GAME_HINT: {
    shelf_status st = say_hint(&s, game);
    if (st != SHELF_OK)
      return st;
    break;
  }
  case SHELF_GAME_MOVE:
    if (k >= game->now.turn)
      return SHELF_INVALID;
    say_move(&s, game, &game->moves[k].m);
    break;
  case SHELF_GAME_SUMMARY:
  case SHELF_GAME_AGAINST_PERFECT:
  case SHELF_GAME_FIRST_MISTAKE:
  case SHELF_GAME_LESSON: {
    /* The sentences about a whole game, which only a game over has. */
    static void (*const of_game[])(text *, const shelf_game *) = {
        [SHELF_GAME_SUMMARY] = say_summary,
        [SHELF_GAME_AGAINST_PERFECT] = say_against_perfect,
        [SHELF_GAME_FIRST_MISTAKE] = say_first_mistake,
        [SHELF_GAME_LESSON] = say_lesson,
    };
    if (!over)
      return SHELF_INVALID;
    of_game[which](&s, game);
    break;
  }
  default:
    return SHELF_INVALID;
  }
  return shelf__text_done(&s, len);
}
