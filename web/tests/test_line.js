// test_line.js - bridge.line gives the ends of the command's --moves.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cliJson, PROBLEM_CASES } = require('./helpers.js');

test("the line is the command's, move for move", async () => {
  const { shelf } = await loadBridge();
  const shelves = PROBLEM_CASES.map(([w]) => w);
  let s = 99;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648);
  for (let k = 0; k < 20; k++) shelves.push(Array.from({ length: next() % 40 }, () => next() % 10));
  for (const w of shelves) {
    const ends = shelf.line(w);
    assert.ok(ends instanceof Uint8Array);
    const moves = cliJson(w, ['--moves']).moves;
    assert.deepEqual(Array.from(ends, (e) => (e === 0 ? 'left' : 'right')), moves.map((m) => m.end), w.join(' '));
  }
});

test('[3, 9, 1, 2]: right, then left, left, left (worked by hand)', async () => {
  const { shelf } = await loadBridge();
  assert.deepEqual(Array.from(shelf.line([3, 9, 1, 2])), [1, 0, 0, 0]);
});
