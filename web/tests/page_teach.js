// page_teach.js - the teaching views in headless Chromium: the exercise
// (right and wrong entries, the mistake named), the lead table's marked
// sources and derivations, greedy beside perfect on [3, 9, 1, 2], the
// reduction against the DP, the notes on pasted input against the command,
// a 1000-wheel game, Play's speed, the phone size, and an axe-core audit
// of every view.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { ROOT, cli, cliJson, problemLeadTable, withBrowser, open, done, text } = require('./helpers.js');

test('build the table yourself: right, wrong and named, hint, reveal, the count', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&mode=build');
    const cell = (a, b) => `#ex-wrap input[data-first="${a}"][data-last="${b}"]`;
    // Only the one-wheel blocks can be typed at first.
    assert.equal(await page.locator('#ex-wrap input').count(), 4);
    for (const [k, w] of [[0, 3], [1, 9]]) {
      await page.fill(cell(k, k), String(w));
      await page.press(cell(k, k), 'Enter');
    }
    assert.match(await text(page, '#ex-status'), /^Right: Block wheel 2/);
    // Block 1..2 (3 9) is now open; 12 = 3 + 9 is the added mistake.
    await page.fill(cell(0, 1), '12');
    await page.press(cell(0, 1), 'Enter');
    const status = await text(page, '#ex-status');
    assert.match(status, /^Not 12 for wheels 1 to 2 \(mistake: added\)/);
    assert.match(status, /Hint: read the two outlined cells, wheel 2 .* and wheel 1/);
    const hinted = await page.$$eval('#ex-wrap td.src', (tds) => tds.map((td) => `${td.dataset.first}..${td.dataset.last}`).sort());
    assert.deepEqual(hinted, ['0..0', '1..1']);
    await page.fill(cell(0, 1), '-6');
    await page.press(cell(0, 1), 'Enter');
    assert.match(await text(page, '#ex-status'), /\(mistake: sign\)/);
    await page.fill(cell(0, 1), '6');
    await page.press(cell(0, 1), 'Enter');
    assert.match(await text(page, '#ex-status'), /^Right:/);
    await page.click('#ex-next');
    assert.match(await text(page, '#ex-status'), /^Filled for you: Block wheel 3/);
    await page.click('#ex-reveal');
    // Right first time: wheels 1 and 2 only (1..2 was wrong first, the rest shown).
    assert.match(await text(page, '#ex-status'), /complete: 2 of 10 cells right first time/);
    const lead = problemLeadTable([3, 9, 1, 2]);
    assert.equal(await page.getAttribute('#ex-wrap td[data-first="0"][data-last="3"]', 'data-first'), '0');
    assert.equal(await text(page, '#ex-wrap td[data-first="0"][data-last="3"] .lead'), String(lead[0][3]));
    await done(page);
  });
});

test('build the table yourself by picking ends: a wrong end is named', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&mode=build');
    await page.click('#ex-pick');
    for (const [k, w] of [[0, 3], [1, 9]]) {
      await page.fill(`#ex-wrap input[data-first="${k}"][data-last="${k}"]`, String(w));
      await page.press(`#ex-wrap input[data-first="${k}"][data-last="${k}"]`, 'Enter');
    }
    // Block 1..2 (3 9): the left keeps 3 - 9 = -6, the worse end.
    await page.click('#ex-wrap button[data-pick="left"][data-first="0"][data-last="1"]');
    assert.match(await text(page, '#ex-status'), /^Not the left end for wheels 1 to 2 \(mistake: one-end\)/);
    await page.click('#ex-wrap button[data-pick="right"][data-first="0"][data-last="1"]');
    assert.match(await text(page, '#ex-status'), /^Right: .*Lead 6: take the right\./);
    await page.click('#ex-new');
    assert.match(await page.evaluate(() => location.hash), /random=\d&seed=\d+&range=1..20/);
    assert.ok(await page.locator('#ex-wrap input').count() >= 4);
    await done(page);
  });
});

