/*
 * judge_timeout.c - why a program ran out of time, for the judge's loop
 * (src/judge/judge_loop.c): the growth probes (random shelves of doubling
 * size, and one of the failing length with no block at lead 0), the shelf
 * of zeros and the sentinel shelves that name a memo's mistake, a search
 * of every order, the growth fitted, and the slow shrink (a prefix first,
 * then runs at twice the limit). Only decides, as the loop does: the runs
 * go through src/judge/judge_runs.c.
 */
#include "judge_timeout.h"

#include <string.h>

/* The longest shelf whose blocks' leads are counted (O(n^2)) for the
 * zero-memo probe: the problems' max_n is at most 5000. */
#define ZERO_MEMO_MAX 6000
/* A timeout is shrunk with at most this many runs that time out, and this
 * many runs in all: each may cost the whole time limit. */
#define SLOW_TIMEOUTS_MAX 6
#define SLOW_RUNS_MAX 16
/* ... and at most this many time limits of CPU in all: past it, the
 * shortest shelf out of time so far is the report's. */
#define SLOW_LIMITS_MAX 3
/* A program out of time on a shelf this short is searching every order:
 * n^3 steps at 64 wheels are 262,144, under a millisecond. */
#define EXPONENTIAL_MAX 64

/* How many blocks of w have a lead of 0: the rolling row of the interval
 * DP, span by span (row[i] is the lead of the block of `span` wheels from
 * i; updated in place left to right, it still holds the shorter span at
 * i and i + 1 when read). O(n^2) time, O(n) memory. */
static shelf_status zero_leads(const int64_t *w, size_t n, size_t *count) {
  i128 *row = malloc((n ? n : 1) * sizeof *row);
  if (row == NULL)
    return SHELF_NOMEM;
  size_t zeros = 0;
  for (size_t i = 0; i < n; i++) {
    row[i] = w[i];
    zeros += w[i] == 0;
  }
  for (size_t span = 2; span <= n; span++) {
    for (size_t i = 0; i + span <= n; i++) {
      i128 left = w[i] - row[i + 1], right = w[i + span - 1] - row[i];
      row[i] = left > right ? left : right;
      zeros += row[i] == 0;
    }
  }
  free(row);
  *count = zeros;
  return SHELF_OK;
}

/* A probe of the growth: a random shelf of `m` wheels, run again when out
 * of time (as a try). */
typedef struct sized_probe {
  size_t m;
  int64_t *w;
  i128 expected;
  int started, going, done;
  int chance; /* out of time once: its second chance pending or going */
  size_t slot;
  shelf_run r;
} sized_probe;

/* Random shelves of 8, 16, 32, ... wheels below n, until one runs out of
 * time twice (g->over_n; *over_zeros says whether a block of that shelf
 * has lead 0). With several jobs they run side by side, and are decided in
 * order of size: the first out of time ends the others, so that g and the
 * runs kept for the growth are those of one at a time. A size out of time
 * once ends the larger ones going and holds back the next, until its
 * second chance says: a larger shelf would most likely run out of time as
 * well, and wait for nothing. */
