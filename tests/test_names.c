/*
 * test_names.c - every public enum's names, from its one list in the
 * headers (SHELF_<ENUM>_LIST): for every value, shelf_<enum>_name() gives
 * the list's name and shelf_<enum>_from_name() gives the value back; an
 * unknown name, a name in another case and an empty one are SHELF_INVALID
 * and leave the out untouched; a value outside the list has no name.
 */
#include "harness.h"

#include <shelf_judge.h>
#include <shelf_pieces.h>
#include <shelf_teach.h>

#include <string.h>

/* The enumerator has the list's value, its name is the list's, and the
 * name finds it. */
#define ROUND_TRIP(type, enumerator, value, name)                              \
  do {                                                                         \
    type got_;                                                                 \
    CHECK((int)(enumerator) == (value));                                       \
    CHECK(type##_name(enumerator) != NULL &&                                   \
          strcmp(type##_name(enumerator), name) == 0);                         \
    CHECK(type##_from_name(name, &got_) == SHELF_OK && got_ == (enumerator));  \
  } while (0)

/* Names no list has: each gives SHELF_INVALID and writes nothing. */
#define UNKNOWN(type)                                                          \
  do {                                                                         \
    static const char *const unknown_[] = {"",      "no-such-name", "LEFT",    \
                                           " left", "left ",        "Ok"};     \
    for (size_t k_ = 0; k_ < sizeof unknown_ / sizeof unknown_[0]; k_++) {     \
      type got_ = (type)77;                                                    \
      CHECK(type##_from_name(unknown_[k_], &got_) == SHELF_INVALID &&          \
            got_ == (type)77);                                                 \
    }                                                                          \
    CHECK(type##_name((type)77) == NULL);                                      \
  } while (0)

static void engine(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_engine, SHELF_##NAME, value, name);
  SHELF_ENGINE_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_engine);
}

static void end(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_end, SHELF_##NAME, value, name);
  SHELF_END_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_end);
}

static void line_kind(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_line_kind, SHELF_##NAME, value, name);
  SHELF_LINE_KIND_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_line_kind);
}

static void buyer(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_buyer, SHELF_##NAME, value, name);
  SHELF_BUYER_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_buyer);
}

static void step_kind(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_step_kind, SHELF_##NAME, value, name);
  SHELF_STEP_KIND_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_step_kind);
}

static void subject(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_subject, SHELF_##NAME, value, name);
  SHELF_SUBJECT_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_subject);
}

static void sentence(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_sentence, SHELF_##NAME, value, name);
  SHELF_SENTENCE_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_sentence);
}

static void player(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_player, SHELF_##NAME, value, name);
  SHELF_PLAYER_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_player);
}

static void game_sentence(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_game_sentence, SHELF_##NAME, value, name);
  SHELF_GAME_SENTENCE_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_game_sentence);
}

static void note_kind(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_note_kind, SHELF_##NAME, value, name);
  SHELF_NOTE_KIND_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_note_kind);
}

static void parse_after(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_parse_after, SHELF_##NAME, value, name);
  SHELF_PARSE_AFTER_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_parse_after);
}

static void mistake(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_mistake, SHELF_##NAME, value, name);
  SHELF_MISTAKE_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_mistake);
}

static void answer(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_answer, SHELF_##NAME, value, name);
  SHELF_ANSWER_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_answer);
}

static void try(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_try, SHELF_##NAME, value, name);
  SHELF_TRY_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_try);
}

static void layout(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_layout, SHELF_##NAME, value, name);
  SHELF_LAYOUT_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_layout);
}

static void verdict(void) {
#define ONE_(NAME, value, name, words)                                         \
  ROUND_TRIP(shelf_verdict, SHELF_##NAME, value, name);
  SHELF_VERDICT_LIST(ONE_)
#undef ONE_
  UNKNOWN(shelf_verdict);
}

/* The status list is X(NAME, value, message): its name is the enumerator's
 * own, and a value outside it is "UNKNOWN". */
static void status(void) {
#define ONE_(NAME, value, message)                                             \
  ROUND_TRIP(shelf_status, SHELF_##NAME, value, #NAME);
  SHELF_STATUS_LIST(ONE_)
#undef ONE_
  shelf_status got = SHELF_RANGE;
  CHECK(shelf_status_from_name("nomem", &got) == SHELF_INVALID &&
        got == SHELF_RANGE);
  CHECK(strcmp(shelf_status_name((shelf_status)77), "UNKNOWN") == 0);
}

static const test tests[] = {
    {"status", status},
    {"engine", engine},
    {"end", end},
    {"line_kind", line_kind},
    {"buyer", buyer},
    {"step_kind", step_kind},
    {"subject", subject},
    {"sentence", sentence},
    {"player", player},
    {"game_sentence", game_sentence},
    {"note_kind", note_kind},
    {"parse_after", parse_after},
    {"mistake", mistake},
    {"answer", answer},
    {"try", try},
    {"layout", layout},
    {"verdict", verdict},
};

TEST_MAIN(tests)
