/*
 * shelf_mpi.h - what shelf-mpi's files share: the checked MPI calls, the
 * messages to stderr, and the --batch reader (batch.c) that main() in
 * shelf_mpi.c hands a file of many shelves to.
 */
#ifndef SHELF_MPI_H
#define SHELF_MPI_H

#include "report.h"

#include <mpi.h>

/* The most bytes one message carries; more go in pieces. (The tests build
 * a copy with small messages, so that the pieces are tried.) */
#ifndef MESSAGE_MAX
#define MESSAGE_MAX (1 << 30)
#endif

extern int world_rank;

/* Reports a failed MPI call by its name and MPI's reason, then aborts. */
void mpi_check(int rc, const char *call);
#define MPI_CHECK(call) mpi_check((call), #call)
/* Out of memory: one line, then MPI_Abort. */
void no_memory(void);
/* "shelf-mpi: " and a line on stderr, from rank 0 only. */
void say(const char *fmt, ...);
/* "shelf-mpi: rank R: " and a line on stderr, from this rank. */
void rank_line(const char *fmt, ...);

/* What --batch is asked to do. */
typedef struct batch_options {
  const char *name;   /* the file */
  MPI_Offset size;    /* its bytes */
  int counted;        /* --counted: counted shelves over any lines */
  int keep_going;     /* --keep-going */
  unsigned threads;   /* --threads within each rank */
  const report_options *report;
} batch_options;

/* Reads a file of shelves (one a line, or counted) with every rank and
 * prints, at rank 0, what `shelf --batch -f FILE` prints. Returns the exit
 * status at rank 0 (other ranks' is not used). */
int mpi_batch(const batch_options *opt);

#endif
