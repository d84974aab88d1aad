/*
 * nul_output.c - prints the right answer with NUL bytes after it and
 * exits 0: output that is not one answer, so the verdict is bad-output
 * (and the report must carry the NULs without cutting its text short).
 */
#include "hostile.h"

int main(void) {
  printf("%lld", hostile_margin());
  fwrite("\0\0\0\n", 1, 4, stdout);
  return 0;
}
