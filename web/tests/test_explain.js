// test_explain.js - bridge.explain says what the command's --explain says.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cliJson, SEED_CASES } = require('./helpers.js');

test("greedy, greedy against perfect, the trap and the parity floor, as the command's", async () => {
  const { shelf } = await loadBridge();
  const shelves = SEED_CASES.map(([w]) => w).concat([[1, 2, 100, 3], [8, 15, 3, 7], [0, 0, 0], [-5, 3, 3, -5]]);
  for (const w of shelves) {
    const e = shelf.explain(w);
    const ref = cliJson(w, ['--explain']);
    const msg = w.join(' ');
    assert.equal(e.margin, ref.margin, msg);
    assert.deepEqual(e.greedy, ref.greedy, msg);
    assert.equal(e.greedyVsPerfect, ref.greedy_vs_perfect, msg);
    if (ref.first_mistake === null) assert.equal(e.mistake, null, msg);
    else assert.deepEqual(e.mistake, { turn: Number(ref.first_mistake.turn), end: ref.first_mistake.end, cost: ref.first_mistake.cost }, msg);
    assert.deepEqual(e.parity, ref.parity, msg);
  }
});

test('beyond the limit, greedy against perfect is not computed', async () => {
  const { shelf } = await loadBridge();
  const w = shelf.random(50, 3n);
  assert.equal(shelf.explain(w, 10).greedyVsPerfect, null);
  assert.equal(shelf.explain(w, 0).greedyVsPerfect, cliJson(Array.from(w), ['--explain']).greedy_vs_perfect);
});
