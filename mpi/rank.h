/*
 * rank.h - what shelf-mpi's files share as ranks of one run: the checked
 * MPI calls, the messages to stderr, the largest message.
 */
#ifndef SHELF_MPI_RANK_H
#define SHELF_MPI_RANK_H

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

#endif
