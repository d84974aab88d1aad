// test_random.js - bridge.random makes the shelf `shelf --random` makes.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cli, cliJson } = require('./helpers.js');

test('the same seed, count and range give the same shelf as the command', async () => {
  const { shelf } = await loadBridge();
  const cases = [[5, '1', undefined], [100, '42', '-5..5'], [7, '18446744073709551615', '-9223372036854775808..9223372036854775807'], [3, '0', '7..7']];
  for (const [n, seed, range] of cases) {
    const args = ['--random', String(n), '--seed', seed].concat(range ? ['--range', range] : []);
    const r = cli(args, null);
    assert.equal(r.status, 0, r.stderr);
    const expected = r.stdout.trim().replace(/^\[|\]$/g, '').split(', ').map(BigInt);
    const [lo, hi] = range ? range.split('..').map(BigInt) : [1n, 10000n];
    assert.deepEqual(Array.from(shelf.random(n, BigInt(seed), lo, hi)), expected, args.join(' '));
  }
  assert.deepEqual(Array.from(shelf.random(5, 1n)), [2466n, 8520n, 591n, 236n, 8762n], 'the README\'s example');
});

test('a 10^6-wheel random shelf solves to the command\'s answer', async () => {
  const { shelf } = await loadBridge();
  const w = shelf.random(1000000, 7n);
  const r = shelf.solve(w);
  const ref = cliJson([], ['--random', '1000000', '--seed', '7']);
  assert.deepEqual(r, { n: 1000000, margin: ref.margin, first: ref.first, second: ref.second });
});

test('lo > hi is a ShelfError (INVALID)', async () => {
  const { shelf } = await loadBridge();
  assert.throws(() => shelf.random(3, 1n, 5n, 4n), (e) => e.name === 'ShelfError' && e.code === 1);
});
