/*
 * parallel.h - reading one shelf on every core: byte ranges of a file, or
 * blocks of a pipe, parsed and reduced on their own threads and appended in
 * shelf order (parallel.c says how, and why it is exact).
 */
#ifndef SHELF_CLI_PARALLEL_H
#define SHELF_CLI_PARALLEL_H

#include <shelf.h>

/* What a threaded read ended with. */
typedef struct par_outcome {
  shelf_status status;     /* SHELF_OK, a parse code, SHELF_NOMEM, or
                              SHELF_INVALID for a read error or an internal
                              failure (then `why` says which) */
  shelf_parse_error error; /* a parse code's details, placed in the whole
                              text: its line, column and offset */
  int read_errno;          /* a read error's errno, else 0 */
  const char *why;         /* an internal failure's message, else NULL */
} par_outcome;

/* The cores this process may run on (at least 1). */
unsigned par_cores(void);

/* Reads all of `fd` (from where it stands) as one shelf on up to `threads`
 * threads, and appends its wheels to `solver`, an empty solver made with
 * `flags`. A regular file is cut into byte ranges read with pread(2);
 * anything else is read by this thread in blocks that the others parse.
 * With `progress`, a run that lasts over a second shows on stderr (a
 * terminal) how much has been read, and erases it at the end.
 *
 * Returns 1 when it read the input (*out says how that went), or 0 when
 * this input is better read on one thread (a small regular file); then
 * nothing has been read. */
int par_read_shelf(int fd, unsigned threads, unsigned flags,
                   shelf_solver *solver, int progress, par_outcome *out);

#endif
