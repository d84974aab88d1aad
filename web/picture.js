// picture.js [BUILD_DIR] - renews the README's picture of the page,
// docs/web.png: the page built in BUILD_DIR/web (default build) at
// #w=2,4,8,1,9,3&step=3 in a 1280x900 window, the first screen. Run it
// with `make web-picture` after `make web`, then look at the picture before
// committing it: it shows the fonts of the machine that took it.
'use strict';
const path = require('path');
const root = path.dirname(__dirname);
process.env.SHELF_WEB = process.env.SHELF_WEB || path.resolve(process.argv[2] || path.join(root, 'build'), 'web');
const { withBrowser, closeBrowser, open, done } = require('./tests/helpers.js');

withBrowser(async (browser) => {
  const page = await open(browser, '#w=2,4,8,1,9,3&step=3', { width: 1280, height: 900 });
  const file = path.join(root, 'docs', 'web.png');
  await page.screenshot({ path: file });
  await done(page);
  console.log(`wrote ${file}`);
}).catch((err) => {
  console.error(`picture.js: ${err.message}`);
  process.exitCode = 1;
}).finally(closeBrowser);
