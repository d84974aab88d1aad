/*
 * shelf_teach.h - the teaching facts of libshelf: the lead table, buyers
 * and games, greedy lines, the explanation of the greedy trap, words, and
 * notes on input that may not mean what its writer meant.
 *
 * What the command's --table, --moves and --explain, the terminal game,
 * the page and the Python package show a learner. It is part of libshelf,
 * and the conventions of shelf.h hold here too.
 */
#ifndef SHELF_TEACH_H
#define SHELF_TEACH_H

#include "shelf.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/** The largest |lead| of a lead table: of every block first..last (first
 * <= last) of the n * n cells shelf_lead_table() filled; 0 when n is 0.
 * The end of the colour scale of a table (shelf_lead_colour()'s
 * `biggest`), which the pictures and the page draw with.
 *
 * @param cells    n * n cells; may be NULL when n is 0.
 * @param largest  receives it.
 * @return SHELF_OK; SHELF_INVALID if `largest` is NULL, or `cells` is NULL
 *         with n > 0; SHELF_TOO_LONG if n > SHELF_TABLE_MAX.
 *
 * Time O(n^2); no memory. Thread-safe. */
SHELF_API shelf_status shelf_lead_table_largest(const shelf_cell *cells,
                                                size_t n,
                                                shelf_i128 *largest);

/* MARK: - Buyers, moves and games (Public) */

/** A buyer: the first moves at turns 1, 3, 5, ..., the second at 2, 4, ... */
#define SHELF_BUYER_LIST(X)                                                    \
  X(FIRST, 0, "first", "the buyer who moves at turns 1, 3, 5, ...")            \
  X(SECOND, 1, "second", "the buyer who moves at turns 2, 4, 6, ...")
typedef enum shelf_buyer { SHELF_BUYER_LIST(SHELF_ENUMERATOR_) } shelf_buyer;

SHELF_ENUM_NAMES(shelf_buyer, SHELF_BUYER_LIST)

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

/** The buyer who moves at a turn (from 1): the first at odd turns, the
 * second at even ones. The one place every surface learns whose turn it
 * is. Time O(1). */
SHELF_API shelf_buyer shelf_turn_buyer(uint64_t turn);

/** Where a game stands: the block that remains and both totals. A plain
 * value with no pointers, so a caller keeps as many as it likes (one per
 * turn gives undo). Fill it with shelf_position_start(). */
typedef struct shelf_position {
  uint64_t n;           /**< wheels on the shelf */
  uint64_t turn;        /**< moves made so far, 0..n */
  uint64_t first;       /**< the block's first wheel (0-based) */
  uint64_t last;        /**< the block's last wheel + 1; first == last: empty */
  shelf_i128 totals[2]; /**< kilos taken by the first and the second buyer */
} shelf_position;

/** Starts a position on a shelf of n wheels: turn 0, the whole shelf, no
 * kilos.
 * @return SHELF_OK; SHELF_INVALID if `at` is NULL.
 * Time O(1); no memory. */
SHELF_API shelf_status shelf_position_start(shelf_position *at, size_t n);

/** Makes one move: the buyer to move (shelf_turn_buyer(at->turn + 1))
 * takes the wheel at `end` of the block. If `move` is not NULL it receives
 * the move with both totals after it.
 *
 * @param weights  the shelf the position was started with (n weights).
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL, `end` is unknown,
 *         or the block is empty (nothing changes then).
 *
 * Time O(1); no memory. Thread-safe on distinct positions. */
SHELF_API shelf_status shelf_position_take(shelf_position *at,
                                           const int64_t *weights,
                                           shelf_end end, shelf_move *move);

/** Plays `count` more moves of a line from a position: ends[at->turn] up to
 * ends[at->turn + count - 1], where `ends` is a whole game's ends (a line
 * from shelf_line(), a greedy line, or any game's). The one replay loop of
 * the command, the pictures, the page and Python: from a position just
 * started it replays a line's first moves; called again it goes on, so a
 * caller that wants every move of a long line takes them a few at a time.
 *
 * @param weights  the shelf of the position (at->n weights).
 * @param ends     at least at->turn + count values, SHELF_LEFT or
 *                 SHELF_RIGHT; may be NULL when count is 0.
 * @param at       the position, moved on by the moves; must not be NULL.
 * @param moves    if not NULL, receives the `count` moves in turn order.
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL where it may not
 *         be, fewer than `count` wheels remain, or an end is unknown (`at`
 *         then holds the position before that move).
 *
 * Time O(count); no memory. Thread-safe on distinct positions. */
