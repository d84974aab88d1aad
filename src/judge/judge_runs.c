/*
 * judge_runs.c - the runs of the judge's loop (src/judge/judge_loop.c) and of
 * the explanation of a time limit (src/judge/judge_timeout.c): a run
 * started and finished through the runner (one at a time, or side by side
 * through start and finish), read against the exact answer, kept for the
 * growth; and the shrink of a failing shelf, candidate by candidate. Only
 * decides, as the loop does.
 */
#include "judge_runs.h"

#include <string.h>

int shelf__loop_answered(shelf_verdict v) {
  return v == SHELF_VERDICT_OK || v == SHELF_VERDICT_WRONG;
}

void shelf__loop_drop(const loop *L, shelf_run *r) {
  if (r->detail != NULL && L->j->release != NULL)
    L->j->release(L->j->ctx, r->detail);
  r->detail = NULL;
}

void shelf__loop_progress(const loop *L, shelf_stage stage, size_t done,
                          size_t total, size_t n) {
  if (L->j->progress == NULL)
    return;
  shelf_progress p = {stage, done, total, n, L->out->verdict};
  L->j->progress(L->j->ctx, &p);
}

void shelf__loop_keep_time(loop *L, size_t n, double cpu) {
  if (!(cpu >= 0))
    return;
  timing *t =
      shelf__grow_array(L->times, &L->time_cap, L->time_count + 1, sizeof *t);
  if (t == NULL)
    return; /* the growth only needs some */
  L->times = t;
  L->times[L->time_count++] = (timing){n, cpu};
}

void shelf__loop_keep_failing(loop *L, const int64_t *w, size_t n, i128 got) {
  if (L->failing_count == FAILING_MAX)
    return;
  int64_t *copy = malloc((n ? n : 1) * sizeof *copy);
  if (copy == NULL)
    return; /* fewer shelves to name the mistake from */
  memcpy(copy, w, n * sizeof *w);
  L->failing[L->failing_count++] = (shelf_failure){copy, n, got};
}

/* ==== Runs ====
 *
 * Every run goes through shelf__loop_start_run() and
 * shelf__loop_finish_run(): the runner's start and finish when runs go side
 * by side (jobs > 1), else its `run`, made at the start and handed back at
 * the finish, so that one loop serves both. */

shelf_status shelf__loop_start_run(loop *L, size_t slot, const int64_t *w,
                                   size_t n, double patience) {
  if (L->jobs > 1)
    return L->j->start(L->j->ctx, slot, w, n, patience);
  memset(&L->held, 0, sizeof L->held);
  L->held.cpu = -1;
  L->held.patience = patience;
  shelf_status st = L->j->run(L->j->ctx, w, n, &L->held);
  if (st != SHELF_OK)
    shelf__loop_drop(L, &L->held);
  return st;
}

/* The next run to end: its slot in *slot, whatever the status. */
shelf_status shelf__loop_finish_run(loop *L, size_t *slot, shelf_run *r) {
  *slot = 0;
  if (L->jobs <= 1) {
    *r = L->held;
    memset(&L->held, 0, sizeof L->held);
    return SHELF_OK;
  }
  memset(r, 0, sizeof *r);
  r->cpu = -1;
  shelf_status st = L->j->finish(L->j->ctx, slot, r);
  if (st != SHELF_OK)
    shelf__loop_drop(L, r);
  return st;
}

/* What the loop reads of every run that ended: a runner's answer that is
 * not `expected` is WRONG; its CPU counts against the budget. Returns 1
 * when it ran in time, for the growth: only runs under the usual limit
 * that kept to it (a run given twice the limit, while a timeout shrinks,
 * says nothing of that). */
int shelf__loop_judged(loop *L, i128 expected, double patience, shelf_run *r) {
  r->patience = patience;
  if (r->verdict == SHELF_VERDICT_OK && r->answer != expected)
    r->verdict = SHELF_VERDICT_WRONG;
  if (r->cpu >= 0) {
    L->spent += r->cpu;
    if (L->quickest < 0 || r->cpu < L->quickest)
      L->quickest = r->cpu;
  }
  return shelf__loop_answered(r->verdict) && patience <= 1 && r->cpu >= 0 &&
         r->cpu <= L->j->time_limit;
}

/* Runs the program once on w, nothing else running. Runs that end in time
 * give the growth its data. */
