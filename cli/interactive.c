/*
 * interactive.c - the game (shelf --interactive): a person against a perfect
 * buyer, against a greedy one (--vs greedy, the heavier end, the library's
 * one greedy rule), or two people at one keyboard (--vs person).
 *
 * The game itself is libshelf's (shelf_game, shelf_teach.h): who moves,
 * the program's replies, a last wheel taken for the person, undo, the
 * hint, the review and every sentence about a move are decided there, the
 * same for Python's shelf.Game and the page. This file draws the game in a
 * terminal and passes on the person's commands (commands.c). After the
 * game the person may play the same shelf again, take back a move, or quit.
 *
 * Two ways to play:
 *   - standard input a terminal: raw mode (no echo, no line editing), one
 *     key a move: l or the Left arrow, r or the Right arrow (as the lines
 *     below read them; commands.c says why not vi's h and l), u to undo,
 *     ? for a hint, q (or Ctrl-D) to quit; after the game a (or y) to play
 *     again, q (or n) to quit; colour when standard output is a terminal
 *     too, unless NO_COLOR is set to anything non-empty or TERM is "dumb".
 *   - anything else: one command a line (l or left, r or right, an
 *     arrow's escape sequence, u or undo, ?, q or quit; after the game also
 *     a, again, y or yes, and n or no), plain text without colour or
 *     escapes, so that scripts and tests drive the same game. Case and
 *     surrounding blanks are ignored.
 * A read error on standard input is an error (exit status 1), never taken
 * for the end of input.
 *
 * The terminal is restored on every way out: the normal end, exit()
 * (atexit), SIGINT, SIGTERM, SIGHUP and SIGQUIT (restore, then die of the
 * same signal, so the shell sees why), Ctrl-Z (restore and stop; raw again
 * on resume), and a standard output that closes (SIGPIPE is ignored during
 * the game so that it shows as a failed write, which ends the game).
 *
 * Written, only with colour: ESC [ 0 m (reset), ESC [ 1 m (bold), ESC [ 2 m
 * (dim), ESC [ 31 m / 32 m (red, green for a costly or a perfect move),
 * ESC [ 34 m / 33 m (the first and the second buyer).
 */
#include "interactive.h"
#include "commands.h"
#include "errors.h"
#include "out.h"
#include "terminal.h"

#include <shelf.h>
#include <shelf_teach.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

typedef struct view {
  const int64_t *w;
  shelf_game *game;
  shelf_position seen; /* the game as far as it has been shown: it follows
                          the library's game one move at a time */
  int header;          /* the turn of `seen` has been shown already */
  int two;            /* two people at one keyboard */
  int person;         /* with one person: 0 the first buyer, 1 the second */
  int keys;           /* moves are keys on a terminal */
  int colour;
  int columns;        /* width of the terminal, or 80 */
  line_buffer input;  /* the last line read, without a terminal */
} view;

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

static void style(const view *v, const char *sgr) {
  if (v->colour) {
    terminal_colour_used();
    fputs(sgr, stdout);
  }
}

static void num(shelf_i128 x) {
  char buf[SHELF_I128_BUFSIZE];
  shelf_i128_format(x, buf);
  fputs(buf, stdout);
}

/* ==== Drawing the game ==== */

/* "You 3, opponent 9", each in its buyer's colour. */
static void totals(const view *v) {
  int me = v->two ? 0 : v->person;
  for (int k = 0; k < 2; k++) {
    int b = k == 0 ? me : 1 - me;
    if (k > 0)
      fputs(", ", stdout);
    style(v, buyer_colour[b]);
    fputs(v->two ? shelf_buyer_name((shelf_buyer)b)
          : k == 0 ? "you"
                   : "opponent",
          stdout);
    fputc(' ', stdout);
    num(v->seen.totals[b]);
    style(v, RESET);
  }
}

/* One wheel of the block; the ends in brackets and bold. */
static void show_wheel(const view *v, size_t at, int end) {
  style(v, end ? BOLD : DIM);
  if (end)
    fputc('[', stdout);
  num(v->w[at]);
  if (end)
    fputc(']', stdout);
  style(v, RESET);
}

