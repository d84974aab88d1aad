// page_address.js - what the address and the error box make of hostile
// fragments (issue 19, defect 7): an error after a byte-order mark marks
// the offending text, not U+FFFD; a step of hundreds of digits is the last
// step, written back as an integer; a typed shelf too long for the address
// is said to be so on the page, not dropped without a word.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, withBrowser, open, done, text } = require('./helpers.js');

test('an error after a byte-order mark marks the offending text', async () => {
  await withBrowser(async (browser) => {
    for (const [fragment, bad, found] of [
      ['%EF%BB%BF%20x', '\uFEFF x', 'x'],
      ['%EF%BB%BF1%202%20%E2%88%924', '\uFEFF1 2 \u22124', '\u2212'],
      ['%EF%BB%BF1%0A2%20y', '\uFEFF1\n2 y', 'y'], // line 2: nothing to skip
    ]) {
      const page = await open(browser, `#w=${fragment}`);
      const expected = cli([], bad).stderr.replace(/^shelf: /, '').trim();
      assert.equal(await text(page, '#error-message'), expected, fragment);
      assert.equal(await text(page, '#error-place mark'), found, fragment);
      assert.ok(!(await text(page, '#error-place')).includes('\uFFFD'), fragment);
      // Typed, the place is selected in the box too.
      await page.fill('#shelf-text', '3 4');
      await page.click('#solve');
      await page.fill('#shelf-text', bad);
      await page.click('#solve');
      await page.waitForSelector('#error-message');
      assert.equal(await text(page, '#error-place mark'), found, fragment);
      const selected = await page.$eval('#shelf-text', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
      assert.equal(selected, found, `${fragment}: the place is selected in the box`);
      await done(page);
    }
  });
});

test('a step past the end is the last step, as an integer', async () => {
  await withBrowser(async (browser) => {
    for (const [fragment, want] of [
      [`#w=1,2&step=${'9'.repeat(400)}`, 'step=2'],
      ['#w=3,9,1,2&step=00000000000000000000003', 'step=3'],
      [`#w=3,9,1,2&mode=table&step=${'9'.repeat(30)}`, 'step=10'],
    ]) {
      const page = await open(browser, fragment);
      await page.waitForFunction(() => document.getElementById('margin').textContent !== '-');
      // The page writes its fragment back as it loads (it was step=Infinity).
      const hash = await page.evaluate(() => location.hash);
      assert.ok(hash.includes(want), `${fragment}: ${hash}`);
      assert.ok(!/Infinity|e\+|\./.test(hash), hash);
      assert.equal(await page.$eval('#step', (e) => e.value), want.replace('step=', ''));
      await done(page);
    }
  });
});

test('a typed shelf too long for the address says so', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2');
    const long = Array.from({ length: 5001 }, (_, k) => String((k * 7919) % 100)).join(' ');
    await page.fill('#shelf-text', long);
    await page.click('#solve');
    await page.waitForSelector('#address-note');
    assert.match(await text(page, '#address-note'), /at most 5000 wheels; this one has 5001, so a link to this page will not show it/);
    assert.ok(!(await page.evaluate(() => location.hash)).includes('w='));
    // Within the limit: kept in the address, and no note.
    const fits = long.split(' ').slice(0, 5000).join(' ');
    await page.fill('#shelf-text', fits);
    await page.click('#solve');
    await page.waitForFunction(() => document.getElementById('address-note') === null);
    assert.ok((await page.evaluate(() => location.hash)).includes('w='));
    await done(page);
  });
});
