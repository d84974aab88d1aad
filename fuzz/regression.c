/*
 * regression.c - replays a fuzz target over a corpus without libFuzzer.
 *
 * Linked with one target's LLVMFuzzerTestOneInput, it runs every file named
 * on the command line, and every regular file in each directory named (in
 * name order, so that runs are alike). That lets any compiler, gcc included,
 * replay the committed seeds and the inputs of past findings as an ordinary
 * CTest test. A target's FUZZ_ASSERT aborts on failure; the file's name is
 * printed before it runs, so the last name printed is the culprit.
 *
 * Exit status: 0 if every input ran, 1 on a usage or I/O problem, or if no
 * input was found at all (an empty corpus is a mistake, not a pass).
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads a whole file; *size receives its length. NULL on failure. */
static uint8_t *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return NULL;
  size_t cap = 4096, len = 0;
  uint8_t *buf = malloc(cap);
  while (buf != NULL) {
    len += fread(buf + len, 1, cap - len, f);
    if (len < cap)
      break;
    uint8_t *more = realloc(buf, cap * 2);
    if (more == NULL) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = more;
    cap *= 2;
  }
  if (buf != NULL && ferror(f)) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  *size = len;
  return buf;
}

static int run_file(const char *path) {
  size_t size;
  uint8_t *data = read_file(path, &size);
  if (data == NULL) {
    fprintf(stderr, "regression: %s: %s\n", path, strerror(errno));
    return 1;
  }
  printf("%s (%zu bytes)\n", path, size);
  fflush(stdout);
  /* A copy of exactly `size` bytes, so that a read past the input is a
   * read past an allocation for sanitizers and valgrind. */
  uint8_t *copy = malloc(size ? size : 1);
  if (copy == NULL) {
    free(data);
    fprintf(stderr, "regression: out of memory\n");
    return 1;
  }
  memcpy(copy, data, size);
  free(data);
  LLVMFuzzerTestOneInput(copy, size);
  free(copy);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file in a directory; *count receives how many. */
static int run_dir(const char *dir, size_t *count) {
  DIR *d = opendir(dir);
  if (d == NULL) {
    fprintf(stderr, "regression: %s: %s\n", dir, strerror(errno));
    return 1;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  int status = 0;
  struct dirent *ent;
  while ((ent = readdir(d)) != NULL) {
    if (ent->d_name[0] == '.')
      continue; /* ., .. and hidden files such as .gitkeep */
    if (n == cap) {
      size_t c = cap ? cap * 2 : 64;
      char **more = realloc(names, c * sizeof *names);
      if (more == NULL) {
        status = 1;
        break;
      }
      names = more;
      cap = c;
    }
    size_t len = strlen(dir) + strlen(ent->d_name) + 2;
    names[n] = malloc(len);
    if (names[n] == NULL) {
      status = 1;
      break;
    }
    snprintf(names[n], len, "%s/%s", dir, ent->d_name);
    n++;
  }
  closedir(d);
  if (n > 0)
    qsort(names, n, sizeof *names, by_name);
  for (size_t i = 0; i < n; i++) {
    struct stat st;
    if (status == 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
      status = run_file(names[i]);
      ++*count;
    }
    free(names[i]);
  }
  free(names);
  if (status != 0)
    fprintf(stderr, "regression: %s: failed to read the corpus\n", dir);
  return status;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
    return 1;
  }
  size_t count = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "regression: %s: %s\n", argv[i], strerror(errno));
      return 1;
    }
    int status;
    if (S_ISDIR(st.st_mode)) {
      status = run_dir(argv[i], &count);
    } else {
      status = run_file(argv[i]);
      count++;
    }
    if (status != 0)
      return status;
  }
  if (count == 0) {
    fprintf(stderr, "regression: no inputs found\n");
    return 1;
  }
  printf("%zu inputs, no failures\n", count);
  return 0;
}
