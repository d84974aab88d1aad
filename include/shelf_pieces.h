/*
 * shelf_pieces.h - parsing a text in pieces: the cut points, the guesses
 * and the places that let pieces of one text be parsed apart (on threads,
 * or on machines) and joined in order.
 *
 * This is the interface of shelf's own programs (the command's threaded
 * reader, shelf-mpi), and it may change before 1.0: a program that wants a
 * text read on many threads calls shelf_read() of shelf.h instead. It is
 * part of libshelf, and the conventions of shelf.h hold here too.
 */
#ifndef SHELF_PIECES_H
#define SHELF_PIECES_H

#include "shelf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* MARK: - Places in a text (Public) */

/** What came last before a place in the text, as the grammar sees it. */
#define SHELF_PARSE_AFTER_LIST(X)                                              \
  X(AFTER_NOTHING, 0, "nothing", "the start of a shelf")                       \
  X(AFTER_OPEN, 1, "open", "its opening bracket")                              \
  X(AFTER_WEIGHT, 2, "weight", "a weight")                                     \
  X(AFTER_COMMA, 3, "comma", "a comma")                                        \
  X(AFTER_CLOSE, 4, "close", "its closing bracket")
typedef enum shelf_parse_after {
  SHELF_PARSE_AFTER_LIST(SHELF_ENUMERATOR_)
} shelf_parse_after;

SHELF_ENUM_NAMES(shelf_parse_after, SHELF_PARSE_AFTER_LIST)

/** A place between two items of a text, with all the parser needs to go on
 * from there: so that a long text can be cut into pieces and each piece
 * parsed apart (on its own thread, or machine) into its own solver, and the
 * solvers appended in order (shelf_solver_append()). */
typedef struct shelf_parse_place {
  uint64_t offset;          /**< bytes of the whole text before the place */
  uint64_t line;            /**< its line, from 1 */
  uint64_t line_start;      /**< the offset where that line starts */
  shelf_parse_after after;  /**< what came last */
  int in_list;              /**< 1 inside the shelf's brackets */
  uint64_t open_offset;     /**< where the '[' is, when in_list */
  uint64_t open_line;       /**< its line */
  uint64_t open_line_start; /**< the offset where that line starts */
  uint64_t counted;         /**< SHELF_PARSE_COUNTED: weights still due;
                                 UINT64_MAX before the count is read */
} shelf_parse_place;

/** Forgets all input and any error, and goes on as if the text before
 * `at` had been fed and had left the parser there: errors then carry the
 * lines, columns and offsets of the whole text. A caller that does not
 * know a piece's line can pass 1 and add the lines before the piece to an
 * error's line afterwards; its column is right as long as line_start is.
 * The one error placed before the piece, a missing closing bracket, is
 * placed at open_line as given: give it in the same terms as line.
 *
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL, `after` is not a
 *         shelf_parse_after, or line is 0.
 *
 * Time O(1). */
SHELF_API shelf_status shelf_parser_resume(shelf_parser *parser,
                                           const shelf_parse_place *at);

/* MARK: - Parsing in pieces (Public) */

/** How far back shelf_piece_guess() looks for what came before a cut. */
#define SHELF_LOOK_BACK 4096

/** The bytes a place takes in shelf_place_encode(). */
#define SHELF_PLACE_SIZE 72

/** The next cut point: where a long text may be cut into pieces that are
 * parsed apart (on threads, or machines) and joined in order.
 *
 * The cut rule: a cut point is a byte that starts a weight (a digit or a
 * sign) right after a space, tab, line feed or comma. Nothing the grammar
 * reads spans it: a weight, an error token and a UTF-8 sequence all end at
 * the blank or comma, and a carriage return waits for its line feed, not a
 * blank. So at a cut point a parser that has read the text before it is
 * between items, or has failed, or is
 * at a name waiting for its '=' (which fails on the weight that follows;
 * shelf_piece_end()). With SHELF_PARSE_LINES alone a cut point is any byte
 * after a line feed, where the next shelf starts.
 *
 * @param text   the bytes; text[from - 1] must be readable when from > 0.
 * @param len    their number.
 * @param from   where to start looking; a cut is never at 0.
 * @param flags  the parser's flags (shelf_parser_new()).
 * @return the first cut point i with from <= i < len, or len if there is
 *         none (or an argument is NULL).
 *
 * Time O(len - from); it reads only text[from - 1 .. len). Thread-safe. */
