/*
 * stop_judge.c - reads the shelf, stops its parent, the judge, with
 * SIGSTOP, and burns CPU without end. A stopped judge measures nothing and
 * never returns; the judge must go on and call it a timeout.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <signal.h>
#include <unistd.h>

int main(void) {
  (void)hostile_margin();
  kill(getppid(), SIGSTOP);
  hostile_spin();
}
