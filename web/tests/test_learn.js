// test_learn.js - the bridge's calls for the learner's path (issue 32,
// web/wasm_learn.c): learnFill, the problem's loop in the form shown,
// against leadTable (the right form) and against the pitfalls' loops
// written here; leadTable's colours against those of the command's
// picture (shelf --svg - --svg-show table) on the same shelf.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cli, problemLeadTable, pitfallTable } = require('./helpers.js');

const SHELVES = [[7, 2, 9, 4], [3, 9, 1, 2], [2, 4, 8, 1, 9, 3], [5, -2, 5, 0, 7, 7, 1], [6], [4, 4, 4, 4]];

test('the right form is the lead table, write for write', async () => {
  const { shelf } = await loadBridge();
  for (const w of SHELVES) {
    const writes = shelf.learnFill(w);
    const table = shelf.leadTable(w);
    assert.deepEqual(writes.map((c) => [c.first, c.last, c.left, c.right, c.lead]),
      table.map((c) => [c.first, c.last, c.first === c.last ? c.lead : c.left, c.first === c.last ? c.lead : c.right, c.lead]), `[${w}]`);
    assert.ok(writes.every((c) => !c.unread.left && !c.unread.right), `[${w}]: by span, nothing is read unwritten`);
  }
});

test("each pitfall's table, and the problem's 22 and 7 on [7, 2, 9, 4]", async () => {
  const { shelf } = await loadBridge();
  for (const w of SHELVES) {
    for (const form of [{ added: true }, { leftIndex: true }, { added: true, leftIndex: true }]) {
      const ref = pitfallTable(w, form);
      for (const c of shelf.learnFill(w, form)) assert.equal(c.lead, ref[c.first][c.last], `[${w}] ${JSON.stringify(form)} ${c.first},${c.last}`);
    }
  }
  const answer = (form) => shelf.learnFill([7, 2, 9, 4], form).find((c) => c.first === 0 && c.last === 3).lead;
  assert.equal(answer({ added: true }), 22n);
  assert.equal(answer({ leftIndex: true }), 7n);
  assert.equal(answer({}), problemLeadTable([7, 2, 9, 4])[0][3]);
  // By left index, lead[0][2] reads lead[1][2] before row 1 is written.
  const c = shelf.learnFill([7, 2, 9, 4], { leftIndex: true }).find((x) => x.first === 0 && x.last === 2);
  assert.deepEqual(c.unread, { left: true, right: false });
});

test("leadTable's colours are the picture's, cell for cell", async () => {
  const { shelf } = await loadBridge();
  for (const w of [[7, 2, 9, 4], [3, 9, 1, 2], [5, -2, 5, 0, 7, 7, 1], [1, 1000000000000, 1]]) {
    const r = cli(['--svg', '-', '--svg-show', 'table'], w.join(' ') + '\n');
    assert.equal(r.status, 0, r.stderr);
    // The picture's cells, row by row (y), then column by column (x).
    const rects = [...r.stdout.matchAll(/<rect class="lead[^"]*" x="(\d+)" y="(\d+)"[^>]* fill="(#[0-9a-f]{6})"/g)]
      .map((m) => ({ x: Number(m[1]), y: Number(m[2]), fill: m[3] }))
      .sort((a, b) => a.y - b.y || a.x - b.x);
    const n = w.length;
    assert.equal(rects.length, (n * (n + 1)) / 2, `[${w}]: the picture's cells`);
    const picture = new Map();
    let k = 0;
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) picture.set(`${i},${j}`, rects[k++].fill);
    for (const c of shelf.leadTable(w)) {
      assert.equal(c.fill, picture.get(`${c.first},${c.last}`), `[${w}] ${c.first},${c.last}`);
      assert.match(c.ink, /^#[0-9a-f]{6}$/);
    }
  }
});
