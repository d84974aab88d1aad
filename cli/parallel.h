/*
 * parallel.h - the command's side of reading on every core: libshelf's
 * shelf_read() and shelf_read_batch() do the threads and the pieces; here
 * a file descriptor becomes their source (pread(2) for a regular file,
 * read(2) for anything else), and the progress line is kept.
 */
#ifndef SHELF_CLI_PARALLEL_H
#define SHELF_CLI_PARALLEL_H

#include "progress.h"

#include <shelf.h>

/* 128 KiB, the size of a read on one thread (input.c). */
#define READ_BLOCK (1u << 17)

/* A file descriptor as a source, from where it stands. */
typedef struct par_input {
  int fd;
  uint64_t base; /* a regular file: the offset the text starts at */
  progress prog;
  int counting; /* prog was started */
} par_input;

/* The cores this process may run on (at least 1). */
unsigned par_cores(void);

/* Makes *src read `fd` from where it stands: a regular file with pread(2)
 * (its size the bytes after that), anything else with read(2), and
 * poll(2) saying whether input is there; a regular file whose size is not
 * its bytes (0, or on procfs or sysfs) is read with read(2) too. */
void par_source(par_input *in, int fd, shelf_source *src);

/* Fills the options' test aid (SHELF_TEST_PIECE) and, with `show`, starts
 * the progress line on stderr (a run that lasts over a second shows it):
 * the options' progress hook then calls par_count(). par_done() ends it. */
void par_options(par_input *in, const shelf_source *src, int show,
                 shelf_read_options *opt);

/* Counts bytes parsed for the progress line; on any thread. */
void par_count(par_input *in, uint64_t bytes);

/* Erases the progress line, before anything else is written. */
void par_done(par_input *in);

#endif