SHELF_API shelf_status shelf_replay(const int64_t *weights,
                                    const unsigned char *ends, size_t count,
                                    shelf_position *at, shelf_move *moves);

/** What shelf_replay_all() hands each move to: the move, with both totals
 * after it. Returns 0 to go on, nonzero to stop the replay there. */
typedef int (*shelf_move_hook)(void *ctx, const shelf_move *move);

/** Replays a whole game from its start: the n moves ends[0..n-1] on a
 * shelf of n wheels, each handed to `each` in turn order, with the running
 * totals shelf_replay() adds up. The loop every caller that shows a whole
 * line move by move would write (--moves, the pictures, Python's
 * shelf.line(), examples/play.c), in one call and with no memory for the
 * moves, however long the shelf.
 *
 * @param weights  n weights; may be NULL when n is 0.
 * @param ends     n values, SHELF_LEFT or SHELF_RIGHT; may be NULL when n
 *                 is 0.
 * @param each     called once a move, on the calling thread; must not be
 *                 NULL. When it returns nonzero the replay stops, and the
 *                 call still returns SHELF_OK: the caller's ctx says why.
 * @param ctx      handed to `each`.
 * @return SHELF_OK; SHELF_INVALID if `each` is NULL, `weights` or `ends` is
 *         NULL with n > 0, or an end is unknown (the moves before it were
 *         handed over).
 *
 * Time O(n) and the hook's; no memory. Thread-safe. */
SHELF_API shelf_status shelf_replay_all(const int64_t *weights, size_t n,
                                        const unsigned char *ends,
                                        shelf_move_hook each, void *ctx);

/** The greedy move on block first..last (0-based, inclusive): the heavier
 * end, the left on equal weights. The one rule every surface calls greedy.
 * `weights` must not be NULL, and the caller passes a valid block of it.
 * Time O(1). */
SHELF_API shelf_end shelf_greedy_end(const int64_t *weights, size_t first,
                                     size_t last);

/** Deprecated: the old names of SHELF_LINE_GREEDY_BOTH and
 * SHELF_LINE_GREEDY_FIRST, kept so that old source compiles (their values
 * were 0 and 1, now those of the one set: 1 and 2). */
#define SHELF_GREEDY_BOTH SHELF_LINE_GREEDY_BOTH
#define SHELF_GREEDY_FIRST SHELF_LINE_GREEDY_FIRST

/** The most wheels shelf_greedy_line() plays with SHELF_LINE_GREEDY_FIRST. */
#define SHELF_GREEDY_LINE_MAX SHELF_EXPLAIN_MAX

/** The ends taken at turns 1..n by greedy play: both buyers greedy, or a
 * greedy first buyer against the perfect second buyer that the game plays
 * (SHELF_PLAYER_PERFECT: on the block that remains, shelf_best_move()'s
 * best end, with its tie rule). That second game is the one a person who
 * takes the heavier end every time plays in --interactive, shelf.Game and
 * the page; its margin is shelf_explanation.greedy_vs_perfect.
 *
 * @param kind  SHELF_LINE_GREEDY_BOTH or SHELF_LINE_GREEDY_FIRST.
 * @param ends  receives n values, SHELF_LEFT or SHELF_RIGHT; may be NULL
 *              when n is 0.
 * @return SHELF_OK; SHELF_INVALID (a NULL argument, another kind);
 *         SHELF_TOO_LONG with SHELF_LINE_GREEDY_FIRST above
 *         SHELF_GREEDY_LINE_MAX wheels; SHELF_NOMEM.
 *
 * Both greedy: time O(n), no memory. Greedy against perfect: time O(n^2)
 * (one O(block) reduction a turn), memory 16 bytes a wheel, freed before
 * returning. Thread-safe. */
SHELF_API shelf_status shelf_greedy_line(const int64_t *weights, size_t n,
                                         shelf_line_kind kind,
                                         unsigned char *ends);

/* MARK: - The linear reduction, step by step (Public) */

