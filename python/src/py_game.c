/*
 * py_game.c - the C half of shelf.Game (shelf._shelf._Game): one shelf, its
 * perfect game, and libshelf's game object (shelf_game), whose rules,
 * review and sentences are the terminal's and the page's. It shows itself
 * as a short line in the REPL and as its picture, the trap marked, in
 * Jupyter (_repr_svg_). shelf/_game.py names its methods for Python users.
 * Also the Review type, one row of a game's review.
 *
 * The Game keeps its own copy of the weights (the caller's list or buffer
 * may change afterwards), which the library's game reads, and its Result,
 * computed once.
 *
 * take() releases the GIL for its O(n) search (shelf_game_take), as long
 * work does everywhere in the package; the game is marked busy for that
 * time, and a call on it from another thread meanwhile raises RuntimeError
 * instead of racing (as shelf.Solver does).
 */
#include "shelfmodule.h"
#include <shelf_teach.h>

typedef struct game_object {
  PyObject_HEAD int64_t *weights; /* PyMem_RawMalloc'd: read without the GIL */
  size_t n;
  shelf_result result;
  shelf_game *play; /* libshelf's game on the weights */
  int busy;         /* take() is running with the GIL released */
} game_object;

/* 0, or -1 with RuntimeError while take() runs on another thread. */
static int check_idle(game_object *self) {
  return shelf_py_idle(self->busy, "Game");
}

static shelf_py_state *game_state(game_object *self) {
  return shelf_py_state_of_type(Py_TYPE(self));
}

static PyObject *game_new(PyTypeObject *type, PyObject *args,
                          PyObject *kwargs) {
  static char *kwlist[] = {"wheels", "_first", "_second", NULL};
  PyObject *obj;
  int first = SHELF_PLAYER_PERSON, second = SHELF_PLAYER_PERFECT;
  game_object *self = NULL;
  shelf_py_weights w = {0};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$ii:Game", kwlist, &obj,
                                   &first, &second))
    return NULL;
  if (shelf_py_weights_get(obj, "wheels", &w) < 0)
    goto done;
  if ((self = (game_object *)type->tp_alloc(type, 0)) == NULL)
    goto done;
  self->weights = PyMem_RawMalloc(w.n > 0 ? w.n * sizeof *w.weights : 1);
  if (self->weights == NULL) {
    Py_CLEAR(self);
    PyErr_NoMemory();
    goto done;
  }
  if (w.n > 0)
    memcpy(self->weights, w.weights, w.n * sizeof *w.weights);
  self->n = w.n;
  shelf_status status =
      shelf_py_solve_weights(self->weights, self->n, &self->result);
  if (status == SHELF_OK)
    status = shelf_game_new(self->weights, self->n, (shelf_player)first,
                            (shelf_player)second, &self->play);
  if (status != SHELF_OK) {
    Py_CLEAR(self);
    shelf_py_raise(shelf_py_state_of_type(type), status, NULL);
  }
done:
  shelf_py_weights_release(&w);
  return (PyObject *)self;
}

static void game_dealloc(game_object *self) {
  PyTypeObject *type = Py_TYPE(self);
  shelf_game_free(self->play);
  PyMem_RawFree(self->weights);
  type->tp_free(self);
  Py_DECREF(type); /* instances of a heap type hold a reference to it */
}

/* ==== What a game shows ==== */

/* <shelf.Game of 4 wheels [3, 9, 1, 2]: turn 1 of 4> while the game is
 * played, <shelf.Game of 4 wheels [3, 9, 1, 2]: over, margin -5; perfect
 * play 7> once it is over, with at most six weights shown (the first four,
 * "...", the last). The margins wait for the end, as on the page: shown
 * from the first move, perfect play's margin gives away how well the
 * person can do. */
static PyObject *game_repr(game_object *self) {
  if (check_idle(self) < 0)
    return NULL;
  shelf_position at;
  shelf_game_at(self->play, &at);
  int over = at.first == at.last;
  PyObject *margin = shelf_py_int(self->result.margin);
  PyObject *played = shelf_py_int(at.totals[SHELF_FIRST] -
                                  at.totals[SHELF_SECOND]);
  PyObject *parts = PyList_New(0), *joined = NULL, *out = NULL;
  if (margin == NULL || played == NULL || parts == NULL)
    goto done;
  for (size_t i = 0; i < self->n; i++) {
    if (self->n > 6 && i == 4) {
      if (shelf_py_append(parts, PyUnicode_FromString("...")) < 0)
        goto done;
      i = self->n - 1;
    }
    if (shelf_py_append(parts, PyUnicode_FromFormat(
                                   "%lld", (long long)self->weights[i])) < 0)
      goto done;
  }
  if ((joined = shelf_py_join(parts)) == NULL)
    goto done;
  if (over)
    out = PyUnicode_FromFormat(
        "<shelf.Game of %zu wheel%s [%U]: over, margin %S; perfect play %S>",
        self->n, self->n == 1 ? "" : "s", joined, played, margin);
  else
    out = PyUnicode_FromFormat("<shelf.Game of %zu wheel%s [%U]: turn %llu "
                               "of %zu>",
                               self->n, self->n == 1 ? "" : "s", joined,
                               (unsigned long long)at.turn + 1, self->n);
done:
  Py_XDECREF(margin);
  Py_XDECREF(played);
  Py_XDECREF(parts);
  Py_XDECREF(joined);
  return out;
}