static shelf_status probe_sizes(loop *L, size_t n, shelf_growth *g,
                                int *over_zeros) {
  size_t count = 0, going = 0, head = 0, next = 0, jobs = L->jobs;
  for (size_t m = 8; m < n; m *= 2)
    count++;
  if (count == 0)
    return SHELF_OK;
  sized_probe *pr = calloc(count, sizeof *pr);
  if (pr == NULL)
    return SHELF_NOMEM;
  shelf_status st = SHELF_OK;
  for (size_t i = 0, m = 8; i < count; i++, m *= 2) {
    pr[i].m = m;
    if ((pr[i].w = malloc(m * sizeof *pr[i].w)) == NULL ||
        (st = shelf_random(L->plan.seed ^ (uint64_t)m, L->plan.lo, L->plan.hi,
                           pr[i].w, m)) != SHELF_OK ||
        (st = shelf_answer_of(L->j->answer, pr[i].w, m, &pr[i].expected)) !=
            SHELF_OK) {
      st = st != SHELF_OK ? st : SHELF_NOMEM;
      goto done;
    }
  }
  while (head < count) {
    /* Start: a second chance first, then the next size. */
    while (going < jobs) {
      size_t i = head;
      while (i < next && (pr[i].going || pr[i].done))
        i++;
      size_t held = head; /* a size out of time once, its chance pending */
      while (held < next && !(pr[held].chance && !pr[held].done))
        held++;
      if (i < next && held < i)
        break;
      if (i == next) {
        if (next == count || held < next)
          break;
        i = next++;
      }
      size_t slot = 0;
      for (size_t k = head; k < next; k++)
        if (pr[k].going && pr[k].slot == slot)
          slot++, k = head - 1; /* taken: look again */
      shelf__loop_progress(L, SHELF_STAGE_TIME, pr[i].m, n, pr[i].m);
      L->last_n = pr[i].m;
      if ((st = shelf__loop_start_run(L, slot, pr[i].w, pr[i].m, 1)) !=
          SHELF_OK)
        goto done;
      pr[i].slot = slot;
      pr[i].going = 1;
      pr[i].started++;
      going++;
    }
    size_t slot;
    shelf_run r;
    if ((st = shelf__loop_finish_run(L, &slot, &r)) != SHELF_OK)
      goto done;
    size_t i = head;
    while (i < next && !(pr[i].going && pr[i].slot == slot))
      i++;
    if (i == next) {
      shelf__loop_drop(L, &r);
      st = SHELF_INVALID;
      goto done;
    }
    pr[i].going = 0;
    going--;
    shelf__loop_judged(L, pr[i].expected, 1, &r);
    int again = r.verdict == SHELF_VERDICT_TIMEOUT && pr[i].started == 1;
    pr[i].r = r;
    pr[i].done = !again;
    if (again) {
      pr[i].chance = 1;
      shelf__loop_drop(L, &pr[i].r);
      /* The larger sizes going end, to start again if it runs in time. */
      for (size_t k = i + 1; k < next; k++)
        if (pr[k].going && L->j->cancel != NULL && L->jobs > 1) {
          L->j->cancel(L->j->ctx, pr[k].slot);
          pr[k].going = 0;
          pr[k].started = 0;
          going--;
        }
    }
    while (head < count && pr[head].done) {
      shelf_run *h = &pr[head].r;
      shelf_verdict v = h->verdict;
      if (shelf__loop_answered(v) && h->cpu >= 0 && h->cpu <= L->j->time_limit)
        shelf__loop_keep_time(L, pr[head].m,
                              h->cpu); /* in time: the growth's data */
      shelf__loop_drop(L, h);
      if (v == SHELF_VERDICT_TIMEOUT) {
        size_t zeros = 1;
        g->over_n = pr[head].m;
        *over_zeros =
            zero_leads(pr[head].w, pr[head].m, &zeros) != SHELF_OK || zeros > 0;
        goto done;
      }
      head++;
    }
  }
done:
  /* The larger sizes still going end. */
  for (size_t i = 0; i < count; i++) {
    if (pr[i].going && L->j->cancel != NULL && L->jobs > 1) {
      L->j->cancel(L->j->ctx, pr[i].slot);
      pr[i].going = 0;
      going--;
    }
    shelf__loop_drop(L, &pr[i].r);
  }
  while (going > 0) {
    size_t slot;
    shelf_run r;
    shelf_status f = shelf__loop_finish_run(L, &slot, &r);
    shelf__loop_drop(L, &r);
    going--;
    if (f != SHELF_OK && st == SHELF_OK)
      st = f;
  }
  for (size_t i = 0; i < count; i++)
    free(pr[i].w);
  free(pr);
  return st;
}

/* The growth: random shelves of 8, 16, 32, ... wheels below the failing
 * length, until one runs out of time, so that the fit has runs of doubling
 * size; then a shelf of the failing length with no block at lead 0. */
