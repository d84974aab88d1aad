/*
 * args.c - numbers in the programs' arguments (see args.h): exact
 * decimal readings, with no strtol() leniency (leading blanks, a sign on an
 * unsigned value, a silent clamp at the type's limit), so that an argument
 * is taken as written or refused.
 */
#include "args.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

/* Decimal digits only (no sign, no blanks), at most `max`. */
int arg_u64(const char *s, uint64_t max, uint64_t *value) {
  if (*s == '\0')
    return 0;
  uint64_t v = 0;
  for (; *s != '\0'; s++) {
    if (*s < '0' || *s > '9')
      return 0;
    unsigned d = (unsigned)(*s - '0');
    if (v > (max - d) / 10)
      return 0;
    v = v * 10 + d;
  }
  *value = v;
  return 1;
}

/* An optional sign and decimal digits that fit in int64_t. */
int arg_i64(const char *s, int64_t *value) {
  int negative = *s == '-';
  if (*s == '-' || *s == '+')
    s++;
  uint64_t mag;
  if (!arg_u64(s, negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX,
               &mag))
    return 0;
  /* -2^63 has no positive twin, so it cannot be negated into place. */
  if (!negative)
    *value = (int64_t)mag;
  else if (mag > (uint64_t)INT64_MAX)
    *value = INT64_MIN;
  else
    *value = -(int64_t)mag;
  return 1;
}

/* LO..HI */
int arg_range(const char *arg, int64_t *lo, int64_t *hi) {
  const char *dots = strstr(arg, "..");
  /* Each bound at most 24 characters: 19 digits, a sign and some zeros. */
  if (dots == NULL || dots - arg > 24 || strlen(dots + 2) > 24)
    return 0;
  char first[32];
  memcpy(first, arg, (size_t)(dots - arg));
  first[dots - arg] = '\0';
  return arg_i64(first, lo) && arg_i64(dots + 2, hi);
}

/* A seed from the clock, short enough to type back in. */
uint64_t arg_clock_seed(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
    ts.tv_sec = time(NULL), ts.tv_nsec = 0;
  uint64_t mix = (uint64_t)ts.tv_sec * 1000003u + (uint64_t)ts.tv_nsec / 1000u +
                 (uint64_t)getpid();
  return mix % 1000000000u;
}
