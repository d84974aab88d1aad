/*
 * shelf_mpi.c - shelf-mpi: one shelf, kept as one large file on a shared
 * file system or as a set of files (one per part), solved by many MPI ranks.
 *
 *   mpirun -n 4 shelf-mpi [--json] FILE...
 *
 * The shelf is the wheels of the files in order; each file is a text of the
 * grammar on its own (its own brackets, its own lines). It prints what
 * `shelf -f FILE` prints for the same wheels (the margin, or the --json
 * object), and for bad input the same message, line and column.
 *
 * The shelf is split over the ranks by their share of the bytes, and the
 * pieces combined at rank 0 (share.c, which says how); --batch reads a
 * file of many shelves (batch.c).
 *
 * Every MPI call is checked (MPI_ERRORS_RETURN and MPI_CHECK): a failure
 * is one line, `shelf-mpi: rank R: <call>: <reason>`, and MPI_Abort.
 * Exit status: 0 success, 1 bad input or failure, 2 usage error.
 */
#include "batch.h"
#include "rank.h"
#include "args.h"
#include "command_line.h"
#include "out.h"
#include "read_at.h"
#include "report.h"
#include "share.h"

#include <shelf.h>
#include <shelf_pieces.h>
#include <shelf_teach.h>

#include <mpi.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ==== Options and output ==== */

static const char usage_text[] =
    "Usage: mpirun -n P shelf-mpi [OPTIONS] FILE...\n"
    "\n"
    "Solve the ripening-shelf game on one shelf kept as one large file, or\n"
    "as a set of files (one per part, in order), with P ranks: each rank\n"
    "reads and solves its share of the bytes, and the ranks' states are\n"
    "combined along a tree. Prints what 'shelf -f' prints: the margin, the\n"
    "first buyer's kilos minus the second's.\n"
    "\n"
    "Each FILE is a text of the shelf grammar on its own (integers separated\n"
    "by spaces, tabs, commas or newlines, optionally in [ ]); the shelf is\n"
    "the wheels of all of them, in the order given. The files must be\n"
    "readable at the same path on every host.\n"
    "\n"
    "Options:\n"
    "  -j, --json             print JSON: {\"n\", \"margin\", \"first\", "
    "\"second\"}\n"
    "  -c, --counted          the file opens with the number of weights, as\n"
    "                         AtCoder and CSES files do (one FILE); with\n"
    "                         --batch, a sequence of counted shelves\n"
    "  -b, --batch            every line of FILE is one shelf (one FILE);\n"
    "                         one result a line, as 'shelf --batch'\n"
    "  -k, --keep-going       with --batch, report each bad line and go on\n"
    "      --threads N        with --batch, read each rank's share on N\n"
    "                         threads (default 1); one shelf is read on one\n"
    "                         thread a rank (run more ranks)\n"
    "  -h, --help             show this help and exit\n"
    "  -V, --version          show the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 invalid input or failure, 2 usage error.\n";

/* What the options ask beside the report. */
typedef struct mode {
  int batch, counted, keep_going;
  unsigned threads;
  int nfiles; /* the FILE operands, moved to argv[1..] */
} mode;

enum { OPT_THREADS = 0x100 };

/* One row an option (report/command_line.h); a code below 0x80 is also its
 * letter. */
static const program_option longs[] = {{"json", OPTION_NO_VALUE, 'j'},
                                       {"batch", OPTION_NO_VALUE, 'b'},
                                       {"counted", OPTION_NO_VALUE, 'c'},
                                       {"keep-going", OPTION_NO_VALUE, 'k'},
                                       {"threads", OPTION_VALUE, OPT_THREADS},
                                       {"help", OPTION_NO_VALUE, 'h'},
                                       {"version", OPTION_NO_VALUE, 'V'},
                                       {NULL, 0, 0}};

/* Parses the options on every rank alike (rank 0 alone says what is
 * wrong). Returns -1 to go on, or the exit status (after --help,
 * --version or a usage error). */
