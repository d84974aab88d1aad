/*
 * judge_loop.c - the judge's loop, shared by every surface that judges a
 * solution: `shelf check` runs a program, Python's shelf.check() calls a
 * function, and each gives only a runner, a callback that runs one try.
 * Everything a verdict depends on is here, once: the plan made one try at
 * a time, the comparison with the exact answer, the second run that finds
 * an unstable answer, the second chance of a time limit, shrinking, the
 * mistake named, and the probes that say why a program ran out of time.
 *
 * The runner measures (CPU time, resident memory, output); this file only
 * decides. So a verdict never depends on how a surface runs a program.
 */
#include "internal.h"

#include <string.h>

/* Shelves this short are run twice, to catch an answer that changes. */
#define TWICE_MAX 16
/* The most runs spent shrinking a wrong answer, a crash or bad output. */
#define SHRINK_MAX 600
/* ... and the weights of a failure at the largest n only, each run the
 * longest shelf: the whole-shelf candidates and a few steps beyond. */
#define SHRINK_LONG_MAX 40
/* The most failing shelves kept for naming the mistake. */
#define FAILING_MAX 64
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
/* The fewest random tries a budget leaves (where the plan has them): the
 * sizes still double from 1 wheel to the largest. */
#define BUDGET_TRIES_MIN 12
/* Tries made ahead of the first one undecided, per job: enough to keep
 * every job busy while a slow try (a time limit) holds the first. */
#define AHEAD_PER_JOB 3

/* ==== The state of one judging ==== */

typedef struct timing {
  size_t n;
  double cpu;
} timing;

typedef struct loop {
  const shelf_judge *j;
  shelf_plan plan;
  shelf_judgement *out;
  timing *times; /* runs that ended in time, for the growth */
  size_t time_count, time_cap;
  shelf_failure failing[FAILING_MAX]; /* each owns its weights */
  size_t failing_count;
  size_t fitting_passed; /* passing shelves whose totals fit in 31 bits */
  double patience;       /* shelf_run.patience of the runs now */
  size_t jobs;           /* runs at once: 1, or judge->jobs with start and
                            finish */
  shelf_run held;        /* one at a time: the run `run` made, which
                            finish_run() gives */
  double spent;          /* CPU seconds of every run so far */
  double quickest;       /* the least CPU of a run, or below 0 */
  size_t last_n;         /* the shelf started last, for progress */
  size_t decided;        /* tries of the plan decided, for progress */
} loop;

static int answered(shelf_verdict v) {
  return v == SHELF_VERDICT_OK || v == SHELF_VERDICT_WRONG;
}

/* A limit the program ran into: the verdict of the run, not a change. */
static int limit_hit(shelf_verdict v) {
  return v == SHELF_VERDICT_TIMEOUT || v == SHELF_VERDICT_IDLE ||
         v == SHELF_VERDICT_MEMORY;
}

static void drop(const loop *L, shelf_run *r) {
  if (r->detail != NULL && L->j->release != NULL)
    L->j->release(L->j->ctx, r->detail);
  r->detail = NULL;
}

static void progress(const loop *L, shelf_stage stage, size_t done,
                     size_t total, size_t n) {
  if (L->j->progress == NULL)
    return;
  shelf_progress p = {stage, done, total, n, L->out->verdict};
  L->j->progress(L->j->ctx, &p);
}

static void keep_time(loop *L, size_t n, double cpu) {
  if (!(cpu >= 0))
    return;
  timing *t =
      shelf__grow_array(L->times, &L->time_cap, L->time_count + 1, sizeof *t);
  if (t == NULL)
    return; /* the growth only needs some */
  L->times = t;
  L->times[L->time_count++] = (timing){n, cpu};
}