test('the lead table starts empty, marks the block and its two sources, explains any cell', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&mode=table');
    assert.equal(await page.locator('td[data-lead]').count(), 0, 'starts empty');
    for (let k = 0; k < 5; k++) await page.click('#step-forward');
    // The 5th cell is block 0..1 (3 9): it reads 1..1 and 0..0.
    const src = await page.$$eval('#lead-grid td.src', (tds) => tds.map((td) => `${td.dataset.first}..${td.dataset.last}`).sort());
    assert.deepEqual(src, ['0..0', '1..1']);
    const block = await page.$$eval('#table-shelf .wheel.in-block', (els) => els.map((e) => e.getAttribute('aria-label')));
    assert.deepEqual(block, ['wheel 1, 3 kilos', 'wheel 2, 9 kilos']);
    assert.match(await text(page, '#step-status'), /taking the left \(3\) keeps 3 - \(9\) = -6.*taking the right \(9\) keeps 9 - \(3\) = 6.*Lead 6: take the right/);
    assert.equal(await page.locator('td.on-line').count(), 0, 'no line before the table is complete');
    // Keyboard: one Tab stop, arrows move, Enter explains.
    await page.focus('#lead-grid td[tabindex="0"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    assert.match(await text(page, '#cell-detail'), /^Block wheels 1 to 2: taking the left/);
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    assert.match(await text(page, '#cell-detail'), /^Block wheel 4: one wheel, so its lead is its weight, 2\./);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    assert.match(await text(page, '#cell-detail'), /^Block wheels 3 to 4: not filled yet; it reads the cells of wheel 4 and wheel 3\./);
    await page.click('#lead-grid td[data-first="0"][data-last="3"]');
    assert.match(await text(page, '#cell-detail'), /not filled yet; it reads the cells of wheels 2 to 4 and wheels 1 to 3/);
    await page.click('#trace');
    assert.ok(await page.locator('td.on-line').count() > 0, 'the line on request');
    await page.click('#step-last');
    const onLine = await page.$$eval('td.on-line', (tds) => tds.map((td) => `${td.dataset.first}..${td.dataset.last}`).sort());
    assert.deepEqual(onLine, ['0..2', '0..3', '1..2', '2..2']);
    await done(page);
  });
});

test('greedy beside perfect on [3, 9, 1, 2]: greedy first takes 3 and loses, -5 against 7', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&mode=greedy');
    assert.match(await text(page, '#g-keeps'), /Turn 1, the first buyer to move. Taking the left \(3\) keeps a lead of -5; taking the right \(2\) keeps 7/);
    await page.click('#step-forward');
    assert.equal(await text(page, '#g-first'), '3');
    assert.equal(await text(page, '#p-first'), '2');
    assert.match(await text(page, '#part'), /They part at turn 1: the first buyer takes the left end \(the heavier\).*keeps a lead of -5 instead of 7: it costs 12 kilos of lead/);
    await page.click('#step-last');
    assert.equal(await text(page, '#g-margin'), '-5');
    assert.equal(await text(page, '#p-margin'), '7');
    assert.equal(String(cliJson([3, 9, 1, 2], ['--explain']).greedy_vs_perfect), '-5');
    await page.click('#roll-greedy');
    const gvp = await text(page, '#part');
    assert.match(gvp, /greedy first finishes with a margin of -?\d+, perfect play -?\d+: greedy loses \d+ kilos? of lead\./);
    await done(page);
  });
});

test('the reduction view ends on the DP margin of random shelves', async () => {
  await withBrowser(async (browser) => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const n = 3 + seed * 3;
      const page = await open(browser, `#random=${n}&seed=${seed}&range=-20..50&mode=reduce`);
      await page.click('#step-last');
      const shown = await text(page, '#r-margin');
      const ref = cliJson([], ['--random', String(n), '--seed', String(seed), '--range', '-20..50', '--algorithm', 'dp']);
      assert.equal(shown, String(ref.margin), `seed ${seed}`);
      assert.equal(await text(page, '#r-dp'), String(ref.margin));
      await done(page);
    }
    const page = await open(browser, '#w=3,9,1,2&mode=reduce');
    for (let k = 0; k < 4; k++) await page.click('#step-forward');
    assert.match(await text(page, '#step-status'), /9 is a peak between 3 and 1 .* merge into 3 - 9 \+ 1 = -5/);
    await done(page);
  });
});

test('pasted contest input: the count and thousands notes, in the command\'s words', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=1');
    for (const [input, kind] of [['4\n10 80 90 30', 'count'], ['1,000 2,500 3', 'thousands']]) {
      await page.fill('#shelf-text', input);
      await page.click('#solve');
      const note = await text(page, `#notes .input-note[data-kind="${kind}"]`);
      const said = cli([], `${input}\n`).stderr.split('\n').find((l) => l.startsWith('shelf: note: '));
      const sentence = said.replace(/^shelf: note: /, '').replace(/; --counted reads it as a count$/, '');
      assert.ok(note.startsWith(`Note: ${sentence}.`), `${note} / ${sentence}`);
    }
    await page.fill('#shelf-text', '4\n10 80 90 30');
    await page.click('#solve');
    assert.equal(await text(page, '#margin'), String(cliJson([4, 10, 80, 90, 30]).margin));
    await page.click('#counted');
    assert.equal(await text(page, '#margin'), String(cliJson([4, 10, 80, 90, 30], ['--counted']).margin));
    assert.equal(await page.locator('#notes .input-note').count(), 0);
    await done(page);
  });
});

