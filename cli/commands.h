/*
 * commands.h - the game's commands, read from a terminal's keys or from
 * lines (commands.c).
 */
#ifndef SHELF_CLI_COMMANDS_H
#define SHELF_CLI_COMMANDS_H

#include <stddef.h>

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

/* A line of input, for getline(); the caller frees text. */
typedef struct line_buffer {
  char *text;
  size_t cap;
} line_buffer;

/* One key from the terminal in raw mode. */
command commands_key(void);

/* One command a line. *what receives the line as typed (trimmed, cut to
 * fit, printable ASCII only) for the reminder. A read error sets
 * terminal_read_errno. */
command commands_line(line_buffer *b, char *what, size_t size);

#endif
