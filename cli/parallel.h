/*
 * parallel.h - reading one shelf on every core: byte ranges of a file, or
 * blocks of a pipe, parsed and reduced on their own threads and appended in
 * shelf order (parallel.c says how, and why it is exact).
 */
#ifndef SHELF_CLI_PARALLEL_H
#define SHELF_CLI_PARALLEL_H

#include <shelf.h>

/* 128 KiB, the size of a read: the block is parsed while it is still in
 * the CPU's cache; 1 MiB blocks measured 2% slower (docs/benchmarks.md). */
#define READ_BLOCK (1u << 17)

/* What a threaded read ended with. */
typedef struct par_outcome {
  shelf_status status;     /* SHELF_OK, a parse code, SHELF_NOMEM, or
                              SHELF_INVALID for a read error or an internal
                              failure (then `why` says which) */
  shelf_parse_error error; /* a parse code's details, placed in the whole
                              text: its line, column and offset */
  int read_errno;          /* a read error's errno, else 0 */
  const char *why;         /* an internal failure's message, else NULL */
  int stopped;             /* --batch: the callback asked to stop */
} par_outcome;

/* --batch: called on the calling thread once for each line, in input
 * order: with `e` NULL for a line that parsed (`st` and `result` from
 * shelf_solver_result()), else for a line with a parse error (`st`; `e`
 * placed in the whole text). Returns nonzero to stop. */
typedef int (*par_line_fn)(void *ctx, shelf_status st,
                           const shelf_result *result,
                           const shelf_parse_error *e);

/* What the caller hears of a threaded read, always on the calling thread. */
typedef struct par_hooks {
  void *ctx;
  /* The text as it is read, from its start and in order, at least its
   * first 64 KiB (the notes look at no more); NULL once it has all been
   * read. */
  void (*seen)(void *ctx, const char *data, size_t len);
  par_line_fn line;        /* --batch: each line */
  void (*idle)(void *ctx); /* --batch: every line read so far has been
                              handed over, and more input is awaited (to
                              flush the output) */
} par_hooks;

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
                   shelf_solver *solver, int progress, const par_hooks *hooks,
                   par_outcome *out);

/* Reads one counted shelf (--counted: the count, then its weights) from a
 * regular file on up to `threads` threads, as par_read_shelf() does: its
 * count from the head, then the weights after it cut into ranges. Returns
 * 1 when it read the shelf, and the count was right; 0 when the input is
 * better read on one thread, or was wrong (an error, too many or too few
 * weights: then the file is back where it stood, for the one-thread
 * reader to report the first error in its place); -1 if it could not be
 * put back. hooks->seen sees the weights' text, not the count. On 1,
 * *result is the shelf's, from shelf_solver_result(). */
int par_read_counted(int fd, unsigned threads, unsigned flags,
                     shelf_solver *solver, int show, const par_hooks *hooks,
                     par_outcome *out, shelf_result *result);

/* What --batch leaves to the one-thread loop: the text from the start of a
 * line longer than a block on (`data`, to free() when done, and what
 * follows on the file), and where that line starts. */
typedef struct par_rest {
  char *data;
  size_t len;
  shelf_parse_place place;
} par_rest;

/* Reads all of `fd` as one shelf a line (with `counted`, a sequence of
 * counted shelves over any lines, as --batch --counted reads), parsed and
 * solved on up to `threads` threads, and hands each shelf to hooks->line
 * in order. After a parse error it goes on to the next line with
 * `keep_going`, else it stops. If *rest comes back with data, the caller
 * goes on from there on one thread (each shelf before it has been handed
 * over): a line longer than a block, or (counted) a block with no line
 * end between shelves, or text the reader is not sure of. */
void par_read_lines(int fd, unsigned threads, int keep_going, int counted,
                    const par_hooks *hooks, par_outcome *out, par_rest *rest);

#endif
