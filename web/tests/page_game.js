// page_game.js - whole games against the perfect buyer, one by clicks and
// one by keys, ending on the command's totals; undo; a mistake priced in
// the review as the command's --explain prices it; the greedy buyer.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cliJson, withBrowser, open, done, text } = require('./helpers.js');

// The perfect move on the block that remains, from the command.
function perfectEnd(weights, moves) {
  let i = 0;
  let j = weights.length - 1;
  for (const m of moves) if (m === 'L') i++; else j--;
  return cliJson(weights.slice(i, j + 1), ['--moves']).moves[0].end;
}

async function movesOf(page) {
  return page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('moves') || '');
}

async function playGame(page, weights, as, take) {
  for (;;) {
    if (await page.isDisabled('#take-left')) break; // not your turn: the game is over
    const moves = await movesOf(page);
    await take(perfectEnd(weights, moves));
  }
  assert.equal((await movesOf(page)).length, weights.length, `${as}: every wheel taken`);
}

test('a whole game by clicks, as the first buyer, against the perfect buyer', async () => {
  await withBrowser(async (browser) => {
    for (const weights of [[3, 9, 1, 2], [2, 4, 8, 1, 9, 3], [5, 5, -3, 8, 0, 2, 7]]) {
      const ref = cliJson(weights);
      const page = await open(browser, `#w=${weights.join(',')}&mode=play&as=first&vs=perfect`);
      // Click the end wheel itself (the buttons are tried in the keys game).
      await playGame(page, weights, 'first', (end) => page.click(`button.wheel[data-end="${end}"]`));
      assert.equal(await text(page, '#play-first'), String(ref.first), weights.join(' '));
      assert.equal(await text(page, '#play-second'), String(ref.second));
      assert.match(await text(page, '#review-summary'), /Every move of yours kept the lead/);
      await done(page);
    }
  });
});

test('a whole game by keys, as the second buyer, against the perfect buyer', async () => {
  await withBrowser(async (browser) => {
    const weights = [7, 2, 9, 4, 11, 3, 3, 8];
    const ref = cliJson(weights);
    const page = await open(browser, `#w=${weights.join(',')}`);
    await page.click('nav.modes button[data-mode="play"]');
    await page.selectOption('#play-as', 'second');
    assert.equal((await movesOf(page)).length, 1, 'the perfect buyer opened');
    await page.click('h1'); // keys go to the page, not a control
    await playGame(page, weights, 'second', (end) => page.keyboard.press(end === 'left' ? 'ArrowLeft' : 'ArrowRight'));
    assert.equal(await text(page, '#play-first'), String(ref.first));
    assert.equal(await text(page, '#play-second'), String(ref.second));
    await done(page);
  });
});

test('undo takes back your move and the reply; a hint shows both ends', async () => {
  await withBrowser(async (browser) => {
    const page = await open(browser, '#w=3,9,1,2&mode=play');
    await page.click('#hint');
    // By hand: the left keeps 3 - 8 = -5, the right 2 - (-5) = 7.
    assert.match(await text(page, '#hint-text'), /left \(3\) keeps a lead of -5; taking the right \(2\) keeps 7/);
    await page.click('#take-left'); // the greedy mistake
    assert.equal(await movesOf(page), 'LL', 'the perfect buyer took the 9');
    assert.equal(await text(page, '#play-first'), '3');
    assert.equal(await text(page, '#play-second'), '9');
    await page.click('#undo');
    assert.equal(await movesOf(page), '');
    assert.equal(await text(page, '#play-first'), '0');
    assert.equal(await text(page, '#play-second'), '0');
    await page.click('h1');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('u');
    assert.equal(await movesOf(page), '', 'u undoes too');
    // Finish the mistaken game: the review prices turn 1 as --explain does.
    await page.click('#take-left');
    while (!(await page.isDisabled('#take-left'))) await page.click('#take-left');
    const cost = cliJson([3, 9, 1, 2], ['--explain']).first_mistake.cost;
    const row1 = await page.$$eval('table.review tbody tr:first-child td', (tds) => tds.map((td) => td.textContent.trim()));
    assert.equal(row1[6], `${cost} lost`);
    // By hand: you took 3 and 1, the perfect buyer 9 and 2; perfect play gives 11 to 4.
    assert.match(await text(page, '#review-summary'), /^You finished 7 kilos behind \(a margin of -7, .*leaves you 7 kilos ahead\./s);
    await done(page);
  });
});

test('the greedy buyer takes the heavier end, the left on equal weights', async () => {
  await withBrowser(async (browser) => {
    // As second against greedy on [4, 1, 4]: greedy takes the left 4.
    const page = await open(browser, '#w=4,1,4&mode=play&as=second&vs=greedy');
    assert.equal(await movesOf(page), 'L');
    await page.click('#take-right'); // you take the 4 on the right; greedy takes the 1
    assert.equal(await movesOf(page), 'LRL');
    assert.equal(await text(page, '#play-first'), '5');
    assert.equal(await text(page, '#play-second'), '4');
    await done(page);
  });
});
