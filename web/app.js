// app.js - the page: reads the state from the URL fragment, asks the bridge
// (libshelf in wasm) for every number, word, limit and colour, and draws
// the views.
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
(function () {
  'use strict';

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
  const buyerOf = (turn) => shelf.buyers[(turn + 1) % 2]; // turn 1: the first
  const plural = (k, word) => `${k} ${word}${k === 1 || k === 1n ? '' : 's'}`;
  const kilos = (v) => `${v} ${shelf.kilosWord(v)}`;
  const abs = (v) => (v < 0n ? -v : v);
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

  let shelf = null; // the bridge, once the module is ready
  let state = null; // what the fragment says
  let model = null; // what libshelf says about state's shelf
  let modelKey = null;
  let drawn = null; // the key of the skeleton on screen
  let timer = null; // the play button's interval
  let hint = null; // the hint shown for the current game position

  // MARK: - The fragment

  const MODES = ['line', 'play', 'table', 'build', 'greedy', 'reduce'];

  function readFragment() {
    const p = new URLSearchParams(location.hash.replace(/^#/, ''));
    const s = {
      source: { kind: 'text', text: '3, 9, 1, 2' },
      mode: MODES.includes(p.get('mode')) ? p.get('mode') : 'line',
      // An integer however many digits: a step past the end is the end
      // (each view clamps to its own), never Infinity or a fraction.
      step: /^\d+$/.test(p.get('step') || '') ? Math.min(Number(p.get('step')), Number.MAX_SAFE_INTEGER) : null,
      as: p.get('as') === 'second' ? 'second' : 'first',
      vs: p.get('vs') === 'greedy' ? 'greedy' : 'perfect',
      moves: (p.get('moves') || '').toUpperCase().replace(/[^LR]/g, ''),
      speed: Object.hasOwn(SPEEDS, p.get('speed')) ? p.get('speed') : 'normal',
      trace: p.get('trace') === '1',
    };
    if (p.has('random')) {
      s.source = { kind: 'random', n: p.get('random'), seed: p.get('seed') || '0', range: p.get('range') || '1..10000' };
    } else if (p.has('w')) {
      s.source = { kind: 'text', text: p.get('w') };
    }
    return s;
  }

  function writeFragment() {
    const parts = [];
    const put = (k, v) => parts.push(`${k}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`);
    const src = state.source;
    if (src.kind === 'random') {
      put('random', src.n);
      put('seed', src.seed);
      put('range', src.range);
    } else if (model && model.n <= FRAGMENT_W_MAX) {
      put('w', model.weights.join(','));
    } else if (!model && src.text.length <= 8 * FRAGMENT_W_MAX) {
      put('w', src.text); // a shelf with an error: the link shows the same error
    }
    addressNote(src.kind === 'text' && (model ? model.n > FRAGMENT_W_MAX : src.text.length > 8 * FRAGMENT_W_MAX));
    if (state.mode !== 'line') put('mode', state.mode);
    const view = VIEWS[state.mode];
    if (state.step !== null) put('step', model && view.step ? view.step(model) : state.step);
    if (state.speed !== 'normal') put('speed', state.speed);
    if (state.trace && state.mode === 'table') put('trace', '1');
    if (state.mode === 'play') {
      put('as', state.as);
      put('vs', state.vs);
      if (state.moves) put('moves', state.moves);
    }
    history.replaceState(null, '', `#${parts.join('&')}`);
  }

  // The address keeps what is shown (README), except a typed shelf too long
  // for it: then the page says so below the box, rather than drop it
  // without a word.
  function addressNote(tooLong) {
    let note = $('address-note');
    if (!tooLong) {
      if (note) note.remove();
      return;
    }
    if (!note) {
      note = document.createElement('p');
      note.id = 'address-note';
      note.className = 'note';
      $('error').before(note);
    }
    note.textContent = `The page's address holds a typed shelf of at most ${FRAGMENT_W_MAX} wheels; ` +
      (model ? `this one has ${model.n}, ` : 'this text is longer, ') +
      'so a link to this page will not show it. Save the weights as text to keep them.';
  }

  // MARK: - The shelf and what libshelf says about it

  function parseRandom(src) {
    const n = /^\d+$/.test(src.n) ? Number(src.n) : NaN;
    if (!(n >= 1 && n <= 10000000)) throw new Error('random shelf: the number of wheels must be from 1 to 10000000');
    if (!/^\d+$/.test(src.seed) || BigInt(src.seed) >= 1n << 64n) {
      throw new Error('random shelf: the seed must be a whole number from 0 to 18446744073709551615');
    }
    const r = /^\s*([+-]?\d+)\s*\.\.\s*([+-]?\d+)\s*$/.exec(src.range);
    const lo = r ? BigInt(r[1]) : null;
    const hi = r ? BigInt(r[2]) : null;
    const fits = (v) => v >= -(1n << 63n) && v < 1n << 63n;
    if (!r || !fits(lo) || !fits(hi) || lo > hi) {
      throw new Error('random shelf: the range must be LO..HI with LO <= HI, both 64-bit integers');
    }
    return shelf.random(n, BigInt(src.seed), lo, hi);
  }

  function buildModel(src) {
    const parsed = src.kind === 'random' ? { weights: parseRandom(src), notes: [] } : shelf.parseWithNotes(src.text);
    const { weights, notes } = parsed;
    const n = weights.length;
    const line = shelf.line(weights);
    // shelf_explain gives perfect play's totals too: no second solve. Its
    // limit is the library's (0: SHELF_EXPLAIN_MAX); on a long shelf its
    // O(n) parts come first (limit 1) and the rest in explainLater().
    const later = n > EXPLAIN_LATER_ABOVE;
    const explain = shelf.explain(weights, later ? 1 : 0);
    const result = { margin: explain.margin, first: explain.first, second: explain.second };
    return { weights, n, result, line, explain, later, sum: explain.first + explain.second, notes, memo: new Map() };
  }

  // Memoised by name: a view stays a pure function while what it needs is
  // computed once per shelf.
  function memo(m, key, compute) {
    if (!m.memo.has(key)) m.memo.set(key, compute());
    return m.memo.get(key);
  }

  // A game after the first `count` of `ends`, as the library replays it
  // (shelf_game_take: the one place totals are added up), with its last
  // move: { i, j, first, second, last }.
  function replay(m, ends, count) {
    const g = shelf.game(m.weights, ends, count, count > 0 ? 1 : 0);
    const last = g.moves.length ? { ...g.moves[0], index: g.moves[0].wheel } : null;
    return { i: g.first, j: g.last, first: g.totals.first, second: g.totals.second, last };
  }

  // The line's state after `step` turns.
  function lineAt(m, step) {
    return replay(m, m.line, step);
  }

  // Who takes each wheel, and on which turn, along `ends` (every move
  // from the library's replay).
  function owners(m, ends, key) {
    return memo(m, `owners:${key}`, () => {
      const turn = new Int32Array(m.n);
      for (const mv of shelf.game(m.weights, ends, m.n, m.n).moves) turn[mv.wheel] = mv.turn;
      return turn;
    });
  }

  function lineOwners(m) {
    return owners(m, m.line, 'line');
  }

  // MARK: - Drawing wheels

  function discSize(m) {
    return memo(m, 'disc', () => {
      let max = 0n;
      for (const w of m.weights) if (abs(w) > max) max = abs(w);
      return (w) => {
        const f = max === 0n ? 0 : Math.sqrt(Number(abs(w)) / Number(max));
        // Many wheels get smaller discs, so that 30 fit a wide screen.
        return (m.n > 12 ? 0.7 + 0.9 * f : 1.1 + 3 * f).toFixed(2);
      };
    });
  }

  // One wheel. taken: { buyer, turn } or null; extra: more classes.
  function wheelHtml(m, index, taken, extra = '', tag = 'li', attrs = '') {
    const w = m.weights[index];
    const cls = ['wheel', w < 0n ? 'negative' : w === 0n ? 'zero' : '', taken ? `taken ${taken.buyer}` : '', extra]
      .filter(Boolean).join(' ');
    const who = taken ? `${taken.buyer === 'first' ? '1st' : '2nd'} #${taken.turn}` : '';
    const label = `wheel ${index + 1}, ${kilos(w)}` + (taken ? `, taken by the ${taken.buyer} buyer on turn ${taken.turn}` : '');
    const aria = tag === 'li' ? ` aria-label="${esc(label)}"` : '';
    return `<${tag} class="${cls}"${aria} ${attrs}><span class="disc" style="--d:${discSize(m)(w)}rem" aria-hidden="true"></span>` +
      `<span class="w" aria-hidden="true">${w}</span><span class="who" aria-hidden="true">${who}</span></${tag}>`;
  }

  // A row of wheels, never wrapped (it scrolls in its own frame), so that
  // its left end is always at the left. wheel(k) draws wheel k. Up to
  // WHEELS_MAX wheels every wheel is drawn; a longer shelf shows a window of
  // WINDOW wheels at each end of the block i..j that remains, with the
  // count of those between and of those taken at each side, as the
  // terminal game does.
  function shelfRow(m, i, j, wheel, label = 'The shelf') {
    // The frame scrolls, so it takes the focus: keys scroll it too.
    let html = `<div class="shelf-frame" tabindex="0" role="group" aria-label="${esc(label)}"><ol class="shelf${m.n > 12 ? ' many' : ''}">`;
    if (m.n <= WHEELS_MAX) {
      for (let k = 0; k < m.n; k++) html += wheel(k);
      return html + '</ol></div>';
    }
    const chip = (text) => `<li class="chip">${text}</li>`;
    const left = i;
    const right = m.n - 1 - j;
    const remaining = Math.max(j - i + 1, 0);
    if (left) html += chip(`${num(left)} taken &#x2190;`);
    if (remaining <= 2 * WINDOW) {
      for (let k = i; k <= j; k++) html += wheel(k);
    } else {
      for (let k = i; k < i + WINDOW; k++) html += wheel(k);
      html += chip(`&#x2026; ${num(remaining - 2 * WINDOW)} wheels between &#x2026;`);
      for (let k = j - WINDOW + 1; k <= j; k++) html += wheel(k);
    }
    if (right) html += chip(`&#x2192; ${num(right)} taken`);
    return html + `</ol></div><p class="note shelf-count">${plural(m.n, 'wheel')}: ${num(left)} taken from the left, ` +
      `${num(remaining)} remain` + (remaining ? ` (wheels ${num(i + 1)} to ${num(j + 1)})` : '') +
      `, ${num(right)} taken from the right. Up to ${WHEELS_MAX} wheels are drawn one by one.</p>`;
  }

  // MARK: - View: the line of perfect play

  function lineSkeleton(m) {
    return `<h2>Watch perfect play</h2>
      <p>Both buyers play perfectly. Step through the game: the shelf shrinks, each buyer's total grows, and the
      wheel just taken is outlined. Under each wheel: the buyer who took it (1st or 2nd) and the turn.</p>
      ${stepControls('Turn', m.n)}
      <p class="status" id="step-status" aria-live="polite"></p>
      <p class="running">So far: <span class="tag first">first buyer</span> <b id="step-first"></b> kilos,
        <span class="tag second">second buyer</span> <b id="step-second"></b> kilos, margin <b id="step-margin"></b>.</p>
      <p id="line-keeps" class="keeps"></p>
      <div id="line-shelf"></div>`;
  }

  // What each end keeps for the buyer to move on block i..j: the lead
  // after taking it, from the library's best move.
  function keepsText(m, i, j) {
    if (i > j) return '';
    const c = shelf.bestMove(m.weights, i, j);
    const best = c.left === c.right ? 'both ends keep the same lead' : `perfect play takes the ${c.best}`;
    return `Taking the left (${m.weights[i]}) keeps a lead of ${c.left}; taking the right (${m.weights[j]}) keeps ${c.right}; ${best}.`;
  }

  function stepControls(what, max) {
    return `<div class="row controls" role="group" aria-label="Steps">
      <button type="button" id="step-first-btn" aria-label="First step">&#x00AB; First</button>
      <button type="button" id="step-back" aria-label="Back one step">&#x2039; Back</button>
      <button type="button" id="step-play" aria-pressed="false">&#x25B6; Play</button>
      <button type="button" id="step-forward" aria-label="Forward one step">Forward &#x203A;</button>
      <button type="button" id="step-last" aria-label="Last step">Last &#x00BB;</button>
      <label class="inline" for="speed">Speed <select id="speed">${Object.keys(SPEEDS).map((k) =>
        `<option value="${k}"${k === state.speed ? ' selected' : ''}>${k}</option>`).join('')}</select></label>
      <label class="inline" for="step">${what} <span id="step-label"></span></label>
      <input type="range" id="step" min="0" max="${max}" step="1" value="0">
    </div>`;
  }

  function lineStep(m) {
    return state.step === null ? 0 : Math.min(state.step, m.n);
  }

  function lineUpdate(m) {
    const step = lineStep(m);
    const at = lineAt(m, step);
    setStepControls(step, m.n, `${step} of ${m.n}`);
    $('step-status').textContent = m.n === 0 ? 'The shelf is empty: nothing to take.'
      : at.last === null ? `The full shelf, before turn 1. The first buyer moves first.`
        : `Turn ${at.last.turn} of ${m.n}: the ${at.last.buyer} buyer takes the ${at.last.end} end ` +
        `(wheel ${at.last.index + 1}, ${kilos(at.last.weight)}).` + (step === m.n ? ' The shelf is empty: final totals.' : '');
    $('step-margin').innerHTML = num(at.first - at.second);
    $('step-first').innerHTML = num(at.first);
    $('step-second').innerHTML = num(at.second);
    $('line-keeps').textContent = step < m.n ? `Turn ${step + 1}, the ${buyerOf(step + 1)} buyer to move. ${keepsText(m, at.i, at.j)}` : '';
    const own = m.n <= WHEELS_MAX ? lineOwners(m) : null;
    $('line-shelf').innerHTML = shelfRow(m, at.i, at.j, (k) => {
      const t = own ? own[k] : 0;
      const taken = own && t <= step ? { buyer: buyerOf(t), turn: t } : null;
      return wheelHtml(m, k, taken, own && t === step ? 'just' : '');
    });
  }

  function setStepControls(step, max, label) {
    const slider = $('step');
    slider.max = String(max);
    slider.value = String(step);
    slider.setAttribute('aria-valuetext', label);
    $('step-label').textContent = label;
    $('step-first-btn').disabled = $('step-back').disabled = step === 0;
    $('step-last').disabled = $('step-forward').disabled = step === max;
    const playing = timer !== null;
    $('step-play').setAttribute('aria-pressed', String(playing));
    $('step-play').innerHTML = playing ? '&#x2016; Pause' : '&#x25B6; Play';
    $('step-play').disabled = !playing && step === max;
  }

  // MARK: - View: the lead table, filled step by step

  function tableSkeleton(m) {
    const intro = `<h2>The lead table</h2>
      <p>The interval DP: the <em>lead</em> of a block of wheels is the most the buyer to move can finish ahead by
      on it. Taking the left wheel keeps its weight minus the other buyer's lead on the rest; taking the right keeps
      the right wheel minus the rest's lead. The table fills span by span (one-wheel blocks, then two-wheel blocks, ...),
      each cell from two cells filled before it. Row: the block's first wheel; column: its last. Step forward: the
      block is outlined on the shelf and its two source cells in the table. Click a cell, or move to it with the arrow
      keys and press Enter, to see how it was worked out.</p>`;
    if (m.n > TABLE_MAX) {
      return intro + `<div class="summary" id="table-summary"><p>This shelf has ${plural(m.n, 'wheel')}, so its table has
        ${num((BigInt(m.n) * BigInt(m.n + 1)) / 2n)} blocks: too many to read (the table is shown up to ${TABLE_MAX} wheels,
        as the picture of <code>shelf --svg</code> draws it). Its last cell, the whole shelf, holds the margin,
        ${num(m.result.margin)}. libshelf's linear engine finds it without the table.</p></div>`;
    }
    return intro + stepControls('Blocks filled', tableCells(m).length) +
      `<div class="row"><button type="button" id="trace" aria-pressed="${state.trace}">Trace the line of perfect play</button></div>
      <p class="status" id="step-status" aria-live="polite"></p>
      <div id="table-shelf"></div>
      <div class="table-wrap" id="table-wrap"></div>
      ${scaleHtml(m)}
      <p id="cell-detail" class="detail" aria-live="polite"></p>`;
  }

  function tableCells(m) {
    return memo(m, 'table', () => shelf.leadTable(m.weights));
  }

  // The cells by block: cell(m, a, b) is the filled { left, right, lead }.
  function cellAt(m, a, b) {
    const byBlock = memo(m, 'table-by-block', () => {
      const map = new Map();
      tableCells(m).forEach((c, k) => map.set(c.first * m.n + c.last, { ...c, k }));
      return map;
    });
    return byBlock.get(a * m.n + b);
  }

  function tableStep(m) {
    const count = tableCells(m).length;
    return state.step === null ? 0 : Math.min(state.step, count);
  }

  const wheelsOf = (a, b) => (a === b ? `wheel ${a + 1}` : `wheels ${a + 1} to ${b + 1}`);

  // How the lead of block a..b is worked out, in a sentence.
  function derivation(m, a, b) {
    const c = cellAt(m, a, b);
    const w = m.weights;
    if (a === b) return `Block ${wheelsOf(a, b)}: one wheel, so its lead is its weight, ${c.lead}.`;
    const rest = (x, y) => cellAt(m, x, y).lead;
    return `Block ${wheelsOf(a, b)}: taking the left (${w[a]}) keeps ${w[a]} - (${rest(a + 1, b)}) = ${c.left}, ` +
      `reading the cell of ${wheelsOf(a + 1, b)}; taking the right (${w[b]}) keeps ${w[b]} - (${rest(a, b - 1)}) = ${c.right}, ` +
      `reading the cell of ${wheelsOf(a, b - 1)}. Lead ${c.lead}` +
      (c.left === c.right ? ': both ends keep it.' : `: take the ${c.left > c.right ? 'left' : 'right'}.`);
  }

  // The colour of a lead, shared with the picture: the palette's "ahead"
  // for a lead the buyer to move is ahead by, "behind" for one behind,
  // stronger the larger it is.
  function leadColour(m, v) {
    const max = memo(m, 'lead-max', () => tableCells(m).reduce((x, c) => (abs(c.lead) > x ? abs(c.lead) : x), 0n));
    if (v === 0n || max === 0n) return '';
    const pct = Math.round(10 + (45 * Number((abs(v) * 1000n) / max)) / 1000);
    return ` style="background:color-mix(in srgb, var(--${v > 0n ? 'ahead' : 'behind'}) ${pct}%, #fff)"`;
  }

  function scaleHtml(m) {
    const max = tableCells(m).reduce((x, c) => (abs(c.lead) > x ? abs(c.lead) : x), 0n);
    return `<div class="scale" aria-hidden="true"><span>${num(-max)} behind</span><span class="ramp"></span><span>${num(max)} ahead</span></div>
      <p class="note">Colour: the lead for the buyer to move, from the most behind (purple) to the most ahead (green), as in the
      picture of <code>shelf --svg</code>.</p>`;
  }

  let gridFocus = { i: 0, j: 0 }; // the lead table's one Tab stop

  function tableUpdate(m) {
    if (m.n > TABLE_MAX) return;
    const cells = tableCells(m);
    const step = tableStep(m);
    setStepControls(step, cells.length, `${step} of ${cells.length}`);
    const now = step > 0 ? cells[step - 1] : null;
    const complete = step === cells.length;
    const traced = complete || state.trace;
    $('trace').setAttribute('aria-pressed', String(traced));
    $('trace').disabled = complete;
    const onLine = memo(m, 'line-blocks', () => {
      const set = new Set();
      let i = 0;
      let j = m.n - 1;
      for (let t = 0; t < m.n; t++) {
        set.add(i * m.n + j);
        if (m.line[t] === 0) i++; else j--;
      }
      return set;
    });
    const sources = new Set();
    if (now && now.first < now.last) {
      sources.add((now.first + 1) * m.n + now.last);
      sources.add(now.first * m.n + now.last - 1);
    }
    $('table-shelf').innerHTML = shelfRow(m, 0, m.n - 1, (k) =>
      wheelHtml(m, k, null, now && k >= now.first && k <= now.last ? 'in-block' : ''), 'The shelf, with the block being filled outlined');
    const inGrid = document.activeElement && document.activeElement.closest && document.activeElement.closest('#lead-grid');
    let html = `<table class="lead${m.n > 12 ? ' compact' : ''}" id="lead-grid" role="grid" aria-label="Lead of each block: row is the first wheel, column the last">
      <thead><tr><th scope="col">first \\ last</th>`;
    for (let j = 0; j < m.n; j++) html += `<th scope="col">${j + 1}<br><span class="wt">(${m.weights[j]})</span></th>`;
    html += '</tr></thead><tbody>';
    for (let i = 0; i < m.n; i++) {
      html += `<tr><th scope="row">${i + 1} <span class="wt">(${m.weights[i]})</span></th>`;
      for (let j = 0; j < m.n; j++) {
        const tab = gridFocus.i === i && gridFocus.j === j ? '0' : '-1';
        const at = `data-first="${i}" data-last="${j}" tabindex="${tab}" aria-readonly="true"`;
        const c = j >= i ? cellAt(m, i, j) : null;
        const filled = c && c.k < step;
        const src = sources.has(i * m.n + j) ? ' src' : '';
        if (!filled) {
          const label = j < i ? 'no block' : `${wheelsOf(i, j)}: not filled yet`;
          html += `<td class="${j < i ? 'none' : 'empty'}${src}" ${at} aria-label="${label}"></td>`;
          continue;
        }
        const line = traced && onLine.has(i * m.n + j);
        const cls = ['filled', c.k === step - 1 ? 'now' : '', line ? 'on-line' : '', src.trim()].filter(Boolean).join(' ');
        html += `<td class="${cls}" ${at} data-lead="${c.lead}" data-left="${c.left}" data-right="${c.right}"${leadColour(m, c.lead)}` +
          ` aria-label="${esc(`${wheelsOf(i, j)}: lead ${c.lead}` + (src ? '; read for the block being filled' : '') + (line ? '; on the line' : ''))}">` +
          `<span class="lead">${num(c.lead)}</span></td>`;
      }
      html += '</tr>';
    }
    $('table-wrap').innerHTML = html + '</tbody></table>';
    if (inGrid) focusCell(gridFocus.i, gridFocus.j);
    let status = 'Nothing filled yet. Step forward to fill the one-wheel blocks: each one\'s lead is its weight.';
    if (now) {
      status = derivation(m, now.first, now.last);
      if (complete) status += ` That is the whole shelf: its lead is the margin, ${m.result.margin}. The outlined cells (\u25CF) are the blocks the line of perfect play passes through.`;
    }
    $('step-status').textContent = status;
  }

  function focusCell(i, j) {
    const td = document.querySelector(`#lead-grid td[data-first="${i}"][data-last="${j}"]`);
    if (!td) return;
    for (const other of document.querySelectorAll('#lead-grid td[tabindex="0"]')) other.tabIndex = -1;
    td.tabIndex = 0;
    gridFocus = { i, j };
    td.focus();
  }

  function showCell(i, j) {
    const m = model;
    const c = j >= i ? cellAt(m, i, j) : null;
    const text = !c ? `Row ${i + 1}, column ${j + 1}: no block (a block's first wheel is not after its last).`
      : c.k < tableStep(m) ? derivation(m, i, j)
        : i === j ? `Block ${wheelsOf(i, j)}: not filled yet; it needs nothing but its weight.`
          : `Block ${wheelsOf(i, j)}: not filled yet; it reads the cells of ${wheelsOf(i + 1, j)} and ${wheelsOf(i, j - 1)}.`;
    $('cell-detail').textContent = text;
  }

  // The WAI-ARIA grid keys: arrows move without wrapping, Home and End
  // along the row, Ctrl+Home and Ctrl+End to the corners, Enter or F2 shows
  // the cell's derivation.
  function onGridKey(e) {
    const td = e.target.closest('td');
    if (!td) return false;
    const n = model.n;
    let i = Number(td.dataset.first);
    let j = Number(td.dataset.last);
    const keys = {
      ArrowLeft: () => { j = Math.max(0, j - 1); }, ArrowRight: () => { j = Math.min(n - 1, j + 1); },
      ArrowUp: () => { i = Math.max(0, i - 1); }, ArrowDown: () => { i = Math.min(n - 1, i + 1); },
      Home: () => { if (e.ctrlKey) i = 0; j = 0; }, End: () => { if (e.ctrlKey) i = n - 1; j = n - 1; },
    };
    if (keys[e.key]) {
      keys[e.key]();
      focusCell(i, j);
      return true;
    }
    if (e.key === 'Enter' || e.key === 'F2' || e.key === ' ') {
      showCell(i, j);
      return true;
    }
    return false;
  }

  // MARK: - View: build the table yourself

  // The exercise's progress on the shelf shown: per cell, 'right' (right
  // first time), 'fixed' (right after a wrong try), 'shown' (asked for);
  // and the cells tried wrong. Not in the fragment: it is the learner's.
  let exercise = null;

  function exerciseFor(m) {
    if (!exercise || exercise.key !== modelKey) exercise = { key: modelKey, done: new Map(), wrong: new Set(), pick: false };
    return exercise;
  }

  // A block can be typed once the two cells it reads are filled.
  function ready(m, ex, a, b) {
    return !ex.done.has(a * m.n + b) && (a === b || (ex.done.has((a + 1) * m.n + b) && ex.done.has(a * m.n + b - 1)));
  }

  function buildSkeleton(m) {
    const head = `<h2>Build the table yourself</h2>
      <p>Fill the lead table: type the lead of a block whose two source cells are filled (the one-wheel blocks need none:
      their lead is the wheel's weight), and press Enter. A block's lead is the larger of <em>left wheel minus the lead of
      the block without it</em> and <em>right wheel minus the lead of the block without it</em>. A wrong value is named:
      the page knows the usual mistakes.</p>
      <div class="row" role="group" aria-label="Exercise">
        <button type="button" id="ex-next">Fill the next cell for me</button>
        <button type="button" id="ex-reveal">Reveal all</button>
        <button type="button" id="ex-new">New shelf</button>
        <button type="button" id="ex-pick" aria-pressed="${exerciseFor(m).pick}">Pick the end instead of typing</button>
      </div>`;
    if (m.n === 0 || m.n > EXERCISE_MAX) {
      return head + `<p class="summary" id="ex-status">This shelf has ${plural(m.n, 'wheel')}; the exercise takes 1 to
        ${EXERCISE_MAX}. Press New shelf for a fresh one.</p>`;
    }
    return head + `<p class="status" id="ex-status" aria-live="polite"></p>
      <div id="ex-shelf"></div><div class="table-wrap" id="ex-wrap"></div>`;
  }

  function buildUpdate(m) {
    if (m.n === 0 || m.n > EXERCISE_MAX) return;
    const ex = exerciseFor(m);
    const total = (m.n * (m.n + 1)) / 2;
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.cell : null;
    let html = `<table class="lead exercise"><caption class="visually-hidden">Your lead table: row is the first wheel, column the last</caption>
      <thead><tr><th scope="col">first \\ last</th>`;
    for (let j = 0; j < m.n; j++) html += `<th scope="col">${j + 1}<br><span class="wt">(${m.weights[j]})</span></th>`;
    html += '</tr></thead><tbody>';
    for (let i = 0; i < m.n; i++) {
      html += `<tr><th scope="row">${i + 1} <span class="wt">(${m.weights[i]})</span></th>`;
      for (let j = 0; j < m.n; j++) {
        const key = i * m.n + j;
        const hint = ex.hint && ex.hint.has(key) ? ' src' : '';
        if (j < i) { html += '<td class="none"></td>'; continue; }
        const d = ex.done.get(key);
        if (d) {
          html += `<td class="filled ${d}${hint}" data-first="${i}" data-last="${j}"${leadColour(m, cellAt(m, i, j).lead)}><span class="lead">${num(cellAt(m, i, j).lead)}</span></td>`;
        } else if (ready(m, ex, i, j) && ex.pick && i < j) {
          html += `<td class="ask${hint}">` + ['left', 'right'].map((end) => `<button type="button" class="pick" data-pick="${end}"
            data-first="${i}" data-last="${j}" aria-label="${wheelsOf(i, j)}: take the ${end} end">${end === 'left' ? 'L' : 'R'}</button>`).join('') + '</td>';
        } else if (ready(m, ex, i, j)) {
          html += `<td class="ask${hint}"><input type="text" inputmode="numeric" data-cell="${key}" data-first="${i}" data-last="${j}"
            aria-label="Lead of ${wheelsOf(i, j)}" autocomplete="off"${ex.wrong.has(key) ? ' aria-invalid="true"' : ''}></td>`;
        } else {
          html += `<td class="empty${hint}" aria-label="${wheelsOf(i, j)}: its sources are not filled yet"></td>`;
        }
      }
      html += '</tr>';
    }
    $('ex-wrap').innerHTML = html + '</tbody></table>';
    $('ex-shelf').innerHTML = shelfRow(m, 0, m.n - 1, (k) => wheelHtml(m, k, null, ex.block && k >= ex.block[0] && k <= ex.block[1] ? 'in-block' : ''));
    const right = [...ex.done.values()].filter((v) => v === 'right').length;
    const complete = ex.done.size === total;
    $('ex-next').disabled = $('ex-reveal').disabled = complete;
    if (complete) {
      $('ex-status').textContent = `The table is complete: ${right} of ${total} cells right first time. ` +
        `The whole shelf's cell is the margin, ${m.result.margin}.`;
    } else if (ex.message) {
      $('ex-status').textContent = ex.message;
    } else {
      $('ex-status').textContent = `${ex.done.size} of ${total} cells filled. Start with the one-wheel blocks on the diagonal.`;
    }
    const again = focused && document.querySelector(`#ex-wrap input[data-cell="${focused}"]`);
    const next = again || (ex.focusNext && document.querySelector('#ex-wrap input, #ex-wrap button.pick'));
    if (next) next.focus();
    ex.focusNext = false;
  }

  // Checks the value typed for block a..b against the table, naming a
  // wrong one from the library's known mistakes.
  function checkCell(input) {
    const m = model;
    const ex = exerciseFor(m);
    const a = Number(input.dataset.first);
    const b = Number(input.dataset.last);
    const typed = input.value.trim().replace(/^\u2212/, '-');
    if (!/^[+-]?\d+$/.test(typed)) {
      ex.block = [a, b];
      ex.message = `Type a whole number for ${wheelsOf(a, b)}.`;
      return commit();
    }
    judge(a, b, BigInt(typed), typed);
  }

  // An end picked for block a..b: right if it keeps the block's lead; a
  // wrong one is judged by the lead it keeps (the library names it).
  function pickEnd(button) {
    const m = model;
    const a = Number(button.dataset.first);
    const b = Number(button.dataset.last);
    const c = cellAt(m, a, b);
    const end = button.dataset.pick;
    const kept = end === 'left' ? c.left : c.right;
    // Picking the end that keeps less is the one-end mistake by definition.
    judge(a, b, kept, `the ${end} end`, kept === c.lead ? null : shelf.mistake(shelf.constants.MISTAKE_ONE_END));
  }

  function judge(a, b, value, typed, named = null) {
    const m = model;
    const ex = exerciseFor(m);
    const key = a * m.n + b;
    ex.block = [a, b];
    ex.hint = null;
    const verdict = named || shelf.cellMistake(m.weights, a, b, value);
    if (verdict.name === 'none') {
      ex.done.set(key, ex.wrong.has(key) ? 'fixed' : 'right');
      ex.message = `Right: ${derivation(m, a, b)}`;
      ex.focusNext = true;
    } else {
      ex.wrong.add(key);
      ex.hint = new Set(a < b ? [(a + 1) * m.n + b, a * m.n + b - 1] : []);
      const where = a === b ? 'A one-wheel block reads no other cell: its lead is the weight.'
        : `Hint: read the two outlined cells, ${wheelsOf(a + 1, b)} (for taking the left, ${m.weights[a]}) and ` +
        `${wheelsOf(a, b - 1)} (for taking the right, ${m.weights[b]}).`;
      ex.message = `Not ${typed} for ${wheelsOf(a, b)}` + (verdict.name === 'unknown' ? '. ' : ` (mistake: ${verdict.name}). ${verdict.sentence} `) + where;
      ex.mistake = verdict.name;
    }
    document.body.dataset.lastMistake = verdict.name;
    commit();
  }

  // Next cell: the first one in the DP's order that is not filled.
  function exerciseNext(all) {
    const m = model;
    const ex = exerciseFor(m);
    for (const c of tableCells(m)) {
      const key = c.first * m.n + c.last;
      if (!ex.done.has(key)) {
        ex.done.set(key, 'shown');
        ex.block = [c.first, c.last];
        ex.message = `Filled for you: ${derivation(m, c.first, c.last)}`;
        if (!all) break;
      }
    }
    if (all) ex.message = '';
    ex.hint = null;
    commit();
  }

  function exerciseNew() {
    const r = crypto.getRandomValues(new Uint32Array(2));
    exercise = null;
    state.source = { kind: 'random', n: String(4 + (r[0] % 3)), seed: String(r[1]), range: '1..20' };
    state.step = null;
    commit();
  }

  // MARK: - View: greedy beside perfect

  function greedyLines(m) {
    return memo(m, 'greedy', () => {
      const greedy = shelf.greedyLine(m.weights, true);
      let part = -1;
      for (let t = 0; t < m.n; t++) if (greedy[t] !== m.line[t]) { part = t; break; }
      return { greedy, part };
    });
  }

  function greedySkeleton(m) {
    const head = `<h2>Greedy beside perfect</h2>
      <p>Two games on the same shelf, stepping together. Above: a greedy first buyer, who always takes the heavier end,
      against a perfect second buyer. Below: both buyers perfect. The turn where the two games part is marked, with
      what the greedy move costs.</p>
      <div class="row"><button type="button" id="roll-greedy">Roll a shelf where greedy loses</button></div>`;
    if (m.n > GREEDY_MAX) {
      return head + `<p class="summary">This shelf has ${plural(m.n, 'wheel')}; a greedy first buyer against a perfect
        second is played up to ${num(GREEDY_MAX)} wheels.</p>`;
    }
    return head + stepControls('Turn', m.n) + `<p class="status" id="step-status" aria-live="polite"></p>
      <div class="pair">
        <section aria-labelledby="h-greedy"><h3 id="h-greedy">Greedy first buyer, perfect second</h3>
          <p class="running">First <b id="g-first"></b>, second <b id="g-second"></b>, margin <b id="g-margin"></b></p>
          <p class="keeps" id="g-keeps"></p><div id="g-shelf"></div></section>
        <section aria-labelledby="h-perfect"><h3 id="h-perfect">Both perfect</h3>
          <p class="running">First <b id="p-first"></b>, second <b id="p-second"></b>, margin <b id="p-margin"></b></p>
          <p class="keeps" id="p-keeps"></p><div id="p-shelf"></div></section>
      </div>
      <p id="part" class="part"></p>`;
  }

  function greedyUpdate(m) {
    if (m.n > GREEDY_MAX) return;
    const step = lineStep(m);
    setStepControls(step, m.n, `${step} of ${m.n}`);
    const { greedy, part } = greedyLines(m);
    const own = { g: m.n <= WHEELS_MAX ? owners(m, greedy, 'greedy') : null, p: m.n <= WHEELS_MAX ? lineOwners(m) : null };
    for (const [id, ends] of [['g', greedy], ['p', m.line]]) {
      const at = replay(m, ends, step);
      $(`${id}-first`).innerHTML = num(at.first);
      $(`${id}-second`).innerHTML = num(at.second);
      $(`${id}-margin`).innerHTML = num(at.first - at.second);
      const mover = step < m.n ? `Turn ${step + 1}, the ${buyerOf(step + 1)} buyer to move. ` : 'The shelf is empty. ';
      $(`${id}-keeps`).textContent = mover + keepsText(m, at.i, at.j);
      $(`${id}-shelf`).innerHTML = shelfRow(m, at.i, at.j, (k) => {
        const t = own[id] ? own[id][k] : 0;
        const taken = own[id] && t <= step ? { buyer: buyerOf(t), turn: t } : null;
        return wheelHtml(m, k, taken, (own[id] && t === step ? 'just ' : '') + (part >= 0 && t === part + 1 && t <= step ? 'parted' : ''));
      }, id === 'g' ? 'The greedy game' : 'The perfect game');
    }
    const e = m.explain;
    let text;
    if (part < 0) {
      text = 'Here greedy play is perfect play: the two games never part.';
    } else {
      const at = replay(m, m.line, part);
      const c = shelf.bestMove(m.weights, at.i, at.j);
      const took = greedy[part] === 0 ? 'left' : 'right';
      const kept = took === 'left' ? c.left : c.right;
      const who = buyerOf(part + 1);
      text = `They part at turn ${part + 1}: the ${who} buyer takes the ${took} end` +
        (who === 'first' ? ' (the heavier)' : '') + ` where perfect play takes the ${took === 'left' ? 'right' : 'left'}; ` +
        (c.lead === kept ? 'both ends keep the same lead there.' : `that keeps a lead of ${kept} instead of ${c.lead}: it costs ${kilos(c.lead - kept)} of lead.`) +
        (step > part ? '' : ' (Step on to see it.)');
    }
    if (e.greedyVsPerfect !== null) text += ` In the end: greedy first finishes with a margin of ${e.greedyVsPerfect}, perfect play ${m.result.margin}.`;
    $('part').textContent = text;
    $('step-status').textContent = step === 0 ? 'Both games at the full shelf.' : `After turn ${step} of ${m.n}.`;
  }

  // Rolls small shelves until one where a greedy first buyer loses
  // against a perfect second (a margin below zero).
  function rollGreedyLoses() {
    for (let tries = 0; tries < 1000; tries++) {
      const r = crypto.getRandomValues(new Uint32Array(2));
      const n = 4 + 2 * (r[0] % 3);
      const w = shelf.random(n, BigInt(r[1]), 1n, 20n);
      const e = shelf.explain(w, 0);
      if (e.greedyVsPerfect !== null && e.greedyVsPerfect < 0n) {
        state.source = { kind: 'random', n: String(n), seed: String(r[1]), range: '1..20' };
        state.step = null;
        return commit();
      }
    }
  }

  // MARK: - View: how shelf does it in linear time

  function reduceSkeleton(m) {
    const head = `<h2>How shelf does it in linear time</h2>
      <p>The linear engine never fills the table. Wheels arrive one by one onto a stack. A <em>peak</em>, a value at
      least as large as both its neighbours, merges with them: <code>a, b, c</code> become <code>a - b + c</code>, the
      lead of those wheels for whoever opens them. What is left has no peak: a valley, whose larger end is always a best
      take, so both buyers take it, from both ends. The margin is checked against the DP's on the same shelf.</p>`;
    if (m.n > WHEELS_MAX) {
      return head + `<p class="summary">This shelf has ${plural(m.n, 'wheel')}; the reduction is shown step by step up to
        ${WHEELS_MAX} wheels.</p>`;
    }
    return head + stepControls('Step', reduction(m).steps.length) + `<p class="status" id="step-status" aria-live="polite"></p>
      <div id="r-shelf"></div><h3>The stack</h3><div class="shelf-frame" tabindex="0" role="group" aria-label="The stack"><ol class="shelf stack" id="r-stack"></ol></div>
      <p id="r-check" class="part"></p>`;
  }

  function reduction(m) {
    return memo(m, 'reduction', () => shelf.reduction(m.weights));
  }

  function reduceUpdate(m) {
    if (m.n > WHEELS_MAX) return;
    const { steps, margin } = reduction(m);
    const step = state.step === null ? 0 : Math.min(state.step, steps.length);
    setStepControls(step, steps.length, `${step} of ${steps.length}`);
    // The stack as the recorded steps leave it (the values come from C).
    let stack = [];
    let taken = [];
    for (const st of steps.slice(0, step)) {
      if (st.kind === 'push') stack.push({ lo: st.wheel, hi: st.wheel, value: st.value });
      else if (st.kind === 'merge') stack.splice(stack.length - 3, 3, { lo: st.lo, hi: st.hi, value: st.value, merged: true });
      else taken.push(st);
    }
    const takenLo = new Map(taken.map((t) => [t.lo, t]));
    const group = (g) => (g.lo === g.hi ? `wheel ${g.lo + 1}` : `wheels ${g.lo + 1} to ${g.hi + 1}`);
    $('r-stack').innerHTML = stack.map((g) => {
      const t = takenLo.get(g.lo);
      return `<li class="entry${g.merged ? ' merged' : ''}${t ? ` taken ${t.buyer}` : ''}" aria-label="${esc(`${g.value}, ${group(g)}` + (t ? `, taken by the ${t.buyer} buyer` : ''))}">` +
        `<span class="w">${num(g.value)}</span><span class="who">${g.lo === g.hi ? g.lo + 1 : `${g.lo + 1}-${g.hi + 1}`}${t ? ` ${t.buyer === 'first' ? '1st' : '2nd'}` : ''}</span></li>`;
    }).join('') || '<li class="chip">empty</li>';
    const cur = step > 0 ? steps[step - 1] : null;
    $('r-shelf').innerHTML = shelfRow(m, 0, m.n - 1, (k) => wheelHtml(m, k, null,
      cur && (cur.kind === 'push' ? k === cur.wheel : k >= cur.lo && k <= cur.hi) ? 'in-block' : ''));
    let text = 'The stack is empty. Step forward: the first wheel arrives.';
    if (cur && cur.kind === 'push') text = `Wheel ${cur.wheel + 1} arrives: ${cur.value} is pushed.`;
    if (cur && cur.kind === 'merge') {
      text = `${cur.b} is a peak between ${cur.a} and ${cur.c} (${cur.b} >= ${cur.a} and ${cur.b} >= ${cur.c}): the three merge into ` +
        `${cur.a} - ${cur.b} + ${cur.c} = ${cur.value}, the lead of ${group(cur)} for whoever opens them.`;
    }
    if (cur && cur.kind === 'take') {
      text = `The valley: the ${cur.buyer} buyer takes the larger end, ${cur.value} (${group(cur)}); the margin so far is ${cur.margin}.`;
    }
    $('step-status').textContent = text;
    const dp = memo(m, 'dp', () => shelf.solve(m.weights, 'dp').margin);
    $('r-check').innerHTML = step === steps.length
      ? `The valley gives a margin of <b id="r-margin">${margin}</b>; the interval DP gives <b id="r-dp">${dp}</b>: ${margin === dp ? 'the same.' : 'they differ!'}`
      : `When every step is done, the valley's margin is checked against the DP's (<span id="r-dp">${dp}</span>).`;
  }

  // MARK: - View: a game against a buyer

  // The game after `moves` (L and R), replayed by the library: the block
  // i..j left, both totals, and each move made with the block it was made
  // on. Moves past the end of the shelf are ignored.
  function gameAt(m, moves) {
    const count = Math.min(moves.length, m.n);
    const g = shelf.game(m.weights, moves, count, count);
    let i = 0;
    let j = m.n - 1;
    const made = g.moves.map((mv) => {
      const block = [i, j];
      if (mv.end === 'left') i++; else j--;
      return { ...mv, index: mv.wheel, block };
    });
    const toMove = made.length < m.n ? buyerOf(made.length + 1) : null;
    return { i: g.first, j: g.last, first: g.totals.first, second: g.totals.second, made, toMove, over: toMove === null };
  }

  // The opponent's moves, appended while it is the opponent's turn.
  function opponentReplies() {
    const m = model;
    if (!m || state.mode !== 'play' || m.n > PLAY_MAX) return;
    for (;;) {
      const g = gameAt(m, state.moves);
      if (g.over || g.toMove === state.as) return;
      const end = state.vs === 'greedy' ? shelf.greedyEnd(m.weights, g.i, g.j) : shelf.bestMove(m.weights, g.i, g.j).best;
      state.moves += end === 'left' ? 'L' : 'R';
    }
  }

  function playSkeleton(m) {
    const head = '<h2>Play against a buyer</h2>';
    if (m.n > PLAY_MAX) {
      return head + `<p class="summary">This shelf has ${plural(m.n, 'wheel')}; games are for shelves of up to ${PLAY_MAX}.
        Roll a smaller random shelf to play.</p>`;
    }
    const opt = (v, text, cur) => `<option value="${v}"${v === cur ? ' selected' : ''}>${text}</option>`;
    return head + `<p>Take a wheel from either end: click it, use the buttons, or press the Left and Right arrow keys.
      Your opponent answers at once. A hint shows the lead each end keeps for you: the most you can then finish ahead by
      on the rest of the game. At the end every move is compared with perfect play.</p>
      <div class="row">
        <label class="inline" for="play-as">You are ${'<select id="play-as">' + opt('first', 'the first buyer', state.as) + opt('second', 'the second buyer', state.as) + '</select>'}</label>
        <label class="inline" for="play-vs">against ${'<select id="play-vs">' + opt('perfect', 'a perfect buyer', state.vs) + opt('greedy', 'a greedy buyer (the heavier end)', state.vs) + '</select>'}</label>
      </div>
      <div class="row" role="group" aria-label="Your move">
        <button type="button" id="take-left">&#x2190; Take left</button>
        <button type="button" id="take-right">Take right &#x2192;</button>
        <button type="button" id="hint">Hint (H)</button>
        <button type="button" id="undo">Undo (U)</button>
        <button type="button" id="restart">Start again</button>
      </div>
      <p class="status" id="play-status" aria-live="polite"></p>
      <p id="hint-text" aria-live="polite"></p>
      <div class="score"><div><span class="label">Your margin so far</span><span class="num" id="play-margin"></span></div>
        <div class="first"><span class="label" id="play-first-label"></span><span class="num" id="play-first"></span></div>
        <div class="second"><span class="label" id="play-second-label"></span><span class="num" id="play-second"></span></div></div>
      <div id="play-shelf"></div>
      <div id="review"></div>`;
  }

  function playUpdate(m) {
    if (m.n > PLAY_MAX) return;
    const g = gameAt(m, state.moves);
    const you = state.as;
    const other = you === 'first' ? 'second' : 'first';
    const yours = g.toMove === you && !g.over;
    const who = (b) => (b === you ? 'you' : `the ${state.vs} buyer`);
    $('play-first-label').textContent = `First buyer (${who('first')})`;
    $('play-second-label').textContent = `Second buyer (${who('second')})`;
    $('play-first').innerHTML = num(g.first);
    $('play-second').innerHTML = num(g.second);
    $('play-margin').innerHTML = num(g[you] - g[other]);
    for (const id of ['take-left', 'take-right', 'hint']) $(id).disabled = !yours;
    $('undo').disabled = !g.made.some((mv) => mv.buyer === you);
    $('restart').disabled = state.moves === '';
    const last = g.made[g.made.length - 1];
    const lastText = last ? `Turn ${last.turn}: ${who(last.buyer)} took the ${last.end} end (${kilos(last.weight)}). ` : '';
    $('play-status').textContent = m.n === 0 ? 'The shelf is empty: there is no game.'
      : g.over ? `${lastText}The shelf is empty: first ${g.first}, second ${g.second}.`
        : `${lastText}Your turn: take the left (${m.weights[g.i]}) or the right (${m.weights[g.j]}).`;
    $('hint-text').textContent = yours && hint === state.moves ? hintText(m, g) : '';
    $('play-shelf').innerHTML = playShelfHtml(m, g, yours);
    $('review').innerHTML = g.over && m.n > 0 ? reviewHtml(m, g) : '';
  }

  function hintText(m, g) {
    const c = shelf.bestMove(m.weights, g.i, g.j);
    const best = c.left === c.right ? 'Both ends keep the same lead.' : `Perfect play takes the ${c.left > c.right ? 'left' : 'right'}.`;
    return `Hint: taking the left (${m.weights[g.i]}) keeps a lead of ${c.left}; taking the right (${m.weights[g.j]}) keeps ${c.right}. ${best}`;
  }

  function playShelfHtml(m, g, yours) {
    const taken = new Map(g.made.map((mv) => [mv.index, mv]));
    return shelfRow(m, g.i, g.j, (k) => {
      const mv = taken.get(k);
      if (!g.over && (k === g.i || k === g.j)) {
        const end = k === g.i ? 'left' : 'right';
        return `<li>${wheelHtml(m, k, null, 'end', 'button',
          `type="button" data-end="${end}" aria-label="Take the ${end} wheel, ${esc(kilos(m.weights[k]))}"${yours ? '' : ' disabled'}`)}</li>`;
      }
      return wheelHtml(m, k, mv ? { buyer: mv.buyer, turn: mv.turn } : null, mv && mv.turn === g.made.length ? 'just' : '');
    });
  }

  // Every move against perfect play: the lead it kept and the block's lead.
  function reviewHtml(m, g) {
    const you = state.as;
    const rows = memo(m, `review:${state.moves}`, () => g.made.map((mv) => {
      const c = shelf.bestMove(m.weights, mv.block[0], mv.block[1]);
      const kept = mv.end === 'left' ? c.left : c.right;
      return { ...mv, kept, lead: c.lead, cost: c.lead - kept };
    }));
    const yourMargin = g[you] - g[you === 'first' ? 'second' : 'first'];
    const perfect = you === 'first' ? m.result.margin : -m.result.margin;
    const yourCost = rows.filter((r) => r.buyer === you).reduce((s, r) => s + r.cost, 0n);
    let html = `<h3>Review</h3><p id="review-summary">You finished ${shelf.standing(yourMargin)} (a margin of ${yourMargin}, your
      kilos minus your opponent's); perfect play by both leaves you ${shelf.standing(perfect)}. ` + (yourCost === 0n ? 'Every move of yours kept the lead: perfect play.'
      : `Your moves gave away ${kilos(yourCost)} of lead in all; the costly ones are marked.`) + `</p>
      <div class="table-wrap"><table class="review"><thead><tr><th scope="col">turn</th><th scope="col">buyer</th><th scope="col">end</th>
      <th scope="col">weight</th><th scope="col">lead kept</th><th scope="col">best lead</th><th scope="col">cost</th></tr></thead><tbody>`;
    for (const r of rows) {
      html += `<tr><td>${r.turn}</td><td><span class="tag ${r.buyer}">${r.buyer === 'first' ? '1st' : '2nd'}</span> ${r.buyer === you ? 'you' : state.vs}</td><td>${r.end}</td>` +
        `<td>${r.weight}</td><td>${r.kept}</td><td>${r.lead}</td><td${r.cost > 0n ? ' class="costly"' : ''}>${r.cost > 0n ? `${r.cost} lost` : '0'}</td></tr>`;
    }
    return html + '</tbody></table></div>';
  }

  // MARK: - The greedy trap

  // The explanation in the library's words (src/words.c), as the command's
  // --explain prints it; the summary above gives its first sentence,
  // perfect play's.
  function trapHtml(m) {
    if (m.later) {
      return `<p class="note" id="trap-pending">Working out greedy against perfect play
        (libshelf does it up to ${num(shelf.constants.EXPLAIN_MAX)} wheels)...</p>`;
    }
    const rest = m.explain.sentences.slice(1);
    return '<ul class="trap">' + rest.map((text) => `<li class="sentence">${esc(text)}</li>`).join('') + '</ul>';
  }

  // MARK: - Drawing the page

  const VIEWS = {
    line: { skeleton: lineSkeleton, update: lineUpdate, max: (m) => m.n, step: lineStep },
    table: { skeleton: tableSkeleton, update: tableUpdate, max: (m) => (m.n > TABLE_MAX ? 0 : tableCells(m).length), step: tableStep },
    play: { skeleton: playSkeleton, update: playUpdate },
    build: { skeleton: buildSkeleton, update: buildUpdate },
    greedy: { skeleton: greedySkeleton, update: greedyUpdate, max: (m) => (m.n > GREEDY_MAX ? 0 : m.n), step: lineStep },
    reduce: { skeleton: reduceSkeleton, update: reduceUpdate, max: (m) => (m.n > WHEELS_MAX ? 0 : reduction(m).steps.length), step: (m) => (state.step === null ? 0 : Math.min(state.step, VIEWS.reduce.max(m))) },
  };

  function showError(err, text) {
    const box = $('error');
    box.textContent = '';
    const msg = document.createElement('p');
    msg.id = 'error-message';
    msg.textContent = err instanceof ShelfError || err instanceof Error ? err.message : String(err);
    box.appendChild(msg);
    if (err instanceof ShelfError && err.line !== null && typeof text === 'string') {
      // The offending line, with the place marked.
      const lines = text.split('\n');
      // A byte-order mark opening the text takes no column (shelf.h), so
      // it is not part of the line the column counts in.
      const line = (lines[err.line - 1] || '').replace(/\r$/, '').replace(err.line === 1 ? /^\uFEFF/ : /(?!)/, '');
      const bytes = new TextEncoder().encode(line);
      const col = err.column - 1;
      // Mark the text found there, or one character where `found` is an
      // escape such as U+2212 or \xFF.
      const found = new TextEncoder().encode(err.found || '');
      const literal = found.length > 0 && found.every((b, k) => bytes[col + k] === b);
      const lead = bytes[col];
      const len = literal ? found.length : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      const dec = new TextDecoder('utf-8', { ignoreBOM: true }); // a mark is text to count, not to drop
      const pre = document.createElement('pre');
      pre.id = 'error-place';
      pre.setAttribute('aria-label', `line ${err.line}, column ${err.column}`);
      pre.append(dec.decode(bytes.slice(Math.max(0, col - 60), col)));
      const mark = document.createElement('mark');
      mark.textContent = dec.decode(bytes.slice(col, col + len)) || ' ';
      pre.append(mark, dec.decode(bytes.slice(col + len, col + len + 60)));
      box.appendChild(pre);
      // Select the place in the box too (without taking the focus), so
      // that clicking into it lands there.
      const area = $('shelf-text');
      if (area.value === text) {
        const start = dec.decode(new TextEncoder().encode(text).slice(0, err.offset)).length;
        area.setSelectionRange(start, start + dec.decode(bytes.slice(col, col + len)).length);
      }
    }
    $('shelf-text').setAttribute('aria-invalid', 'true');
  }

  function render() {
    const src = state.source;
    const key = JSON.stringify(src);
    if (key !== modelKey) {
      modelKey = key;
      model = null;
      drawn = null;
      hint = null;
      stopPlaying();
      try {
        model = buildModel(src);
        $('error').textContent = '';
        $('shelf-text').removeAttribute('aria-invalid');
      } catch (err) {
        if (!(err instanceof ShelfError) && !/^random shelf/.test(err.message)) throw err;
        showError(err, src.kind === 'text' ? src.text : null);
      }
      syncInputs();
    }
    for (const b of document.querySelectorAll('nav.modes button')) {
      b.setAttribute('aria-pressed', String(b.dataset.mode === state.mode));
    }
    const m = model;
    if (!m) {
      for (const id of ['margin', 'first', 'second']) {
        $(id).textContent = '-';
        $(id).classList.remove('long');
      }
      $('summary').textContent = 'Fix the shelf above to see its game.';
      $('notes').innerHTML = '';
      $('shelf-strip').innerHTML = '';
      $('view').innerHTML = '';
      $('trap').innerHTML = '';
      $('trap-section').hidden = true;
      return;
    }
    $('trap-section').hidden = false;
    $('notes').innerHTML = m.notes.map((note) => `<p class="input-note" data-kind="${note.kind}">Note: line ${note.line}: ${esc(note.text)}.` +
      (note.kind === 'count' ? ' <button type="button" id="counted">Read the first number as the count</button>' : '') + '</p>').join('');
    for (const id of ['margin', 'first', 'second']) {
      $(id).innerHTML = num(m.result[id]);
      $(id).classList.toggle('long', $(id).textContent.length > 8); // keeps 128-bit totals on a few lines
    }
    const origin = src.kind === 'random' ? `A random shelf (shelf --random ${src.n} --seed ${src.seed} --range ${src.range}): ` : '';
    const perfect = document.createElement('span');
    perfect.className = 'sentence';
    perfect.textContent = m.explain.sentences[0];
    $('summary').innerHTML = `${esc(origin)}${plural(m.n, 'wheel')}, ${num(m.sum)} ${shelf.kilosWord(m.sum)} in all. `;
    $('summary').append(perfect);
    $('shelf-strip').innerHTML = memo(m, 'strip', () => shelfRow(m, 0, m.n - 1, (k) => wheelHtml(m, k, null), 'The shelf, left to right'));
    const view = VIEWS[state.mode];
    const skeletonKey = `${modelKey}|${state.mode}|${state.as}|${state.vs}|${state.speed}`;
    if (drawn !== skeletonKey) {
      $('view').innerHTML = view.skeleton(m);
      $('trap').innerHTML = trapHtml(m);
      drawn = skeletonKey;
    }
    view.update(m);
    explainLater(m);
  }

  function explainLater(m) {
    if (!m.later || m.pending) return;
    m.pending = true;
    setTimeout(() => {
      if (model !== m) return;
      m.explain = shelf.explain(m.weights, 0);
      m.later = m.pending = false;
      $('trap').innerHTML = trapHtml(m);
      if (state.mode === 'greedy') VIEWS.greedy.update(m);
    }, 50);
  }

  // The inputs show the shelf the fragment names.
  function syncInputs() {
    const src = state.source;
    const text = $('shelf-text');
    if (src.kind === 'text') {
      if (text.value !== src.text && !sameShelf(text.value)) text.value = src.text;
    } else {
      $('random-n').value = src.n;
      $('random-seed').value = src.seed;
      $('random-range').value = src.range;
      text.value = model && model.n <= FRAGMENT_W_MAX ? `[${model.weights.join(', ')}]` : '';
      text.placeholder = model ? `(a random shelf of ${model.n} wheels)` : '';
    }
  }

  // True if the text already in the box is the shelf shown (the fragment
  // writes it normalised, as 3,9,1,2, and the box keeps what was typed).
  function sameShelf(text) {
    if (!model) return false;
    try {
      const w = shelf.parse(text);
      return w.length === model.n && w.every((v, k) => v === model.weights[k]);
    } catch {
      return false;
    }
  }

  // MARK: - Changing the state

  function commit() {
    render();
    writeFragment();
  }

  function setStep(step) {
    if (!model || !VIEWS[state.mode].max) return;
    const view = VIEWS[state.mode];
    const max = view.max(model);
    state.step = Math.max(0, Math.min(max, step));
    commit();
  }

  function currentStep() {
    return model && VIEWS[state.mode].step ? VIEWS[state.mode].step(model) : 0;
  }

  function stopPlaying() {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  function togglePlay() {
    if (!model || !VIEWS[state.mode].max) return;
    if (timer !== null) {
      stopPlaying();
      render();
      return;
    }
    const max = VIEWS[state.mode].max(model);
    if (currentStep() >= max) return;
    timer = setInterval(() => {
      const next = currentStep() + 1;
      if (next >= max) stopPlaying();
      setStep(next);
    }, SPEEDS[state.speed]);
    render();
  }

  function move(end) {
    if (!model || state.mode !== 'play' || model.n > PLAY_MAX) return;
    const g = gameAt(model, state.moves);
    if (g.over || g.toMove !== state.as) return;
    state.moves += end === 'left' ? 'L' : 'R';
    hint = null;
    opponentReplies();
    commit();
  }

  // Takes back your last move and the opponent's replies after it.
  function undo() {
    if (!model || state.mode !== 'play') return;
    const g = gameAt(model, state.moves);
    let k = g.made.length - 1;
    while (k >= 0 && g.made[k].buyer !== state.as) k--;
    if (k < 0) return;
    state.moves = state.moves.slice(0, k);
    hint = null;
    commit();
  }

  function newGame() {
    state.moves = '';
    hint = null;
    opponentReplies();
    commit();
  }

  function solveTyped() {
    state.source = { kind: 'text', text: $('shelf-text').value };
    state.step = null;
    state.moves = '';
    commit();
    if (state.mode === 'play') newGame();
  }

  function roll() {
    let seed = $('random-seed').value.trim();
    if (seed === '') {
      const r = crypto.getRandomValues(new Uint32Array(2));
      seed = String((BigInt(r[0]) << 32n) | BigInt(r[1]));
    }
    state.source = { kind: 'random', n: $('random-n').value.trim(), seed, range: $('random-range').value.trim() };
    state.step = null;
    state.moves = '';
    commit();
    if (state.mode === 'play') newGame();
  }

  function setMode(mode) {
    stopPlaying();
    state.mode = mode;
    state.step = null;
    hint = null;
    if (mode === 'play') opponentReplies();
    commit();
  }

  function onClick(e) {
    const cell = e.target.closest('#lead-grid td');
    if (cell) {
      focusCell(Number(cell.dataset.first), Number(cell.dataset.last));
      showCell(Number(cell.dataset.first), Number(cell.dataset.last));
      return;
    }
    const t = e.target.closest('button');
    if (!t || t.disabled) return;
    if (t.dataset.mode) return setMode(t.dataset.mode);
    if (t.dataset.end) return move(t.dataset.end);
    if (t.dataset.pick) return pickEnd(t);
    const actions = {
      solve: solveTyped,
      roll,
      'step-first-btn': () => { stopPlaying(); setStep(0); },
      'step-back': () => { stopPlaying(); setStep(currentStep() - 1); },
      'step-play': togglePlay,
      'step-forward': () => { stopPlaying(); setStep(currentStep() + 1); },
      'step-last': () => { stopPlaying(); setStep(Infinity); },
      'take-left': () => move('left'),
      'take-right': () => move('right'),
      hint: () => { hint = state.moves; render(); },
      undo,
      restart: newGame,
      trace: () => { state.trace = !state.trace; commit(); },
      'ex-next': () => exerciseNext(false),
      'ex-reveal': () => exerciseNext(true),
      'ex-new': exerciseNew,
      'ex-pick': () => { const ex = exerciseFor(model); ex.pick = !ex.pick; drawn = null; commit(); },
      'roll-greedy': rollGreedyLoses,
      counted: readCounted,
    };
    if (actions[t.id]) actions[t.id]();
  }

  function onKey(e) {
    if (e.target.closest && e.target.closest('#lead-grid') && onGridKey(e)) {
      e.preventDefault();
      return;
    }
    if (e.key === 'Enter' && e.target.dataset && e.target.dataset.cell !== undefined) {
      e.preventDefault();
      checkCell(e.target);
      return;
    }
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const tag = e.target.tagName;
    if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return;
    if (!model) return;
    let act = null;
    if (state.mode === 'play') {
      act = { ArrowLeft: () => move('left'), ArrowRight: () => move('right'), h: () => $('hint').click(), '?': () => $('hint').click(), u: undo }[e.key];
    } else if (VIEWS[state.mode].max) {
      act = {
        ArrowLeft: () => { stopPlaying(); setStep(currentStep() - 1); },
        ArrowRight: () => { stopPlaying(); setStep(currentStep() + 1); },
        Home: () => { stopPlaying(); setStep(0); },
        End: () => { stopPlaying(); setStep(Infinity); },
        p: togglePlay,
      }[e.key];
    }
    if (act) {
      e.preventDefault();
      act();
    }
  }

  function onChange(e) {
    const id = e.target.id;
    if (id === 'step') {
      stopPlaying();
      setStep(Number(e.target.value));
    } else if (id === 'speed') {
      state.speed = e.target.value;
      if (timer !== null) { stopPlaying(); togglePlay(); } else commit();
    } else if (id === 'play-as' || id === 'play-vs') {
      state[id === 'play-as' ? 'as' : 'vs'] = e.target.value;
      newGame();
    }
  }

  function onHashChange() {
    stopPlaying();
    state = readFragment();
    render(); // builds the shelf's model, which the opponent needs
    opponentReplies();
    commit();
  }

  // The count note's offer: read the text again with its first number as
  // the count (SHELF_PARSE_COUNTED), as the command's --counted does.
  function readCounted() {
    const text = state.source.kind === 'text' ? state.source.text : '';
    try {
      const w = shelf.parse(text, true);
      state.source = { kind: 'text', text: Array.from(w).join(', ') };
      $('shelf-text').value = state.source.text;
      state.step = null;
      commit();
    } catch (err) {
      if (!(err instanceof ShelfError)) throw err;
      showError(err, text);
    }
  }

  function start(bridge) {
    shelf = bridge;
    WHEELS_MAX = shelf.constants.SVG_WHEELS_MAX;
    TABLE_MAX = shelf.constants.SVG_LEAD_MAX;
    GREEDY_MAX = shelf.constants.GREEDY_LINE_MAX;
    // One palette for the page and the pictures: shelf.h's SHELF_COLOUR_*.
    for (const [name, value] of Object.entries(shelf.palette)) document.documentElement.style.setProperty(`--${name}`, value);
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    document.addEventListener('input', (e) => { if (e.target.id === 'step') onChange(e); });
    document.addEventListener('change', onChange);
    $('shelf-text').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) solveTyped();
    });
    // Solve as the person types, once they pause; a huge paste waits for
    // the button.
    let typing = null;
    $('shelf-text').addEventListener('input', (e) => {
      clearTimeout(typing);
      if (e.target.value.length <= TYPE_SOLVE_MAX) typing = setTimeout(solveTyped, 400);
    });
    window.addEventListener('hashchange', onHashChange);
    onHashChange();
    document.body.dataset.ready = 'true';
  }

  createShelf(window.ShelfModule).then(start, (err) => {
    $('error').textContent = `The solver did not load: ${err && err.message ? err.message : err}`;
  });
})();