/** What one step of the linear engine's reduction did. */
#define SHELF_STEP_KIND_LIST(X)                                                \
  /* A wheel pushed onto the stack as a group of its own: `value` is its       \
   * weight, first == last its place. */                                       \
  X(STEP_PUSH, 0, "push", "a wheel pushed as a group of its own")              \
  /* A peak merged: the groups a, b, c (b at least both neighbours) became     \
   * one group worth a - b + c, covering wheels first..last. */                \
  X(STEP_MERGE, 1, "merge", "a peak merged")                                   \
  /* On the valley that remains, the buyer to move took the larger end         \
   * group (the left on equal ends), wheels first..last: `value` is that       \
   * group's worth and `margin` the margin so far. */                          \
  X(STEP_TAKE, 2, "take", "the larger end group taken")
typedef enum shelf_step_kind {
  SHELF_STEP_KIND_LIST(SHELF_ENUMERATOR_)
} shelf_step_kind;

SHELF_ENUM_NAMES(shelf_step_kind, SHELF_STEP_KIND_LIST)

/** One step of the reduction, as shelf_reduction_trace() records it. */
typedef struct shelf_reduction_step {
  shelf_step_kind kind;
  uint64_t first;     /**< the group's first wheel (0-based) */
  uint64_t last;      /**< its last wheel */
  shelf_buyer buyer;  /**< with SHELF_STEP_TAKE: who took it */
  shelf_i128 a, b, c; /**< with SHELF_STEP_MERGE: the three groups merged */
  shelf_i128 value;   /**< the group's worth after the step */
  shelf_i128 margin;  /**< with SHELF_STEP_TAKE: the margin so far */
} shelf_reduction_step;

/** The most steps shelf_reduction_trace() records for n wheels: n pushes,
 * fewer than n / 2 merges and at most n takes. */
#define SHELF_REDUCTION_STEPS(n) (3 * (n))

/** The linear engine's reduction (docs/algorithm.md) with every step
 * recorded, for a learner to watch: each wheel pushed, each peak merged by
 * the engine's own step (the one shelf_solve() runs), then the valley
 * taken end by end. The margin of the last take is the shelf's margin.
 *
 * @param steps  room for SHELF_REDUCTION_STEPS(n) steps; may be NULL when
 *               n is 0.
 * @param count  receives the number of steps written; must not be NULL.
 * @return SHELF_OK; SHELF_INVALID (a NULL argument); SHELF_NOMEM.
 *
 * Time O(n); memory O(n) while it runs. Thread-safe. */
SHELF_API shelf_status shelf_reduction_trace(const int64_t *weights, size_t n,
                                             shelf_reduction_step *steps,
                                             size_t *count);

/* MARK: - Explaining the greedy trap (Public) */

/** Why greedy play loses on one shelf, as shelf_explain() computes it. */
typedef struct shelf_explanation {
  uint64_t n;                   /**< wheels */
  shelf_i128 margin;            /**< margin under perfect play */
  shelf_i128 greedy_first;      /**< first buyer's total, both greedy */
  shelf_i128 greedy_second;     /**< second buyer's total, both greedy */
  shelf_i128 greedy_margin;     /**< greedy_first - greedy_second */
  int has_greedy_vs_perfect;    /**< 1 if computed (n within the limit) */
  shelf_i128 greedy_vs_perfect; /**< the margin of a greedy first buyer
                                     against the game's perfect second
                                     (shelf_greedy_line()'s
                                     SHELF_LINE_GREEDY_FIRST game); margin -
                                     greedy_vs_perfect (>= 0) is the lead
                                     greedy loses on its own turns */
  int mistake;                  /**< 1: greedy loses lead in that game; 0:
                                     it never does; -1: the game was not
                                     played far enough (beyond the limit) */
  uint64_t mistake_turn;        /**< the first turn (1-based, odd: the
                                     first buyer's) of that game where the
                                     greedy move keeps less lead than its
                                     block's */
  shelf_end mistake_end;        /**< the heavier end greedy takes there */
  shelf_i128 mistake_cost;      /**< the lead lost at that turn (> 0); the
                                     whole game's loss is margin -
                                     greedy_vs_perfect */
  int has_parity;               /**< 1 if n is even */
  shelf_i128 odd_sum;           /**< sum of positions 1, 3, 5, ... */
  shelf_i128 even_sum;          /**< sum of positions 2, 4, 6, ... */
  shelf_i128 parity_floor;      /**< |odd_sum - even_sum| */
  shelf_i128 parity_gain;       /**< margin - parity_floor (>= 0) */
  shelf_i128 first;             /**< first buyer's total, perfect play */
  shelf_i128 second;            /**< second buyer's total, perfect play */
  uint64_t mistake_wheel;       /**< with mistake 1: the wheel greedy takes
                                     there (0-based), at the mistake_end of the
                                     block */
  int64_t mistake_weight;       /**< its weight */
  uint64_t mistake_other;       /**< the wheel perfect play takes there
                                     (0-based): the block's other end */
  uint64_t limit; /**< the limit applied (SHELF_EXPLAIN_MAX for 0) */
} shelf_explanation;