static shelf_status probe_time(loop *L, const int64_t *w, size_t n,
                               shelf_growth *g) {
  int64_t *p = malloc((n ? n : 1) * sizeof *p);
  if (p == NULL)
    return SHELF_NOMEM;
  shelf_run r;
  int over_zeros = 0;
  shelf_status st = probe_sizes(L, n, g, &over_zeros);
  if (st != SHELF_OK)
    goto done;
  if (n > ZERO_MEMO_MAX || zero_leads(w, n, &g->slow_zeros) != SHELF_OK ||
      g->slow_zeros == 0)
    goto done;
  /* A shorter random shelf with no block at lead 0 ran out of time twice:
   * one of n wheels would not run in half the limit, and the probe is not
   * made. */
  if (g->over_n > 0 && !over_zeros)
    goto done;
  /* A shelf like the failing one but where no block's lead is 0: random
   * weights over the whole range make one likely; a narrow range may
   * never, and then the probe is not made. */
  for (uint64_t attempt = 1; attempt <= 8; attempt++) {
    size_t zeros;
    if (shelf_random(L->plan.seed ^ (0x2e40ull * attempt), L->plan.lo,
                     L->plan.hi, p, n) != SHELF_OK ||
        zero_leads(p, n, &zeros) != SHELF_OK)
      break;
    if (zeros != 0)
      continue;
    i128 expected;
    if ((st = shelf_answer_of(L->j->answer, p, n, &expected)) != SHELF_OK)
      goto done;
    shelf__loop_progress(L, SHELF_STAGE_TIME, n, n, n);
    if ((st = shelf__loop_once(L, p, n, expected, &r)) != SHELF_OK)
      goto done;
    /* In time with room to spare: a run just under the limit is noise
     * beside one just over it, not a mistake. */
    if (shelf__loop_answered(r.verdict) && r.cpu >= 0 &&
        r.cpu <= L->j->time_limit / 2) {
      g->fast_n = n;
      g->fast_cpu = r.cpu;
    }
    shelf__loop_drop(L, &r);
    break;
  }
done:
  free(p);
  return st;
}

/* The shortest shelf of zeros, at most `most` wheels, that runs out of
 * time, when 0 is a weight the problem allows: every block of it has lead
 * 0, the clearest shelf for the zero-memo mistake. *found is its length
 * (its run in *r), or 0. */
static shelf_status slow_zeros(loop *L, size_t most, size_t *found,
                               shelf_run *r) {
  static const size_t sizes[] = {8, 12, 16, 20, 24, 28, 32, 40, 48, 64};
  static const int64_t zeros[64] = {0};
  *found = 0;
  if (L->plan.lo > 0 || L->plan.hi < 0)
    return SHELF_OK;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0] && sizes[k] <= most;
       k++) {
    size_t m = sizes[k];
    i128 expected;
    shelf_status st = shelf_answer_of(L->j->answer, zeros, m, &expected);
    shelf__loop_progress(L, SHELF_STAGE_SHRINK, k + 1,
                         sizeof sizes / sizeof sizes[0], m);
    if (st == SHELF_OK)
      st = shelf__loop_once(L, zeros, m, expected, r);
    L->out->shrink_runs++;
    if (st != SHELF_OK)
      return st;
    if (r->verdict == SHELF_VERDICT_TIMEOUT) {
      *found = m;
      return SHELF_OK;
    }
    shelf__loop_drop(L, r);
  }
  return SHELF_OK;
}

/* How many blocks of w have the value v as their lead (total 0) or as the
 * total of the buyer to move (total 1: (sum + lead) / 2), by the rolling
 * row as zero_leads(). O(n^2) time, O(n) memory. */
static shelf_status blocks_at(const int64_t *w, size_t n, i128 v, int total,
                              size_t *count) {
  i128 *row = malloc((n ? n : 1) * sizeof *row);
  i128 *sum = malloc((n + 1) * sizeof *sum);
  if (row == NULL || sum == NULL) {
    free(row);
    free(sum);
    return SHELF_NOMEM;
  }
  size_t c = 0;
  sum[0] = 0;
  for (size_t i = 0; i < n; i++) {
    row[i] = w[i];
    sum[i + 1] = sum[i] + w[i];
    c += (total ? w[i] : row[i]) == v;
  }
  for (size_t span = 2; span <= n; span++) {
    for (size_t i = 0; i + span <= n; i++) {
      i128 left = w[i] - row[i + 1], right = w[i + span - 1] - row[i];
      row[i] = left > right ? left : right;
      i128 q = total ? (sum[i + span] - sum[i] + row[i]) / 2 : row[i];
      c += q == v;
    }
  }
  free(row);
  free(sum);
  *count = c;
  return SHELF_OK;
}

/* Sentinel-memo: for each sentinel shape the problem's range allows, a
 * shelf of `most` wheels at most 64 (one run each); for the first out of
 * time, the shortest of 8, 12, ... wheels of that shape out of time, and
 * then a random shelf of that length with no block at its value, which
 * must run in half the limit (the weights, not the length, make it slow).
 * On success *found is the shape's length, w holds the shelf and *r its
 * run; the judgement's sentinel fields and the growth's fast run are set. */