/* The picture a notebook shows: the trap marked, with its sentences. */
static PyObject *game_repr_svg(game_object *self, PyObject *unused) {
  (void)unused;
  return shelf_py_svg_of(game_state(self), self->weights, self->n, 1, 0);
}

static PyObject *game_svg(game_object *self, PyObject *args, PyObject *kwargs) {
  static char *kwlist[] = {"explain", "width", NULL};
  int explain = 1;
  Py_ssize_t width = 0;
  unsigned px;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$pn:svg", kwlist, &explain,
                                   &width) ||
      shelf_py_svg_width(width, &px) < 0)
    return NULL;
  return shelf_py_svg_of(game_state(self), self->weights, self->n, explain, px);
}

static PyObject *game_line(game_object *self, PyObject *unused) {
  (void)unused;
  return shelf_py_line_of(game_state(self), self->weights, self->n);
}

static PyObject *game_explain(game_object *self, PyObject *args,
                              PyObject *kwargs) {
  static char *kwlist[] = {"limit", NULL};
  Py_ssize_t limit = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$n:explain", kwlist, &limit))
    return NULL;
  if (limit < 0)
    return PyErr_Format(PyExc_ValueError,
                        "explain: limit must be 0 (the default) or more");
  return shelf_py_explain_of(game_state(self), self->weights, self->n,
                             (size_t)limit);
}

/* ==== Playing: libshelf's game ==== */

/* _take(end): the person to move takes 'left' or 'right'; the game plays
 * on. ValueError for another end or a game over. */
static PyObject *game_take(game_object *self, PyObject *end) {
  shelf_py_state *st = game_state(self);
  int left = PyObject_RichCompareBool(end, st->words[2], Py_EQ);
  int right = left == 1 ? 0 : PyObject_RichCompareBool(end, st->words[3], Py_EQ);
  if (left < 0 || right < 0)
    return NULL;
  if (!left && !right)
    return PyErr_Format(PyExc_ValueError, "take: end must be %R or %R, not %R",
                        st->words[2], st->words[3], end);
  /* After the comparisons: an `end` with an __eq__ of its own runs Python,
   * which may have started a take() on another thread. */
  if (check_idle(self) < 0)
    return NULL;
  shelf_position at;
  shelf_game_at(self->play, &at);
  if (at.first >= at.last)
    return PyErr_Format(PyExc_ValueError,
                        "take: the game is over (undo() takes a move back)");
  /* The search reads self->weights, which live as long as self: the
   * caller's reference to self outlasts this call, and one more is held
   * here all the same, for the time the GIL is released. */
  shelf_end side = left ? SHELF_LEFT : SHELF_RIGHT;
  shelf_status status;
  Py_INCREF(self);
  self->busy = 1;
  Py_BEGIN_ALLOW_THREADS status = shelf_game_take(self->play, side);
  Py_END_ALLOW_THREADS self->busy = 0;
  Py_DECREF(self);
  if (status != SHELF_OK)
    return shelf_py_raise(st, status, NULL);
  Py_RETURN_NONE;
}

/* _undo(): the number of moves taken back (0: none). */
static PyObject *game_undo(game_object *self, PyObject *unused) {
  (void)unused;
  if (check_idle(self) < 0)
    return NULL;
  size_t back = 0;
  shelf_game_undo(self->play, &back);
  return PyLong_FromSize_t(back);
}

static PyObject *game_again(game_object *self, PyObject *unused) {
  (void)unused;
  if (check_idle(self) < 0)
    return NULL;
  shelf_status status = shelf_game_again(self->play);
  if (status != SHELF_OK)
    return shelf_py_raise(game_state(self), status, NULL);
  Py_RETURN_NONE;
}

/* _at(): (first, last, turn, first buyer's total, second's); last is the
 * block's last wheel + 1. */
