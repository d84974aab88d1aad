/*
 * main.c - the shelf command: read the options, read every shelf, print
 * each one's answer.
 *
 * A thin layer over libshelf. Input is read with read(2) in large blocks and
 * pushed through the library's parser straight into its streaming solver,
 * so the default run holds nothing but the solver's stack. Options that need
 * the whole shelf (another engine, the line, the explanation) ask the solver
 * to keep the weights. options.c reads the command line, input.c the
 * shelves, results.c prints each answer or the error that stops it.
 *
 * Exit status: 0 success, 1 bad input or a runtime failure, 2 usage error.
 * Every diagnostic is one line on stderr starting "shelf: ". Results are
 * computed in full before any of them is printed, and what was printed
 * before an error is flushed before the error is reported.
 */
#include "check.h"
#include "input.h"
#include "notes.h"
#include "options.h"
#include "out.h"
#include "results.h"

#include <shelf.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef _WIN32
#include <io.h>
#else
#define O_BINARY 0 /* Windows' flag; POSIX reads bytes as they are */
#endif

int main(int argc, char **argv) {
#ifdef _WIN32
  /* Bytes in and out as they are: Windows' C library would otherwise turn
   * "\n" into "\r\n" on the way out (the answers, the pictures and the
   * messages are written with "\n" alone on every system, as diff and the
   * judges compare them) and stop reading at a Ctrl-Z. CRLF input is read
   * as the grammar reads it everywhere: '\r' is a blank. */
  _setmode(STDIN_FILENO, O_BINARY);
  _setmode(STDOUT_FILENO, O_BINARY);
  _setmode(STDERR_FILENO, O_BINARY);
  if (argc > 1 && strcmp(argv[1], "check") == 0)
    not_on_windows("shelf check", "the judge needs POSIX process control "
                                  "(fork, process groups, resource limits)");
#else
  if (argc > 1 && strcmp(argv[1], "check") == 0)
    return check_main(argc - 1, argv + 1); /* the judge, check.c */
#endif
  options opt = {0};
  options_parse(argc, argv, &opt);
#ifdef SIGXFSZ
  /* A file-size limit shows as EFBIG on the write that meets it, so that
   * shelf can say so and leave no half-written file (save.h). */
  signal(SIGXFSZ, SIG_IGN);
#endif

  static run r; /* holds the output buffer; too big for some stacks */
  r.opt = &opt;
  char source[SHOWN_SIZE]; /* the file name as messages show it */
  out_init(&r.stdout_buf, STDOUT_FILENO);
  opt.report.align = isatty(STDOUT_FILENO);
  if (shelf_notes_new(&r.notes) != SHELF_OK ||
      shelf_solver_new(&r.solver, needs_weights(&opt) ? SHELF_KEEP_WEIGHTS
                                                      : 0) != SHELF_OK) {
    error_line("out of memory");
    shelf_solver_free(r.solver);
    shelf_notes_free(r.notes);
    return 1;
  }

  int status;
  if (opt.teach.random) {
    status = read_random(&r);
  } else if (opt.nweights > 0) {
    status = read_args(&r, opt.nweights, opt.weights);
  } else if (opt.file != NULL && strcmp(opt.file, "-") != 0) {
    int fd = open(opt.file, O_RDONLY | O_BINARY);
    r.source = escape_text(opt.file, source, sizeof source);
    if (fd < 0) {
      error_line("%s: %s", r.source, strerror(errno));
      status = 1;
    } else {
      status = read_input(&r, fd);
      close(fd);
    }
  } else {
    tell_terminal(&opt);
    status = read_input(&r, STDIN_FILENO);
  }

  if (out_flush(&r.stdout_buf) != 0) {
    /* A reader that went away wants no more and no message. */
    if (r.stdout_buf.error != EPIPE)
      error_line("write error: %s", strerror(r.stdout_buf.error));
    status = 1;
  } else if (notes_at_end(&opt) && (status == 0 || opt.keep_going)) {
    /* After the last answer of a run that read all its input, whatever
     * the threads: its grouped number, if any (no count: it is counted). */
    notes_print(r.notes, r.source, 0, 0);
  }
  shelf_solver_free(r.solver);
  shelf_notes_free(r.notes);
  return status;
}