/** The largest shelf for which shelf_explain() computes greedy against
 * perfect play (an O(n^2) game) unless told otherwise. */
#define SHELF_EXPLAIN_MAX 20000

/** Explains a shelf: (1) both buyers greedy (the heavier end, the left on
 * equal weights); (2) a greedy first buyer against the perfect second
 * buyer that the game plays (SHELF_PLAYER_PERFECT, shelf_best_move()'s best
 * end); (3) the first turn of that game where the greedy move keeps less
 * lead than its block's, the wheel it takes, the lead it loses there and
 * the wheel perfect play takes instead; (4) for even n, the parity floor:
 * taking every odd or every even position guarantees |odd_sum - even_sum|.
 * It also gives both totals under perfect play, so that
 * shelf_explain_sentence() can say everything from this struct alone.
 *
 * @param limit  the largest n for which (2) is computed and the most work
 *               (about limit^2 / 2 steps) that (3) may spend; 0 means
 *               SHELF_EXPLAIN_MAX. Beyond it has_greedy_vs_perfect is 0, and
 *               mistake is -1 unless greedy lost lead within that work.
 * @return SHELF_OK; SHELF_INVALID; SHELF_NOMEM.
 *
 * Time O(n) for (1) and (4), O(n^2) for (2) and at worst for (3); memory
 * O(n). Thread-safe. */
SHELF_API shelf_status shelf_explain(const int64_t *weights, size_t n,
                                     size_t limit, shelf_explanation *out);

/* MARK: - Words (Public) */

/** Who a sentence about a mistake speaks of: the judge's program, or the
 * person who made the move in a game or on the page ("you"). */
#define SHELF_SUBJECT_LIST(X)                                                  \
  X(SUBJECT_PROGRAM, 0, "program", "the program adds ...")                     \
  X(SUBJECT_YOU, 1, "you", "you added ...")
typedef enum shelf_subject {
  SHELF_SUBJECT_LIST(SHELF_ENUMERATOR_)
} shelf_subject;

SHELF_ENUM_NAMES(shelf_subject, SHELF_SUBJECT_LIST)

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
#define SHELF_SENTENCE_LIST(X)                                                 \
  /* "Perfect play: the first buyer finishes 7 kilos ahead, 11 to 4." Reads    \
   * margin, first and second only. */                                         \
  X(SENTENCE_PERFECT, 0, "perfect", "perfect play")                            \
  /* Both buyers greedy: their totals and how the first stands. */             \
  X(SENTENCE_GREEDY, 1, "greedy", "both buyers greedy")                        \
  /* A greedy first buyer against the game's perfect second buyer, and how     \
   * much worse than perfect play that is (the lead greedy loses); or that     \
   * it was not computed above the limit. */                                   \
  X(SENTENCE_GREEDY_VS_PERFECT, 2, "greedy-vs-perfect",                        \
    "a greedy first buyer against a perfect second")                           \
  /* The greedy trap: the first buyer's first turn that loses lead against     \
   * the game's perfect second buyer, with its end, wheel (1-based) and        \
   * weight, the lead it loses there, the wheel perfect play takes there,      \
   * and (within the limit) the lead greedy loses in the whole game; or that   \
   * greedy never loses lead there; or that the game stopped at its limit. */  \
  X(SENTENCE_TRAP, 3, "trap", "the greedy trap")                               \
  /* The parity floor for an even number of wheels, or that there is none      \
   * for an odd number. */                                                     \
  X(SENTENCE_PARITY, 4, "parity", "the parity floor")
typedef enum shelf_sentence {
  SHELF_SENTENCE_LIST(SHELF_ENUMERATOR_)
} shelf_sentence;

SHELF_ENUM_NAMES(shelf_sentence, SHELF_SENTENCE_LIST)

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

/* MARK: - A game to play (Public) */

