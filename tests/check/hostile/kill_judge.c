/*
 * kill_judge.c - reads the shelf, starts a child in a session of its own
 * that sleeps without end, and kills its parent, the judge, with SIGKILL.
 * No judge survives that; what must not survive is the child: whatever
 * ran the judge must find nothing of the program's left alive.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <signal.h>
#include <unistd.h>

int main(void) {
  (void)hostile_margin();
  pid_t judge = getppid();
  if (fork() == 0) {
    setsid();
    for (;;)
      pause();
  }
  sleep(1); /* the child is in its session */
  kill(judge, SIGKILL);
  for (;;)
    pause();
}
