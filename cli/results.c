/*
 * results.c - the shelf command's results: each shelf's answer, computed
 * in full before any of it is printed, and the one-line errors that name
 * where a shelf went wrong (an argument, a line and column, a file).
 * What was printed before an error is flushed before the error.
 */
#include "results.h"

#include "report.h"
#include "teach.h"

#include <shelf.h>
#include <shelf_teach.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Whether the notes wait for the end of the run: with --batch --counted a
 * shelf spans lines that the notes cannot tell, so they come once, after
 * the last answer (main()). */
int notes_at_end(const options *opt) { return opt->batch && opt->counted; }

/* Whether this run needs the weights kept. */
int needs_weights(const options *opt) {
  return opt->engine != SHELF_ENGINE_LINEAR || opt->report.moves ||
         opt->report.explain || opt->report.table ||
         teach_takes_over(&opt->teach);
}

/* The place prefix of a message about the shelf on `line`: "FILE: line 3: "
 * in batch mode, "FILE: shelf 3: " for counted shelves (which may span many
 * lines), "FILE: " for a whole file, and so on. */
static void place_prefix(char *buf, size_t size, const run *r, uint64_t line) {
  if (r->opt->batch)
    snprintf(buf, size, "%s%s%s %llu: ", r->source ? r->source : "",
             r->source ? ": " : "", r->opt->counted ? "shelf" : "line",
             (unsigned long long)line);
  else
    snprintf(buf, size, "%s%s", r->source ? r->source : "",
             r->source ? ": " : "");
}

/* Computes everything for the shelf in the solver, then prints it. Returns 0,
 * or 1 after reporting a failure (nothing of this shelf is printed). */
int emit_shelf(run *r) {
  report rep;
  report_clear(&rep);
  shelf_status st =
      r->given ? r->given_status : shelf_solver_result(r->solver, &rep.result);
  if (r->given != NULL)
    rep.result = *r->given;
  unsigned char *ends = NULL;
  shelf_cell *cells = NULL;
  int table_too_long = 0;
  if (st == SHELF_OK && needs_weights(r->opt)) {
    rep.weights = shelf_solver_weights(
        r->given_solver ? r->given_solver : r->solver, &rep.n);
    if (r->opt->engine != SHELF_ENGINE_LINEAR)
      st = shelf_solve(rep.weights, rep.n, r->opt->engine, &rep.result);
    if (st == SHELF_OK && (r->opt->report.moves)) {
      ends = malloc(rep.n ? rep.n : 1);
      st = ends == NULL ? SHELF_NOMEM : shelf_line(rep.weights, rep.n, ends);
      rep.ends = ends;
    }
    if (st == SHELF_OK && r->opt->report.explain)
      st = shelf_explain(rep.weights, rep.n, 0, &rep.explanation);
    if (st == SHELF_OK && r->opt->report.table) {
      /* The whole shelf, or the block --table A..B names: a block's leads
       * are those of the block alone. */
      const report_options *ro = &r->opt->report;
      size_t from = ro->table_last ? (size_t)ro->table_first - 1 : 0;
      size_t count = ro->table_last
                         ? (size_t)(ro->table_last - ro->table_first + 1)
                         : rep.n;
      table_too_long =
          ro->table_last ? ro->table_last > rep.n : rep.n > REPORT_TABLE_MAX;
      /* + 1: a table of no wheels still gets a pointer */
      cells = table_too_long ? NULL : malloc(count * count * sizeof *cells + 1);
      st = table_too_long  ? SHELF_TOO_LONG
           : cells == NULL ? SHELF_NOMEM
                           : shelf_lead_table(rep.weights + from, count, cells);
      rep.cells = cells;
      rep.table_from = from;
      rep.table_n = count;
    }
  }
  if (st == SHELF_OK && !notes_at_end(r->opt))
    notes_print(r->notes, r->source, r->opt->batch ? r->shelf_line : 0,
                rep.result.n);
  if (st == SHELF_OK && teach_takes_over(&r->opt->teach)) {
    /* A picture or a game: teach.c prints, and reports its own failures. */
    int status =
        teach_shelf(&r->opt->teach, &r->opt->report, &rep, &r->stdout_buf);
    free(ends);
    free(cells);
    return status;
  }
  if (st == SHELF_OK)
    report_print(&r->stdout_buf, &r->opt->report, &rep);
  free(ends);
  free(cells);
  if (st == SHELF_OK)
    return 0;
  char place[SHOWN_SIZE + 64], why[160];
  if (table_too_long && r->opt->report.table_last)
    snprintf(why, sizeof why, "--table %llu..%llu: this shelf has %llu wheels",
             (unsigned long long)r->opt->report.table_first,
             (unsigned long long)r->opt->report.table_last,
             (unsigned long long)rep.result.n);
  else if (table_too_long)
    snprintf(why, sizeof why,
             "--table shows at most %d wheels; this shelf has %llu: give a "
             "block of at most %d, such as --table 1..%d",
             REPORT_TABLE_MAX, (unsigned long long)rep.result.n,
             REPORT_TABLE_MAX, REPORT_TABLE_MAX);
  else if (st == SHELF_TOO_LONG)
    snprintf(why, sizeof why,
             "the brute engine takes at most %d wheels; this shelf has %llu",
             SHELF_BRUTE_MAX, (unsigned long long)rep.result.n);
  else
    snprintf(why, sizeof why, "%s", shelf_strerror(st));
  if (r->opt->keep_going && r->opt->report.json) {
    /* In the stream of results, like a line that failed to parse. */
    report_json_error(&r->stdout_buf, r->shelf_line, 0, why, NULL);
    return 1;
  }
  place_prefix(place, sizeof place, r, r->shelf_line);
  out_flush(&r->stdout_buf);
  error_line("%s%s", place, why);
  return 1;
}

