/*
 * vfork_wait.c - reads the shelf and vforks a child that sleeps without
 * end: the parent then waits in the kernel, in state D (killable), using
 * no CPU, until the clock cap ends the run. The judge gives no verdict,
 * and its words must name that state, not a busy machine.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <unistd.h>

int main(void) {
  (void)hostile_margin();
  /* The child neither execs nor exits, so the parent never returns from
   * vfork(); pause() in a vfork child touches nothing of the parent's. */
  if (vfork() == 0)
    for (;;)
      pause();
  return 0;
}
