// page_problem.js - the problem's seven cases (docs/problem.md), opened
// through the fragment and typed into the page; #margin and both totals
// against the command.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { PROBLEM_CASES, cliJson, withBrowser, open, done, text } = require('./helpers.js');

test("the problem's seven cases through the fragment and by typing", async () => {
  await withBrowser(async (browser) => {
    for (const [weights, margin] of PROBLEM_CASES) {
      const ref = cliJson(weights);
      assert.equal(ref.margin, margin);
      const page = await open(browser, `#w=${weights.join(',')}`);
      assert.equal(await text(page, '#margin'), String(ref.margin), `#w=${weights}`);
      assert.equal(await text(page, '#first'), String(ref.first));
      assert.equal(await text(page, '#second'), String(ref.second));
      await done(page);
    }
    // Typed, in the bracketed form, one shelf after another in one page.
    const page = await open(browser, '#w=1');
    for (const [weights] of PROBLEM_CASES) {
      const ref = cliJson(weights);
      await page.fill('#shelf-text', '');
      await page.locator('#shelf-text').pressSequentially(`[${weights.join(', ')}]`);
      await page.click('#solve');
      await page.waitForFunction((w) => location.hash.startsWith(`#w=${w}`), weights.join(','));
      assert.equal(await text(page, '#margin'), String(ref.margin), `typed ${weights}`);
      assert.equal(await text(page, '#first'), String(ref.first));
      assert.equal(await text(page, '#second'), String(ref.second));
    }
    // A new fragment (a link followed, the address edited) is read too.
    await page.evaluate(() => { location.hash = '#w=7,2,9,4'; });
    await page.waitForFunction(() => document.getElementById('margin').textContent === '10');
    assert.equal(await page.inputValue('#shelf-text'), '7,2,9,4');
    await done(page);
  });
});

test('a shelf beyond 64-bit totals is shown exactly', async () => {
  await withBrowser(async (browser) => {
    const w = ['9223372036854775807', '-9223372036854775808', '9223372036854775807', '9223372036854775807'];
    const ref = cliJson(w, ['--']);
    const page = await open(browser, `#w=${w.join(',')}`);
    assert.equal(await text(page, '#margin'), String(ref.margin));
    assert.equal(await text(page, '#first'), String(ref.first));
    assert.equal(await text(page, '#second'), String(ref.second));
    await done(page);
  });
});
