// page_learn.js - the path for a learner (issue 32) in headless Chromium: a
// scripted learner walks every lesson on the problem's shelves, and each
// lesson's text and cells are checked against the command (margin and
// totals) and against references written here (the problem's DP, the count of
// calls, the pitfalls' loops); the exercise names a slip by the value typed; the
// page hides the answer while you play or build (issue 29); the shelf
// strip fits; axe-core on every lesson. One browser and one tab: each check
// moves the tab by its address, as a teacher's link would.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { ROOT, PROBLEM_CASES, cliJson, problemLeadTable, pitfallTable, withBrowser, open, done, text } = require('./helpers.js');

// MARK: - References

// The calls of the plain recursion that reach block i..j, counted by
// running it.
function callCounts(n) {
  const count = new Map();
  const visit = (i, j) => {
    count.set(`${i},${j}`, (count.get(`${i},${j}`) || 0) + 1);
    if (i < j) { visit(i + 1, j); visit(i, j - 1); }
  };
  visit(0, n - 1);
  return count;
}

// Moves the tab to `fragment`, as a link would, and returns once the page
// has drawn it (its own hashchange listener runs before this one's).
function go(page, fragment) {
  return page.evaluate((f) => new Promise((resolve) => {
    if (location.hash === f) return resolve();
    window.addEventListener('hashchange', () => setTimeout(resolve, 0), { once: true });
    location.hash = f;
  }), fragment);
}

const cells = (page, sel) => page.$$eval(sel, (tds) => tds.map((td) => [Number(td.dataset.first), Number(td.dataset.last), td.dataset.lead]));

// MARK: - The path

test('a learner walks the path on every shelf of the problem: tree, memo, fill, row, reduction', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=7,2,9,4&mode=learn');
    assert.equal(await page.getAttribute('button[data-lesson="tree"]', 'aria-current'), 'step');
    for (const [weights, margin] of PROBLEM_CASES) {
      const n = weights.length;
      const w = weights.join(',');
      const lead = problemLeadTable(weights);
      const what = `[${weights}]`;
      // 1. The tree: 2^n - 1 calls against n(n+1)/2 blocks.
      await go(page, `#w=${w}&mode=learn&lesson=tree`);
      const calls = 2 ** n - 1;
      const blocks = (n * (n + 1)) / 2;
      assert.equal(await page.locator('svg.tree g.call').count(), calls, what);
      assert.equal(await page.locator('svg.tree g.call.again').count(), calls - blocks, what);
      assert.match(await text(page, '#tree-count'), new RegExp(`makes ${calls} calls?, but there are only\\s+${blocks} different blocks`), what);
      // 2. Memo: every block once, with its lead and the calls that reach it.
      await page.click('#lesson-next');
      await page.waitForFunction(() => document.getElementById('lesson').dataset.lesson === 'memo');
      assert.match(await page.evaluate(() => location.hash), /lesson=memo/, 'the lesson is in the address');
      const counts = callCounts(n);
      const memo = await page.$$eval('table.memo td[data-lead]', (tds) => tds.map((td) => [Number(td.dataset.first), Number(td.dataset.last), td.dataset.lead, td.dataset.calls]));
      assert.equal(memo.length, blocks, what);
      for (const [i, j, v, c] of memo) {
        assert.equal(v, String(lead[i][j]), `${what} lead(${i}, ${j})`);
        assert.equal(c, String(counts.get(`${i},${j}`)), `${what} calls reaching (${i}, ${j})`);
      }
      // 3. The fill: every cell as the problem's DP, the margin as the command's.
      await page.click('#lesson-next');
      await page.waitForFunction(() => document.getElementById('lesson').dataset.lesson === 'fill');
      const ref = cliJson(weights);
      assert.equal(ref.margin, margin);
      await page.click('#step-last');
      const filled = await cells(page, '#fill-table td[data-lead]');
      assert.equal(filled.length, blocks, what);
      for (const [i, j, v] of filled) assert.equal(v, String(lead[i][j]), `${what} lead[${i}][${j}]`);
      assert.equal(await text(page, '#fill-result'), String(ref.margin), what);
      assert.equal(await text(page, '#ans-margin'), String(ref.margin), what);
      assert.equal(await text(page, '#ans-first'), String(ref.first), what);
      assert.equal(await text(page, '#ans-second'), String(ref.second), what);
      assert.equal(await text(page, '#ans-wins'), ref.first >= ref.second ? 'true' : 'false', what);
      // 4. The rolling row: after span s, row[i] = lead(i, i + s - 1).
      await page.click('#lesson-next');
      await page.waitForFunction(() => document.getElementById('lesson').dataset.lesson === 'row');
      await page.click('#step-last');
      const row = await cells(page, '#row-table td[data-lead]');
      assert.equal(row.length, blocks, what);
      for (const [i, j, v] of row) assert.equal(v, String(lead[i][j]), `${what} row after span ${j - i + 1}`);
      assert.match(await text(page, '#step-status'), new RegExp(`: ${ref.margin}, the margin\\.$`), what);
      // 5. The linear reduction, checked against the DP at its end.
      await page.click('#lesson-next');
      await page.waitForFunction(() => document.getElementById('lesson').dataset.lesson === 'reduce');
      await page.click('#step-last');
      assert.equal(await text(page, '#r-margin'), String(ref.margin), what);
      assert.ok(await page.isDisabled('#lesson-next'), 'the last lesson');
      await page.click('#lesson-back');
      await page.waitForFunction(() => document.getElementById('lesson').dataset.lesson === 'row');
    }
    await done(page);
  });
});