/*
 * The game a person plays: the terminal's `shelf --interactive`,
 * shelf.Game in Python and the page's game are views of this object, so
 * that its rules are decided once, here:
 *
 *   - Each buyer is played by a person, by a perfect player (the line's
 *     move on the block that remains, shelf_best_move()), or by a greedy
 *     one (shelf_greedy_end()).
 *   - The program's buyers move by themselves: after the game is made or
 *     started again, and after each of a person's moves, the game plays on
 *     until a person has a choice to make or every wheel is taken.
 *   - A last wheel has no choice: it is taken for the person who is to
 *     move, and marked forced.
 *   - Undo goes back to just before the person's last choice: it takes
 *     back that move and every move after it (the program's replies, and a
 *     forced last wheel). A forced move is never a choice to go back to.
 *   - Every move keeps the block's lead before it (the best lead) and the
 *     lead the move kept; the difference is what the move cost.
 *   - The review is one row per move a person made, forced ones included
 *     (marked "last"); its first mistake is the first of those rows that
 *     cost lead.
 *   - Sentences speak to the person: "you" when one person plays, "the
 *     first buyer" and "the second buyer" when two share the game.
 */

/** Who plays a buyer's side of a game. */
#define SHELF_PLAYER_LIST(X)                                                   \
  X(PLAYER_PERSON, 0, "person", "a person: the game waits for their move")     \
  X(PLAYER_PERFECT, 1, "perfect", "the line's move on the block that remains") \
  X(PLAYER_GREEDY, 2, "greedy", "the heavier end, the left on equal weights")
typedef enum shelf_player { SHELF_PLAYER_LIST(SHELF_ENUMERATOR_) } shelf_player;

SHELF_ENUM_NAMES(shelf_player, SHELF_PLAYER_LIST)

/** A game in play: the shelf, who plays each side, and every move made.
 * Opaque; make one with shelf_game_new(), free it with shelf_game_free().
 * One game is used by one thread at a time. */
typedef struct shelf_game shelf_game;

/** One move of a game, with what it kept. */
typedef struct shelf_game_move {
  shelf_move move;     /**< turn, buyer, end, wheel, weight, both totals */
  shelf_player player; /**< who made it */
  int forced;          /**< 1: a last wheel, taken without a choice */
  shelf_i128 best;     /**< the block's lead before the move */
  shelf_i128 kept;     /**< the lead the move kept; best - kept: its cost */
} shelf_game_move;

/** Makes a game on a shelf and plays the program's first moves (so a game
 * of two program players is over at once).
 *
 * The game reads `weights` at every move and does not copy them: they must
 * stay unchanged while the game lives. A game on 10^9 wheels needs no
 * memory of that size; it grows with the moves made.
 *
 * @param weights  n weights; may be NULL when n is 0.
 * @param first    who plays the first buyer.
 * @param second   who plays the second buyer.
 * @param out      receives the game; must not be NULL.
 * @return SHELF_OK; SHELF_INVALID (a NULL argument, an unknown player);
 *         SHELF_NOMEM (*out is then NULL).
 *
 * Time O(n) for each program move played (shelf_best_move()); memory
 * O(moves made). */
SHELF_API shelf_status shelf_game_new(const int64_t *weights, size_t n,
                                      shelf_player first, shelf_player second,
                                      shelf_game **out);

/** Frees a game; NULL is allowed and does nothing. */
SHELF_API void shelf_game_free(shelf_game *game);

/** Where the game stands: the block, the turn, both totals.
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL. Time O(1). */
SHELF_API shelf_status shelf_game_at(const shelf_game *game,
                                     shelf_position *at);

/** The person to move takes the wheel at `end`, and the game plays on
 * (the program's replies, a forced last wheel) until a person has a
 * choice again or the game is over.
 * @return SHELF_OK; SHELF_INVALID if `game` is NULL, `end` is unknown, or
 *         the game is over (nothing changes then); SHELF_NOMEM (the move
 *         and those after it are not made). Time O(n) a program move. */
SHELF_API shelf_status shelf_game_take(shelf_game *game, shelf_end end);

/** Takes back the person's last choice and every move after it.
 * @param back  if not NULL, receives the number of moves taken back: 0
 *              when no person has made a choice yet (nothing changes).
 * @return SHELF_OK; SHELF_INVALID if `game` is NULL. Time O(1). */
SHELF_API shelf_status shelf_game_undo(shelf_game *game, size_t *back);

