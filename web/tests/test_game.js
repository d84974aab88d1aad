// test_game.js - the page's game (bridge.js play(), web_play in wasm.c) is
// libshelf's: the same scripted games played through the bridge and by
// `shelf --interactive` in a pipe give the same sentence for every move,
// the same summary and the same review, row for row; and undo, a forced
// last wheel and the person's choices follow the rules in shelf_teach.h;
// greedy played on --trap shelves loses what --explain states.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cli, trapShelf, statedLoss, TRAP_CASES, TRAP_SEEDS } = require('./helpers.js');

// The command's text for a game answered with `choices` (l, r), then q,
// with its wrapping undone (it wraps at 80 columns in a pipe).
function terminal(weights, choices, options) {
  const input = choices.map((c) => `${c}\n`).join('') + 'q\n';
  const p = cli(['--interactive', ...options, '--', ...weights.map(String)], input);
  assert.equal(p.status, 0, p.stderr);
  return p.stdout.split(/\s+/).join(' ');
}

const SIDES = [
  [{ first: 'person', second: 'perfect' }, []],
  [{ first: 'perfect', second: 'person' }, ['--second']],
  [{ first: 'person', second: 'greedy' }, ['--vs', 'greedy']],
  [{ first: 'person', second: 'person' }, ['--vs', 'person']],
];

test('the same games give the same words on the page and in the terminal', async () => {
  const { shelf } = await loadBridge();
  for (let seed = 1; seed <= 24; seed++) {
    const w = Array.from(shelf.random(2 + (seed % 7), BigInt(seed), -9n, 30n), Number);
    for (const [who, options] of SIDES) {
      let script = '';
      let g = shelf.play(w, who, script);
      for (let k = 0; !g.over; k++) {
        script += (seed * 7 + k) % 3 === 0 ? 'L' : 'R';
        g = shelf.play(w, who, script);
      }
      assert.equal(g.choices, script);
      const text = terminal(w, script.toLowerCase().split(''), options);
      const where = `${JSON.stringify(who)} on [${w}] playing ${script}`;
      for (const m of g.moves) assert.ok(text.includes(m.said), `${where}: ${m.said}`);
      for (const s of g.summary) assert.ok(text.includes(s), `${where}: ${s}`);
      const rows = g.review.map((r) => [r.turn, r.end, r.weight, r.kept, r.best, r.cost].join(' ')).join(' ');
      assert.ok(text.includes(`lead kept best lead cost ${rows} (A lead`), `${where}: ${rows}`);
    }
  }
});

test('greedy played on --trap shelves loses what --explain states', async () => {
  // The page's perfect buyer is the one --explain measures: a person who
  // takes the heavier end (the left on equal weights) at every turn
  // finishes with the margin less the loss the trap sentence states.
  const { shelf } = await loadBridge();
  const played = new Set();
  for (const [n, range] of TRAP_CASES) {
    for (const seed of TRAP_SEEDS) {
      const w = trapShelf(n, seed, range);
      if (played.has(w.join(' '))) continue;
      played.add(w.join(' '));
      const { margin, loss } = statedLoss(w);
      assert.ok(loss >= 1n, `[${w}]`);
      const who = { first: 'person', second: 'perfect' };
      let script = '';
      let g = shelf.play(w, who, script);
      while (!g.over) {
        script += w[g.first] >= w[g.last] ? 'L' : 'R';
        g = shelf.play(w, who, script);
      }
      assert.equal(g.totals.first - g.totals.second, margin - loss, `[${w}] playing ${script}`);
      assert.equal(g.review.reduce((a, r) => a + r.cost, 0n), loss, `[${w}]`);
    }
  }
  assert.ok(played.size > 30, `${played.size} shelves`);
});

test('undo, the forced last wheel and the choices kept', async () => {
  const { shelf } = await loadBridge();
  const who = { first: 'person', second: 'perfect' };
  let g = shelf.play([3, 9, 1, 2], who, 'L');
  assert.deepEqual(g.moves.map((m) => [m.buyer, m.end, m.player]), [['first', 'left', 'person'], ['second', 'left', 'perfect']]);
  assert.equal(g.moves[0].said, 'You take the left wheel (3 kilos): that cost you 12 kilos of lead (the right would have kept a lead of 7; the left keeps -5).');
  assert.equal(g.toMove, 'first');
  assert.match(g.hint, /^Hint: the left wheel \(1 kilo\)/);
  g = shelf.play([3, 9, 1, 2], who, 'LR');
  assert.ok(g.over && g.moves[3].player === 'perfect' && g.hint === null);
  // Undo after the game goes back before the last choice, past the reply.
  g = shelf.play([3, 9, 1, 2], who, 'LRU');
  assert.equal(g.choices, 'L');
  assert.equal(g.moves.length, 2);
  // A last wheel of the person's is taken for them and never undone alone.
  g = shelf.play([1, 5, 2], who, 'L');
  assert.ok(g.over);
  assert.deepEqual(g.review.map((r) => [r.end, r.forced]), [['left', false], ['last', true]]);
  assert.equal(shelf.play([1, 5, 2], who, 'LU').choices, '');
  // Again starts over; a move when over is refused.
  assert.equal(shelf.play([3, 9, 1, 2], who, 'LRA').moves.length, 0);
  assert.throws(() => shelf.play([3, 9, 1, 2], who, 'LRL'), { status: 'INVALID' });
  assert.throws(() => shelf.play([3, 9, 1, 2], { first: 'person', second: 'lucky' }), { status: 'INVALID' });
});
