/*
 * shelf.h - the public interface of libshelf.
 *
 * libshelf solves the ripening-shelf game exactly: wheels of cheese stand in
 * a row, two buyers take turns lifting the wheel at the left or the right end
 * of what remains, and both play perfectly to maximise their own kilos. The
 * answer is the margin: the first buyer's total minus the second's.
 *
 * Conventions that hold for every declaration below:
 *
 *   - Functions return a shelf_status; SHELF_OK (0) is success and results
 *     come back through out-pointers, which are left untouched on failure
 *     unless the documentation says otherwise.
 *   - Weights are int64_t. Totals and margins can need more than 64 bits, so
 *     they are shelf_i128 and always exact: nothing is ever wrapped.
 *   - The caller owns every input; no pointer to it is kept after a call
 *     returns. Each object that a function allocates names the function that
 *     frees it, and every such function accepts NULL.
 *   - The library does no I/O, keeps no global state, and never exits or
 *     aborts on bad input. Distinct objects may be used from distinct threads
 *     at once; one object must not be used from two threads at once.
 *   - An array given to a call must not change until the call returns. The
 *     library may read a weight more than once (shelf_solver_push_many()
 *     bounds a run of weights, then merges them, trusting the bound), so a
 *     weight another thread rewrites meanwhile is undefined behaviour, as
 *     for memcpy() from memory that changes: wrong answers or memory
 *     corruption. A caller that cannot promise it (a buffer other code may
 *     write, as in Python) copies the weights first; the Python module
 *     copies them a chunk at a time.
 *
 * Words used throughout: the shelf is the row, a wheel is one item, its weight
 * is its kilos; the buyers are the first and the second; an end is left or
 * right; a block is the contiguous run of wheels that remains; the lead of a
 * block is what the buyer to move can finish ahead by on it; the line is the
 * sequence of moves under perfect play.
 */
#ifndef SHELF_H
#define SHELF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MARK: - Version (Public) */

/* The version of this release. (The build reads it from these three lines,
 * so it is written nowhere else.) */
#define SHELF_VERSION_MAJOR 0
#define SHELF_VERSION_MINOR 2
#define SHELF_VERSION_PATCH 0

#define SHELF_STRINGIFY_(x) #x
#define SHELF_STRINGIFY(x) SHELF_STRINGIFY_(x)
/** The version of this header as a string, for example "0.1.0". */
#define SHELF_VERSION_STRING                                                   \
  SHELF_STRINGIFY(SHELF_VERSION_MAJOR)                                         \
  "." SHELF_STRINGIFY(SHELF_VERSION_MINOR) "." SHELF_STRINGIFY(                \
      SHELF_VERSION_PATCH)

#if defined(SHELF_STATIC_DEFINE) || !defined(__GNUC__)
#define SHELF_API
#else
#define SHELF_API __attribute__((visibility("default")))
#endif

/** Returns the version of the linked library, for example "0.1.0".
 *
 * Compare it with SHELF_VERSION_STRING to detect a header and library of
 * different releases. The string is static; do not free it. Thread-safe. */
SHELF_API const char *shelf_version(void);

/* MARK: - Numbers (Public) */

/** A signed 128-bit integer: the type of every total, margin and lead.
 *
 * Any n < 2^63 weights of at most 2^63 kilos each sum to less than 2^126, so
 * every total, margin and lead fits; none is ever wrapped. */
__extension__ typedef __int128 shelf_i128;

/** Bytes a buffer needs to hold any shelf_i128 in decimal, with the sign and
 * the terminating NUL. */
#define SHELF_I128_BUFSIZE 41

/** Writes `value` in decimal into `buf` and NUL-terminates it.
 *
 * @param value  any shelf_i128.
 * @param buf    at least SHELF_I128_BUFSIZE bytes; must not be NULL.
 * @return the number of characters written, not counting the NUL.
 *
 * Time O(1) (at most 40 digits). Thread-safe. */
SHELF_API size_t shelf_i128_format(shelf_i128 value, char *buf);

/* MARK: - Status codes (Public) */

/** Every status, once: X(NAME, value, message).
 *
 * Values are pinned: a released value never changes meaning. The messages are
 * what shelf_strerror() returns. Codes from 10 up are parse errors; each line
 * names an input that produces it. */
#define SHELF_STATUS_LIST(X)                                                   \
  X(OK, 0, "success")                                                          \
  X(INVALID, 1, "invalid argument")                                            \
  X(NOMEM, 2, "out of memory")                                                 \
  X(RANGE, 3, "value does not fit in 64 bits")                                 \
  X(TOO_LONG, 4, "shelf too long for this engine")                             \
  X(BAD_STATE, 5, "saved state is damaged or truncated")                       \
  X(STATE_VERSION, 6, "saved state from another version of shelf")             \
  /* parse errors */                                                           \
  X(EXPECTED_INTEGER, 10, "expected an integer")         /* x, nan, "1" */     \
  X(NOT_INTEGER, 11, "not an integer")                   /* 1.0, 1e3, 0x10 */  \
  X(WEIGHT_RANGE, 12, "weight outside the 64-bit range") /* 2^63 */            \
  X(EMPTY_ITEM, 13, "empty item")                        /* 1,,2  [,1] */      \
  X(UNCLOSED, 14, "missing closing bracket")             /* [1, 2 */           \
  X(UNOPENED, 15, "closing bracket without opening one") /* 1, 2] */           \
  X(NESTED, 16, "nested lists are not allowed")          /* [[1]] */           \
  X(AFTER_LIST, 17, "text after the closing bracket")    /* [1] 2 */           \
  X(MISPLACED_BRACKET, 18, "opening bracket after a weight") /* 1 [2] */       \
  X(CONTROL, 19, "control character")                        /* NUL, ESC */    \
  X(BAD_UTF8, 20, "invalid UTF-8")                           /* byte 0xFF */   \
  X(UNEXPECTED_CHAR, 21, "unexpected character")             /* U+2212 */  \
  X(BAD_COUNT, 22, "the count is not a non-negative integer") /* -3 1 2 */   \
  X(TOO_FEW, 23, "fewer weights than the count")              /* 3 1 2 */    \
  X(TOO_MANY, 24, "text after the last counted weight")       /* 1 5 6 */    \
  X(EXPECTED_LIST, 25, "expected a bracketed list after '='") /* w = 1 */

/** The status every function returns. */
typedef enum shelf_status {
#define SHELF_STATUS_ENUM_(name, value, message) SHELF_##name = value,
  SHELF_STATUS_LIST(SHELF_STATUS_ENUM_)
#undef SHELF_STATUS_ENUM_
} shelf_status;

/** Returns a short, static, lower-case message for `status`, such as
 * "out of memory"; "unknown status" for a value not in SHELF_STATUS_LIST.
 * Do not free it. Thread-safe. */
SHELF_API const char *shelf_strerror(shelf_status status);

/** Returns the name of `status` without the prefix, such as "NOMEM";
 * "UNKNOWN" for a value not in SHELF_STATUS_LIST. Static. Thread-safe. */
SHELF_API const char *shelf_status_name(shelf_status status);

/* MARK: - Solving a whole shelf (Public) */

/** The three engines. They compute the same numbers; they differ in cost. */
typedef enum shelf_engine {
  SHELF_ENGINE_LINEAR = 0, /**< O(n) time; the default. */
  SHELF_ENGINE_DP = 1,     /**< interval DP, O(n^2) time, O(n) memory. */
  SHELF_ENGINE_BRUTE = 2   /**< both moves at every turn, O(2^n) time. */
} shelf_engine;

/** The longest shelf SHELF_ENGINE_BRUTE accepts. */
#define SHELF_BRUTE_MAX 25

/** The outcome of perfect play on one shelf. */
typedef struct shelf_result {
  uint64_t n;        /**< wheels on the shelf */
  shelf_i128 margin; /**< first buyer's kilos minus the second's */
  shelf_i128 first;  /**< the first buyer's total */
  shelf_i128 second; /**< the second buyer's total */
} shelf_result;

/** Solves a shelf: the margin and both totals under perfect play.
 *
 * @param weights  n weights, left to right; may be NULL when n is 0.
 * @param n        the number of wheels; 0 gives an all-zero result.
 * @param engine   which engine computes it.
 * @param out      receives the result; must not be NULL.
 * @return SHELF_OK; SHELF_INVALID if `out` is NULL, `weights` is NULL with
 *         n > 0, or `engine` is unknown; SHELF_TOO_LONG if the brute engine
 *         is given more than SHELF_BRUTE_MAX wheels; SHELF_NOMEM.
 *
 * Time: O(n) linear, O(n^2) dp, O(2^n) brute. Memory: O(n) for linear and
 * dp (at most 16 bytes a wheel), O(n) stack depth for brute. Thread-safe. */
SHELF_API shelf_status shelf_solve(const int64_t *weights, size_t n,
                                   shelf_engine engine, shelf_result *out);

/** The margin as an int64_t, for callers who want no 128-bit arithmetic:
 * a foreign-function interface (ctypes, cffi, a language with no 128-bit
 * integers) cannot pass a shelf_i128, and here a margin that does not fit
 * is an error rather than a wrapped number.
 *
 * @return SHELF_OK; SHELF_RANGE if the exact margin is outside int64_t (then
 *         *margin is untouched); otherwise as shelf_solve() with the linear
 *         engine.
 *
 * Time O(n), memory O(n). Thread-safe. */
SHELF_API shelf_status shelf_margin64(const int64_t *weights, size_t n,
                                      int64_t *margin);

/* MARK: - Streaming (Public) */

/** A streaming solver: push weights one at a time, read the answer at any
 * point. It keeps only what the linear algorithm needs (a stack that is at
 * most 16 bytes a wheel on a strictly decreasing shelf and small on random
 * ones), unless created with SHELF_KEEP_WEIGHTS. */
typedef struct shelf_solver shelf_solver;

/** Flag for shelf_solver_new(): also keep every weight pushed, so that
 * shelf_solver_weights() can return them (8 more bytes a wheel). */
#define SHELF_KEEP_WEIGHTS 1u

/** Creates an empty solver.
 *
 * @param out    receives the solver; free it with shelf_solver_free().
 * @param flags  0 or SHELF_KEEP_WEIGHTS.
 * @return SHELF_OK; SHELF_INVALID if `out` is NULL or a flag is unknown;
 *         SHELF_NOMEM. Time and memory O(1). */
SHELF_API shelf_status shelf_solver_new(shelf_solver **out, unsigned flags);

/** Frees a solver; NULL is allowed and does nothing. */
SHELF_API void shelf_solver_free(shelf_solver *solver);

/** Appends one wheel at the right end of the shelf.
 *
 * @return SHELF_OK; SHELF_INVALID if `solver` is NULL; SHELF_RANGE if it
 *         holds 2^63 wheels already, the most a solver counts (only a state
 *         loaded or appended comes near; the solver is not changed);
 *         SHELF_NOMEM, after which the solver is failed: every later push
 *         and result returns SHELF_NOMEM until shelf_solver_reset().
 *
 * Amortised O(1) time. */
SHELF_API shelf_status shelf_solver_push(shelf_solver *solver, int64_t weight);

