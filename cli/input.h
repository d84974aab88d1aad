/*
 * input.h - where the shelf command's shelves come from: a file or
 * standard input, the arguments, or --random. Each is read through the
 * library's reader and every shelf handed to emit_shelf() (results.h).
 * Each returns the exit status owed: 0, or 1 after a one-line error.
 */
#ifndef SHELF_CLI_INPUT_H
#define SHELF_CLI_INPUT_H

#include "results.h"

/* Reads a file or standard input (fd) on every core, or on --threads. */
int read_input(run *r, int fd);

/* Weights on the command line: joined with spaces and parsed as one text,
 * so that `shelf [7, 2, 9, 4]` works as typed. */
int read_args(run *r, int nargs, char **args);

/* --random N: a made-up shelf, listed, or solved like one that was typed. */
int read_random(run *r);

/* On a terminal with nothing else to read, says on stderr what shelf
 * waits for. */
void tell_terminal(const options *opt);

#endif
