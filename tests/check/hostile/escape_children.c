/*
 * escape_children.c - reads the shelf, starts three children that leave
 * its process group (one by setsid(), one by setpgid(0, 0), one as the
 * orphan of a double fork, in a session of its own) and sleep holding its
 * standard output and error, then prints the right answer and exits. It
 * must pass: the run ends when the program does, though the pipes stay
 * open, and the judge must kill all three.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <unistd.h>

int main(void) {
  long long m = hostile_margin();
  for (int k = 0; k < 3; k++) {
    pid_t pid = fork();
    if (pid < 0) {
      perror("fork");
      return 3;
    }
    if (pid > 0)
      continue;
    if (k == 0)
      setsid();
    else if (k == 1)
      setpgid(0, 0);
    else if (fork() != 0)
      _exit(0); /* its child is an orphan at once */
    else
      setsid();
    for (;;)
      pause();
  }
  printf("%lld\n", m);
  return 0;
}