/** Appends n wheels; the same as n calls of shelf_solver_push(), faster.
 * `weights` may be NULL when n is 0.
 *
 * @return SHELF_OK; SHELF_INVALID if `solver` is NULL, or `weights` is NULL
 *         with n > 0; SHELF_RANGE if the n wheels would take it past 2^63
 *         (none is taken); SHELF_NOMEM, after which the solver is failed as
 *         after shelf_solver_push() (some of the n wheels may have been
 *         taken: reset it before using it again).
 *
 * Time O(n); memory as n pushes (the stack grows by doubling). The array
 * is only read, and only during the call. */
SHELF_API shelf_status shelf_solver_push_many(shelf_solver *solver,
                                              const int64_t *weights, size_t n);

/** The result for the wheels pushed so far. The solver is not changed, so
 * more wheels may be pushed afterwards.
 *
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL; the solver's
 *         failure status if it has failed.
 *
 * Time O(k), where k is the size of the solver's stack (k <= n); no
 * memory. */
SHELF_API shelf_status shelf_solver_result(const shelf_solver *solver,
                                           shelf_result *out);

/** The weights pushed so far, if the solver was created with
 * SHELF_KEEP_WEIGHTS; otherwise NULL. *n (if `n` is not
 * NULL) receives their count. The array belongs to the solver and is valid
 * until the next push, reset or free. */
SHELF_API const int64_t *shelf_solver_weights(const shelf_solver *solver,
                                              size_t *n);

/** Empties the solver and clears a failure, keeping its flags and memory,
 * so that a program solving many shelves allocates once. NULL is allowed
 * and does nothing. Time O(1); no memory is freed or allocated. */
SHELF_API void shelf_solver_reset(shelf_solver *solver);

/* MARK: - States that travel (Public) */

/** Appends the wheels of `other` after the wheels of `solver`, as if they
 * had been pushed into `solver` in order; `other` is not changed.
 *
 * So a shelf can be cut into pieces anywhere, each piece solved on its own
 * (on another thread, another machine), and the pieces appended in shelf
 * order: the result is exact, and the same for any grouping of the appends
 * ((a + b) + c or a + (b + c)). It works because the solver keeps the
 * shelf reduced: `other`'s reduced stack is pushed onto `solver`'s, and
 * every merge this makes is a merge on the whole shelf (docs/algorithm.md).
 *
 * @param solver  receives the wheels; must not be NULL.
 * @param other   the wheels to append; must not be NULL or `solver`.
 * @return SHELF_OK; SHELF_INVALID for a NULL or identical argument, or if
 *         `solver` keeps weights (SHELF_KEEP_WEIGHTS) and `other` does
 *         not; `other`'s failure status if it has failed
 *         (then `solver` is not changed); SHELF_RANGE if the two hold more
 *         than 2^63 wheels together, the most a solver counts (then
 *         `solver` is not changed); SHELF_NOMEM (then `solver` has
 *         failed, as after a push).
 *
 * Time O(k + m), where k is `other`'s stack size (k <= its wheels) and m
 * the merges made; O(other's wheels) if `solver` keeps weights or `other`
 * has only weights. Memory: room for k more stack entries. */
SHELF_API shelf_status shelf_solver_append(shelf_solver *solver,
                                           const shelf_solver *other);

/** Saves a solver's state (its reduced stack, wheel count and total
 * weight; not kept weights) as portable bytes: little-endian, versioned, and
 * with a checksum, so that shelf_solver_load() on any machine rejects a
 * damaged or truncated copy instead of giving a wrong answer.
 *
 * @param solver  the solver; must not be NULL.
 * Like every size query in this header (shelf_explain_sentence() and the
 * other snprintf-style calls), a NULL buffer with size 0 asks for the size:
 * it returns SHELF_OK with *len set and writes nothing. A state is not text
 * and is never cut short, so a buffer that is too small is an error.
 *
 * @param buf     receives the bytes; NULL with `size` 0 asks for the size.
 * @param size    bytes available at `buf`.
 * @param len     receives the size of the state in bytes (also when `buf`
 *                is too small); must not be NULL.
 * @return SHELF_OK (the state written, or the size told); SHELF_INVALID if
 *         `solver` or `len` is NULL, `buf` is NULL with size > 0, or `size`
 *         is below *len (nothing is written); the solver's failure status
 *         if it has failed.
 *
 * The state is 56 bytes plus 8 (or, once the stack is 128-bit, 16) bytes
 * a stack entry. Time O(state size). Thread-safe for distinct solvers. */
SHELF_API shelf_status shelf_solver_save(const shelf_solver *solver,
                                         unsigned char *buf, size_t size,
                                         size_t *len);

/** Replaces a solver's wheels with a saved state, as if the wheels it was
 * saved from had been pushed into a fresh solver.
 *
 * What a loaded state guarantees. A state saved by shelf_solver_save()
 * loads exactly: the same count, total, stack and so the same answers,
 * alone or appended. For any other byte string, every field is checked
 * (magic, version, sizes, checksum; a count n of at most 2^63; a total
 * from -n * 2^63 to n * (2^63 - 1) and entries whose magnitudes add up to
 * at most n * 2^63, or the saved sum of |weight| for a 64-bit stack, as n
 * int64 weights give; as many entries as wheels less an even number, with
 * the parity of the total, and no interior peak; each buyer's total within
 * what ceil(n / 2) or floor(n / 2) int64 weights reach), so it is either
 * rejected, leaving the solver as it was, or loaded; and then no later
 * call on the solver, or on one it is appended to, can crash or overflow:
 * every result has first + second == total and first - second == margin.
 * The checks do not prove that some shelf reduces to exactly these
 * entries, and the checksum catches damage, not intent: bytes crafted to
 * pass give the answers of the stack they hold, which no shelf may have.
 * Load only states that shelf_solver_save() wrote.
 *
 * @param solver  created with flags 0; must not be NULL.
 * @param buf     the bytes from shelf_solver_save(); may be NULL when len
 *                is 0.
 * @param len     their number.
 * @return SHELF_OK; SHELF_INVALID for a NULL argument or a solver that
 *         keeps weights; SHELF_BAD_STATE for bytes that are not a state, a
 *         damaged or truncated one; SHELF_STATE_VERSION for a state saved
 *         by a version of shelf whose format this one does not read;
 *         SHELF_NOMEM.
 *
 * Time O(len); memory: the stack, as when its wheels were pushed. */
SHELF_API shelf_status shelf_solver_load(shelf_solver *solver,
                                         const unsigned char *buf, size_t len);

/* MARK: - Parsing text (Public) */

/** Where and why text failed to parse.
 *
 * Lines and columns count from 1; a column counts bytes from the start of its
 * line (any accepted input is ASCII after an optional byte-order mark, which
 * takes no column). */
typedef struct shelf_parse_error {
  shelf_status code; /**< one of the parse codes, or SHELF_OK */
  uint64_t line;     /**< line of the offending text */
  uint64_t column;   /**< column where the offending text starts */
  uint64_t offset;   /**< byte offset from the start of the input */
  char found[48];    /**< the offending text, printable (other bytes as
                          \xHH), cut at 40 bytes with "..."; empty at the
                          end of input */
} shelf_parse_error;

/** A push parser for the input grammar:
 *
 *   - a weight is an optional '+' or '-' and decimal digits (leading zeros
 *     allowed, -0 is 0) whose value fits in int64_t;
 *   - weights are separated by spaces, tabs, newlines (LF or CRLF) and
 *     commas; two commas with nothing between them are an empty item;
 *   - the whole shelf may be wrapped in one pair of square brackets, and a
 *     trailing comma is allowed, as in Python;
 *   - a bracketed shelf may be given a name, as code writes it:
 *     `wheels = [7, 2, 9, 4]` (a letter or '_', then letters, digits and
 *     '_', then '=', spaces allowed around it);
 *   - a UTF-8 byte-order mark may open the input.
 *
 * Text may arrive in pieces of any size, split anywhere; the outcome is the
 * same as if it came in one piece. */
typedef struct shelf_parser shelf_parser;

/** Flag for shelf_parser_new(): each line is one shelf (batch mode). An empty
 * line, or `[]`, is the empty shelf. A final line without a newline counts;
 * the empty text after a final newline does not. */
#define SHELF_PARSE_LINES 1u

/** Flag for shelf_parser_new(): the shelf opens with its count, the number
 * of weights that follow, as competitive-programming files write it (`4`,
 * then `10 80 90 30`). The count is not a wheel. Fewer weights than the
 * count is SHELF_TOO_FEW at the end of the input; anything but blanks after
 * the last one is SHELF_TOO_MANY; a negative count is SHELF_BAD_COUNT; the
 * layout has no brackets (SHELF_UNEXPECTED_CHAR).
 * With SHELF_PARSE_LINES as well, the text is a sequence of counted
 * shelves, each a count and its weights over any number of lines; the
 * parser stops after each, as line mode does after each line. */
#define SHELF_PARSE_COUNTED 2u

/** Creates a parser.
 *
 * @param out    receives the parser; free it with shelf_parser_free().
 * @param flags  0 (the whole text is one shelf), SHELF_PARSE_LINES,
 *               SHELF_PARSE_COUNTED, or both.
 * @return SHELF_OK; SHELF_INVALID; SHELF_NOMEM. Time and memory O(1). */
SHELF_API shelf_status shelf_parser_new(shelf_parser **out, unsigned flags);

/** Frees a parser; NULL is allowed and does nothing. */
SHELF_API void shelf_parser_free(shelf_parser *parser);

/** Parses the next piece of text, pushing each weight into `solver`.
 *
 * With SHELF_PARSE_LINES it stops right after each line that ends a shelf:
 * *ended is set to 1 and *used to the bytes consumed, so the caller can read
 * the result, reset the solver and call again with the rest. Otherwise it
 * consumes all `len` bytes (*used = len) and sets *ended to 0.
 *
 * @param parser  the parser; must not be NULL.
 * @param solver  receives the weights; must not be NULL.
 * @param data    the text; may be NULL when len is 0.
 * @param used    receives the bytes consumed (on a parse error, those before
 *                the byte where it was found); must not be NULL.
 * @param ended   receives 1 if a shelf ended, else 0; must not be NULL.
 * @return SHELF_OK; a parse code, with details in shelf_parser_error(); the
 *         solver's SHELF_NOMEM, or SHELF_RANGE for a weight past its 2^63
 *         wheels (the weight is not taken, and the text cannot go on into
 *         that solver); SHELF_INVALID for a NULL argument. After a
 *         parse error the parser is failed and returns the same code, until
 *         shelf_parser_skip_line() (line mode) or shelf_parser_reset().
 *
 * Time O(len); memory O(1) beyond the solver's. */
SHELF_API shelf_status shelf_parser_feed(shelf_parser *parser,
                                         shelf_solver *solver, const char *data,
                                         size_t len, size_t *used, int *ended);

/** Ends the input. Reports an unclosed bracket or an error that was waiting
 * for the end of its text, and in line mode ends a final line that had no
 * newline (setting *ended to 1). The parser then stands at the end: feed
 * nothing more until shelf_parser_reset().
 *
 * @return as shelf_parser_feed(). Time O(1); no memory. */
SHELF_API shelf_status shelf_parser_finish(shelf_parser *parser,
                                           shelf_solver *solver, int *ended);

/** The last parse error; its code is SHELF_OK if there was none. Never
 * NULL for a valid parser. The struct belongs to the parser and is valid,
 * and unchanged, until the next feed, finish, skip, reset or free; copy it
 * to keep it. shelf_parse_error_format() words it. Time O(1). */
