// page_layout.js - where things land on the screen, and the lessons'
// words, in headless Chromium: a view chosen comes into sight with its own
// shelf at 1280x900 (no second shelf above it); a game of 8 wheels and the
// fill lesson's code fit 390 px; the recursion tree has a line from each
// call to each call it makes (checked against the recursion run here, and
// against where the boxes are drawn); the lessons count wheels from 0 and
// say so once; lesson 5 works out a - b + c on the shelf's own numbers
// (the peaks found here by the stack of docs/algorithm.md); the game's margin is
// "so far" only while the game goes on. With SHELF_SCREENSHOTS=1 it saves
// what it looks at under build/web/screenshots/ (layout-*.png).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { WEB, PROBLEM_CASES, withBrowser, open, done, text } = require('./helpers.js');

const OUT = path.join(WEB, 'screenshots');
const SAVE = process.env.SHELF_SCREENSHOTS === '1';
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shot(page, name) {
  if (!SAVE) return;
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, `layout-${name}.png`) });
}

// Moves the tab to `fragment`, as a link would, once the page has drawn it.
function go(page, fragment) {
  return page.evaluate((f) => new Promise((resolve) => {
    if (location.hash === f) return resolve();
    window.addEventListener('hashchange', () => setTimeout(resolve, 0), { once: true });
    location.hash = f;
  }), fragment);
}

// How far the page, and each element matching `selector`, reach past the
// right edge of the window (px; 0 or less: they fit), and how much wider
// than its box each element's content is (it would scroll or be cut).
function overflow(page, selector) {
  return page.evaluate((sel) => {
    const els = [...document.querySelectorAll(sel)];
    return {
      count: els.length,
      page: document.documentElement.scrollWidth - window.innerWidth,
      right: Math.max(...els.map((el) => el.getBoundingClientRect().right)) - window.innerWidth,
      inside: Math.max(...els.map((el) => el.scrollWidth - el.clientWidth)),
    };
  }, selector);
}

// MARK: - A view chosen comes into sight

test('a view chosen at 1280x900 comes into sight with its own shelf, and no second shelf above it', async () => {
  await withBrowser(async (browser) => {
    for (const [mode, shelf] of [['play', '#play-shelf'], ['build', '#ex-shelf'], ['table', '#table-shelf'], ['line', '#line-shelf']]) {
      const page = await open(browser, '#w=3,9,1,2,7,4,8,5&mode=learn', WIDE);
      assert.ok(await page.isVisible('#shelf-strip li.wheel'), 'a lesson without a shelf shows the strip');
      await page.click(`nav.modes button[data-mode="${mode}"]`);
      await page.waitForSelector(`${shelf} li.wheel, ${shelf} button.wheel`);
      const box = await page.locator(`${shelf} ol.shelf`).boundingBox();
      assert.ok(box && box.y >= 0 && box.y < WIDE.height, `${mode}: its shelf starts at ${box && box.y}, not in the 900 px shown`);
      assert.ok(box.y + box.height <= WIDE.height, `${mode}: its shelf ends below the screen`);
      assert.ok(await page.isHidden('#shelf-strip'), `${mode}: a second shelf is shown above the view`);
      // The button pressed keeps the focus, in sight above the view.
      const pressed = await page.locator(`nav.modes button[data-mode="${mode}"]`).boundingBox();
      assert.ok(pressed.y >= 0 && pressed.y + pressed.height <= box.y, `${mode}: the button pressed is out of sight: ${JSON.stringify([pressed, box])}`);
      assert.equal(await page.evaluate(() => document.activeElement.dataset.mode), mode);
      assert.equal(await page.locator('ol.shelf:visible').count(), 1, `${mode}: one shelf on the page`);
      await shot(page, `chosen-${mode}-1280`);
      await done(page);
    }
  });
});

// MARK: - A phone's width

