// page.js - the page's tests, web/tests/page_*.js, in one process that
// launches Chromium once and makes one context in it (helpers.js): run as
// one file each, they launched it 43 times, for about 2 CPU-seconds each,
// and a context a test cost 1.7 more. `node --test page.js` runs them all;
// --test-name-pattern picks some.
'use strict';
const { after } = require('node:test');
const fs = require('node:fs');
const path = require('node:path');
const { closeBrowser } = require('./helpers.js');

for (const file of fs.readdirSync(__dirname).filter((f) => /^page_.+\.js$/.test(f)).sort()) {
  require(path.join(__dirname, file));
}
after(closeBrowser);