SHELF_API const shelf_parse_error *
shelf_parser_error(const shelf_parser *parser);

/** In line mode, after a parse error: forget the error and skip the rest of
 * the offending line, so that the next shelf starts on the next line. The
 * caller should reset its solver too.
 *
 * @return SHELF_OK; SHELF_INVALID if the parser is not in line mode. */
SHELF_API shelf_status shelf_parser_skip_line(shelf_parser *parser);

/** Forgets all input and any error, as if just created. */
SHELF_API void shelf_parser_reset(shelf_parser *parser);

/** What came last before a place in the text, as the grammar sees it. */
typedef enum shelf_parse_after {
  SHELF_AFTER_NOTHING = 0, /**< the start of a shelf */
  SHELF_AFTER_OPEN = 1,    /**< its opening bracket */
  SHELF_AFTER_WEIGHT = 2,  /**< a weight */
  SHELF_AFTER_COMMA = 3,   /**< a comma */
  SHELF_AFTER_CLOSE = 4    /**< its closing bracket */
} shelf_parse_after;

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

/** Where the parser is: the place after the text fed so far.
 *
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL, or the parser is
 *         not between items (inside a weight or other text, after a
 *         carriage return waiting for its line feed, or failed): cut a
 *         text only after a space, tab or line feed.
 *
 * Time O(1). */
SHELF_API shelf_status shelf_parser_place(const shelf_parser *parser,
                                          shelf_parse_place *out);

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

/** Parses a whole text as one shelf into a new array.
 *
 * @param text     the text; may be NULL when len is 0.
 * @param weights  receives the array (NULL for an empty shelf); free it with
 *                 shelf_weights_free().
 * @param n        receives the number of wheels.
 * @param error    if not NULL, receives the details of a parse error.
 * @return SHELF_OK; a parse code; SHELF_NOMEM; SHELF_INVALID.
 *
 * Time O(len); memory 8 bytes a wheel (the array returned). */
SHELF_API shelf_status shelf_parse(const char *text, size_t len,
                                   int64_t **weights, size_t *n,
                                   shelf_parse_error *error);

/** Frees an array from shelf_parse(); NULL is allowed. */
SHELF_API void shelf_weights_free(int64_t *weights);

/* ==== Reading a source on N threads ==== */

/* MARK: - Reading a source on N threads (Public) */

/** Where shelf_read() and shelf_read_batch() get their bytes: the caller's
 * callbacks, which do all the I/O (the library opens nothing). Give
 * `read_at` for a file, or `read` for a stream (a pipe, a terminal); if
 * both are given, `read_at` is used. Offsets are counted from the
 * source's first byte, so a window [start, start + size) of a file is a
 * source whose read_at adds `start`: its places (line, column, offset) are
 * then the window's own, as if it were the whole text. */
typedef struct shelf_source {
  void *ctx; /**< passed to each callback */
  /** A file: reads up to len bytes at `offset` into buf. Returns the bytes
   * read (fewer only at the end of the source), 0 at or past its end, or a
   * negative error number (-errno), which the read ends with. Called on any
   * of the read's threads, at once: it must be safe to call concurrently
   * (pread(2) is). */
  int64_t (*read_at)(void *ctx, char *buf, size_t len, uint64_t offset);
  uint64_t size; /**< with read_at: the source's bytes */
  /** A stream: reads the next bytes, up to len, into buf. Returns as
   * read_at does (0 at the end). Called on the calling thread only. */
  int64_t (*read)(void *ctx, char *buf, size_t len);
  /** A stream, optional: 1 if `read` would return without waiting (poll(2)
   * says input is there), else 0. shelf_read_batch() asks it before it
   * reads while results are still to be handed over, so that a line typed
   * is answered before more is awaited; NULL: input is taken to be there
   * (right for a pipe written ahead; a person typing would wait for a
   * block's answers until the next read returns). */
  int (*ready)(void *ctx);
} shelf_source;

/** How shelf_read() and shelf_read_batch() go about it, and what the
 * caller hears. All zeros is one thread, no hooks. */
typedef struct shelf_read_options {
  /** The threads to use, the calling thread among them: 0 or 1 starts
   * none. A file shorter than 1 MiB is read on the calling thread
   * whatever is asked: threads cost more than they save there. */
  unsigned threads;
  /** The parser's flags (shelf_parser_new()): 0 or SHELF_PARSE_COUNTED for
   * shelf_read(); SHELF_PARSE_LINES, with or without SHELF_PARSE_COUNTED,
   * for shelf_read_batch(). */
  unsigned parse_flags;
  /** shelf_read_batch(): after a parse error, skip its line (or, counted,
   * the rest of its line) and go on, as shelf_parser_skip_line() does;
   * 0: the read ends with the first error. */
  int keep_going;
  /** For tests only: cut the text into pieces of about this many bytes,
   * and use threads on a source of any size, so that small texts put
   * their errors on the pieces' edges; 0: the library's sizes. It changes
   * only the speed, never the result. */
  size_t piece;
  void *ctx; /**< passed to each hook */
  /** Optional: the text, from its start and in order, at least its first
   * 64 KiB (maybe more, maybe all of it), then once with NULL and 0 when
   * no more will be given; on the calling thread. */
  void (*seen)(void *ctx, const char *data, size_t len);
  /** Optional: `bytes` more of the text have been parsed. Called on any of
   * the read's threads, at once: it must be thread-safe (an atomic add). */
  void (*progress)(void *ctx, uint64_t bytes);
  /** shelf_read_batch(), optional: every shelf read so far has been handed
   * over and the read is about to wait for more of a stream (the time to
   * flush output); on the calling thread. */
  void (*idle)(void *ctx);
  /** shelf_read_batch(): each shelf, in input order, on the calling
   * thread: with `error` NULL for one that parsed (`status` and `result`
   * from shelf_solver_result(); the result has no weights), else with
   * `status` a parse code placed in the whole text by `error` (or
   * SHELF_NOMEM, `error` then holding SHELF_OK). Returns nonzero to stop
   * the read. Must not be NULL for shelf_read_batch(). */
  int (*shelf)(void *ctx, shelf_status status, const shelf_result *result,
               const shelf_parse_error *error);
} shelf_read_options;

/** How a read failed, beside the status it returned. */
typedef struct shelf_read_error {
  shelf_parse_error parse; /**< a parse code's details: its line, column
                                and offset in the whole text */
  int read_errno;          /**< a callback's error number (its -return),
                                else 0 */
  const char *why;         /**< with SHELF_INVALID and no read_errno: a
                                static sentence saying what went wrong
                                (the file shrank while it was read) */
  int stopped;             /**< shelf_read_batch(): the shelf hook asked
                                to stop */
} shelf_read_error;

/** Reads a whole source as one shelf on options->threads threads (the
 * calling thread among them) and appends its wheels to `solver`: the
 * answer, errors and places are those of one parser fed the whole text.
 * A file is cut into byte ranges parsed on their own threads and joined
 * in order (docs/algorithm.md, "Cutting the text"); a stream is read on
 * the calling thread in blocks that the others parse. A counted shelf
 * (SHELF_PARSE_COUNTED) is read on threads from a file: its count from the
 * head, then its weights; if anything is wrong with it, it is read again
 * on the calling thread, to find the first error in its place.
 *
 * @param source   the bytes; must not be NULL.
 * @param options  the threads, the layout and the hooks; NULL: all zeros.
 * @param solver   an empty solver, made with the flags the result needs;
 *                 must not be NULL. On failure it holds some of the text's
 *                 wheels: reset it before reusing it.
 * @param result   if not NULL, receives shelf_solver_result() on
 *                 SHELF_OK (reading it again costs time on a long stack).
 * @param error    if not NULL, receives the details of a failure.
 * @return SHELF_OK; a parse code (error->parse places it); SHELF_NOMEM;
 *         SHELF_INVALID for a NULL argument, flags other than 0 or
 *         SHELF_PARSE_COUNTED, a source with neither callback, a read
 *         error (error->read_errno) or a file that ended before its size
 *         (error->why).
 *
 * Time O(bytes / threads + threads) for valid text; memory that of the
 * solver's result, plus at most threads + 1 pieces' stacks and 256 KiB a
 * thread. Thread-safe: no global state; `source` and `options` are only
 * read. Starts threads only when options->threads > 1, and joins them all
 * before it returns. */
SHELF_API shelf_status shelf_read(const shelf_source *source,
                                  const shelf_read_options *options,
                                  shelf_solver *solver, shelf_result *result,
                                  shelf_read_error *error);

/** Reads a source of one shelf a line (SHELF_PARSE_LINES), or of a sequence
 * of counted shelves (with SHELF_PARSE_COUNTED too), parsed and solved on
 * options->threads threads, and hands each shelf's result or parse error
 * to options->shelf in order, on the calling thread, as one parser fed
 * the whole text would find them. The text is cut into blocks after line
 * feeds (counted: where a shelf ends with its line); a line longer than a
 * block, or counted text the cutter is not sure of, is read on the
 * calling thread from there on.
 *
 * @param source   the bytes; must not be NULL. A file is read in order.
 * @param options  must not be NULL, and give `shelf`.
 * @param error    if not NULL, receives the details of a failure, and
 *                 stopped = 1 if the hook stopped the read.
 * @return SHELF_OK when every line was handed over (with keep_going, its
 *         parse errors among them), or the hook stopped the read; a parse
 *         code, without keep_going, after handing that error over;
 *         SHELF_NOMEM; SHELF_INVALID for a NULL argument, flags without
 *         SHELF_PARSE_LINES, a source with neither callback, or a read
 *         error (error->read_errno).
 *
 * Time O(bytes / threads) for valid text; memory threads + 2 blocks of
 * 512 KiB and their results. Thread-safe as shelf_read(). */
SHELF_API shelf_status shelf_read_batch(const shelf_source *source,
                                        const shelf_read_options *options,
                                        shelf_read_error *error);

/* ==== End of reading a source on N threads ==== */

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
 * between items (shelf_parser_place() works there), or has failed, or is
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

/* MARK: - The lead table (Public) */

/** One block of the lead table: what each end keeps for the buyer to move. */
typedef struct shelf_cell {
  shelf_i128 left;  /**< lead kept by taking the left wheel */
  shelf_i128 right; /**< lead kept by taking the right wheel */
  shelf_i128 lead;  /**< the block's lead: the larger of left and right */
} shelf_cell;

/** The longest shelf shelf_lead_table() fills (its table has n * n cells). */
#define SHELF_TABLE_MAX 1024

/** Fills the interval DP's table: for every block first..last (0-based,
 * inclusive), what taking each end keeps and the block's lead.
 *
 * The cell of block first..last is cells[first * n + last]; cells with
 * first > last are set to zero. On a one-wheel block both ends are the same
 * wheel, so left, right and lead all equal its weight. On a longer block
 * left = w[first] - lead(first+1..last) and right = w[last] -
 * lead(first..last-1): taking a wheel hands the rest, and the move, to the
 * other buyer. Where left equals right, both ends keep the lead. The cell
 * of block 0..n-1 holds the margin. The table is filled in the textbook
 * interval DP's order, span by span (all one-wheel blocks, then all
 * two-wheel blocks, and so on), left to right within a span, so a caller
 * that shows the cells in that order shows the algorithm at work.
 *
 * @param weights  n weights; may be NULL when n is 0.
 * @param n        the number of wheels, at most SHELF_TABLE_MAX.
 * @param cells    n * n cells, owned by the caller; may be NULL when n is 0.
 * @return SHELF_OK; SHELF_INVALID if `weights` or `cells` is NULL with n > 0;
 *         SHELF_TOO_LONG if n > SHELF_TABLE_MAX.
 *
 * Time O(n^2); no memory beyond the caller's cells. Thread-safe. */