SHELF_API size_t shelf_piece_cut(const char *text, size_t len, size_t from,
                                 unsigned flags);

/** How a text opens: the place after its opening, a byte-order mark,
 * blanks and, if the shelf is in brackets, its '[' (and the name before it,
 * as in `wheels = [`). shelf_piece_guess() needs it to know whether a
 * piece is inside the brackets.
 *
 * @param head   the text's first bytes (the first 64 KiB are plenty).
 * @param len    their number.
 * @param flags  the parser's flags: the counted layout has no brackets, and
 *               with SHELF_PARSE_LINES each line opens on its own.
 * @param out    receives the place, in the whole text's lines.
 * @param sure   receives 1, or 0 when `head` ended (in blanks or a name)
 *               before the opening did: then *out says "no brackets", and
 *               a guess made with it may be wrong (shelf_piece_fits()
 *               catches that).
 * @return SHELF_OK; SHELF_INVALID for a NULL argument (`head` may be NULL
 *         when len is 0).
 *
 * Time O(len). Thread-safe. */
SHELF_API shelf_status shelf_piece_opening(const char *head, size_t len,
                                           unsigned flags,
                                           shelf_parse_place *out, int *sure);

/** Guesses the place at a cut from the bytes before it: what came last (a
 * weight, a comma, a bracket, or only the opening), and whether it is
 * inside the brackets. It looks back at most SHELF_LOOK_BACK bytes, never
 * at the text's head again (that is `opening`).
 *
 * The guess counts lines from 1 at the cut (line 1, line_start `at`): the
 * lines before are not known until the pieces before are parsed;
 * shelf_piece_rebase() puts them right. For text that is valid up to the
 * cut the guess is exact when *sure is 1: blanks change no place, the last
 * item decides `after`, and only blanks follow the closing bracket.
 *
 * @param opening  from shelf_piece_opening() for this text.
 * @param before   the bytes just before the cut: before[len - 1] is the
 *                 byte at offset at - 1; may be NULL when len is 0.
 * @param len      their number (more than SHELF_LOOK_BACK are not read).
 * @param at       the cut's offset in the whole text.
 * @param flags    the parser's flags.
 * @param out      receives the guessed place.
 * @param sure     receives 1 if the guess is sure for valid text, 0 if the
 *                 look-back saw only blanks, or the layout is counted (how
 *                 many weights are still due is not in the bytes before).
 * @return SHELF_OK; SHELF_INVALID for a NULL argument.
 *
 * Time O(min(len, SHELF_LOOK_BACK)). Thread-safe. */
SHELF_API shelf_status shelf_piece_guess(const shelf_parse_place *opening,
                                         const char *before, size_t len,
                                         uint64_t at, unsigned flags,
                                         shelf_parse_place *out, int *sure);

/** Ends a piece that is not the last: where its parser truly left off.
 *
 * At a cut point the parser is between items, and *out is its place; or it
 * is at a name waiting for its '=' (`wheels \n 1`), and taking the first
 * byte of the next piece makes the error it would make in one pass. At a
 * byte that is not a cut point the bytes of `next` are taken until the
 * parser is between items, so *out is then after the cut (and
 * shelf_piece_fits() says the next piece must be parsed again from there).
 *
 * @param parser  the piece's parser, after its bytes were fed.
 * @param solver  its solver (a weight ended by `next` goes there).
 * @param next    the bytes after the piece (one is enough at a cut point);
 *                may be NULL when len is 0.
 * @param len     their number.
 * @param used    receives how many of `next` were taken; may be NULL.
 * @param out     receives the place.
 * @return SHELF_OK; the parse code of the error (as shelf_parser_feed());
 *         SHELF_INVALID for a NULL argument, or if `next` ran out before
 *         the parser was between items (give more bytes).
 *
 * Time O(bytes taken). */
