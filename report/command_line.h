/*
 * command_line.h - the programs' command lines (shelf, shelf check,
 * shelf-mpi): each program lists its options in one table, and one loop
 * (command_line.c) reads them, so that the three take options the same way
 * and say the same words when one is wrong.
 *
 * The rules, for every program: an argument that is '-' and a digit is an
 * operand (a weight, as `seq -5 5` reads it; no option starts with a
 * digit), and so is "-" alone; after "--", every argument is an operand.
 * Long options may be shortened to any prefix that names one option, and
 * take their value after '=' or as the next argument; short ones may be
 * grouped (-bj), a value attached (-adp) or next. getopt_long would read
 * `-4` as an option, and there is no getopt on every system (Windows), so
 * the loop is our own, and so are its messages.
 *
 * A program reads its options as it would with getopt_long:
 *
 *   command_line cl = {.name = "shelf", .prefix = "shelf", .options = table};
 *   command_line_start(&cl, argc, argv);
 *   while ((code = command_line_next(&cl, &value)) >= 0)
 *     switch (code) { ... }
 *   if (code == COMMAND_LINE_ERROR) ...  (the message is printed)
 *
 * and finds its operands, in order, at argv[1 .. 1 + cl.operands), with
 * argv[1 + cl.operands] NULL.
 */
#ifndef SHELF_REPORT_COMMAND_LINE_H
#define SHELF_REPORT_COMMAND_LINE_H

#include <stdarg.h>
#include <stddef.h>

/* What an option takes after its name. */
enum { OPTION_NO_VALUE, OPTION_VALUE, OPTION_MAY_TAKE_VALUE };

/* One option of a program's table, which ends with {NULL, 0, 0}. */
typedef struct program_option {
  const char *name; /* the long name, without "--" */
  int value;        /* OPTION_NO_VALUE, OPTION_VALUE... */
  int code;         /* what command_line_next() returns for it: a code below
                       0x80 is also its short letter (-j), a code from
                       0x100 on has none */
} program_option;

/* What command_line_next() returns when there are no more options, and
 * after a usage error it has printed. */
enum { COMMAND_LINE_END = -1, COMMAND_LINE_ERROR = -2 };

typedef struct command_line {
  /* Set by the program. */
  const char *name;   /* "shelf check": usage errors point to "NAME --help" */
  const char *prefix; /* "shelf: check": every message starts "PREFIX: " */
  const program_option *options;
  int options_first;         /* the options end at the first operand, and
                                what follows it is all operands (shelf
                                check's PROGRAM [ARG...]) */
  const char *unknown_words; /* said after "unknown option 'X'", or NULL */
  int quiet;                 /* print nothing (shelf-mpi's ranks but 0) */
  /* The reading, set by command_line_start(). */
  int argc;
  char **argv;
  int at;            /* the argument read next */
  const char *group; /* the letters of a group of short options still to
                        read, or NULL */
  int operands;      /* operands found so far, moved to argv[1..] */
  int dashes;        /* "--" was given */
} command_line;

void command_line_start(command_line *cl, int argc, char **argv);

/* The next option's code, with *value its value (NULL when it has none);
 * or COMMAND_LINE_END once every argument is read (the operands are then
 * argv[1 .. 1 + operands), NULL after them); or COMMAND_LINE_ERROR after
 * printing what is wrong (an unknown or ambiguous option, a value missing
 * or where none goes), as command_line_usage() prints it. */
int command_line_next(command_line *cl, const char **value);

/* A usage error: "PREFIX: <words>" and "Try 'NAME --help' for more
 * information." on stderr (nothing when quiet). The caller exits 2. */
void command_line_usage(const command_line *cl, const char *fmt, ...);
void command_line_vusage(const command_line *cl, const char *fmt, va_list ap);

/* The programs' one error line: "PREFIX: <words>" on stderr, one line. */
void message_line(const char *prefix, const char *fmt, ...);
void message_vline(const char *prefix, const char *fmt, va_list ap);

/* The names of an enum's values from its list in the header, for the
 * choices a usage message gives:
 *   static const char *const layouts[] = {SHELF_LAYOUT_LIST(CHOICE_NAME)};
 */
#define CHOICE_NAME(NAME, value, name, words) name,

/* "a, b or c" into buf (cut short where it does not fit): the `count`
 * names, as a usage message lists the choices. Returns buf. */
const char *command_line_choices(char *buf, size_t size,
                                 const char *const *names, size_t count);

#endif