test('a 1000-wheel game is playable, in a window of wheels at each end', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#random=1000&seed=5&mode=play&vs=greedy');
    assert.match(await text(page, '#play-shelf .shelf-count'), /1000 wheels: 0 taken from the left, 1000 remain/);
    assert.equal(await page.locator('#play-shelf button[data-end]').count(), 2);
    // Right, left, right... by keys: the first 40 choices here, the next
    // 420 from the address (each key press costs a round trip to Chromium),
    // the last 40 by keys again.
    const choice = (k) => (k % 2 ? 'ArrowLeft' : 'ArrowRight');
    for (let k = 0; k < 40; k++) await page.keyboard.press(choice(k));
    assert.match(await text(page, '#play-shelf .shelf-count'), /1000 wheels: .* 920 remain/);
    await done(page);
    const late = await open(browser, `#random=1000&seed=5&mode=play&vs=greedy&moves=${'RL'.repeat(230)}`);
    assert.match(await text(late, '#play-shelf .shelf-count'), /1000 wheels: .* 80 remain/);
    assert.equal(await late.locator('#play-shelf button[data-end]').count(), 2);
    for (let k = 460; k < 500; k++) await late.keyboard.press(choice(k));
    assert.match(await text(late, '#play-status'), /The shelf is empty/);
    const first = BigInt(await text(late, '#play-first'));
    const second = BigInt(await text(late, '#play-second'));
    const ref = cliJson([], ['--random', '1000', '--seed', '5']);
    assert.equal(first + second, ref.first + ref.second);
    assert.match(await text(late, '#review-summary'), /You finished/);
    await done(late);
  });
});

test('Play has a speed control, kept in the address', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2,7,4,6,5');
    await page.selectOption('#speed', 'fastest');
    assert.match(await page.evaluate(() => location.hash), /speed=fastest/);
    await page.click('#step-play');
    // No deadline: a busy machine only takes longer (CTest's timeout
    // bounds a hang).
    await page.waitForFunction(() => document.getElementById('step-label').textContent === '8 of 8', null, { timeout: 0 });
    await done(page);
  });
});

test('on a phone the step controls stay in reach and big numbers are grouped', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#random=100&seed=7&mode=table&step=3', { width: 390, height: 844 });
    assert.match(await text(page, '#table-summary'), /too many to read/);
    await done(page);
    const line = await open(browser, '#random=200&seed=7&step=3', { width: 390, height: 844 });
    await line.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const box = await line.locator('#step-forward').boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `the step buttons are out of reach: ${JSON.stringify(box)}`);
    // Digits grouped for the eye, the text still the plain number.
    const groups = await line.locator('#first .g').count();
    assert.ok(groups >= 2, 'the total is grouped by threes');
    assert.match(await text(line, '#first'), /^\d+$/);
    await done(line);
  });
});

test('axe-core finds nothing serious or critical in any view', async () => {
  const axe = require.resolve('axe-core/axe.min.js', { paths: [path.join(ROOT, 'web')] });
  await withBrowser(async (browser) => {
    for (const fragment of ['#w=3,9,1,2&step=2', '#w=3,9,1,2&mode=play', '#w=3,9,1,2&mode=play&moves=LLLL',
      '#w=3,9,1,2&mode=table&step=6', '#w=3,9,1,2&mode=build', '#w=3,9,1,2&mode=greedy&step=1',
      '#w=3,9,1,2&mode=reduce&step=4', '#random=1000&seed=5&mode=play', '#w=4%0A10%2080%2090%2030', '#w=1%20x']) {
      const page = await open(browser, fragment);
      await page.addScriptTag({ path: axe });
      const found = await page.evaluate(async () => {
        // Only the violations' nodes in full (axe's own advice for speed:
        // the passes keep one node each, enough to see that checks ran).
        const r = await window.axe.run(document, { resultTypes: ['violations'] });
        if (r.passes.length === 0) return ['axe ran no checks'];
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      });
      assert.deepEqual(found, [], fragment);
      await done(page);
    }
  });
});