shelf_status shelf__loop_once(loop *L, const int64_t *w, size_t n,
                              i128 expected, shelf_run *r) {
  size_t slot;
  L->last_n = n;
  shelf_status st = shelf__loop_start_run(L, 0, w, n, L->patience);
  if (st == SHELF_OK)
    st = shelf__loop_finish_run(L, &slot, r);
  if (st != SHELF_OK) {
    memset(r, 0, sizeof *r);
    return st;
  }
  if (shelf__loop_judged(L, expected, L->patience, r))
    shelf__loop_keep_time(L, n, r->cpu);
  return SHELF_OK;
}

/* ==== Shrinking ==== */

/* Whether greedy is a mistake on w at a turn where the two ends differ: a
 * shelf that teaches the heavier end, not the rule for equal ones. */
int shelf__loop_greedy_without_tie(const int64_t *w, size_t n) {
  shelf_explanation e;
  if (shelf_explain(w, n, 0, &e) != SHELF_OK || e.mistake != 1)
    return 0;
  return w[e.mistake_wheel] != w[e.mistake_other];
}

static int is_greedy_answer(const loop *L, const int64_t *w, size_t n,
                            i128 got) {
  shelf_failure f = {w, n, got};
  shelf_mistake m = SHELF_MISTAKE_NONE;
  return shelf__mistake_of(L->j->answer, &f, 1, 0, &m) == SHELF_OK &&
         m == SHELF_MISTAKE_GREEDY;
}

static int same_failure(const loop *L, const want *k, const shelf_run *r,
                        const int64_t *w, size_t n) {
  if (r->verdict != k->verdict)
    return 0;
  if (k->verdict == SHELF_VERDICT_CRASH && r->how != k->how)
    return 0;
  if (k->greedy && !is_greedy_answer(L, w, n, r->answer))
    return 0;
  return 1;
}

/* A candidate of a shrink, started or run. */
typedef struct candidate {
  size_t c;      /* its index among shelf__plan_shrink()'s candidates */
  int64_t *w;    /* owned, room for the shelf shrunk */
  size_t n;
  i128 expected;
  int going;     /* started, not yet finished */
  size_t slot;
  shelf_run r;   /* finished: its run */
} candidate;

/* Ends the candidates q[from..count): cancelled, or finished and dropped. */
static shelf_status drop_candidates(loop *L, candidate *q, size_t from,
                                    size_t count) {
  shelf_status st = SHELF_OK;
  for (size_t i = from; i < count; i++) {
    if (q[i].going && L->j->cancel != NULL && L->jobs > 1) {
      L->j->cancel(L->j->ctx, q[i].slot);
      q[i].going = 0;
    } else if (!q[i].going) {
      shelf__loop_drop(L, &q[i].r);
    }
  }
  for (;;) { /* without cancel, those still going */
    size_t i = from;
    while (i < count && !q[i].going)
      i++;
    if (i == count)
      return st;
    size_t slot;
    shelf_run r;
    shelf_status f = shelf__loop_finish_run(L, &slot, &r);
    shelf__loop_drop(L, &r);
    for (i = from; i < count; i++)
      if (q[i].going && q[i].slot == slot)
        q[i].going = 0;
    if (f != SHELF_OK && st == SHELF_OK)
      st = f;
  }
}

/* Shrinks the failing shelf w[0..*n) while a candidate fails the way `k`
 * says, trying shelf__plan_shrink()'s candidates in order and starting again
 * from each one that does (as Hypothesis does), for at most `max_runs` runs
 * of which at most `max_fails` fail, spending at most `max_cpu` seconds of
 * the program's CPU when above 0 once *kept is a run at twice the limit
 * (until then, its shelf ran out of time at the limit only, which the
 * learner's run again may not). The last failing run replaces *kept.
 * With several jobs the next candidates run side by side, and are decided
 * in order: the first that fails is taken, the runs after it cancelled
 * and not counted, so that the shrink is the one of one run at a time.
 * Returns SHELF_OK or the runner's stop. */
