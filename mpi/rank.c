/*
 * rank.c - what every part of shelf-mpi does as one rank among many: the
 * checked MPI call, the lines on stderr (from this rank, or from rank 0
 * alone), and running out of memory.
 */
#include "rank.h"

#include "command_line.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int world_rank;

/* A line on stderr from this rank, whichever it is: "shelf-mpi: rank R:
 * <words>". */
void rank_line(const char *fmt, ...) {
  char prefix[48];
  snprintf(prefix, sizeof prefix, "shelf-mpi: rank %d", world_rank);
  va_list ap;
  va_start(ap, fmt);
  message_vline(prefix, fmt, ap);
  va_end(ap);
}

/* Reports a failed MPI call by its name and MPI's reason, then ends the
 * whole run: a rank that cannot read or talk has nothing useful to send. */
void mpi_check(int rc, const char *call) {
  if (rc == MPI_SUCCESS)
    return;
  char reason[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, reason, &len) != MPI_SUCCESS)
    snprintf(reason, sizeof reason, "error %d", rc);
  int name = (int)strcspn(call, "(");
  rank_line("%.*s: %s", name, call, reason);
  MPI_Abort(MPI_COMM_WORLD, 1);
}
/* Without memory a rank cannot even send its failure. */
void no_memory(void) {
  rank_line("out of memory");
  MPI_Abort(MPI_COMM_WORLD, 1);
}

/* A line on stderr, from rank 0 only (every rank finds the same). */
void say(const char *fmt, ...) {
  if (world_rank != 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  message_vline("shelf-mpi", fmt, ap);
  va_end(ap);
}
