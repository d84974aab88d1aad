/*
 * test_stream.c - the streaming path at scale and at its edges.
 *
 * The solver keeps its stack in 64-bit entries while the sum of |weight|
 * allows and widens it to 128 bits when it does not; the parser reads plain
 * text through a fast path, a 64-byte window at a time, and hands anything
 * unusual to its byte-at-a-time machine. Both are checked here against
 * independent computations:
 *
 *   - the widening boundary, exactly at and one past it, with a deep stack,
 *     and widen-then-reset cycles (batch mode);
 *   - long runs that merge (zigzag, mountains, valleys), against the engines
 *     that work on arrays with 128-bit values and the interval DP;
 *   - the fast path against the machine: any text, valid or not, fed whole,
 *     in random pieces, or one byte at a time (which never reaches the fast
 *     path), must give the same weights, results and errors (code, line,
 *     column, offset, found text), in whole-text and line mode;
 *   - numbers cut by 1 MiB (and other) piece boundaries.
 *
 * Random cases print their seed on failure; SHELF_TEST_SEED replays them.
 */
#include "harness.h"
/* shelf__parser_skip_line(), the library's own (the loop of --batch). */
#include "../src/internal.h"

/* The narrow stack holds while the sum of |weight| pushed is at most this
 * (NARROW_LIMIT in src/internal.h). */
#define LIMIT ((uint64_t)INT64_MAX - 2)

/* ==== Solving three ways ==== */

/* Pushes one weight at a time through a streaming solver. */
static shelf_result stream_solve(const int64_t *w, size_t n, unsigned flags) {
  shelf_solver *s;
  shelf_result r = {0};
  CHECK_STATUS(shelf_solver_new(&s, flags), SHELF_OK);
  for (size_t i = 0; i < n; i++)
    CHECK_STATUS(shelf_solver_push(s, w[i]), SHELF_OK);
  CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
  if (flags & SHELF_KEEP_WEIGHTS) {
    size_t kn;
    const int64_t *kw = shelf_solver_weights(s, &kn);
    CHECK(kn == n && (n == 0 || memcmp(kw, w, n * sizeof *w) == 0));
  }
  shelf_solver_free(s);
  return r;
}

/* Pushes the whole array at once (push_many's fast loop, in rounds, falling
 * back to one at a time where the stack must widen). */
static shelf_result many_solve(const int64_t *w, size_t n) {
  shelf_solver *s;
  shelf_result r = {0};
  CHECK_STATUS(shelf_solver_new(&s, 0), SHELF_OK);
  size_t half = n / 3;
  CHECK_STATUS(shelf_solver_push_many(s, w, half), SHELF_OK);
  CHECK_STATUS(shelf_solver_push_many(s, w + half, n - half), SHELF_OK);
  CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
  shelf_solver_free(s);
  return r;
}

static shelf_result array_solve(const int64_t *w, size_t n, shelf_engine e) {
  shelf_result r = {0};
  CHECK_STATUS(shelf_solve(w, n, e, &r), SHELF_OK);
  return r;
}

/* The streaming solver agrees with the linear engine on the array (128-bit
 * stack throughout) and, for short shelves, with the interval DP. */
static int agree(const int64_t *w, size_t n, const char *what, uint64_t seed) {
  shelf_result a = stream_solve(w, n, 0);
  shelf_result b = array_solve(w, n, SHELF_ENGINE_LINEAR);
  shelf_result only = stream_solve(w, n, SHELF_KEEP_WEIGHTS);
  shelf_result many = many_solve(w, n);
  int ok = a.n == b.n && a.margin == b.margin && a.first == b.first &&
           a.second == b.second && only.n == a.n && only.margin == a.margin &&
           only.first == a.first && many.n == a.n && many.margin == a.margin &&
           many.first == a.first;
  if (ok && n <= 2000) {
    shelf_result c = array_solve(w, n, SHELF_ENGINE_DP);
    ok = c.margin == a.margin;
  }
  if (!ok) {
    char m1[SHELF_I128_BUFSIZE], m2[SHELF_I128_BUFSIZE];
    shelf_i128_format(a.margin, m1);
    shelf_i128_format(b.margin, m2);
    fprintf(stderr, "%s (n %zu, seed %" PRIu64 "): stream %s, array %s\n", what,
            n, seed, m1, m2);
  }
  return ok;
}

