// page_explain.js - the explanation the page shows is the command's
// --explain, word for word: perfect play's sentence in the summary, the
// others under "The greedy trap". An odd shelf with a negative wheel and a
// trap at the second buyer's turn, and a level one, are among them.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, withBrowser, open, done } = require('./helpers.js');

test("the page's explanation is the command's --explain", async () => {
  await withBrowser(async (browser) => {
    for (const w of [[3, 9, 1, 2], [1, 1, 1, 1], [7, 2, 9, 4], [1, 6, 2, -4, 9, 3, 5]]) {
      const r = cli(['--explain', ...w.map(String)], null);
      assert.equal(r.status, 0, r.stderr);
      const lines = r.stdout.trimEnd().split('\n').slice(1); // after the margin
      assert.equal(lines.length, 5, w.join(' '));
      const page = await open(browser, `#w=${w.join(',')}`);
      const shown = await page.$$eval('#summary .sentence, #trap .sentence', (els) => els.map((el) => el.textContent));
      assert.deepEqual(shown, lines, w.join(' '));
      await done(page);
    }
  });
});
