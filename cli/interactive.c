/*
 * interactive.c - the game (shelf --interactive): a person against a perfect
 * buyer, against a greedy one (--vs greedy, the heavier end, the library's
 * one greedy rule), or two people at one keyboard (--vs person).
 *
 * The person and the program take turns lifting the left or the right end
 * wheel. The program's buyer plays the line's move on the block that
 * remains, from shelf_best_move(): O(block) a turn, so a shelf of 10^5
 * wheels answers at once. The same call judges each of the person's moves:
 * the lead the move keeps against the lead of the block, the difference
 * being what the move cost. Under perfect play from the other side the
 * person's final margin is exactly perfect play's minus those costs.
 *
 * Every move is kept (its end, and for the person's the lead it kept and
 * the block's), so that a move can be taken back and the game reviewed at
 * the end, one row per move of the person's, without solving again. Undo
 * takes back the person's last chosen move and the perfect buyer's reply;
 * a last wheel is taken for the person without asking, as there is no
 * choice, and undo goes back past it. After the game the person may play
 * the same shelf again, take back a move, or quit.
 *
 * Two ways to play:
 *   - standard input a terminal: raw mode (no echo, no line editing), one
 *     key a move: Left arrow or h, Right arrow or l (as in vi), u to undo,
 *     ? for a hint, q (or Ctrl-D) to quit; after the game a (or y) to play
 *     again, q (or n) to quit; colour when standard output is a terminal
 *     too, unless NO_COLOR is set to anything non-empty or TERM is "dumb".
 *   - anything else: one command a line (l or left, r or right, u or undo,
 *     ?, q or quit; after the game also a, again, y or yes, and n or no),
 *     plain text without colour or escapes, so that scripts and tests drive
 *     the same game. Case and surrounding blanks are ignored.
 * A read error on standard input is an error (exit status 1), never taken
 * for the end of input.
 *
 * The terminal is restored on every way out: the normal end, exit()
 * (atexit), SIGINT, SIGTERM, SIGHUP and SIGQUIT (restore, then die of the
 * same signal, so the shell sees why), Ctrl-Z (restore and stop; raw again
 * on resume), and a standard output that closes (SIGPIPE is ignored during
 * the game so that it shows as a failed write, which ends the game).
 *
 * Escape sequences read: ESC [ D and ESC O D (Left), ESC [ C and ESC O C
 * (Right); any other sequence is read whole and counts as an unknown key.
 * Written, only with colour: ESC [ 0 m (reset), ESC [ 1 m (bold), ESC [ 2 m
 * (dim), ESC [ 31 m / 32 m (red, green for a costly or a perfect move),
 * ESC [ 34 m / 33 m (the first and the second buyer).
 */
#include "interactive.h"
#include "out.h"
#include "terminal.h"

#include <shelf.h>
#include <shelf_judge.h>
#include <shelf_teach.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* ==== Reading commands ==== */

typedef enum command {
  LEFT,
  RIGHT,
  UNDO,
  AGAIN,
  NO, /* "no" to "Play again?": quits there, means nothing during a game */
  HINT,
  QUIT,
  END,
  FAILED, /* a read error; terminal_read_errno says which */
  GONE,   /* standard output is gone: the prompt could not be written */
  OTHER,
  REDRAW
} command;

static command read_key(void) {
  int c = terminal_byte(-1);
  switch (c) {
  case -2:
    return END;
  case -3:
    return REDRAW;
  case -4:
    return FAILED;
  case 'h':
  case 'H':
    return LEFT;
  case 'l':
  case 'L':
    return RIGHT;
  case 'u':
  case 'U':
    return UNDO;
  case 'a':
  case 'A':
  case 'y':
  case 'Y':
    return AGAIN;
  case 'n':
  case 'N':
    return NO;
  case '?':
    return HINT;
  case 'q':
  case 'Q':
  case 4: /* Ctrl-D: raw mode reads it as a key, not as the end */
    return QUIT;
  case 27: {
    /* A lone Escape has nothing after it for a while; an arrow's bytes
     * come together. */
    int b = terminal_byte(50);
    if (b == -4)
      return FAILED;
    if (b != '[' && b != 'O') {
      terminal_drain();
      return OTHER;
    }
    for (int k = 0; k < 16; k++) {
      int f = terminal_byte(50);
      if (f == -4)
        return FAILED;
      if (f < 0)
        return OTHER;
      if (f >= 0x40 && f <= 0x7e) /* the final byte of a sequence */
        return f == 'D' ? LEFT : f == 'C' ? RIGHT : OTHER;
    }
    terminal_drain();
    return OTHER;
  }
  default:
    terminal_drain();
    return OTHER;
  }
}