static void keep_failing(loop *L, const int64_t *w, size_t n, i128 got) {
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
 * Every run goes through start_run() and finish_run(): the runner's start
 * and finish when runs go side by side (jobs > 1), else its `run`, made at
 * the start and handed back at the finish, so that one loop serves both. */

static shelf_status start_run(loop *L, size_t slot, const int64_t *w,
                              size_t n, double patience) {
  if (L->jobs > 1)
    return L->j->start(L->j->ctx, slot, w, n, patience);
  memset(&L->held, 0, sizeof L->held);
  L->held.cpu = -1;
  L->held.patience = patience;
  shelf_status st = L->j->run(L->j->ctx, w, n, &L->held);
  if (st != SHELF_OK)
    drop(L, &L->held);
  return st;
}

/* The next run to end: its slot in *slot, whatever the status. */
static shelf_status finish_run(loop *L, size_t *slot, shelf_run *r) {
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
    drop(L, r);
  return st;
}

/* What the loop reads of every run that ended: a runner's answer that is
 * not `expected` is WRONG; its CPU counts against the budget. Returns 1
 * when it ran in time, for the growth: only runs under the usual limit
 * that kept to it (a run given twice the limit, while a timeout shrinks,
 * says nothing of that). */
static int judged(loop *L, i128 expected, double patience, shelf_run *r) {
  r->patience = patience;
  if (r->verdict == SHELF_VERDICT_OK && r->answer != expected)
    r->verdict = SHELF_VERDICT_WRONG;
  if (r->cpu >= 0) {
    L->spent += r->cpu;
    if (L->quickest < 0 || r->cpu < L->quickest)
      L->quickest = r->cpu;
  }
  return answered(r->verdict) && patience <= 1 && r->cpu >= 0 &&
         r->cpu <= L->j->time_limit;
}

/* Runs the program once on w, nothing else running. Runs that end in time
 * give the growth its data. */
static shelf_status once(loop *L, const int64_t *w, size_t n, i128 expected,
                         shelf_run *r) {
  size_t slot;
  L->last_n = n;
  shelf_status st = start_run(L, 0, w, n, L->patience);
  if (st == SHELF_OK)
    st = finish_run(L, &slot, r);
  if (st != SHELF_OK) {
    memset(r, 0, sizeof *r);
    return st;
  }
  if (judged(L, expected, L->patience, r))
    keep_time(L, n, r->cpu);
  return SHELF_OK;
}

/* ==== The tries ====
 *
 * A try: one run, again after a time limit (a busy moment is not the
 * program's), and on a short shelf a second run, where one that differs
 * is UNSTABLE. With several jobs, tries run side by side, and the second
 * run of a short shelf and a time limit's second chance alongside the
 * others; tries are still decided in the plan's order, each as when it ran
 * alone, so that the first failure of the plan is the one reported,
 * whichever run ended first. */

enum { ROLE_FIRST, ROLE_AGAIN, ROLES };
/* A run of a try: to be started, running, ended, or not wanted (running,
 * its result to be dropped; or never to be started). */
enum { RUN_TO_START, RUN_GOING, RUN_ENDED, RUN_UNWANTED, RUN_NONE };

typedef struct pending {
  size_t t;          /* its index in the plan */
  shelf_try kind;
  int64_t *w;        /* owned; NULL for a try passed over */
  size_t n;
  i128 expected;
  shelf_run run[ROLES];
  int state[ROLES];
  int started[ROLES]; /* runs started of it: 2 after a second chance */
  int decided;
  shelf_run r;        /* decided: the try's run, OK when it passed */
  int has_other, has_got;
  i128 other;
  timing times[2 * ROLES]; /* runs in time, kept when the try is decided */
  int time_role[2 * ROLES];
  size_t time_count;
} pending;

typedef struct flight {
  int busy;
  size_t t; /* the try's index in the plan */
  int role;
} flight;

static void pending_free(loop *L, pending *p) {
  for (int k = 0; k < ROLES; k++)
    if (p->state[k] == RUN_ENDED)
      drop(L, &p->run[k]);
  if (p->decided)
    drop(L, &p->r);
  free(p->w);
  memset(p, 0, sizeof *p);
}

/* Decides a try from its runs, once it can be, as the runs came one after
 * another: a limit on the first run decides it without the second. */
static void decide(loop *L, pending *p) {
  shelf_run *a = &p->run[ROLE_FIRST], *b = &p->run[ROLE_AGAIN];
  if (p->decided || p->state[ROLE_FIRST] != RUN_ENDED)
    return;
  if (p->state[ROLE_AGAIN] == RUN_NONE || limit_hit(a->verdict)) {
    if (p->state[ROLE_AGAIN] == RUN_ENDED)
      drop(L, b);
    p->state[ROLE_AGAIN] =
        p->state[ROLE_AGAIN] == RUN_GOING ? RUN_UNWANTED : RUN_NONE;
    p->r = *a;
    p->state[ROLE_FIRST] = RUN_NONE;
    p->decided = 1;
    return;
  }
  if (p->state[ROLE_AGAIN] != RUN_ENDED)
    return;
  if (limit_hit(b->verdict)) {
    drop(L, a);
    p->r = *b;
  } else {
    int same = b->verdict == a->verdict && b->output == a->output &&
               (!answered(a->verdict) || b->answer == a->answer);
    if (!same) {
      p->has_other = answered(b->verdict);
      p->other = b->answer;
      p->has_got = answered(a->verdict);
      a->verdict = SHELF_VERDICT_UNSTABLE;
    }
    drop(L, b);
    p->r = *a;
  }
  p->state[ROLE_FIRST] = p->state[ROLE_AGAIN] = RUN_NONE;
  p->decided = 1;
}

/* A run of try p ended (role, result r): a time limit gets its second
 * chance; else the run is kept and the try decided if it can be. */
static void ended(loop *L, pending *p, int role, shelf_run *r) {
  if (judged(L, p->expected, 1, r) && p->time_count < 2 * ROLES) {
    p->times[p->time_count] = (timing){p->n, r->cpu};
    p->time_role[p->time_count++] = role;
  }
  if (r->verdict == SHELF_VERDICT_TIMEOUT && p->started[role] == 1) {
    drop(L, r);
    p->state[role] = RUN_TO_START;
    return;
  }
  p->run[role] = *r;
  p->state[role] = RUN_ENDED;
  decide(L, p);
}

/* The budget (shelf_judge.budget): what `tries` random tries would cost,
 * each its start-up and the time beyond it of the longest shelf that ran
 * in time, grown as n^2 (the problem's DP) to the try's size. */
static double random_cost(const loop *L, size_t tries, double startup,
                          size_t ref_n, double ref_extra) {
  shelf_plan p = L->plan;
  p.tries = tries;
  double cost = 0;
  for (size_t k = 0; k < tries; k++) {
    double ratio =
        ref_n > 0 ? 0.75 * (double)shelf__random_size(&p, k) / (double)ref_n
                  : 0;
    cost += startup + ref_extra * ratio * ratio;
  }
  return cost;
}

/* Cuts the random tries to what the budget has left, once the fixed
 * tries have run (every one decided, so that the cut does not depend on
 * which ended first). */
static void size_plan(loop *L) {
  double budget = L->j->budget;
  size_t full = L->plan.tries;
  if (!(budget > 0) || full <= BUDGET_TRIES_MIN)
    return;
  double startup = L->quickest > 0 ? L->quickest : 0;
  size_t ref_n = 0;
  double ref_cpu = 0;
  for (size_t i = 0; i < L->time_count; i++)
    if (L->times[i].n > ref_n ||
        (L->times[i].n == ref_n && L->times[i].cpu > ref_cpu))
      ref_n = L->times[i].n, ref_cpu = L->times[i].cpu;
  double extra = ref_cpu > startup ? ref_cpu - startup : 0;
  double left = budget - L->spent;
  if (random_cost(L, full, startup, ref_n, extra) <= left)
    return;
  size_t lo = BUDGET_TRIES_MIN, hi = full; /* lo fits, or is the least */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (random_cost(L, mid, startup, ref_n, extra) <= left)
      lo = mid;
    else
      hi = mid;
  }
  L->plan.tries = lo;
  L->out->cut_tries = full - lo;
  L->out->planned = shelf__plan_count(&L->plan);
}