/*
 * The block on one line, its two ends in brackets: "[3] 9 1 [2]". When it
 * is too long for the width, the middle gives way to a count: "[3] 9 1 ...
 * 99990 more ... 4 [2]". Only as many wheels are measured as could fit, so
 * a long block costs O(width) a turn, not O(block).
 */
static void show_block(const view *v) {
  size_t i = (size_t)v->seen.first, j = (size_t)v->seen.last - 1;
  size_t len = j - i + 1;
  int room = v->columns - 6; /* the indent and the two brackets */
  int need = 0;
  size_t measured = 0;
  while (measured < len && need <= room)
    need += i128_width(v->w[i + measured++]) + 1;
  size_t head = len, tail = 0;
  if (need > room) {
    /* As many from each end as fit beside " ... N more ...". */
    int used = 24;
    head = 0;
    while (head + tail + 2 <= len) {
      int more = i128_width(v->w[i + head]) + i128_width(v->w[j - tail]) + 2;
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
    show_wheel(v, i + k, k == 0 || i + k == j);
  }
  if (len - head - tail > 0 && tail > 0) {
    style(v, DIM);
    fputs(" ... ", stdout);
    num((shelf_i128)(len - head - tail));
    fputs(" more ...", stdout);
    style(v, RESET);
  }
  for (size_t k = tail; k-- > 0;) {
    fputc(' ', stdout);
    show_wheel(v, j - k, k == 0);
  }
  fputc('\n', stdout);
}

/* "<what> 3 of 4: you 5, opponent 9." */
static void show_progress(const view *v, const char *what) {
  fputs(what, stdout);
  num((shelf_i128)v->seen.turn + 1);
  fputs(" of ", stdout);
  num((shelf_i128)v->seen.n);
  fputs(": ", stdout);
  totals(v);
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

static void show_turn(view *v) {
  v->columns = columns(); /* the window may have been resized */
  show_progress(v, "\nTurn ");
  show_block(v);
}

/* Text wrapped at spaces to the terminal's width, so that a long sentence
 * does not break mid-word; then a new line. */
static void wrapped_line(const view *v, const char *text) {
  size_t width = (size_t)(v->columns > 20 ? v->columns - 1 : 79), col = 0;
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

/* One of the game's sentences, wrapped, in a colour (or none). Returns
 * GO_ON, or NO_MEMORY (a hint's best move). */
static int say(const view *v, shelf_game_sentence which, size_t k,
               const char *colour) {
  char said[SHELF_GAME_SENTENCE_BUFSIZE];
  shelf_status st = shelf_game_say(v->game, which, k, said, sizeof said, NULL);
  if (st != SHELF_OK)
    return NO_MEMORY;
  if (colour != NULL)
    style(v, colour);
  wrapped_line(v, said);
  if (colour != NULL)
    style(v, RESET);
  return GO_ON;
}

/* The moves made since the game was last shown, each under its turn and
 * as the library says it: a person's choice in green when perfect, red
 * when it cost lead. Returns GO_ON, or NO_MEMORY. */
static int catch_up(view *v) {
  size_t count = shelf_game_move_count(v->game);
  while (v->seen.turn < count) {
    size_t k = (size_t)v->seen.turn;
    if (!v->header)
      show_turn(v);
    v->header = 0;
    shelf_game_move m;
    shelf_game_move_at(v->game, k, &m);
    int chosen = m.player == SHELF_PLAYER_PERSON && !m.forced;
    if (v->keys && chosen)
      fputs(m.move.end == SHELF_LEFT ? "left\n" : "right\n", stdout);
    if (say(v, SHELF_GAME_MOVE, k,
            !chosen ? NULL : m.best == m.kept ? GREEN : RED) != GO_ON)
      return NO_MEMORY;
    shelf_position_take(&v->seen, v->w, m.move.end, NULL);
  }
  return GO_ON;
}

/* Shows the game from where the library has it now: after undo. */
static void jump(view *v) {
  shelf_game_at(v->game, &v->seen);
  v->header = 0;
}

/* The keys of a turn (over: 0) or of the end of a game; without a
 * terminal, the commands of a turn (the intro's line: an unknown command
 * gets a reminder of its own). */
static void keys_line(const view *v, int after) {
  if (!v->keys)
    fputs("Commands, one a line: l (or left), r (or right), u (or undo), ? "
          "hint, q quit.\n",
          stdout);
  else
    fputs(after ? "Keys: a to play this shelf again, u to take back your last "
                  "move, q to quit.\n"
                : "Keys: l or Left the left wheel, r or Right the right, u "
                  "undo, ? hint, q quit.\n",
          stdout);
}

static void prompt(const view *v, int after) {
  style(v, BOLD);
  if (after)
    fputs("Play again?", stdout);
  else if (v->two)
    fputs(shelf_turn_buyer(v->seen.turn + 1) == SHELF_FIRST
              ? "First buyer's move"
              : "Second buyer's move",
          stdout);
  else
    fputs("Your move", stdout);
  style(v, RESET);
  if (v->keys && !after && v->columns < 64) /* the keys line has them */
    fputs(" (l, r, u, ?, q): ", stdout);
  else if (v->keys)
    fputs(after ? " (a again, u undo, q quit): "
                : " (l/Left, r/Right, u undo, ? hint, q quit): ",
          stdout);
  else
    fputs(after ? " (a, u, q):\n" : " (l, r, u, ?, q):\n", stdout);
}

static void reminder(const view *v, const char *what, int after) {
  if (v->keys) {
    fputc('\n', stdout);
    keys_line(v, after);
    return;
  }
  fputs("Unknown command '", stdout);
  fputs(what, stdout);
  fputs(after ? "': type a (or again), u (or undo), q (or quit).\n"
              : "': type l (or left), r (or right), u (or undo), ? hint, q "
                "quit.\n",
        stdout);
}

/* The undo command, the same at a turn and after the game: takes back and
 * says what. Returns 1 if a move was taken back, 0 if there was none. */
static int take_back(view *v) {
  size_t back = 0;
  shelf_game_undo(v->game, &back);
  if (v->keys)
    fputs("undo\n", stdout);
  if (back == 0) {
    fputs("Nothing to undo: you have not chosen a move yet.\n", stdout);
    return 0;
  }
  jump(v);
  fputs(v->two ? "Taken back: the move at turn "
               : "You take back your move at turn ",
        stdout);
  num((shelf_i128)v->seen.turn + 1);
  fputs(back == 1   ? ".\n"
        : back == 2 ? " and the opponent's reply.\n"
                    : " and the moves after it.\n",
        stdout);
  return 1;
}

/* ==== The review ==== */

enum { REVIEW_COLUMNS = 6 };
static const char *const review_names[REVIEW_COLUMNS] = {
    "turn", "end", "weight", "lead kept", "best lead", "cost"};

/* The cells of review row k (the header when k is 0, row k - 1 after). */
static void review_cells(const view *v, size_t k,
                         char cells[REVIEW_COLUMNS][SHELF_I128_BUFSIZE]) {
  if (k == 0) {
    for (int c = 0; c < REVIEW_COLUMNS; c++)
      strcpy(cells[c], review_names[c]);
    return;
  }
  shelf_review_row r;
  shelf_game_review(v->game, k - 1, &r);
  shelf_i128_format((shelf_i128)r.turn, cells[0]);
  strcpy(cells[1], r.forced ? SHELF_REVIEW_LAST : shelf_end_name(r.end));
  shelf_i128_format(r.weight, cells[2]);
  shelf_i128_format(r.kept, cells[3]);
  shelf_i128_format(r.best, cells[4]);
  shelf_i128_format(r.cost, cells[5]);
}

/* The library's review, one row per move a person made, aligned in two
 * passes (one measures the columns), then the first mistake. */
static int review(const view *v) {
  size_t rows = shelf_game_review_count(v->game);
  if (rows > 0) {
    int width[REVIEW_COLUMNS] = {0};
    char cells[REVIEW_COLUMNS][SHELF_I128_BUFSIZE];
    for (size_t k = 0; k <= rows; k++) {
      review_cells(v, k, cells);
      for (int c = 0; c < REVIEW_COLUMNS; c++)
        if ((int)strlen(cells[c]) > width[c])
          width[c] = (int)strlen(cells[c]);
    }
    fputs(v->two ? "\nReview of the moves against perfect play:\n"
                 : "\nReview of your moves against perfect play:\n",
          stdout);
    for (size_t k = 0; k <= rows; k++) {
      review_cells(v, k, cells);
      int costly = k > 0 && strcmp(cells[REVIEW_COLUMNS - 1], "0") != 0;
      for (int c = 0; c < REVIEW_COLUMNS; c++) {
        int pad = width[c] - (int)strlen(cells[c]);
        if (c > 0)
          fputs("  ", stdout);
        for (; c != 1 && pad > 0; pad--) /* numbers to the right */
          fputc(' ', stdout);
        if (costly && c == REVIEW_COLUMNS - 1)
          style(v, RED);
        fputs(cells[c], stdout);
        if (costly && c == REVIEW_COLUMNS - 1)
          style(v, RESET);
        for (; pad > 0; pad--) /* the end to the left */
          fputc(' ', stdout);
      }
      fputc('\n', stdout);
    }
    fputs("(A lead: what you finish ahead by from that turn on, both playing "
          "perfectly;\nthe cost: the best lead less the lead kept.)\n",
          stdout);
  }
  fputc('\n', stdout);
  if (say(v, SHELF_GAME_FIRST_MISTAKE, 0, NULL) != GO_ON)
    return NO_MEMORY;
  char lesson[SHELF_GAME_SENTENCE_BUFSIZE];
  size_t len = 0;
  shelf_game_say(v->game, SHELF_GAME_LESSON, 0, lesson, sizeof lesson, &len);
  if (len > 0)
    wrapped_line(v, lesson);
  return GO_ON;
}

/* ==== Playing ==== */

static void intro(const view *v, shelf_player opponent) {
  if (v->two) {
    fputs("Two people at one keyboard: the ", stdout);
    style(v, buyer_colour[0]);
    fputs("first buyer", stdout);
    style(v, RESET);
    fputs(" and the ", stdout);
    style(v, buyer_colour[1]);
    fputs("second buyer", stdout);
    style(v, RESET);
    fputs(" take turns.\n", stdout);
  } else {
    fputs("You are the ", stdout);
    style(v, buyer_colour[v->person]);
    fputs(v->person == 0 ? "first buyer" : "second buyer", stdout);
    style(v, RESET);
    fputs(opponent == SHELF_PLAYER_GREEDY ? "; a greedy buyer (who takes the "
                                            "heavier end) plays "
                                          : "; a perfect buyer plays ",
          stdout);
    fputs(v->person == 0 ? "second.\n" : "first.\n", stdout);
  }
  fputs("Each turn, take the wheel at the left or the right end of the "
        "shelf;\nthe most kilos wins.\n",
        stdout);
  keys_line(v, 0);
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

/* Prompts (after: after the game) and reads one command; *what receives a
 * line as typed, for the reminder. GONE if the prompt cannot be written. */
static command ask(view *v, int after, char *what, size_t size) {
  prompt(v, after);
  if (flush() != 0)
    return GONE;
  what[0] = '\0';
  return v->keys ? commands_key() : commands_line(&v->input, what, size);
}

/* A person's turn: asks until a move is made or taken back (GO_ON), or the
 * person leaves (STOP). */
static int person_turn(view *v) {
  show_turn(v);
  v->header = 1;
  for (;;) {
    char what[32];
    command cmd = ask(v, 0, what, sizeof what);
    switch (cmd) {
    case LEFT:
    case RIGHT: {
      shelf_status st =
          shelf_game_take(v->game, cmd == LEFT ? SHELF_LEFT : SHELF_RIGHT);
      return st == SHELF_OK ? GO_ON : NO_MEMORY;
    }
    case UNDO:
      if (take_back(v))
        return GO_ON;
      break;
    case HINT:
      if (v->keys)
        fputc('\n', stdout);
      if (say(v, SHELF_GAME_HINT, 0, NULL) != GO_ON)
        return NO_MEMORY;
      break;
    case AGAIN:
    case NO:
    case OTHER:
      reminder(v, what, 0);
      break;
    case REDRAW:
      show_turn(v);
      break;
    case FAILED:
      return READ_FAILED;
    case GONE:
      return WRITE_FAILED;
    case QUIT:
    case END:
      if (v->keys)
        fputc('\n', stdout);
      show_progress(v,
                    cmd == QUIT ? "You quit at turn " : "Input ended at turn ");
      return STOP;
    }
  }
}

/* After a game: the same shelf again, or a move taken back (GO_ON), or
 * leave (STOP). */
static int after_game(view *v) {
  fputc('\n', stdout);
  for (;;) {
    char what[32];
    command cmd = ask(v, 1, what, sizeof what);
    switch (cmd) {
    case AGAIN:
      if (v->keys)
        fputs("again\n", stdout);
      fputs("\nA new game on the same shelf.\n", stdout);
      shelf_position_start(&v->seen, (size_t)v->seen.n);
      v->header = 0;
      return shelf_game_again(v->game) == SHELF_OK ? GO_ON : NO_MEMORY;
    case UNDO:
      if (take_back(v))
        return GO_ON;
      break;
    case FAILED:
      return READ_FAILED;
    case GONE:
      return WRITE_FAILED;
    case QUIT:
    case NO:
    case END:
      if (v->keys)
        fputc('\n', stdout);
      return STOP;
    case REDRAW:
      break;
    default:
      reminder(v, what, 1);
      break;
    }
  }
}

/* The games on one shelf, until the person leaves. Returns STOP, or why it
 * failed. */
static int play(view *v, shelf_player opponent) {
  intro(v, opponent);
  if (v->seen.n == 0) {
    fputs("The shelf is empty: there is nothing to play.\n", stdout);
    return flush() == 0 ? STOP : WRITE_FAILED;
  }
  for (;;) {
    int st = catch_up(v);
    if (st == GO_ON && v->seen.first < v->seen.last)
      st = person_turn(v);
    else if (st == GO_ON) {
      fputc('\n', stdout);
      if (say(v, SHELF_GAME_SUMMARY, 0, NULL) != GO_ON ||
          say(v, SHELF_GAME_AGAINST_PERFECT, 0, NULL) != GO_ON ||
          review(v) != GO_ON)
        return NO_MEMORY;
      st = after_game(v);
    }
    if (flush() != 0)
      return WRITE_FAILED;
    if (st != GO_ON)
      return st;
  }
}

int interactive_play(const int64_t *weights, size_t n, int second,
                     shelf_player vs) {
  view v;
  memset(&v, 0, sizeof v);
  v.w = weights;
  v.two = vs == SHELF_PLAYER_PERSON;
  v.person = second && !v.two ? 1 : 0;
  shelf_player opponent = vs;
  shelf_player first = v.person == 0 ? SHELF_PLAYER_PERSON : opponent;
  shelf_player other = v.person == 0 ? opponent : SHELF_PLAYER_PERSON;
  if (shelf_game_new(weights, n, first, other, &v.game) != SHELF_OK) {
    error_line("out of memory");
    return 1;
  }
  shelf_position_start(&v.seen, n);
  v.columns = columns();
  const char *no_colour = getenv("NO_COLOR");
  const char *term = getenv("TERM");
  void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
  if (isatty(STDIN_FILENO) && terminal_enter_raw() == 0) {
    v.keys = 1;
    v.colour = isatty(STDOUT_FILENO) &&
               (no_colour == NULL || no_colour[0] == '\0') &&
               (term == NULL || strcmp(term, "dumb") != 0);
  }
  int st = play(&v, opponent);
  free(v.input.text);
  shelf_game_free(v.game);
  if (st == READ_FAILED && v.keys)
    fputc('\n', stdout); /* the message starts a line of its own */
  if (v.keys)
    terminal_leave_raw();
  if (st == STOP && flush() != 0)
    st = WRITE_FAILED;
  signal(SIGPIPE, old_pipe == SIG_ERR ? SIG_DFL : old_pipe);
  switch (st) {
  case NO_MEMORY:
    fflush(stdout);
    error_line("out of memory");
    return 1;
  case READ_FAILED:
    fflush(stdout);
    if (terminal_read_errno == ENOMEM)
      error_line("out of memory");
    else
      error_line("standard input: %s", strerror(terminal_read_errno));
    return 1;
  case WRITE_FAILED:
    /* A reader that went away wants no more and no message. */
    if (write_errno != EPIPE)
      error_line("write error: %s", strerror(write_errno));
    return 1;
  default:
    return 0;
  }
}
