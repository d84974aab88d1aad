/*
 * shelf_judge.h - the judge: known mistakes, the shelves a judge tries,
 * the problems it knows, and its loop, which runs a program (through a
 * caller's runner) and words the verdict.
 *
 * What `shelf check`, shelf.check() in Python and the page's exercise are
 * built on. It is part of libshelf, and the conventions of shelf.h hold
 * here too.
 */
#ifndef SHELF_JUDGE_H
#define SHELF_JUDGE_H

#include "shelf.h"
#include "shelf_teach.h" /* SHELF_SENTENCE_BUFSIZE, shelf_end */

#ifdef __cplusplus
extern "C" {
#endif

/* MARK: - Known mistakes (Public) */

/** The known mistakes of solutions to this game, as a judge names them
 * (`shelf check`, shelf.check() in Python, the page's exercise). Values are
 * pinned like status codes. */
#define SHELF_MISTAKE_LIST(X)                                                  \
  /* No mistake: the answer is right. */                                       \
  X(MISTAKE_NONE, 0, "none", "the right answer")                               \
  /* Taking the heavier end at each turn (the left on equal weights), for      \
   * both buyers, instead of searching. */                                     \
  X(MISTAKE_GREEDY, 1, "greedy", "the heavier end at each turn")               \
  /* The problem's DP with lead = w + lead(rest) instead of w - lead(rest):    \
   * one buyer taking everything. */                                           \
  X(MISTAKE_ADDED, 2, "added", "w + lead(rest) for w - lead(rest)")            \
  /* The problem's DP filled by left index (i, then j, ascending) instead of   \
   * by span length, so that lead[i+1][j] is read before it is written. */     \
  X(MISTAKE_LEFT_INDEX, 3, "left-index", "the table filled by left index")     \
  /* The margin where a buyer's total was asked, or a total (or the other      \
   * buyer's) where the margin was asked. Judged from behaviour. */            \
  X(MISTAKE_WRONG_QUANTITY, 4, "wrong-quantity",                               \
    "the margin for a total, or a total for the margin")                       \
  /* Asked who wins (the first buyer's total at least the second's), a tie     \
   * counted as a loss. Judged from behaviour. */                              \
  X(MISTAKE_STRICT_TIE, 5, "strict-tie", "a tie counted as a loss")            \
  /* 32-bit arithmetic: right while every total fits in 31 bits, wrong past    \
   * them. Judged from behaviour. */                                           \
  X(MISTAKE_OVERFLOW32, 6, "overflow32", "32-bit arithmetic")                  \
  /* A block's lead from the lead of the wrong block: an end's weight minus    \
   * a neighbouring cell of the lead table, not the block that taking that     \
   * end leaves. */                                                            \
  X(MISTAKE_NEIGHBOUR, 7, "neighbour", "the lead of a neighbouring block")     \
  /* The lead with its sign turned: the other buyer's view of the block. */    \
  X(MISTAKE_SIGN, 8, "sign", "the lead with its sign turned")                  \
  /* The lead of taking one end, when taking the other end keeps more: the     \
   * max of the two ends left out. */                                          \
  X(MISTAKE_ONE_END, 9, "one-end", "the lead of one end only")                 \
  /* A wrong answer that matches none of the known mistakes. */                \
  X(MISTAKE_UNKNOWN, 10, "unknown", "none of the known mistakes")              \
  /* A memo table that takes 0 for "not computed", so that blocks whose        \
   * lead is 0 are computed again at every visit: right, and fast on shelves   \
   * where no block's lead is 0, exponential where many are. Judged from       \
   * behaviour (the run times of two shelves of one length). */                \
  X(MISTAKE_ZERO_MEMO, 11, "zero-memo",                                        \
    "a memo that takes 0 for not computed")                                    \
  /* A search of every order of moves without a memo: right, and out of        \
   * time on a shelf of a few dozen wheels whatever its weights. Judged from   \
   * behaviour. */                                                             \
  X(MISTAKE_EXPONENTIAL, 12, "exponential", "a search without a memo")         \
  /* Wrong (or a crash) only at the problem's largest n: the same shelf        \
   * with one wheel fewer passes, as when an array is one element too small    \
   * (a table of n by n cells read at n). Judged from behaviour: named only    \
   * when that shorter shelf was run and passed. */                            \
  X(MISTAKE_LARGEST_N, 13, "largest-n", "wrong only at the largest n")         \
  /* A memo table of the total of the buyer to move that takes a value         \
   * other than 0 for "not computed" (-1, INT32_MIN, INT32_MAX or              \
   * 0x3f3f3f3f), a total a block can have when weights may be negative:       \
   * right, and fast on shelves where few blocks have it, exponential where    \
   * many do ([0]*k + [-1, -1] + [0]*k: every block holding the middle         \
   * leaves the mover -1). The value and the quantity are in                   \
   * shelf_judgement.sentinel and .sentinel_total. Zero-memo stays the name    \
   * of the value 0, of the lead or of a total (a shelf of zeros has both      \
   * at 0 in every block); sentinel-memo names every other value. (A memo of   \
   * the lead with a value other than 0 has no slow shelf that the judge       \
   * knows: blocks of lead v != 0 do not nest as a total's do.) Judged from    \
   * behaviour: out of time on a short shelf of that shape, where a shelf      \
   * of the same length with no block at that value runs in half the           \
   * limit. */                                                                 \
  X(MISTAKE_SENTINEL_MEMO, 14, "sentinel-memo",                                \
    "a memo of a total with a sentinel a block can have")                      \
  /* A block's lead taken as an end's weight alone: the lead of what           \
   * remains, which the other buyer then has, left out. */                     \
  X(MISTAKE_WHEEL_ALONE, 15, "wheel-alone",                                    \
    "an end's weight alone for the lead")
typedef enum shelf_mistake {
  SHELF_MISTAKE_LIST(SHELF_ENUMERATOR_)
} shelf_mistake;

/** The number of mistakes: SHELF_MISTAKE_NONE up to, not including, this
 * value. */
#define SHELF_MISTAKE_COUNT 16

SHELF_ENUM_NAMES(shelf_mistake, SHELF_MISTAKE_LIST)

/** Writes the sentence a learner reads for a mistake into a caller's buffer,
 * snprintf-style like shelf_explain_sentence(): at most size - 1 characters
 * and a NUL (nothing when size is 0), and the whole sentence's length in
 * *len. One line of plain ASCII ending in a full stop, saying what the
 * mistaken move or code does and why it is wrong, in the game's words; it
 * names no shelf (the judge adds the shelf's own numbers, and for greedy
 * the trap sentence of shelf_explain_sentence()). The same sentences serve
 * the judge, which speaks of "the program", and the game and the page,
 * which speak to the person who made the move ("you"). A buffer of
 * SHELF_SENTENCE_BUFSIZE bytes always holds it.
 *
 * @param kind     the mistake.
 * @param subject  SHELF_SUBJECT_PROGRAM or SHELF_SUBJECT_YOU.
 * @param buf      receives the text; may be NULL when size is 0.
 * @param size     bytes available at buf.
 * @param len      if not NULL, receives the sentence's length, not counting
 *                 the NUL, even when it did not fit.
 * @return SHELF_OK; SHELF_INVALID if `kind` or `subject` is unknown or
 *         `buf` is NULL with size > 0 (nothing is written then).
 *
 * Time O(1); no memory. Thread-safe. */
SHELF_API shelf_status shelf_mistake_sentence(shelf_mistake kind,
                                              shelf_subject subject, char *buf,
                                              size_t size, size_t *len);

/** Names the mistake behind a value typed for the lead of block
 * first..last (0-based, inclusive) of the lead table, for an exercise where
 * a learner fills the table: the slip is named by the value typed. Writing
 * L(a..b) for the true lead of block a..b (0 for an empty block), and for
 * each end of the block its weight w and the lead R of the block that
 * taking it leaves (R = L(first+1..last) for the left end, w = w[first];
 * R = L(first..last-1) for the right end, w = w[last]), so that the end
 * keeps w - R, the checks run in this order and the first that holds is
 * the answer:
 *
 *   1. SHELF_MISTAKE_NONE: value is L(first..last).
 *   2. SHELF_MISTAKE_SIGN: value is -L(first..last), L not 0.
 *   3. SHELF_MISTAKE_GREEDY: one end is strictly heavier than the other,
 *      it keeps less than the lead (so the lighter end keeps more), and
 *      value is what it keeps, w - R. Never on a block of two wheels, where
 *      the heavier end always keeps the lead.
 *   4. SHELF_MISTAKE_ONE_END: value is what an end keeps, w - R: the worse
 *      end's, the max of the two ends left out.
 *   5. SHELF_MISTAKE_WHEEL_ALONE: value is an end's weight w, with R not 0
 *      (the lead of what remains left out).
 *   6. SHELF_MISTAKE_ADDED: value is w + R for an end, with R not 0 (the
 *      lead of what remains added).
 *   7. SHELF_MISTAKE_NEIGHBOUR: value is w[first] or w[last] minus the lead
 *      of a wrong block of the table: L(first+1..last-1) (the cell
 *      diagonally below; blocks of three or more wheels), L(first..last-1)
 *      with the left wheel or L(first+1..last) with the right one (the two
 *      reads crossed), L(first+2..last) or L(first..last-2) (a cell one
 *      further along the same column or row; three or more wheels).
 *   8. SHELF_MISTAKE_UNKNOWN: anything else. A block of one wheel has no
 *      rest: only checks 1 and 2 apply to it.
 *
 * Where R is 0, an end's weight, the weight plus R and what it keeps are
 * one number, and the order names it by what the end keeps (1 to 4). On a
 * block of two wheels the worse end keeps -L, so a value there is named
 * sign before one-end; shelf_end_mistake() names an end picked instead.
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
 * Time O(last - first + 1) (at most eleven runs of the linear engine over the
 * block or less); memory O(last - first + 1), freed before returning.
 * Thread-safe. */
SHELF_API shelf_status shelf_cell_mistake(const int64_t *weights, size_t n,
                                          size_t first, size_t last,
                                          shelf_i128 value, shelf_mistake *out);

/** Names the mistake of picking `end` as the move for block first..last
 * (0-based, inclusive, at least two wheels), for an exercise where a
 * learner picks an end instead of typing a lead, by the rule of
 * shelf_cell_mistake(): SHELF_MISTAKE_NONE when that end keeps the
 * block's lead; SHELF_MISTAKE_GREEDY when it keeps less and is strictly
 * the heavier end; SHELF_MISTAKE_ONE_END when it keeps less otherwise.
 * shelf_cell_sentence() says it, given what the end keeps as the value.
 *
 * @param weights  n weights; must not be NULL.
 * @param n        the number of wheels.
 * @param first    the block's left wheel, 0-based.
 * @param last     the block's right wheel, first < last < n.
 * @param end      SHELF_LEFT or SHELF_RIGHT.
 * @param out      receives the mistake; must not be NULL.
 * @param kept     if not NULL, receives what the end keeps: its weight
 *                 minus the lead of the block it leaves.
 * @return SHELF_OK; SHELF_INVALID if an argument is NULL, `end` is
 *         unknown, or the block has fewer than two wheels or is out of
 *         range; SHELF_NOMEM.
 *
 * Time O(last - first + 1); memory O(last - first + 1), freed before
 * returning. Thread-safe. */
SHELF_API shelf_status shelf_end_mistake(const int64_t *weights, size_t n,
                                         size_t first, size_t last,
                                         shelf_end end, shelf_mistake *out,
                                         shelf_i128 *kept);

/** Bytes that always hold a sentence of shelf_cell_sentence(), its NUL
 * included, whatever the weights. */
#define SHELF_CELL_SENTENCE_BUFSIZE 1024

/** Writes what a learner reads for `value`, typed for the lead of block
 * first..last (or kept by the end picked for it), as the mistake `kind`,
 * in the block's own numbers, said to "you": which wheel was taken, the
 * blocks and leads the slip left out, added or read, so that every
 * sentence is true of that block (a mistake's sentence of
 * shelf_mistake_sentence() names no shelf). The block's lead is said
 * only where the value already tells it (right, or its sign turned) or the
 * block has one wheel; what one end keeps may be written as a difference
 * ("9 - 3"), not worked out. Blocks are written as their weights,
 * "[3, 9]"; one of more than six wheels as its first three and last two
 * with "..." between. Written snprintf-style as
 * shelf_mistake_sentence() is: at most size - 1 characters and a NUL, the
 * whole length in *len.
 *
 * @param weights  n weights; must not be NULL.
 * @param n        the number of wheels.
 * @param first    the block's left wheel, 0-based.
 * @param last     the block's right wheel, first <= last < n.
 * @param value    the value typed, or what the end picked keeps.
 * @param kind     the mistake that shelf_cell_mistake() or
 *                 shelf_end_mistake() named for it; any kind whose
 *                 definition there the value meets (any of the first
 *                 seven checks, whatever the order; unknown only when no
 *                 check but 8 holds).
 * @param buf      receives the text; may be NULL when size is 0.
 * @param size     bytes available at buf.
 * @param len      if not NULL, receives the sentence's length, not counting
 *                 the NUL, even when it did not fit.
 * @return SHELF_OK; SHELF_INVALID if `weights` is NULL, the block is empty
 *         or out of range, `buf` is NULL with size > 0, or the value is not
 *         that mistake in that block (nothing is written then); SHELF_NOMEM.
 *
 * Time O(last - first + 1); memory O(last - first + 1), freed before
 * returning. Thread-safe. */
SHELF_API shelf_status shelf_cell_sentence(const int64_t *weights, size_t n,
                                           size_t first, size_t last,
                                           shelf_i128 value, shelf_mistake kind,
                                           char *buf, size_t size, size_t *len);

/* MARK: - Judging a solution (Public) */

/** What a problem asks a solution to print. */
#define SHELF_ANSWER_LIST(X)                                                   \
  X(ANSWER_MARGIN, 0, "margin", "the first buyer's total minus the second's")  \
  X(ANSWER_FIRST, 1, "first", "the first buyer's total (CSES 1097)")           \
  X(ANSWER_SECOND, 2, "second", "the second buyer's total")                    \
  X(ANSWER_WINNER, 3, "winner",                                                \
    "1 when the first buyer's total is at least the second's, else 0 "         \
    "(LeetCode 486)")
typedef enum shelf_answer { SHELF_ANSWER_LIST(SHELF_ENUMERATOR_) } shelf_answer;

SHELF_ENUM_NAMES(shelf_answer, SHELF_ANSWER_LIST)

/** The right answer of the asked kind on a shelf.
 *
 * @return SHELF_OK; SHELF_INVALID (a NULL argument, an unknown kind);
 *         SHELF_NOMEM. Time O(n); memory as shelf_solve(). Thread-safe. */
SHELF_API shelf_status shelf_answer_of(shelf_answer kind,
                                       const int64_t *weights, size_t n,
                                       shelf_i128 *out);

/** Which part of a plan a try comes from. */
#define SHELF_TRY_LIST(X)                                                      \
  /* One of the seven cases of shelf's own problem (docs/problem.md,           \
   * "Splitting the ripening shelf"), tried whatever the problem. */           \
  X(TRY_CASE, 0, "case", "one of the seven cases of docs/problem.md")          \
  X(TRY_SAMPLE, 1, "sample", "a sample of the problem")                        \
  /* An edge shelf: one wheel, two, all equal, zeros, ties, rising, falling,   \
   * zigzag, every weight at the bottom or top of the range, totals past       \
   * 2^31 and 2^32, the sentinel shelves (many blocks leave the mover -1,      \
   * INT32_MIN...: sentinel-memo); each small and at max_n. */                 \
  X(TRY_EDGE, 2, "edge", "an edge shelf")                                      \
  /* A random shelf; sizes double from 1 to max_n over the tries, a third of   \
   * them in a narrow range at the bottom of lo..hi (ties). */                 \
  X(TRY_RANDOM, 3, "random", "a random shelf")
typedef enum shelf_try { SHELF_TRY_LIST(SHELF_ENUMERATOR_) } shelf_try;

SHELF_ENUM_NAMES(shelf_try, SHELF_TRY_LIST)

/** Deprecated: the old name of SHELF_TRY_CASE (the same value, 0), kept so
 * that old source compiles. Use SHELF_TRY_CASE. */
#define SHELF_TRY_WRITEUP SHELF_TRY_CASE

/* MARK: - The judge's loop (Public) */

/** How a problem hands a shelf to a program. */
#define SHELF_LAYOUT_LIST(X)                                                   \
  X(LAYOUT_COUNTED, 0, "counted",                                              \
    "the count on a line, then the weights on the next (CSES, AtCoder)")       \
  X(LAYOUT_LINE, 1, "line", "the weights on one line")                         \
  X(LAYOUT_LIST, 2, "list", "a bracketed list: [7, 2, 9, 4]")
typedef enum shelf_layout { SHELF_LAYOUT_LIST(SHELF_ENUMERATOR_) } shelf_layout;

SHELF_ENUM_NAMES(shelf_layout, SHELF_LAYOUT_LIST)

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
  /** The stack a run gets, in MB, as the problem's judge gives it (online
   * judges commonly give the memory limit, and some no limit at all):
   * SHELF_STACK_AS_MEMORY (0) for as much as the memory limit applied,
   * SHELF_STACK_UNLIMITED for none, else that many MB. A runner sets it for
   * every run (`shelf check`: RLIMIT_STACK in the child, before exec, at
   * most 15/16 of the memory limit, so that a stack that fills up faults
   * before the memory passes the limit), so that a verdict does not depend
   * on the shell's `ulimit -s`. */
  size_t stack_mb;
  /** The most shelves one input file holds, each a case, under one time
   * limit for the file (AlgoLab: the count of cases first, then each case
   * in `layout`; one answer a line, case by case); 0 for one shelf a run
   * with no count of cases. A runner then gives the program such files: a
   * single try as a file of one case, and full files of max_cases shelves
   * of max_n wheels, as the problem's judge does. */
  size_t max_cases;
} shelf_problem;

