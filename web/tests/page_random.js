// page_random.js - a rolled shelf is the command's --random shelf, its seed
// shown; a 10^6-wheel shelf is solved in the page (the time is printed, not
// asserted) and drawn as a summary.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, cliJson, withBrowser, open, done, text } = require('./helpers.js');

test('rolling with a seed gives the command\'s shelf', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '');
    await page.fill('#random-n', '12');
    await page.fill('#random-seed', '5');
    await page.fill('#random-range', '-20..20');
    await page.click('#roll');
    const list = cli(['--random', '12', '--seed', '5', '--range', '-20..20'], null).stdout.trim();
    assert.equal(await page.inputValue('#shelf-text'), list);
    assert.match(await page.evaluate(() => location.hash), /random=12&seed=5&range=-20\.\.20/);
    assert.match(await text(page, '#summary'), /shelf --random 12 --seed 5 --range -20\.\.20/);
    // Without a seed one is drawn, and shown.
    await page.fill('#random-seed', '');
    await page.click('#roll');
    const seed = await page.inputValue('#random-seed');
    assert.match(seed, /^\d+$/);
    const ref = cliJson([], ['--random', '12', '--seed', seed, '--range', '-20..20']);
    assert.equal(await text(page, '#margin'), String(ref.margin));
    await done(page);
  });
});

test('a random 10^6-wheel shelf is solved', async () => {
  await withBrowser(async (browser) => {
    const ref = cliJson([], ['--random', '1000000', '--seed', '2026']);
    const page = await open(browser, '#random=1000000&seed=2026');
    assert.equal(await text(page, '#margin'), String(ref.margin));
    assert.equal(await text(page, '#first'), String(ref.first));
    assert.equal(await text(page, '#second'), String(ref.second));
    assert.ok(await page.$('#line-shelf .shelf-count'), 'a window of wheels at each end, with the count between');
    // Rolled from the controls: time from the click to the answer.
    await page.fill('#random-n', '1000000');
    await page.fill('#random-seed', '7');
    await page.fill('#random-range', '1..10000');
    const ms = await page.evaluate(() => {
      const t = performance.now();
      document.getElementById('roll').click();
      return performance.now() - t;
    });
    const ref7 = cliJson([], ['--random', '1000000', '--seed', '7']);
    assert.equal(await text(page, '#margin'), String(ref7.margin));
    console.log(`# 10^6 wheels: rolled, solved, line, explained and drawn in ${ms.toFixed(0)} ms`);
    // The last step of the line, through the checkpoints.
    await page.click('#step-last');
    assert.equal(await text(page, '#step-first'), String(ref7.first));
    await done(page);
  });
});
