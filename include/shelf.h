/*
 * shelf.h - the core of libshelf: solving, the solver and the parser,
 * results and errors.
 *
 * libshelf solves the ripening-shelf game exactly: wheels of cheese stand in
 * a row, two buyers take turns lifting the wheel at the left or the right end
 * of what remains, and both play perfectly to maximise their own kilos. The
 * answer is the margin: the first buyer's total minus the second's.
 *
 * This header is the stable core. The rest of the library is in headers of
 * its own, each for its own readers, all in the same library:
 *
 *   - shelf_teach.h: the teaching facts (the lead table, games, greedy
 *     lines, explanations, words and notes on input);
 *   - shelf_judge.h: the judge (known mistakes, problems and its loop);
 *   - shelf_svg.h: the pictures;
 *   - shelf_pieces.h: parsing a text in pieces, the interface of shelf's
 *     own programs, which may change before 1.0.
 *
 * Conventions that hold for every declaration below:
 *
 *   - Functions return a shelf_status; SHELF_OK (0) is success and results
 *     come back through out-pointers, which are left untouched on failure
 *     unless the documentation says otherwise. Every such function checks
 *     its pointers: a NULL where the documentation does not allow one
 *     gives SHELF_INVALID, never a crash.
 *   - The exceptions, which return something else, are these, and each
 *     says what it does with NULL:
 *       - frees and resets (void; NULL does nothing): shelf_solver_free(),
 *         shelf_solver_reset(), shelf_parser_free(), shelf_parser_reset(),
 *         shelf_weights_free(), shelf_notes_free(), shelf_svg_free(),
 *         shelf_game_free(), shelf_judgement_free();
 *       - names (a static string; NULL for a value without a name):
 *         shelf_version(), shelf_strerror(), shelf_status_name(),
 *         shelf_kilos_word(), and each enum's shelf_<enum>_name() (see
 *         "Names of values"), such as shelf_end_name();
 *       - formatters into a buffer of a fixed size (the length written;
 *         the buffer must not be NULL): shelf_i128_format(),
 *         shelf_standing_format();
 *       - lookups (a pointer, or NULL for nothing): shelf_solver_weights(),
 *         shelf_parser_error(), shelf_problem_find();
 *       - questions and counts: shelf_greedy_end(), shelf_notes_take(),
 *         shelf_turn_buyer(), shelf_game_move_count(),
 *         shelf_game_review_count(), and in shelf_pieces.h
 *         shelf_piece_cut(), shelf_piece_count(), shelf_piece_fits(),
 *         shelf_piece_rebase(), shelf_place_encode().
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
#include <string.h> /* strcmp(), for the names of values */

