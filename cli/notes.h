/*
 * notes.h - printing the library's notes on input (shelf_notes in shelf.h):
 * a count before the weights, numbers grouped by thousands.
 *
 * A note is one line on stderr, "shelf: note: PLACE: ...", printed with a
 * shelf that was answered as usual (the exit status stays 0). The library
 * finds and words the notes; this adds the place and the command's remedy
 * (--counted).
 */
#ifndef SHELF_CLI_NOTES_H
#define SHELF_CLI_NOTES_H

#include "shelf.h"
#include "shelf_teach.h"

/* Prints what there is to note about a shelf of `wheels` wheels that was
 * answered: `source` is the file name as shown in messages, or NULL; in
 * batch mode `line` is the shelf's line (shelf_notes_take). */
void notes_print(shelf_notes *n, const char *source, uint64_t line,
                 uint64_t wheels);

#endif
