/*
 * reaped_children.c - reads the shelf, ignores SIGCHLD, and starts 400
 * children one after another, each burning 5 ms of CPU: about 2 CPU
 * seconds in all. With SIGCHLD ignored the kernel reaps each child as it
 * exits (SA_NOCLDWAIT), so its CPU time is added to no parent's cutime,
 * and a child lives between two scans of /proc. The judge must count
 * them all the same (a cgroup's cpu.stat) and call it a timeout at
 * --time-limit 1; without a cgroup it is a limit the judge documents.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void) {
  long long m = hostile_margin();
  signal(SIGCHLD, SIG_IGN);
  for (int i = 0; i < 400; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      static volatile unsigned long sink;
      double start = cpu_now();
      while (cpu_now() - start < 0.005)
        sink++;
      _exit(0);
    }
    if (pid > 0) {
      /* One at a time: wait for it to be gone (ECHILD once reaped). */
      while (wait(NULL) > 0 || errno == EINTR)
        ;
    }
  }
  printf("%lld\n", m);
  return 0;
}
