/*
 * test_read.c - shelf_read() and shelf_read_batch() (src/pieces/read.c) against
 * one parser fed the whole text: on one thread and on three, a file
 * (read_at) and a stream (read), with pieces of a few bytes so that every
 * cut lands near the errors. The answer, or the first error's code, line,
 * column and offset, must be the one pass's; in batch, each shelf's margin
 * or error, in order. Then the sizes the reader must not trust (a file
 * of size 0 that holds text, as procfs gives; a file shorter than its
 * size, as one that shrinks while it is read gives), and the threads a
 * huge `threads` starts on a tiny input.
 */
#if defined(__linux__) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* nanosleep, for threads_settle() */
#endif
#include "harness.h"

#include <limits.h>
#ifdef __linux__
#include <time.h>
#endif

/* A text in memory as a source; a stream gives it in short reads. */
typedef struct memory {
  const char *text;
  size_t len, at;
  size_t fail_at; /* a read past this fails with EIO's number (5); 0: never */
} memory;

static int64_t memory_read_at(void *ctx, char *buf, size_t len,
                              uint64_t offset) {
  const memory *m = ctx;
  if (m->fail_at != 0 && offset + len > m->fail_at)
    return -5;
  if (offset >= m->len)
    return 0;
  size_t n = m->len - (size_t)offset < len ? m->len - (size_t)offset : len;
  memcpy(buf, m->text + offset, n);
  return (int64_t)n;
}

static int64_t memory_read(void *ctx, char *buf, size_t len) {
  memory *m = ctx;
  size_t n = len < 7 ? len : 7; /* short reads, as a pipe gives */
  if (m->fail_at != 0 && m->at + n > m->fail_at)
    return -5;
  int64_t got = memory_read_at(m, buf, n, m->at);
  m->at += (size_t)got;
  return got;
}

/* A stream that gives what is asked: long texts in few reads. */
static int64_t memory_read_at_once(void *ctx, char *buf, size_t len) {
  memory *m = ctx;
  int64_t got = memory_read_at(m, buf, len, m->at);
  m->at += got > 0 ? (size_t)got : 0;
  return got;
}

static shelf_source source_of(memory *m, int stream) {
  shelf_source s;
  memset(&s, 0, sizeof s);
  s.ctx = m;
  if (stream) {
    s.read = memory_read;
  } else {
    s.read_at = memory_read_at;
    s.size = m->len;
  }
  return s;
}

/* One pass: the margin, or the first error. */
static shelf_status one_pass(const char *text, unsigned flags, shelf_result *r,
                             shelf_parse_error *e) {
  shelf_parser *p = NULL;
  shelf_solver *s = NULL;
  if (shelf_parser_new(&p, flags) != SHELF_OK ||
      shelf_solver_new(&s, 0) != SHELF_OK)
    abort();
  size_t used;
  int ended;
  shelf_status st = shelf_parser_feed(p, s, text, strlen(text), &used, &ended);
  if (st == SHELF_OK)
    st = shelf_parser_finish(p, s, &ended);
  if (st == SHELF_OK)
    st = shelf_solver_result(s, r);
  else
    *e = *shelf_parser_error(p);
  shelf_parser_free(p);
  shelf_solver_free(s);
  return st;
}

