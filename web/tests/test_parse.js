// test_parse.js - bridge.parse reads every form the command reads, and
// its errors name the same place with the same words as the command's.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge, cli, cliJson } = require('./helpers.js');

const ACCEPTED = [
  '3 9 1 2', '[3, 9, 1, 2]', '[3, 9, 1, 2,]', '3,9,1,2', ' 3\n9\r\n1\t2 \n', '\ufeff[7, 2, 9, 4]',
  '+5 -0 007', '-9223372036854775808 9223372036854775807', '', '[]', '[\n  1,\n  2\n]\n',
];
const REJECTED = [
  '[1, 2', '1,,2', '[,1]', '1 2]', '[[1]]', '1.5', '1e3', '0x10', 'nan', '"1"', '9223372036854775808',
  '-9223372036854775809', '1 2\n3 \u2212 4', '[1] 2', '1 [2]', 'a', '1 \u0001 2', '12345678901234567890123456789012345678901234567890',
];

test('accepts what the command accepts, with the same weights', async () => {
  const { shelf } = await loadBridge();
  for (const text of ACCEPTED) {
    const w = shelf.parse(text);
    assert.ok(w instanceof BigInt64Array);
    const r = cli(['--json', '--moves'], text);
    assert.equal(r.status, 0, `${JSON.stringify(text)}: ${r.stderr}`);
    // The command's moves name every wheel's weight by index.
    const moves = require('./helpers.js').parseJsonBig(r.stdout).moves || [];
    const expected = new Array(moves.length);
    for (const mv of moves) expected[Number(mv.index)] = mv.weight;
    assert.deepEqual(Array.from(w), expected, JSON.stringify(text));
  }
});

test('rejects what the command rejects, naming the same place', async () => {
  const { shelf } = await loadBridge();
  for (const text of REJECTED) {
    const r = cli([], text);
    assert.equal(r.status, 1, JSON.stringify(text));
    assert.throws(() => shelf.parse(text), (e) => {
      assert.equal(e.name, 'ShelfError');
      assert.equal(`shelf: ${e.message}\n`, r.stderr, JSON.stringify(text));
      const [, line, column] = /line (\d+), column (\d+)/.exec(r.stderr);
      assert.equal(e.line, Number(line));
      assert.equal(e.column, Number(column));
      assert.ok(e.code >= 10, 'a parse code');
      return true;
    });
  }
});

test('a parse error carries code, status name, message, line, column, offset and found', async () => {
  const { shelf } = await loadBridge();
  try {
    shelf.parse('1 2\n3 x');
    assert.fail('no error');
  } catch (e) {
    assert.equal(e.code, 10);
    assert.equal(e.status, 'EXPECTED_INTEGER');
    assert.equal(e.reason, 'expected an integer');
    assert.equal(e.line, 2);
    assert.equal(e.column, 3);
    assert.equal(e.offset, 6);
    assert.equal(e.found, 'x');
  }
});

test('a long typed shelf parses to the weights the command solves', async () => {
  const { shelf } = await loadBridge();
  const words = [];
  for (let k = 0; k < 20000; k++) words.push(String(((k * 7919) % 20001) - 10000));
  const w = shelf.parse(words.join(', '));
  assert.equal(w.length, 20000);
  assert.equal(shelf.solve(w).margin, cliJson(words).margin);
});
