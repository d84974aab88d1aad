// test_reduction.js - the page's step-by-step reduction (web_reduction in
// wasm.c) ends on the interval DP's margin, and the exercise's named
// mistakes and the notes on input are the library's, checked against
// values worked by hand and the command.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cli } = require('./helpers.js');

test('the reduction of [3, 9, 1, 2], worked by hand (docs/algorithm.md)', async () => {
  const { shelf } = await loadBridge();
  const r = shelf.reduction([3, 9, 1, 2]);
  const merges = r.steps.filter((s) => s.kind === 'merge');
  assert.deepEqual(merges.map((s) => [s.lo, s.hi, s.a, s.b, s.c, s.value]), [[0, 2, 3n, 9n, 1n, -5n]]);
  const takes = r.steps.filter((s) => s.kind === 'take');
  assert.deepEqual(takes.map((s) => [s.buyer, s.value, s.lo, s.hi]), [['first', 2n, 3, 3], ['second', -5n, 0, 2]]);
  assert.equal(r.margin, 7n);
});

test('the reduction ends on the DP margin on random shelves', async () => {
  const { shelf } = await loadBridge();
  for (let seed = 1; seed <= 400; seed++) {
    const n = seed % 23;
    const lo = seed % 3 === 0 ? -5n : seed % 3 === 1 ? 0n : 1n;
    const w = shelf.random(n, BigInt(seed), lo, seed % 2 ? 6n : 1000n);
    const r = shelf.reduction(w);
    assert.equal(r.margin, shelf.solve(w, 'dp').margin, `seed ${seed}: ${Array.from(w)}`);
    // Every wheel is pushed once; every group taken once, the takes cover the shelf.
    assert.equal(r.steps.filter((s) => s.kind === 'push').length, n);
    const covered = r.steps.filter((s) => s.kind === 'take').reduce((k, s) => k + s.hi - s.lo + 1, 0);
    assert.equal(covered, n);
  }
});

test('a wrong cell is named from the known mistakes', async () => {
  const { shelf } = await loadBridge();
  const w = [3, 9, 1, 2];
  // Block 1..2 (wheels 3 9): lead max(3 - 9, 9 - 3) = 6 by hand.
  assert.equal(shelf.cellMistake(w, 0, 1, 6n).name, 'none');
  assert.equal(shelf.cellMistake(w, 0, 1, -6n).name, 'sign');
  assert.equal(shelf.cellMistake(w, 0, 1, 12n).name, 'added'); // 3 + 9
  // Block 0..2 (3 9 1): lead max(3 - 8, 1 - 6) = -5; 3 - lead(1..1) = -6 reads a wrong neighbour.
  assert.equal(shelf.cellMistake(w, 0, 2, -5n).name, 'none');
  assert.equal(shelf.cellMistake(w, 0, 2, -6n).name, 'neighbour');
  assert.equal(shelf.cellMistake(w, 0, 2, 99n).name, 'unknown');
  assert.match(shelf.cellMistake(w, 0, 1, 12n).sentence, /\.$/);
});

test('each slip typed into [3, 9] has its own name and a sentence of that block; greedy only where the heavier end keeps less', async () => {
  const { shelf } = await loadBridge();
  const w = [3, 9, 1, 2];
  // [3, 9]: 9 and 3 are the wheels alone (the heavier end keeps the lead, 6).
  const nine = shelf.cellMistake(w, 0, 1, 9n);
  assert.equal(nine.name, 'wheel-alone');
  assert.equal(nine.sentence, 'Wheel alone: you took the right wheel, 9, and left out the lead of what remains, [3]: ' +
    'the other buyer moves next there and finishes 3 kilos ahead, so taking the right wheel keeps 9 - 3, not 9.');
  assert.equal(shelf.cellMistake(w, 0, 1, 3n).name, 'wheel-alone');
  assert.match(shelf.cellMistake(w, 0, 1, 3n).sentence, /you took the left wheel, 3, and left out the lead of what remains, \[9\]/);
  assert.equal(shelf.cellMistake(w, 0, 1, 0n).name, 'neighbour'); // 3 - lead([3]): the reads crossed
  for (let v = -20n; v <= 20n; v++) assert.notEqual(shelf.cellMistake(w, 0, 1, v).name, 'greedy', `${v} in [3, 9]`);
  // Picking the ends of [3, 9]: the left keeps -6 (one-end), the right the lead.
  const left = shelf.endMistake(w, 0, 1, 'left');
  assert.deepEqual([left.name, left.kept], ['one-end', -6n]);
  assert.match(left.sentence, /^One end: -6 is what taking the left wheel keeps, 3 - 9, the lead of \[9\] counting against you/);
  assert.equal(shelf.endMistake(w, 0, 1, 'right').name, 'none');
  // The whole shelf: the heavier end, the left 3, keeps 3 - 8 = -5 < 7.
  const greedy = shelf.cellMistake(w, 0, 3, -5n);
  assert.equal(greedy.name, 'greedy');
  assert.match(greedy.sentence, /^Greedy: -5 is what the heavier end keeps: the left wheel, 3, minus the lead of what remains, \[9, 1, 2\]/);
  assert.equal(shelf.endMistake(w, 0, 3, 'left').name, 'greedy');
  assert.equal(shelf.cellMistake(w, 0, 3, 3n).name, 'wheel-alone'); // the heavier weight alone is not greedy
  assert.throws(() => shelf.endMistake(w, 0, 1, 'middle'), /invalid/i);
});

test('notes on pasted input say what the command says', async () => {
  const { shelf } = await loadBridge();
  for (const text of ['4\n10 80 90 30\n', '1,000 2,500 3\n']) {
    const got = shelf.parseWithNotes(text).notes;
    const said = cli([], text).stderr.trim().split('\n').filter((l) => l.startsWith('shelf: note: '));
    assert.equal(got.length, said.length, text);
    got.forEach((note, k) => assert.ok(said[k].startsWith(`shelf: note: line ${note.line}: ${note.text}`), `${said[k]} / ${note.text}`));
  }
  assert.equal(shelf.parseWithNotes('4\n10 80 90 30\n').notes[0].kind, 'count');
  assert.equal(shelf.parseWithNotes('1,000 2,500 3').notes[0].kind, 'thousands');
  assert.deepEqual(Array.from(shelf.parse('4\n10 80 90 30\n', true)), [10n, 80n, 90n, 30n]);
  assert.deepEqual(shelf.parseWithNotes('3 9 1 2').notes, []);
});

test('the greedy first line of [3, 9, 1, 2] and its replay', async () => {
  const { shelf } = await loadBridge();
  const w = [3, 9, 1, 2];
  const g = shelf.greedyLine(w, true);
  assert.equal(g[0], 0); // the heavier end, 3
  const end = shelf.game(w, g, 4, 4);
  // By hand: first takes 3; second (perfect) on 9 1 2 takes 9; first takes 2; second 1: 5 to 10.
  assert.deepEqual([end.totals.first, end.totals.second], [5n, 10n]);
  assert.deepEqual(end.moves.map((m) => m.wheel), [0, 1, 3, 2]);
  assert.equal(shelf.kilosWord(1n), 'kilo');
  assert.equal(shelf.kilosWord(-7n), 'kilos');
  assert.deepEqual([...shelf.ends, ...shelf.buyers], ['left', 'right', 'first', 'second']);
});