/* ==== The widening boundary ==== */

static void test_widen_boundary(void) {
  /* A deep stack of small weights (strictly decreasing keeps them all),
   * then one weight that brings the sum of |weight| to the limit exactly,
   * one past it, or far past it, then more small weights that merge with
   * what is below. */
  size_t deep = 5000;
  int64_t *w = malloc((deep + 100) * sizeof *w);
  REQUIRE(w != NULL);
  uint64_t prefix = 0;
  for (size_t i = 0; i < deep; i++) {
    w[i] = (int64_t)(deep - i) * 1000;
    prefix += (uint64_t)w[i];
  }
  const int64_t big[] = {(int64_t)(LIMIT - prefix),
                         (int64_t)(LIMIT - prefix + 1),
                         -(int64_t)(LIMIT - prefix),
                         -(int64_t)(LIMIT - prefix + 1),
                         INT64_MAX,
                         INT64_MIN,
                         INT64_MAX - 1};
  for (size_t b = 0; b < sizeof big / sizeof big[0]; b++) {
    for (size_t tail = 0; tail <= 40; tail += 8) {
      size_t n = deep;
      w[n++] = big[b];
      for (size_t t = 0; t < tail; t++)
        w[n++] = (int64_t)(t % 3 == 0 ? 7 : 5000 * (t + 1));
      CHECK(agree(w, n, "widen at the boundary", b));
    }
  }
  /* Just below the limit the whole way: many weights of 2^58. */
  size_t n = 0;
  uint64_t sum = 0;
  while (sum + ((uint64_t)1 << 58) <= LIMIT) {
    w[n] = n % 2 ? (int64_t)1 << 58 : -((int64_t)1 << 58);
    sum += (uint64_t)1 << 58;
    n++;
  }
  CHECK(agree(w, n, "just below the limit", 0));
  w[n++] = 3; /* and over it */
  CHECK(agree(w, n, "just over the limit", 0));
  free(w);
}

/* Widening a large stack converts it in place; results stay exact. */
static void test_widen_deep(void) {
  size_t n = 300000;
  int64_t *w = malloc((n + 10) * sizeof *w);
  REQUIRE(w != NULL);
  for (size_t i = 0; i < n; i++)
    w[i] = (int64_t)(n - i); /* strictly decreasing: the stack keeps all */
  w[n] = INT64_MAX;
  w[n + 1] = INT64_MIN;
  w[n + 2] = 12345;
  for (size_t m = n; m <= n + 3; m++)
    CHECK(agree(w, m, "widen a deep stack", m));
  shelf_result r = stream_solve(w, n + 3, SHELF_KEEP_WEIGHTS);
  CHECK(r.n == n + 3);
  free(w);
}

/* Batch mode widens a shelf of extremes and resets for the next one, many
 * times over: each cycle must start narrow again and memory must not grow
 * from cycle to cycle (it used to double, until allocation failed). */
static void test_reset_cycles(void) {
  shelf_solver *s;
  REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
  rng g = {test_seed()};
  int64_t w[64];
  for (int cycle = 0; cycle < 200; cycle++) {
    size_t n = 1 + (size_t)rng_range(&g, 0, 63);
    int extreme = cycle % 2 == 0;
    for (size_t i = 0; i < n; i++)
      w[i] = extreme ? (rng_next(&g) % 2 ? INT64_MAX : INT64_MIN)
                     : rng_range(&g, -100, 100);
    for (size_t i = 0; i < n; i++)
      CHECK_STATUS(shelf_solver_push(s, w[i]), SHELF_OK);
    shelf_result got, want = array_solve(w, n, SHELF_ENGINE_DP);
    CHECK_STATUS(shelf_solver_result(s, &got), SHELF_OK);
    CHECK_I128(got.margin, want.margin);
    CHECK_I128(got.first, want.first);
    shelf_solver_reset(s);
  }
  shelf_solver_free(s);
}

/* ==== Long runs that merge ==== */