#ifdef __cplusplus
extern "C" {
#endif

/* MARK: - Version (Public) */

/* The version of this release. (The build reads it from these three lines,
 * so it is written nowhere else.) */
#define SHELF_VERSION_MAJOR 0
#define SHELF_VERSION_MINOR 3
#define SHELF_VERSION_PATCH 0

#define SHELF_STRINGIFY_(x) #x
#define SHELF_STRINGIFY(x) SHELF_STRINGIFY_(x)
/** The version of this header as a string, for example "0.1.0". */
#define SHELF_VERSION_STRING                                                   \
  SHELF_STRINGIFY(SHELF_VERSION_MAJOR)                                         \
  "." SHELF_STRINGIFY(SHELF_VERSION_MINOR) "." SHELF_STRINGIFY(                \
      SHELF_VERSION_PATCH)

/* What the shared library exports: on Windows, what libshelf.dll exports
 * while it is built (SHELF_BUILDING_DLL, set by its CMake target) and a
 * program imports from it; elsewhere, the symbols left visible. A user of
 * the static library defines SHELF_STATIC_DEFINE (its CMake target and
 * pkg-config file do). */
#if defined(SHELF_STATIC_DEFINE) || !defined(__GNUC__)
#define SHELF_API
#elif defined(_WIN32) && defined(SHELF_BUILDING_DLL)
#define SHELF_API __declspec(dllexport)
#elif defined(_WIN32)
#define SHELF_API __declspec(dllimport)
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
  X(MISPLACED_BRACKET, 18, "opening bracket after a weight")  /* 1 [2] */      \
  X(CONTROL, 19, "control character")                         /* NUL, ESC */   \
  X(BAD_UTF8, 20, "invalid UTF-8")                            /* byte 0xFF */  \
  X(UNEXPECTED_CHAR, 21, "unexpected character")              /* U+2212 */     \
  X(BAD_COUNT, 22, "the count is not a non-negative integer") /* -3 1 2 */     \
  X(TOO_FEW, 23, "fewer weights than the count")              /* 3 1 2 */      \
  X(TOO_MANY, 24, "text after the last counted weight")       /* 1 5 6 */      \
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

/* The status's names, both ways, are static inline functions of this
 * header, as every enum's (see "Names of values"): compiled into each
 * program from the list it includes, they are not calls of the library.
 * (A blank line below, so that man/make_man3.py does not take this comment
 * for the documentation of the macros.) */

#define SHELF_STATUS_NAME_(NAME, value_, message_)                             \
  case SHELF_##NAME:                                                           \
    return #NAME;
#define SHELF_STATUS_FROM_NAME_(NAME, value_, message_)                        \
  if (strcmp(name_, #NAME) == 0) {                                             \
    *out_ = SHELF_##NAME;                                                      \
    return SHELF_OK;                                                           \
  }

/** Returns the name of a status without the prefix, such as "NOMEM";
 * "UNKNOWN" for a value not in SHELF_STATUS_LIST. Static. Thread-safe. */
static inline const char *shelf_status_name(shelf_status status_) {
  switch (status_) { SHELF_STATUS_LIST(SHELF_STATUS_NAME_) }
  return "UNKNOWN";
}

/** Finds a status by its name as shelf_status_name() gives it ("NOMEM").
 *
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL or no status has
 *         that name. Time O(number of statuses). Thread-safe. */
static inline shelf_status shelf_status_from_name(const char *name_,
                                                  shelf_status *out_) {
  if (name_ == NULL || out_ == NULL)
    return SHELF_INVALID;
  SHELF_STATUS_LIST(SHELF_STATUS_FROM_NAME_)
  return SHELF_INVALID;
}

/* MARK: - Names of values (Public) */

/* Every other public enum is made from one list in its header too, each
 * entry X(NAME, value, "name", "words"): the enumerator SHELF_NAME, its
 * pinned value, the name every surface writes (the command, its JSON,
 * Python, the page), and a few words on what it means. Nothing else spells
 * the names. */

/** Expands an entry of a name list into its enumerator. */
#define SHELF_ENUMERATOR_(NAME, value, name, words) SHELF_##NAME = value,

/* The pieces of SHELF_ENUM_NAMES(): an entry of a list as a case of the
 * switch of shelf_<enum>_name(), and as a test of shelf_<enum>_from_name().
 * (A blank line below, so that man/make_man3.py does not document them.) */

#define SHELF_NAME_CASE_(NAME, value_, text_, words_)                          \
  case SHELF_##NAME:                                                           \
    return text_;
#define SHELF_FROM_NAME_(NAME, value_, text_, words_)                          \
  if (strcmp(name_, text_) == 0) {                                             \
    *out_ = SHELF_##NAME;                                                      \
    return SHELF_OK;                                                           \
  }

/** Defines the names of the enum `type` from its list, both ways:
 *
 *   - `const char *type_name(type value)`: the name of a value, a static
 *     string; NULL for a value not in the list;
 *   - `shelf_status type_from_name(const char *name, type *out)`: the value
 *     of a name; SHELF_INVALID for a NULL argument or an unknown name.
 *
 * This header and the others invoke it after each enum (shelf_end_name(),
 * shelf_end_from_name(), shelf_mistake_name(), ...), and each enum's entry
 * below names its two functions. They are static inline, compiled into each
 * program from the list in the header it includes: not calls of the library,
 * and not exported by it. Time O(1) and O(entries of the list). Thread-safe.
 * (The switch has no default, so that a value added to a list without a
 * name is a compiler warning.) */
#define SHELF_ENUM_NAMES(type, LIST)                                           \
  static inline const char *type##_name(type value_) {                         \
    switch (value_) { LIST(SHELF_NAME_CASE_) }                                 \
    return NULL;                                                               \
  }                                                                            \
  static inline shelf_status type##_from_name(const char *name_, type *out_) { \
    if (name_ == NULL || out_ == NULL)                                         \
      return SHELF_INVALID;                                                    \
    LIST(SHELF_FROM_NAME_)                                                     \
    return SHELF_INVALID;                                                      \
  }