/* A line of input, for getline(); freed when the game ends. */
typedef struct line_buffer {
  char *text;
  size_t cap;
} line_buffer;

/* The commands a line may hold, once each. */
static const struct {
  const char *word;
  command cmd;
} words[] = {{"l", LEFT},  {"left", LEFT}, {"r", RIGHT},  {"right", RIGHT},
             {"u", UNDO},  {"undo", UNDO}, {"a", AGAIN},  {"again", AGAIN},
             {"y", AGAIN}, {"yes", AGAIN}, {"n", NO},     {"no", NO},
             {"?", HINT},  {"q", QUIT},    {"quit", QUIT}};

/* One command a line. *what receives the line as typed (trimmed, cut to
 * fit) for the reminder. */
static command read_line(line_buffer *b, char *what, size_t size) {
  what[0] = '\0';
  errno = 0;
  if (getline(&b->text, &b->cap, stdin) < 0) {
    /* getline() gives -1 at the end, on a read error, and when it cannot
     * allocate the line (which sets neither flag): only the first ends the
     * game quietly. */
    if (feof(stdin) && !ferror(stdin))
      return END;
    terminal_read_errno = errno != 0 ? errno : EIO;
    return FAILED;
  }
  char *s = b->text;
  while (*s == ' ' || *s == '\t')
    s++;
  size_t k = strlen(s);
  while (k > 0 && (s[k - 1] == '\n' || s[k - 1] == '\r' || s[k - 1] == ' ' ||
                   s[k - 1] == '\t'))
    s[--k] = '\0';
  for (size_t m = 0; m < k; m++)
    if (s[m] >= 'A' && s[m] <= 'Z')
      s[m] = (char)(s[m] - 'A' + 'a');
  /* Only printable ASCII goes back out, so the output stays plain. */
  size_t shown_len = 0;
  for (size_t m = 0; m < k && shown_len + 4 < size; m++)
    what[shown_len++] = s[m] >= 0x20 && s[m] < 0x7f ? s[m] : '?';
  if (shown_len < k && shown_len + 4 <= size) {
    memcpy(what + shown_len, "...", 3);
    shown_len += 3;
  }
  what[shown_len] = '\0';
  for (size_t m = 0; m < sizeof words / sizeof words[0]; m++)
    if (strcmp(s, words[m].word) == 0)
      return words[m].cmd;
  return OTHER;
}

/* ==== The game ==== */

/* One move made, kept for undo and for the review. */
typedef struct move {
  shelf_i128 lead;   /* the block's lead before the move */
  shelf_i128 kept;   /* the lead the move kept (lead - kept: its cost) */
  int64_t weight;    /* the wheel taken */
  shelf_end end;     /* SHELF_LEFT for a last wheel */
  int forced;        /* a last wheel, taken without asking */
  shelf_game before; /* the game before the move, for undo */
} move;

typedef struct game {
  const int64_t *w;
  size_t n;
  size_t i, j;         /* the block: wheels i..j remain */
  size_t turn;         /* the turn being played, from 1 */
  int person;          /* 0: the person is the first buyer; 1: second */
  int vs;              /* INTERACTIVE_VS_PERFECT, _GREEDY or _PERSON */
  shelf_i128 total[2]; /* kilos so far, by buyer */
  shelf_game now;      /* the library's game: i, j, turn and total follow
                          it (sync()), never added up here */
  move *moves;         /* moves[t - 1]: the move of turn t, t < turn */
  size_t cap;          /* moves allocated */
  int keys;            /* moves are keys on a terminal */
  int colour;
  int columns;       /* width of the terminal, or 80 */
  line_buffer input; /* the last line read, without a terminal */
} game;

/* What the steps of the game return: go on, or stop and why. */
enum {
  GO_ON = 1,
  STOP = 0,
  WRITE_FAILED = -1,
  NO_MEMORY = -2,
  READ_FAILED = -3
};

#define RESET "\033[0m"
#define BOLD "\033[1m"
#define DIM "\033[2m"
#define RED "\033[31m"
#define GREEN "\033[32m"

static const char *const buyer_colour[2] = {"\033[34m", "\033[33m"};

static void style(const game *g, const char *sgr) {
  if (g->colour) {
    terminal_colour_used();
    fputs(sgr, stdout);
  }
}

static void num(shelf_i128 v) {
  char buf[SHELF_I128_BUFSIZE];
  shelf_i128_format(v, buf);
  fputs(buf, stdout);
}