/** shelf_problem.stack_mb: as much stack as the memory limit applied. */
#define SHELF_STACK_AS_MEMORY ((size_t)0)
/** shelf_problem.stack_mb: no stack limit. */
#define SHELF_STACK_UNLIMITED ((size_t)-1)

/** The problem called `name`: "shelf" (the problem, docs/problem.md:
 * "Splitting the ripening shelf", the default), "cses" (CSES 1097),
 * "atcoder" (AtCoder DP contest L), "leetcode486" or "algolab" (ETH
 * AlgoLab's Burning Coins: up to 30 cases a file); NULL for an unknown name
 * or a NULL one. Static; do not free. Time O(1). Thread-safe. */
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
                                          char *buf, size_t size, size_t *len);

/** What a judge says of a program. Values are pinned. */
#define SHELF_VERDICT_LIST(X)                                                  \
  /* The right answer (from a runner: an answer of the asked form). */         \
  X(VERDICT_OK, 0, "ok", "passed")                                             \
  /* An answer, not the right one. */                                          \
  X(VERDICT_WRONG, 1, "wrong", "wrong answer")                                 \
  /* A signal, a non-zero exit, an error. */                                   \
  X(VERDICT_CRASH, 2, "crash", "crash")                                        \
  /* More CPU time than the limit. */                                          \
  X(VERDICT_TIMEOUT, 3, "timeout", "time limit")                               \
  /* More resident memory than the limit. */                                   \
  X(VERDICT_MEMORY, 4, "memory", "memory limit")                               \
  /* Ended well, but not one answer of the asked form. */                      \
  X(VERDICT_BAD_OUTPUT, 5, "bad-output", "bad output")                         \
  /* Two runs on one shelf differ. */                                          \
  X(VERDICT_UNSTABLE, 6, "unstable", "changes from run to run")                \
  /* Waited past the wall limit, using little CPU (input it never gets, a      \
   * child it waits for). */                                                   \
  X(VERDICT_IDLE, 7, "idle", "waiting, not computing")