static shelf_status slow_sentinel(loop *L, size_t most, int64_t *w,
                                  size_t *found, shelf_run *r) {
  static const size_t sizes[] = {8, 12, 16, 20, 24, 28, 32, 40, 48, 64};
  int64_t p[64];
  shelf_judgement *o = L->out;
  *found = 0;
  if (most > 64)
    most = 64;
  for (size_t shape = 0; shape < SHELF__SENTINELS; shape++) {
    size_t n;
    i128 v, expected;
    int total;
    if (!shelf__sentinel_shelf(L->plan.lo, L->plan.hi, shape, most, w, &n, &v,
                               &total))
      continue;
    shelf_status st = shelf_answer_of(L->j->answer, w, n, &expected);
    shelf__loop_progress(L, SHELF_STAGE_SHRINK, shape + 1, SHELF__SENTINELS, n);
    if (st == SHELF_OK)
      st = shelf__loop_once(L, w, n, expected, r);
    L->out->shrink_runs++;
    if (st != SHELF_OK)
      return st;
    int slow = r->verdict == SHELF_VERDICT_TIMEOUT;
    shelf__loop_drop(L, r);
    if (!slow)
      continue;
    /* The shortest of its shape out of time (`most` was). */
    size_t m = n;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0] && sizes[k] < m;
         k++) {
      size_t sn;
      if (!shelf__sentinel_shelf(L->plan.lo, L->plan.hi, shape, sizes[k], p,
                                 &sn, &v, &total) ||
          shelf_answer_of(L->j->answer, p, sn, &expected) != SHELF_OK)
        continue;
      if ((st = shelf__loop_once(L, p, sn, expected, r)) != SHELF_OK)
        return st;
      L->out->shrink_runs++;
      slow = r->verdict == SHELF_VERDICT_TIMEOUT;
      shelf__loop_drop(L, r);
      if (slow) {
        m = sn;
        break;
      }
    }
    shelf__sentinel_shelf(L->plan.lo, L->plan.hi, shape, m, w, &n, &v, &total);
    /* Without the value: a random shelf of the length, in half the limit. */
    size_t at = 1;
    for (uint64_t attempt = 1; attempt <= 8; attempt++) {
      if (shelf_random(L->plan.seed ^ (0x5e47ull * attempt), L->plan.lo,
                       L->plan.hi, p, m) != SHELF_OK ||
          (st = blocks_at(p, m, v, total, &at)) != SHELF_OK)
        return st;
      if (at == 0)
        break;
    }
    if (at != 0)
      return SHELF_OK; /* no shelf without it: nothing is named */
    if ((st = shelf_answer_of(L->j->answer, p, m, &expected)) != SHELF_OK ||
        (st = shelf__loop_once(L, p, m, expected, r)) != SHELF_OK)
      return st;
    L->out->shrink_runs++;
    int fast = shelf__loop_answered(r->verdict) && r->cpu >= 0 &&
               r->cpu <= L->j->time_limit / 2;
    double cpu = r->cpu;
    shelf__loop_drop(L, r);
    if (!fast)
      return SHELF_OK; /* slow without it too: not the memo's value */
    /* The slow shelf again, for the run the report shows. */
    if ((st = shelf_answer_of(L->j->answer, w, m, &expected)) != SHELF_OK ||
        (st = shelf__loop_once(L, w, m, expected, r)) != SHELF_OK)
      return st;
    L->out->shrink_runs++;
    if (r->verdict != SHELF_VERDICT_TIMEOUT) {
      shelf__loop_drop(L, r);
      return SHELF_OK; /* in time after all: a busy moment, not named */
    }
    if ((st = blocks_at(w, m, v, total, &o->sentinel_blocks)) != SHELF_OK) {
      shelf__loop_drop(L, r);
      return st;
    }
    o->sentinel = v;
    o->sentinel_total = total;
    o->growth.fast_n = m;
    o->growth.fast_cpu = cpu;
    *found = m;
    return SHELF_OK;
  }
  return SHELF_OK;
}

/* Whether the times show a search of every order: a shelf of at most
 * EXPONENTIAL_MAX wheels out of time, where one at least half as long (and
 * of 8 wheels or more) ran in an eighth of the limit beyond start-up. At
 * these lengths no polynomial a learner writes grows eightfold from m to
 * 2m wheels and past a second; a start-up over the limit, or a program
 * out of time on every shelf, shows no such pair. */
static int exponential(const loop *L, size_t over) {
  if (over == 0 || over > EXPONENTIAL_MAX)
    return 0;
  double base = -1;
  for (size_t k = 0; k < L->time_count; k++)
    if (L->times[k].n <= TWICE_MAX && (base < 0 || L->times[k].cpu < base))
      base = L->times[k].cpu;
  if (base < 0)
    base = 0;
  for (size_t k = 0; k < L->time_count; k++) {
    const timing *t = &L->times[k];
    if (t->n >= 8 && t->n < over && 2 * t->n >= over &&
        t->cpu - base <= L->j->time_limit / 8)
      return 1;
  }
  return 0;
}