static void test_long_merges(void) {
  size_t n = 200001;
  int64_t *w = malloc(n * sizeof *w);
  REQUIRE(w != NULL);
  /* Zigzag: every peak merges at once. */
  for (size_t i = 0; i < n; i++)
    w[i] = i % 2 ? 10000 : 1;
  CHECK(agree(w, n, "zigzag", 0));
  /* A mountain: the climb stays on the stack, the descent merges it. */
  for (size_t i = 0; i < n; i++)
    w[i] = (int64_t)(i <= n / 2 ? i : n - i);
  CHECK(agree(w, n, "mountain", 0));
  /* A valley: nothing merges until the very end. */
  for (size_t i = 0; i < n; i++)
    w[i] = (int64_t)(i <= n / 2 ? n / 2 - i : i - n / 2);
  CHECK(agree(w, n, "valley", 0));
  /* Plateaus of equal weights, ties at every comparison. */
  for (size_t i = 0; i < n; i++)
    w[i] = (int64_t)((i / 1000) % 2 ? 7 : 7000);
  CHECK(agree(w, n, "plateaus", 0));
  /* Saw teeth whose peaks cascade: long climbs, sudden drops. */
  for (size_t i = 0; i < n; i++)
    w[i] = (int64_t)(i % 997) * 1000 - 500000;
  CHECK(agree(w, n, "saw", 0));
  /* Short mountains and the DP, which fits for these. */
  for (size_t m = 1; m < 1200; m += 97) {
    for (size_t i = 0; i < m; i++)
      w[i] = (int64_t)(i <= m / 2 ? i : m - i) - 300;
    CHECK(agree(w, m, "small mountain", m));
  }
  free(w);
}

/* Random shelves from several distributions, pushed one at a time. */
static void test_random_streams(void) {
  uint64_t seed = test_seed() ^ 0x5eed5717u;
  rng g = {seed};
  int64_t *w = malloc(3000 * sizeof *w);
  REQUIRE(w != NULL);
  for (int t = 0; t < 3000; t++) {
    size_t n = (size_t)rng_range(&g, 0, t % 10 == 0 ? 2999 : 200);
    int kind = (int)rng_range(&g, 0, 4);
    for (size_t i = 0; i < n; i++) {
      switch (kind) {
      case 0:
        w[i] = rng_range(&g, 1, 10000);
        break;
      case 1:
        w[i] = rng_range(&g, -3, 3);
        break;
      case 2: /* mostly small, now and then extreme */
        w[i] = rng_next(&g) % 50  ? rng_range(&g, -1000, 1000)
               : rng_next(&g) % 2 ? INT64_MAX - rng_range(&g, 0, 3)
                                  : INT64_MIN + rng_range(&g, 0, 3);
        break;
      case 3:
        w[i] = (int64_t)rng_next(&g);
        break;
      default:
        w[i] = rng_range(&g, -((int64_t)1 << 59), (int64_t)1 << 59);
        break;
      }
    }
    if (!agree(w, n, "random stream", seed + (uint64_t)t)) {
      CHECK(0);
      break;
    }
  }
  free(w);
}

/* ==== The parser: fast path against the machine ==== */

/* What parsing a text gives: for each shelf, its result (or its error), and
 * all weights kept, folded into a hash. Line mode is driven as the shelf
 * command drives it with --keep-going. */
typedef struct outcome {
  shelf_status final;     /* status of the last feed or finish */
  uint64_t shelves;       /* shelves ended */
  uint64_t errors;        /* errors reported */
  uint64_t hash;          /* every result, error and weight */
  shelf_parse_error last; /* the last error */
} outcome;

static void mix(uint64_t *h, uint64_t v) {
  *h = (*h ^ v) * 0x100000001b3u;
  *h ^= *h >> 29;
}

static void mix_result(outcome *o, shelf_solver *s) {
  shelf_result r;
  CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
  mix(&o->hash, r.n);
  mix(&o->hash, (uint64_t)r.margin);
  mix(&o->hash, (uint64_t)(r.margin >> 64));
  mix(&o->hash, (uint64_t)r.first);
  size_t kn;
  const int64_t *kw = shelf_solver_weights(s, &kn);
  for (size_t i = 0; i < kn; i++)
    mix(&o->hash, (uint64_t)kw[i]);
  o->shelves++;
}

static void mix_error(outcome *o, const shelf_parse_error *e) {
  mix(&o->hash, (uint64_t)e->code);
  mix(&o->hash, e->line);
  mix(&o->hash, e->column);
  mix(&o->hash, e->offset);
  for (const char *c = e->found; *c; c++)
    mix(&o->hash, (unsigned char)*c);
  o->last = *e;
  o->errors++;
}