typedef enum shelf_verdict {
  SHELF_VERDICT_LIST(SHELF_ENUMERATOR_)
} shelf_verdict;

SHELF_ENUM_NAMES(shelf_verdict, SHELF_VERDICT_LIST)

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

/** Starts a run of the program on `weights` and returns without waiting
 * for it to end, for a judge that keeps several runs going at once
 * (shelf_judge.jobs). The runner copies what it needs: the weights may
 * change once it returns. `slot`, below shelf_judge.jobs, names the run
 * until shelf_run_finish() gives it back, and is free again then;
 * `patience` is shelf_run.patience. Returns SHELF_OK when the run was
 * started; any other status stops the judge, as a runner's does. */
typedef shelf_status (*shelf_run_start)(void *ctx, size_t slot,
                                        const int64_t *weights, size_t n,
                                        double patience);

/** Waits until one started run has ended, fills *run as a shelf_runner
 * does (run comes zeroed, with cpu below 0) and says which in *slot. Called
 * only while a run is started. Returns SHELF_OK, or a status that stops the
 * judge (which then still finishes the runs it started, and drops them). */
typedef shelf_status (*shelf_run_finish)(void *ctx, size_t *slot,
                                         shelf_run *run);

/** Ends started run `slot` at once, its result unwanted (a later try
 * once an earlier one failed, a shrink's candidate after an earlier one
 * failed): the slot is free again when it returns, and no finish gives
 * it. */