/* Runs the plan's tries until one fails, keeping up to L->jobs runs
 * going. *fail receives the failing try (its shelf owned), decided; its
 * w NULL when every try passed. */
static shelf_status run_tries(loop *L, pending *fail) {
  const shelf_judge *j = L->j;
  size_t jobs = L->jobs, ahead = AHEAD_PER_JOB * jobs + 1;
  size_t room = j->max_n > 8 ? j->max_n : 8;
  size_t fixed = shelf__fixed_tries(&L->plan);
  pending *win = calloc(ahead, sizeof *win);
  flight *fl = calloc(jobs, sizeof *fl);
  int64_t *scratch = malloc(room * sizeof *scratch);
  memset(fail, 0, sizeof *fail);
  if (win == NULL || fl == NULL || scratch == NULL) {
    free(win);
    free(fl);
    free(scratch);
    return SHELF_NOMEM;
  }
  size_t count = 0, flying = 0, next = 0, stop_at = SIZE_MAX;
  int sized = !(j->budget > 0);
  shelf_status st = SHELF_OK;
  for (;;) {
    /* Tries decided in the plan's order, up to the first failure. */
    while (count > 0 && win[0].decided) {
      pending *h = &win[0];
      L->decided = h->t + 1;
      if (h->w == NULL) {
        L->out->skipped++;
      } else {
        L->out->tried++;
        progress(L, SHELF_STAGE_TRY, L->decided, L->out->planned, L->last_n);
        int failing = h->r.verdict != SHELF_VERDICT_OK;
        for (size_t i = 0; i < h->time_count; i++)
          if (h->time_role[i] == ROLE_FIRST || !failing)
            keep_time(L, h->times[i].n, h->times[i].cpu);
        if (failing) {
          *fail = *h;
          memset(h, 0, sizeof *h);
        } else {
          L->fitting_passed += shelf__fits_31_bits(h->w, h->n) != 0;
        }
      }
      pending_free(L, h);
      memmove(win, win + 1, (count - 1) * sizeof *win);
      count--;
      if (fail->w != NULL)
        break;
    }
    if (fail->w != NULL)
      break;
    /* Start runs while a job is free: first what the tries under way
     * need (the earliest first), then the plan's next try. */
    while (st == SHELF_OK && flying < jobs) {
      pending *p = NULL;
      int role = ROLE_FIRST;
      for (size_t i = 0; p == NULL && i < count; i++)
        for (int k = 0; k < ROLES && p == NULL; k++)
          if (!win[i].decided && win[i].state[k] == RUN_TO_START &&
              win[i].t <= stop_at)
            p = &win[i], role = k;
      if (p == NULL) {
        if (count == ahead || next >= L->out->planned || next > stop_at)
          break;
        if (!sized && next >= fixed) {
          if (count > 0)
            break; /* the cut waits for every fixed try */
          size_plan(L);
          sized = 1;
          continue;
        }
        p = &win[count++];
        memset(p, 0, sizeof *p);
        p->t = next++;
        /* Made in the room for the longest, kept at its own length: the
         * tries ahead hold only their shelves. */
        if ((st = shelf__plan_shelf(&L->plan, p->t, scratch, &p->n,
                                   &p->kind)) != SHELF_OK)
          break;
        if (p->n == 0) { /* passed over */
          p->decided = 1;
          p->state[ROLE_FIRST] = p->state[ROLE_AGAIN] = RUN_NONE;
          continue;
        }
        if ((p->w = malloc(p->n * sizeof *p->w)) == NULL) {
          st = SHELF_NOMEM;
          break;
        }
        memcpy(p->w, scratch, p->n * sizeof *p->w);
        if ((st = shelf_answer_of(j->answer, p->w, p->n, &p->expected)) !=
            SHELF_OK)
          break;
        p->state[ROLE_AGAIN] = p->n <= TWICE_MAX ? RUN_TO_START : RUN_NONE;
        L->last_n = p->n;
        progress(L, SHELF_STAGE_TRY, L->decided, L->out->planned, p->n);
      }
      size_t slot = 0;
      while (fl[slot].busy)
        slot++;
      p->started[role]++;
      p->state[role] = RUN_GOING;
      if ((st = start_run(L, slot, p->w, p->n, 1)) != SHELF_OK)
        break;
      fl[slot] = (flight){1, p->t, role};
      flying++;
    }
    if (flying == 0 && st == SHELF_OK && count > 0 && win[0].decided)
      continue; /* tries passed over, to count */
    if (flying == 0 || (st != SHELF_OK && jobs <= 1))
      break;
    /* The next run to end. */
    size_t slot;
    shelf_run r;
    shelf_status fst = finish_run(L, &slot, &r);
    if (slot >= jobs || !fl[slot].busy) { /* a runner that broke its word */
      drop(L, &r);
      st = st != SHELF_OK ? st : fst != SHELF_OK ? fst : SHELF_INVALID;
      break;
    }
    fl[slot].busy = 0;
    flying--;
    pending *p = NULL;
    for (size_t i = 0; p == NULL && i < count; i++)
      if (win[i].t == fl[slot].t)
        p = &win[i];
    if (st == SHELF_OK && fst != SHELF_OK)
      st = fst;
    int role = fl[slot].role;
    if (st != SHELF_OK || p == NULL || p->state[role] != RUN_GOING) {
      if (p != NULL && p->state[role] == RUN_UNWANTED)
        p->state[role] = RUN_NONE;
      drop(L, &r);
      continue; /* stopping: the runs started end, dropped */
    }
    ended(L, p, role, &r);
    if (p->decided && p->r.verdict != SHELF_VERDICT_OK && p->t < stop_at)
      stop_at = p->t; /* no try after it is needed */
    /* Runs no longer needed end now, where the runner can end them. */
    for (size_t f = 0; j->cancel != NULL && f < jobs; f++) {
      if (!fl[f].busy)
        continue;
      pending *q = NULL;
      for (size_t i = 0; q == NULL && i < count; i++)
        if (win[i].t == fl[f].t)
          q = &win[i];
      if (q != NULL && q->t <= stop_at &&
          q->state[fl[f].role] != RUN_UNWANTED)
        continue;
      j->cancel(j->ctx, f);
      fl[f].busy = 0;
      flying--;
      if (q != NULL)
        q->state[fl[f].role] = RUN_NONE;
    }
  }
  /* The runs still going (later tries, or all of them when stopped) end,
   * dropped: the runner is left with none. */
  for (size_t f = 0; j->cancel != NULL && f < jobs; f++)
    if (fl[f].busy) {
      j->cancel(j->ctx, f);
      fl[f].busy = 0;
      flying--;
    }
  while (flying > 0) {
    size_t slot;
    shelf_run r;
    if (finish_run(L, &slot, &r) == SHELF_OK || slot < jobs) {
      drop(L, &r);
      if (slot < jobs && fl[slot].busy) {
        fl[slot].busy = 0;
        flying--;
        continue;
      }
    }
    break; /* a runner that broke its word: stop asking */
  }
  for (size_t i = 0; i < count; i++)
    pending_free(L, &win[i]);
  free(win);
  free(fl);
  free(scratch);
  if (st != SHELF_OK)
    pending_free(L, fail);
  return st;
}