/* "3 kilos", "1 kilo", the unit worded by the library. */
static void kilos(shelf_i128 v) {
  num(v);
  fputc(' ', stdout);
  fputs(shelf_kilos_word(v), stdout);
}

/* "7 kilos ahead", "5 kilos behind", "level", worded by the library. */
static void standing(shelf_i128 v) {
  char said[SHELF_STANDING_BUFSIZE];
  shelf_standing_format(v, said);
  fputs(said, stdout);
}

/* The buyer who moves at turn t: 0 the first, 1 the second. */
static int mover(size_t t) { return (int)((t - 1) % 2); }

static int person_moves(const game *g) {
  return g->vs == INTERACTIVE_VS_PERSON || mover(g->turn) == g->person;
}

/* Two people: each is named by their buyer, as the library names them. */
static int two(const game *g) { return g->vs == INTERACTIVE_VS_PERSON; }

/* "you" or, with two people, "the first buyer" (b: 0 or 1). */
static const char *who(const game *g, int b, int capital) {
  if (!two(g))
    return b == g->person ? (capital ? "You" : "you")
                          : (capital ? "The opponent" : "the opponent");
  return b == 0 ? (capital ? "The first buyer" : "the first buyer")
                : (capital ? "The second buyer" : "the second buyer");
}

/* "You 3, opponent 9", each in its buyer's colour. */
static void totals(const game *g) {
  int me = two(g) ? 0 : g->person;
  style(g, buyer_colour[me]);
  fputs(two(g) ? shelf_buyer_name((shelf_buyer)me) : "you", stdout);
  fputc(' ', stdout);
  num(g->total[me]);
  style(g, RESET);
  fputs(", ", stdout);
  style(g, buyer_colour[1 - me]);
  fputs(two(g) ? shelf_buyer_name((shelf_buyer)(1 - me)) : "opponent", stdout);
  fputc(' ', stdout);
  num(g->total[1 - me]);
  style(g, RESET);
}

/* One wheel of the block; the ends in brackets and bold. */
static void show_wheel(const game *g, size_t at) {
  int end = at == g->i || at == g->j;
  style(g, end ? BOLD : DIM);
  if (end)
    fputc('[', stdout);
  num(g->w[at]);
  if (end)
    fputc(']', stdout);
  style(g, RESET);
}

/*
 * The block on one line, its two ends in brackets: "[3] 9 1 [2]". When it
 * is too long for the width, the middle gives way to a count: "[3] 9 1 ...
 * 99990 more ... 4 [2]". Only as many wheels are measured as could fit, so
 * a long block costs O(width) a turn, not O(block).
 */
static void show_block(const game *g) {
  size_t len = g->j - g->i + 1;
  int room = g->columns - 6; /* the indent and the two brackets */
  int need = 0;
  size_t measured = 0;
  while (measured < len && need <= room)
    need += i128_width(g->w[g->i + measured++]) + 1;
  size_t head = len, tail = 0;
  if (need > room) {
    /* As many from each end as fit beside " ... N more ...". */
    int used = 24;
    head = 0;
    while (head + tail + 2 <= len) {
      int more =
          i128_width(g->w[g->i + head]) + i128_width(g->w[g->j - tail]) + 2;
      if (head > 0 && used + more > room)
        break;
      used += more;
      head++;
      tail++;
    }
    if (head == 0) /* one wheel wider than the terminal */
      head = len;
  }
  fputs("  ", stdout);
  for (size_t k = 0; k < head; k++) {
    if (k > 0)
      fputc(' ', stdout);
    show_wheel(g, g->i + k);
  }
  if (len - head - tail > 0 && tail > 0) {
    style(g, DIM);
    fputs(" ... ", stdout);
    num((shelf_i128)(len - head - tail));
    fputs(" more ...", stdout);
    style(g, RESET);
  }
  for (size_t k = tail; k-- > 0;) {
    fputc(' ', stdout);
    show_wheel(g, g->j - k);
  }
  fputc('\n', stdout);
}

/* "<what> 3 of 4: you 5, opponent 9." */
static void show_progress(const game *g, const char *what) {
  fputs(what, stdout);
  num((shelf_i128)g->turn);
  fputs(" of ", stdout);
  num((shelf_i128)g->n);
  fputs(": ", stdout);
  totals(g);
  fputs(".\n", stdout);
}

static int columns(void) {
#ifdef TIOCGWINSZ
  struct winsize ws;
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
      ws.ws_col >= 20)
    return ws.ws_col;
#endif
  return 80;
}

static void show_turn(game *g) {
  g->columns = columns(); /* the window may have been resized */
  show_progress(g, "\nTurn ");
  show_block(g);
}