SHELF_API shelf_status shelf_lead_table(const int64_t *weights, size_t n,
                                        shelf_cell *cells);

/* MARK: - The line of perfect play (Public) */

/** An end of the shelf. */
typedef enum shelf_end { SHELF_LEFT = 0, SHELF_RIGHT = 1 } shelf_end;

/** The line: which end is taken at each turn of a perfect game.
 *
 * Every move of the line keeps the lead of the block it is made on. Where
 * both ends keep it, the line takes the end its reduction prefers (see
 * docs/algorithm.md): the merged group of greater value, the left one when
 * the values are equal. That is not always the left end; use
 * shelf_best_move() to see both ends' leads.
 *
 * @param weights  n weights; may be NULL when n is 0.
 * @param ends     receives n values, each SHELF_LEFT or SHELF_RIGHT, for
 *                 turns 1..n; may be NULL when n is 0.
 * @return SHELF_OK; SHELF_INVALID; SHELF_NOMEM (ends is then unspecified).
 *
 * Time O(n); memory 24 bytes a wheel at most, freed before returning. */
SHELF_API shelf_status shelf_line(const int64_t *weights, size_t n,
                                  unsigned char *ends);

/** What each end is worth to the buyer to move on one block. */
typedef struct shelf_choice {
  shelf_end best;   /**< the line's move on this block */
  shelf_i128 lead;  /**< the block's lead: the larger of left, right */
  shelf_i128 left;  /**< lead kept by taking the left wheel */
  shelf_i128 right; /**< lead kept by taking the right wheel */
} shelf_choice;

/** The best move on block first..last (0-based, inclusive) of a shelf, and
 * the lead that taking each end keeps, so that ties and the cost of a
 * mistake (lead - left, or lead - right) can be shown.
 *
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL or the block is
 *         empty or out of range; SHELF_NOMEM.
 *
 * Time and memory O(last - first + 1). Thread-safe. */
SHELF_API shelf_status shelf_best_move(const int64_t *weights, size_t n,
                                       size_t first, size_t last,
                                       shelf_choice *out);

/* MARK: - Buyers, moves and games (Public) */

/** A buyer: the first moves at turns 1, 3, 5, ..., the second at 2, 4, ... */
typedef enum shelf_buyer { SHELF_FIRST = 0, SHELF_SECOND = 1 } shelf_buyer;

/** A buyer's name as every surface writes it: "first" or "second"; NULL
 * for an unknown value. Time O(1). Thread-safe; the string is static. */
SHELF_API const char *shelf_buyer_name(shelf_buyer buyer);

/** An end's name as every surface writes it: "left" or "right"; NULL for
 * an unknown value. Time O(1). Thread-safe; the string is static. */
SHELF_API const char *shelf_end_name(shelf_end end);

/** "kilo" for a weight of 1 or -1, else "kilos": the unit agrees with the
 * number. Time O(1). Thread-safe; the string is static. */
SHELF_API const char *shelf_kilos_word(shelf_i128 kilos);

/** One move of a game, with both buyers' totals after it. */
typedef struct shelf_move {
  uint64_t turn;     /**< from 1 */
  shelf_buyer buyer; /**< who moved: SHELF_FIRST at odd turns */
  shelf_end end;     /**< the end taken */
  uint64_t wheel;    /**< the wheel taken, 0-based in the whole shelf */
  int64_t weight;    /**< its weight */
  shelf_i128 first;  /**< the first buyer's total after the move */
  shelf_i128 second; /**< the second buyer's total after the move */
} shelf_move;

/** Where a game stands: the block that remains and both totals. A plain
 * value with no pointers, so a caller keeps as many as it likes (one per
 * turn gives undo). Fill it with shelf_game_start(). */
typedef struct shelf_game {
  uint64_t n;        /**< wheels on the shelf */
  uint64_t turn;     /**< moves made so far, 0..n */
  uint64_t first;    /**< the block's first wheel (0-based) */
  uint64_t last;     /**< the block's last wheel + 1; first == last: empty */
  shelf_i128 totals[2]; /**< kilos taken by the first and the second buyer */
} shelf_game;

/** Starts a game on a shelf of n wheels: turn 0, the whole shelf, no kilos.
 * Time O(1); no memory. */
SHELF_API void shelf_game_start(shelf_game *game, size_t n);

/** Makes one move: the buyer to move (shelf_game.turn even: the first)
 * takes the wheel at `end` of the block. If `move` is not NULL it receives
 * the move with both totals after it.
 *
 * @param weights  the shelf the game was started with (n weights).
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL, `end` is unknown,
 *         or the block is empty (nothing changes then).
 *
 * Time O(1); no memory. Thread-safe on distinct games. */
SHELF_API shelf_status shelf_game_take(shelf_game *game, const int64_t *weights,
                                       shelf_end end, shelf_move *move);

/** The greedy move on block first..last (0-based, inclusive): the heavier
 * end, the left on equal weights. The one rule every surface calls greedy.
 * The caller passes a valid block of `weights`. Time O(1). */
SHELF_API shelf_end shelf_greedy_end(const int64_t *weights, size_t first,
                                     size_t last);

/** Flags for shelf_greedy_line(): who plays greedy. */
#define SHELF_GREEDY_BOTH 0u  /**< both buyers take the heavier end */
#define SHELF_GREEDY_FIRST 1u /**< a greedy first buyer, a perfect second */

/** The most wheels shelf_greedy_line() plays with SHELF_GREEDY_FIRST. */
#define SHELF_GREEDY_LINE_MAX SHELF_EXPLAIN_MAX

/** The ends taken at turns 1..n by greedy play: both buyers greedy, or a
 * greedy first buyer against a perfect second, who plays to make the
 * margin as small as it can be; where both of the second buyer's ends do
 * that, it takes the left. The margin of the second line is
 * shelf_explanation.greedy_vs_perfect.
 *
 * @param ends  receives n values, SHELF_LEFT or SHELF_RIGHT; may be NULL
 *              when n is 0.
 * @return SHELF_OK; SHELF_INVALID (a NULL argument, an unknown flag);
 *         SHELF_TOO_LONG with SHELF_GREEDY_FIRST above
 *         SHELF_GREEDY_LINE_MAX wheels; SHELF_NOMEM.
 *
 * Both greedy: time O(n), no memory. Greedy against perfect: time O(n^2),
 * memory n^2 / 32 bytes (the second buyer's choices, 12.5 MB at the
 * limit), freed before returning. Thread-safe. */
SHELF_API shelf_status shelf_greedy_line(const int64_t *weights, size_t n,
                                         unsigned flags, unsigned char *ends);

/* MARK: - Explaining the greedy trap (Public) */

/** Why greedy play loses on one shelf, as shelf_explain() computes it. */
typedef struct shelf_explanation {
  uint64_t n;                   /**< wheels */
  shelf_i128 margin;            /**< margin under perfect play */
  shelf_i128 greedy_first;      /**< first buyer's total, both greedy */
  shelf_i128 greedy_second;     /**< second buyer's total, both greedy */
  shelf_i128 greedy_margin;     /**< greedy_first - greedy_second */
  int has_greedy_vs_perfect;    /**< 1 if computed (n within the limit) */
  shelf_i128 greedy_vs_perfect; /**< greedy first against perfect second */
  int mistake;                  /**< 1 found, 0 none, -1 beyond the limit */
  uint64_t mistake_turn;        /**< 1-based turn of the first mistake */
  shelf_end mistake_end;        /**< the heavier end at that turn */
  shelf_i128 mistake_cost;      /**< lead lost by taking it */
  int has_parity;               /**< 1 if n is even */
  shelf_i128 odd_sum;           /**< sum of positions 1, 3, 5, ... */
  shelf_i128 even_sum;          /**< sum of positions 2, 4, 6, ... */
  shelf_i128 parity_floor;      /**< |odd_sum - even_sum| */
  shelf_i128 parity_gain;       /**< margin - parity_floor (>= 0) */
  shelf_i128 first;             /**< first buyer's total, perfect play */
  shelf_i128 second;            /**< second buyer's total, perfect play */
  uint64_t mistake_wheel;       /**< with mistake 1: the wheel greedy would take
                                     there (0-based), at the mistake_end of the
                                     block */
  int64_t mistake_weight;       /**< its weight */
  uint64_t mistake_other;       /**< the wheel the line takes there (0-based) */
  uint64_t limit; /**< the limit applied (SHELF_EXPLAIN_MAX for 0) */
} shelf_explanation;

/** The largest shelf for which shelf_explain() computes greedy against
 * perfect play (an O(n^2) search) unless told otherwise. */
#define SHELF_EXPLAIN_MAX 20000

/** Explains a shelf: (1) both buyers greedy (the heavier end, the left on
 * equal weights); (2) a greedy first buyer against a perfect second; (3) the
 * first turn of the line where the greedy move is not optimal, the wheel it
 * would take and what it would cost; (4) for even n, the parity floor:
 * taking every odd or every even position guarantees |odd_sum - even_sum|.
 * It also gives both totals under perfect play, so that
 * shelf_explain_sentence() can say everything from this struct alone.
 *
 * @param limit  the largest n for which (2) is computed and the most work
 *               (about limit^2 / 2 steps) that (3) may spend; 0 means
 *               SHELF_EXPLAIN_MAX. Beyond it has_greedy_vs_perfect is 0 or
 *               mistake is -1.
 * @return SHELF_OK; SHELF_INVALID; SHELF_NOMEM.
 *
 * Time O(n) for (1) and (4), O(n^2) for (2) and at worst for (3); memory
 * O(n). Thread-safe. */
SHELF_API shelf_status shelf_explain(const int64_t *weights, size_t n,
                                     size_t limit, shelf_explanation *out);

/* MARK: - Words (Public) */

/** Bytes a buffer needs for any standing from shelf_standing_format(), with
 * the terminating NUL. */
#define SHELF_STANDING_BUFSIZE 56

/** Writes how a buyer stands after a margin, in words, and NUL-terminates
 * it: "7 kilos ahead", "1 kilo behind", "level". The command, the game and
 * the pictures all say it this way.
 *
 * @param margin  any shelf_i128 (the buyer's kilos minus the other's).
 * @param buf     at least SHELF_STANDING_BUFSIZE bytes; must not be NULL.
 * @return the number of characters written, not counting the NUL.
 *
 * Time O(1). Thread-safe. */
SHELF_API size_t shelf_standing_format(shelf_i128 margin, char *buf);

/** The sentences that present a shelf_explanation, in the order the command
 * prints them. Each is one line of plain ASCII ending in a full stop. */
