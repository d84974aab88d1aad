// inline.js TEMPLATE BUILT OUT - writes the page with every classic
// <script src="..."> replaced by the script itself, so that one file holds
// the page, its code and (inside the module, as base64) the wasm. shelf.js
// (the module) and app.js (web/page/*.js joined) come from the build
// directory BUILT; the others sit beside the template.
'use strict';
const fs = require('fs');
const path = require('path');

const [template, built, out] = process.argv.slice(2);
const dir = path.dirname(template);
const html = fs.readFileSync(template, 'utf8');
const BUILT = ['shelf.js', 'app.js'];
let count = 0;
const page = html.replace(/<script src="([\w.-]+)"><\/script>/g, (_, name) => {
  const file = path.join(BUILT.includes(name) ? built : dir, name);
  // "</script" inside a script would end it early; "<\/" means the same in JS.
  const code = fs.readFileSync(file, 'utf8').replace(/<\/script/gi, '<\\/script');
  count++;
  return `<script>\n${code}\n</script>`;
});
if (count !== 3) {
  console.error(`inline.js: expected 3 scripts in ${template}, found ${count}`);
  process.exit(1);
}
fs.writeFileSync(out, page);