shelf_status shelf__loop_shrink(loop *L, int64_t *w, size_t *n, const want *k,
                                size_t max_runs, size_t max_fails,
                                double max_cpu, i128 *expected,
                                shelf_run *kept) {
  size_t jobs = L->jobs, count = 0, runs = 0, fails = 0;
  double used = 0;
  candidate *q = calloc(jobs, sizeof *q);
  shelf_status st = SHELF_OK;
  if (q == NULL)
    return SHELF_OK; /* the shelf as it failed is still the report's */
  for (size_t i = 0; i < jobs; i++)
    if ((q[i].w = malloc((*n ? *n : 1) * sizeof *q[i].w)) == NULL)
      goto done;
  int moved = 1;
  /* Keeping the length, the search resumes at the candidate that failed:
   * the ones before it passed on a heavier shelf, and each run here is of
   * the longest shelf. */
  size_t from = k->keep_length ? shelf__shrink_deletions(*n) : 0;
  while (moved && runs < max_runs && fails < max_fails &&
         (max_cpu <= 0 || used < max_cpu || kept->patience < 2)) {
    moved = 0;
    size_t c = from;
    int exhausted = 0;
    for (;;) {
      /* Start the next candidates, as many as jobs are free and runs are
       * left. */
      while (count < jobs && !exhausted && runs + count < max_runs &&
             (max_cpu <= 0 || used < max_cpu || kept->patience < 2)) {
        candidate *x = &q[count];
        if (!shelf__plan_shrink(&L->plan, w, *n, c, x->w, &x->n)) {
          exhausted = 1;
          break;
        }
        x->c = c++;
        if (k->greedy && !shelf__loop_greedy_without_tie(x->w, x->n))
          continue; /* decided without a run */
        if (shelf_answer_of(L->j->answer, x->w, x->n, &x->expected) != SHELF_OK)
          continue;
        shelf__loop_progress(L, SHELF_STAGE_SHRINK, runs + count + 1, max_runs,
                             x->n);
        size_t slot = 0;
        for (size_t i = 0; i < count; i++)
          if (q[i].going && q[i].slot == slot)
            slot++, i = (size_t)-1; /* taken: look again from the start */
        L->last_n = x->n;
        if ((st = shelf__loop_start_run(L, slot, x->w, x->n, L->patience)) !=
            SHELF_OK)
          goto done;
        x->slot = slot;
        x->going = 1;
        count++;
      }
      if (count == 0)
        break; /* no candidate left */
      /* The first candidate's run, whichever ends first. */
      while (q[0].going) {
        size_t slot;
        shelf_run r;
        if ((st = shelf__loop_finish_run(L, &slot, &r)) != SHELF_OK)
          goto done;
        size_t i = 0;
        while (i < count && !(q[i].going && q[i].slot == slot))
          i++;
        if (i == count) { /* a runner that broke its word */
          shelf__loop_drop(L, &r);
          st = SHELF_INVALID;
          goto done;
        }
        shelf__loop_judged(L, q[i].expected, L->patience, &r);
        q[i].r = r;
        q[i].going = 0;
      }
      candidate *x = &q[0];
      runs++;
      if (x->r.cpu > 0) /* of the runs counted: the same with any jobs */
        used += x->r.cpu;
      if (shelf__loop_answered(x->r.verdict) && L->patience <= 1 &&
          x->r.cpu >= 0 && x->r.cpu <= L->j->time_limit)
        shelf__loop_keep_time(L, x->n, x->r.cpu);
      if (same_failure(L, k, &x->r, x->w, x->n)) {
        fails++;
        if (x->r.verdict == SHELF_VERDICT_WRONG)
          shelf__loop_keep_failing(L, x->w, x->n, x->r.answer);
        memcpy(w, x->w, x->n * sizeof *w);
        *n = x->n;
        *expected = x->expected;
        shelf__loop_drop(L, kept);
        *kept = x->r;
        memset(&x->r, 0, sizeof x->r);
        moved = 1;
        L->out->shrunk = 1;
        if (k->keep_length)
          from = x->c;
        st = drop_candidates(L, q, 1, count);
        count = 0;
        if (st != SHELF_OK)
          goto done;
        break;
      }
      shelf__loop_drop(L, &x->r);
      candidate head = q[0]; /* its room goes to the back */
      memmove(q, q + 1, (count - 1) * sizeof *q);
      q[--count] = head;
      if (max_cpu > 0 && used >= max_cpu && kept->patience >= 2) {
        /* Spent: the shrink ends here, as one run at a time would. */
        st = drop_candidates(L, q, 0, count);
        count = 0;
        if (st != SHELF_OK)
          goto done;
        break;
      }
    }
  }
done:
  if (count > 0) {
    shelf_status d = drop_candidates(L, q, 0, count);
    st = st != SHELF_OK ? st : d;
  }
  L->out->shrink_runs += runs;
  for (size_t i = 0; i < jobs; i++)
    free(q[i].w);
  free(q);
  return st;
}