typedef enum shelf_sentence {
  /** "Perfect play: the first buyer finishes 7 kilos ahead, 11 to 4." Reads
   * margin, first and second only. */
  SHELF_SENTENCE_PERFECT = 0,
  /** Both buyers greedy: their totals and how the first stands. */
  SHELF_SENTENCE_GREEDY = 1,
  /** A greedy first buyer against a perfect second, and how much worse than
   * perfect play that is; or that it was not computed above the limit. */
  SHELF_SENTENCE_GREEDY_VS_PERFECT = 2,
  /** The greedy trap: its turn, buyer, end, wheel (1-based) and weight,
   * what it costs, and the wheel perfect play takes; or that greedy never
   * errs; or that the search stopped at its limit. */
  SHELF_SENTENCE_TRAP = 3,
  /** The parity floor for an even number of wheels, or that there is none
   * for an odd number. */
  SHELF_SENTENCE_PARITY = 4
} shelf_sentence;

/** The number of sentences: SHELF_SENTENCE_PERFECT up to, not including,
 * this value. */
#define SHELF_SENTENCE_COUNT 5

/** Bytes a buffer needs for any sentence of shelf_explain_sentence(), with
 * the terminating NUL, whatever the numbers in it. */
#define SHELF_SENTENCE_BUFSIZE 512

/** Writes one sentence of an explanation into a caller's buffer, as the
 * command's --explain prints it (without the newline).
 *
 * Like snprintf: it writes at most size - 1 characters and a NUL (nothing
 * when size is 0) and reports the whole sentence's length, so that a call
 * with a NULL buffer and size 0 asks for the size. A buffer of
 * SHELF_SENTENCE_BUFSIZE bytes always holds the whole sentence.
 *
 * @param e      an explanation from shelf_explain(); must not be NULL.
 * @param which  the sentence.
 * @param buf    receives the text; may be NULL when size is 0.
 * @param size   bytes available at buf.
 * @param len    if not NULL, receives the sentence's length in characters,
 *               not counting the NUL, even when it did not fit.
 * @return SHELF_OK; SHELF_INVALID if `e` is NULL, `which` is unknown, or
 *         `buf` is NULL with size > 0 (nothing is written then).
 *
 * Time O(1); no memory. Thread-safe. */
SHELF_API shelf_status shelf_explain_sentence(const shelf_explanation *e,
                                              shelf_sentence which, char *buf,
                                              size_t size, size_t *len);

/** Writes the one-line message for a parse error, as every surface shows
 * it: 'line 2, column 3: expected an integer, found "x"' (without the
 * found part at the end of the input). With `with_place` 0 the place is
 * left out ('expected an integer, found "x"'), for a caller that names the
 * place its own way (the command names an argument).
 *
 * Like shelf_explain_sentence(): snprintf-style, at most size - 1
 * characters and a NUL, and *len (if not NULL) gets the whole length. A
 * buffer of SHELF_SENTENCE_BUFSIZE bytes always holds the whole message.
 *
 * @return SHELF_OK; SHELF_INVALID if `e` is NULL, or `buf` is NULL with
 *         size > 0.
 *
 * Time O(1); no memory. Thread-safe. */
SHELF_API shelf_status shelf_parse_error_format(const shelf_parse_error *e,
                                                int with_place, char *buf,
                                                size_t size, size_t *len);

/* MARK: - Notes on input (Public) */

/** Notes on text that parses but may not mean what its writer meant: a
 * count before the weights (AtCoder and CSES files open with one), and
 * numbers grouped by thousands ("1,000" is two weights here). A note goes
 * with a shelf that was answered as usual; a shelf that fails gets none.
 *
 * The notes read the text as it is fed, in pieces of any size, beside the
 * parser, and only so far: the count needs the first line, and the
 * thousands check reads the first SHELF_NOTES_SCAN_MAX bytes of text
 * (arguments are read whole), so a long input costs nothing more. */
typedef struct shelf_notes shelf_notes;

/** How much text the thousands check reads. */
#define SHELF_NOTES_SCAN_MAX 65536u

/** The longest text a note quotes (a grouped 64-bit number needs at most
 * 26: a sign and 19 digits in 7 groups). */
#define SHELF_NOTE_TEXT_MAX 28

/** What a note is about. */
typedef enum shelf_note_kind {
  /** The first line is one number, n - 1, followed by n - 1 more weights. */
  SHELF_NOTE_COUNT = 1,
  /** A token such as 1,000 or -12,500,000 was read as several weights. */
  SHELF_NOTE_THOUSANDS = 2
} shelf_note_kind;

/** One note. */
typedef struct shelf_note {
  shelf_note_kind kind;
  uint64_t line;  /**< the line it is on, from 1; 0 for an argument */
  uint64_t arg;   /**< the argument it is in, from 1; 0 for text */
  uint64_t count; /**< COUNT: the number; THOUSANDS: the wheels it made */
  char text[SHELF_NOTE_TEXT_MAX + 1]; /**< THOUSANDS: as written */
  char digits[SHELF_NOTE_TEXT_MAX + 1]; /**< THOUSANDS: as one number */
} shelf_note;

/** Makes an empty set of notes, at line 1 of a text.
 * @return SHELF_OK; SHELF_INVALID if `out` is NULL; SHELF_NOMEM. */
SHELF_API shelf_status shelf_notes_new(shelf_notes **out);

/** Frees notes; NULL is allowed and does nothing. */
SHELF_API void shelf_notes_free(shelf_notes *notes);

/** Looks at the next piece of a text (a file, standard input, a box on a
 * page). Time O(len) up to the scan limit, then O(1). */
SHELF_API void shelf_notes_feed(shelf_notes *notes, const char *data,
                                size_t len);

/** The text has ended (a number at its very end is judged now). */
SHELF_API void shelf_notes_finish(shelf_notes *notes);

/** Looks at the next command-line argument, whole; arguments count from 1
 * in the order given. Time O(strlen(arg)). */
SHELF_API void shelf_notes_arg(shelf_notes *notes, const char *arg);

/** Takes what there is to note about a shelf of `wheels` wheels that was
 * answered, at most 2 notes (a count, then a grouped number), and returns
 * how many it wrote to `out`. A grouped number is noted once: the next call
 * does not give it again. In batch mode pass the shelf's line (from 1) as
 * `batch_line`: only a grouped number on that line is noted (one on an
 * earlier line, whose shelf failed, is dropped), and no count is looked
 * for; otherwise pass 0.
 *
 * Time O(1); no memory. */
SHELF_API size_t shelf_notes_take(shelf_notes *notes, uint64_t wheels,
                                  uint64_t batch_line, shelf_note out[2]);

/** Writes what a note says, without its place, snprintf-style as
 * shelf_explain_sentence(): "4 looks like a count of the 4 weights after
 * it, but it was read as a wheel" or "1,000 looks like a number grouped by
 * thousands, but a comma separates weights: it was read as 2 wheels; write
 * 1000 for one". Each surface adds how to read the count as a count there
 * (the command: "--counted"). A buffer of SHELF_SENTENCE_BUFSIZE bytes
 * always holds it.
 *
 * @return SHELF_OK; SHELF_INVALID for a NULL note, an unknown kind, or a
 *         NULL buf with size > 0. Time O(1). Thread-safe. */
SHELF_API shelf_status shelf_note_sentence(const shelf_note *note, char *buf,
                                           size_t size, size_t *len);

/* MARK: - Known mistakes (Public) */

/** The known mistakes of solutions to this game, as a judge names them
 * (`shelf check`, shelf.check() in Python, the page's exercise). Values are
 * pinned like status codes. */
typedef enum shelf_mistake {
  /** No mistake: the answer is right. */
  SHELF_MISTAKE_NONE = 0,
  /** Taking the heavier end at each turn (the left on equal weights), for
   * both buyers, instead of searching. */
  SHELF_MISTAKE_GREEDY = 1,
  /** The seed's DP with lead = w + lead(rest) instead of w - lead(rest): one
   * buyer taking everything. */
  SHELF_MISTAKE_ADDED = 2,
  /** The seed's DP filled by left index (i, then j, ascending) instead of by
   * span length, so that lead[i+1][j] is read before it is written. */
  SHELF_MISTAKE_LEFT_INDEX = 3,
  /** The margin where a buyer's total was asked, or a total (or the other
   * buyer's) where the margin was asked. Judged from behaviour. */
  SHELF_MISTAKE_WRONG_QUANTITY = 4,
  /** Asked who wins (the first buyer's total at least the second's), a tie
   * counted as a loss. Judged from behaviour. */
  SHELF_MISTAKE_STRICT_TIE = 5,
  /** 32-bit arithmetic: right while every total fits in 31 bits, wrong past
   * them. Judged from behaviour. */
  SHELF_MISTAKE_OVERFLOW32 = 6,
  /** A block's lead from the lead of the wrong block: an end's weight minus
   * a neighbouring cell of the lead table, not the block that taking that
   * end leaves. */
  SHELF_MISTAKE_NEIGHBOUR = 7,
  /** The lead with its sign turned: the other buyer's view of the block. */
  SHELF_MISTAKE_SIGN = 8,
  /** The lead of taking one end, when taking the other end keeps more: the
   * max of the two ends left out. */
  SHELF_MISTAKE_ONE_END = 9,
  /** A wrong answer that matches none of the known mistakes. */
  SHELF_MISTAKE_UNKNOWN = 10,
  /** A memo table that takes 0 for "not computed", so that blocks whose
   * lead is 0 are computed again at every visit: right, and fast on shelves
   * where no block's lead is 0, exponential where many are. Judged from
   * behaviour (the run times of two shelves of one length). */
  SHELF_MISTAKE_ZERO_MEMO = 11,
  /** A search of every order of moves without a memo: right, and out of
   * time on a shelf of a few dozen wheels whatever its weights. Judged from
   * behaviour. */
  SHELF_MISTAKE_EXPONENTIAL = 12
} shelf_mistake;

/** The number of mistakes: SHELF_MISTAKE_NONE up to, not including, this
 * value. */
#define SHELF_MISTAKE_COUNT 13

/** Returns the name a judge prints for a mistake: "none", "greedy",
 * "added", "left-index", "wrong-quantity", "strict-tie", "overflow32",
 * "neighbour", "sign", "one-end", "unknown", "zero-memo", "exponential"; NULL for a value not in
 * shelf_mistake. Static; do not free it. Time O(1). Thread-safe. */
SHELF_API const char *shelf_mistake_name(shelf_mistake kind);

/** Finds a mistake by its name as shelf_mistake_name() gives it.
 *
 * @param name  a NUL-terminated name; must not be NULL.
 * @param out   receives the mistake; must not be NULL.
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL or no mistake has
 *         that name.
 *
 * Time O(1). Thread-safe. */
SHELF_API shelf_status shelf_mistake_from_name(const char *name,
                                               shelf_mistake *out);

/** Writes the sentence a learner reads for a mistake into a caller's buffer,
 * snprintf-style like shelf_explain_sentence(): at most size - 1 characters
 * and a NUL (nothing when size is 0), and the whole sentence's length in
 * *len. One line of plain ASCII ending in a full stop, saying what the
 * mistaken code does and why it is wrong, in the game's words; it names no
 * shelf (the judge adds the shelf's own numbers, and for greedy the trap
 * sentence of shelf_explain_sentence()). A buffer of SHELF_SENTENCE_BUFSIZE
 * bytes always holds it.
 *
 * @param kind  the mistake.
 * @param buf   receives the text; may be NULL when size is 0.
 * @param size  bytes available at buf.
 * @param len   if not NULL, receives the sentence's length, not counting
 *              the NUL, even when it did not fit.
 * @return SHELF_OK; SHELF_INVALID if `kind` is unknown or `buf` is NULL
 *         with size > 0 (nothing is written then).
 *
 * Time O(1); no memory. Thread-safe. */
