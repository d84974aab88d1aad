/*
 * progress.h - "shelf: read 812.4 MB of 2.0 GB (40%)" on stderr while a
 * long read runs (input.c, fed by shelf_read()'s progress hook), on a
 * thread of its own.
 */
#ifndef SHELF_CLI_PROGRESS_H
#define SHELF_CLI_PROGRESS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

typedef struct progress {
  atomic_ullong done; /* bytes read: the readers add to it */
  uint64_t total;     /* bytes to read, or 0 if unknown */
  int on;             /* the thread runs */
  int stop;
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t changed;
} progress;

/* Starts counting; with `show`, a run that lasts over a second shows the
 * count five times a second, on one line rewritten in place. */
void progress_start(progress *p, int show, uint64_t total);

/* Ends the display (erasing it) before anything else is written. */
void progress_stop(progress *p);

#endif