test('at 390 px a game of 8 wheels wraps its shelf, and the fill lesson\'s code lines wrap: nothing is cut', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2,7,4,8,5&mode=play&as=first&vs=perfect', PHONE);
    let o = await overflow(page, '#play-shelf .wheel');
    assert.equal(o.count, 8);
    assert.ok(o.page <= 0 && o.right <= 0, `the game: ${JSON.stringify(o)}`);
    o = await overflow(page, '#play-shelf .shelf-frame');
    assert.ok(o.inside <= 0, `the game's shelf scrolls sideways: ${JSON.stringify(o)}`);
    // Both ends are buttons on the screen.
    for (const end of ['left', 'right']) {
      const b = await page.locator(`#play-shelf button[data-end="${end}"]`).boundingBox();
      assert.ok(b && b.x >= 0 && b.x + b.width <= PHONE.width, `the ${end} end is off the screen`);
    }
    await page.locator('#play-shelf').scrollIntoViewIfNeeded();
    await shot(page, 'play8-phone');
    for (const fragment of ['#w=7,2,9,4&mode=learn&lesson=fill&step=6', '#w=7,2,9,4&mode=learn&lesson=fill&step=6&code=c',
      '#w=3,9,1,2,7,4,8,5,6,10,11,12&mode=learn&lesson=fill&step=70&pitfall=added', '#w=7,2,9,4&mode=learn&lesson=row&step=3']) {
      await go(page, fragment);
      o = await overflow(page, 'pre.code');
      assert.ok(o.count > 0, fragment);
      assert.ok(o.page <= 0 && o.right <= 0 && o.inside <= 0, `${fragment}: the code is cut: ${JSON.stringify(o)}`);
      o = await overflow(page, 'pre.code .line .txt');
      assert.ok(o.right <= 0, `${fragment}: a line reaches past the screen: ${JSON.stringify(o)}`);
      // Every value written beside the code is on the screen, whole.
      const values = await page.$$eval('pre.code .value', (vs) => vs.map((v) => v.getBoundingClientRect().right - window.innerWidth));
      assert.ok(values.every((x) => x <= 0), `${fragment}: a value is cut: ${values}`);
    }
    await go(page, '#w=7,2,9,4&mode=learn&lesson=fill&step=6');
    await page.locator('pre.code .line.now').first().scrollIntoViewIfNeeded();
    await shot(page, 'fill-phone');
    await done(page);
  });
});

// MARK: - The recursion tree

// The calls of lead(0, n - 1), depth first as the recursion makes them,
// each with the index of the call that made it.
function calls(n) {
  const all = [];
  const visit = (i, j, parent) => {
    const k = all.length;
    all.push({ i, j, parent });
    if (i < j) { visit(i + 1, j, k); visit(i, j - 1, k); }
  };
  visit(0, n - 1, -1);
  return all;
}

test('the recursion tree has a line from each call to each of its two calls', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=7&mode=learn&lesson=tree', WIDE);
    for (const weights of [[7], ...PROBLEM_CASES.map(([w]) => w), [5, 1, 4, 2, 8, 3, 6, 7]]) {
      await go(page, `#w=${weights.join(',')}&mode=learn&lesson=tree`);
      const want = calls(weights.length);
      const drawn = await page.evaluate(() => {
        const svg = document.querySelector('svg.tree');
        const boxes = [...svg.querySelectorAll('g.call')].map((g) => {
          const r = g.querySelector('rect');
          const x = Number(r.getAttribute('x'));
          const y = Number(r.getAttribute('y'));
          return { k: Number(g.dataset.call), i: Number(g.dataset.first), j: Number(g.dataset.last), label: g.querySelector('text').textContent,
            cx: x + Number(r.getAttribute('width')) / 2, top: y, bottom: y + Number(r.getAttribute('height')) };
        });
        const edges = [...svg.querySelectorAll('line.edge')].map((l) => ({
          from: Number(l.dataset.from), to: Number(l.dataset.to),
          x1: Number(l.getAttribute('x1')), y1: Number(l.getAttribute('y1')), x2: Number(l.getAttribute('x2')), y2: Number(l.getAttribute('y2')),
        }));
        return { boxes, edges };
      });
      const what = `[${weights}]`;
      assert.deepEqual(drawn.boxes.map((b) => [b.k, b.i, b.j]), want.map((c, k) => [k, c.i, c.j]), `${what}: the calls`);
      // One edge a call but the first, from the call that made it.
      assert.equal(drawn.edges.length, want.length - 1, `${what}: the lines`);
      const edgeTo = new Map(drawn.edges.map((e) => [e.to, e]));
      want.forEach((c, k) => {
        if (c.parent < 0) return;
        const e = edgeTo.get(k);
        assert.ok(e, `${what}: no line to lead(${c.i}, ${c.j})`);
        assert.equal(e.from, c.parent, `${what}: the line to lead(${c.i}, ${c.j}) comes from the wrong call`);
        // It is drawn from the bottom of the caller's box to the top of
        // the callee's, and the callee is in the row below.
        const from = drawn.boxes[e.from];
        const to = drawn.boxes[k];
        assert.ok(Math.abs(e.x1 - from.cx) < 0.5 && Math.abs(e.y1 - from.bottom) < 0.5, `${what}: line ${e.from}->${k} does not start at its caller`);
        assert.ok(Math.abs(e.x2 - to.cx) < 0.5 && Math.abs(e.y2 - to.top) < 0.5, `${what}: line ${e.from}->${k} does not end at its callee`);
        assert.ok(to.top > from.bottom, `${what}: a call above its caller`);
      });
      // No two boxes of a row overlap.
      const rows = new Map();
      for (const b of drawn.boxes) rows.set(b.top, [...(rows.get(b.top) || []), b.cx].sort((x, y) => x - y));
      for (const xs of rows.values()) for (let k = 1; k < xs.length; k++) assert.ok(xs[k] - xs[k - 1] >= 26, `${what}: boxes overlap`);
    }
    await page.locator('#tree-frame').scrollIntoViewIfNeeded();
    await shot(page, 'tree-1280');
    await done(page);
  });
});

