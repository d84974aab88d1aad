/*
 * progress.c - how much of a long input has been read, shown on stderr (a
 * terminal) by a thread of its own, so that the readers only add to a
 * counter.
 */
#include "progress.h"

#include <errno.h>
#include <stdio.h>
#include <time.h>

static void mb(char *buf, size_t size, uint64_t bytes) {
  snprintf(buf, size, "%.1f MB", (double)bytes / 1e6);
}

/* Shows the count after a second, five times a second, on one line that is
 * rewritten in place and erased at the end. */
static void *progress_main(void *arg) {
  progress *p = arg;
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  t.tv_sec += 1;
  int shown = 0;
  pthread_mutex_lock(&p->lock);
  while (!p->stop) {
    if (pthread_cond_timedwait(&p->changed, &p->lock, &t) != ETIMEDOUT)
      continue;
    char line[128], done[32], total[32];
    uint64_t d = atomic_load(&p->done);
    mb(done, sizeof done, d);
    if (p->total > 0) {
      mb(total, sizeof total, p->total);
      snprintf(line, sizeof line, "\rshelf: read %s of %s (%d%%)\033[K", done,
               total, (int)(d * 100.0 / (double)p->total));
    } else {
      snprintf(line, sizeof line, "\rshelf: read %s\033[K", done);
    }
    fputs(line, stderr);
    shown = 1;
    t.tv_nsec += 200000000;
    if (t.tv_nsec >= 1000000000) {
      t.tv_sec++;
      t.tv_nsec -= 1000000000;
    }
  }
  pthread_mutex_unlock(&p->lock);
  if (shown)
    fputs("\r\033[K", stderr);
  return NULL;
}

void progress_start(progress *p, int on, uint64_t total) {
  atomic_init(&p->done, 0);
  p->total = total;
  p->stop = 0;
  p->on = 0;
  if (!on)
    return;
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->changed, NULL);
  p->on = pthread_create(&p->thread, NULL, progress_main, p) == 0;
  if (!p->on) {
    pthread_cond_destroy(&p->changed);
    pthread_mutex_destroy(&p->lock);
  }
}

void progress_stop(progress *p) {
  if (!p->on)
    return;
  pthread_mutex_lock(&p->lock);
  p->stop = 1;
  pthread_cond_signal(&p->changed);
  pthread_mutex_unlock(&p->lock);
  pthread_join(p->thread, NULL);
  pthread_cond_destroy(&p->changed);
  pthread_mutex_destroy(&p->lock);
  p->on = 0;
}
