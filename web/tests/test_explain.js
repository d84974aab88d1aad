// test_explain.js - bridge.explain says what the command's --explain says,
// in numbers and in words, and bridge.standing words a margin as the
// command does.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cli, cliJson, SEED_CASES } = require('./helpers.js');

test("greedy, greedy against perfect, the trap and the parity floor, as the command's", async () => {
  const { shelf } = await loadBridge();
  const shelves = SEED_CASES.map(([w]) => w).concat([[1, 2, 100, 3], [8, 15, 3, 7], [0, 0, 0], [-5, 3, 3, -5]]);
  for (const w of shelves) {
    const e = shelf.explain(w);
    const ref = cliJson(w, ['--explain', '--moves']);
    const msg = w.join(' ');
    assert.equal(e.margin, ref.margin, msg);
    assert.equal(e.first, ref.first, msg);
    assert.equal(e.second, ref.second, msg);
    assert.deepEqual(e.greedy, ref.greedy, msg);
    assert.equal(e.greedyVsPerfect, ref.greedy_vs_perfect, msg);
    if (ref.first_mistake === null) assert.equal(e.mistake, null, msg);
    else {
      const fm = ref.first_mistake;
      // The wheel the line takes instead is the line's move at that turn.
      const other = Number(ref.moves[Number(fm.turn) - 1].index);
      assert.deepEqual(e.mistake, { turn: Number(fm.turn), end: fm.end, wheel: Number(fm.index), weight: fm.weight, cost: fm.cost, other }, msg);
    }
    assert.deepEqual(e.parity, ref.parity, msg);
    // The sentences, word for word: the command's lines after the margin.
    const lines = cli(['--explain'], w.join(' ') + '\n').stdout.trimEnd().split('\n');
    assert.deepEqual(e.sentences, lines.slice(1), msg);
  }
});

test('a margin in words, as the command says it', async () => {
  const { shelf } = await loadBridge();
  // The command's own words for perfect play, 'finishes <standing>, ...'.
  for (const w of [[3, 9, 1, 2], [1, 1, 1, 1], [1, 2], [2, 1], [1, 3, 1]]) {
    const ref = cliJson(w);
    const perfect = cli(['--explain'], w.join(' ') + '\n').stdout.split('\n')[1];
    assert.equal(perfect, `Perfect play: the first buyer finishes ${shelf.standing(ref.margin)}, ${ref.first} to ${ref.second}.`);
  }
  // By hand, at the ends of the 128-bit range.
  const max = (1n << 127n) - 1n;
  assert.equal(shelf.standing(max), `${max} kilos ahead`);
  assert.equal(shelf.standing(-max - 1n), `${max + 1n} kilos behind`);
  assert.equal(shelf.standing(-1n), '1 kilo behind');
  assert.throws(() => shelf.standing(max + 1n), (e) => e.status === 'RANGE');
  assert.throws(() => shelf.standing(-max - 2n), (e) => e.status === 'RANGE');
  assert.throws(() => shelf.standing('7x'), (e) => e.status === 'INVALID');
  assert.throws(() => shelf.standing(''), (e) => e.status === 'INVALID');
});

test('beyond the limit, greedy against perfect is not computed', async () => {
  const { shelf } = await loadBridge();
  const w = shelf.random(50, 3n);
  assert.equal(shelf.explain(w, 10).greedyVsPerfect, null);
  assert.match(shelf.explain(w, 10).sentences[2], /not computed above 10 wheels/);
  assert.equal(shelf.explain(w, 0).greedyVsPerfect, cliJson(Array.from(w), ['--explain']).greedy_vs_perfect);
});
