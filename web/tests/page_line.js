// page_line.js - stepping through the line: the slider's last step shows
// the final totals, each step the command's move, by buttons and keys.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cliJson, withBrowser, open, done, text } = require('./helpers.js');

test('every step of the line shows the command\'s move and running totals', async () => {
  await withBrowser(async (browser) => {
    const weights = [2, 4, 8, 1, 9, 3];
    const ref = cliJson(weights, ['--moves']);
    const page = await open(browser, `#w=${weights.join(',')}`);
    assert.equal(await text(page, '#step-first'), '0');
    await page.click('h1');
    let first = 0n;
    let second = 0n;
    for (const mv of ref.moves) {
      await page.keyboard.press('ArrowRight');
      if (mv.buyer === 'first') first += mv.weight; else second += mv.weight;
      const status = await text(page, '#step-status');
      assert.ok(status.startsWith(`Turn ${mv.turn} of 6: the ${mv.buyer} buyer takes the ${mv.end} end (wheel ${Number(mv.index) + 1}, ${mv.weight} kilo`), status);
      assert.equal(await text(page, '#step-first'), String(first));
      assert.equal(await text(page, '#step-second'), String(second));
      assert.equal(await page.$$eval('.wheel.just', (e) => e.length), 1, 'the move is marked');
    }
    await page.keyboard.press('Home');
    assert.equal(await text(page, '#step-first'), '0');
    await page.click('#step-forward');
    await page.click('#step-forward');
    assert.match(await page.evaluate(() => location.hash), /step=2/);
    await page.click('#step-back');
    assert.match(await page.evaluate(() => location.hash), /step=1/);
    await done(page);
  });
});

test("the slider's last step shows the final totals", async () => {
  await withBrowser(async (browser) => {
    for (const fragment of ['#w=3,9,1,2', '#random=500&seed=11&range=-50..100']) {
      const page = await open(browser, fragment);
      const ref = fragment.startsWith('#w') ? cliJson([3, 9, 1, 2])
        : cliJson([], ['--random', '500', '--seed', '11', '--range', '-50..100']);
      const max = await page.getAttribute('#step', 'max');
      assert.equal(max, String(ref.n));
      await page.locator('#step').fill(max);
      assert.equal(await text(page, '#step-first'), String(ref.first), fragment);
      assert.equal(await text(page, '#step-second'), String(ref.second));
      assert.equal(await text(page, '#step-margin'), String(ref.margin));
      // The link opens the same step.
      const again = await open(browser, await page.evaluate(() => location.hash));
      assert.equal(await text(again, '#step-first'), String(ref.first));
      await done(again);
      await done(page);
    }
  });
});

test('play steps on its own to the end', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2');
    await page.click('#step-play');
    // No deadline (timeout 0): Play's timer takes 4 x 700 ms of the
    // machine's time; CTest's timeout bounds a hang.
    await page.waitForFunction(() => /step=4/.test(location.hash), null, { timeout: 0 });
    assert.equal(await text(page, '#step-first'), '11');
    assert.equal(await page.getAttribute('#step-play', 'aria-pressed'), 'false');
    await done(page);
  });
});