SHELF_API shelf_status shelf_mistake_sentence(shelf_mistake kind, char *buf,
                                              size_t size, size_t *len);

/** What a known wrong algorithm answers for the margin of a whole shelf,
 * so that a judge can tell whether a program's answers are that mistake's:
 *
 *   - SHELF_MISTAKE_NONE: the true margin (perfect play).
 *   - SHELF_MISTAKE_GREEDY: both buyers take the heavier end, the left on
 *     equal weights; the first buyer's total minus the second's.
 *   - SHELF_MISTAKE_ADDED: lead[i][i] = w[i], then by span length
 *     lead[i][j] = max(w[i] + lead[i+1][j], w[j] + lead[i][j-1]); the answer
 *     lead[0][n-1]. Both choices are then the block's sum, so the answer is
 *     the sum of the shelf, and it is computed as such.
 *   - SHELF_MISTAKE_LEFT_INDEX: a table of zeros, lead[i][i] = w[i], then for
 *     i = 0..n-1 ascending and j = i+1..n-1 ascending, lead[i][j] =
 *     max(w[i] - lead[i+1][j], w[j] - lead[i][j-1]), every cell read as it
 *     stands (lead[i+1][j] is still 0 for j > i + 1); the answer
 *     lead[0][n-1]. [7, 2, 9, 4] gives 7 (the true margin is 10), as the
 *     seed's third pitfall says. Only row 0 reaches the answer, and it reads
 *     the diagonal and itself, so it takes O(n).
 *
 * The other mistakes are not one algorithm: a judge finds them from the
 * program's behaviour. wrong-quantity: the program's answer equals another
 * quantity of the true result (the margin, the first or the second buyer's
 * total) than the one asked. strict-tie: asked who wins, the program says
 * false exactly on shelves whose margin is 0. overflow32: the program is
 * right on every shelf whose totals fit in 31 bits and wrong on some whose
 * totals do not. For those this function returns SHELF_INVALID.
 *
 * An empty shelf gives 0 for every kind.
 *
 * @param kind     SHELF_MISTAKE_NONE, _GREEDY, _ADDED or _LEFT_INDEX.
 * @param weights  n weights; may be NULL when n is 0.
 * @param out      receives the margin; must not be NULL.
 * @return SHELF_OK; SHELF_INVALID for another kind, a NULL `out`, or NULL
 *         weights with n > 0; SHELF_NOMEM (only for SHELF_MISTAKE_NONE, from
 *         the linear engine).
 *
 * Time O(n); memory O(1), or O(n) for SHELF_MISTAKE_NONE. Thread-safe. */
SHELF_API shelf_status shelf_mistake_margin(shelf_mistake kind,
                                            const int64_t *weights, size_t n,
                                            shelf_i128 *out);

/** Names the mistake behind a wrong value typed for the lead of block
 * first..last (0-based, inclusive) of the lead table, for an exercise where
 * a learner fills the table. Writing L(a..b) for the true lead of block
 * a..b (0 for an empty block), the checks run in this order and the first
 * that holds is the answer:
 *
 *   - SHELF_MISTAKE_NONE: value is L(first..last).
 *   - SHELF_MISTAKE_SIGN: value is -L(first..last) (not 0).
 *   - SHELF_MISTAKE_ADDED: value is w[first] + L(first+1..last) or
 *     w[last] + L(first..last-1).
 *   - SHELF_MISTAKE_ONE_END: value is w[first] - L(first+1..last) or
 *     w[last] - L(first..last-1): the worse end's lead.
 *   - SHELF_MISTAKE_NEIGHBOUR: value is w[first] or w[last] minus the lead
 *     of a wrong neighbour in the table: L(first+1..last-1) (the cell
 *     diagonally below), L(first..last-1) with the left wheel or
 *     L(first+1..last) with the right one (the two reads crossed),
 *     L(first+2..last) or L(first..last-2) (a cell one further along the
 *     same column or row).
 *   - SHELF_MISTAKE_UNKNOWN: anything else.
 *
 * @param weights  n weights; must not be NULL.
 * @param n        the number of wheels, at least 1.
 * @param first    the block's left wheel, 0-based.
 * @param last     the block's right wheel, first <= last < n.
 * @param value    the value typed.
 * @param out      receives the mistake; must not be NULL.
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL or the block is
 *         empty or out of range; SHELF_NOMEM.
 *
 * Time O(last - first + 1) (six runs of the linear engine over the block
 * or less); memory O(last - first + 1), freed before returning.
 * Thread-safe. */
SHELF_API shelf_status shelf_cell_mistake(const int64_t *weights, size_t n,
                                          size_t first, size_t last,
                                          shelf_i128 value, shelf_mistake *out);

/* MARK: - Judging a solution (Public) */

/** What a problem asks a solution to print. */
typedef enum shelf_answer {
  SHELF_ANSWER_MARGIN = 0, /**< the first buyer's total minus the second's */
  SHELF_ANSWER_FIRST = 1,  /**< the first buyer's total (CSES 1097) */
  SHELF_ANSWER_SECOND = 2, /**< the second buyer's total */
  SHELF_ANSWER_WINNER = 3  /**< 1 when the first buyer's total is at least
                                the second's, else 0 (LeetCode 486) */
} shelf_answer;

/** The right answer of the asked kind on a shelf.
 *
 * @return SHELF_OK; SHELF_INVALID (a NULL argument, an unknown kind);
 *         SHELF_NOMEM. Time O(n); memory as shelf_solve(). Thread-safe. */
SHELF_API shelf_status shelf_answer_of(shelf_answer kind,
                                       const int64_t *weights, size_t n,
                                       shelf_i128 *out);

/** What a judge tries, as a problem states its limits. */
typedef struct shelf_plan {
  size_t max_n;   /**< the most wheels a shelf may have, at least 1 */
  int64_t lo, hi; /**< every weight is in lo..hi */
  size_t tries;   /**< random shelves after the fixed ones */
  uint64_t seed;  /**< the same seed gives the same tries */
  const int64_t *const *samples; /**< the problem's samples, NULL-ended;
                                      may be NULL for none */
  const size_t *sample_n;        /**< their lengths; a sample longer than
                                      max_n is skipped */
} shelf_plan;

/** Which part of a plan a try comes from. */
typedef enum shelf_try {
  SHELF_TRY_WRITEUP = 0, /**< one of the seven cases of the write-up
                             ("Splitting the ripening shelf") */
  SHELF_TRY_SAMPLE = 1, /**< one of the problem's samples */
  SHELF_TRY_EDGE = 2,   /**< an edge shelf: one wheel, two, all equal,
                             zeros, ties, rising, falling, zigzag, every
                             weight at the bottom or top of the range, totals
                             past 2^31 and 2^32; each small and at max_n */
  SHELF_TRY_RANDOM = 3  /**< a random shelf; sizes double from 1 to max_n
                             over the tries, a third of them in a narrow
                             range at the bottom of lo..hi (ties) */
} shelf_try;

/** The number of tries of a plan: the fixed ones and `tries` random ones,
 * or SIZE_MAX if there are more. Time O(number of samples). */
SHELF_API size_t shelf_plan_count(const shelf_plan *plan);

/** Writes try k (0-based, below shelf_plan_count()) into `weights`, which
 * has room for max(max_n, 8) weights, its length into *n and its part into
 * *kind (if not NULL). A fixed shelf that does not fit the plan's limits,
 * or an edge shelf's large version that says nothing new, is given as an
 * empty shelf (*n = 0), for the caller to skip.
 *
 * @return SHELF_OK; SHELF_INVALID (a NULL argument, lo > hi, max_n 0, k out
 *         of range). Time O(max_n); no memory. Thread-safe. */
SHELF_API shelf_status shelf_plan_shelf(const shelf_plan *plan, size_t k,
                                        int64_t *weights, size_t *n,
                                        shelf_try *kind);

/** Shrink candidate c (0-based) of a failing shelf, smallest first, as
 * Hypothesis and QuickCheck order them: fewer wheels first (chunks of n/2,
 * n/4, ..., 1 wheels deleted at each place, never below one wheel), then
 * each weight from the left moved toward the point of lo..hi nearest 0 (to
 * it, then halfway, a quarter, ...). A judge tries candidates in order and
 * starts again from the first that still fails.
 *
 * @param out    room for n weights; receives the candidate.
 * @param out_n  receives its length.
 * @return 1 when candidate c exists and was written, 0 when it does not (or
 *         an argument is NULL). Time O(n + c); no memory. Thread-safe. */
SHELF_API int shelf_plan_shrink(const shelf_plan *plan, const int64_t *weights,
                                size_t n, size_t c, int64_t *out,
                                size_t *out_n);

/** One shelf a program got wrong, and what it answered. */
typedef struct shelf_failure {
  const int64_t *weights;
  size_t n;
  shelf_i128 got; /**< the program's answer, of the asked kind */
} shelf_failure;

/** Whether every total of a shelf fits in 31 bits with room for the sum of
 * two of them (a program computes the first buyer's total as (sum +
 * margin) / 2): twice the sum of |w| is at most 2^31 - 1. Time O(n). */
SHELF_API int shelf_fits_31_bits(const int64_t *weights, size_t n);

/** Names the known mistake that a program's wrong answers show, or
 * SHELF_MISTAKE_NONE when none fits all of them: greedy, added or
 * left-index when that algorithm (shelf_mistake_margin()) gives every
 * answer, turned into the asked kind as a program would (a total from a
 * margin rounded either way); strict-tie when the winner was asked and
 * every failing shelf is a tie called a loss; wrong-quantity when every
 * answer is another of margin, first and second; overflow32 when
 * `fitting_passed` says the shelves tried whose totals fit in 31 bits all
 * passed and none of the failing ones fits.
 *
 * @param out  receives the mistake, or SHELF_MISTAKE_NONE.
 * @return SHELF_OK; SHELF_INVALID (`out` NULL, `failures` NULL with count
 *         > 0, an unknown kind); SHELF_NOMEM, with *out NONE: no mistake is
 *         named, or ruled out, on a computation that did not happen.
 *
 * Time O(total wheels of the failures); memory as shelf_solve().
 * Thread-safe. */
SHELF_API shelf_status shelf_mistake_of(shelf_answer kind,
                                        const shelf_failure *failures,
                                        size_t count, int fitting_passed,
                                        shelf_mistake *out);

/* MARK: - The judge's loop (Public) */

/** How a problem hands a shelf to a program. */
typedef enum shelf_layout {
  SHELF_LAYOUT_COUNTED = 0, /**< the count on a line, then the weights on
                                 the next (CSES, AtCoder) */
  SHELF_LAYOUT_LINE = 1,    /**< the weights on one line */
  SHELF_LAYOUT_LIST = 2     /**< a bracketed list: [7, 2, 9, 4] */
} shelf_layout;

/** A problem as its statement gives it: how the shelf comes in, what is
 * asked, its limits and its samples. */
