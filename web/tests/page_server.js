// page_server.js - the same page served by a plain static web server works
// as it does from disk, and asks the server for nothing but itself.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { WEB, withBrowser, open, done, text } = require('./helpers.js');

test('served over http', async () => {
  const asked = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url);
    const file = path.join(WEB, path.normalize(decodeURIComponent(req.url.split('?')[0])));
    if (!file.startsWith(WEB) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fs.readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await withBrowser(async (browser) => {
      const base = `http://127.0.0.1:${server.address().port}/index.html`;
      const page = await open(browser, '#w=3,9,1,2', null, base);
      assert.equal(await text(page, '#margin'), '7');
      await done(page);
    });
    assert.deepEqual(asked, ['/index.html']);
  } finally {
    server.close();
  }
});
