/*
 * batch.h - shelf-mpi's --batch: a file of many shelves read by every rank,
 * which main() in shelf_mpi.c hands over.
 */
#ifndef SHELF_MPI_BATCH_H
#define SHELF_MPI_BATCH_H

#include "report.h"

#include <mpi.h>

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
