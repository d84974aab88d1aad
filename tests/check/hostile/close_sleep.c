/*
 * close_sleep.c - reads the shelf, closes its standard input, output and
 * error, and sleeps without end: no output to wait for and no CPU used.
 * The verdict is idle.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <unistd.h>

int main(void) {
  (void)hostile_margin();
  close(STDIN_FILENO);
  close(STDOUT_FILENO);
  close(STDERR_FILENO);
  for (;;)
    pause();
}