static PyObject *game_at(game_object *self, PyObject *unused) {
  (void)unused;
  if (check_idle(self) < 0)
    return NULL;
  shelf_position at;
  shelf_game_at(self->play, &at);
  return Py_BuildValue("(KKKNN)", (unsigned long long)at.first,
                       (unsigned long long)at.last,
                       (unsigned long long)at.turn, shelf_py_int(at.totals[0]),
                       shelf_py_int(at.totals[1]));
}

/* A list of `count` rows, row(self, st, k) the k-th (NULL on failure). */
static PyObject *rows_of(game_object *self, size_t count,
                         PyObject *(*row)(game_object *, shelf_py_state *,
                                          size_t)) {
  shelf_py_state *st = game_state(self);
  PyObject *out = PyList_New((Py_ssize_t)count);
  for (size_t k = 0; out != NULL && k < count; k++) {
    PyObject *one = row(self, st, k);
    if (one == NULL) {
      Py_CLEAR(out);
      break;
    }
    PyList_SET_ITEM(out, (Py_ssize_t)k, one);
  }
  return out;
}

static PyObject *move_row(game_object *self, shelf_py_state *st, size_t k) {
  shelf_game_move m;
  shelf_game_move_at(self->play, k, &m);
  PyObject *items[5] = {PyLong_FromUnsignedLongLong(m.move.turn),
                        shelf_py_buyer(st, m.move.turn),
                        shelf_py_end(st, m.move.end),
                        PyLong_FromUnsignedLongLong(m.move.wheel),
                        PyLong_FromLongLong(m.move.weight)};
  PyObject *move = shelf_py_struct(st->move_type, items, 5);
  if (move == NULL)
    return NULL;
  return Py_BuildValue("(NiNNN)", move, (int)m.player,
                       PyBool_FromLong(m.forced), shelf_py_int(m.best),
                       shelf_py_int(m.kept));
}

/* _moves(): every move made, as (Move, player, forced, best, kept). */
static PyObject *game_moves(game_object *self, PyObject *unused) {
  (void)unused;
  if (check_idle(self) < 0)
    return NULL;
  return rows_of(self, shelf_game_move_count(self->play), move_row);
}

/* _hint(): what each end of the block keeps (shelf_game_hint), as a
 * BestMove; None once the game is over. The GIL stays held (a hint is one
 * search, as a take's first): a hint read beside a take would race, and
 * check_idle() turns that into RuntimeError only while the GIL is held. */
static PyObject *game_hint(game_object *self, PyObject *unused) {
  (void)unused;
  if (check_idle(self) < 0)
    return NULL;
  shelf_choice c;
  shelf_status status = shelf_game_hint(self->play, &c);
  if (status == SHELF_INVALID)
    Py_RETURN_NONE;
  if (status != SHELF_OK)
    return shelf_py_raise(game_state(self), status, NULL);
  return shelf_py_best_move_from(game_state(self), &c);
}

static PyObject *review_row(game_object *self, shelf_py_state *st, size_t k) {
  shelf_review_row r;
  shelf_game_review(self->play, k, &r);
  PyObject *items[6] = {PyLong_FromUnsignedLongLong(r.turn),
                        PyUnicode_FromString(r.forced ? SHELF_REVIEW_LAST
                                                      : shelf_end_name(r.end)),
                        PyLong_FromLongLong(r.weight), shelf_py_int(r.kept),
                        shelf_py_int(r.best), shelf_py_int(r.cost)};
  return shelf_py_struct(st->review_type, items, 6);
}

/* _review(): the library's review rows, as Review. */
static PyObject *game_review(game_object *self, PyObject *unused) {
  (void)unused;
  if (check_idle(self) < 0)
    return NULL;
  return rows_of(self, shelf_game_review_count(self->play), review_row);
}

/* _say(which, k): one of the game's sentences (shelf_game_sentence), or
 * None where it does not apply now. */
static PyObject *game_say(game_object *self, PyObject *args) {
  int which;
  Py_ssize_t k = 0;
  if (!PyArg_ParseTuple(args, "i|n:_say", &which, &k) || k < 0)
    return k < 0 ? PyErr_Format(PyExc_ValueError, "_say: k must be >= 0")
                 : NULL;
  if (check_idle(self) < 0)
    return NULL;
  char said[SHELF_GAME_SENTENCE_BUFSIZE];
  shelf_status status = shelf_game_say(self->play, (shelf_game_sentence)which,
                                       (size_t)k, said, sizeof said, NULL);
  if (status == SHELF_INVALID)
    Py_RETURN_NONE;
  if (status != SHELF_OK)
    return shelf_py_raise(game_state(self), status, NULL);
  return PyUnicode_FromString(said);
}

static PyObject *game_get_wheels(game_object *self, void *unused) {
  (void)unused;
  return shelf_py_list(self->weights, self->n);
}

