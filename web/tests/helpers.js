// helpers.js - what the web tests share: the shelf command as the
// reference (SHELF_CLI, build/shelf), the built module and page
// (SHELF_WEB, build/web), the problem's cases, an independent lead DP, and a
// headless Chromium that opens the page from file:// and records every
// console error and failed request.
'use strict';
const assert = require('node:assert/strict');
const { execFileSync, spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const WEB = process.env.SHELF_WEB || path.join(ROOT, 'build', 'web');
const CLI = process.env.SHELF_CLI || path.join(ROOT, 'build', 'shelf');

// The problem's seven cases (docs/problem.md), weights and margin.
const PROBLEM_CASES = [
  [[7, 2, 9, 4], 10n],
  [[3, 9, 1, 2], 7n],
  [[2, 4, 8, 1, 9, 3], 11n],
  [[6, 6], 0n],
  [[10, 1], 9n],
  [[5], 5n],
  [[4, 4, 4, 4], 0n],
];

// MARK: - The command, the reference

// JSON from the command with every number as a BigInt (its numbers can
// need 128 bits, which JSON.parse would round).
function parseJsonBig(text) {
  return JSON.parse(text.replace(/(?<=[:\[,]\s*)(-?\d+)(?=\s*[,}\]])/g, '"#$1"'),
    (_, v) => (typeof v === 'string' && v.startsWith('#') ? BigInt(v.slice(1)) : v));
}

