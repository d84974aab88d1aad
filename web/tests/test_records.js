// test_records.js - the records web/wasm.c writes, as the module describes
// them (web/wasm_records.c): each field lies inside its record, no two
// overlap, every kind is one bridge.js reads, and every enum a field names
// has the library's names. bridge.js builds its readers from this
// description, so a field it misreads would show here or in every other test.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadBridge } = require('./helpers.js');

const KINDS = ['u32', 'i32', 'bool', 'i64', 'i128', 'text', 'pointer'];

function described(m) {
  const records = {};
  for (let k = 0, p; (p = m._web_record_name(k)) !== 0; k++) records[m.UTF8ToString(p)] = { size: m._web_record_size(k), fields: [] };
  for (let k = 0, p; (p = m._web_field_record(k)) !== 0; k++) {
    const record = records[m.UTF8ToString(p)];
    assert.ok(record, `field ${k} belongs to an unknown record ${m.UTF8ToString(p)}`);
    record.fields.push({
      name: m.UTF8ToString(m._web_field_name(k)), kind: m.UTF8ToString(m._web_field_kind(k)),
      offset: m._web_field_offset(k), size: m._web_field_size(k),
    });
  }
  return records;
}

test('every record field lies in its record, alone, with a kind the bridge reads', async () => {
  const { shelf, module } = await loadBridge();
  const records = described(module);
  assert.ok(Object.keys(records).length >= 10);
  for (const [name, { size, fields }] of Object.entries(records)) {
    assert.ok(fields.length > 0, `${name} has fields`);
    const sorted = [...fields].sort((a, b) => a.offset - b.offset);
    let end = 0;
    for (const f of sorted) {
      const what = `${name}.${f.name}`;
      assert.ok(f.offset >= end, `${what} overlaps the field before it`);
      assert.ok(f.offset + f.size <= size, `${what} ends past the record`);
      assert.ok(KINDS.includes(f.kind) || f.kind in shelf.names, `${what} has kind ${f.kind}`);
      if (f.kind === 'i128') assert.equal(f.size, shelf.constants.I128_BUFSIZE, what);
      if (['u32', 'i32', 'bool'].includes(f.kind) || f.kind in shelf.names) assert.equal(f.size, 4, what);
      end = f.offset + f.size;
    }
  }
});

test('the enums crossing in records have the library\'s names', async () => {
  const { shelf } = await loadBridge();
  const C = shelf.constants;
  assert.deepEqual(shelf.names.end, ['left', 'right']);
  assert.deepEqual(shelf.names.buyer, ['first', 'second']);
  assert.equal(shelf.names.player[C.PLAYER_PERSON], 'person');
  assert.equal(shelf.names.player[C.PLAYER_GREEDY], 'greedy');
  assert.equal(shelf.names.step_kind[C.STEP_MERGE], 'merge');
  assert.equal(shelf.names.note_kind[C.NOTE_THOUSANDS], 'thousands');
  assert.equal(shelf.names.mistake[C.MISTAKE_NONE], 'none');
  assert.equal(shelf.names.mistake[C.MISTAKE_ONE_END], shelf.mistake(C.MISTAKE_ONE_END).name);
});
