/*
 * memfd_hold.c - reads the shelf, then fills a memfd with 300 MB and keeps
 * it open without mapping it, then answers right. The pages are in memory
 * (tmpfs) but in no process's resident set: the judge must count files
 * its processes hold open on tmpfs, and call it out of memory at
 * --memory-limit 256.
 */
#define _GNU_SOURCE
#include "hostile.h"

#include <sys/mman.h>
#include <unistd.h>

int main(void) {
  long long m = hostile_margin();
  int fd = memfd_create("hold", 0);
  if (fd < 0) {
    perror("memfd_create");
    return 3;
  }
  static char chunk[1 << 20];
  memset(chunk, 'x', sizeof chunk);
  for (int i = 0; i < 300; i++)
    if (write(fd, chunk, sizeof chunk) != (ssize_t)sizeof chunk) {
      perror("write");
      return 3;
    }
  sleep(1); /* held, unmapped, while the judge looks */
  printf("%lld\n", m);
  return 0;
}