/* Parses text in pieces: sizes[k % nsizes] bytes at a time (0 means the
 * rest), or one byte at a time if nsizes is 0. */
static outcome parse_text(const char *text, size_t len, unsigned pflags,
                          unsigned sflags, const size_t *sizes, size_t nsizes) {
  outcome o = {SHELF_OK, 0, 0, 1469598103934665603u, {0}};
  shelf_parser *p;
  shelf_solver *s;
  CHECK_STATUS(shelf_parser_new(&p, pflags), SHELF_OK);
  CHECK_STATUS(shelf_solver_new(&s, sflags), SHELF_OK);
  size_t pos = 0, k = 0;
  int lines = (pflags & SHELF_PARSE_LINES) != 0;
  while (pos < len) {
    size_t piece = nsizes ? sizes[k++ % nsizes] : 1;
    if (piece == 0 || piece > len - pos)
      piece = len - pos;
    size_t off = 0;
    while (off < piece) {
      size_t used;
      int ended;
      shelf_status st =
          shelf_parser_feed(p, s, text + pos + off, piece - off, &used, &ended);
      off += used;
      o.final = st;
      if (st != SHELF_OK) {
        mix_error(&o, shelf_parser_error(p));
        if (!lines)
          goto done;
        shelf__parser_skip_line(p);
        shelf_solver_reset(s);
        continue;
      }
      if (ended) {
        mix_result(&o, s);
        shelf_solver_reset(s);
      }
    }
    pos += piece;
  }
  int ended;
  o.final = shelf_parser_finish(p, s, &ended);
  if (o.final != SHELF_OK)
    mix_error(&o, shelf_parser_error(p));
  else if (ended)
    mix_result(&o, s);
done:
  shelf_parser_free(p);
  shelf_solver_free(s);
  return o;
}

static int same(const outcome *a, const outcome *b) {
  return a->final == b->final && a->shelves == b->shelves &&
         a->errors == b->errors && a->hash == b->hash;
}

/* Text builder. */
typedef struct text {
  char *b;
  size_t len, cap;
} text;

static void put(text *t, const char *s, size_t n) {
  if (t->len + n > t->cap) {
    size_t c = t->cap ? t->cap : 1024;
    while (c < t->len + n)
      c *= 2;
    char *q = realloc(t->b, c);
    if (q == NULL)
      abort(); /* the test itself is out of memory */
    t->b = q;
    t->cap = c;
  }
  memcpy(t->b + t->len, s, n);
  t->len += n;
}

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

/* A weight as a text: 1 to 20 digits (long ones now and then), an optional
 * sign, leading zeros now and then. Some are out of range on purpose. */
static void put_weight(text *t, rng *g) {
  char buf[64];
  size_t k = 0;
  uint64_t r = rng_next(g) % 100;
  if (r < 8)
    buf[k++] = '-';
  else if (r < 10)
    buf[k++] = '+';
  if (rng_next(g) % 20 == 0) {
    size_t zeros = (size_t)rng_range(g, 1, 20);
    while (zeros-- > 0)
      buf[k++] = '0';
  }
  uint64_t sel = rng_next(g) % 100;
  size_t digits = sel < 70   ? (size_t)rng_range(g, 1, 5)
                  : sel < 95 ? (size_t)rng_range(g, 6, 16)
                             : (size_t)rng_range(g, 17, 20);
  for (size_t d = 0; d < digits; d++)
    buf[k++] = (char)('0' + (d == 0 ? rng_range(g, 1, 9) : rng_range(g, 0, 9)));
  put(t, buf, k);
}

/* A random text: weights and separators, and with probability `junk` per
 * item something the fast path must hand to the machine. */
static void random_text(text *t, rng *g, size_t items, unsigned junk_per_mille,
                        int json) {
  static const char *const seps[] = {" ",    "\n", "\t",   ",",  ", ",
                                     "\r\n", "  ", " \n ", ",\n"};
  static const char *const junk[] = {
      ".",    "e3",  "x",   "[",    "]",        "\r",           "\x01",
      "\xff", "+",   "-",   ",,",   "\xc3\xa9", "\xef\xbb\xbf", "0x1F",
      "--5",  "5-3", " , ", "\n\n", "[]",       "1.",           "\x7f"};
  t->len = 0;
  if (json)
    puts_(t, "[");
  for (size_t i = 0; i < items; i++) {
    if (rng_next(g) % 1000 < junk_per_mille)
      puts_(t, junk[rng_next(g) % (sizeof junk / sizeof junk[0])]);
    put_weight(t, g);
    puts_(t, json ? (rng_next(g) % 4 ? ", " : ",")
                  : seps[rng_next(g) % (sizeof seps / sizeof seps[0])]);
  }
  if (json)
    puts_(t, "]\n");
}