/* ==== Shrinking ==== */

/* Which candidates a shrink keeps, beyond failing the same way. */
typedef struct want {
  shelf_verdict verdict;
  uint64_t how;    /* a crash must crash the same way */
  int greedy;      /* the answer must be greedy's, with no tie at the turn
                      where greedy goes wrong */
  int keep_length; /* only the weights shrink: a shelf one wheel shorter
                      passed, so deleting wheels would spend the runs */
} want;

/* Whether greedy is a mistake on w at a turn where the two ends differ: a
 * shelf that teaches the heavier end, not the rule for equal ones. */
static int greedy_without_tie(const int64_t *w, size_t n) {
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
      drop(L, &q[i].r);
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
    shelf_status f = finish_run(L, &slot, &r);
    drop(L, &r);
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
static shelf_status shrink(loop *L, int64_t *w, size_t *n, const want *k,
                           size_t max_runs, size_t max_fails, double max_cpu,
                           i128 *expected, shelf_run *kept) {
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
        if (k->greedy && !greedy_without_tie(x->w, x->n))
          continue; /* decided without a run */
        if (shelf_answer_of(L->j->answer, x->w, x->n, &x->expected) !=
            SHELF_OK)
          continue;
        progress(L, SHELF_STAGE_SHRINK, runs + count + 1, max_runs, x->n);
        size_t slot = 0;
        for (size_t i = 0; i < count; i++)
          if (q[i].going && q[i].slot == slot)
            slot++, i = (size_t)-1; /* taken: look again from the start */
        L->last_n = x->n;
        if ((st = start_run(L, slot, x->w, x->n, L->patience)) != SHELF_OK)
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
        if ((st = finish_run(L, &slot, &r)) != SHELF_OK)
          goto done;
        size_t i = 0;
        while (i < count && !(q[i].going && q[i].slot == slot))
          i++;
        if (i == count) { /* a runner that broke its word */
          drop(L, &r);
          st = SHELF_INVALID;
          goto done;
        }
        judged(L, q[i].expected, L->patience, &r);
        q[i].r = r;
        q[i].going = 0;
      }
      candidate *x = &q[0];
      runs++;
      if (x->r.cpu > 0) /* of the runs counted: the same with any jobs */
        used += x->r.cpu;
      if (answered(x->r.verdict) && L->patience <= 1 && x->r.cpu >= 0 &&
          x->r.cpu <= L->j->time_limit)
        keep_time(L, x->n, x->r.cpu);
      if (same_failure(L, k, &x->r, x->w, x->n)) {
        fails++;
        if (x->r.verdict == SHELF_VERDICT_WRONG)
          keep_failing(L, x->w, x->n, x->r.answer);
        memcpy(w, x->w, x->n * sizeof *w);
        *n = x->n;
        *expected = x->expected;
        drop(L, kept);
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
      drop(L, &x->r);
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

/* ==== Why a program ran out of time ==== */

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
      progress(L, SHELF_STAGE_TIME, pr[i].m, n, pr[i].m);
      L->last_n = pr[i].m;
      if ((st = start_run(L, slot, pr[i].w, pr[i].m, 1)) != SHELF_OK)
        goto done;
      pr[i].slot = slot;
      pr[i].going = 1;
      pr[i].started++;
      going++;
    }
    size_t slot;
    shelf_run r;
    if ((st = finish_run(L, &slot, &r)) != SHELF_OK)
      goto done;
    size_t i = head;
    while (i < next && !(pr[i].going && pr[i].slot == slot))
      i++;
    if (i == next) {
      drop(L, &r);
      st = SHELF_INVALID;
      goto done;
    }
    pr[i].going = 0;
    going--;
    judged(L, pr[i].expected, 1, &r);
    int again = r.verdict == SHELF_VERDICT_TIMEOUT && pr[i].started == 1;
    pr[i].r = r;
    pr[i].done = !again;
    if (again) {
      pr[i].chance = 1;
      drop(L, &pr[i].r);
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
      if (answered(v) && h->cpu >= 0 && h->cpu <= L->j->time_limit)
        keep_time(L, pr[head].m, h->cpu); /* in time: the growth's data */
      drop(L, h);
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
    drop(L, &pr[i].r);
  }
  while (going > 0) {
    size_t slot;
    shelf_run r;
    shelf_status f = finish_run(L, &slot, &r);
    drop(L, &r);
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
    progress(L, SHELF_STAGE_TIME, n, n, n);
    if ((st = once(L, p, n, expected, &r)) != SHELF_OK)
      goto done;
    /* In time with room to spare: a run just under the limit is noise
     * beside one just over it, not a mistake. */
    if (answered(r.verdict) && r.cpu >= 0 && r.cpu <= L->j->time_limit / 2) {
      g->fast_n = n;
      g->fast_cpu = r.cpu;
    }
    drop(L, &r);
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
    progress(L, SHELF_STAGE_SHRINK, k + 1, sizeof sizes / sizeof sizes[0], m);
    if (st == SHELF_OK)
      st = once(L, zeros, m, expected, r);
    L->out->shrink_runs++;
    if (st != SHELF_OK)
      return st;
    if (r->verdict == SHELF_VERDICT_TIMEOUT) {
      *found = m;
      return SHELF_OK;
    }
    drop(L, r);
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
    progress(L, SHELF_STAGE_SHRINK, shape + 1, SHELF__SENTINELS, n);
    if (st == SHELF_OK)
      st = once(L, w, n, expected, r);
    L->out->shrink_runs++;
    if (st != SHELF_OK)
      return st;
    int slow = r->verdict == SHELF_VERDICT_TIMEOUT;
    drop(L, r);
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
      if ((st = once(L, p, sn, expected, r)) != SHELF_OK)
        return st;
      L->out->shrink_runs++;
      slow = r->verdict == SHELF_VERDICT_TIMEOUT;
      drop(L, r);
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
        (st = once(L, p, m, expected, r)) != SHELF_OK)
      return st;
    L->out->shrink_runs++;
    int fast =
        answered(r->verdict) && r->cpu >= 0 && r->cpu <= L->j->time_limit / 2;
    double cpu = r->cpu;
    drop(L, r);
    if (!fast)
      return SHELF_OK; /* slow without it too: not the memo's value */
    /* The slow shelf again, for the run the report shows. */
    if ((st = shelf_answer_of(L->j->answer, w, m, &expected)) != SHELF_OK ||
        (st = once(L, w, m, expected, r)) != SHELF_OK)
      return st;
    L->out->shrink_runs++;
    if (r->verdict != SHELF_VERDICT_TIMEOUT) {
      drop(L, r);
      return SHELF_OK; /* in time after all: a busy moment, not named */
    }
    if ((st = blocks_at(w, m, v, total, &o->sentinel_blocks)) != SHELF_OK) {
      drop(L, r);
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
static void fit_growth(const loop *L, shelf_growth *g) {
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
    progress(L, SHELF_STAGE_SHRINK, 1, 1, m);
    shelf_status st = once(L, w, m, e, &r);
    if (st != SHELF_OK)
      return st;
    L->out->shrink_runs++;
    if (r.verdict == SHELF_VERDICT_TIMEOUT) {
      *n = m;
      *expected = e;
      drop(L, kept);
      *kept = r;
      *cut = m < whole;
      return SHELF_OK;
    }
    double cpu = r.cpu;
    int in_time = answered(r.verdict);
    drop(L, &r);
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
static shelf_status explain_timeout(loop *L, int64_t *w, size_t *n,
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
    drop(L, kept);
    *kept = zr;
    o->shrunk = 1;
  } else {
    drop(L, &zr);
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
      drop(L, kept);
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
    st = shrink(L, w, n, &k, SLOW_RUNS_MAX, SLOW_TIMEOUTS_MAX,
                SLOW_LIMITS_MAX * L->j->time_limit, expected, kept);
  }
  o->shrunk |= cut;
  L->patience = 1;
  return st;
}

/* ==== The judge ==== */

/* Runs w[0..n) and says whether it passed: *passed 1 when it gave the right
 * answer. A run of an experiment that confirms a mistake; counted with the
 * shrink's runs. */
static shelf_status passes(loop *L, const int64_t *w, size_t n, int *passed) {
  i128 expected;
  shelf_run r;
  *passed = 0;
  shelf_status st = shelf_answer_of(L->j->answer, w, n, &expected);
  if (st != SHELF_OK)
    return st == SHELF_NOMEM ? SHELF_OK : st; /* no experiment, no name */
  progress(L, SHELF_STAGE_SHRINK, 1, 1, n);
  if ((st = once(L, w, n, expected, &r)) != SHELF_OK)
    return st;
  L->out->shrink_runs++;
  *passed = r.verdict == SHELF_VERDICT_OK;
  drop(L, &r);
  return SHELF_OK;
}

/* The shelf of overflow32's experiment: w's length, each weight a few
 * kilos on its side of the target (1..7 from it), so that every total fits
 * in 31 bits while the shape stays. */
static void light_shelf(const shelf_plan *p, const int64_t *w, size_t n,
                        int64_t *out) {
  int64_t t = p->lo > 0 ? p->lo : p->hi < 0 ? p->hi : 0;
  for (size_t k = 0; k < n; k++) {
    int64_t step = (int64_t)(((uint64_t)w[k] % 7) + 1), v = t;
    if (w[k] > t)
      v = t + step > p->hi ? p->hi : t + step;
    else if (w[k] < t)
      v = t - step < p->lo ? p->lo : t - step;
    out[k] = v;
  }
}

/* overflow32 is named from behaviour, so it is shown before it is named:
 * the program's answer on the reported shelf is what 32-bit arithmetic
 * gives there, and the same length with light weights passes. *shown 0
 * when either fails. */
static shelf_status overflow_shown(loop *L, const int64_t *w, size_t n,
                                   i128 got, int *shown) {
  shelf_status st = SHELF_OK;
  *shown = shelf__overflow32_gives(L->j->answer, w, n, got, &st) > 0;
  if (!*shown)
    return SHELF_OK;
  int64_t *light = malloc((n ? n : 1) * sizeof *light);
  if (light == NULL) {
    *shown = 0;
    return SHELF_OK;
  }
  light_shelf(&L->plan, w, n, light);
  st = passes(L, light, n, shown);
  free(light);
  return st;
}

/* The number of different lengths among the failing shelves kept. */
static size_t failing_lengths(const loop *L) {
  size_t lengths = 0;
  for (size_t i = 0; i < L->failing_count; i++) {
    size_t k = 0;
    while (k < i && L->failing[k].n != L->failing[i].n)
      k++;
    lengths += k == i;
  }
  return lengths;
}

/* wrong-quantity on shelves of one length could be a coincidence of that
 * length (a program that misreads the count answers some shelf with a
 * number of the game): a random shelf of another length must fail the
 * same way. Its run is kept with the failures, and the mistake named
 * again from them all. */
static shelf_status quantity_shown(loop *L, size_t n) {
  size_t m = n + 3 <= L->plan.max_n ? n + 3 : n > 2 ? n - 1 : 0;
  if (m == 0 || m == n)
    return SHELF_OK;
  int64_t *p = malloc(m * sizeof *p);
  if (p == NULL)
    return SHELF_OK;
  i128 expected;
  shelf_run r;
  shelf_status st =
      shelf_random(L->plan.seed ^ 0x9a4e7ull, L->plan.lo, L->plan.hi, p, m);
  if (st == SHELF_OK)
    st = shelf_answer_of(L->j->answer, p, m, &expected);
  if (st == SHELF_OK && (st = once(L, p, m, expected, &r)) == SHELF_OK) {
    L->out->shrink_runs++;
    if (r.verdict == SHELF_VERDICT_WRONG && L->failing_count == FAILING_MAX)
      free((void *)L->failing[--L->failing_count].weights); /* room for it */
    if (r.verdict == SHELF_VERDICT_WRONG)
      keep_failing(L, p, m, r.answer);
    else
      L->out->mistake = SHELF_MISTAKE_NONE;
    drop(L, &r);
  }
  free(p);
  return st == SHELF_NOMEM ? SHELF_OK : st;
}

/* The mistake a wrong answer shows, from the failing shelves kept, the
 * reported (shrunk) one first; those named from behaviour only when an
 * experiment shows them (overflow32, wrong-quantity). */
static shelf_status name_mistake(loop *L, const int64_t *w, size_t n,
                                 i128 got) {
  for (size_t i = 0; i < L->failing_count; i++) {
    if (L->failing[i].n == n &&
        memcmp(L->failing[i].weights, w, n * sizeof *w) == 0) {
      shelf_failure f = L->failing[0];
      L->failing[0] = L->failing[i];
      L->failing[i] = f;
      break;
    }
  }
  /* Out of memory names no mistake: the report says none. */
  shelf__mistake_of(L->j->answer, L->failing, L->failing_count,
                    L->fitting_passed >= 3, &L->out->mistake);
  shelf_status st = SHELF_OK;
  if (L->out->mistake == SHELF_MISTAKE_WRONG_QUANTITY &&
      failing_lengths(L) < 2) {
    if ((st = quantity_shown(L, n)) == SHELF_OK &&
        L->out->mistake != SHELF_MISTAKE_NONE)
      shelf__mistake_of(L->j->answer, L->failing, L->failing_count,
                        L->fitting_passed >= 3, &L->out->mistake);
  }
  if (st == SHELF_OK && L->out->mistake == SHELF_MISTAKE_OVERFLOW32) {
    int shown = 0;
    st = overflow_shown(L, w, n, got, &shown);
    if (!shown)
      L->out->mistake = SHELF_MISTAKE_NONE;
  }
  return st;
}

/* Whether a failure at the problem's largest n is one of that length: the
 * same wheels but the last pass (ends & DROP_LAST), and the same wheels but
 * the first (ends & DROP_FIRST), so that a failure that hangs on one end's
 * weight is not taken for one of the length. *passed 0 when the shelf is
 * shorter than the largest, or one wheel. */
enum { DROP_LAST = 1, DROP_FIRST = 2 };
static shelf_status one_shorter_passes(loop *L, const int64_t *w, size_t n,
                                       int ends, int *passed) {
  *passed = 0;
  if (n < 2 || n != L->plan.max_n)
    return SHELF_OK;
  shelf_status st = SHELF_OK;
  *passed = 1;
  if (ends & DROP_LAST)
    st = passes(L, w, n - 1, passed);
  if (st == SHELF_OK && *passed && (ends & DROP_FIRST))
    st = passes(L, w + 1, n - 1, passed);
  return st;
}

/* A failure on w[0..n) (w has room for the plan's longest shelf): shrinks
 * it, names its mistake, and fills the judgement. */
static shelf_status failed(loop *L, int64_t *w, size_t n, i128 expected,
                           shelf_run *r) {
  shelf_judgement *o = L->out;
  shelf_status st = SHELF_OK;
  o->verdict = r->verdict;
  o->shrunk_from = n;
  int64_t *original = NULL;
  if (r->verdict == SHELF_VERDICT_WRONG) {
    keep_failing(L, w, n, r->answer);
    original = malloc((n ? n : 1) * sizeof *original);
    if (original != NULL)
      memcpy(original, w, n * sizeof *w);
  }
  /* A failure at the largest n: first the same wheels but one. When they
   * pass, no shorter shelf is likely to fail, and the runs go to the
   * weights. */
  int short_passed = 0, at_largest = 0;
  if (r->verdict == SHELF_VERDICT_WRONG || r->verdict == SHELF_VERDICT_CRASH) {
    at_largest = n >= 2 && n == L->plan.max_n;
    st = one_shorter_passes(L, w, n, DROP_LAST, &short_passed);
  }
  if (st == SHELF_OK &&
      (r->verdict == SHELF_VERDICT_WRONG || r->verdict == SHELF_VERDICT_CRASH ||
       r->verdict == SHELF_VERDICT_BAD_OUTPUT)) {
    want k = {r->verdict, r->how, 0, short_passed};
    int before = o->shrunk;
    o->shrunk = 0;
    st = shrink(L, w, &n, &k, short_passed ? SHRINK_LONG_MAX : SHRINK_MAX,
                SIZE_MAX, 0, &expected, r);
    /* The experiment speaks of the shelf shown, and holds at both ends:
     * run again on it. */
    if (st == SHELF_OK && short_passed)
      st = one_shorter_passes(L, w, n,
                              o->shrunk ? DROP_LAST | DROP_FIRST : DROP_FIRST,
                              &short_passed);
    o->shrunk |= before;
  }
  if (st == SHELF_OK && r->verdict == SHELF_VERDICT_WRONG) {
    st = name_mistake(L, w, n, r->answer);
    /* Greedy shrunk to a tie teaches the tie rule: shrink the original
     * again among shelves where the ends differ at greedy's wrong turn. */
    if (o->mistake == SHELF_MISTAKE_GREEDY && original != NULL &&
        !greedy_without_tie(w, n) &&
        greedy_without_tie(original, o->shrunk_from)) {
      int64_t *again = malloc(o->shrunk_from * sizeof *again);
      if (again != NULL) {
        size_t an = o->shrunk_from;
        memcpy(again, original, an * sizeof *again);
        i128 aexp;
        shelf_run ar = {0};
        want k = {SHELF_VERDICT_WRONG, 0, 1, 0};
        if (shelf_answer_of(L->j->answer, again, an, &aexp) == SHELF_OK &&
            (st = shrink(L, again, &an, &k, SHRINK_MAX, SIZE_MAX, 0, &aexp,
                         &ar)) == SHELF_OK &&
            ar.verdict == SHELF_VERDICT_WRONG) {
          memcpy(w, again, an * sizeof *w);
          n = an;
          expected = aexp;
          drop(L, r);
          *r = ar;
        } else {
          drop(L, &ar);
        }
        free(again);
      }
    }
  }
  if (st == SHELF_OK && r->verdict == SHELF_VERDICT_TIMEOUT)
    st = explain_timeout(L, w, &n, &expected, r);
  /* Shown by experiment: this length fails, one wheel fewer passes. */
  if (st == SHELF_OK && at_largest && short_passed && n == L->plan.max_n &&
      (r->verdict == SHELF_VERDICT_WRONG || r->verdict == SHELF_VERDICT_CRASH))
    o->mistake = SHELF_MISTAKE_LARGEST_N;
  free(original);
  if (o->verdict == SHELF_VERDICT_WRONG) {
    o->has_got = 1;
  }
  if (r->verdict != SHELF_VERDICT_UNSTABLE && answered(r->verdict))
    o->got = r->answer;
  o->weights = malloc((n ? n : 1) * sizeof *o->weights);
  if (o->weights == NULL) {
    drop(L, r);
    return SHELF_NOMEM;
  }
  memcpy(o->weights, w, n * sizeof *w);
  o->n = n;
  o->expected = expected;
  o->cpu = r->cpu;
  o->detail = r->detail;
  r->detail = NULL;
  return st;
}

shelf_status shelf_judge_run(const shelf_judge *j, shelf_judgement *out) {
  if (out == NULL)
    return SHELF_INVALID;
  memset(out, 0, sizeof *out);
  int side_by_side = j != NULL && j->jobs > 1;
  if (j == NULL || j->problem == NULL || j->lo > j->hi || j->max_n == 0 ||
      (unsigned)j->answer > SHELF_ANSWER_WINNER ||
      (side_by_side ? j->start == NULL || j->finish == NULL : j->run == NULL))
    return SHELF_INVALID;
  out->release = j->release;
  out->ctx = j->ctx;
  out->verdict = SHELF_VERDICT_OK;
  out->cpu = -1;
  out->growth.startup = -1;
  loop L = {0};
  L.j = j;
  L.patience = 1;
  L.out = out;
  L.jobs = side_by_side ? j->jobs : 1;
  L.quickest = -1;
  L.plan = (shelf_plan){j->max_n,
                        j->lo,
                        j->hi,
                        j->tries,
                        j->seed,
                        j->problem->samples,
                        j->problem->sample_n};
  out->planned = shelf__plan_count(&L.plan);
  size_t room = j->max_n > 8 ? j->max_n : 8;
  int64_t *w = malloc(room * sizeof *w);
  if (w == NULL)
    return SHELF_NOMEM;
  pending f;
  shelf_status st = run_tries(&L, &f);
  if (st == SHELF_OK && f.w != NULL) {
    out->try_index = f.t + 1;
    out->kind = f.kind;
    out->has_other = f.has_other;
    out->other = f.other;
    out->has_got = f.has_got;
    if (f.r.verdict == SHELF_VERDICT_UNSTABLE)
      out->got = f.r.answer;
    memcpy(w, f.w, f.n * sizeof *w);
    shelf_run r = f.r;
    f.decided = 0; /* its run goes on to failed() */
    st = failed(&L, w, f.n, f.expected, &r);
  }
  pending_free(&L, &f);
  if (out->verdict == SHELF_VERDICT_TIMEOUT)
    fit_growth(&L, &out->growth);
  for (size_t i = 0; i < L.failing_count; i++)
    free((void *)L.failing[i].weights);
  free(L.times);
  free(w);
  if (st != SHELF_OK) { /* stopped: no verdict was reached */
    size_t planned = out->planned, tried = out->tried, skipped = out->skipped;
    size_t cut = out->cut_tries;
    shelf_judgement_free(out);
    out->planned = planned, out->tried = tried, out->skipped = skipped;
    out->cut_tries = cut;
    out->verdict = SHELF_VERDICT_OK;
    out->cpu = -1;
    out->growth.startup = -1;
  }
  return st;
}

void shelf_judgement_free(shelf_judgement *j) {
  if (j == NULL)
    return;
  if (j->detail != NULL && j->release != NULL)
    j->release(j->ctx, j->detail);
  free(j->weights);
  memset(j, 0, sizeof *j);
}
