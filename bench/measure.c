/*
 * measure.c - runs one command and reports its wall time and peak memory.
 *
 *   measure [-i IN] [-o OUT] COMMAND [ARG...]
 *
 * Standard input comes from IN and standard output goes to OUT (both
 * /dev/null unless given). On success it prints one line to its own
 * standard output: the wall time in seconds, the peak resident memory in
 * KiB (ru_maxrss from wait4), the user and system CPU seconds, and the
 * command's exit status.
 *
 * Why not from Python: a child forked from the Python driver starts with
 * the driver's resident pages, and ru_maxrss keeps that high-water mark
 * across exec, so every command would seem to need at least the
 * interpreter's 10 MB. Forked from this small program, it starts near zero.
 */
#define _DEFAULT_SOURCE /* wait4() */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *in = "/dev/null", *out = "/dev/null";
  int k = 1;
  while (k + 1 < argc && argv[k][0] == '-' && argv[k][2] == '\0') {
    if (argv[k][1] == 'i')
      in = argv[k + 1];
    else if (argv[k][1] == 'o')
      out = argv[k + 1];
    else
      break;
    k += 2;
  }
  if (k >= argc) {
    fputs("usage: measure [-i IN] [-o OUT] COMMAND [ARG...]\n", stderr);
    return 2;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pid_t pid = fork();
  if (pid < 0) {
    perror("fork");
    return 2;
  }
  if (pid == 0) {
    int fi = open(in, O_RDONLY),
        fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fi < 0 || fo < 0 || dup2(fi, 0) < 0 || dup2(fo, 1) < 0) {
      perror("measure: redirect");
      _exit(127);
    }
    execvp(argv[k], argv + k);
    perror(argv[k]);
    _exit(127);
  }
  int status;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) < 0) {
    perror("wait4");
    return 2;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double wall =
      (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  printf("%.6f %ld %.6f %.6f %d\n", wall, ru.ru_maxrss,
         (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6,
         (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6,
         WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
  return 0;
}