// MARK: - One way to count

// The stack of docs/algorithm.md: each weight pushed, then every
// peak on top merged; the steps of the page's reduction, counted so.
function peaks(weights) {
  const stack = [];
  const merges = [];
  let step = 0;
  for (const w of weights.map(BigInt)) {
    stack.push(w);
    step++;
    while (stack.length >= 3 && stack.at(-2) >= stack.at(-3) && stack.at(-2) >= stack.at(-1)) {
      const [a, b, c] = stack.splice(-3, 3);
      stack.push(a - b + c);
      step++;
      merges.push({ step, a, b, c, value: a - b + c });
    }
  }
  return merges;
}

test('the lessons count wheels from 0, as the code does, and say so once', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=7,2,9,4&mode=learn&lesson=tree', WIDE);
    const note = async () => {
      assert.equal(await page.locator('#count-note').count(), 1);
      assert.match(await text(page, '#count-note'), /counted from 0/);
    };
    // 1. The tree: the first call is the block 0 to 3; no wheel 4.
    await note();
    const labels = await page.$$eval('svg.tree g.call text', (ts) => ts.map((t) => t.textContent));
    assert.equal(labels[0], '0\u20133');
    assert.ok(labels.every((l) => !l.includes('4')), `a 1-based block: ${labels}`);
    // 2. The memo's table: rows and columns 0 to 3.
    await go(page, '#w=7,2,9,4&mode=learn&lesson=memo');
    await note();
    const heads = await page.$$eval('table.memo thead th', (ths) => ths.slice(1).map((th) => th.firstChild.textContent.trim()));
    assert.deepEqual(heads, ['0', '1', '2', '3']);
    const rows = await page.$$eval('table.memo tbody th', (ths) => ths.map((th) => th.firstChild.textContent.trim()));
    assert.deepEqual(rows, ['0', '1', '2', '3']);
    // 3. The fill: lead[1][2] is wheels 1 to 2.
    await go(page, '#w=7,2,9,4&mode=learn&lesson=fill&step=6');
    await note();
    assert.match(await text(page, '#step-status'), /^lead\[1\]\[2\], wheels 1 to 2:/);
    // 4. The row: row[i] for i from 0.
    await go(page, '#w=7,2,9,4&mode=learn&lesson=row&step=2');
    await note();
    assert.match(await text(page, '#step-status'), /for i = 0 to 2\./);
    // 5. The reduction: the first wheel is wheel 0, the last wheel 3.
    await go(page, '#w=7,2,9,4&mode=learn&lesson=reduce&step=1');
    await note();
    assert.match(await text(page, '#step-status'), /^Wheel 0 arrives: 7 is pushed\./);
    const wheels = await page.$$eval('#r-shelf li.wheel', (ls) => ls.map((l) => l.getAttribute('aria-label')));
    assert.deepEqual(wheels, ['wheel 0, 7 kilos', 'wheel 1, 2 kilos', 'wheel 2, 9 kilos', 'wheel 3, 4 kilos']);
    await go(page, '#w=7,2,9,4&mode=learn&lesson=reduce&step=5');
    assert.match(await text(page, '#step-status'), /the lead of wheels 1 to 3 for whoever opens them\.$/);
    // The views for players still count from 1, as the command does.
    await go(page, '#w=7,2,9,4&mode=reduce&step=1');
    assert.match(await text(page, '#step-status'), /^Wheel 1 arrives: 7 is pushed\./);
    assert.equal(await page.locator('#count-note').count(), 0);
    // The strip above counts as the view below it: from 0 under a lesson,
    // from 1 under the exercise (9 wheels: too many to build, no shelf of
    // its own), on the same shelf.
    const strip = () => page.$$eval('#shelf-strip li.wheel', (ls) => ls.map((l) => l.getAttribute('aria-label')));
    await go(page, '#w=7,2,9,4,1,1,1,1,3&mode=learn&lesson=tree');
    assert.deepEqual((await strip()).filter((_, k) => k === 0 || k === 8), ['wheel 0, 7 kilos', 'wheel 8, 3 kilos']);
    await go(page, '#w=7,2,9,4,1,1,1,1,3&mode=build');
    assert.ok(await page.isVisible('#shelf-strip li.wheel'));
    assert.deepEqual((await strip()).filter((_, k) => k === 0 || k === 8), ['wheel 1, 7 kilos', 'wheel 9, 3 kilos']);
    await done(page);
  });
});