/* The keys of a turn (over: 0) or of the end of a game; without a
 * terminal, the commands of a turn (the intro's line: an unknown command
 * gets a reminder of its own). */
static void keys_line(const game *g, int over) {
  if (!g->keys)
    fputs("Commands, one a line: l (or left), r (or right), u (or undo), ? "
          "hint, q quit.\n",
          stdout);
  else
    fputs(over ? "Keys: a to play this shelf again, u to take back your last "
                 "move, q to quit.\n"
               : "Keys: Left/h the left wheel, Right/l the right, u undo, "
                 "? hint, q quit.\n",
          stdout);
}

static void prompt(const game *g, int over) {
  style(g, BOLD);
  if (over)
    fputs("Play again?", stdout);
  else if (two(g))
    fputs(mover(g->turn) == 0 ? "First buyer's move" : "Second buyer's move",
          stdout);
  else
    fputs("Your move", stdout);
  style(g, RESET);
  if (g->keys && !over && g->columns < 64) /* the keys line has them */
    fputs(" (h, l, u, ?, q): ", stdout);
  else if (g->keys)
    fputs(over ? " (a again, u undo, q quit): "
               : " (Left/h, Right/l, u undo, ? hint, q quit): ",
          stdout);
  else
    fputs(over ? " (a, u, q):\n" : " (l, r, u, ?, q):\n", stdout);
}

static void reminder(const game *g, const char *what, int over) {
  if (g->keys) {
    fputc('\n', stdout);
    keys_line(g, over);
    return;
  }
  fputs("Unknown command '", stdout);
  fputs(what, stdout);
  fputs(over ? "': type a (or again), u (or undo), q (or quit).\n"
             : "': type l (or left), r (or right), u (or undo), ? hint, q "
               "quit.\n",
        stdout);
}

/* "left wheel (3 kilos)"; "last wheel (3 kilos)" when one remains. */
static void end_and_weight(const game *g, shelf_end end) {
  if (g->i == g->j)
    fputs("last", stdout);
  else
    fputs(shelf_end_name(end), stdout);
  fputs(" wheel (", stdout);
  kilos(g->w[end == SHELF_LEFT ? g->i : g->j]);
  fputc(')', stdout);
}

/* Only asked with two wheels or more: a last wheel is taken unasked. */
static void hint(const game *g, const shelf_choice *c) {
  if (g->keys)
    fputc('\n', stdout);
  /* Short lines, one thought each, so a narrow terminal does not break
   * them mid-word. */
  fputs("Hint: the ", stdout);
  end_and_weight(g, SHELF_LEFT);
  fputs(" keeps a lead of ", stdout);
  num(c->left);
  fputs(" (", stdout);
  standing(c->left); /* "5 kilos behind", as every surface words it */
  fputs("),\n      the ", stdout);
  end_and_weight(g, SHELF_RIGHT);
  fputs(" keeps a lead of ", stdout);
  num(c->right);
  fputs(" (", stdout);
  standing(c->right);
  fputs(").\n      ", stdout);
  style(g, GREEN);
  if (c->left == c->right)
    fputs("Both ends are best.", stdout);
  else
    fputs(c->best == SHELF_LEFT ? "Best: the left." : "Best: the right.",
          stdout);
  style(g, RESET);
  fputs("\n      (A lead: what you finish ahead by from here on, both "
        "playing perfectly.)\n",
        stdout);
}

/* The block, the turn and the totals, read from the library's game. */
static void sync(game *g) {
  g->i = (size_t)g->now.first;
  /* An empty block has first == last >= 1: the last wheel goes left. */
  g->j = g->now.last > 0 ? (size_t)g->now.last - 1 : 0;
  g->turn = (size_t)g->now.turn + 1;
  g->total[0] = g->now.totals[0];
  g->total[1] = g->now.totals[1];
}

/* Takes the wheel at `end` for the buyer to move, and keeps the move.
 * Returns GO_ON, or NO_MEMORY. */
static int take(game *g, shelf_end end, int forced, const shelf_choice *c) {
  if (g->turn > g->cap) {
    /* Grown as moves are made, not for the whole shelf at once: a game on
     * 10^9 random wheels is played a few moves deep. */
    size_t cap = g->cap < 32 ? 32 : g->cap * 2;
    if (cap > g->n)
      cap = g->n;
    if (cap > SIZE_MAX / sizeof(move))
      return NO_MEMORY;
    move *grown = realloc(g->moves, cap * sizeof(move));
    if (grown == NULL)
      return NO_MEMORY;
    g->moves = grown;
    g->cap = cap;
  }
  move *m = &g->moves[g->turn - 1];
  shelf_move mv;
  m->lead = c->lead;
  m->kept = end == SHELF_LEFT ? c->left : c->right;
  m->end = end;
  m->forced = forced;
  m->before = g->now;
  if (shelf_game_take(&g->now, g->w, end, &mv) != SHELF_OK)
    return NO_MEMORY; /* cannot happen: the block has a wheel */
  m->weight = mv.weight;
  sync(g);
  return GO_ON;
}