typedef void (*shelf_run_cancel)(void *ctx, size_t slot);

/** The stage of a judging, for a progress line (shelf_progress.stage):
 * its name, and its words in the line. */
#define SHELF_STAGE_LIST(X)                                                    \
  /* The plan's tries. */                                                      \
  X(STAGE_TRY, 0, "try", "try")                                                \
  /* Shrinking a failing shelf, or the timeout's shrinks. */                   \
  X(STAGE_SHRINK, 1, "shrink", "shrinking, run")                               \
  /* Timing growing shelves, for how the time grows. */                        \
  X(STAGE_TIME, 2, "time", "timing, size")
typedef enum shelf_stage { SHELF_STAGE_LIST(SHELF_ENUMERATOR_) } shelf_stage;

SHELF_ENUM_NAMES(shelf_stage, SHELF_STAGE_LIST)

/** What the judge is doing, for a progress line (shelf_judge.progress). */
typedef struct shelf_progress {
  shelf_stage stage;     /**< the plan's tries, a shrink, or timing */
  size_t done, total;    /**< SHELF_STAGE_TRY: tries of the plan decided,
                              of how many (it changes once, when a budget
                              cuts the plan); else runs of that stage */
  size_t n;              /**< the wheels of the shelf run last */
  shelf_verdict verdict; /**< the verdict so far: OK until a try fails */
} shelf_progress;

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
  shelf_runner run;  /**< one run at a time; may be NULL only when
                          jobs > 1 with start and finish */
  /** Drops a run's detail; may be NULL when details are never set. */
  void (*release)(void *ctx, void *detail);
  /** Told what the judge does, for a progress line; may be NULL. */
  void (*progress)(void *ctx, const shelf_progress *progress);
  void *ctx; /**< passed to the callbacks */
  /** Runs kept going at once. 0 or 1: one at a time, through `run`. More:
   * through `start` and `finish`, which must then both be set; the judge
   * starts no thread of its own, the runner decides how runs go side by
   * side (the command runs each in a process of its own). The verdict,
   * the try reported and its shelf are those of one run at a time: tries
   * are decided in the plan's order, a try that fails waits for the tries
   * before it, and shrinking runs one at a time. */
  size_t jobs;
  shelf_run_start start;   /**< with jobs > 1 */
  shelf_run_finish finish; /**< with jobs > 1 */
  /** A plan sized by time: CPU seconds of the program's runs that the
   * tries may take, or 0 for every try planned. Once the fixed tries (the
   * problem's cases, the samples, the edge shelves) have run, the random
   * tries are cut to the most, of `tries`, whose cost, told from the
   * quickest run (the start-up) and the longest shelf that ran in time,
   * fits in what is left of it (at least 12, where the plan has them): a program slow to start gets fewer, longer tries, a
   * fast one the whole plan. The tries run then depend on the machine's
   * speed; 0 keeps them a function of the seed alone. */
  double budget;
  /** With jobs > 1, may be NULL: the judge then waits for a run it no
   * longer needs to end, and drops it. */
  shelf_run_cancel cancel;
} shelf_judge;