/* MARK: - Solving a whole shelf (Public) */

/** The three engines. They compute the same numbers; they differ in cost. */
#define SHELF_ENGINE_LIST(X)                                                   \
  X(ENGINE_LINEAR, 0, "linear", "O(n) time; the default")                      \
  X(ENGINE_DP, 1, "dp", "interval DP, O(n^2) time, O(n) memory")               \
  X(ENGINE_BRUTE, 2, "brute", "both moves at every turn, O(2^n) time")
typedef enum shelf_engine { SHELF_ENGINE_LIST(SHELF_ENUMERATOR_) } shelf_engine;

SHELF_ENUM_NAMES(shelf_engine, SHELF_ENGINE_LIST)

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
 *     '_', then '=', spaces allowed around it), and the name may follow
 *     the label `Input:`, once, as LeetCode's examples write a shelf:
 *     `Input: nums = [1,5,2]`;
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
 *         shelf_parser_reset() (shelf_read_batch() goes on past an error
 *         with keep_going).
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

/** Forgets all input and any error, as if just created. */
SHELF_API void shelf_parser_reset(shelf_parser *parser);

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

/** Bytes a buffer needs for any message of shelf_parse_error_format(),
 * with the terminating NUL. */
#define SHELF_ERROR_BUFSIZE 512

/** Writes the one-line message for a parse error, as every surface shows
 * it: 'line 2, column 3: expected an integer, found "x"' (without the
 * found part at the end of the input). With `with_place` 0 the place is
 * left out ('expected an integer, found "x"'), for a caller that names the
 * place its own way (the command names an argument).
 *
 * snprintf-style: at most size - 1 characters and a NUL, and *len (if not
 * NULL) gets the whole length. A buffer of SHELF_ERROR_BUFSIZE bytes
 * always holds the whole message.
 *
 * @return SHELF_OK; SHELF_INVALID if `e` is NULL, or `buf` is NULL with
 *         size > 0.
 *
 * Time O(1); no memory. Thread-safe. */
SHELF_API shelf_status shelf_parse_error_format(const shelf_parse_error *e,
                                                int with_place, char *buf,
                                                size_t size, size_t *len);

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
  /** With read_at: the source's bytes, read up to there and no further;
   * if read_at returns 0 before, the file became shorter while it was
   * read, and the read fails (SHELF_INVALID) whatever the threads. 0: not
   * known (procfs gives 0 for files that hold text): the source is read
   * in order, as a stream, until read_at returns 0. A size that is not
   * the bytes (sysfs says 4096) is not the library's to see: give such a
   * file as a stream. */
  uint64_t size;
  /** A stream: reads the next bytes, up to len, into buf. Returns as
   * read_at does (0 at the end). Called on the calling thread only, so it
   * may wait, and may end the read by returning an error: a caller that
   * wants a signal (Ctrl-C) to stop a read waiting on a silent pipe
   * returns -EINTR when its wait was interrupted and its own check says
   * stop (Python's solve_file() does). The threads the library starts
   * block the signals sent to the process, so that they reach the
   * caller's threads, where such a wait is. */
  int64_t (*read)(void *ctx, char *buf, size_t len);
  /** A stream, optional: 1 if `read` would return without waiting (poll(2)
   * says input is there), else 0. shelf_read_batch() asks it before it
   * reads while results are still to be handed over, so that a line typed
   * is answered before more is awaited; NULL: input is taken to be there
   * (right for a pipe written ahead; a person typing would wait for a
   * block's answers until the next read returns). */
  int (*ready)(void *ctx);
} shelf_source;

/** The most threads shelf_read() and shelf_read_batch() use, the calling
 * thread among them: more asked is taken as this many. */
#define SHELF_READ_THREADS_MAX 1024u

/** How shelf_read() and shelf_read_batch() go about it, and what the
 * caller hears. All zeros is one thread, no hooks. */
