/*
 * judge_loop.c - the judge's loop, shared by every surface that judges a
 * solution: `shelf check` runs a program, Python's shelf.check() calls a
 * function, and each gives only a runner, a callback that runs one try.
 * Everything a verdict depends on is here and in the two files below it,
 * once: the plan made one try at a time, the second run that finds an
 * unstable answer, the second chance of a time limit, the mistake named;
 * the runs, their comparison with the exact answer and shrinking in
 * src/judge/judge_runs.c; the probes that say why a program ran out of time
 * in src/judge/judge_timeout.c.
 *
 * The runner measures (CPU time, resident memory, output); these files only
 * decide. So a verdict never depends on how a surface runs a program.
 */
#include "judge_timeout.h"

#include <string.h>

/* The most runs spent shrinking a wrong answer, a crash or bad output. */
#define SHRINK_MAX 600
/* ... and the weights of a failure at the largest n only, each run the
 * longest shelf: the whole-shelf candidates and a few steps beyond. */
#define SHRINK_LONG_MAX 40
/* The fewest random tries a budget leaves (where the plan has them): the
 * sizes still double from 1 wheel to the largest. */
#define BUDGET_TRIES_MIN 12
/* Tries made ahead of the first one undecided, per job: enough to keep
 * every job busy while a slow try (a time limit) holds the first. */
#define AHEAD_PER_JOB 3

/* A limit the program ran into: the verdict of the run, not a change. */
static int limit_hit(shelf_verdict v) {
  return v == SHELF_VERDICT_TIMEOUT || v == SHELF_VERDICT_IDLE ||
         v == SHELF_VERDICT_MEMORY;
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
      shelf__loop_drop(L, &p->run[k]);
  if (p->decided)
    shelf__loop_drop(L, &p->r);
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
      shelf__loop_drop(L, b);
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
    shelf__loop_drop(L, a);
    p->r = *b;
  } else {
    int same = b->verdict == a->verdict && b->output == a->output &&
               (!shelf__loop_answered(a->verdict) || b->answer == a->answer);
    if (!same) {
      p->has_other = shelf__loop_answered(b->verdict);
      p->other = b->answer;
      p->has_got = shelf__loop_answered(a->verdict);
      a->verdict = SHELF_VERDICT_UNSTABLE;
    }
    shelf__loop_drop(L, b);
    p->r = *a;
  }
  p->state[ROLE_FIRST] = p->state[ROLE_AGAIN] = RUN_NONE;
  p->decided = 1;
}

/* A run of try p ended (role, result r): a time limit gets its second
 * chance; else the run is kept and the try decided if it can be. */
static void ended(loop *L, pending *p, int role, shelf_run *r) {
  if (shelf__loop_judged(L, p->expected, 1, r) && p->time_count < 2 * ROLES) {
    p->times[p->time_count] = (timing){p->n, r->cpu};
    p->time_role[p->time_count++] = role;
  }
  if (r->verdict == SHELF_VERDICT_TIMEOUT && p->started[role] == 1) {
    shelf__loop_drop(L, r);
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
        shelf__loop_progress(L, SHELF_STAGE_TRY, L->decided, L->out->planned,
                             L->last_n);
        int failing = h->r.verdict != SHELF_VERDICT_OK;
        for (size_t i = 0; i < h->time_count; i++)
          if (h->time_role[i] == ROLE_FIRST || !failing)
            shelf__loop_keep_time(L, h->times[i].n, h->times[i].cpu);
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
        shelf__loop_progress(L, SHELF_STAGE_TRY, L->decided, L->out->planned,
                             p->n);
      }
      size_t slot = 0;
      while (fl[slot].busy)
        slot++;
      p->started[role]++;
      p->state[role] = RUN_GOING;
      if ((st = shelf__loop_start_run(L, slot, p->w, p->n, 1)) != SHELF_OK)
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
    shelf_status fst = shelf__loop_finish_run(L, &slot, &r);
    if (slot >= jobs || !fl[slot].busy) { /* a runner that broke its word */
      shelf__loop_drop(L, &r);
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
      shelf__loop_drop(L, &r);
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
    if (shelf__loop_finish_run(L, &slot, &r) == SHELF_OK || slot < jobs) {
      shelf__loop_drop(L, &r);
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
  shelf__loop_progress(L, SHELF_STAGE_SHRINK, 1, 1, n);
  if ((st = shelf__loop_once(L, w, n, expected, &r)) != SHELF_OK)
    return st;
  L->out->shrink_runs++;
  *passed = r.verdict == SHELF_VERDICT_OK;
  shelf__loop_drop(L, &r);
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
  if (st == SHELF_OK &&
      (st = shelf__loop_once(L, p, m, expected, &r)) == SHELF_OK) {
    L->out->shrink_runs++;
    if (r.verdict == SHELF_VERDICT_WRONG && L->failing_count == FAILING_MAX)
      free((void *)L->failing[--L->failing_count].weights); /* room for it */
    if (r.verdict == SHELF_VERDICT_WRONG)
      shelf__loop_keep_failing(L, p, m, r.answer);
    else
      L->out->mistake = SHELF_MISTAKE_NONE;
    shelf__loop_drop(L, &r);
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
    shelf__loop_keep_failing(L, w, n, r->answer);
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
    st = shelf__loop_shrink(L, w, &n, &k,
                            short_passed ? SHRINK_LONG_MAX : SHRINK_MAX,
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
        !shelf__loop_greedy_without_tie(w, n) &&
        shelf__loop_greedy_without_tie(original, o->shrunk_from)) {
      int64_t *again = malloc(o->shrunk_from * sizeof *again);
      if (again != NULL) {
        size_t an = o->shrunk_from;
        memcpy(again, original, an * sizeof *again);
        i128 aexp;
        shelf_run ar = {0};
        want k = {SHELF_VERDICT_WRONG, 0, 1, 0};
        if (shelf_answer_of(L->j->answer, again, an, &aexp) == SHELF_OK &&
            (st = shelf__loop_shrink(L, again, &an, &k, SHRINK_MAX, SIZE_MAX, 0,
                                     &aexp, &ar)) == SHELF_OK &&
            ar.verdict == SHELF_VERDICT_WRONG) {
          memcpy(w, again, an * sizeof *w);
          n = an;
          expected = aexp;
          shelf__loop_drop(L, r);
          *r = ar;
        } else {
          shelf__loop_drop(L, &ar);
        }
        free(again);
      }
    }
  }
  if (st == SHELF_OK && r->verdict == SHELF_VERDICT_TIMEOUT)
    st = shelf__explain_timeout(L, w, &n, &expected, r);
  /* Shown by experiment: this length fails, one wheel fewer passes. */
  if (st == SHELF_OK && at_largest && short_passed && n == L->plan.max_n &&
      (r->verdict == SHELF_VERDICT_WRONG || r->verdict == SHELF_VERDICT_CRASH))
    o->mistake = SHELF_MISTAKE_LARGEST_N;
  free(original);
  if (o->verdict == SHELF_VERDICT_WRONG) {
    o->has_got = 1;
  }
  if (r->verdict != SHELF_VERDICT_UNSTABLE && shelf__loop_answered(r->verdict))
    o->got = r->answer;
  o->weights = malloc((n ? n : 1) * sizeof *o->weights);
  if (o->weights == NULL) {
    shelf__loop_drop(L, r);
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
    shelf__fit_growth(&L, &out->growth);
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
