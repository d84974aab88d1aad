/*
 * grammar.h - the byte classes that the parser (parse.c) and the cutting
 * of a text into pieces (pieces.c, counted_cut.c) must see alike: one copy, so
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

/* What each byte is to the grammar: the parser's classes (parse.c), and
 * the counted cut's (counted_cut.c), which must read text alike. */
enum {
  BYTE_OTHER, /* printable ASCII that cannot start or continue a weight */
  BYTE_DIGIT,
  BYTE_SIGN,  /* + - */
  BYTE_SPACE, /* space, tab */
  BYTE_NL,
  BYTE_CR,
  BYTE_COMMA,
  BYTE_OPEN,
  BYTE_CLOSE,
  BYTE_CTRL, /* other C0 controls and DEL */
  BYTE_HIGH  /* 0x80 and up: never valid, but told apart for the message */
};

static inline int byte_class(unsigned char c) {
  if (c >= '0' && c <= '9')
    return BYTE_DIGIT;
  switch (c) {
  case '+':
  case '-':
    return BYTE_SIGN;
  case ' ':
  case '\t':
    return BYTE_SPACE;
  case '\n':
    return BYTE_NL;
  case '\r':
    return BYTE_CR;
  case ',':
    return BYTE_COMMA;
  case '[':
    return BYTE_OPEN;
  case ']':
    return BYTE_CLOSE;
  default:
    break;
  }
  if (c < 0x20 || c == 0x7f)
    return BYTE_CTRL;
  return c >= 0x80 ? BYTE_HIGH : BYTE_OTHER;
}

/* What ends an error token: a separator, a bracket or a byte that is an
 * error of its own. */
static inline int ends_token(int cls) {
  return cls != BYTE_OTHER && cls != BYTE_DIGIT && cls != BYTE_SIGN;
}

#endif /* SHELF_GRAMMAR_H */
