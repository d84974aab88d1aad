/*
 * errors.h - the shelf command's one runtime error line, "shelf: <words>",
 * which every part of the command (options, input, the game, the
 * teaching output) writes its failures with.
 */
#ifndef SHELF_CLI_ERRORS_H
#define SHELF_CLI_ERRORS_H

/* A runtime error: one line on stderr, "shelf: " first. */
void error_line(const char *fmt, ...);

#endif
