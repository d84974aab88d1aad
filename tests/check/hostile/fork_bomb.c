/*
 * fork_bomb.c - reads the shelf, then every process forks as fast as it
 * can until 200 processes exist (a counter in shared memory keeps the test
 * machine alive), every third child in a session of its own, and each one
 * burns CPU. The judge must end it (timeout, as the tree's CPU time passes
 * the limit) and leave none of the 200 alive.
 */
#define _DEFAULT_SOURCE
#include "hostile.h"

#include <stdatomic.h>
#include <sys/mman.h>
#include <unistd.h>

#define BOMB_MAX 200

int main(void) {
  (void)hostile_margin();
  atomic_int *count = mmap(NULL, sizeof *count, PROT_READ | PROT_WRITE,
                           MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (count == MAP_FAILED) {
    perror("mmap");
    return 3;
  }
  atomic_store(count, 1);
  while (atomic_fetch_add(count, 1) < BOMB_MAX) {
    pid_t pid = fork();
    if (pid < 0)
      break;
    if (pid == 0 && atomic_load(count) % 3 == 0)
      setsid();
  }
  hostile_spin();
}