static void check_one(const char *text, unsigned flags) {
  shelf_result want;
  shelf_parse_error want_e;
  memset(&want_e, 0, sizeof want_e);
  shelf_status want_st = one_pass(text, flags, &want, &want_e);
  for (int stream = 0; stream < 2; stream++)
    for (unsigned threads = 1; threads <= 3; threads += 2)
      for (size_t piece = 1; piece <= 9; piece += 4) {
        memory m = {text, strlen(text), 0, 0};
        shelf_source src = source_of(&m, stream);
        shelf_read_options opt = {
            .threads = threads, .parse_flags = flags, .piece = piece};
        shelf_solver *s = NULL;
        if (shelf_solver_new(&s, 0) != SHELF_OK)
          abort();
        shelf_result got;
        shelf_read_error e;
        shelf_status st = shelf_read(&src, &opt, s, &got, &e);
        CHECK_STATUS(st, want_st);
        if (st == SHELF_OK && want_st == SHELF_OK) {
          CHECK(got.n == want.n);
          CHECK_I128(got.margin, want.margin);
        } else if (st == want_st) {
          CHECK(e.parse.line == want_e.line &&
                e.parse.column == want_e.column &&
                e.parse.offset == want_e.offset &&
                strcmp(e.parse.found, want_e.found) == 0);
        }
        if (harness_failures > 0 && st != want_st)
          fprintf(stderr, "  text %s, stream %d, threads %u, piece %zu\n", text,
                  stream, threads, piece);
        shelf_solver_free(s);
      }
}

static void test_one_shelf(void) {
  static const char *texts[] = {
      "7 2 9 4",
      "[7, 2, 9, 4]\n",
      "wheels = [1, 2,\n 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
      "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 x 22",
      "1 2 3 4 5 6\n7 8 9 [10 11 12",
      "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,, 12]",
      "1 2 3 4 5 6 7 8 9 99999999999999999999 1 2 3",
      "",
  };
  for (size_t k = 0; k < sizeof texts / sizeof *texts; k++)
    check_one(texts[k], 0);
}

static void test_counted(void) {
  static const char *texts[] = {
      "4\n10 80 90 30\n",
      "12 1 2 3 4 5 6 7 8 9 10 11 12",
      "12 1 2 3 4 5 6 7 8 9 10 11",
      "3 1 2 3 4 5 6 7 8 9",
      "3 1 2 3,",
      "-3 1 2 3",
  };
  for (size_t k = 0; k < sizeof texts / sizeof *texts; k++)
    check_one(texts[k], SHELF_PARSE_COUNTED);
}

/* --batch: each shelf's margin, or its error's line and column, in a
 * line of text. */
typedef struct heard {
  char said[2048];
  size_t len;
  int stop_after; /* stop after this many shelves; 0: never */
  int shelves;
} heard;

static int hear(void *ctx, shelf_status st, const shelf_result *r,
                const shelf_parse_error *e, const shelf_solver *solver) {
  (void)solver; /* no weights were asked for */
  heard *h = ctx;
  char one[96];
  char margin[SHELF_I128_BUFSIZE] = "";
  if (e == NULL && st == SHELF_OK)
    shelf_i128_format(r->margin, margin);
  if (e != NULL)
    snprintf(one, sizeof one, "%d@%llu:%llu;", (int)st,
             (unsigned long long)e->line, (unsigned long long)e->column);
  else
    snprintf(one, sizeof one, "%s;", margin);
  size_t n = strlen(one);
  if (h->len + n < sizeof h->said) {
    memcpy(h->said + h->len, one, n + 1);
    h->len += n;
  }
  return ++h->shelves == h->stop_after;
}

static void check_batch(const char *text, unsigned flags, int keep_going) {
  heard want = {.stop_after = 0};
  shelf_read_error e;
  memory m0 = {text, strlen(text), 0, 0};
  shelf_source src0 = source_of(&m0, 0);
  shelf_read_options one = {.threads = 1,
                            .parse_flags = flags,
                            .keep_going = keep_going,
                            .ctx = &want,
                            .shelf = hear};
  shelf_status want_st = shelf_read_batch(&src0, &one, &e);
  for (int stream = 0; stream < 2; stream++)
    for (size_t piece = 1; piece <= 9; piece += 4) {
      heard got = {.stop_after = 0};
      memory m = {text, strlen(text), 0, 0};
      shelf_source src = source_of(&m, stream);
      shelf_read_options opt = one;
      opt.threads = 3;
      opt.piece = piece;
      opt.ctx = &got;
      CHECK_STATUS(shelf_read_batch(&src, &opt, &e), want_st);
      CHECK(strcmp(got.said, want.said) == 0);
      if (strcmp(got.said, want.said) != 0)
        fprintf(stderr, "  %s\n  got  %s\n  want %s\n", text, got.said,
                want.said);
    }
}