typedef struct shelf_problem {
  const char *name;  /**< "shelf", "cses", "atcoder", "leetcode486" */
  const char *title; /**< the statement's title, for a report */
  shelf_layout layout;
  shelf_answer answer;
  size_t max_n;      /**< the most wheels a shelf may have */
  int64_t lo, hi;    /**< every weight is in lo..hi */
  double time_limit; /**< CPU seconds a run, as the statement gives it */
  size_t memory_mb;  /**< resident memory a run in MB, 0 for none stated */
  const int64_t *const *samples; /**< the statement's samples, NULL-ended */
  const size_t *sample_n;        /**< their lengths */
} shelf_problem;

/** The problems shelf knows, by index from 0: "shelf" (the write-up,
 * "Splitting the ripening shelf", the default), "cses" (CSES 1097),
 * "atcoder" (AtCoder DP contest L) and "leetcode486". Returns NULL past
 * the last, so that a caller can list them. Static; do not free.
 * Time O(1). Thread-safe. */
SHELF_API const shelf_problem *shelf_problem_at(size_t k);

/** The problem called `name` (as shelf_problem_at() lists them), or NULL
 * for an unknown name or a NULL one. Time O(1). Thread-safe. */
SHELF_API const shelf_problem *shelf_problem_find(const char *name);

/** Writes a shelf as a program of `layout` reads it, snprintf-style: at
 * most size - 1 bytes and a NUL (nothing when size is 0), the whole
 * length in *len. The text ends with a line feed. 22 * n + 32 bytes always
 * hold it.
 *
 * @return SHELF_OK; SHELF_INVALID for an unknown layout, NULL weights with
 *         n > 0 or NULL buf with size > 0. Time O(n); no memory.
 *         Thread-safe. */
SHELF_API shelf_status shelf_layout_write(shelf_layout layout,
                                          const int64_t *weights, size_t n,
                                          char *buf, size_t size,
                                          size_t *len);

/** What a judge says of a program. Values are pinned. */
typedef enum shelf_verdict {
  SHELF_VERDICT_OK = 0,         /**< the right answer (from a runner: an
                                     answer of the asked form) */
  SHELF_VERDICT_WRONG = 1,      /**< an answer, not the right one */
  SHELF_VERDICT_CRASH = 2,      /**< a signal, a non-zero exit, an error */
  SHELF_VERDICT_TIMEOUT = 3,    /**< more CPU time than the limit */
  SHELF_VERDICT_MEMORY = 4,     /**< more resident memory than the limit */
  SHELF_VERDICT_BAD_OUTPUT = 5, /**< ended well, but not one answer of the
                                     asked form */
  SHELF_VERDICT_UNSTABLE = 6,   /**< two runs on one shelf differ */
  SHELF_VERDICT_IDLE = 7        /**< waited past the wall limit, using
                                     little CPU (input it never gets, a
                                     child it waits for) */
} shelf_verdict;

/** "ok", "wrong", "crash", "timeout", "memory", "bad-output", "unstable",
 * "idle"; NULL for another value. Static. Time O(1). Thread-safe. */
SHELF_API const char *shelf_verdict_name(shelf_verdict verdict);

/** One run of a program on one shelf, as the runner saw it. */
typedef struct shelf_run {
  /** SHELF_VERDICT_OK when it gave an answer of the asked form (the loop
   * compares it), else CRASH, TIMEOUT, IDLE, MEMORY or BAD_OUTPUT. */
  shelf_verdict verdict;
  shelf_i128 answer; /**< with OK: the answer (1 or 0 for a winner) */
  /** Which failure, within a verdict, as the runner tells them apart (a
   * signal or an exit status, an exception's type); shrinking keeps a
   * shelf only where the verdict and `how` stay the same. */
  uint64_t how;
  /** A fingerprint of all the run gave (its output, its value): two runs on
   * one shelf that differ here are unstable. */
  uint64_t output;
  double cpu;   /**< CPU seconds of the run, or below 0 when unknown */
  void *detail; /**< the runner's record of the run (its output, its
                     error), or NULL; the loop hands it back to
                     shelf_judge.release when it drops the run */
  /** Set by the judge before the call, for the runner to read: run with
   * limits this many times the usual ones. 1, or 2 while a time limit is
   * shrunk, so that the shelf reported is slow with room to spare (not
   * one that a second run finishes just in time). */
  double patience;
} shelf_run;

/** Runs the program once on `weights` and fills *run. Returns SHELF_OK when
 * the run happened (whatever its verdict); any other status stops the
 * judge, which returns it (the runner keeps its own reason). */
typedef shelf_status (*shelf_runner)(void *ctx, const int64_t *weights,
                                     size_t n, shelf_run *run);

/** A judge: the problem, the tries, and how to run the program. */
typedef struct shelf_judge {
  const shelf_problem *problem; /**< its answer, limits and samples */
  shelf_answer answer;          /**< what is asked (the problem's, or
                                     another) */
  size_t max_n;                 /**< the largest shelf, at least 1 */
  int64_t lo, hi;               /**< the weights' range */
  size_t tries;                 /**< random shelves after the fixed ones */
  uint64_t seed;                /**< the same seed, the same tries */
  double time_limit; /**< the CPU limit the runner enforces, in seconds:
                          the report's growth sentences compare with it */
  shelf_runner run;  /**< must not be NULL */
  /** Drops a run's detail; may be NULL when details are never set. */
  void (*release)(void *ctx, void *detail);
  /** Told what the judge does, for a progress line; may be NULL. `stage`
   * is "try", "shrink" or "time", `done` of `total`, on `n` wheels. */
  void (*progress)(void *ctx, const char *stage, size_t done, size_t total,
                   size_t n);
  void *ctx; /**< passed to the three */
} shelf_judge;

/** How a program's CPU time grows with the shelf, from its runs that ended
 * in time, with its start-up taken out. */
typedef struct shelf_growth {
  double startup;   /**< CPU seconds of its quickest run (the start-up),
                         or below 0 when unknown */
  int fitted;       /**< 1 when `exponent` was fitted from two runs */
  double exponent;  /**< time beyond start-up grows as n^exponent */
  size_t n_lo, n_hi; /**< the two shelves fitted */
  double t_lo, t_hi; /**< their CPU seconds beyond start-up */
  size_t longest;   /**< the longest shelf that ran in time, or 0 */
  double longest_cpu;
  size_t over_n;    /**< the shortest random shelf of the probes that ran
                         out of time, or 0 */
  size_t slow_zeros; /**< zero-memo: how many blocks of the failing shelf
                          have a lead of 0 */
  size_t fast_n;    /**< zero-memo: a shelf of the failing one's length,
                         no block at lead 0, that ran in time ... */
  double fast_cpu;  /**< ... in this many CPU seconds */
  double per_wheel; /**< exponential: what one wheel more multiplies the
                         time beyond start-up by, or 0 when unknown */
} shelf_growth;

/** What a judge found. */
typedef struct shelf_judgement {
  shelf_verdict verdict; /**< SHELF_VERDICT_OK when every try passed */
  size_t planned;   /**< tries in the plan */
  size_t tried;     /**< tries run, the failing one included */
  size_t skipped;   /**< tries of the plan that do not fit the problem's
                         limits (a write-up case with weights outside the
                         range, an edge shelf's long version that says
                         nothing new), passed over */
  size_t try_index; /**< the failing try, 1-based */
  shelf_try kind;   /**< and where it comes from */
  int64_t *weights; /**< the failing shelf, shrunk where it shrinks */
  size_t n;
  size_t shrunk_from; /**< its length before shrinking */
  size_t shrink_runs; /**< runs spent shrinking */
  int shrunk;         /**< 1 when a smaller or lighter shelf was found */
  shelf_i128 expected; /**< the right answer on it */
  int has_got;        /**< got is an answer of the asked form */
  shelf_i128 got;
  int has_other;      /**< unstable: the other run's answer */
  shelf_i128 other;
  double cpu;         /**< the failing run's CPU seconds (below 0: unknown) */
  void *detail;       /**< the failing run's detail, the runner's own */
  shelf_mistake mistake; /**< the mistake named, or SHELF_MISTAKE_NONE */
  shelf_growth growth;   /**< with TIMEOUT */
  void (*release)(void *ctx, void *detail); /**< copied from the judge */
  void *ctx;
} shelf_judgement;

/** Judges a program: runs it through judge->run on the tries of the plan
 * (shelf_plan_shelf(), made one at a time as they are run), each against
 * the exact answer, and stops at the first failure:
 *
 *   - a time limit is run again before it counts (a busy moment), on the
 *     second run of a short shelf too;
 *   - a shelf of at most 16 wheels is run twice: a second run that differs
 *     in verdict, answer or fingerprint is UNSTABLE;
 *   - a wrong answer, a crash or bad output is shrunk (shelf_plan_shrink(),
 *     at most 600 runs) to the smallest shelf that fails the same way, and
 *     a wrong answer's mistake named (shelf_mistake_of(), over at most 64
 *     failing shelves); a greedy mistake is shrunk again, if it must, to a
 *     shelf whose decisive turn has no tie, so that the lesson is the
 *     heavier end, not the tie rule;
 *   - a time limit is probed: runs on random shelves of 8, 16, 32, ...
 *     wheels for the growth; a shelf of the failing length where no block
 *     has lead 0, and short shelves of zeros (zero-memo when a shelf of
 *     zeros, or the failing one, runs out of time where a shelf without
 *     lead 0 runs in half the limit); exponential when a shelf of at most
 *     64 wheels runs out of time where one at least half as long ran in an
 *     eighth of the limit beyond start-up; a smaller shelf still out of
 *     time at twice the limit (at most 16 runs, 6 of them out of time).
 *
 * @param judge  the judge; must not be NULL, nor judge->run.
 * @param out    receives the judgement; free it with
 *               shelf_judgement_free(), on success and on failure.
 * @return SHELF_OK (whatever the verdict); SHELF_INVALID (a NULL argument,
 *         lo > hi, max_n 0, an unknown answer); SHELF_NOMEM; or the
 *         runner's status when it stopped the judge (out then holds only
 *         the counts of tries so far, verdict OK, no shelf: no verdict was
 *         reached).
 *
 * Time: the runs, and O(max_n) between them; O(n^2) for a timeout's
 * zero-memo probe (a few times, n at most 6000) and for each candidate of
 * a greedy mistake's shrink. Memory O(max_n). Thread-safe when the
 * runner is. Starts no thread. */
SHELF_API shelf_status shelf_judge_run(const shelf_judge *judge,
                                       shelf_judgement *out);

/** Frees what a judgement holds (its shelf, its run's detail through the
 * judge's release) and clears it. NULL is a no-op. */
SHELF_API void shelf_judgement_free(shelf_judgement *judgement);

/** What a surface adds to a judgement's report in words. */
typedef struct shelf_report_words {
  const char *program; /**< what was judged: "./solution" (a program) or
                            "the function greedy" */
  int function;        /**< 1: a function of the wheels (the shelf is shown
                            as a list); 0: a program (in its layout) */
  shelf_layout layout; /**< how the program reads the shelf */
  const char *problem; /**< the problem's name as the user gave it */
  uint64_t seed;
  size_t memory_mb;    /**< the memory limit applied, 0 for none */
  /** The failure in words, for a crash or a memory limit: "was killed by
   * signal 11 (Segmentation fault)", "raised ZeroDivisionError: ..."; may
   * be NULL. */
  const char *failure;
} shelf_report_words;

