/*
 * hostile.h - what the judge's hostile test programs share: reading the
 * shelf from standard input (a bracketed list, or the count then the
 * weights) and its margin by the interval DP, so that a program that
 * misbehaves in every other way can still answer right; and a loop that
 * burns CPU without end. Each program takes one argument, a marker that
 * check_run_test.py looks for in /proc/PID/cmdline to find any process
 * the judge left alive, and ignores it (its children, forked without exec,
 * keep the same command line).
 */
#ifndef SHELF_TESTS_HOSTILE_H
#define SHELF_TESTS_HOSTILE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads the whole shelf and returns its margin (the first buyer's total
 * minus the second's, both playing best); 0 for an empty shelf. */
static inline long long hostile_margin(void) {
  size_t cap = 1 << 16, len = 0, got;
  char *text = malloc(cap + 1);
  if (text == NULL)
    exit(3);
  while ((got = fread(text + len, 1, cap - len, stdin)) > 0) {
    len += got;
    if (len == cap) {
      char *t = realloc(text, (cap *= 2) + 1);
      if (t == NULL)
        exit(3);
      text = t;
    }
  }
  text[len] = '\0';
  const char *p = text;
  while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
    p++;
  int counted = *p != '['; /* a list is bracketed; else the count first */
  long long *w = malloc((len / 2 + 2) * sizeof *w);
  if (w == NULL)
    exit(3);
  size_t n = 0;
  char *end;
  for (;;) {
    while (*p && *p != '-' && (*p < '0' || *p > '9'))
      p++;
    if (!*p)
      break;
    w[n] = strtoll(p, &end, 10);
    n += end != p;
    p = end != p ? end : p + 1; /* a '-' without digits */
  }
  free(text);
  long long *lead = w + (counted ? 1 : 0);
  if (counted && n > 0)
    n--;
  /* lead[i] becomes the mover's best lead on w[i..i+span): one row of the
   * table, span by span. */
  long long *weights = malloc((n ? n : 1) * sizeof *weights);
  if (weights == NULL)
    exit(3);
  memcpy(weights, lead, n * sizeof *weights);
  for (size_t span = 2; span <= n; span++)
    for (size_t i = 0; i + span <= n; i++) {
      long long l = weights[i] - lead[i + 1],
                r = weights[i + span - 1] - lead[i];
      lead[i] = l > r ? l : r;
    }
  long long m = n ? lead[0] : 0;
  free(weights);
  free(w);
  return m;
}

/* Burns CPU until killed. */
static inline void hostile_spin(void) {
  static volatile unsigned long sink;
  for (;;)
    sink++;
}

#endif