/** How a program's CPU time grows with the shelf, from its runs that ended
 * in time, with its start-up taken out. */
typedef struct shelf_growth {
  double startup;    /**< CPU seconds of its quickest run (the start-up),
                          or below 0 when unknown */
  int fitted;        /**< 1 when `exponent` was fitted from two runs */
  double exponent;   /**< time beyond start-up grows as n^exponent */
  size_t n_lo, n_hi; /**< the two shelves fitted */
  double t_lo, t_hi; /**< their CPU seconds beyond start-up */
  size_t longest;    /**< the longest shelf that ran in time, or 0 */
  double longest_cpu;
  size_t over_n;     /**< the shortest random shelf of the probes that ran
                          out of time, or 0 */
  size_t slow_zeros; /**< zero-memo: how many blocks of the failing shelf
                          have a lead of 0 */
  size_t fast_n;     /**< zero-memo: a shelf of the failing one's length,
                          no block at lead 0, that ran in time ... */
  double fast_cpu;   /**< ... in this many CPU seconds */
  double per_wheel;  /**< exponential: what one wheel more multiplies the
                          time beyond start-up by, or 0 when unknown */
} shelf_growth;

/** What a judge found. */
typedef struct shelf_judgement {
  shelf_verdict verdict; /**< SHELF_VERDICT_OK when every try passed */
  size_t planned;        /**< tries in the plan */
  size_t tried;          /**< tries run, the failing one included */
  size_t skipped;        /**< tries of the plan that do not fit the problem's
                              limits (a case of docs/problem.md with
                              weights outside the range, an edge shelf's
                              long version that says nothing new), passed
                              over */
  size_t try_index;      /**< the failing try, 1-based */
  shelf_try kind;        /**< and where it comes from */
  int64_t *weights;      /**< the failing shelf, shrunk where it shrinks */
  size_t n;
  size_t shrunk_from;  /**< its length before shrinking */
  size_t shrink_runs;  /**< runs spent shrinking */
  int shrunk;          /**< 1 when a smaller or lighter shelf was found */
  shelf_i128 expected; /**< the right answer on it */
  int has_got;         /**< got is an answer of the asked form */
  shelf_i128 got;
  int has_other; /**< unstable: the other run's answer */
  shelf_i128 other;
  double cpu;   /**< the failing run's CPU seconds (below 0: unknown) */
  void *detail; /**< the failing run's detail, the runner's own */
  shelf_mistake mistake; /**< the mistake named, or SHELF_MISTAKE_NONE */
  shelf_growth growth;   /**< with TIMEOUT */
  void (*release)(void *ctx, void *detail); /**< copied from the judge */
  void *ctx;
  /** sentinel-memo: the value the program's memo takes for "not computed"
   * (-1, ...), as the shelves it ran out of time on show. */
  shelf_i128 sentinel;
  /** sentinel-memo: 1 when the blocks share it as the total of the buyer
   * to move (every sentinel shelf the judge tries now), 0 as their lead. */
  int sentinel_total;
  /** sentinel-memo: how many blocks of the reported shelf have it. */
  size_t sentinel_blocks;
  /** Random tries that shelf_judge.budget cut from the plan (0: none);
   * `planned` counts without them. */
  size_t cut_tries;
} shelf_judgement;

