/*
 * leave_group.c - reads the shelf, moves itself into its parent's (the
 * judge's) process group, and sleeps without end: killing the program's
 * group misses it, and a judge that then waits for it hangs. The judge
 * must find it by its parent, and call it idle.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <unistd.h>

int main(void) {
  (void)hostile_margin();
  if (setpgid(0, getpgid(getppid())) != 0) {
    perror("setpgid");
    return 3;
  }
  for (;;)
    pause();
}
