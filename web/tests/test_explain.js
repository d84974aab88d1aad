// test_explain.js - bridge.explain says what the command's --explain says,
// in numbers and in words, and bridge.standing words a margin as the
// command does.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const { spawnSync } = require('child_process');
const { loadBridge, cli, cliJson, PROBLEM_CASES, ROOT } = require('./helpers.js');

// The expectation, from tests/reference.py (the game's definition in
// Python, with none of shelf's code) and from hand-worked values: not from
// the library the page runs.
function reference(shelves) {
  const script = `import json, sys
sys.path.insert(0, ${JSON.stringify(path.join(ROOT, 'tests'))})
import reference as r
out = []
for w in json.loads(sys.stdin.read()):
    out.append({"margin": str(r.margin(w)), "gvp": str(r.greedy_vs_perfect(w))})
print(json.dumps(out))`;
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(shelves), encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout).map((x) => ({ margin: BigInt(x.margin), gvp: BigInt(x.gvp) }));
}

// Both greedy, and the parity sums, by their definitions.
function byDefinition(w) {
  const v = w.map(BigInt);
  let i = 0;
  let j = v.length - 1;
  const tot = [0n, 0n];
  for (let t = 0; i <= j; t++) tot[t % 2] += v[i] >= v[j] ? v[i++] : v[j--];
  const odd = v.filter((_, k) => k % 2 === 0).reduce((a, b) => a + b, 0n);
  const even = v.filter((_, k) => k % 2 === 1).reduce((a, b) => a + b, 0n);
  return { greedy: { first: tot[0], second: tot[1], margin: tot[0] - tot[1] }, odd, even };
}

test('greedy, greedy against perfect, the trap and the parity floor, against the reference', async () => {
  const { shelf } = await loadBridge();
  const shelves = PROBLEM_CASES.map(([w]) => w).concat([[1, 2, 100, 3], [8, 15, 3, 7], [0, 0, 0], [-5, 3, 3, -5]]);
  const ref = reference(shelves);
  shelves.forEach((w, k) => {
    const e = shelf.explain(w);
    const msg = w.join(' ');
    const sum = w.reduce((a, b) => a + BigInt(b), 0n);
    const def = byDefinition(w);
    assert.equal(e.margin, ref[k].margin, msg);
    assert.equal(e.first, (sum + ref[k].margin) / 2n, msg);
    assert.equal(e.second, (sum - ref[k].margin) / 2n, msg);
    assert.equal(e.greedyVsPerfect, ref[k].gvp, msg);
    assert.deepEqual(e.greedy, def.greedy, msg);
    if (w.length % 2 === 0) {
      const floor = def.odd > def.even ? def.odd - def.even : def.even - def.odd;
      assert.deepEqual(e.parity, { odd: def.odd, even: def.even, floor, gain: ref[k].margin - floor }, msg);
    } else {
      assert.equal(e.parity, null, msg);
    }
  });
  // The trap of [3, 9, 1, 2] worked by hand (docs/algorithm.md): at turn 1
  // the heavier end is the left, wheel 0 (3 kilos); taking it keeps -5
  // where the right (wheel 3) keeps 7: it costs 12.
  assert.deepEqual(shelf.explain([3, 9, 1, 2]).mistake, { turn: 1, end: 'left', wheel: 0, weight: 3n, cost: 12n, other: 3 });
});

test('the sentences are the command\'s, word for word', async () => {
  const { shelf } = await loadBridge();
  for (const w of [[3, 9, 1, 2], [1, 2, 100, 3], [0, 0, 0]]) {
    const lines = cli(['--explain'], w.join(' ') + '\n').stdout.trimEnd().split('\n');
    assert.deepEqual(shelf.explain(w).sentences, lines.slice(1), w.join(' '));
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