// Runs `shelf args...` with `input` on stdin: { status, stdout, stderr }.
// With input null, stdin is closed: a command that reads nothing (such as
// --random) may exit before a write to its stdin, which would fail (EPIPE).
function cli(args, input = '') {
  const stdin = input === null ? { stdio: ['ignore', 'pipe', 'pipe'] } : { input };
  const r = spawnSync(CLI, args, { ...stdin, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The command's JSON answer for a shelf given on stdin (or for --random).
function cliJson(weights, extra = []) {
  const r = cli(['--json', ...extra], extra.includes('--random') ? null : weights.join(' ') + '\n');
  assert.equal(r.status, 0, r.stderr);
  return parseJsonBig(r.stdout);
}

// MARK: - Shelves where greedy loses, and what --explain says it loses

// The shelf `shelf --random N --seed S --range R --trap` makes (the first
// seed from S on where a greedy first buyer loses lead), as numbers.
function trapShelf(n, seed, range) {
  const r = cli(['--random', String(n), '--seed', String(seed), '--range', range, '--trap'], null);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

// The margin `shelf --explain` gives a shelf and the loss its trap sentence
// states ("... greedy loses 12 kilos of lead in all."), as BigInts.
function statedLoss(weights) {
  const r = cli(['--explain', '--', ...weights.map(String)], null);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  const trap = lines.find((l) => l.startsWith('The greedy trap:'));
  const loss = / greedy loses (\d+) kilos? of lead in all\.$/.exec(trap);
  assert.ok(loss, trap);
  return { margin: BigInt(lines[0]), loss: BigInt(loss[1]) };
}

// (wheels, --range) and seeds for the shelves of trapShelf(): sizes and
// ranges with ties, zeros and negatives; seeds far apart, since --trap
// moves on from a seed to the next trap and near seeds share one.
const TRAP_CASES = [[4, '0..3'], [5, '-3..3'], [6, '0..1'], [6, '0..9'], [7, '-2..2'], [8, '1..10000'], [10, '-99..99']];
const TRAP_SEEDS = [1, 101, 202, 303, 404, 505, 606, 707];

// MARK: - An independent reference: the problem's interval DP

// lead[i][j] for every block, as the problem's solution computes it.
function problemLeadTable(weights) {
  const w = weights.map(BigInt);
  const n = w.length;
  const lead = Array.from({ length: n }, () => new Array(n).fill(0n));
  for (let i = 0; i < n; i++) lead[i][i] = w[i];
  for (let span = 2; span <= n; span++) {
    for (let i = 0; i + span - 1 < n; i++) {
      const j = i + span - 1;
      const left = w[i] - lead[i + 1][j];
      const right = w[j] - lead[i][j - 1];
      lead[i][j] = left > right ? left : right;
    }
  }
  return lead;
}

// MARK: - The module and the bridge, in node

// The bridge over a fresh module instance, and the module itself (for the
// tests that watch its memory).
async function loadBridge() {
  const { createShelf } = require(path.join(ROOT, 'web', 'bridge.js'));
  const factory = require(path.join(WEB, 'shelf.js'));
  let module = null;
  const bridge = await createShelf(() => factory().then((m) => (module = m)));
  return { shelf: bridge, module };
}

// MARK: - Headless Chromium

const CHROMIUM = process.env.SHELF_CHROMIUM || '/usr/bin/chromium';
const PAGE = path.join(WEB, 'index.html');
const pageUrl = (fragment = '') => `file://${PAGE}${fragment}`;

// The process's one Chromium and one context in it, made on first use and
// closed by closeBrowser(). A launch costs about 2 CPU-seconds and a new
// context about 1.7 more (its first tab starts a renderer process), so
// page.js runs every page test in one process and the tests share both, as
// tabs done() leaves for the next open(). Sharing hides nothing from a
// test: the page keeps no cookies, storage or cache of its own, and open()
// gives each tab the viewport and media a new one has.
let shared = null;

function sharedContext() {
  if (!shared) {
    const { chromium } = require(require.resolve('playwright-core', { paths: [path.join(ROOT, 'web')] }));
    shared = chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    }).then(async (browser) => ({ browser, context: await browser.newContext({ viewport: VIEWPORT }), idle: [] }));
  }
  return shared;
}

async function closeBrowser() {
  if (!shared) return;
  const { browser } = await shared;
  shared = null;
  await browser.close();
}

// Runs body(browser) with the shared context: browser.context is where
// open() makes its tabs, and browser.idle holds the tabs done() has
// finished with. A tab the test did not hand back to done() (it failed
// first) is closed afterwards, with whatever it was doing.
async function withBrowser(body) {
  const { context, idle } = await sharedContext();
  try {
    return await body({ context, idle });
  } finally {
    // The tests run one at a time, so every tab not idle is this test's.
    for (const page of context.pages()) if (!idle.includes(page)) await page.close();
  }
}

const VIEWPORT = { width: 1200, height: 900 };

// Opens the page at `fragment` and waits until it is ready: a new
// document, in a tab done() left if there is one (a new tab
// cost twice the CPU: page_screenshots.js took 33 CPU-seconds with a tab
// for each of its 32 loads, 18 with one tab). The tab gets the viewport
// (by default 1200x900) and no emulated media, as a new one would.
// page.problems lists every console error, page error and failed request.
// `base` is where the page is opened from (file:// by default).
async function open(browser, fragment = '', viewport = null, base = pageUrl()) {
  let page = browser.idle.pop();
  if (page) {
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null, contrast: null });
    await page.setViewportSize(viewport || VIEWPORT);
  } else {
    page = await browser.context.newPage();
    page.idle = browser.idle;
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') page.problems.push(`console ${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => page.problems.push(`request failed: ${r.url()}`));
    page.on('request', (r) => {
      if (!r.url().startsWith(page.base) && !r.url().startsWith('data:')) page.problems.push(`request elsewhere: ${r.url()}`);
    });
    if (viewport) await page.setViewportSize(viewport);
  }
  page.problems = [];
  page.base = base;
  await page.goto(base + fragment);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

// Unloads the page (its timers stop with it), fails if anything went wrong
// on it, and leaves the tab for the next open(). One tab is kept at most:
// with a second one left open, even on about:blank, the other tab's
// actions waited far longer (page.js took 320 s by the clock, not 86).
async function done(page) {
  await page.goto('about:blank');
  assert.deepEqual(page.problems, [], 'no console errors or failed requests');
  if (page.idle.length) await page.close();
  else page.idle.push(page);
}

// The problem's loop in a pitfall's form, by its description, for the
// learner's lessons (page_learn.js) and the bridge (test_learn.js): added
// uses w + lead(rest); leftIndex fills row by row on a table of zeros, so
// it reads cells not yet written.
function pitfallTable(weights, { added = false, leftIndex = false }) {
  const w = weights.map(BigInt);
  const n = w.length;
  const lead = Array.from({ length: n }, () => new Array(n).fill(0n));
  for (let i = 0; i < n; i++) lead[i][i] = w[i];
  const cell = (i, j) => {
    const l = added ? w[i] + lead[i + 1][j] : w[i] - lead[i + 1][j];
    const r = added ? w[j] + lead[i][j - 1] : w[j] - lead[i][j - 1];
    lead[i][j] = l > r ? l : r;
  };
  if (leftIndex) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) cell(i, j);
  } else {
    for (let span = 2; span <= n; span++) for (let i = 0; i + span - 1 < n; i++) cell(i, i + span - 1);
  }
  return lead;
}

const text = (page, selector) => page.textContent(selector).then((s) => s.trim());

module.exports = {
  ROOT, WEB, CLI, PROBLEM_CASES, parseJsonBig, cli, cliJson, problemLeadTable, pitfallTable, loadBridge, withBrowser, closeBrowser, open, done, text,
  pageUrl, trapShelf, statedLoss, TRAP_CASES, TRAP_SEEDS,
};
