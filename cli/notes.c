/*
 * notes.c - printing the library's notes on input (see notes.h).
 */
#include "notes.h"
#include <shelf_teach.h>

#include <stdio.h>

void notes_print(shelf_notes *n, const char *source, uint64_t line,
                 uint64_t wheels) {
  shelf_note notes[2];
  size_t count = shelf_notes_take(n, wheels, line, notes);
  for (size_t k = 0; k < count; k++) {
    char sentence[SHELF_SENTENCE_BUFSIZE];
    shelf_note_sentence(&notes[k], sentence, sizeof sentence, NULL);
    fputs("shelf: note: ", stderr);
    if (notes[k].line == 0)
      fprintf(stderr, "argument %llu: ", (unsigned long long)notes[k].arg);
    else
      fprintf(stderr, "%s%sline %llu: ", source ? source : "",
              source ? ": " : "", (unsigned long long)notes[k].line);
    fprintf(stderr, "%s%s\n", sentence,
            notes[k].kind == SHELF_NOTE_COUNT
                ? "; --counted reads it as a count"
                : "");
  }
}
