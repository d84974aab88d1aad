// page_table.js - the lead table of [3, 9, 1, 2] equals the problem's DP and
// the values worked by hand, fills in the problem's order, and traces the
// line; above 30 wheels a summary stands in for it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { problemLeadTable, cliJson, withBrowser, open, done, text } = require('./helpers.js');

async function shownTable(page) {
  return page.$$eval('td[data-lead]', (tds) => tds.map((td) => ({
    first: Number(td.dataset.first), last: Number(td.dataset.last),
    lead: td.dataset.lead, left: td.dataset.left, right: td.dataset.right,
  })));
}

test('the table of [3, 9, 1, 2] is the DP\'s', async () => {
  await withBrowser(async (browser) => {
    const w = [3, 9, 1, 2];
    const lead = problemLeadTable(w);
    // Worked by hand.
    assert.deepEqual([lead[0][3], lead[1][3], lead[0][2], lead[0][1], lead[1][2], lead[2][3]], [7n, 8n, -5n, 6n, 8n, 1n]);
    const page = await open(browser, '#w=3,9,1,2&mode=table&step=10');
    const cells = await shownTable(page);
    assert.equal(cells.length, 10);
    for (const c of cells) {
      const { first: i, last: j } = c;
      assert.equal(c.lead, String(lead[i][j]), `${i}..${j}`);
      if (i < j) {
        assert.equal(c.left, String(BigInt(w[i]) - lead[i + 1][j]));
        assert.equal(c.right, String(BigInt(w[j]) - lead[i][j - 1]));
      }
    }
    // The line's blocks: 0..3, then 0..2 (it took the right), 1..2, 2..2.
    const onLine = await page.$$eval('td.on-line', (tds) => tds.map((td) => `${td.dataset.first}..${td.dataset.last}`).sort());
    assert.deepEqual(onLine, ['0..2', '0..3', '1..2', '2..2']);
    await done(page);
  });
});

test('the table fills span by span, left to right', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=7,2,9,4,5&mode=table&step=0');
    assert.equal(await page.$$eval('td[data-lead]', (t) => t.length), 0);
    const order = [];
    for (let k = 0; k < 15; k++) {
      await page.click('#step-forward');
      order.push(await page.$eval('td.now', (td) => [Number(td.dataset.first), Number(td.dataset.last)]));
    }
    const expected = [];
    for (let span = 1; span <= 5; span++) for (let i = 0; i + span <= 5; i++) expected.push([i, i + span - 1]);
    assert.deepEqual(order, expected);
    assert.match(await text(page, '#step-status'), new RegExp(`the margin, ${cliJson([7, 2, 9, 4, 5]).margin}\\. `));
    await done(page);
  });
});

test('above 30 wheels the table is a summary', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#random=31&seed=2&mode=table');
    assert.match(await text(page, '#table-summary'), /31 wheels.*496 blocks/s);
    assert.equal(await page.$('table.lead'), null);
    await done(page);
  });
});