static PyObject *game_get_result(game_object *self, void *unused) {
  (void)unused;
  return shelf_py_result_from(game_state(self), &self->result);
}

static PyObject *game_get_margin(game_object *self, void *unused) {
  (void)unused;
  return shelf_py_int(self->result.margin);
}

static Py_ssize_t game_len(game_object *self) { return (Py_ssize_t)self->n; }

static PyMethodDef game_methods[] = {
    {"line", (PyCFunction)game_line, METH_NOARGS,
     "line($self, /)\n--\n\nThe line of perfect play, as shelf.line()."},
    {"explain", (PyCFunction)(void (*)(void))game_explain,
     METH_VARARGS | METH_KEYWORDS,
     "explain($self, /, *, limit=0)\n--\n\n"
     "Why greedy play loses, as shelf.explain()."},
    {"svg", (PyCFunction)(void (*)(void))game_svg, METH_VARARGS | METH_KEYWORDS,
     "svg($self, /, *, explain=True, width=0)\n--\n\n"
     "The picture of the game, as shelf.svg(), the trap marked unless\n"
     "explain=False."},
    {"_take", (PyCFunction)game_take, METH_O,
     "_take($self, end, /)\n--\n\nThe person to move takes `end`."},
    {"_undo", (PyCFunction)game_undo, METH_NOARGS,
     "_undo($self, /)\n--\n\nBack to the last choice; moves taken back."},
    {"_again", (PyCFunction)game_again, METH_NOARGS,
     "_again($self, /)\n--\n\nThe same shelf again."},
    {"_at", (PyCFunction)game_at, METH_NOARGS,
     "_at($self, /)\n--\n\n(first, last + 1, turn, first total, second)."},
    {"_moves", (PyCFunction)game_moves, METH_NOARGS,
     "_moves($self, /)\n--\n\n(Move, player, forced, best, kept) a move."},
    {"_hint", (PyCFunction)game_hint, METH_NOARGS,
     "_hint($self, /)\n--\n\nThe hint, a BestMove; None once over."},
    {"_review", (PyCFunction)game_review, METH_NOARGS,
     "_review($self, /)\n--\n\nThe library's review rows."},
    {"_say", (PyCFunction)game_say, METH_VARARGS,
     "_say($self, which, k=0, /)\n--\n\nOne of the game's sentences."},
    {"_repr_svg_", (PyCFunction)game_repr_svg, METH_NOARGS,
     "_repr_svg_($self, /)\n--\n\n"
     "The picture, for Jupyter and IPython."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef game_getset[] = {
    {"wheels", (getter)game_get_wheels, NULL,
     "the weights, left to right (a new list)", NULL},
    {"result", (getter)game_get_result, NULL,
     "Result(n, margin, first, second) of perfect play", NULL},
    {"margin", (getter)game_get_margin, NULL,
     "the first buyer's kilos minus the second's", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyType_Slot game_slots[] = {
    {Py_tp_doc, "The C half of shelf.Game: the shelf, copied, and its "
                "perfect game."},
    {Py_tp_new, SHELF_PY_SLOT(game_new)},
    {Py_tp_dealloc, SHELF_PY_SLOT(game_dealloc)},
    {Py_tp_methods, game_methods},
    {Py_tp_getset, game_getset},
    {Py_tp_repr, SHELF_PY_SLOT(game_repr)},
    {Py_sq_length, SHELF_PY_SLOT(game_len)},
    {0, NULL}};

/* A base type: shelf.Game, in Python, extends it. */
static PyType_Spec game_spec = {"shelf._shelf._Game", sizeof(game_object), 0,
                                Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
                                game_slots};

static PyStructSequence_Field review_fields[] = {
    {"turn", "the turn of your move, from 1"},
    {"end", "'left' or 'right', or 'last' for the last wheel, which was "
            "taken for you"},
    {"weight", "the wheel's weight"},
    {"lead_kept", "the lead your move kept: what you finish ahead by from "
                  "that turn on, both playing perfectly"},
    {"best_lead", "the best lead the block offered"},
    {"cost", "best_lead - lead_kept: what the move gave away"},
    {NULL, NULL}};

static PyStructSequence_Desc review_desc = {
    "shelf.Review",
    "One of your moves against perfect play, a row of the command's review.",
    review_fields, 6};

int shelf_py_game_init(PyObject *module, shelf_py_state *st) {
  st->game_type =
      (PyTypeObject *)PyType_FromModuleAndSpec(module, &game_spec, NULL);
  if (st->game_type == NULL || PyModule_AddType(module, st->game_type) < 0)
    return -1;
  st->review_type = shelf_py_add_struct(module, &review_desc);
  return st->review_type != NULL ? 0 : -1;
}
