/*
 * names.c - the names of the core's and the teaching facts' enums, both
 * ways, from their lists in the headers (names.h), so that no other file
 * spells a name. The judge's are in judge_names.c.
 */
#include "names.h"

NAMES_(shelf_engine, SHELF_ENGINE_LIST)
NAMES_(shelf_end, SHELF_END_LIST)
NAMES_(shelf_line_kind, SHELF_LINE_KIND_LIST)
NAMES_(shelf_buyer, SHELF_BUYER_LIST)
NAMES_(shelf_step_kind, SHELF_STEP_KIND_LIST)
NAMES_(shelf_subject, SHELF_SUBJECT_LIST)
NAMES_(shelf_sentence, SHELF_SENTENCE_LIST)
NAMES_(shelf_player, SHELF_PLAYER_LIST)
NAMES_(shelf_game_sentence, SHELF_GAME_SENTENCE_LIST)
NAMES_(shelf_note_kind, SHELF_NOTE_KIND_LIST)
NAMES_(shelf_parse_after, SHELF_PARSE_AFTER_LIST)

/* The status list's entries are X(NAME, value, message): its name is the
 * enumerator's own. */
#define STATUS_FROM_NAME_(NAME, value, message)                                \
  if (strcmp(text, #NAME) == 0) {                                              \
    *out = SHELF_##NAME;                                                       \
    return SHELF_OK;                                                           \
  }

shelf_status shelf_status_from_name(const char *text, shelf_status *out) {
  if (text == NULL || out == NULL)
    return SHELF_INVALID;
  SHELF_STATUS_LIST(STATUS_FROM_NAME_)
  return SHELF_INVALID;
}
