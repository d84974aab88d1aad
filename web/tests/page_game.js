// page_game.js - the page's game is libshelf's: whole games by clicks and
// by keys ending on the command's totals; undo to your last choice; a last
// wheel taken for you; the greedy buyer; and the same scripted games give,
// on the page and in `shelf --interactive`, the same review row for row and
// the same sentences. The address keeps your choices (moves=...). Greedy
// played by clicks on --trap shelves loses what --explain states.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, cliJson, withBrowser, open, done, text, trapShelf, statedLoss, TRAP_CASES, TRAP_SEEDS } = require('./helpers.js');

async function choicesOf(page) {
  return page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('moves') || '');
}

// The command's text for the same choices, its wrapping undone.
function terminalText(weights, choices, options) {
  const p = cli(['--interactive', ...options, '--', ...weights.map(String)],
    choices.toLowerCase().split('').map((c) => `${c}\n`).join('') + 'q\n');
  assert.equal(p.status, 0, p.stderr);
  return p.stdout.split(/\s+/).join(' ');
}

test('the same games on the page and in the terminal: the same review and sentences', async () => {
  await withBrowser(async (browser) => {
    const games = [
      [[3, 9, 1, 2], 'first', 'perfect', 'LR', []],
      [[2, 4, 8, 1, 9, 3], 'second', 'perfect', 'RL', ['--second']],
      [[5, 5, -3, 8, 0, 2, 7], 'first', 'greedy', 'LRL', ['--vs', 'greedy']],
    ];
    for (const [weights, as, vs, script, options] of games) {
      const page = await open(browser, `#w=${weights.join(',')}&mode=play&as=${as}&vs=${vs}`);
      for (const c of script) await page.click(c === 'L' ? '#take-left' : '#take-right');
      assert.equal(await choicesOf(page), script);
      assert.ok(await page.isDisabled('#take-left'), 'the game is over');
      const rows = await page.$$eval('table.review tbody tr', (trs) => trs.map((tr) =>
        Array.from(tr.children, (td) => td.textContent.replace(/\s+/g, '')).join(' ')));
      const said = await page.$$eval('#review-summary, .review-said', (ps) => ps.map((p) => p.textContent.trim()));
      const moves = await page.$$eval('#play-status .said', (ss) => ss.map((s) => s.textContent.trim()));
      const term = terminalText(weights, script, options);
      assert.ok(term.includes(`lead kept best lead cost ${rows.join(' ')} (A lead`), `${weights}: ${rows}`);
      for (const s of said) assert.ok(term.includes(s), `${weights}: ${s}`);
      assert.ok(moves.length > 0);
      for (const s of moves) assert.ok(term.includes(s), `${weights}: ${s}`);
      await done(page);
    }
  });
});

test('a whole game by clicks and one by keys end on the command totals', async () => {
  await withBrowser(async (browser) => {
    for (const [weights, as] of [[[3, 9, 1, 2], 'first'], [[7, 2, 9, 4, 11, 3, 3, 8], 'second']]) {
      const ref = cliJson(weights);
      const page = await open(browser, `#w=${weights.join(',')}&mode=play&as=${as}&vs=perfect`);
      await page.click('h1'); // keys go to the page, not a control
      for (let turn = 0; !(await page.isDisabled('#take-left')); turn++) {
        const hint = await (async () => { await page.click('#hint'); return text(page, '#hint-text'); })();
        const best = /Best: the (left|right)/.exec(hint);
        const end = best ? best[1] : 'left';
        if (turn % 2) await page.click(`button.wheel[data-end="${end}"]`);
        else { await page.click('h1'); await page.keyboard.press(end === 'left' ? 'ArrowLeft' : 'ArrowRight'); }
      }
      assert.equal(await text(page, '#play-first'), String(ref.first), weights.join(' '));
      assert.equal(await text(page, '#play-second'), String(ref.second));
      assert.match(await text(page, '.review-said:last-of-type'), /No mistakes: every one of your moves kept the best lead\./);
      await done(page);
    }
  });
});

// A number as the page shows it: digits grouped by thin spaces, a minus
// sign for negatives.
function shown(t) {
  return BigInt(t.replace(/[\s\u2009\u202f]/g, '').replace('\u2212', '-'));
}

