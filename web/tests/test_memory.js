// test_memory.js - the bridge frees what it allocates, on success and on
// every error path: after thousands of calls the allocator hands back the
// same address it did before them, and the heap has not grown.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge } = require('./helpers.js');

test('no allocation outlives a call', async () => {
  const { shelf, module } = await loadBridge();
  const probe = () => {
    const p = module._malloc(64);
    module._free(p);
    return p;
  };
  shelf.solve(shelf.random(1000, 1n)); // let the heap reach its working size
  const before = probe();
  const size = module.HEAPU8.length;
  const w = shelf.random(200, 5n);
  for (let k = 0; k < 2000; k++) {
    shelf.parse('[3, 9, 1, 2]');
    shelf.solve(w);
    shelf.line(w);
    shelf.bestMove(w, 3, 150);
    shelf.greedyEnd(w, 0, 199);
    shelf.explain(w);
    shelf.random(50, BigInt(k));
    assert.throws(() => shelf.parse('1 2 x'));
    assert.throws(() => shelf.bestMove(w, 10, 5));
    if (k % 100 === 0) shelf.leadTable(w.subarray(0, 30));
  }
  assert.equal(probe(), before, 'the same address: nothing left allocated');
  assert.equal(module.HEAPU8.length, size, 'the heap did not grow');
});

test('results are copies: later calls do not change them', async () => {
  const { shelf } = await loadBridge();
  const w = shelf.parse('3 9 1 2');
  const ends = shelf.line(w);
  shelf.parse('100 200 300 400 500 600');
  shelf.line(shelf.random(5000, 2n));
  assert.deepEqual(Array.from(w), [3n, 9n, 1n, 2n]);
  assert.deepEqual(Array.from(ends), [1, 0, 0, 0]);
});