/* Takes back the person's last move that was theirs to choose, and every
 * move after it (the perfect buyer's reply; after the game, a last wheel
 * too). Returns how many moves were taken back: 0 if the person has chosen
 * none. */
static size_t undo(game *g) {
  size_t t = g->turn - 1;
  while (t > 0 &&
         ((!two(g) && mover(t) != g->person) || g->moves[t - 1].forced))
    t--;
  if (t == 0)
    return 0;
  size_t back = g->turn - t;
  g->now = g->moves[t - 1].before; /* the game as it was before turn t */
  sync(g);
  return back;
}

/* The undo command, the same at a turn and after the game: takes back and
 * says what. Returns 1 if a move was taken back, 0 if there was none. */
static int take_back(game *g) {
  size_t back = undo(g);
  if (g->keys)
    fputs("undo\n", stdout);
  if (back == 0) {
    fputs("Nothing to undo: you have not chosen a move yet.\n", stdout);
    return 0;
  }
  fputs(two(g) ? "Taken back: the move at turn "
               : "You take back your move at turn ",
        stdout);
  num((shelf_i128)g->turn);
  fputs(back == 1   ? ".\n"
        : back == 2 ? " and the opponent's reply.\n"
                    : " and the moves after it.\n",
        stdout);
  return 1;
}

/* The person's move, judged against the block's best. */
static int person_takes(game *g, shelf_end end, int forced,
                        const shelf_choice *c) {
  shelf_i128 kept = end == SHELF_LEFT ? c->left : c->right;
  shelf_i128 lost = c->lead - kept;
  if (g->keys && !forced)
    fputs(end == SHELF_LEFT ? "left\n" : "right\n", stdout);
  fputs(who(g, mover(g->turn), 1), stdout);
  fputs(two(g) ? " takes the " : " take the ", stdout);
  end_and_weight(g, end);
  if (forced) {
    fputs(".\n", stdout);
  } else if (lost == 0) {
    fputs(". ", stdout);
    style(g, GREEN);
    fputs("A perfect move.", stdout);
    style(g, RESET);
    fputc('\n', stdout);
  } else {
    fputs(": ", stdout);
    style(g, RED);
    fputs(two(g) ? "that cost " : "that cost you ", stdout);
    kilos(lost);
    fputs(" of lead.", stdout);
    style(g, RESET);
    fputs("\n(The ", stdout);
    fputs(shelf_end_name(end == SHELF_LEFT ? SHELF_RIGHT : SHELF_LEFT), stdout);
    fputs(" would have kept a lead of ", stdout);
    num(c->lead);
    fputs("; the ", stdout);
    fputs(shelf_end_name(end), stdout);
    fputs(" keeps ", stdout);
    num(kept);
    fputs(".)\n", stdout);
  }
  return take(g, end, forced, c);
}

/* The program's buyer: the line's move, or with --vs greedy the heavier
 * end (shelf_greedy_end(), the rule every surface calls greedy). */
static int opponent_takes(game *g, const shelf_choice *c) {
  shelf_end end = g->vs == INTERACTIVE_VS_GREEDY
                      ? shelf_greedy_end(g->w, g->i, g->j)
                      : c->best;
  fputs("The opponent takes the ", stdout);
  end_and_weight(g, end);
  fputs(".\n", stdout);
  return take(g, end, 0, c);
}

