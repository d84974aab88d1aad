/*
 * options.h - the shelf command's options: what the command line asks for,
 * read by the programs' one loop (report/command_line.c), and the weights
 * it gives.
 */
#ifndef SHELF_CLI_OPTIONS_H
#define SHELF_CLI_OPTIONS_H

#include "command_line.h"
#include "errors.h"
#include "report.h"
#include "teach.h"

#include <shelf.h>

typedef struct options {
  const char *file;      /* -f FILE, or NULL */
  int batch;             /* --batch: one shelf a line */
  int counted;           /* --counted: the count of weights comes first */
  int keep_going;        /* --keep-going: report bad lines and go on */
  shelf_engine engine;   /* --algorithm */
  unsigned threads;      /* --threads N; 0: the cores available */
  int engine_given;      /* --algorithm was given, even as linear */
  int answer_given;      /* --answer was given, even as margin */
  report_options report; /* --json, --moves, --explain */
  teach_options teach;   /* --interactive, --svg, --random (teach.c) */
  char **weights;        /* the arguments that are weights, in order
                            (argv's, moved to its front) */
  int nweights;
} options;

/* Reads argv[1..argc) into *opt. --help and --version print and exit 0; a
 * usage error prints one line and a pointer to --help and exits 2. */
void options_parse(int argc, char **argv, options *opt);

/* A usage error: one line, a pointer to --help, exit status 2. */
_Noreturn void usage_error(const char *fmt, ...);

#ifdef _WIN32
/* A part of shelf that Windows has no equivalent for: "shelf: <what> is
 * not available on Windows: <why>", one line, exit status 2. */
_Noreturn void not_on_windows(const char *what, const char *why);
#endif


#endif