/* The fast path and the machine agree on random texts, in both modes, with
 * and without kept weights, in every way of cutting them. */
static void test_fast_vs_machine(void) {
  uint64_t seed = test_seed() ^ 0xfa57u;
  rng g = {seed};
  text t = {0};
  static const size_t random_sizes[] = {97, 1, 300, 64, 65, 0};
  size_t rs[16];
  for (int c = 0; c < 400; c++) {
    size_t items = (size_t)rng_range(&g, 0, c % 20 == 0 ? 4000 : 400);
    unsigned junk = c % 3 == 0 ? 0 : (unsigned)rng_range(&g, 1, 30);
    random_text(&t, &g, items, junk, c % 5 == 0);
    for (size_t k = 0; k < 16; k++)
      rs[k] = (size_t)rng_range(&g, 1, 400);
    /* Solver flags: none, and keep the weights. */
    static const unsigned solver_flags[2] = {0, SHELF_KEEP_WEIGHTS};
    for (unsigned mode = 0; mode < 4; mode++) {
      unsigned pflags = mode & 1 ? SHELF_PARSE_LINES : 0;
      unsigned sflags = solver_flags[mode >> 1];
      outcome machine = parse_text(t.b, t.len, pflags, sflags, NULL, 0);
      size_t whole = 0;
      outcome fast = parse_text(t.b, t.len, pflags, sflags, &whole, 1);
      outcome cut = parse_text(t.b, t.len, pflags, sflags, random_sizes, 6);
      outcome cut2 = parse_text(t.b, t.len, pflags, sflags, rs, 16);
      if (!same(&machine, &fast) || !same(&machine, &cut) ||
          !same(&machine, &cut2)) {
        fprintf(stderr,
                "fast path and machine differ: case %d, mode %u, seed %" PRIu64
                "; machine %s at %" PRIu64 ":%" PRIu64
                " \"%s\", fast %s at %" PRIu64 ":%" PRIu64 " \"%s\"\n",
                c, mode, seed, shelf_status_name(machine.final),
                machine.last.line, machine.last.column, machine.last.found,
                shelf_status_name(fast.final), fast.last.line, fast.last.column,
                fast.last.found);
        CHECK(0);
        free(t.b);
        return;
      }
    }
  }
  free(t.b);
}

/* Counted texts: shelves, each its count and then its weights (now and
 * then one too many or too few), mostly short, as contest files with many
 * tests have them, where the fast path stops at the count's last weight
 * in the middle of a window. */
static void random_counted_text(text *t, rng *g, size_t shelves,
                                unsigned junk_per_mille) {
  static const char *const seps[] = {" ", "\n", "\t", ",", "\r\n", "  "};
  t->len = 0;
  for (size_t i = 0; i < shelves; i++) {
    size_t k = (size_t)(rng_next(g) % 5 == 0 ? rng_range(g, 200, 900)
                                             : rng_range(g, 0, 40));
    size_t said = k;
    uint64_t odd = rng_next(g) % 40;
    if (odd == 0)
      said = k + 1;
    else if (odd == 1 && k > 0)
      said = k - 1;
    char buf[32];
    snprintf(buf, sizeof buf, "%zu%s", said, rng_next(g) % 2 ? "\n" : " ");
    puts_(t, buf);
    /* Now and then one digit a weight, so that a window holds 32 and a
     * run reaches its 256 (the limit between whole runs and capped ones). */
    int dense = rng_next(g) % 4 == 0;
    for (size_t w = 0; w < k; w++) {
      if (rng_next(g) % 1000 < junk_per_mille)
        puts_(t, rng_next(g) % 2 ? "x" : "-");
      if (dense) {
        char d[2] = {(char)('0' + rng_next(g) % 10), 0};
        puts_(t, d);
      } else {
        put_weight(t, g);
      }
      puts_(t, w + 1 == k ? "\n"
               : dense    ? " "
                          : seps[rng_next(g) % (sizeof seps / sizeof seps[0])]);
    }
  }
}

