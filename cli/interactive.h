/*
 * interactive.h - the game (shelf --interactive): against a perfect or a
 * greedy buyer, or two people at one keyboard.
 */
#ifndef SHELF_CLI_INTERACTIVE_H
#define SHELF_CLI_INTERACTIVE_H

#include <shelf_teach.h>

#include <stddef.h>
#include <stdint.h>

/* Plays games on weights[0..n): the person is the first buyer, or the
 * second with `second`, against a buyer that always plays the line's move.
 * The person may take moves back; each game ends with a review of the
 * person's moves against perfect play and an offer to play the same shelf
 * again. Moves come from standard input: single keys when it is a terminal
 * (put in raw mode and restored on every way out), one command a line
 * otherwise. Everything is written to standard output.
 *
 * Returns the exit status: 0 when the person quits or input ends; 1 after
 * a read error on standard input, a write error or a lack of memory
 * (reported on stderr, except a reader that went away). */
int interactive_play(const int64_t *weights, size_t n, int second,
                     shelf_player vs);

/* Who the person plays (`vs`): the line's move (SHELF_PLAYER_PERFECT), the
 * heavier end (SHELF_PLAYER_GREEDY), or a second person at the same
 * keyboard (SHELF_PLAYER_PERSON: then `second` is 0, and both buyers'
 * moves are asked, judged and reviewed). */

#endif
