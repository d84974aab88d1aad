/*
 * ignore_term.c - reads the shelf, ignores every signal a polite judge
 * sends (SIGTERM, SIGINT, SIGHUP, and SIGXCPU from the CPU limit), and
 * burns CPU: only SIGKILL ends it, and the verdict is timeout.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <signal.h>

int main(void) {
  (void)hostile_margin();
  signal(SIGTERM, SIG_IGN);
  signal(SIGINT, SIG_IGN);
  signal(SIGHUP, SIG_IGN);
  signal(SIGXCPU, SIG_IGN);
  hostile_spin();
}