/* The fast path and the machine agree on counted texts, one counted shelf
 * and many, in every way of cutting them. */
static void test_fast_counted(void) {
  uint64_t seed = test_seed() ^ 0xc0u;
  rng g = {seed};
  text t = {0};
  static const size_t sizes[] = {97, 1, 300, 64, 65, 0};
  for (int c = 0; c < 300; c++) {
    int many = c % 2;
    unsigned junk = c % 3 == 0 ? 0 : (unsigned)rng_range(&g, 1, 10);
    random_counted_text(&t, &g, many ? (size_t)rng_range(&g, 1, 200) : 1, junk);
    unsigned pflags = SHELF_PARSE_COUNTED | (many ? SHELF_PARSE_LINES : 0);
    outcome machine = parse_text(t.b, t.len, pflags, 0, NULL, 0);
    size_t whole = 0;
    outcome fast = parse_text(t.b, t.len, pflags, 0, &whole, 1);
    outcome cut = parse_text(t.b, t.len, pflags, 0, sizes, 6);
    if (!same(&machine, &fast) || !same(&machine, &cut)) {
      fprintf(stderr,
              "counted: fast path and machine differ: case %d, seed %" PRIu64
              "; machine %s (%" PRIu64 " shelves), fast %s (%" PRIu64
              " shelves)\n",
              c, seed, shelf_status_name(machine.final), machine.shelves,
              shelf_status_name(fast.final), fast.shelves);
      CHECK(0);
      break;
    }
  }
  free(t.b);
}

/* Valid random texts give exactly the weights written, and the results the
 * array engines give for them. */
static void test_fast_values(void) {
  uint64_t seed = test_seed() ^ 0x7a1u;
  rng g = {seed};
  text t = {0};
  int64_t *w = malloc(5000 * sizeof *w);
  REQUIRE(w != NULL);
  for (int c = 0; c < 300; c++) {
    size_t n = (size_t)rng_range(&g, 0, 4999);
    t.len = 0;
    int json = c % 4 == 0;
    if (json)
      puts_(&t, "[");
    for (size_t i = 0; i < n; i++) {
      /* Any 64-bit weight, short ones most often. */
      uint64_t sel = rng_next(&g) % 10;
      w[i] = sel < 6   ? rng_range(&g, -99999, 99999)
             : sel < 9 ? rng_range(&g, -(int64_t)1e15, (int64_t)1e15)
                       : (int64_t)rng_next(&g);
      char buf[32];
      int k = snprintf(buf, sizeof buf, "%" PRId64, w[i]);
      put(&t, buf, (size_t)k);
      puts_(&t, json ? ", " : i % 7 == 6 ? "\n" : " ");
    }
    if (json)
      puts_(&t, "]");
    int64_t *got = NULL;
    size_t gn = 0;
    shelf_parse_error e;
    shelf_status st = shelf_parse(t.b, t.len, &got, &gn, &e);
    CHECK_STATUS(st, SHELF_OK);
    int ok = st == SHELF_OK && gn == n &&
             (n == 0 || memcmp(got, w, n * sizeof *w) == 0);
    if (!ok)
      fprintf(stderr, "weights differ: case %d, seed %" PRIu64 "\n", c, seed);
    CHECK(ok);
    shelf_weights_free(got);
    shelf_parser *p;
    shelf_solver *s;
    REQUIRE(shelf_parser_new(&p, 0) == SHELF_OK);
    REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
    size_t used;
    int ended;
    shelf_result r, want = array_solve(w, n, SHELF_ENGINE_LINEAR);
    CHECK_STATUS(shelf_parser_feed(p, s, t.b, t.len, &used, &ended), SHELF_OK);
    CHECK_STATUS(shelf_parser_finish(p, s, &ended), SHELF_OK);
    CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
    CHECK_I128(r.margin, want.margin);
    CHECK_I128(r.first, want.first);
    CHECK(r.n == n);
    shelf_parser_free(p);
    shelf_solver_free(s);
  }
  free(w);
  free(t.b);
}

/* Every awkward token at every position of a 64-byte window, inside a long
 * plain text, fast against the machine. */
