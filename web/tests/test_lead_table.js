// test_lead_table.js - bridge.leadTable: every block's lead and what each
// end keeps, in the problem's fill order (span by span, left to right),
// against the command's margin on each block and against values worked by
// hand.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cliJson } = require('./helpers.js');

test('[3, 9, 1, 2], worked by hand, in fill order', async () => {
  const { shelf } = await loadBridge();
  const cells = shelf.leadTable([3, 9, 1, 2]);
  assert.deepEqual(cells.map((c) => [c.first, c.last]),
    [[0, 0], [1, 1], [2, 2], [3, 3], [0, 1], [1, 2], [2, 3], [0, 2], [1, 3], [0, 3]]);
  const lead = Object.fromEntries(cells.map((c) => [`${c.first}..${c.last}`, c.lead]));
  // 3 9 1 2 -> 7; 9 1 2 -> 8; 3 9 1 -> -5; 3 9 -> 6; 9 1 -> 8; 1 2 -> 1.
  assert.equal(lead['0..3'], 7n);
  assert.equal(lead['1..3'], 8n);
  assert.equal(lead['0..2'], -5n);
  assert.equal(lead['0..1'], 6n);
  assert.equal(lead['1..2'], 8n);
  assert.equal(lead['2..3'], 1n);
  const whole = cells[cells.length - 1];
  assert.deepEqual([whole.left, whole.right], [3n - 8n, 2n - -5n]);
});

test("every block's lead is the command's margin on it", async () => {
  const { shelf } = await loadBridge();
  const w = [5, -2, 5, 0, 7, 7, 1];
  for (const c of shelf.leadTable(w)) {
    const block = w.slice(c.first, c.last + 1);
    assert.equal(c.lead, cliJson(block).margin, `${c.first}..${c.last}`);
    assert.equal(c.lead, c.left > c.right ? c.left : c.right);
  }
});

test('too long a shelf is a ShelfError (TOO_LONG)', async () => {
  const { shelf } = await loadBridge();
  assert.throws(() => shelf.leadTable(new BigInt64Array(1025)), (e) => e.code === 4 && e.status === 'TOO_LONG');
  assert.deepEqual(shelf.leadTable([]), []);
});