test('lesson 5 works out why a peak becomes a - b + c on the shelf\'s own numbers', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=7,2,9,4&mode=learn&lesson=reduce', WIDE);
    let seen = 0;
    for (const [weights] of [...PROBLEM_CASES, [[3, 9, 1, 2, 7, 4, 8, 5]], [[-3, -3, -3, 5, -3, -2, 5]], [[10, 20000, 30]]]) {
      const merges = peaks(weights);
      const at = `#w=${weights.join(',')}&mode=learn&lesson=reduce`;
      if (merges.length === 0) {
        await go(page, `${at}&step=1`);
        assert.ok(await page.isVisible('#r-why-none'), `[${weights}]: no peak, and it says so`);
        continue;
      }
      // Before the first merge it waits for it.
      await go(page, `${at}&step=${merges[0].step - 1}`);
      assert.ok(await page.isVisible('#r-why-wait'), `[${weights}]`);
      for (const { step, a, b, c, value } of merges) {
        await go(page, `${at}&step=${step}`);
        const why = (await text(page, '#r-why-peak')).replace(/\s+/g, ' ');
        const minus = (x, y, z) => `${x} \u2212 ${y} + ${z}`.replace(/\+ -/g, '\u2212 ').replace(/\u2212 -/g, '+ ');
        const what = `[${weights}] step ${step}`;
        assert.ok(why.startsWith(`Why ${a}, ${b}, ${c} become ${value}`), `${what}: ${why}`);
        assert.ok(why.includes(`${b} is a peak: it is at least ${a} and at least ${c}.`), `${what}: ${why}`);
        assert.ok(why.includes(`Taking ${a} leaves ${b}, ${c}: the other buyer takes ${b}`), `${what}: ${why}`);
        assert.ok(why.includes(`so ${minus(a, b, c)} = ${value}.`), `${what}: ${why}`);
        assert.ok(why.includes(`so ${minus(c, b, a)} = ${value}.`), `${what}: ${why}`);
        assert.ok(why.includes(`a \u2212 b + c = ${value}`), `${what}: ${why}`);
        seen++;
      }
    }
    assert.ok(seen >= 5, 'merges were looked at');
    await done(page);
  });
});

// MARK: - The game's margin

test('the game\'s margin is "so far" while the game goes on, and "Your margin" once it is over', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&mode=play&as=first&vs=perfect', WIDE);
    assert.equal(await text(page, '#play-margin-label'), 'Your margin so far');
    await page.click('#take-left');
    assert.equal(await text(page, '#play-margin-label'), 'Your margin so far');
    await page.click('#take-left'); // the last wheel is taken for you
    await page.waitForSelector('#review-summary');
    assert.equal(await text(page, '#play-margin-label'), 'Your margin');
    // 3 + 1 against 9 + 2 (the perfect buyer's replies, as the command's).
    assert.equal(await text(page, '#play-margin'), '-7');
    await page.click('#undo');
    assert.equal(await text(page, '#play-margin-label'), 'Your margin so far');
    // A game opened over, from a link, as the second buyer.
    await go(page, '#w=3,9,1,2&mode=play&as=second&vs=greedy&moves=L');
    assert.ok(await page.isVisible('#review-summary'));
    assert.equal(await text(page, '#play-margin-label'), 'Your margin');
    await done(page);
  });
});
