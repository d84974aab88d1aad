/*
 * tstp_judge.c - reads the shelf, sends its parent, the judge, SIGTSTP (as
 * Ctrl-Z would, but from a process, not a terminal), and burns CPU without
 * end. The judge must not stop for it, and must call it a timeout.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <signal.h>
#include <unistd.h>

int main(void) {
  (void)hostile_margin();
  kill(getppid(), SIGTSTP);
  hostile_spin();
}
