// page_screenshots.js - what every view shows, at 1280x900 and at phone
// size (390x844): the view's heading (the teaching) in the first screen at
// both sizes, nothing wider than the window, and no row of a view wrapped
// (the shelf strip at the top wraps to fit its column, issue 32); checks
// of what each shows, not of how a font renders it. With
// SHELF_SCREENSHOTS=1 it also saves each view under build/web/screenshots/
// to be looked at (68 PNGs: about 9 CPU-seconds as time(1) counts them,
// so not on every run). The README's picture, docs/web.png, is renewed by a command and
// looked at, not compared here: `make web-picture` (web/picture.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { WEB, withBrowser, open, done } = require('./helpers.js');

const OUT = path.join(WEB, 'screenshots');
const SAVE = process.env.SHELF_SCREENSHOTS === '1';

const VIEWS = [
  ['line', '#w=2,4,8,1,9,3&step=3', 'Watch perfect play'],
  ['play', '#w=3,9,1,2,7,4&mode=play&as=first&vs=perfect&moves=RL', 'Play against a buyer'],
  ['play8', '#w=3,9,1,2,7,4,8,5&mode=play&as=first&vs=perfect', 'Play against a buyer'],
  ['review', '#w=3,9,1,2&mode=play&as=first&vs=perfect&moves=LLLL', 'Play against a buyer'],
  ['table', '#w=3,9,1,2,7,4&mode=table&step=14', 'The lead table'],
  ['table30', '#random=30&seed=3&mode=table&step=300', 'The lead table'],
  ['build', '#w=3,9,1,2&mode=build', 'Build the table yourself'],
  ['greedy', '#w=3,9,1,2&mode=greedy&step=2', 'Greedy beside perfect'],
  ['reduce', '#w=3,9,1,2&mode=reduce&step=5', 'How shelf does it in linear time'],
  ['game1000', '#random=1000&seed=5&mode=play', 'Play against a buyer'],
  ['error', '#w=3%209%0A1%20x%202', null],
  ['million', '#random=1000000&seed=2026&step=500000', 'Watch perfect play'],
  ['learn-tree', '#w=7,2,9,4,3,8&mode=learn&lesson=tree', 'Learn the DP, step by step'],
  ['learn-memo', '#w=7,2,9,4&mode=learn&lesson=memo', 'Learn the DP, step by step'],
  ['learn-fill', '#w=7,2,9,4&mode=learn&lesson=fill&step=6&pitfall=left-index', 'Learn the DP, step by step'],
  ['learn-row', '#w=7,2,9,4&mode=learn&lesson=row&step=3', 'Learn the DP, step by step'],
  ['learn-reduce', '#w=7,2,9,4&mode=learn&lesson=reduce&step=5', 'Learn the DP, step by step'],
];

test('every view, wide and phone-sized: what it shows', async () => {
  if (SAVE) fs.mkdirSync(OUT, { recursive: true });
  await withBrowser(async (browser) => {
    for (const [name, fragment, heading] of VIEWS) {
      for (const [suffix, viewport] of [['1280', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
        const page = await open(browser, fragment, viewport);
        const what = `${name} at ${suffix}`;
        if (name === 'play') await page.click('#hint');
        if (SAVE) {
          await page.screenshot({ path: path.join(OUT, `${name}-${suffix}.png`), fullPage: false });
          await page.screenshot({ path: path.join(OUT, `${name}-${suffix}-full.png`), fullPage: true });
        }
        // Nothing wider than the window: no sideways scrolling of the page.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${what}: ${overflow} px wider than the window`);
        if (heading) assert.equal((await page.textContent('#view h2')).trim(), heading, what);
        if (heading) {
          // The teaching starts in the first screen.
          const box = await page.locator('#view h2').first().boundingBox();
          assert.ok(box && box.y + box.height <= viewport.height, `${what}: the view starts below the first screen`);
        }
        // A view's row of wheels never wraps: every wheel of a row on one
        // line. The game's shelf does, to keep its right end on a phone.
        const wrapped = await page.$$eval('#view ol.shelf:not(#play-shelf ol)', (rows) => rows.filter((ol) => {
          const tops = [...ol.children].map((li) => li.getBoundingClientRect().bottom);
          return tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 40;
        }).length);
        assert.equal(wrapped, 0, `${what}: a row of wheels wraps`);
        await done(page);
      }
    }
  });
});

test('the build view after a slip typed, wide and phone-sized: the sentence shows, nothing overflows', async () => {
  if (SAVE) fs.mkdirSync(OUT, { recursive: true });
  await withBrowser(async (browser) => {
    for (const [suffix, viewport] of [['1280', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
      const page = await open(browser, '#w=3,9,1,2&mode=build', viewport);
      const cell = (a, b) => `#ex-wrap input[data-first="${a}"][data-last="${b}"]`;
      for (const [k, w] of [[0, 3], [1, 9]]) {
        await page.fill(cell(k, k), String(w));
        await page.press(cell(k, k), 'Enter');
      }
      await page.fill(cell(0, 1), '9');
      await page.press(cell(0, 1), 'Enter');
      const status = page.locator('#ex-status');
      await status.scrollIntoViewIfNeeded();
      if (SAVE) await page.screenshot({ path: path.join(OUT, `build-slip-${suffix}.png`), fullPage: false });
      assert.match(await status.textContent(), /\(mistake: wheel-alone\)/);
      const box = await status.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width, `build slip at ${suffix}: the sentence is cut`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `build slip at ${suffix}: ${overflow} px wider than the window`);
      await done(page);
    }
  });
});

test('30 wheels: the lead table fits 1280 pixels, and scrolls inside its own frame on a phone', async () => {
  await withBrowser(async (browser) => {
    const wide = await open(browser, '#random=30&seed=3&mode=table&step=465', { width: 1280, height: 900 });
    const fits = await wide.evaluate(() => { const f = document.getElementById('table-wrap'); return f.scrollWidth <= f.clientWidth; });
    assert.ok(fits, 'the table of 30 wheels is wider than its frame at 1280 px');
    await done(wide);
    const phone = await open(browser, '#random=30&seed=3&mode=table&step=465', { width: 390, height: 844 });
    const frame = await phone.evaluate(() => {
      const f = document.getElementById('table-wrap');
      return { scrolls: f.scrollWidth > f.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
    });
    assert.ok(frame.scrolls && frame.page <= 0, JSON.stringify(frame));
    await done(phone);
  });
});
