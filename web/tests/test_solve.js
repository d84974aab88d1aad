// test_solve.js - bridge.solve gives the command's margin and totals,
// exactly, as BigInt: the problem's cases, random shelves, and 64-bit extremes
// whose totals need more than 64 bits.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cliJson, PROBLEM_CASES } = require('./helpers.js');

test("the problem's seven cases", async () => {
  const { shelf } = await loadBridge();
  for (const [weights, margin] of PROBLEM_CASES) {
    const r = shelf.solve(weights);
    assert.equal(r.margin, margin, weights.join(' '));
    const ref = cliJson(weights);
    assert.deepEqual(r, { n: weights.length, margin: ref.margin, first: ref.first, second: ref.second });
  }
});

test('random shelves with negatives, zeros and ties, against the command', async () => {
  const { shelf } = await loadBridge();
  let s = 12345;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648);
  for (let k = 0; k < 40; k++) {
    const n = next() % 60;
    const w = Array.from({ length: n }, () => (next() % 21) - 5);
    const r = shelf.solve(w);
    const ref = cliJson(w);
    assert.equal(r.margin, ref.margin, w.join(' '));
    assert.equal(r.first, ref.first);
    assert.equal(r.second, ref.second);
  }
});

test('totals beyond 64 bits stay exact', async () => {
  const { shelf } = await loadBridge();
  const max = 9223372036854775807n;
  const min = -9223372036854775808n;
  for (const w of [[max, max, max], [min, min, min, min, min], [max, min, max, 1n, min]]) {
    const r = shelf.solve(BigInt64Array.from(w));
    const ref = cliJson(w.map(String), ['--']);
    assert.deepEqual(r, { n: w.length, margin: ref.margin, first: ref.first, second: ref.second });
  }
  // Worked by hand: three wheels of 2^63 - 1; the first buyer takes two.
  assert.equal(shelf.solve([max, max, max]).first, 2n * max);
});

test('a plain array and a BigInt64Array give the same answer', async () => {
  const { shelf } = await loadBridge();
  assert.deepEqual(shelf.solve([3, 9, 1, 2]), shelf.solve(BigInt64Array.of(3n, 9n, 1n, 2n)));
  assert.deepEqual(shelf.solve([]), { n: 0, margin: 0n, first: 0n, second: 0n });
});