/* The longest shelf that ran in time so far, or 0. */
static size_t longest_in_time(const loop *L) {
  size_t longest = 0;
  for (size_t k = 0; k < L->time_count; k++)
    if (L->times[k].n > longest)
      longest = L->times[k].n;
  return longest;
}

/* The growth's numbers from the runs that ended in time: start-up is the
 * quickest run on a short shelf (every program pays it, whatever n), and
 * the exponent is fitted on the time beyond it, between the longest shelf
 * and the longest at most half as long, where both took long enough to
 * measure. */
void shelf__fit_growth(const loop *L, shelf_growth *g) {
  g->startup = -1;
  for (size_t k = 0; k < L->time_count; k++) {
    const timing *t = &L->times[k];
    if (t->n <= TWICE_MAX && (g->startup < 0 || t->cpu < g->startup))
      g->startup = t->cpu;
  }
  const timing *a = NULL, *b = NULL;
  for (size_t k = 0; k < L->time_count; k++) {
    const timing *t = &L->times[k];
    if (a == NULL || t->n > a->n || (t->n == a->n && t->cpu > a->cpu))
      a = t;
  }
  if (a == NULL)
    return;
  g->longest = a->n;
  g->longest_cpu = a->cpu;
  for (size_t k = 0; k < L->time_count; k++) {
    const timing *t = &L->times[k];
    if (2 * t->n <= a->n &&
        (b == NULL || t->n > b->n || (t->n == b->n && t->cpu > b->cpu)))
      b = t;
  }
  double base = g->startup > 0 ? g->startup : 0;
  /* A search of every order: the factor a wheel, from the longest shelf
   * and the longest shorter one, both long enough to measure. */
  const timing *c = NULL;
  for (size_t k = 0; k < L->time_count; k++) {
    const timing *t = &L->times[k];
    if (t->n < a->n && t->cpu - base >= 0.005 &&
        (c == NULL || t->n > c->n || (t->n == c->n && t->cpu > c->cpu)))
      c = t;
  }
  if (L->out->mistake == SHELF_MISTAKE_EXPONENTIAL && c != NULL &&
      a->cpu - base >= 0.02)
    g->per_wheel =
        shelf__real_exp(shelf__real_log((a->cpu - base) / (c->cpu - base)) /
                        (double)(a->n - c->n));
  if (b == NULL || b->n == 0)
    return;
  double ta = a->cpu - base, tb = b->cpu - base;
  if (ta < 0.02 || tb < 0.005)
    return;
  g->fitted = 1;
  g->exponent =
      shelf__real_log(ta / tb) / shelf__real_log((double)a->n / (double)b->n);
  g->n_lo = b->n, g->t_lo = tb, g->n_hi = a->n, g->t_hi = ta;
}

/* The shrink of a timeout starts where the probes say: the failing
 * shelf's first over_n wheels (a random shelf that long ran out of time
 * twice); while those run in time, a longer start, as long as the time
 * taken says reaches 2.5 limits were the time to grow as n^2 (more when it
 * grows slower, and then a further step), up to the whole shelf. The first
 * out of time at twice the limit becomes the failing shelf, and the shrink
 * goes on from it, not from the whole shelf with runs of twice the limit
 * each; the whole shelf is the last start, so that the shrink, stopped by
 * its budget, still has a shelf out of time at twice the limit. */
static shelf_status slow_prefix(loop *L, int64_t *w, size_t *n, i128 *expected,
                                shelf_run *kept, int *cut) {
  size_t m = L->out->growth.over_n, whole = *n;
  while (m > 0 && m <= *n) {
    i128 e;
    shelf_run r;
    if (shelf_answer_of(L->j->answer, w, m, &e) != SHELF_OK)
      return SHELF_OK; /* the shrink as before */
    shelf__loop_progress(L, SHELF_STAGE_SHRINK, 1, 1, m);
    shelf_status st = shelf__loop_once(L, w, m, e, &r);
    if (st != SHELF_OK)
      return st;
    L->out->shrink_runs++;
    if (r.verdict == SHELF_VERDICT_TIMEOUT) {
      *n = m;
      *expected = e;
      shelf__loop_drop(L, kept);
      *kept = r;
      *cut = m < whole;
      return SHELF_OK;
    }
    double cpu = r.cpu;
    int in_time = shelf__loop_answered(r.verdict);
    shelf__loop_drop(L, &r);
    if (!in_time || !(cpu > 0))
      return SHELF_OK; /* not slow, but not in time either: as before */
    double ratio = 2.5 * L->j->time_limit / cpu, grown = 1;
    while (grown * grown < ratio) /* its square root, to a tenth */
      grown += 0.1;
    size_t next = (size_t)((double)m * grown) + 1;
    if (m == *n)
      break; /* in time at twice the limit: the shrink as before */
    m = next < *n ? next : *n;
  }
  return SHELF_OK;
}

