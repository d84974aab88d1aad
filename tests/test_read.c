/*
 * test_read.c - shelf_read() and shelf_read_batch() (src/read.c) against
 * one parser fed the whole text: on one thread and on three, a file
 * (read_at) and a stream (read), with pieces of a few bytes so that every
 * cut lands near the errors. The answer, or the first error's code, line,
 * column and offset, must be the one pass's; in batch, each shelf's margin
 * or error, in order.
 */
#include "harness.h"

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

static const test tests[] = {
    {"one shelf, against one pass", test_one_shelf},
    {"a counted shelf, against one pass", test_counted},
    {"batch, against one thread", test_batch},
    {"stopping, and read errors", test_stop_and_errors},
};

TEST_MAIN(tests)
