/*
 * errors.c - the shelf command's error line, on the programs' one writer of
 * messages (report/command_line.c), in a file of its own so that the parts
 * that fail (the game, the teaching output) need not include the options.
 */
#include "errors.h"

#include "command_line.h"

#include <stdarg.h>

void error_line(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message_vline("shelf", fmt, ap);
  va_end(ap);
}
