// page_access.js - every control has a name, buyers are told apart in
// text (not only by colour), prefers-reduced-motion stops transitions, and
// only the short status lines are live regions.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { withBrowser, open, done } = require('./helpers.js');

// Controls without a label or a text a screen reader can announce.
const unnamed = (page) => page.$$eval('button, input, select, textarea', (els) => els
  .filter((el) => {
    if (el.tagName === 'BUTTON') return (el.getAttribute('aria-label') || el.textContent).trim() === '';
    return el.labels.length === 0 && !el.getAttribute('aria-label');
  })
  .map((el) => el.outerHTML.slice(0, 80)));

test('every control in every view is named', async () => {
  await withBrowser(async (browser) => {
    for (const fragment of ['#w=3,9,1,2', '#w=3,9,1,2&mode=play', '#w=3,9,1,2&mode=table', '#random=300&seed=1&mode=play']) {
      const page = await open(browser, fragment);
      assert.deepEqual(await unnamed(page), [], fragment);
      await done(page);
    }
  });
});

test('the buyers are told apart in text', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&step=4');
    const who = await page.$$eval('#line-shelf .wheel', (ws) => ws.map((w) => [w.querySelector('.who').textContent, w.getAttribute('aria-label')]));
    // By hand: the first buyer takes the 2 (turn 1) and the 9 (turn 3).
    assert.deepEqual(who.map(([t]) => t), ['2nd #2', '1st #3', '2nd #4', '1st #1']);
    assert.match(who[1][1], /taken by the first buyer on turn 3/);
    await done(page);
  });
});

test('prefers-reduced-motion stops the transitions', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2');
    const duration = () => page.$eval('.disc', (d) => getComputedStyle(d).transitionDuration);
    assert.notEqual(await duration(), '0s', 'there is a transition to stop');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    assert.match(await duration(), /^0s(, 0s)*$/);
    await done(page);
  });
});

test('the view is not a live region; its short status lines are', async () => {
  await withBrowser(async (browser) => {
    const cases = [['#w=3,9,1,2', ['step-status']], ['#w=3,9,1,2&mode=table', ['step-status', 'cell-detail']],
      ['#w=3,9,1,2&mode=play', ['play-status', 'hint-text']]];
    for (const [fragment, live] of cases) {
      const page = await open(browser, fragment);
      // Live regions at or above the view would reread all of it each step.
      const above = await page.$eval('#view', (v) => {
        const out = [];
        for (let el = v; el; el = el.parentElement) if (el.hasAttribute('aria-live')) out.push(el.tagName);
        return out;
      });
      assert.deepEqual(above, [], fragment);
      assert.deepEqual(await page.$$eval('#view [aria-live]', (els) => els.map((el) => el.id)), live, fragment);
      await done(page);
    }
  });
});
