// test_best_move.js - bridge.bestMove on every block: its lead is the
// command's margin on that block, and each end keeps its weight minus the
// command's margin on what remains; bridge.greedyEnd plays both buyers
// greedy to the command's greedy totals.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cliJson } = require('./helpers.js');

const margin = (w) => (w.length ? cliJson(w).margin : 0n);

test('every block of two shelves, against the command', async () => {
  const { shelf } = await loadBridge();
  for (const w of [[3, 9, 1, 2], [5, -2, 5, 0, 7, 7]]) {
    for (let i = 0; i < w.length; i++) {
      for (let j = i; j < w.length; j++) {
        const c = shelf.bestMove(w, i, j);
        const block = w.slice(i, j + 1);
        assert.equal(c.lead, margin(block), `${i}..${j}`);
        assert.equal(c.left, BigInt(w[i]) - margin(w.slice(i + 1, j + 1)));
        assert.equal(c.right, BigInt(w[j]) - margin(w.slice(i, j)));
        assert.equal(c.lead, c[c.best], 'the best end keeps the lead');
      }
    }
  }
  // By hand: on 3 9 1 2 the left keeps 3 - 8 = -5, the right 2 - (-5) = 7.
  assert.deepEqual(shelf.bestMove([3, 9, 1, 2], 0, 3), { best: 'right', lead: 7n, left: -5n, right: 7n });
});

test('an empty or out-of-range block is a ShelfError with code 1', async () => {
  const { shelf } = await loadBridge();
  for (const [i, j] of [[2, 1], [0, 4], [4, 4], [-1, 2]]) {
    assert.throws(() => shelf.bestMove([3, 9, 1, 2], i, j), (e) => e.name === 'ShelfError' && e.code === 1 && e.status === 'INVALID');
    assert.throws(() => shelf.greedyEnd([3, 9, 1, 2], i, j), (e) => e.code === 1);
  }
});

test("greedy against greedy ends on the command's greedy totals", async () => {
  const { shelf } = await loadBridge();
  for (const w of [[3, 9, 1, 2], [4, 4, 4, 4], [1, 5, 5, 1, 9], [2, 7, 7, 2, 0, -3]]) {
    let i = 0;
    let j = w.length - 1;
    const tot = [0n, 0n];
    for (let t = 0; i <= j; t++) tot[t % 2] += BigInt(shelf.greedyEnd(w, i, j) === 'left' ? w[i++] : w[j--]);
    const g = cliJson(w, ['--explain']).greedy;
    assert.deepEqual(tot, [g.first, g.second], w.join(' '));
  }
  assert.equal(shelf.greedyEnd([4, 1, 4], 0, 2), 'left', 'the left on equal weights');
});