static void test_batch(void) {
  static const char *texts[] = {
      "7 2 9 4\n1 2\n\n[3, 4]\n5 6 7 8 9 10 11 12 13 14 15 16\n9",
      "1 2\nx 3\n4 5 6\n7,,8\n9\n",
      "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24\n1\n",
  };
  for (size_t k = 0; k < sizeof texts / sizeof *texts; k++)
    for (int keep_going = 0; keep_going < 2; keep_going++)
      check_batch(texts[k], SHELF_PARSE_LINES, keep_going);
  static const char *counted[] = {
      "2 1 2\n3 1 2 3\n0\n4\n1 2\n3 4\n",
      "2 1 2\n3 1 x 3\n1 5\n",
      "2 1 2\n-1\n1 5\n",
  };
  for (size_t k = 0; k < sizeof counted / sizeof *counted; k++)
    for (int keep_going = 0; keep_going < 2; keep_going++)
      check_batch(counted[k], SHELF_PARSE_LINES | SHELF_PARSE_COUNTED,
                  keep_going);
}

/* The hook stops the read; a read error ends it with its number. */
static void test_stop_and_errors(void) {
  const char *text = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
  for (unsigned threads = 1; threads <= 3; threads += 2) {
    heard h = {.stop_after = 3};
    memory m = {text, strlen(text), 0, 0};
    shelf_source src = source_of(&m, 1);
    shelf_read_options opt = {.threads = threads,
                              .parse_flags = SHELF_PARSE_LINES,
                              .piece = 4,
                              .ctx = &h,
                              .shelf = hear};
    shelf_read_error e;
    CHECK_STATUS(shelf_read_batch(&src, &opt, &e), SHELF_OK);
    CHECK(e.stopped == 1 && h.shelves == 3);
  }
  const char *plain = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16";
  for (int stream = 0; stream < 2; stream++)
    for (unsigned threads = 1; threads <= 3; threads += 2) {
      memory m = {plain, strlen(plain), 0, 20};
      shelf_source src = source_of(&m, stream);
      shelf_read_options opt = {.threads = threads, .piece = 5};
      shelf_solver *s = NULL;
      if (shelf_solver_new(&s, 0) != SHELF_OK)
        abort();
      shelf_read_error e;
      CHECK_STATUS(shelf_read(&src, &opt, s, NULL, &e), SHELF_INVALID);
      CHECK(e.read_errno == 5);
      CHECK(e.offset <= 20); /* where the read that failed was */
      if (e.read_errno != 5)
        fprintf(stderr, "  stream %d threads %u errno %d\n", stream, threads,
                e.read_errno);
      shelf_solver_free(s);
    }
  shelf_source none;
  memset(&none, 0, sizeof none);
  shelf_read_error e;
  CHECK_STATUS(shelf_read(&none, NULL, NULL, NULL, &e), SHELF_INVALID);
  CHECK_STATUS(shelf_read_batch(&none, NULL, &e), SHELF_INVALID);
}

/* ==== Sizes not to trust ==== */

/* A file that says its size is 0 and holds text (procfs: the size of
 * /proc/sys/kernel/pid_max is 0): read to its end, on every path. */