/** Writes a judgement as a person reads it, snprintf-style (at most size
 * - 1 bytes and a NUL, the whole length in *len): the verdict and the try,
 * the shelf (shrunk) ready to paste and as shelf's arguments, what was
 * expected and what came, the mistake and why it fails on this very shelf,
 * and for a time limit how the time grows. The same words for every
 * surface; each adds what only it has (a program's output and standard
 * error). Lines end with a line feed.
 *
 * @return SHELF_OK; SHELF_INVALID (a NULL judgement or words, NULL buf with
 *         size > 0); SHELF_NOMEM. Time O(n) (O(n^2) for a greedy mistake's
 *         explanation, n at most 20000). Thread-safe. */
SHELF_API shelf_status shelf_judgement_write(const shelf_judgement *judgement,
                                             const shelf_judge *judge,
                                             const shelf_report_words *words,
                                             char *buf, size_t size,
                                             size_t *len);

/* MARK: - Pictures (Public) */

/** The palette every picture and the page use, from Okabe and Ito's set,
 * which readers with any common colour blindness tell apart: the first
 * buyer's blue, the second buyer's orange, the bluish green of a lead the
 * buyer to move is ahead by, the reddish purple of one behind, and the
 * vermilion that marks the greedy trap. Text on any of them is black or
 * white (SHELF_COLOUR_INK on the light ones). */
#define SHELF_COLOUR_FIRST "#0072b2"
#define SHELF_COLOUR_SECOND "#e69f00"
#define SHELF_COLOUR_AHEAD "#009e73"
#define SHELF_COLOUR_BEHIND "#cc79a7"
#define SHELF_COLOUR_TRAP "#d55e00"
#define SHELF_COLOUR_INK "#1a1a1a"

/** Flag for shelf_svg_options.flags: also show why greedy play loses. The
 * picture marks the greedy trap, the first turn of the line where taking
 * the heavier end is not optimal, with a ring (or, in a summary, a marker)
 * in SHELF_COLOUR_TRAP on the wheel greedy would take, tagged "trap"; below
 * the wheels it gives every sentence of shelf_explain_sentence(), worded as
 * the command's --explain prints them, from shelf_explain() with limit 0:
 * both buyers greedy, a greedy first buyer against a perfect second, the
 * trap and what it costs (or that greedy never errs), and the parity
 * floor. Not with SHELF_SVG_QUESTION. */
#define SHELF_SVG_EXPLAIN 1u

/** Flag for shelf_svg_options.flags: the question of an exercise sheet,
 * with no answer in it. The wheels are white with their weights and
 * places, and neither a buyer, a turn nor the margin is shown; the lead
 * table's cells are empty boxes to fill in, except the cells of blocks of
 * up to shelf_svg_options.given wheels, which are written (`lead given`).
 * The same options without this flag draw the answer key. */
#define SHELF_SVG_QUESTION 2u

/** shelf_svg_options.parts: what the picture holds. 0 means both (the
 * lead table only up to SHELF_SVG_LEAD_MAX wheels). */
#define SHELF_SVG_SHELF 1u /**< the wheels on the shelf */
#define SHELF_SVG_TABLE 2u /**< the lead table (at most SHELF_SVG_LEAD_MAX) */

/** shelf_svg_options.line: the game the wheels show. */
#define SHELF_SVG_LINE_PERFECT 0u      /**< the line of shelf_line() */
#define SHELF_SVG_LINE_GREEDY 1u       /**< both buyers greedy */
#define SHELF_SVG_LINE_GREEDY_FIRST 2u /**< greedy first, perfect second */

/** The longest shelf shelf_svg() draws wheel by wheel; longer shelves get a
 * summary picture. */
#define SHELF_SVG_WHEELS_MAX 200

/** The longest shelf whose lead table shelf_svg() draws. */
#define SHELF_SVG_LEAD_MAX 30

/** The longest shelf shelf_svg() draws in one row of wheels: a longer one
 * wraps into rows, a shorter one is drawn smaller to fit the width. */
#define SHELF_SVG_ROW_MAX 30

/** The width, in pixels, that shelf_svg() lays a picture out for unless
 * told otherwise, and the least and most it accepts. */
#define SHELF_SVG_WIDTH 1000
#define SHELF_SVG_WIDTH_MIN 320
#define SHELF_SVG_WIDTH_MAX 20000

/** How to draw a picture. All zeros (or a NULL pointer) is the answer as
 * it always was: the whole shelf, its perfect line and, up to
 * SHELF_SVG_LEAD_MAX wheels, its lead table, SHELF_SVG_WIDTH pixels wide
 * at most and as tall as it needs. */
typedef struct shelf_svg_options {
  unsigned width;  /**< px, SHELF_SVG_WIDTH_MIN..MAX; 0: SHELF_SVG_WIDTH */
  unsigned height; /**< 0: as tall as the content; else px (at least 100,
                        at most SHELF_SVG_WIDTH_MAX), the content scaled and
                        centred in a frame of width x height (a 16:9 slide:
                        1280 x 720) */
  unsigned flags;  /**< SHELF_SVG_EXPLAIN, SHELF_SVG_QUESTION */
  unsigned parts;  /**< SHELF_SVG_SHELF, SHELF_SVG_TABLE, or 0 for both */
  unsigned line;   /**< SHELF_SVG_LINE_PERFECT, _GREEDY or _GREEDY_FIRST */
  uint64_t turn;   /**< 0: the whole game; 1..n: the moment after that turn
                        (the wheels taken so far shown faded, class
                        `taken`, the totals so far in the heading) */
  uint64_t given;  /**< with SHELF_SVG_QUESTION: the table's cells of blocks
                        of up to this many wheels are written; 0 none */
} shelf_svg_options;

/** Draws a shelf and a game on it as an SVG 1.1 document in memory.
 *
 * Up to SHELF_SVG_WHEELS_MAX wheels, each wheel is a circle, in shelf order,
 * whose area follows its weight (radius proportional to sqrt(|weight|); a
 * wheel too light to see is drawn at a 2-pixel radius), filled with the
 * colour of the buyer who takes it in the line (SHELF_COLOUR_FIRST,
 * SHELF_COLOUR_SECOND), with its weight above it and, below the shelf, its
 * 1-based index and the turn it is taken. A negative wheel is hollow with a
 * dashed outline in its buyer's colour; a wheel of weight 0 is a small
 * hollow circle with a dotted outline. Up to SHELF_SVG_ROW_MAX wheels stand
 * in one row, drawn smaller when the width needs it; longer shelves fill
 * rows that are then balanced (ceil(n / fit) rows of ceil(n / rows)
 * wheels), laid out wider and scaled down as the shelf grows, so that the
 * picture stays about as tall as it is wide. The heading gives the margin,
 * and the line under it both totals. Up to SHELF_SVG_LEAD_MAX wheels the
 * lead table of shelf_lead_table() (the lead of every block i..j; rows and
 * columns headed by the wheel's place and weight) stands beside the
 * wheels, or below them if it does not fit, as a heat map with every lead
 * written in its cell (to three figures, as 9.22e18, when the whole number
 * would be too small to read; the cell's title always has it whole), the
 * blocks the line passes through outlined, and a numbered colour scale:
 * colour grows with log(1 + |lead|) up to the largest, from white towards
 * SHELF_COLOUR_AHEAD for a positive lead and SHELF_COLOUR_BEHIND for a
 * negative one, white only for 0. Longer shelves get a summary of fixed
 * size instead: the shelf in 100 bars, each bar's height the kilos (by
 * magnitude) of its wheels, split by the buyer who takes them; the totals;
 * the first and last five turns of the line. The picture is as wide as its
 * content, at most the width asked for.
 *
 * Elements carry class names a program can look for: `wheel first` or
 * `wheel second` on each wheel's group (`wheel open` in a question; `wheel
 * first taken` for a wheel already taken at the moment drawn, `wheel open`
 * for one still on the shelf), id `wheel-K`, K from 1, holding its circle
 * and the texts `weight`, `index` (K) and `turn`; `totals`; `lead` on each
 * cell of the lead table (`lead on-line` on the line's blocks, `lead now`
 * on the block left at the moment drawn, `lead blank` and `lead given` in
 * a question), with its number in a text `lead-value`; `axis` and
 * `axis-weight` on its headers; `scale` on each swatch of its colour
 * scale, with its number in a text `scale-value`; `summary`, `bin first`,
 * `bin second` and `summary-turn` in a summary; `trap`, `trap-label`,
 * `trap-note` (or `trap-none`) and `explain` with SHELF_SVG_EXPLAIN. The
 * layout and colours may change between releases; these names will not.
 * Text is ASCII, escaped for XML; numbers are written without the locale,
 * and the same input gives the same bytes on every machine.
 *
 * @param weights  n weights, left to right; may be NULL when n is 0.
 * @param n        the number of wheels; 0 draws an empty shelf.
 * @param options  how to draw it; NULL for all defaults.
 * @param svg      receives the NUL-terminated document; free it with
 *                 shelf_svg_free(). Must not be NULL. Untouched on failure.
 * @param len      if not NULL, receives its length in bytes, without the NUL.
 * @return SHELF_OK; SHELF_INVALID if `svg` is NULL, `weights` is NULL with
 *         n > 0, a flag, part or line is unknown, SHELF_SVG_EXPLAIN goes with
 *         SHELF_SVG_QUESTION, the width or height is out of range, or `turn`
 *         is above n; SHELF_TOO_LONG for parts SHELF_SVG_TABLE alone above
 *         SHELF_SVG_LEAD_MAX wheels, or line SHELF_SVG_LINE_GREEDY_FIRST
 *         above SHELF_GREEDY_LINE_MAX; SHELF_NOMEM.
 *
 * Time O(n), plus O(n^2) for the lead table (n <= 30) or the greedy-first
 * line, and, with SHELF_SVG_EXPLAIN, the time of shelf_explain() with limit
 * 0: O(n^2) up to SHELF_EXPLAIN_MAX wheels, and at most about
 * SHELF_EXPLAIN_MAX^2 / 2 steps beyond. Memory O(n) while drawing (the
 * line, the explanation's row, about 40 bytes a wheel at most); the
 * document is O(n) bytes up to SHELF_SVG_WHEELS_MAX wheels (about 700 bytes
 * a wheel) and under 64 kB for a summary. Thread-safe. */
SHELF_API shelf_status shelf_svg(const int64_t *weights, size_t n,
                                 const shelf_svg_options *options, char **svg,
                                 size_t *len);

/** Frees a document from shelf_svg(); NULL is allowed and does nothing. */
SHELF_API void shelf_svg_free(char *svg);

/* MARK: - Random shelves (Public) */

/** Fills weights[0..n) with a reproducible random shelf, each weight uniform
 * in lo..hi (inclusive).
 *
 * The generator is SplitMix64 seeded with `seed`, with rejection sampling so
 * that every weight in range is equally likely; the same seed, n, lo and hi
 * give the same shelf on every machine and in every release.
 *
 * @return SHELF_OK; SHELF_INVALID if lo > hi or `weights` is NULL with n > 0.
 *
 * Time O(n); no memory beyond the caller's array. Thread-safe. */
SHELF_API shelf_status shelf_random(uint64_t seed, int64_t lo, int64_t hi,
                                    int64_t *weights, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* SHELF_H */