test('the code runs beside the table, and each pitfall gives the problem\'s wrong values', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=7,2,9,4&mode=learn&lesson=fill');
    // Step by step: a one-wheel block runs the diagonal's line, a block
    // of two or more the three lines of the loop's body, with the values.
    await page.click('#step-forward');
    assert.deepEqual(await page.$$eval('pre.code .line.now', (ls) => ls.map((l) => l.dataset.line)), ['diag']);
    for (let k = 0; k < 4; k++) await page.click('#step-forward');
    assert.deepEqual(await page.$$eval('pre.code .line.now', (ls) => ls.map((l) => l.dataset.line)), ['left', 'right', 'store']);
    // The 5th write is lead[0][1] of [7, 2]: max(7 - 2, 2 - 7) = 5.
    assert.match(await text(page, '#step-status'), /^lead\[0\]\[1\], wheels 0 to 1: take_left = 7 - lead\[1\]\[1\] = 5; take_right = 2 - lead\[0\]\[0\] = -5; the larger, 5, is stored\.$/);
    assert.match(await text(page, 'pre.code .line[data-line="left"]'), /take_left = wheels\[i\] - lead\[i \+ 1\]\[j\]\s+# 7 - 2 = 5$/);
    assert.ok(!(await text(page, 'pre.code')).includes('/*'), 'no C comment in the Python code');
    await page.click('button[data-code="c"]');
    assert.match(await page.evaluate(() => location.hash), /code=c/);
    assert.match(await text(page, 'pre.code .line[data-line="store"]'), /lead\[i\]\[j\] = take_left > take_right \? take_left : take_right;/);
    // Each language's running values are in its own comments: C's /* */.
    assert.match(await text(page, 'pre.code .line[data-line="left"]'), /take_left = w\[i\] - lead\[i \+ 1\]\[j\];\s+\/\* 7 - 2 = 5 \*\/$/);
    assert.match(await text(page, 'pre.code .line[data-line="store"]'), /;\s+\/\* lead\[0\]\[1\] = 5 \*\/$/);
    assert.ok(!(await text(page, 'pre.code')).includes('#'), 'no Python comment in the C code');
    await page.click('#step-back');
    for (let k = 0; k < 4; k++) await page.click('#step-back');
    await page.click('#step-forward');
    assert.match(await text(page, 'pre.code .line[data-line="diag"]'), /lead\[i\]\[i\] = w\[i\];\s+\/\* lead\[0\]\[0\] = 7 \*\/$/);
    for (let k = 0; k < 4; k++) await page.click('#step-forward');
    await page.click('button[data-code="py"]');
    for (const weights of [[7, 2, 9, 4], [3, 9, 1, 2], [2, 4, 8, 1, 9, 3], [4, 4, 4, 4]]) {
      for (const [pitfall, form] of [['added', { added: true }], ['left-index', { leftIndex: true }], ['left-index,added', { added: true, leftIndex: true }]]) {
        await go(page, `#w=${weights.join(',')}&mode=learn&lesson=fill&pitfall=${pitfall}&step=99`);
        await page.waitForSelector('#fill-result');
        const ref = pitfallTable(weights, form);
        const got = await cells(page, '#fill-table td[data-lead]');
        assert.equal(got.length, (weights.length * (weights.length + 1)) / 2);
        for (const [i, j, v] of got) assert.equal(v, String(ref[i][j]), `[${weights}] ${pitfall} lead[${i}][${j}]`);
        assert.equal(await text(page, '#fill-result'), String(ref[0][weights.length - 1]), `[${weights}] ${pitfall}`);
      }
    }
    // The problem's own numbers: 22 for added, 7 for left-index.
    await go(page, '#w=7,2,9,4&mode=learn&lesson=fill&pitfall=added&step=10');
    assert.equal(await text(page, '#fill-result'), '22');
    assert.equal(await page.locator('pre.code .line.pitfall').count(), 2, 'the two lines of the pitfall');
    await go(page, '#w=7,2,9,4&mode=learn&lesson=fill&pitfall=left-index&step=10');
    assert.equal(await text(page, '#fill-result'), '7');
    assert.match(await text(page, '#fill-answer'), /the right margin is\s+10/);
    // Live: the 6th write, lead[0][2], reads lead[1][2] before it is written.
    await go(page, '#w=7,2,9,4&mode=learn&lesson=fill&pitfall=left-index&step=6');
    assert.deepEqual(await page.$$eval('#fill-table td.unread', (tds) => tds.map((td) => `${td.dataset.first},${td.dataset.last}`)), ['1,2']);
    assert.match(await text(page, '#step-status'), /lead\[1\]\[2\] is not written yet: it still holds 0, so this value is wrong\./);
    // Turning the pitfall off shows the right table again.
    await page.click('button[data-pitfall="left-index"]');
    assert.ok(!/pitfall=/.test(await page.evaluate(() => location.hash)));
    await page.click('#step-last');
    assert.equal(await text(page, '#fill-result'), '10');
    await done(page);
  });
});