/* What a time limit says: probes, the mistake, a small slow shelf. A shelf
 * shrunk to the edge of the limit would run in time as often as not when
 * the learner runs it again, so from here on runs have twice the limit
 * (patience): the shelf reported is slow with room to spare. */
shelf_status shelf__explain_timeout(loop *L, int64_t *w, size_t *n,
                                    i128 *expected, shelf_run *kept) {
  shelf_judgement *o = L->out;
  shelf_growth *g = &o->growth;
  shelf_status st = probe_time(L, w, *n, g);
  if (st != SHELF_OK)
    return st;
  L->patience = 2;
  /* Zero-memo, plainly: a short shelf of zeros out of time where random
   * shelves at least twice as long ran in time. */
  size_t zeros_n = 0;
  shelf_run zr = {0};
  size_t most = *n < L->plan.max_n ? *n : L->plan.max_n;
  /* Only a shelf of zeros at most half the longest in time names it: the
   * runs here, at twice the limit, add none in time. */
  size_t zeros_most =
      longest_in_time(L) / 2 < most ? longest_in_time(L) / 2 : most;
  st = slow_zeros(L, zeros_most, &zeros_n, &zr);
  if (st == SHELF_OK && zeros_n > 0 && longest_in_time(L) >= 2 * zeros_n) {
    o->mistake = SHELF_MISTAKE_ZERO_MEMO;
    memset(w, 0, zeros_n * sizeof *w);
    *n = zeros_n;
    st = shelf_answer_of(L->j->answer, w, *n, expected);
    shelf__loop_drop(L, kept);
    *kept = zr;
    o->shrunk = 1;
  } else {
    shelf__loop_drop(L, &zr);
  }
  /* Sentinel-memo: only where every random probe ran in time (the weights
   * make it slow, not the length), and before the zero leads of the
   * failing shelf are read: a sentinel shelf has many blocks at lead 0 as
   * well (those that hold its middle). */
  size_t sentinel_n = 0;
  if (st == SHELF_OK && !o->shrunk && g->over_n == 0) {
    shelf_run sr = {0};
    int64_t *sw = malloc(64 * sizeof *sw);
    if (sw == NULL)
      st = SHELF_NOMEM;
    else
      st = slow_sentinel(L, most, sw, &sentinel_n, &sr);
    if (st == SHELF_OK && sentinel_n > 0) {
      o->mistake = SHELF_MISTAKE_SENTINEL_MEMO;
      memcpy(w, sw, sentinel_n * sizeof *w);
      *n = sentinel_n;
      g->slow_zeros = 0;
      st = shelf_answer_of(L->j->answer, w, *n, expected);
      shelf__loop_drop(L, kept);
      *kept = sr;
      o->shrunk = 1;
    }
    free(sw);
  }
  if (st == SHELF_OK && !o->shrunk) {
    /* Or from the failing shelf: out of time where blocks have lead 0, in
     * time at its length where none does. */
    if (g->slow_zeros > 0 && g->fast_n > 0)
      o->mistake = SHELF_MISTAKE_ZERO_MEMO;
    else if (exponential(L, g->over_n > 0 ? g->over_n : *n))
      o->mistake = SHELF_MISTAKE_EXPONENTIAL;
  }
  int cut = 0;
  if (st == SHELF_OK && !o->shrunk && *n > TWICE_MAX)
    st = slow_prefix(L, w, n, expected, kept, &cut);
  if (st == SHELF_OK && !o->shrunk && *n > TWICE_MAX) {
    want k = {SHELF_VERDICT_TIMEOUT, 0, 0, 0};
    st = shelf__loop_shrink(L, w, n, &k, SLOW_RUNS_MAX, SLOW_TIMEOUTS_MAX,
                            SLOW_LIMITS_MAX * L->j->time_limit, expected, kept);
  }
  o->shrunk |= cut;
  L->patience = 1;
  return st;
}