/** Judges a program: runs it through judge->run on the tries of the plan
 * (made one at a time as they are run), each against
 * the exact answer, and stops at the first failure:
 *
 *   - a time limit is run again before it counts (a busy moment), on the
 *     second run of a short shelf too;
 *   - a shelf of at most 16 wheels is run twice: a second run that differs
 *     in verdict, answer or fingerprint is UNSTABLE;
 *   - a wrong answer, a crash or bad output is shrunk (at most 600
 *     runs) to the smallest shelf that fails the same way, and
 *     a wrong answer's mistake named (over at most 64
 *     failing shelves); a greedy mistake is shrunk again, if it must, to a
 *     shelf whose decisive turn has no tie, so that the lesson is the
 *     heavier end, not the tie rule;
 *   - a mistake judged from behaviour is named only when a run shows it:
 *     overflow32 when the answer is what 32-bit arithmetic gives on the
 *     shelf reported and the same length with weights of a few kilos
 *     passes (one run); wrong-quantity, when the failing shelves are all
 *     of one length, when a random shelf of another length fails the same
 *     way (one run);
 *   - a wrong answer or a crash on a shelf of max_n wheels is first run
 *     without its last wheel: when that passes, only the weights are shrunk
 *     (at most 40 runs, resuming at the candidate that last failed), and
 *     if the shelf reported still fails while the same shelf without its
 *     last wheel passes (run again when the weights changed), and without
 *     its first wheel too, the mistake is SHELF_MISTAKE_LARGEST_N;
 *   - a time limit is probed: runs on random shelves of 8, 16, 32, ...
 *     wheels for the growth; a shelf of the failing length where no block
 *     has lead 0, and short shelves of zeros (zero-memo when a shelf of
 *     zeros, or the failing one, runs out of time where a shelf without
 *     lead 0 runs in half the limit); exponential when a shelf of at most
 *     64 wheels runs out of time where one at least half as long ran in an
 *     eighth of the limit beyond start-up; sentinel-memo, when no random
 *     probe ran out of time, from short shelves of each sentinel's shape
 *     (8 to 64 wheels: the shortest out of time, then a random shelf of its
 *     length with no block at that value, which must run in half the
 *     limit); a smaller shelf still out of time at twice the limit (at most
 *     16 runs, 6 of them out of time).
 *
 * The plan's edge shelves include the sentinel shapes (many blocks leave
 * the buyer to move -1, INT32_MIN, INT32_MAX or 0x3f3f3f3f, where the
 * problem's range allows them), small and at the largest n, as a hack
 * would.
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
 * a greedy mistake's shrink. Memory O(max_n), and O(jobs * max_n) for
 * the tries in flight. Thread-safe when the runner is. Starts no thread:
 * with jobs > 1 the runner's start and finish keep runs side by side. */
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
  size_t memory_mb; /**< the memory limit applied, 0 for none */
  /** The failure in words, for a crash or a memory limit: "was killed by
   * signal 11 (Segmentation fault)", "raised ZeroDivisionError: ..."; for
   * a wrong answer, the answer itself where shelf_i128 cannot hold it (a
   * Python function's int beyond 128 bits), written after "Got:" in place
   * of the answer; may be NULL. */
  const char *failure;
} shelf_report_words;

/** Writes a judgement as a person reads it, snprintf-style (at most size
 * - 1 bytes and a NUL, the whole length in *len): the verdict and the try,
 * the shelf (shrunk) ready to paste and as shelf's arguments (a shelf of
 * more than 200 wheels as its runs of equal weights when it has at most
 * 12, as Python writes a list: [1] * 4999 + [2]; else by its ends), what was
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

/** Writes the progress line of a judging as every surface shows it,
 * snprintf-style (at most size - 1 bytes and a NUL, the whole length in
 * *len), without a line end: "shelf check: try 3 of 44, 12 wheels, 1.5 s,
 * all right so far". `who` begins it ("shelf check", "shelf.check");
 * `seconds` is the time since the judging began, which the caller's clock
 * tells (the library has none). Where the line goes, and how often, is
 * the caller's.
 *
 * @return SHELF_OK; SHELF_INVALID (a NULL progress or who, NULL buf with
 *         size > 0, a stage or verdict outside its list). Time O(1).
 *         Thread-safe. */
SHELF_API shelf_status shelf_progress_write(const shelf_progress *progress,
                                            const char *who, double seconds,
                                            char *buf, size_t size,
                                            size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* SHELF_JUDGE_H */