test('the exercise names a wheel typed alone as wheel-alone, not greedy, and offers the ends beside each cell', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&mode=build');
    const cell = (a, b) => `#ex-wrap input[data-first="${a}"][data-last="${b}"]`;
    for (const [k, w] of [[0, 3], [1, 9]]) {
      await page.fill(cell(k, k), String(w));
      await page.press(cell(k, k), 'Enter');
    }
    // Block [3, 9]: typing 9 is the right wheel with the rest's lead left
    // out; the heavier end keeps the lead here, so it is not greedy.
    await page.fill(cell(0, 1), '9');
    await page.press(cell(0, 1), 'Enter');
    const status = await text(page, '#ex-status');
    assert.equal(await page.evaluate(() => document.body.dataset.lastMistake), 'wheel-alone');
    assert.match(status, new RegExp('^Not 9 for wheels 1 to 2 \\(mistake: wheel-alone\\)\\. Wheel alone: you took the right wheel, 9, ' +
      'and left out the lead of what remains, \\[3\\]: the other buyer moves next there and finishes 3 kilos ahead, so taking ' +
      'the right wheel keeps 9 - 3, not 9\\. Hint:'));
    assert.ok(!/greedy|heavier/i.test(status), status);

    // The ends are offered beside the box, not only in the pick mode.
    assert.equal(await page.locator('#ex-wrap td.ask button.pick[data-first="0"][data-last="1"]').count(), 2);
    await page.click('#ex-wrap button[data-pick="right"][data-first="0"][data-last="1"]');
    assert.match(await text(page, '#ex-status'), /^Right:/);
    await done(page);
  });
});

