/*
 * args.h - the programs' readings of numbers in their arguments, one for
 * every option that takes them (shelf's --threads, --random, --seed,
 * --range; shelf check's --tries, --seed, --range...; shelf-mpi's
 * --threads), so that each number means the same wherever it is given.
 */
#ifndef SHELF_CLI_ARGS_H
#define SHELF_CLI_ARGS_H

#include <stdint.h>

/* Decimal digits only (no sign, no blanks), at most max. Returns 1 with
 * *value set, or 0 for anything else (*value untouched). */
int arg_u64(const char *s, uint64_t max, uint64_t *value);

/* An optional sign and decimal digits that fit in int64_t. Returns 1 or 0,
 * as arg_u64(). */
int arg_i64(const char *s, int64_t *value);

/* LO..HI, each as arg_i64() reads it; LO <= HI is the caller's to check.
 * Returns 1 or 0, as arg_u64(). */
int arg_range(const char *arg, int64_t *lo, int64_t *hi);

/* A seed from the clock, for a --seed not given: short enough (nine digits
 * at most) to type back in. */
uint64_t arg_clock_seed(void);

#endif
