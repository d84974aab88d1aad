/*
 * close_loop.c - reads the shelf, closes its standard input, output and
 * error, and burns CPU: a judge that waits for the end of its output stops
 * measuring it. The verdict is timeout.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <unistd.h>

int main(void) {
  (void)hostile_margin();
  close(STDIN_FILENO);
  close(STDOUT_FILENO);
  close(STDERR_FILENO);
  hostile_spin();
}
