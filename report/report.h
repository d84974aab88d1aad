/*
 * report.h - how the programs (the shelf command and shelf-mpi) print a
 * solved shelf: the margin, the line of moves and the explanation, as text
 * or as JSON, the same bytes from both.
 */
#ifndef SHELF_REPORT_REPORT_H
#define SHELF_REPORT_REPORT_H

#include "out.h"

#include <shelf.h>
#include <shelf_judge.h>
#include <shelf_teach.h>
#include <string.h>

typedef struct report_options {
  int json;    /* one JSON object per shelf */
  int moves;   /* the line, turn by turn */
  int explain; /* the greedy trap and the parity floor */
  int align;   /* columns padded for a terminal */
  int table;   /* --table: the lead of every block */
  int csv;     /* --csv: the table (or with moves, the line) as CSV */
  uint64_t table_first, table_last; /* --table A..B from 1; 0: the whole */
  shelf_answer answer; /* --answer: the first line's number; the margin
                          (0) unless asked */
} report_options;

/* The longest shelf --table shows: 30 columns of leads still fit a wide
 * terminal and can be checked by hand. */
#define REPORT_TABLE_MAX 30

/* Everything computed for one shelf, so that nothing is printed until all of
 * it is known. */
typedef struct report {
  shelf_result result;
  const int64_t *weights; /* with moves or explain */
  size_t n;
  const unsigned char *ends;     /* the line, with moves */
  const shelf_cell *cells;       /* with table: table_n^2, from
                                    shelf_lead_table() of the block */
  size_t table_from, table_n;    /* the block tabled: its first wheel
                                    (0-based) and its length */
  shelf_explanation explanation; /* with explain, and read only then */
} report;

/* Clears a report but for its explanation, field by field: zeroing the
 * whole (430 bytes, with a string instruction whose start-up alone costs
 * more than printing a margin) was a tenth of a --batch run. */
static inline void report_clear(report *r) {
  memset(&r->result, 0, sizeof r->result);
  r->weights = NULL;
  r->n = 0;
  r->ends = NULL;
  r->cells = NULL;
  r->table_from = r->table_n = 0;
}

void report_print(out *o, const report_options *opt, const report *r);

/* An error for --keep-going in JSON: {"line": L, "column": C, "error": ...,
 * "found": ...}; a column of 0 and a NULL found are left out (an error that
 * is not about the text, such as a shelf too long for the brute engine). */
void report_json_error(out *o, uint64_t line, uint64_t column,
                       const char *message, const char *found);

#endif
