/*
 * names.h - the one way a list of names in a header (SHELF_<ENUM>_LIST:
 * X(NAME, value, "name", "words")) becomes shelf_<enum>_name() and
 * shelf_<enum>_from_name(), for names.c and judge_names.c.
 */
#ifndef SHELF_NAMES_H
#define SHELF_NAMES_H

#include "internal.h"

#include <string.h>

#define NAME_CASE_(NAME, value, name, words)                                   \
  case SHELF_##NAME:                                                           \
    return name;

#define FROM_NAME_(NAME, value, name, words)                                   \
  if (strcmp(text, name) == 0) {                                               \
    *out = SHELF_##NAME;                                                       \
    return SHELF_OK;                                                           \
  }

/* The switch has no default, so that a value added to a list without a
 * name is a compiler warning; a value outside the list falls through. */
#define NAMES_(type, LIST)                                                     \
  const char *type##_name(type value) {                                        \
    switch (value) { LIST(NAME_CASE_) }                                        \
    return NULL;                                                               \
  }                                                                            \
  shelf_status type##_from_name(const char *text, type *out) {                 \
    if (text == NULL || out == NULL)                                           \
      return SHELF_INVALID;                                                    \
    LIST(FROM_NAME_)                                                           \
    return SHELF_INVALID;                                                      \
  }

#endif
