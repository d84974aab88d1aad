/*
 * terminal.h - the game's terminal: raw mode with every way out restoring
 * it, and bytes read one at a time (terminal.c).
 */
#ifndef SHELF_CLI_TERMINAL_H
#define SHELF_CLI_TERMINAL_H

/* Raw mode on standard input (no echo, no line editing; Ctrl-C and Ctrl-Z
 * still reach the handlers), restored on exit and on fatal signals. 0, or
 * -1 if the terminal refuses (then nothing has changed). */
int terminal_enter_raw(void);

/* The mode from before terminal_enter_raw(), and the default signals. */
void terminal_leave_raw(void);

/* Says that a colour escape was written, so that a way out resets it. */
void terminal_colour_used(void);

/* One byte from the terminal; -1 if none came within `ms` milliseconds
 * (ms < 0 waits for ever), -2 at the end of input, -3 when the game was
 * resumed after Ctrl-Z (redraw), -4 on a read error (terminal_read_errno
 * says which). */
int terminal_byte(int ms);

/* Drops what is already waiting: the rest of a key that sends several
 * bytes (a UTF-8 letter, an unknown sequence), so it counts once. */
void terminal_drain(void);

/* The errno of the read that failed, kept before anything else changes
 * errno. */
extern int terminal_read_errno;

#endif