static void summary(const game *g, shelf_i128 perfect) {
  shelf_i128 got = g->total[g->person] - g->total[1 - g->person];
  fputs("\nGame over: ", stdout);
  totals(g);
  if (two(g)) {
    fputs(". The first buyer finished ", stdout);
    standing(got);
    fputs(" (margin ", stdout);
    num(got);
    fputs("); perfect play finishes ", stdout);
    standing(perfect);
    fputs(" (margin ", stdout);
    num(perfect);
    fputs(").\n", stdout);
    return;
  }
  fputs(". You finished ", stdout);
  standing(got);
  fputs(" (margin ", stdout);
  num(got);
  fputs(").\n", stdout);
  if (got == perfect) {
    style(g, GREEN);
    fputs("You matched perfect play", stdout);
    style(g, RESET);
    fputs(": it finishes ", stdout);
    standing(perfect);
    fputs(" too (margin ", stdout);
    num(perfect);
    fputs(").\n", stdout);
  } else if (got > perfect) {
    style(g, GREEN);
    fputs("You beat perfect play", stdout);
    style(g, RESET);
    fputs(", which finishes ", stdout);
    standing(perfect);
    fputs(" (margin ", stdout);
    num(perfect);
    fputs("): the greedy buyer gave away ", stdout);
    kilos(got - perfect);
    fputs(".\n", stdout);
  } else {
    fputs("Perfect play finishes ", stdout);
    standing(perfect);
    fputs(" (margin ", stdout);
    num(perfect);
    fputs("); ", stdout);
    style(g, RED);
    /* Against greedy the opponent errs too: the gap is no longer the sum
     * of the person's costs. */
    fputs(g->vs == INTERACTIVE_VS_GREEDY ? "you finished " : "your moves cost ",
          stdout);
    kilos(perfect - got);
    if (g->vs == INTERACTIVE_VS_GREEDY)
      fputs(" below it", stdout);
    style(g, RESET);
    fputs(".\n", stdout);
  }
}

/* ==== The review ==== */

enum { REVIEW_COLUMNS = 6 };
static const char *const review_names[REVIEW_COLUMNS] = {
    "turn", "end", "weight", "lead kept", "best lead", "cost"};

/* The cells of the person's move at turn t (the header when t is 0). */
static void review_cells(const game *g, size_t t,
                         char cells[REVIEW_COLUMNS][SHELF_I128_BUFSIZE]) {
  if (t == 0) {
    for (int k = 0; k < REVIEW_COLUMNS; k++)
      strcpy(cells[k], review_names[k]);
    return;
  }
  const move *m = &g->moves[t - 1];
  shelf_i128_format((shelf_i128)t, cells[0]);
  strcpy(cells[1], m->forced ? "last" : shelf_end_name(m->end));
  shelf_i128_format(m->weight, cells[2]);
  shelf_i128_format(m->kept, cells[3]);
  shelf_i128_format(m->lead, cells[4]);
  shelf_i128_format(m->lead - m->kept, cells[5]);
}

/*
 * One row per move of the person's: the lead it kept, the best lead the
 * block offered (shelf_best_move()'s, kept when the move was made) and the
 * difference, what the move gave away. Two passes over the moves: one to
 * measure the columns, one to print them aligned.
 */
/* Text wrapped at spaces to the terminal's width, so that a long sentence
 * does not break mid-word; then a new line. */
static void wrapped_line(const game *g, const char *text) {
  size_t width = (size_t)(g->columns > 20 ? g->columns - 1 : 79), col = 0;
  while (*text != '\0') {
    size_t word = strcspn(text, " ");
    if (col > 0 && col + 1 + word > width) {
      fputc('\n', stdout);
      col = 0;
    } else if (col > 0) {
      fputc(' ', stdout);
      col++;
    }
    fwrite(text, 1, word, stdout);
    col += word;
    text += word;
    while (*text == ' ')
      text++;
  }
  fputc('\n', stdout);
}

/* The first costly move, named in the library's words: the greedy mistake
 * when it took the heavier end (shelf_greedy_end()) and that cost lead,
 * with the sentence a learner reads for it. */
static void first_mistake(const game *g, size_t first, size_t step) {
  for (size_t t = 1; t < g->turn; t++) {
    const move *m = &g->moves[t - 1];
    int mine = t >= first && (t - first) % step == 0;
    if (mine && m->lead != m->kept) {
      /* The block the move was made on: the game kept before it. */
      int greedy = shelf_greedy_end(g->w, (size_t)m->before.first,
                                    (size_t)m->before.last - 1) == m->end;
      char said[SHELF_SENTENCE_BUFSIZE], cost[SHELF_I128_BUFSIZE];
      shelf_i128_format(m->lead - m->kept, cost);
      snprintf(said, sizeof said,
               "The first mistake: turn %zu%s, the %s end, which cost %s %s of "
               "lead%s%s%s",
               t,
               !two(g)         ? ""
               : mover(t) == 0 ? ", the first buyer"
                               : ", the second buyer",
               shelf_end_name(m->end), cost,
               shelf_kilos_word(m->lead - m->kept),
               greedy ? ": the heavier end, the " : ".",
               greedy ? shelf_mistake_name(SHELF_MISTAKE_GREEDY) : "",
               greedy ? " mistake." : "");
      fputc('\n', stdout);
      wrapped_line(g, said);
      if (greedy && shelf_mistake_sentence(SHELF_MISTAKE_GREEDY, said,
                                           sizeof said, NULL) == SHELF_OK)
        wrapped_line(g, said);
      return;
    }
  }
  fputs(two(g) ? "\nNo mistakes: every move kept the best lead.\n"
               : "\nNo mistakes: every one of your moves kept the best "
                 "lead.\n",
        stdout);
}