SHELF_API shelf_status shelf_piece_end(shelf_parser *parser,
                                       shelf_solver *solver, const char *next,
                                       size_t len, size_t *used,
                                       shelf_parse_place *out);

/** The join's check: whether a piece parsed from `assumed` (a guess) went
 * as it would have gone on from `end`, the true place where the piece
 * before it left its parser (shelf_piece_end(), rebased). They must agree
 * in everything the parser reads: the offset, what came last, the
 * brackets and, counted, the weights still due. Lines are not compared:
 * the guess counts them from the cut.
 *
 * @param end      the true place, in the whole text's lines.
 * @param assumed  the place the piece was parsed from.
 * @param again    if not NULL and they differ, receives the place to parse
 *                 the piece again from (`end`, its lines counted from 1 at
 *                 it, as a guess counts them), from byte end->offset on.
 * @return 1 if they agree (or an argument is NULL: nothing to redo), 0 if
 *         the piece must be parsed again.
 *
 * Time O(1). Thread-safe. */
SHELF_API int shelf_piece_fits(const shelf_parse_place *end,
                               const shelf_parse_place *assumed,
                               shelf_parse_place *again);

/** Rebases what a piece found, its lines counted from 1 at its start
 * (`end`'s offset), onto the text the piece before it is in: lines are
 * moved down by end->line - 1, and a column on the piece's first line is
 * counted from end->line_start. A bracket or error before the piece's start
 * (its unclosed '[', from the opening) is already in those terms and is
 * left alone.
 *
 * @param end    the true place where the piece starts (it fits there).
 * @param place  a place in the piece (its end), or NULL.
 * @param error  a parse error of the piece, or NULL; one whose code is
 *               SHELF_OK is left alone.
 *
 * Time O(1). Thread-safe. */
SHELF_API void shelf_piece_rebase(const shelf_parse_place *end,
                                  shelf_parse_place *place,
                                  shelf_parse_error *error);

/** The count that opens a counted text (SHELF_PARSE_COUNTED), read from
 * its head, so that the weights after it can be cut into pieces as a
 * plain shelf's are.
 *
 * @param head   the text's first bytes (a few are enough: the count, its
 *               blanks and the first byte of a weight).
 * @param len    their number.
 * @param count  receives the count.
 * @return the bytes the count and the blank after it take (the weights'
 *         text starts there), or 0 if the head does not open with a count
 *         followed by blanks and a weight (a bracket, a name, an error, or
 *         too few bytes: read such a text whole), or if an argument is
 *         NULL.
 *
 * Time O(len). Thread-safe. */
SHELF_API size_t shelf_piece_count(const char *head, size_t len,
                                   uint64_t *count);

/** Writes a place as SHELF_PLACE_SIZE bytes that mean the same on every
 * machine (little-endian 64-bit fields), to send between processes.
 *
 * @param place  the place; must not be NULL.
 * @param out    receives SHELF_PLACE_SIZE bytes; must not be NULL.
 *
 * Time O(1). Thread-safe. */
SHELF_API void shelf_place_encode(const shelf_parse_place *place,
                                  unsigned char *out);

/** Reads a place written by shelf_place_encode().
 *
 * @param in   SHELF_PLACE_SIZE bytes.
 * @param out  receives the place; left alone on failure.
 * @return SHELF_OK; SHELF_INVALID for a NULL argument, or bytes that are
 *         not a place (line 0, `after` not a shelf_parse_after, in_list
 *         not 0 or 1).
 *
 * Time O(1). Thread-safe. */
SHELF_API shelf_status shelf_place_decode(const unsigned char *in,
                                          shelf_parse_place *out);

#ifdef __cplusplus
}
#endif

#endif /* SHELF_PIECES_H */