static int parse_options(int argc, char **argv, report_options *rep, mode *m) {
  command_line cl = {.name = "shelf-mpi",
                     .prefix = "shelf-mpi",
                     .options = longs,
                     .quiet = world_rank != 0};
  const char *value;
  int c;
  uint64_t threads;
  m->threads = 1;
  command_line_start(&cl, argc, argv);
  while ((c = command_line_next(&cl, &value)) >= 0) {
    switch (c) {
    case 'j':
      rep->json = 1;
      break;
    case 'b':
      m->batch = 1;
      break;
    case 'c':
      m->counted = 1;
      break;
    case 'k':
      m->keep_going = 1;
      break;
    case OPT_THREADS: /* as shelf takes it */
      if (!arg_u64(value, SHELF_READ_THREADS_MAX, &threads) || threads < 1) {
        char shown[SHOWN_SIZE];
        command_line_usage(&cl,
                           "--threads takes a number from 1 to %u, not "
                           "'%s'",
                           SHELF_READ_THREADS_MAX,
                           escape_text(value, shown, sizeof shown));
        return 2;
      }
      m->threads = (unsigned)threads;
      break;
    case 'h':
      if (world_rank == 0)
        fputs(usage_text, stdout);
      return world_rank == 0 && fflush(stdout) != 0;
    case 'V':
      if (world_rank == 0)
        printf("shelf-mpi %s\n", shelf_version());
      return world_rank == 0 && fflush(stdout) != 0;
    }
  }
  if (c == COMMAND_LINE_ERROR)
    return 2;
  m->nfiles = cl.operands;
  for (int k = 1; k <= m->nfiles; k++) {
    if (strcmp(argv[k], "-") == 0) {
      command_line_usage(&cl, "standard input cannot be shared between "
                              "ranks; give files");
      return 2;
    }
  }
  if (m->nfiles == 0) {
    command_line_usage(&cl, "no file given");
    return 2;
  }
  /* The files of one shelf are its parts; a count opens one text, and
   * lines of shelves are numbered in one file. Which file a count or a
   * line would belong to in a set is not clear: one file. */
  if ((m->batch || m->counted) && m->nfiles > 1) {
    command_line_usage(&cl, "--%s reads one FILE, not %d",
                       m->batch ? "batch" : "counted", m->nfiles);
    return 2;
  }
  if (m->keep_going && !m->batch) {
    command_line_usage(&cl, "--keep-going goes with --batch");
    return 2;
  }
  return -1;
}

/* Rank 0 checks that every file is a readable regular file and learns its
 * size; every rank gets the sizes. Returns 0, or 1 after the message. */
static int file_sizes(input *files, int nfiles) {
  long long *sizes = calloc((size_t)nfiles + 1, sizeof *sizes);
  if (sizes == NULL)
    no_memory();
  if (world_rank == 0) {
    for (int f = 0; f < nfiles && sizes[nfiles] == 0; f++) {
      struct stat st;
      int fd = open(files[f].name, O_RDONLY);
      int err = fd < 0 ? errno : fstat(fd, &st) != 0 ? errno : 0;
      if (err == 0 && S_ISDIR(st.st_mode))
        err = EISDIR;
      if (fd >= 0)
        close(fd);
      if (err == 0 && !S_ISREG(st.st_mode)) {
        say("%s: not a regular file (shelf-mpi reads files at offsets)",
            files[f].name);
        sizes[nfiles] = 1;
      } else if (err != 0) {
        say("%s: %s", files[f].name, strerror(err));
        sizes[nfiles] = 1;
      } else {
        sizes[f] = (long long)st.st_size;
      }
    }
  }
  MPI_CHECK(MPI_Bcast(sizes, nfiles + 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD));
  for (int f = 0; f < nfiles; f++)
    files[f].size = (MPI_Offset)sizes[f];
  int failed = sizes[nfiles] != 0;
  free(sizes);
  return failed;
}

