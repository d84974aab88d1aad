// page_errors.js - a parse error is shown with the command's words and its
// place (line and column, the offending text marked), typed or linked;
// fixing the text clears it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, withBrowser, open, done, text } = require('./helpers.js');

test('a parse error names and marks its place', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2');
    const bad = '3 9\n1 x 2';
    await page.fill('#shelf-text', bad);
    await page.click('#solve');
    await page.waitForSelector('#error-message');
    const expected = cli([], bad).stderr.replace(/^shelf: /, '').trim();
    assert.equal(expected, 'line 2, column 3: expected an integer, found "x"');
    assert.equal(await text(page, '#error-message'), expected);
    assert.equal(await text(page, '#error-place mark'), 'x');
    assert.equal(await text(page, '#error-place'), '1 x 2');
    assert.equal(await page.getAttribute('#shelf-text', 'aria-invalid'), 'true');
    const selected = await page.$eval('#shelf-text', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
    assert.equal(selected, 'x', 'the place is selected in the box');
    assert.equal(await page.getAttribute('#error', 'role'), 'alert');
    assert.equal(await text(page, '#margin'), '-');
    // The link keeps the bad text, so it shows the same error.
    const hash = await page.evaluate(() => location.hash);
    const again = await open(browser, hash);
    assert.equal(await text(again, '#error-message'), expected);
    await done(again);
    // Fixed, the error goes and the answer comes.
    await page.fill('#shelf-text', '3 9\n1 2');
    await page.click('#solve');
    await page.waitForFunction(() => document.getElementById('margin').textContent === '7');
    assert.equal(await page.$('#error-message'), null);
    await done(page);
  });
});

test('other errors: an unclosed list, a Unicode minus, a bad random range', async () => {
  await withBrowser(async (browser) => {
    for (const bad of ['[1, 2', '1 \u2212 4', '1,,2']) {
      const page = await open(browser, `#w=${encodeURIComponent(bad)}`);
      const expected = cli([], bad).stderr.replace(/^shelf: /, '').trim();
      assert.equal(await text(page, '#error-message'), expected, bad);
      assert.equal(await text(page, '#error-place mark'), { '[1, 2': '[', '1 \u2212 4': '\u2212', '1,,2': ',' }[bad]);
      await done(page);
    }
    const page = await open(browser, '#random=5&seed=1&range=9..3');
    assert.match(await text(page, '#error-message'), /range must be LO\.\.HI/);
    await done(page);
  });
});
