/*
 * scan.h - the fast scanner's one entry point, for the parser (parse.c).
 */
#ifndef SHELF_SCAN_H
#define SHELF_SCAN_H

#include "solver.h"

/* The scanner's word tricks assume little-endian byte order; elsewhere it
 * takes nothing, and the byte-at-a-time machine does all the work. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&             \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SCAN_FAST 1
#else
#define SCAN_FAST 0
#endif

/* What a scan passed over, for the parser to take up where it stopped. */
typedef struct scan_result {
  uint64_t taken;    /* weights pushed */
  uint64_t lines;    /* line feeds passed */
  size_t line_start; /* index just past the last of them, if lines > 0 */
  int last;          /* the last item taken: SHELF_AFTER_WEIGHT or
                        SHELF_AFTER_COMMA; SHELF_AFTER_NOTHING if only blanks
                        were passed; -1 if nothing was */
} scan_result;

/* The scanner's paths (scan.c): the instruction sets it classifies bytes
 * with. SCAN_NEON_KIND is NEON's (SCAN_NEON says whether a build has it). */
enum { SCAN_SWAR, SCAN_SSE2, SCAN_AVX2, SCAN_NEON_KIND, SCAN_KINDS };

/* The fastest path this build and processor run; a pure function of the
 * processor, which each parser asks once (shelf_parser_new()). */
int shelf__scan_best(void);

/* 1 if this build and processor can run path `kind`, else 0 (tests run
 * each one that can). */
int shelf__scan_runs(int kind);

/* For tests: makes parser p scan with path `kind` (one that
 * shelf__scan_runs()); returns 0, leaving it as it was, if it cannot. */
int shelf__parser_scanner(shelf_parser *p, int kind);

/* Takes plain weights and separators from b[i..len), between items, with
 * path `kind`, and pushes at most `limit` weights into the solver
 * (UINT64_MAX: no limit; a limit, for a counted shelf, only outside line
 * mode); returns where it stopped.
 * There the byte-at-a-time parser takes over, between items, in front of a
 * weight or byte that it must look at itself. Only b[0..len) is read. In
 * line mode it stops at a
 * line feed. It never fails: where the solver cannot take a run (it is wide
 * or failed), it stops and leaves the weights to solver_push(). */
size_t shelf__scan_plain(int kind, shelf_solver *s, const unsigned char *b,
                         size_t i, size_t len, int line_mode, uint64_t limit,
                         scan_result *out);

/* --batch: the `lines` lines (1, or 2 for a counted shelf: its count's
 * line and its weights') that start at b[i], taken whole if their last
 * line feed is among their first 64 bytes and before it are only weights
 * of at most 8 digits (no sign) and blanks (spaces, tabs); with 2, the
 * second line ends with a weight right before its line feed. Then their
 * weights go to val[0..*n), at most QUICK_LINE_MAX (internal.h; val has
 * room for QUICK_LINE_ROOM), *first gets how many are on the first line
 * (with 2), and it returns the bytes up to and including the last line
 * feed; else 0, and the text is the machine's. Reads b[i..i + 64) only,
 * and needs len - i >= 64. */
size_t shelf__scan_line(int kind, const unsigned char *b, size_t i,
                        size_t len, int lines, uint64_t *val, unsigned *n,
                        unsigned *first);

#endif /* SHELF_SCAN_H */