/* ==== Parse errors ==== */

/* Whether a lone argument that is no shelf names a file shelf could read:
 * `shelf s.txt` is likelier a missing -f than a word among weights. */
static int names_a_file(const run *r) {
  struct stat st;
  if (r->args == NULL || r->nargs != 1 || r->opt->file != NULL ||
      stat(r->args[0], &st) != 0 || S_ISDIR(st.st_mode))
    return 0;
  FILE *f = fopen(r->args[0], "rb");
  if (f == NULL)
    return 0;
  fclose(f);
  return 1;
}

/* Prints a parse error naming its place: the argument, or the line and
 * column (with the file name when there is one). */
void report_error_at(run *r, shelf_status st, const shelf_parse_error *e) {
  char place[SHOWN_SIZE + 64], why[SHELF_SENTENCE_BUFSIZE];
  if (st == SHELF_NOMEM || e->code == SHELF_OK) {
    /* Found while reading the shelf after the last one that ended. */
    place_prefix(place, sizeof place, r, r->shelf_line + 1);
    out_flush(&r->stdout_buf);
    error_line("%s%s", place, shelf_strerror(st));
    return;
  }
  /* A file names the line and column as every surface does; arguments
   * were joined, so their place is mapped back here. */
  shelf_parse_error_format(e, r->args == NULL, why, sizeof why, NULL);
  if (r->args != NULL) {
    /* The arguments were joined with single spaces; map back. */
    int k = 0;
    while (k + 1 < r->nargs && r->arg_start[k + 1] <= e->offset)
      k++;
    uint64_t col = e->offset - r->arg_start[k] + 1;
    /* A byte-order mark opening the first argument takes no column, as it
     * takes none at the start of a file (shelf.h). */
    if (k == 0 && strncmp(r->args[0], "\xEF\xBB\xBF", 3) == 0 && col > 3)
      col -= 3;
    if (e->offset >= r->arg_start[k] + strlen(r->args[k]))
      snprintf(place, sizeof place, "argument %d (at its end)", k + 1);
    else if (col == 1)
      snprintf(place, sizeof place, "argument %d", k + 1);
    else
      snprintf(place, sizeof place, "argument %d, column %llu", k + 1,
               (unsigned long long)col);
    snprintf(place + strlen(place), sizeof place - strlen(place), ": ");
  } else {
    snprintf(place, sizeof place, "%s%s", r->source ? r->source : "",
             r->source ? ": " : "");
  }
  if (r->opt->keep_going && r->opt->report.json) {
    report_json_error(&r->stdout_buf, e->line, e->column,
                      shelf_strerror(e->code), e->found);
  } else if (names_a_file(r)) {
    char shown[SHOWN_SIZE];
    out_flush(&r->stdout_buf);
    error_line("%s%s; did you mean -f %s?", place, why,
               escape_text(r->args[0], shown, sizeof shown));
  } else {
    out_flush(&r->stdout_buf);
    error_line("%s%s", place, why);
  }
}