static void review(const game *g) {
  /* The person's first turn, and every other one; every turn with two. */
  size_t first = two(g) ? 1 : (size_t)g->person + 1, step = two(g) ? 1 : 2;
  if (first >= g->turn)
    return; /* the person made no move */
  int width[REVIEW_COLUMNS] = {0};
  char cells[REVIEW_COLUMNS][SHELF_I128_BUFSIZE];
  /* t = 0 is the header; then the person's turns, every other one. */
  for (size_t t = 0; t < g->turn; t = t == 0 ? first : t + step) {
    review_cells(g, t, cells);
    for (int k = 0; k < REVIEW_COLUMNS; k++)
      if ((int)strlen(cells[k]) > width[k])
        width[k] = (int)strlen(cells[k]);
  }
  fputs(two(g) ? "\nReview of the moves against perfect play:\n"
               : "\nReview of your moves against perfect play:\n",
        stdout);
  for (size_t t = 0; t < g->turn; t = t == 0 ? first : t + step) {
    review_cells(g, t, cells);
    for (int k = 0; k < REVIEW_COLUMNS; k++) {
      int pad = width[k] - (int)strlen(cells[k]);
      if (k > 0)
        fputs("  ", stdout);
      for (; k != 1 && pad > 0; pad--) /* numbers to the right */
        fputc(' ', stdout);
      int costly = t > 0 && k == REVIEW_COLUMNS - 1 &&
                   g->moves[t - 1].lead != g->moves[t - 1].kept;
      if (costly)
        style(g, RED);
      fputs(cells[k], stdout);
      if (costly)
        style(g, RESET);
      for (; pad > 0; pad--) /* the end to the left */
        fputc(' ', stdout);
    }
    fputc('\n', stdout);
  }
  fputs("(A lead: what you finish ahead by from that turn on, both playing "
        "perfectly;\nthe cost: the best lead less the lead kept.)\n",
        stdout);
  first_mistake(g, first, step);
}

/* ==== Playing ==== */

static void intro(const game *g) {
  if (two(g)) {
    fputs("Two people at one keyboard: the ", stdout);
    style(g, buyer_colour[0]);
    fputs("first buyer", stdout);
    style(g, RESET);
    fputs(" and the ", stdout);
    style(g, buyer_colour[1]);
    fputs("second buyer", stdout);
    style(g, RESET);
    fputs(" take turns.\n", stdout);
  } else {
    fputs("You are the ", stdout);
    style(g, buyer_colour[g->person]);
    fputs(g->person == 0 ? "first buyer" : "second buyer", stdout);
    style(g, RESET);
    fputs(g->vs == INTERACTIVE_VS_GREEDY ? "; a greedy buyer (who takes the "
                                           "heavier end) plays "
                                         : "; a perfect buyer plays ",
          stdout);
    fputs(g->person == 0 ? "second.\n" : "first.\n", stdout);
  }
  fputs("Each turn, take the wheel at the left or the right end of the "
        "shelf;\nthe most kilos wins.\n",
        stdout);
  keys_line(g, 0);
}

/* The errno of the write that failed, kept before anything else can
 * change errno. */
static int write_errno;

/* Sends what is written so far; 0, or -1 once standard output is gone. */
static int flush(void) {
  if (fflush(stdout) == 0)
    return 0;
  write_errno = errno;
  return -1;
}

/* Prompts (over: after the game) and reads one command; *what receives a
 * line as typed, for the reminder. GONE if the prompt cannot be written. */
static command ask(game *g, int over, char *what, size_t size) {
  prompt(g, over);
  if (flush() != 0)
    return GONE;
  what[0] = '\0';
  return g->keys ? read_key() : read_line(&g->input, what, size);
}

/* The person's turn on a block of two wheels or more: asks until a move is
 * made or taken back (GO_ON), or the person leaves (STOP). */