static void test_size_zero(void) {
  static const char *texts[] = {"32768\n", "7 2 9 4\n1 2 3\n", ""};
  for (size_t k = 0; k < sizeof texts / sizeof *texts; k++)
    for (unsigned counted = 0; counted < 2; counted++) {
      const char *text = texts[k];
      if (counted && k == 0)
        text = "1 32768\n";
      shelf_result want;
      shelf_parse_error want_e;
      unsigned flags = counted ? SHELF_PARSE_COUNTED : 0;
      shelf_status want_st = one_pass(text, flags, &want, &want_e);
      for (unsigned threads = 1; threads <= 3; threads += 2)
        for (size_t piece = 0; piece <= 4; piece += 4) {
          int failed = harness_failures;
          memory m = {text, strlen(text), 0, 0};
          shelf_source src = source_of(&m, 0);
          src.size = 0;
          shelf_read_options opt = {
              .threads = threads, .parse_flags = flags, .piece = piece};
          shelf_solver *s = NULL;
          if (shelf_solver_new(&s, 0) != SHELF_OK)
            abort();
          shelf_result got;
          shelf_read_error e;
          shelf_status st = shelf_read(&src, &opt, s, &got, &e);
          CHECK_STATUS(st, want_st);
          if (st == SHELF_OK && want_st == SHELF_OK) {
            CHECK(got.n == want.n);
            CHECK_I128(got.margin, want.margin);
          }
          shelf_solver_free(s);
          /* One shelf a line: each line's margin, as from the true size. */
          heard want_b = {.stop_after = 0}, got_b = {.stop_after = 0};
          memory m1 = {text, strlen(text), 0, 0}, m2 = m1;
          shelf_source sized = source_of(&m1, 0), unsized = source_of(&m2, 0);
          unsized.size = 0;
          shelf_read_options b = {.threads = threads,
                                  .parse_flags = SHELF_PARSE_LINES | flags,
                                  .piece = piece,
                                  .ctx = &want_b,
                                  .shelf = hear};
          shelf_status want_bst = shelf_read_batch(&sized, &b, &e);
          b.ctx = &got_b;
          CHECK_STATUS(shelf_read_batch(&unsized, &b, &e), want_bst);
          CHECK(strcmp(got_b.said, want_b.said) == 0);
          CHECK(k == 2 || got_b.shelves > 0);
          if (harness_failures > failed)
            fprintf(stderr, "  size 0: %s, threads %u, piece %zu\n", text,
                    threads, piece);
        }
    }
}

/* A file that ends before its size (it shrank after its size was taken):
 * SHELF_INVALID on every thread count, in shelf_read() (plain and counted)
 * and in shelf_read_batch(), with the offset where it ended; never an
 * answer for the part that was there. */
static void test_shrank(void) {
  static const char *texts[] = {
      "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20\n",
      "20 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20\n",
      "1 2\n3 4\n5 6\n7 8\n9 10\n11 12\n13 14\n15 16\n",
  };
  static const unsigned flags[] = {0, SHELF_PARSE_COUNTED, SHELF_PARSE_LINES};
  int failed = harness_failures;
  for (size_t k = 0; k < sizeof texts / sizeof *texts; k++)
    for (size_t lost = 1; lost <= 40; lost += 13)
      for (unsigned threads = 1; threads <= 3; threads++)
        for (size_t piece = 0; piece <= 9; piece += 3) {
          const char *text = texts[k];
          memory m = {text, strlen(text), 0, 0};
          shelf_source src = source_of(&m, 0);
          src.size = m.len + lost; /* the size it had */
          shelf_read_options opt = {
              .threads = threads, .parse_flags = flags[k], .piece = piece};
          shelf_read_error e;
          shelf_status st;
          heard h = {.stop_after = 0};
          if (flags[k] & SHELF_PARSE_LINES) {
            opt.ctx = &h;
            opt.shelf = hear;
            st = shelf_read_batch(&src, &opt, &e);
          } else {
            shelf_solver *s = NULL;
            if (shelf_solver_new(&s, 0) != SHELF_OK)
              abort();
            st = shelf_read(&src, &opt, s, NULL, &e);
            shelf_solver_free(s);
          }
          CHECK_STATUS(st, SHELF_INVALID);
          CHECK(e.read_errno == 0 && e.why != NULL &&
                strstr(e.why, "shorter") != NULL);
          CHECK(e.offset == m.len);
          if (harness_failures > failed) {
            fprintf(stderr,
                    "  shrank: text %zu, lost %zu, threads %u, piece %zu: "
                    "status %d, offset %llu, %s\n",
                    k, lost, threads, piece, (int)st,
                    (unsigned long long)e.offset, e.why ? e.why : "-");
            return;
          }
        }
}

