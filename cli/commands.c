/*
 * commands.c - the game's commands as the person gives them: one key on a
 * terminal (l or Left, r or Right, u, ?, q...), or one word a line from
 * anything else, so that scripts and tests drive the same game. The keys
 * are the words' first letters, so l is the left wheel and r the right
 * wherever they are typed (vi's h and l are not keys: l was the right
 * wheel there, and people type l for left).
 *
 * Escape sequences read: ESC [ D and ESC O D (Left), ESC [ C and ESC O C
 * (Right), on a terminal and as a line of their own; any other sequence is
 * read whole and counts as an unknown key.
 */
#include "commands.h"
#include "terminal.h"
#include <shelf.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

command commands_key(void) {
  int c = terminal_byte(-1);
  switch (c) {
  case -2:
    return END;
  case -3:
    return REDRAW;
  case -4:
    return FAILED;
  case 'l':
  case 'L':
    return LEFT;
  case 'r':
  case 'R':
    return RIGHT;
  case 'u':
  case 'U':
    return UNDO;
  case 'a':
  case 'A':
  case 'y':
  case 'Y':
    return AGAIN;
  case 'n':
  case 'N':
    return NO;
  case '?':
    return HINT;
  case 'q':
  case 'Q':
  case 4: /* Ctrl-D: raw mode reads it as a key, not as the end */
    return QUIT;
  case 27: {
    /* A lone Escape has nothing after it for a while; an arrow's bytes
     * come together. */
    int b = terminal_byte(50);
    if (b == -4)
      return FAILED;
    if (b != '[' && b != 'O') {
      terminal_drain();
      return OTHER;
    }
    for (int k = 0; k < 16; k++) {
      int f = terminal_byte(50);
      if (f == -4)
        return FAILED;
      if (f < 0)
        return OTHER;
      if (f >= 0x40 && f <= 0x7e) /* the final byte of a sequence */
        return f == 'D' ? LEFT : f == 'C' ? RIGHT : OTHER;
    }
    terminal_drain();
    return OTHER;
  }
  default:
    terminal_drain();
    return OTHER;
  }
}

/* The commands a line may hold, once each, besides an end's name ("left",
 * "right": shelf_end_from_name()); the last four are the arrows' escape
 * sequences, lowered as the line is. */
static const struct {
  const char *word;
  command cmd;
} words[] = {
    {"l", LEFT},      {"r", RIGHT},      {"u", UNDO},      {"undo", UNDO},
    {"a", AGAIN},     {"again", AGAIN},
    {"y", AGAIN},     {"yes", AGAIN},    {"n", NO},        {"no", NO},
    {"?", HINT},      {"q", QUIT},       {"quit", QUIT},   {"\x1b[d", LEFT},
    {"\x1bod", LEFT}, {"\x1b[c", RIGHT}, {"\x1boc", RIGHT}};

/* One command a line. *what receives the line as typed (trimmed, cut to
 * fit) for the reminder. */
command commands_line(line_buffer *b, char *what, size_t size) {
  what[0] = '\0';
  errno = 0;
  if (getline(&b->text, &b->cap, stdin) < 0) {
    /* getline() gives -1 at the end, on a read error, and when it cannot
     * allocate the line (which sets neither flag): only the first ends the
     * game quietly. */
    if (feof(stdin) && !ferror(stdin))
      return END;
    terminal_read_errno = errno != 0 ? errno : EIO;
    return FAILED;
  }
  char *s = b->text;
  while (*s == ' ' || *s == '\t')
    s++;
  size_t k = strlen(s);
  while (k > 0 && (s[k - 1] == '\n' || s[k - 1] == '\r' || s[k - 1] == ' ' ||
                   s[k - 1] == '\t'))
    s[--k] = '\0';
  for (size_t m = 0; m < k; m++)
    if (s[m] >= 'A' && s[m] <= 'Z')
      s[m] = (char)(s[m] - 'A' + 'a');
  /* Only printable ASCII goes back out, so the output stays plain. */
  size_t shown_len = 0;
  for (size_t m = 0; m < k && shown_len + 4 < size; m++)
    what[shown_len++] = s[m] >= 0x20 && s[m] < 0x7f ? s[m] : '?';
  if (shown_len < k && shown_len + 4 <= size) {
    memcpy(what + shown_len, "...", 3);
    shown_len += 3;
  }
  what[shown_len] = '\0';
  shelf_end end;
  if (shelf_end_from_name(s, &end) == SHELF_OK)
    return end == SHELF_LEFT ? LEFT : RIGHT;
  for (size_t m = 0; m < sizeof words / sizeof words[0]; m++)
    if (strcmp(s, words[m].word) == 0)
      return words[m].cmd;
  return OTHER;
}
