/*
 * judge_timeout.h - why a program ran out of time (src/judge/judge_timeout.c),
 * for the judge's loop (src/judge/judge_loop.c). Internal to the library.
 */
#ifndef SHELF_JUDGE_TIMEOUT_H
#define SHELF_JUDGE_TIMEOUT_H

#include "judge_runs.h"

/* What a time limit says: probes, the mistake, a small slow shelf. */
shelf_status shelf__explain_timeout(loop *L, int64_t *w, size_t *n,
                                    i128 *expected, shelf_run *kept);
/* The growth's numbers from the runs that ended in time. */
void shelf__fit_growth(const loop *L, shelf_growth *g);

#endif /* SHELF_JUDGE_TIMEOUT_H */
