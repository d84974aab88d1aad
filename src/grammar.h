/*
 * grammar.h - the byte classes that both the parser (parse.c) and the
 * cutting of a text into pieces (pieces.c) must see alike: one copy, so
 * that a cut can never disagree with the grammar it cuts.
 */
#ifndef SHELF_GRAMMAR_H
#define SHELF_GRAMMAR_H

/* A name may open a named list: `wheels = [7, 2, 9, 4]`. */
static inline int name_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline int name_char(unsigned char c) {
  return name_start(c) || (c >= '0' && c <= '9');
}

/* A byte that can start a weight. */
static inline int weight_start(unsigned char c) {
  return (c >= '0' && c <= '9') || c == '+' || c == '-';
}

#endif /* SHELF_GRAMMAR_H */
