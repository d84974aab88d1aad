/*
 * judge_names.c - the names of the judge's enums (shelf_judge.h), both
 * ways, from their lists in the header (names.h): the words a judgement is
 * written in, for the command, its JSON, Python and the page.
 */
#include "names.h"

NAMES_(shelf_mistake, SHELF_MISTAKE_LIST)
NAMES_(shelf_answer, SHELF_ANSWER_LIST)
NAMES_(shelf_try, SHELF_TRY_LIST)
NAMES_(shelf_layout, SHELF_LAYOUT_LIST)
NAMES_(shelf_verdict, SHELF_VERDICT_LIST)