/* ==== Threads ==== */

/* The threads this process has now (Linux's /proc/self/status), or 0 where
 * that is not known. */
static unsigned threads_now(void) {
  FILE *f = fopen("/proc/self/status", "r");
  unsigned n = 0;
  char line[256];
  while (f != NULL && fgets(line, sizeof line, f) != NULL)
    if (sscanf(line, "Threads: %u", &n) == 1)
      break;
  if (f != NULL)
    fclose(f);
  return n;
}

/* The thread count once it comes back to `base`, or what it is after a
 * while: a joined thread may leave the count a moment after
 * pthread_join() returns (qemu-user's own count lagged by seconds, which
 * is why an emulated run checks no count at all), so the count is read
 * again, up to 2 s in steps of 10 ms, before it is taken. A thread the
 * library really left running never leaves it. */
static unsigned threads_settle(unsigned base) {
  unsigned now = threads_now();
#ifdef __linux__ /* the only place threads_now() knows the count */
  for (int k = 0; k < 200 && now != base; k++) {
    struct timespec nap = {0, 10 * 1000 * 1000};
    nanosleep(&nap, NULL);
    now = threads_now();
  }
#else
  (void)base;
#endif
  return now;
}

typedef struct counting {
  memory m;
  unsigned most; /* the most threads seen at a read */
} counting;

static int64_t counting_read(void *ctx, char *buf, size_t len) {
  counting *c = ctx;
  unsigned now = threads_now();
  if (now > c->most)
    c->most = now;
  return memory_read(&c->m, buf, len);
}

static int64_t counting_read_at(void *ctx, char *buf, size_t len,
                                uint64_t offset) {
  counting *c = ctx;
  unsigned now = threads_now(); /* racy across threads: a lower bound */
  if (now > c->most)
    c->most = now;
  return memory_read_at(&c->m, buf, len, offset);
}

/* shelf_read() on two threads of a text of n wheels, from a file or a
 * stream in long reads, gives `want`. */
static void read_on_two(const char *text, size_t len, int stream,
                        unsigned flags, size_t n, const shelf_result *want) {
  memory m = {text, len, 0, 0};
  shelf_source src = source_of(&m, stream);
  if (stream)
    src.read = memory_read_at_once;
  shelf_read_options opt = {.threads = 2, .parse_flags = flags};
  shelf_solver *s = NULL;
  REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
  shelf_result got;
  shelf_read_error e;
  CHECK_STATUS(shelf_read(&src, &opt, s, &got, &e), SHELF_OK);
  CHECK(got.n == n);
  CHECK_I128(got.margin, want->margin);
  CHECK_I128(got.first, want->first);
  shelf_solver_free(s);
}

/* Long reduced stacks read on threads: a monotone shelf keeps every wheel
 * in its stack, and a stack of 2^20 entries or more has its valley read in
 * two halves at once (read.c). Ascending, descending, a valley, and one
 * heavy enough for the 128-bit stack; a file and a stream, and a counted
 * shelf, against one pass. */
