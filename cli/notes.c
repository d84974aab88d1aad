/*
 * notes.c - printing the library's notes on input (see notes.h).
 */
#include "notes.h"
#include "options.h"
#include <shelf_teach.h>

#include <stdio.h>

void notes_print(shelf_notes *n, const char *source, uint64_t line,
                 uint64_t wheels) {
  shelf_note notes[2];
  size_t count = shelf_notes_take(n, wheels, line, notes);
  for (size_t k = 0; k < count; k++) {
    char sentence[SHELF_SENTENCE_BUFSIZE];
    shelf_note_sentence(&notes[k], sentence, sizeof sentence, NULL);
    char where[SHOWN_SIZE + 64];
    if (notes[k].line == 0)
      snprintf(where, sizeof where, "argument %llu",
               (unsigned long long)notes[k].arg);
    else
      snprintf(where, sizeof where, "%s%sline %llu", source ? source : "",
               source ? ": " : "", (unsigned long long)notes[k].line);
    error_line("note: %s: %s%s", where, sentence,
               notes[k].kind == SHELF_NOTE_COUNT
                   ? "; --counted reads it as a count"
                   : "");
  }
}