static void test_fast_edges(void) {
#define TOKEN(s)                                                               \
  { s, sizeof(s) - 1 }
  static const struct {
    const char *s;
    size_t n;
  } tokens[] = {TOKEN("9223372036854775807"),
                TOKEN("-9223372036854775808"),
                TOKEN("9223372036854775808"),
                TOKEN("1234567890123456"),
                TOKEN("12345678901234567"),
                TOKEN("00000000000000000001"),
                TOKEN("-0"),
                TOKEN("+0"),
                TOKEN("+17"),
                TOKEN("5-3"),
                TOKEN("1.5"),
                TOKEN("1e3"),
                TOKEN("12abc"),
                TOKEN("7]"),
                TOKEN("[7"),
                TOKEN("\r\n"),
                TOKEN("\r"),
                TOKEN("\n\n"),
                TOKEN(","),
                TOKEN(", ,"),
                TOKEN("-"),
                TOKEN("+"),
                TOKEN("- 5"),
                TOKEN("\t"),
                TOKEN("\xef\xbb\xbf"),
                TOKEN("\x80"),
                TOKEN("99999999"),
                TOKEN("100000000"),
                TOKEN("1234567812345678"),
                TOKEN("-1234567812345678"),
                TOKEN("\0"),
                TOKEN("3\0"),
                TOKEN(" \r\n \n\t, 8"),
                TOKEN("\r\n\r\n")};
#undef TOKEN
  text t = {0};
  for (size_t k = 0; k < sizeof tokens / sizeof tokens[0]; k++) {
    for (size_t shift = 0; shift < 80; shift++) {
      t.len = 0;
      for (size_t i = 0; i < 40 + shift; i++)
        puts_(&t, i % 2 ? "7 " : "1\n");
      put(&t, "11", shift % 3); /* move the token within its window */
      /* Half the time right after a weight's digits, else after a space. */
      puts_(&t, shift % 2 ? "5" : " ");
      put(&t, tokens[k].s, tokens[k].n);
      puts_(&t, " ");
      for (size_t i = 0; i < 60; i++)
        puts_(&t, i % 3 ? "42," : "3\n");
      for (unsigned mode = 0; mode < 2; mode++) {
        unsigned pflags = mode ? SHELF_PARSE_LINES : 0;
        outcome machine =
            parse_text(t.b, t.len, pflags, SHELF_KEEP_WEIGHTS, NULL, 0);
        size_t whole = 0;
        outcome fast =
            parse_text(t.b, t.len, pflags, SHELF_KEEP_WEIGHTS, &whole, 1);
        if (!same(&machine, &fast)) {
          fprintf(stderr,
                  "token %zu at shift %zu, mode %u: machine %s %" PRIu64
                  ":%" PRIu64 ", fast %s %" PRIu64 ":%" PRIu64 "\n",
                  k, shift, mode, shelf_status_name(machine.final),
                  machine.last.line, machine.last.column,
                  shelf_status_name(fast.final), fast.last.line,
                  fast.last.column);
          CHECK(0);
          free(t.b);
          return;
        }
      }
    }
  }
  free(t.b);
}

/* Weights the machine reads (19 digits) bring the sum of |weight| near the
 * 64-bit limit; the fast path must then leave the rest to solver_push(),
 * which widens the stack, and the result stays exact. */
static void test_fast_budget(void) {
  text t = {0};
  int64_t w[3000];
  size_t n = 0;
  for (int lead = 0; lead < 3; lead++) {
    t.len = 0;
    n = 0;
    /* A deep valley bottom first: each (peak, lower) pair after it merges
     * into it, taking it further from zero every time. */
    static const int64_t big[] = {-9200000000000000000, -6000000000000000000,
                                  9000000000000000000};
    char buf[32];
    int k = snprintf(buf, sizeof buf, "%" PRId64 " ", big[lead]);
    put(&t, buf, (size_t)k);
    w[n++] = big[lead];
    for (int i = 0; i < 2500; i++) {
      int64_t v = lead == 2 ? (i % 3 ? 9999999999999999 : -9999999999999998)
                  : i % 2   ? -9999999999999999 + i
                            : 9999999999999999 - i;
      k = snprintf(buf, sizeof buf, "%" PRId64 "%s", v,
                   i % 10 == 9 ? "\n" : " ");
      put(&t, buf, (size_t)k);
      w[n++] = v;
    }
    shelf_parser *p;
    shelf_solver *s;
    REQUIRE(shelf_parser_new(&p, 0) == SHELF_OK);
    REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
    size_t used;
    int ended;
    CHECK_STATUS(shelf_parser_feed(p, s, t.b, t.len, &used, &ended), SHELF_OK);
    CHECK_STATUS(shelf_parser_finish(p, s, &ended), SHELF_OK);
    shelf_result r, want = array_solve(w, n, SHELF_ENGINE_LINEAR);
    CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
    CHECK_I128(r.margin, want.margin);
    CHECK_I128(r.first, want.first);
    CHECK_I128(array_solve(w, n, SHELF_ENGINE_DP).margin, want.margin);
    shelf_parser_free(p);
    shelf_solver_free(s);
  }
  free(t.b);
}

