// base.js - the page's limits, its small helpers and the state every view
// shares. The page reads the state from the URL fragment, asks the bridge
// (libshelf in wasm) for every number, word, limit and colour, and draws
// the views. Its code is the files of web/page/, one job each, which
// build.sh joins in a fixed order (base.js first, events.js last) inside
// one function, so that they share their functions and constants without a
// bundler; the joined app.js is inlined into the page like the other
// scripts. What changes as the page runs is in one object, `page`, below.
//
// The state is the fragment: the shelf (w=3,9,1,2, or
// random=N&seed=S&range=LO..HI), the mode (line: perfect play; play: a
// game; table: the lead table step by step; build: the exercise; greedy:
// greedy beside perfect; reduce: the linear engine's reduction), the step
// shown, Play's speed, the line traced on request (trace=1), and in a game
// who you are (as), your opponent (vs) and the moves so far (moves=RL...).
// The exercise's answers are the learner's and stay out of it. It is read
// on load and on hashchange and written with history.replaceState, so a
// link opens the same view. Each view is a pure function of (shelf, state):
// the skeleton (controls) is drawn when the shelf or the mode changes, and
// the parts that depend on the step are redrawn on every step, so a control
// being used keeps its focus. Totals are never added up here: games and
// lines are replayed by the library (shelf_game_take).

const { createShelf, ShelfError } = window.ShelfBridge;

// The library's limits (shelf.h, through the bridge) are set in start():
// wheels drawn one by one up to SHELF_SVG_WHEELS_MAX, as the picture
// draws them; the lead table up to SHELF_SVG_LEAD_MAX, as the picture's;
// greedy against perfect up to SHELF_GREEDY_LINE_MAX. The page's own
// choices:
let WHEELS_MAX = 0;
let TABLE_MAX = 0;
let GREEDY_MAX = 0;
const PLAY_MAX = 1000; // a game's review asks for the best move each turn
const EXERCISE_MAX = 8; // the exercise's table: 36 cells to type
const WINDOW = 6; // a long shelf shows this many wheels at each end
const FRAGMENT_W_MAX = 5000; // a typed shelf longer than this is not put in the URL
const SPEEDS = { slow: 1500, normal: 700, fast: 150, fastest: 20 }; // Play's step, ms
const TYPE_SOLVE_MAX = 100000; // characters solved as they are typed
// Scheduling only, not a limit: above this many wheels greedy against
// perfect play (O(n^2), seconds near SHELF_EXPLAIN_MAX) is worked out
// after the page has drawn the shelf and its answer.
const EXPLAIN_LATER_ABOVE = 2000;

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const buyerOf = (turn) => shelf.turnBuyer(turn); // the library's rule
const plural = (k, word) => `${k} ${word}${k === 1 || k === 1n ? '' : 's'}`;
const kilos = (v) => `${v} ${shelf.kilosWord(v)}`;
const abs = (v) => (v < 0n ? -v : v);
// A wheel's number as the page says it: from 1 in the views for players
// (as the command and its pictures count), from 0 in the lessons, as their
// code counts (lead[0][n - 1]); the lessons say so once (learn.js).
const place = (k) => (page.state.mode === 'learn' ? k : k + 1);
// A number with its digits grouped by threes for the eye (thin gaps
// drawn by CSS), while its text stays the plain decimal integer.
const num = (v) => {
  const t = String(v);
  const sign = t[0] === '-' ? '\u2212' : '';
  const d = sign ? t.slice(1) : t;
  if (d.length <= 4) return esc(t);
  const head = d.length % 3 || 3;
  let html = `${sign ? '-' : ''}<span class="g">${d.slice(0, head)}</span>`;
  for (let k = head; k < d.length; k += 3) html += `<span class="g gap">${d.slice(k, k + 3)}</span>`;
  return html;
};

// Text with its long numbers grouped as num() groups them, as HTML: one
// digit grouping in the cards and in the sentences. A sentence's number
// keeps its plain digits in the text (the gaps are CSS).
const grouped = (text) => esc(text).replace(/-?\d{5,}/g, (d) => num(d));
const say = (el, text) => { el.innerHTML = grouped(text); };

let shelf = null; // the bridge: set once, by start() (events.js), when the module is ready

// Everything the page changes as it runs, and every file of web/page/
// reads, in one object: each use says page.<name>, so that what is shared
// shows where it is used. Nothing else at the top of a file changes after
// start() (the bridge and the limits above are set there once).
const page = {
  state: null, // what the fragment says (fragment.js)
  model: null, // what libshelf says about state's shelf (model.js)
  modelKey: null, // the shelf the model is of
  drawn: null, // the key of the skeleton on screen (render.js)
  timer: null, // the play button's interval (events.js)
  hint: null, // the moves of the game position whose hint is shown (play.js)
  revealed: null, // the shelf and view where "Show the answer" was pressed
  exercise: null, // the exercise's answers so far, for one shelf (build.js)
  gridFocus: { i: 0, j: 0 }, // the lead table's one Tab stop (table.js)
};