test('greedy played on --trap shelves by clicks loses what --explain states', async () => {
  await withBrowser(async (browser) => {
    const played = new Set();
    for (const [n, range] of TRAP_CASES) {
      for (const seed of TRAP_SEEDS.slice(0, 3)) {
        const w = trapShelf(n, seed, range);
        if (played.has(w.join(' '))) continue;
        played.add(w.join(' '));
        const { margin, loss } = statedLoss(w);
        const page = await open(browser, `#w=${w.join(',')}&mode=play&as=first&vs=perfect`);
        while (!(await page.isDisabled('#take-left'))) {
          // The heavier end of the wheels that remain, from the page's own
          // buttons; the left on equal weights.
          const ends = await page.$$eval('button.wheel[data-end]', (bs) => bs.map((b) => b.getAttribute('aria-label')));
          const [left, right] = ends.map((l) => BigInt(/, (-?\d+) kilos?$/.exec(l)[1]));
          await page.click(left >= right ? '#take-left' : '#take-right');
        }
        const first = shown(await text(page, '#play-first'));
        const second = shown(await text(page, '#play-second'));
        assert.equal(first - second, margin - loss, `[${w}]`);
        assert.ok(loss >= 1n, `[${w}]`);
        await done(page);
      }
    }
    assert.ok(played.size > 12, `${played.size} shelves`);
  });
});

test('undo goes back to your last choice; a hint shows both ends', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&mode=play');
    await page.click('#hint');
    // By hand: the left keeps 3 - 8 = -5, the right 2 - (-5) = 7.
    assert.match(await text(page, '#hint-text'), /left wheel \(3 kilos\) keeps a lead of -5 .* right wheel \(2 kilos\) keeps a lead of 7 /);
    await page.click('#take-left'); // the greedy mistake; the perfect buyer takes the 9
    assert.equal(await choicesOf(page), 'L');
    assert.equal(await text(page, '#play-first'), '3');
    assert.equal(await text(page, '#play-second'), '9');
    await page.click('#undo');
    assert.equal(await choicesOf(page), '');
    assert.equal(await text(page, '#play-first'), '0');
    assert.equal(await text(page, '#play-second'), '0');
    await page.click('h1');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('u');
    assert.equal(await choicesOf(page), '', 'u undoes too');
    // Finish the mistaken game: the review prices turn 1 as --explain does.
    await page.click('#take-left');
    await page.click('#take-left');
    const cost = cliJson([3, 9, 1, 2], ['--explain']).first_mistake.cost;
    const row1 = await page.$$eval('table.review tbody tr:first-child td', (tds) => tds.map((td) => td.textContent.trim()));
    assert.deepEqual(row1.slice(0, 2), ['1', 'left']);
    assert.equal(row1[5], String(cost));
    // By hand: you took 3 and 1, the perfect buyer 9 and 2.
    assert.equal(await text(page, '#review-summary'), 'Game over: you 4, opponent 11. You finished 7 kilos behind (margin -7).');
    // After the game, undo takes back your last choice and the reply.
    await page.click('#undo');
    assert.equal(await choicesOf(page), 'L');
    await done(page);
  });
});

test('the greedy buyer takes the heavier end; a last wheel is taken for you', async () => {
  await withBrowser(async (browser) => {
    // As second against greedy on [4, 1, 4]: greedy takes the left 4; you
    // take the right 4, greedy the 1. On [1, 5, 2] as first: the last
    // wheel is yours, taken without a click.
    let page = await open(browser, '#w=4,1,4&mode=play&as=second&vs=greedy');
    await page.click('#take-right');
    assert.equal(await choicesOf(page), 'R');
    assert.equal(await text(page, '#play-first'), '5');
    assert.equal(await text(page, '#play-second'), '4');
    await done(page);
    page = await open(browser, '#w=1,5,2&mode=play&as=first&vs=perfect');
    await page.click('#take-left');
    assert.ok(await page.isDisabled('#take-left'), 'over: the last wheel was taken for you');
    const ends = await page.$$eval('table.review tbody tr td:nth-child(2)', (tds) => tds.map((td) => td.textContent.trim()));
    assert.deepEqual(ends, ['left', 'last']);
    await done(page);
  });
});
