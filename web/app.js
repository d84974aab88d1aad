// app.js - the page: reads the state from the URL fragment, asks the bridge
// (libshelf in wasm) for every number, and draws the views.
//
// The state is the fragment and nothing else: the shelf (w=3,9,1,2, or
// random=N&seed=S&range=LO..HI), the mode (line, play, table), the step
// shown, and in a game who you are (as), your opponent (vs) and the moves so
// far (moves=RL...). It is read on load and on hashchange and written with
// history.replaceState, so a link opens the same view. Each view is a pure
// function of (shelf, state): the skeleton (controls) is drawn when the
// shelf or the mode changes, and the parts that depend on the step are
// redrawn on every step, so a control being used keeps its focus.
(function () {
  'use strict';

  const { createShelf, ShelfError } = window.ShelfBridge;

  // Beyond these sizes a view shows a summary instead (readable sizes).
  const WHEELS_MAX = 100; // wheels drawn one by one
  const TABLE_MAX = 30; // the lead table: n(n+1)/2 cells
  const PLAY_MAX = 1000; // a game's review asks for the best move each turn
  const EXPLAIN_LIMIT = 2000; // shelf_explain's O(n^2) parts, as in shelf.h
  const FRAGMENT_W_MAX = 5000; // a typed shelf longer than this is not put in the URL
  const CHECKPOINT = 1024; // the line's running totals are kept every this many turns
  const PLAY_INTERVAL_MS = 700;
  const TYPE_SOLVE_MAX = 100000; // characters solved as they are typed

  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const buyerOf = (turn) => (turn % 2 === 1 ? 'first' : 'second');
  const plural = (k, word) => `${k} ${word}${k === 1 || k === 1n ? '' : 's'}`;
  const kilos = (v) => `${v} ${v === 1n || v === -1n ? 'kilo' : 'kilos'}`;
  const abs = (v) => (v < 0n ? -v : v);

  let shelf = null; // the bridge, once the module is ready
  let state = null; // what the fragment says
  let model = null; // what libshelf says about state's shelf
  let modelKey = null;
  let drawn = null; // the key of the skeleton on screen
  let timer = null; // the play button's interval
  let hint = null; // the hint shown for the current game position

  // MARK: - The fragment

  const MODES = ['line', 'play', 'table'];

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
    const weights = src.kind === 'random' ? parseRandom(src) : shelf.parse(src.text);
    const n = weights.length;
    const line = shelf.line(weights);
    // shelf_explain gives perfect play's totals too: no second solve.
    const explain = shelf.explain(weights, EXPLAIN_LIMIT);
    const result = { margin: explain.margin, first: explain.first, second: explain.second };
    let sum = 0n;
    for (const w of weights) sum += w;
    return { weights, n, result, line, explain, sum, memo: new Map() };
  }

  // Memoised by name: a view stays a pure function while what it needs is
  // computed once per shelf.
  function memo(m, key, compute) {
    if (!m.memo.has(key)) m.memo.set(key, compute());
    return m.memo.get(key);
  }

  // The line's state after `step` turns: the block i..j that remains, both
  // totals, and the move of turn `step`. From a checkpoint, so any step of
  // a 10^6-wheel line costs at most CHECKPOINT turns.
  function lineAt(m, step) {
    const marks = memo(m, 'checkpoints', () => {
      const out = [];
      let i = 0;
      let j = m.n - 1;
      const tot = [0n, 0n];
      for (let t = 0; t <= m.n; t++) {
        if (t % CHECKPOINT === 0) out.push({ i, j, first: tot[0], second: tot[1] });
        if (t === m.n) break;
        tot[t % 2] += m.line[t] === 0 ? m.weights[i++] : m.weights[j--];
      }
      return out;
    });
    const c = marks[Math.floor(step / CHECKPOINT)];
    let { i, j } = c;
    const tot = [c.first, c.second];
    let last = null;
    for (let t = step - (step % CHECKPOINT); t < step; t++) {
      const end = m.line[t] === 0 ? 'left' : 'right';
      const index = end === 'left' ? i++ : j--;
      tot[t % 2] += m.weights[index];
      last = { turn: t + 1, buyer: buyerOf(t + 1), end, index, weight: m.weights[index] };
    }
    return { i, j, first: tot[0], second: tot[1], last };
  }

  // Who takes each wheel, and on which turn, in the line.
  function lineOwners(m) {
    return memo(m, 'owners', () => {
      const turn = new Int32Array(m.n);
      let i = 0;
      let j = m.n - 1;
      for (let t = 0; t < m.n; t++) turn[m.line[t] === 0 ? i++ : j--] = t + 1;
      return turn;
    });
  }

  // MARK: - Drawing wheels

  function discSize(m) {
    return memo(m, 'disc', () => {
      let max = 0n;
      for (const w of m.weights) if (abs(w) > max) max = abs(w);
      return (w) => {
        const f = max === 0n ? 0 : Math.sqrt(Number(abs(w)) / Number(max));
        return (1.1 + 3 * f).toFixed(2);
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

  // A shelf too long to draw: where the block stands, as a bar and in words.
  function summaryHtml(m, i, j, extra = '') {
    const pct = (k) => `${((100 * k) / Math.max(m.n, 1)).toFixed(3)}%`;
    const left = m.n ? i : 0;
    const right = m.n ? m.n - 1 - j : 0;
    const remaining = Math.max(j - i + 1, 0);
    const few = (a, b) => Array.from(m.weights.subarray(a, b)).join(', ');
    return `<div class="summary"><p>${plural(m.n, 'wheel')}: too many to draw one by one (up to ${WHEELS_MAX} are drawn).
      The shelf begins ${few(0, Math.min(5, m.n))}${m.n > 10 ? ' ... and ends ' + few(m.n - 5, m.n) : m.n > 5 ? ', ' + few(5, m.n) : ''}.</p>
      <div class="bar" role="img" aria-label="${left} wheels taken from the left, ${remaining} remain, ${right} taken from the right">
        <span style="width:${pct(left)}" class="taken"></span><span style="width:${pct(remaining)}" class="left"></span><span style="width:${pct(right)}" class="taken"></span></div>
      <p>Taken from the left: ${left}; remaining: ${remaining}` +
      (remaining ? ` (wheels ${i + 1} to ${j + 1}, ends ${m.weights[i]} and ${m.weights[j]} kilos)` : '') +
      `; taken from the right: ${right}.</p>${extra}</div>`;
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
      <div id="line-shelf"></div>`;
  }

  function stepControls(what, max) {
    return `<div class="row controls" role="group" aria-label="Steps">
      <button type="button" id="step-first-btn" aria-label="First step">&#x00AB; First</button>
      <button type="button" id="step-back" aria-label="Back one step">&#x2039; Back</button>
      <button type="button" id="step-play" aria-pressed="false">&#x25B6; Play</button>
      <button type="button" id="step-forward" aria-label="Forward one step">Forward &#x203A;</button>
      <button type="button" id="step-last" aria-label="Last step">Last &#x00BB;</button>
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
    $('step-margin').textContent = String(at.first - at.second);
    $('step-first').textContent = String(at.first);
    $('step-second').textContent = String(at.second);
    if (m.n > WHEELS_MAX) {
      $('line-shelf').innerHTML = summaryHtml(m, at.i, at.j);
      return;
    }
    const owners = lineOwners(m);
    let html = '<ol class="shelf" aria-label="The shelf">';
    for (let k = 0; k < m.n; k++) {
      const t = owners[k];
      const taken = t <= step ? { buyer: buyerOf(t), turn: t } : null;
      html += wheelHtml(m, k, taken, t === step ? 'just' : '');
    }
    $('line-shelf').innerHTML = html + '</ol>';
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

  // MARK: - View: the lead table

  function tableSkeleton(m) {
    const intro = `<h2>The lead table</h2>
      <p>The interval DP: the <em>lead</em> of a block of wheels is the most the buyer to move can finish ahead by
      on it. A buyer who takes the left wheel keeps its weight minus the lead the other buyer then has on the rest;
      taking the right keeps the right wheel minus the rest's lead. The table fills span by span: all one-wheel
      blocks, then all two-wheel blocks, and so on, each from two cells already filled. Row: the block's first wheel;
      column: its last. Each cell shows the lead and, below it, what taking the left (L) and the right (R) keeps;
      the winning end is marked &#x2713;. Blocks the line of perfect play passes through are outlined and marked &#x25CF;.</p>`;
    if (m.n > TABLE_MAX) {
      return intro + `<div class="summary" id="table-summary"><p>This shelf has ${plural(m.n, 'wheel')}, so its table has
        ${(BigInt(m.n) * BigInt(m.n + 1)) / 2n} blocks: too many to read (the table is shown up to ${TABLE_MAX} wheels).
        Its last cell, the whole shelf, holds the margin, ${m.result.margin}. libshelf's linear engine finds it without
        the table.</p></div>`;
    }
    return intro + stepControls('Blocks filled', tableCells(m).length) +
      `<p class="status" id="step-status" aria-live="polite"></p><div class="table-wrap" id="table-wrap"></div>`;
  }

  function tableCells(m) {
    return memo(m, 'table', () => shelf.leadTable(m.weights));
  }

  function tableStep(m) {
    const count = tableCells(m).length;
    return state.step === null ? count : Math.min(state.step, count);
  }

  function tableUpdate(m) {
    if (m.n > TABLE_MAX) return;
    const cells = tableCells(m);
    const step = tableStep(m);
    setStepControls(step, cells.length, `${step} of ${cells.length}`);
    const onLine = memo(m, 'line-blocks', () => {
      const s = new Set();
      let i = 0;
      let j = m.n - 1;
      for (let t = 0; t < m.n; t++) {
        s.add(i * m.n + j);
        if (m.line[t] === 0) i++; else j--;
      }
      return s;
    });
    const filled = new Map();
    cells.slice(0, step).forEach((c, k) => filled.set(c.first * m.n + c.last, { c, k }));
    const now = step > 0 ? cells[step - 1] : null;
    const wheelsOf = (a, b) => (a === b ? `wheel ${a + 1}` : `wheels ${a + 1} to ${b + 1}`);
    let html = `<table class="lead"><caption class="visually-hidden">Lead of each block: row is the first wheel, column the last</caption>
      <thead><tr><th scope="col">first \\ last</th>`;
    for (let j = 0; j < m.n; j++) html += `<th scope="col">${j + 1}<br>(${m.weights[j]})</th>`;
    html += '</tr></thead><tbody>';
    for (let i = 0; i < m.n; i++) {
      html += `<tr><th scope="row">${i + 1} (${m.weights[i]})</th>`;
      for (let j = 0; j < m.n; j++) {
        const f = j >= i ? filled.get(i * m.n + j) : null;
        if (!f) {
          html += `<td class="empty"${j >= i ? ` data-first="${i}" data-last="${j}"` : ''}></td>`;
          continue;
        }
        const { c, k } = f;
        const line = onLine.has(i * m.n + j);
        const mark = (v) => (v === c.lead ? `<b>${v}&#x2713;</b>` : String(v));
        const wins = c.left === c.right ? 'both ends' : c.left > c.right ? 'the left' : 'the right';
        const cls = ['filled', k === step - 1 ? 'now' : '', line ? 'on-line' : ''].filter(Boolean).join(' ');
        html += `<td class="${cls}" data-first="${i}" data-last="${j}" data-lead="${c.lead}" data-left="${c.left}" data-right="${c.right}"` +
          ` aria-label="${esc(`${wheelsOf(i, j)}: lead ${c.lead}; left keeps ${c.left}, right keeps ${c.right}; ${wins} wins` + (line ? '; on the line' : ''))}">` +
          `<span class="lead">${c.lead}</span>` + (i === j ? '<span class="cand">one wheel</span>'
            : `<span class="cand">L ${mark(c.left)} R ${mark(c.right)}</span>`) + '</td>';
      }
      html += '</tr>';
    }
    $('table-wrap').innerHTML = html + '</tbody></table>';
    let status = 'Nothing filled yet. Step forward to fill the one-wheel blocks: each one\'s lead is its weight.';
    if (now) {
      const a = now.first;
      const b = now.last;
      const w = m.weights;
      status = a === b ? `Block ${wheelsOf(a, b)}: one wheel, so its lead is its weight, ${w[a]}.`
        : `Block ${wheelsOf(a, b)}: taking the left (${w[a]}) keeps ${w[a]} - (${cells.find((c) => c.first === a + 1 && c.last === b).lead}) = ${now.left}; ` +
        `taking the right (${w[b]}) keeps ${w[b]} - (${cells.find((c) => c.first === a && c.last === b - 1).lead}) = ${now.right}. ` +
        `Lead ${now.lead}` + (now.left === now.right ? ': both ends keep it.' : `: take the ${now.left > now.right ? 'left' : 'right'}.`);
      if (step === cells.length) status += ` That is the whole shelf: its lead is the margin, ${m.result.margin}.`;
    }
    $('step-status').textContent = status;
  }

  // MARK: - View: a game against a buyer

  // Replays the moves from the full shelf: the block, both totals, and each
  // move made. Moves past the end of the shelf are ignored.
  function gameAt(m, moves) {
    let i = 0;
    let j = m.n - 1;
    const tot = { first: 0n, second: 0n };
    const made = [];
    for (const ch of moves.slice(0, m.n)) {
      const turn = made.length + 1;
      const end = ch === 'L' ? 'left' : 'right';
      const index = end === 'left' ? i++ : j--;
      tot[buyerOf(turn)] += m.weights[index];
      made.push({ turn, buyer: buyerOf(turn), end, index, weight: m.weights[index], block: [i - (end === 'left'), j + (end === 'right')] });
    }
    const toMove = made.length < m.n ? buyerOf(made.length + 1) : null;
    return { i, j, first: tot.first, second: tot.second, made, toMove, over: toMove === null };
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
    $('play-first').textContent = String(g.first);
    $('play-second').textContent = String(g.second);
    $('play-margin').textContent = String(g[you] - g[other]);
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
    const endButton = (index, end) => wheelHtml(m, index, null, 'end', 'button',
      `type="button" data-end="${end}" aria-label="Take the ${end} wheel, ${esc(kilos(m.weights[index]))}"${yours ? '' : ' disabled'}`);
    if (m.n > WHEELS_MAX) {
      if (g.over) return summaryHtml(m, g.i, g.j);
      return summaryHtml(m, g.i, g.j, `<div class="row">${endButton(g.i, 'left')}<span>...</span>${g.i < g.j ? endButton(g.j, 'right') : ''}</div>`);
    }
    const taken = new Map(g.made.map((mv) => [mv.index, mv]));
    let html = '<ol class="shelf" aria-label="The shelf">';
    for (let k = 0; k < m.n; k++) {
      const mv = taken.get(k);
      if (!g.over && (k === g.i || k === g.j)) html += `<li>${endButton(k, k === g.i ? 'left' : 'right')}</li>`;
      else html += wheelHtml(m, k, mv ? { buyer: mv.buyer, turn: mv.turn } : null, mv && mv.turn === g.made.length ? 'just' : '');
    }
    return html + '</ol>';
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
    const rest = m.explain.sentences.slice(1);
    return '<ul class="trap">' + rest.map((text) => `<li class="sentence">${esc(text)}</li>`).join('') + '</ul>';
  }

  // MARK: - Drawing the page

  const VIEWS = {
    line: { skeleton: lineSkeleton, update: lineUpdate, max: (m) => m.n, step: lineStep },
    table: { skeleton: tableSkeleton, update: tableUpdate, max: (m) => (m.n > TABLE_MAX ? 0 : tableCells(m).length), step: tableStep },
    play: { skeleton: playSkeleton, update: playUpdate },
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
      $('view').innerHTML = '';
      $('trap').innerHTML = '';
      $('trap-section').hidden = true;
      return;
    }
    $('trap-section').hidden = false;
    for (const id of ['margin', 'first', 'second']) {
      $(id).textContent = String(m.result[id]);
      $(id).classList.toggle('long', $(id).textContent.length > 8); // keeps 128-bit totals on a few lines
    }
    const origin = src.kind === 'random' ? `A random shelf (shelf --random ${src.n} --seed ${src.seed} --range ${src.range}): ` : '';
    const perfect = document.createElement('span');
    perfect.className = 'sentence';
    perfect.textContent = m.explain.sentences[0];
    $('summary').textContent = `${origin}${plural(m.n, 'wheel')}, ${kilos(m.sum)} in all. `;
    $('summary').append(perfect);
    const view = VIEWS[state.mode];
    const skeletonKey = `${modelKey}|${state.mode}|${state.as}|${state.vs}`;
    if (drawn !== skeletonKey) {
      $('view').innerHTML = view.skeleton(m);
      $('trap').innerHTML = trapHtml(m);
      drawn = skeletonKey;
    }
    view.update(m);
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
    if (!model || state.mode === 'play') return;
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
    if (!model || state.mode === 'play') return;
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
    }, PLAY_INTERVAL_MS);
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
    const t = e.target.closest('button');
    if (!t || t.disabled) return;
    if (t.dataset.mode) return setMode(t.dataset.mode);
    if (t.dataset.end) return move(t.dataset.end);
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
    };
    if (actions[t.id]) actions[t.id]();
  }

  function onKey(e) {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const tag = e.target.tagName;
    if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return;
    if (!model) return;
    let act = null;
    if (state.mode === 'play') {
      act = { ArrowLeft: () => move('left'), ArrowRight: () => move('right'), h: () => $('hint').click(), '?': () => $('hint').click(), u: undo }[e.key];
    } else {
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

  function start(bridge) {
    shelf = bridge;
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