/** Starts the same shelf again, with the same players, and plays the
 * program's first moves.
 * @return SHELF_OK; SHELF_INVALID if `game` is NULL; SHELF_NOMEM. */
SHELF_API shelf_status shelf_game_again(shelf_game *game);

/** The number of moves made so far; 0 for a NULL game. Time O(1). */
SHELF_API size_t shelf_game_move_count(const shelf_game *game);

/** Move k (0-based, turn k + 1) of the game.
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL or k is not
 *         below shelf_game_move_count(). Time O(1). */
SHELF_API shelf_status shelf_game_move_at(const shelf_game *game, size_t k,
                                          shelf_game_move *out);

/** The hint at the person's turn: what each end of the block keeps, as
 * shelf_best_move() gives it.
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL or the game is
 *         over; SHELF_NOMEM. Time O(block). */
SHELF_API shelf_status shelf_game_hint(const shelf_game *game,
                                       shelf_choice *out);

/** The sentences a game says, each one line of plain ASCII, addressed to
 * the person ("you"; the first and second buyer when two play). */
#define SHELF_GAME_SENTENCE_LIST(X)                                            \
  /* The hint: "Hint: the left wheel (3 kilos) keeps a lead of -5 (5 kilos     \
   * behind), the right wheel (2 kilos) keeps a lead of 7 (7 kilos ahead).     \
   * Best: the right." Only while a person is to move. */                      \
  X(GAME_HINT, 0, "hint", "the hint")                                          \
  /* Move k, judged: "You take the left wheel (3 kilos): that cost you 12      \
   * kilos of lead (the right would have kept a lead of 7; the left keeps      \
   * -5)." or "You take the right wheel (2 kilos). A perfect move." or, for    \
   * a move the person did not choose, "The opponent takes the right wheel     \
   * (2 kilos)." and "You take the last wheel (9 kilos)." */                   \
  X(GAME_MOVE, 1, "move", "a move, judged")                                    \
  /* When the game is over: both totals and how the person finished:           \
   * "Game over: you 5, opponent 10. You finished 5 kilos behind (margin       \
   * -5)." */                                                                  \
  X(GAME_SUMMARY, 2, "summary", "both totals, and how the person finished")    \
  /* When the game is over: how that stands against perfect play: "Perfect     \
   * play finishes 7 kilos ahead (margin 7); your moves cost 12 kilos." */     \
  X(GAME_AGAINST_PERFECT, 3, "against-perfect",                                \
    "how that stands against perfect play")                                    \
  /* When the game is over: the first move in the review that cost lead,       \
   * named ("The first mistake: turn 1, the left end, which cost 12 kilos      \
   * of lead: the heavier end, the greedy mistake."), or that there was        \
   * none. */                                                                  \
  X(GAME_FIRST_MISTAKE, 4, "first-mistake", "the first move that cost lead")   \
  /* When the game is over and the first mistake is a known one (the           \
   * heavier end): what the mistake teaches, shelf_mistake_sentence() said     \
   * to "you". Empty otherwise. */                                             \
  X(GAME_LESSON, 5, "lesson", "what the first mistake teaches")
typedef enum shelf_game_sentence {
  SHELF_GAME_SENTENCE_LIST(SHELF_ENUMERATOR_)
} shelf_game_sentence;

SHELF_ENUM_NAMES(shelf_game_sentence, SHELF_GAME_SENTENCE_LIST)

/** Writes one of the game's sentences, snprintf-style like
 * shelf_explain_sentence(). A buffer of SHELF_GAME_SENTENCE_BUFSIZE bytes
 * always holds it.
 * @param k  with SHELF_GAME_MOVE, the move (0-based); otherwise ignored.
 * @return SHELF_OK; SHELF_INVALID if `game` is NULL, `which` is unknown, it
 *         does not apply now (a hint when no person is to move, a summary
 *         or a first mistake before the end, a move not made), or `buf` is
 *         NULL with size > 0; SHELF_NOMEM (a hint's best move).
 *         Time O(block) for a hint, O(moves) for a first mistake. */
SHELF_API shelf_status shelf_game_say(const shelf_game *game,
                                      shelf_game_sentence which, size_t k,
                                      char *buf, size_t size, size_t *len);

/** Bytes a buffer needs for any sentence of shelf_game_say(). */
#define SHELF_GAME_SENTENCE_BUFSIZE 1024