static void test_long_stacks(void) {
  const size_t n = (1u << 20) + 4099;
  char *text = malloc(n * 24 + 32);
  REQUIRE(text != NULL);
  for (int shape = 0; shape < 4; shape++) {
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
      int64_t w = shape == 0   ? (int64_t)i
                  : shape == 1 ? (int64_t)(n - i)
                  : shape == 2 ? (int64_t)(i < n / 3 ? n / 3 - i : i - n / 3)
                               : (INT64_C(1) << 61) - (int64_t)(i % 3);
      len += (size_t)snprintf(text + len, 24, "%lld ", (long long)w);
    }
    text[len] = '\0';
    shelf_result want;
    shelf_parse_error e1;
    REQUIRE(one_pass(text, 0, &want, &e1) == SHELF_OK);
    for (int stream = 0; stream < 2; stream++)
      read_on_two(text, len, stream, 0, n, &want);
    /* The same weights as a counted shelf: read_counted()'s own result. */
    char head[32];
    int k = snprintf(head, sizeof head, "%zu\n", n);
    char *counted = malloc(len + (size_t)k + 1);
    REQUIRE(counted != NULL);
    memcpy(counted, head, (size_t)k);
    memcpy(counted + k, text, len + 1);
    read_on_two(counted, len + (size_t)k, 0, SHELF_PARSE_COUNTED, n, &want);
    free(counted);
  }
  free(text);
}

/* A huge `threads` on 8 bytes: the answer, and no more threads than the
 * input has pieces (8 bytes in pieces of 3, each a byte at least: at most
 * 8, and this one); not a million. Pieces of 3 hold a cut point (a blank
 * before a weight, or in batch a line feed), so that threads do start. */
static void test_huge_threads(void) {
  /* No count to check where the system gives none, or where it is an
   * emulator's (tests/CMakeLists.txt); the answers are checked above. */
  if (threads_now() == 0 || getenv("SHELF_TEST_EMULATED") != NULL)
    return;
  unsigned base = threads_now();
  int failed = harness_failures;
  static const unsigned asked[] = {4096, 1000000, UINT_MAX};
  for (size_t k = 0; k < sizeof asked / sizeof *asked; k++)
    for (int mode = 0; mode < 3; mode++) {
      /* batch: a shelf a line */
      const char *text = mode == 2 ? "7\n2\n9\n4\n" : "7 2 9 4\n";
      counting c = {{text, strlen(text), 0, 0}, 0};
      shelf_source src;
      memset(&src, 0, sizeof src);
      src.ctx = &c;
      if (mode == 1) {
        src.read_at = counting_read_at;
        src.size = c.m.len;
      } else {
        src.read = counting_read;
      }
      heard h = {.stop_after = 0};
      shelf_read_options opt = {.threads = asked[k], .piece = 3};
      shelf_read_error e;
      shelf_status st;
      if (mode == 2) {
        opt.parse_flags = SHELF_PARSE_LINES;
        opt.ctx = &h;
        opt.shelf = hear;
        st = shelf_read_batch(&src, &opt, &e);
        CHECK(strcmp(h.said, "7;2;9;4;") == 0);
      } else {
        shelf_solver *s = NULL;
        shelf_result r;
        if (shelf_solver_new(&s, 0) != SHELF_OK)
          abort();
        st = shelf_read(&src, &opt, s, &r, &e);
        CHECK(st != SHELF_OK || (r.n == 4 && r.margin == 10));
        shelf_solver_free(s);
      }
      CHECK_STATUS(st, SHELF_OK);
      CHECK(c.most <= base + 8);
      CHECK(threads_settle(base) == base); /* all joined */
      if (harness_failures > failed) {
        fprintf(stderr, "  threads %u, mode %d: %u threads seen (%u before)\n",
                asked[k], mode, c.most, base);
        return;
      }
    }
}

static const test tests[] = {
    {"one shelf, against one pass", test_one_shelf},
    {"a counted shelf, against one pass", test_counted},
    {"batch, against one thread", test_batch},
    {"stopping, and read errors", test_stop_and_errors},
    {"a file of size 0 that holds text", test_size_zero},
    {"a file that shrank while it was read", test_shrank},
    {"long stacks on threads, against one pass", test_long_stacks},
    {"a huge thread count on a tiny input", test_huge_threads},
};

TEST_MAIN(tests)