/* Rank 0: prints a solved shelf as shelf prints it, in one write at the
 * end (nothing half-printed). Returns the exit status: 1 when the write
 * failed (said, but for a closed pipe, which a reader may close on
 * purpose). */
static int print_result(const report_options *opt, const report *rep) {
  static out stdout_buf; /* 64 KiB: not on the stack */
  out_init(&stdout_buf, STDOUT_FILENO);
  report_print(&stdout_buf, opt, rep);
  if (out_flush(&stdout_buf) == 0)
    return 0;
  if (stdout_buf.error != EPIPE)
    say("write error: %s", strerror(stdout_buf.error));
  return 1;
}

/* Rank 0: prints the result, or the first failure as `shelf -f` words
 * it. Returns the exit status. */
static int report_whole(piece *p, input *files, const report_options *opt) {
  if (p->status == SHELF_OK) {
    report rep = {0};
    shelf_status st =
        p->empty ? SHELF_OK : shelf_solver_result(p->solver, &rep.result);
    if (st == SHELF_OK)
      return print_result(opt, &rep);
    p->status = st;
  }
  const shelf_parse_error *e = &p->error;
  if (e->code != p->status || e->code == SHELF_OK) {
    say("%s", shelf_strerror(p->status));
    return 1;
  }
  char why[SHELF_SENTENCE_BUFSIZE]; /* the one line every surface prints */
  shelf_parse_error_format(e, 1, why, sizeof why, NULL);
  say("%s: %s", files[p->err_file].name, why);
  return 1;
}

/* ==== One counted shelf (--counted) ==== */

/* Whether the last byte of the file that is not a blank is a comma: the
 * plain grammar takes one after the last weight, the counted one does
 * not. */
static int ends_in_comma(input *in, char *buf) {
  for (MPI_Offset end = in->size; end > 0;) {
    MPI_Offset lo = end > WINDOW ? end - WINDOW : 0;
    read_range(in, lo, buf, (int)(end - lo));
    for (MPI_Offset k = end - lo; k-- > 0;)
      if (strchr(" \t\r\n", buf[k]) == NULL || buf[k] == '\0')
        return buf[k] == ',';
    end = lo;
  }
  return 0;
}

static int64_t pread_at(void *ctx, char *buf, size_t len, uint64_t offset) {
  return read_at_fd(*(const int *)ctx, buf, len, offset);
}

/* Rank 0 reads the whole file as one counted shelf (libshelf's shelf_read()
 * on `threads`), and prints what shelf prints. */
static int counted_here(const input *in, unsigned threads,
                        const report_options *opt) {
  char shown[SHOWN_SIZE];
  const char *name = escape_text(in->name, shown, sizeof shown);
  int fd = open(in->name, O_RDONLY);
  if (fd < 0) {
    say("%s: %s", name, strerror(errno));
    return 1;
  }
  shelf_source src = {
      .ctx = &fd, .read_at = pread_at, .size = (uint64_t)in->size};
  shelf_read_options ro = {.threads = threads,
                           .parse_flags = SHELF_PARSE_COUNTED};
  shelf_solver *solver = NULL;
  report rep = {0};
  shelf_read_error e;
  shelf_status st = shelf_solver_new(&solver, 0);
  if (st == SHELF_OK)
    st = shelf_read(&src, &ro, solver, &rep.result, &e);
  else
    memset(&e, 0, sizeof e);
  shelf_solver_free(solver);
  close(fd);
  if (st == SHELF_OK)
    return print_result(opt, &rep);
  if (e.read_errno != 0 || e.why != NULL) {
    say("%s: %s", name, e.why ? e.why : strerror(e.read_errno));
  } else if (e.parse.code == SHELF_OK) {
    say("%s: %s", name, shelf_strerror(st));
  } else {
    char why[SHELF_SENTENCE_BUFSIZE];
    shelf_parse_error_format(&e.parse, 1, why, sizeof why, NULL);
    say("%s: %s", name, why);
  }
  return 1;
}