// MARK: - No spoilers, the strip, axe

test('no spoilers while you play or build; the answer shows at the end or when asked', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&mode=play&as=first&vs=perfect');
    const shown = () => page.evaluate(() => document.body.innerText);
    let body = await shown();
    assert.ok(!/perfect play takes/i.test(body), 'no best end named');
    assert.ok(!/Margin: first minus second/.test(body), 'no margin card');
    assert.ok(!/finishes 7 kilos ahead/.test(body), 'no margin sentence');
    assert.ok(await page.isHidden('#score'));
    assert.ok(await page.isHidden('#trap-section'));
    await page.click('#show-answer');
    assert.ok(await page.isVisible('#score'));
    assert.equal(await text(page, '#margin'), '7');
    // Over: the card is back without asking.
    await go(page, '#w=3,9,1,2&mode=play&as=first&vs=perfect&moves=LLLL');
    await page.waitForSelector('#review-summary');
    assert.ok(await page.isVisible('#score'));
    // Building: hidden until the table is complete.
    await go(page, '#w=3,9,1,2&mode=build');
    body = await shown();
    assert.ok(await page.isHidden('#score'));
    assert.ok(!/perfect play takes|finishes 7 kilos ahead/i.test(body));
    await page.click('#ex-reveal');
    assert.ok(await page.isVisible('#score'));
    await done(page);
  });
});

test('the shelf strip fits its column at 30 and 1000 wheels, and long numbers are grouped in sentences', async () => {
  await withBrowser(async (browser) => {
    // The strip is shown for a view without a shelf of its own: the tree.
    const page = await open(browser, '#random=30&seed=3&mode=learn', { width: 1280, height: 900 });
    for (const fragment of ['#random=30&seed=3&mode=learn', '#random=1000&seed=5&mode=learn']) {
      await go(page, fragment);
      assert.ok(await page.isVisible('#shelf-strip li.wheel'), `${fragment}: the strip is shown`);
      const fit = await page.evaluate(() => {
        const s = document.getElementById('shelf-strip');
        const right = Math.max(...[...s.querySelectorAll('li')].map((li) => li.getBoundingClientRect().right));
        return right <= s.getBoundingClientRect().right + 1;
      });
      assert.ok(fit, `${fragment}: the strip is cut off`);
    }
    // 1000 wheels: 4 854 710 kilos in all, in the sentence as in the card.
    const groups = await page.$$eval('#summary .g', (gs) => gs.length);
    assert.ok(groups > 0, 'the summary groups its digits');
    await done(page);
  });
});

test('axe-core finds nothing serious or critical on any lesson', async () => {
  const axe = require.resolve('axe-core/axe.min.js', { paths: [path.join(ROOT, 'web')] });
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=7,2,9,4&mode=learn');
    await page.addScriptTag({ path: axe });
    for (const [lesson, extra] of [['tree', ''], ['memo', ''], ['fill', '&step=6&pitfall=left-index'], ['fill', '&step=10'], ['row', '&step=3'], ['reduce', '&step=4']]) {
      await go(page, `#w=7,2,9,4&mode=learn&lesson=${lesson}${extra}`);
      const found = await page.evaluate(async () => {
        // Only the violations' nodes in full (axe's own advice for speed:
        // the passes keep one node each, enough to see that checks ran).
        const r = await window.axe.run(document, { resultTypes: ['violations'] });
        if (r.passes.length === 0) return ['axe ran no checks'];
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      });
      assert.deepEqual(found, [], `${lesson}${extra}`);
    }
    await done(page);
  });
});