typedef struct shelf_read_options {
  /** The threads to use, the calling thread among them: 0 or 1 starts
   * none; at most SHELF_READ_THREADS_MAX (more is taken as that), and no
   * more than the input has pieces for: a file's ranges (a file shorter
   * than 1 MiB is read on the calling thread whatever is asked: threads
   * cost more than they save there), a stream's blocks read so far (one
   * thread more for each). */
  unsigned threads;
  /** The parser's flags (shelf_parser_new()): 0 or SHELF_PARSE_COUNTED for
   * shelf_read(); SHELF_PARSE_LINES, with or without SHELF_PARSE_COUNTED,
   * for shelf_read_batch(). */
  unsigned parse_flags;
  /** shelf_read_batch(): after a parse error, skip its line (or, counted,
   * the rest of its line) and go on;
   * 0: the read ends with the first error. */
  int keep_going;
  /** For tests only: cut the text into pieces of about this many bytes,
   * and use threads on a source of any size, so that small texts put
   * their errors on the pieces' edges; 0: the library's sizes. It changes
   * only the speed, never the result. */
  size_t piece;
  /** shelf_read_batch(): the flags of the solver each shelf is read into
   * (SHELF_KEEP_WEIGHTS, for a caller that wants each shelf's weights);
   * with any, the read is on the calling thread, and `shelf` is given
   * that solver. 0: no weights are kept, and threads may be used. */
  unsigned solver_flags;
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
   * SHELF_NOMEM, `error` then holding SHELF_OK). With `solver_flags`,
   * `solver` is the shelf's solver (its weights, until the hook returns),
   * else NULL. Returns nonzero to stop the read. Must not be NULL for
   * shelf_read_batch(). */
  int (*shelf)(void *ctx, shelf_status status, const shelf_result *result,
               const shelf_parse_error *error, const shelf_solver *solver);
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
  uint64_t offset;         /**< with read_errno or why: the byte offset in
                                the text where the read failed (a file
                                that became shorter: where it ended) */
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
 *         (error->why), each placed by error->offset.
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
 * feeds (counted: where a shelf ends with its line, as the lines near a
 * block's end show it, which the block's parser checks: where it finds
 * the shelf goes on, it goes on into the next block); a line longer than
 * a block, or counted text the cutter is not sure of, is read on the
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
 *         SHELF_PARSE_LINES, solver flags other than SHELF_KEEP_WEIGHTS, a
 *         source with neither callback, a read error
 *         (error->read_errno) or a file that ended before its size
 *         (error->why), each placed by error->offset.
 *
 * Time O(bytes / threads) for valid text; memory threads + 4 blocks of
 * 512 KiB (no more than the input fills) and their results. Thread-safe
 * as shelf_read(). */
SHELF_API shelf_status shelf_read_batch(const shelf_source *source,
                                        const shelf_read_options *options,
                                        shelf_read_error *error);

/* MARK: - The line of perfect play (Public) */

/** An end of the shelf. */
#define SHELF_END_LIST(X)                                                      \
  X(LEFT, 0, "left", "the left end")                                           \
  X(RIGHT, 1, "right", "the right end")
typedef enum shelf_end { SHELF_END_LIST(SHELF_ENUMERATOR_) } shelf_end;

SHELF_ENUM_NAMES(shelf_end, SHELF_END_LIST)

/** The lines of play a caller can ask for: perfect play (shelf_line()),
 * or greedy play (shelf_greedy_line(); the pictures' shelf_svg_options.line
 * takes all three). One set of values for every surface. */
#define SHELF_LINE_KIND_LIST(X)                                                \
  X(LINE_PERFECT, 0, "perfect", "the line of shelf_line()")                    \
  X(LINE_GREEDY_BOTH, 1, "greedy", "both buyers take the heavier end")         \
  X(LINE_GREEDY_FIRST, 2, "greedy-first",                                      \
    "a greedy first buyer against the game's perfect second")
typedef enum shelf_line_kind {
  SHELF_LINE_KIND_LIST(SHELF_ENUMERATOR_)
} shelf_line_kind;

SHELF_ENUM_NAMES(shelf_line_kind, SHELF_LINE_KIND_LIST)

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
