#!/bin/sh
# run.sh build|bridge|page BUILD_DIR - the web tests, as CTest runs them.
#   build:  web/build.sh into BUILD_DIR/web (the others need it);
#   bridge: node's test runner over web/tests/test_*.js (bridge.js on the
#           built module, against the shelf command);
#   page:   the same runner over web/tests/page.js, which runs every
#           web/tests/page_*.js in one process with one headless Chromium
#           (build/web/index.html from file://).
# The page is built first (web/build.sh) by the web_build test. A missing
# tool is a skip: one line `skipped: ...` and exit 77. CI installs them all
# (.ci/run), so CI skips nothing.
set -u
kind=$1
build=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
web=$(dirname "$here")

skip() {
  echo "skipped: web $kind tests ($1)"
  exit 77
}
command -v node >/dev/null 2>&1 || skip "node not found; apt-get install nodejs"
if [ "$kind" = build ]; then
  command -v "${EMCC:-emcc}" >/dev/null 2>&1 || skip "emcc not found; apt-get install emscripten"
  exec sh "$web/build.sh" "$build/web"
fi
[ -f "$build/web/index.html" ] && [ -f "$build/web/shelf.js" ] ||
  skip "the page is not built: emcc not found; apt-get install emscripten"

export SHELF_WEB="$build/web" SHELF_CLI="$build/shelf"
case $kind in
  bridge)
    exec node --test "$here"/test_*.js ;;
  page)
    chromium=${SHELF_CHROMIUM:-/usr/bin/chromium}
    [ -x "$chromium" ] || skip "$chromium not found; apt-get install chromium"
    node -e "require.resolve('playwright-core', { paths: ['$web'] })" 2>/dev/null ||
      skip "playwright-core not installed; run npm ci in web/"
    node -e "require.resolve('axe-core', { paths: ['$web'] })" 2>/dev/null ||
      skip "axe-core not installed; run npm ci in web/"
    exec node --test "$here"/page.js ;;
esac
echo "run.sh: unknown kind $kind" >&2
exit 2
