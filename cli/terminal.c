/*
 * terminal.c - the terminal of the game (see terminal.h): raw mode, the
 * signals that must restore it, and reading bytes with a timeout, as
 * linenoise keeps its terminal apart from what it edits.
 *
 * The terminal is restored on every way out: the normal end, exit()
 * (atexit), SIGINT, SIGTERM, SIGHUP and SIGQUIT (restore, then die of the
 * same signal, so the shell sees why), Ctrl-Z (restore and stop; raw again
 * on resume). The handlers are async-signal-safe: tcsetattr(), write() and
 * flags only.
 */
#include "terminal.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* ==== Raw mode and signals ==== */

/* What the handlers need; only they and the functions below touch it. */
static struct termios saved_mode;         /* the mode before the game */
static struct termios raw_mode;           /* the game's mode */
static volatile sig_atomic_t raw_on;      /* raw mode is in force */
static volatile sig_atomic_t game_on;     /* raw mode is wanted */
static volatile sig_atomic_t colour_used; /* an SGR may need resetting */
static volatile sig_atomic_t resumed;     /* back from Ctrl-Z: redraw */

/* Async-signal-safe: tcsetattr(), write() and flags only. */
static void restore_terminal(void) {
  if (colour_used) {
    ssize_t k = write(STDOUT_FILENO, "\033[0m", 4);
    (void)k;
    colour_used = 0;
  }
  if (raw_on) {
    tcsetattr(STDIN_FILENO, TCSANOW, &saved_mode);
    raw_on = 0;
  }
}

static void at_exit_restore(void) { restore_terminal(); }

static void on_fatal_signal(int sig) {
  restore_terminal();
  ssize_t k = write(STDOUT_FILENO, "\n", 1);
  (void)k;
  /* Die of the same signal: it is blocked until this handler returns. */
  signal(sig, SIG_DFL);
  raise(sig);
}

static void on_stop_signal(int sig) {
  restore_terminal();
  signal(sig, SIG_DFL);
  raise(sig); /* stops the process once this handler returns */
}

static void install(int sig, void (*fn)(int)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fn;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}

static void on_continue(int sig) {
  (void)sig;
  if (game_on && !raw_on && tcsetattr(STDIN_FILENO, TCSANOW, &raw_mode) == 0)
    raw_on = 1;
  resumed = 1;
  install(SIGTSTP, on_stop_signal);
}

void terminal_leave_raw(void) {
  game_on = 0;
  restore_terminal();
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  signal(SIGHUP, SIG_DFL);
  signal(SIGQUIT, SIG_DFL);
  signal(SIGTSTP, SIG_DFL);
  signal(SIGCONT, SIG_DFL);
}

/* Raw mode, with every way out covered. Returns 0, or -1 if the terminal
 * refuses (the game then reads lines instead). */
int terminal_enter_raw(void) {
  static int registered;
  if (tcgetattr(STDIN_FILENO, &saved_mode) != 0)
    return -1;
  raw_mode = saved_mode;
  /* ISIG stays on: Ctrl-C and Ctrl-Z reach the handlers. OPOST stays on so
   * that "\n" still starts a new line. */
  raw_mode.c_lflag &= ~(tcflag_t)(ICANON | ECHO | IEXTEN);
  raw_mode.c_cc[VMIN] = 1;
  raw_mode.c_cc[VTIME] = 0;
  if (!registered) {
    atexit(at_exit_restore);
    registered = 1;
  }
  install(SIGINT, on_fatal_signal);
  install(SIGTERM, on_fatal_signal);
  install(SIGHUP, on_fatal_signal);
  install(SIGQUIT, on_fatal_signal);
  install(SIGTSTP, on_stop_signal);
  install(SIGCONT, on_continue);
  game_on = 1;
  /* Flagged first: a signal that lands between the two must restore. */
  raw_on = 1;
  if (tcsetattr(STDIN_FILENO, TCSANOW, &raw_mode) != 0) {
    terminal_leave_raw();
    return -1;
  }
  return 0;
}

/* ==== Keys ==== */

/* The errno of the read that failed, kept before anything else can change
 * errno. */
int terminal_read_errno;

/* One byte from the terminal; -1 if none came within `ms` milliseconds
 * (ms < 0 waits for ever), -2 at the end of input, -3 when the game was
 * resumed after Ctrl-Z (the handlers are installed without SA_RESTART, so
 * the wait is interrupted), -4 on a read error (terminal_read_errno says
 * which). */
int terminal_byte(int ms) {
  for (;;) {
    if (ms >= 0) {
      struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
      int k = poll(&pfd, 1, ms);
      if (k < 0 && errno == EINTR)
        continue;
      if (k == 0)
        return -1;
    }
    unsigned char c;
    ssize_t k = read(STDIN_FILENO, &c, 1);
    if (k == 1)
      return c;
    if (k == 0)
      return -2;
    if (errno != EINTR) {
      terminal_read_errno = errno;
      return -4;
    }
    if (resumed && ms < 0) {
      resumed = 0;
      return -3;
    }
  }
}

/* Drops what is already waiting: the rest of a key that sends several
 * bytes (a UTF-8 letter, an unknown sequence), so it counts once. */
void terminal_drain(void) {
  while (terminal_byte(0) >= 0)
    ;
}

void terminal_colour_used(void) { colour_used = 1; }