static int person_turn(game *g, const shelf_choice *c) {
  for (;;) {
    char what[32];
    command cmd = ask(g, 0, what, sizeof what);
    switch (cmd) {
    case LEFT:
    case RIGHT:
      return person_takes(g, cmd == LEFT ? SHELF_LEFT : SHELF_RIGHT, 0, c);
    case UNDO:
      if (take_back(g))
        return GO_ON;
      break;
    case HINT:
      hint(g, c);
      break;
    case AGAIN:
    case NO:
    case OTHER:
      reminder(g, what, 0);
      break;
    case REDRAW:
      show_turn(g);
      break;
    case FAILED:
      return READ_FAILED;
    case GONE:
      return WRITE_FAILED;
    case QUIT:
    case END:
      if (g->keys)
        fputc('\n', stdout);
      show_progress(g,
                    cmd == QUIT ? "You quit at turn " : "Input ended at turn ");
      return STOP;
    }
  }
}

/* After a game: the same shelf again, or a move taken back (GO_ON), or
 * leave (STOP). */
static int after_game(game *g) {
  fputc('\n', stdout);
  for (;;) {
    char what[32];
    command cmd = ask(g, 1, what, sizeof what);
    switch (cmd) {
    case AGAIN:
      if (g->keys)
        fputs("again\n", stdout);
      fputs("\nA new game on the same shelf.\n", stdout);
      shelf_game_start(&g->now, g->n);
      sync(g);
      return GO_ON;
    case UNDO:
      if (take_back(g))
        return GO_ON;
      break;
    case FAILED:
      return READ_FAILED;
    case GONE:
      return WRITE_FAILED;
    case QUIT:
    case NO:
    case END:
      if (g->keys)
        fputc('\n', stdout);
      return STOP;
    case REDRAW:
      break;
    default:
      reminder(g, what, 1);
      break;
    }
  }
}

/* The games on one shelf, until the person leaves. Returns STOP, or why it
 * failed. */
static int play(game *g) {
  shelf_result result;
  if (shelf_solve(g->w, g->n, SHELF_ENGINE_LINEAR, &result) != SHELF_OK)
    return NO_MEMORY;
  shelf_i128 perfect = g->person == 0 ? result.margin : -result.margin;
  intro(g);
  if (g->n == 0) {
    fputs("The shelf is empty: there is nothing to play.\n", stdout);
    return flush() == 0 ? STOP : WRITE_FAILED;
  }
  for (;;) {
    int st = GO_ON;
    while (st == GO_ON && g->turn <= g->n) {
      show_turn(g);
      shelf_choice c;
      if (shelf_best_move(g->w, g->n, g->i, g->j, &c) != SHELF_OK)
        return NO_MEMORY;
      if (!person_moves(g))
        st = opponent_takes(g, &c);
      else if (g->i == g->j) /* no choice: no need to wait for a key */
        st = person_takes(g, SHELF_LEFT, 1, &c);
      else
        st = person_turn(g, &c);
      if (flush() != 0)
        return WRITE_FAILED;
    }
    if (st == GO_ON) {
      summary(g, perfect);
      review(g);
      st = after_game(g);
    }
    if (st != GO_ON)
      return st;
  }
}

int interactive_play(const int64_t *weights, size_t n, int second, int vs) {
  game g;
  memset(&g, 0, sizeof g);
  g.w = weights;
  g.n = n;
  shelf_game_start(&g.now, n);
  sync(&g);
  g.person = second ? 1 : 0;
  g.vs = vs;
  g.columns = columns();
  const char *no_colour = getenv("NO_COLOR");
  const char *term = getenv("TERM");
  void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
  if (isatty(STDIN_FILENO) && terminal_enter_raw() == 0) {
    g.keys = 1;
    g.colour = isatty(STDOUT_FILENO) &&
               (no_colour == NULL || no_colour[0] == '\0') &&
               (term == NULL || strcmp(term, "dumb") != 0);
  }
  int st = play(&g);
  free(g.input.text);
  free(g.moves);
  if (st == READ_FAILED && g.keys)
    fputc('\n', stdout); /* the message starts a line of its own */
  if (g.keys)
    terminal_leave_raw();
  if (st == STOP && flush() != 0)
    st = WRITE_FAILED;
  signal(SIGPIPE, old_pipe == SIG_ERR ? SIG_DFL : old_pipe);
  switch (st) {
  case NO_MEMORY:
    fflush(stdout);
    fputs("shelf: out of memory\n", stderr);
    return 1;
  case READ_FAILED:
    fflush(stdout);
    if (terminal_read_errno == ENOMEM)
      fputs("shelf: out of memory\n", stderr);
    else
      fprintf(stderr, "shelf: standard input: %s\n",
              strerror(terminal_read_errno));
    return 1;
  case WRITE_FAILED:
    /* A reader that went away wants no more and no message. */
    if (write_errno != EPIPE)
      fprintf(stderr, "shelf: write error: %s\n", strerror(write_errno));
    return 1;
  default:
    return 0;
  }
}
