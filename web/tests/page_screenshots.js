// page_screenshots.js - screenshots of the main views, at 1200x900 and at
// phone width (390x844), saved under build/web/screenshots/ to be looked
// at; and the one in the README, docs/web.png, kept current.
//
// The rule for docs/web.png: it is the page at #w=2,4,8,1,9,3&step=3 in a
// 1200x900 window, the top 1200x1000 pixels of the whole page. The test
// takes it afresh and fails when the committed file has another size or
// differs from it in more than 0.2% of its pixels (a channel off by more
// than 40), so a change of layout, colours or wording of the top of the
// page makes it stale. To renew it: SHELF_UPDATE_SCREENSHOT=1 ctest -R
// web_page (or make test), then commit docs/web.png.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, WEB, withBrowser, open, done } = require('./helpers.js');

const OUT = path.join(WEB, 'screenshots');
const DOCS = path.join(ROOT, 'docs', 'web.png');
const DOCS_FRAGMENT = '#w=2,4,8,1,9,3&step=3';
const DOCS_CLIP = { x: 0, y: 0, width: 1200, height: 1000 };

const VIEWS = [
  ['line', '#w=2,4,8,1,9,3&step=3'],
  ['play', '#w=3,9,1,2,7,4&mode=play&as=first&vs=perfect&moves=RL'],
  ['review', '#w=3,9,1,2&mode=play&as=first&vs=perfect&moves=LLLL'],
  ['table', '#w=3,9,1,2,7,4&mode=table&step=14'],
  ['error', '#w=3%209%0A1%20x%202'],
  ['million', '#random=1000000&seed=2026&step=500000'],
];

test('screenshots of the main views, wide and phone-sized', async () => {
  fs.mkdirSync(OUT, { recursive: true });
  await withBrowser(async (browser) => {
    for (const [name, fragment] of VIEWS) {
      for (const [suffix, viewport] of [['1200', { width: 1200, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
        const page = await open(browser, fragment, viewport);
        if (name === 'play') await page.click('#hint');
        const file = path.join(OUT, `${name}-${suffix}.png`);
        await page.screenshot({ path: file, fullPage: true });
        // Nothing wider than the window: no sideways scrolling on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${name} at ${suffix}: ${overflow} px wider than the window`);
        await done(page);
      }
    }
  });
});

// The share of pixels that differ between two PNGs, decoded by Chromium;
// null if their sizes differ.
async function pngDifference(page, a, b) {
  return page.evaluate(async ([x, y]) => {
    const decode = async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    };
    const [p, q] = [await decode(x), await decode(y)];
    if (p.width !== q.width || p.height !== q.height) return null;
    let differ = 0;
    for (let k = 0; k < p.data.length; k += 4) {
      for (let c = 0; c < 3; c++) {
        if (Math.abs(p.data[k + c] - q.data[k + c]) > 40) { differ++; break; }
      }
    }
    return differ / (p.width * p.height);
  }, [a.toString('base64'), b.toString('base64')]);
}

test('docs/web.png is the page as it is now', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, DOCS_FRAGMENT, { width: 1200, height: 900 });
    const fresh = await page.screenshot({ fullPage: true, clip: DOCS_CLIP });
    fs.mkdirSync(OUT, { recursive: true });
    fs.writeFileSync(path.join(OUT, 'docs-web.png'), fresh);
    if (process.env.SHELF_UPDATE_SCREENSHOT === '1') {
      fs.writeFileSync(DOCS, fresh);
      console.log(`# wrote ${DOCS}`);
    }
    assert.ok(fs.existsSync(DOCS), 'docs/web.png exists');
    const differ = await pngDifference(page, fs.readFileSync(DOCS), fresh);
    assert.notEqual(differ, null, 'docs/web.png has the size of a fresh screenshot');
    assert.ok(differ <= 0.002, `docs/web.png is stale: ${(100 * differ).toFixed(2)}% of its pixels differ from a fresh ` +
      `screenshot (build/web/screenshots/docs-web.png); renew it with SHELF_UPDATE_SCREENSHOT=1 and commit it`);
    // The rule can fail: a screenshot of another view is far off.
    await page.click('nav.modes button[data-mode="table"]');
    const other = await page.screenshot({ fullPage: true, clip: DOCS_CLIP });
    assert.ok((await pngDifference(page, fs.readFileSync(DOCS), other)) > 0.002);
    await done(page);
  });
});