/* Numbers cut by piece boundaries of 1 MiB, 128 KiB (the command's read
 * size), 64 KiB and odd sizes, against the whole text and the known
 * weights. */
static void test_block_boundaries(void) {
  uint64_t seed = test_seed() ^ 0xb10cu;
  rng g = {seed};
  size_t n = 400000;
  int64_t *w = malloc(n * sizeof *w);
  text t = {0};
  REQUIRE(w != NULL);
  for (size_t i = 0; i < n; i++) {
    uint64_t sel = rng_next(&g) % 10;
    w[i] = sel < 7   ? rng_range(&g, 1, 10000)
           : sel < 9 ? rng_range(&g, -(int64_t)1e17, (int64_t)1e17)
                     : (int64_t)rng_next(&g);
    char buf[32];
    int k = snprintf(buf, sizeof buf, "%" PRId64, w[i]);
    put(&t, buf, (size_t)k);
    puts_(&t, i % 5 == 4 ? "\n" : " ");
  }
  shelf_result want = array_solve(w, n, SHELF_ENGINE_LINEAR);
  static const size_t sizes[][3] = {
      {1u << 20, 0, 0}, {(1u << 20) + 7, 0, 0},   {1u << 17, 0, 0},
      {1u << 16, 0, 0}, {(1u << 16) - 1, 17, 80}, {4093, 1, 96}};
  size_t whole = 0;
  outcome o = parse_text(t.b, t.len, 0, 0, &whole, 1);
  CHECK_STATUS(o.final, SHELF_OK);
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    size_t ns = sizes[k][1] ? (sizes[k][2] ? 3 : 2) : 1;
    outcome cut = parse_text(t.b, t.len, 0, 0, sizes[k], ns);
    CHECK(same(&o, &cut));
    /* And the result itself, fed the same way. */
    shelf_parser *p;
    shelf_solver *s;
    REQUIRE(shelf_parser_new(&p, 0) == SHELF_OK);
    REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
    size_t pos = 0, j = 0, used;
    int ended;
    while (pos < t.len) {
      size_t piece = sizes[k][j++ % ns];
      if (piece > t.len - pos)
        piece = t.len - pos;
      CHECK_STATUS(shelf_parser_feed(p, s, t.b + pos, piece, &used, &ended),
                   SHELF_OK);
      pos += piece;
    }
    CHECK_STATUS(shelf_parser_finish(p, s, &ended), SHELF_OK);
    shelf_result r;
    CHECK_STATUS(shelf_solver_result(s, &r), SHELF_OK);
    CHECK_I128(r.margin, want.margin);
    CHECK_I128(r.first, want.first);
    CHECK(r.n == n);
    shelf_parser_free(p);
    shelf_solver_free(s);
  }
  free(w);
  free(t.b);
}

static const test tests[] = {
    {"widening at the 64-bit boundary", test_widen_boundary},
    {"widening a deep stack in place", test_widen_deep},
    {"widen and reset, 200 cycles", test_reset_cycles},
    {"long runs that merge", test_long_merges},
    {"random streams against the array engines", test_random_streams},
    {"fast path against the machine, random texts", test_fast_vs_machine},
    {"fast path against the machine, counted texts", test_fast_counted},
    {"fast path values against the text written", test_fast_values},
    {"awkward tokens at every window position", test_fast_edges},
    {"the fast path near the 64-bit limit", test_fast_budget},
    {"numbers cut by piece boundaries", test_block_boundaries},
};

TEST_MAIN(tests)