/* One counted shelf. Once its count is read and a weight follows, the
 * counted grammar takes what the plain one takes, but for a comma after
 * the last weight; so the ranks solve the bytes after the count as a plain
 * shelf, as they solve any, and the shelf is right when exactly `count`
 * weights came and no comma ends it. Anything else (an error, too few or
 * too many weights, a head that does not open with a count) is read again
 * by rank 0 alone, on --threads, to find the first error in its place:
 * bad input costs one more reading of the file, on one rank. */
static int solve_counted(work *wk, input *files, int ranks, unsigned threads,
                         const report_options *opt) {
  unsigned long long head[2] = {0, 0}; /* where the weights start, count */
  if (world_rank == 0) {
    int n = files[0].size < 256 ? (int)files[0].size : 256;
    uint64_t count = 0;
    if (n > 0)
      read_range(&files[0], 0, wk->buf, n);
    head[0] = n > 0 ? shelf_piece_count(wk->buf, (size_t)n, &count) : 0;
    head[1] = count;
  }
  MPI_CHECK(MPI_Bcast(head, 2, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD));
  int fits = 0;
  piece mine;
  memset(&mine, 0, sizeof mine);
  int whole = 0;
  if (head[0] > 0) {
    input *in = &files[0];
    in->base = (MPI_Offset)head[0];
    in->size -= in->base;
    parse_share(wk, files, 1, world_rank, ranks, NULL, &mine);
    settle(wk, files, 1, world_rank, ranks, &mine);
    whole = combine(&mine, world_rank, ranks);
    if (whole && mine.status == SHELF_OK) {
      shelf_result r = {0};
      fits = (mine.empty || shelf_solver_result(mine.solver, &r) == SHELF_OK) &&
             r.n == head[1] && !ends_in_comma(in, wk->buf);
    }
    in->size += in->base;
    in->base = 0;
  }
  int status = 0;
  if (world_rank == 0)
    status = fits ? report_whole(&mine, files, opt)
                  : counted_here(&files[0], threads, opt);
  drop(&mine);
  return status;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_CHECK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
  MPI_CHECK(MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN));
  int ranks;
  MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
  MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &ranks));

  report_options opt = {0};
  mode m = {0};
  int status = parse_options(argc, argv, &opt, &m);
  if (status >= 0) {
    MPI_Finalize();
    return status;
  }
  int nfiles = m.nfiles;
  input *files = calloc((size_t)nfiles, sizeof *files);
  work wk = {0};
  wk.buf = malloc(READ_CHUNK);
  if (files == NULL || wk.buf == NULL ||
      shelf_parser_new(&wk.parser, 0) != SHELF_OK)
    no_memory();
  for (int f = 0; f < nfiles; f++)
    files[f].name = argv[1 + f];
  const char *knob = getenv("SHELF_MPI_MISGUESS");
  wk.misguess = knob != NULL && strcmp(knob, "1") == 0;

  status = file_sizes(files, nfiles);
  if (status == 0 && m.batch) {
    batch_options bo = {files[0].name, files[0].size, m.counted,
                        m.keep_going,  m.threads,     &opt};
    status = mpi_batch(&bo);
  } else if (status == 0 && m.counted) {
    status = solve_counted(&wk, files, ranks, m.threads, &opt);
  } else if (status == 0) {
    piece mine;
    parse_share(&wk, files, nfiles, world_rank, ranks, NULL, &mine);
    settle(&wk, files, nfiles, world_rank, ranks, &mine);
    if (combine(&mine, world_rank, ranks)) {
      status = report_whole(&mine, files, &opt);
      drop(&mine);
    }
  }
  /* Every rank ends with rank 0's status, so mpirun's is the same. */
  MPI_CHECK(MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD));
  for (int f = 0; f < nfiles; f++)
    if (files[f].opened)
      MPI_CHECK(MPI_File_close(&files[f].fh));
  free(files);
  free(wk.buf);
  shelf_parser_free(wk.parser);
  MPI_Finalize();
  return status;
}