/** One row of a game's review: a move a person made. */
typedef struct shelf_review_row {
  uint64_t turn;     /**< from 1 */
  shelf_buyer buyer; /**< who moved */
  shelf_end end;     /**< the end taken */
  int forced;        /**< 1: a last wheel, taken without a choice (every
                          surface writes its end as SHELF_REVIEW_LAST) */
  int64_t weight;    /**< the wheel taken */
  shelf_i128 kept;   /**< the lead the move kept */
  shelf_i128 best;   /**< the best lead the block offered */
  shelf_i128 cost;   /**< best - kept: 0 for a perfect move */
} shelf_review_row;

/** The word the review writes for the end of a forced move, a last wheel
 * taken without a choice, on every surface (the command, Python, the page). */
#define SHELF_REVIEW_LAST "last"

/** The number of rows of the review: the moves people made so far. 0 for
 * a NULL game. Time O(moves). */
SHELF_API size_t shelf_game_review_count(const shelf_game *game);

/** Row k (0-based) of the review, in turn order.
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL or k is not
 *         below shelf_game_review_count(). Time O(moves). */
SHELF_API shelf_status shelf_game_review(const shelf_game *game, size_t k,
                                         shelf_review_row *out);

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
#define SHELF_NOTE_KIND_LIST(X)                                                \
  /* The first line is one number, n - 1, followed by n - 1 more weights. */   \
  X(NOTE_COUNT, 1, "count", "a first line that is the count")                  \
  /* A token such as 1,000 or -12,500,000 was read as several weights. */      \
  X(NOTE_THOUSANDS, 2, "thousands",                                            \
    "a number written with thousands separators")
typedef enum shelf_note_kind {
  SHELF_NOTE_KIND_LIST(SHELF_ENUMERATOR_)
} shelf_note_kind;

SHELF_ENUM_NAMES(shelf_note_kind, SHELF_NOTE_KIND_LIST)

/** One note. */
typedef struct shelf_note {
  shelf_note_kind kind;
  uint64_t line;  /**< the line it is on, from 1; 0 for an argument */
  uint64_t arg;   /**< the argument it is in, from 1; 0 for text */
  uint64_t count; /**< COUNT: the number; THOUSANDS: the wheels it made */
  char text[SHELF_NOTE_TEXT_MAX + 1];   /**< THOUSANDS: as written */
  char digits[SHELF_NOTE_TEXT_MAX + 1]; /**< THOUSANDS: as one number */
} shelf_note;

/** Makes an empty set of notes, at line 1 of a text.
 * @return SHELF_OK; SHELF_INVALID if `out` is NULL; SHELF_NOMEM. */
SHELF_API shelf_status shelf_notes_new(shelf_notes **out);

/** Frees notes; NULL is allowed and does nothing. */
SHELF_API void shelf_notes_free(shelf_notes *notes);

/** Looks at the next piece of a text (a file, standard input, a box on a
 * page).
 * @return SHELF_OK; SHELF_INVALID if `notes` is NULL, or `data` is NULL
 *         with len > 0.
 * Time O(len) up to the scan limit, then O(1). */
SHELF_API shelf_status shelf_notes_feed(shelf_notes *notes, const char *data,
                                        size_t len);

/** The text has ended (a number at its very end is judged now).
 * @return SHELF_OK; SHELF_INVALID if `notes` is NULL. */
SHELF_API shelf_status shelf_notes_finish(shelf_notes *notes);

/** Looks at the next command-line argument, whole; arguments count from 1
 * in the order given.
 * @return SHELF_OK; SHELF_INVALID if `notes` or `arg` is NULL.
 * Time O(strlen(arg)). */
SHELF_API shelf_status shelf_notes_arg(shelf_notes *notes, const char *arg);

/** Takes what there is to note about a shelf of `wheels` wheels that was
 * answered, at most 2 notes (a count, then a grouped number), and returns
 * how many it wrote to `out`. A grouped number is noted once: the next call
 * does not give it again. In batch mode pass the shelf's line (from 1) as
 * `batch_line`: only a grouped number on that line is noted (one on an
 * earlier line, whose shelf failed, is dropped), and no count is looked
 * for; otherwise pass 0. With `notes` or `out` NULL there is nothing to
 * note, and it returns 0.
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

#ifdef __cplusplus
}
#endif

#endif /* SHELF_TEACH_H */
