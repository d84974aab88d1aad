#!/bin/sh
# build.sh OUTDIR - compiles libshelf (every src/*/*.c), web/wasm.c,
# web/wasm_learn.c and web/wasm_records.c with
# emscripten, joins web/page/*.js into OUTDIR/app.js, and writes
# OUTDIR/index.html: the page with its scripts and the wasm inlined, so that
# it works from file:// (where Chromium refuses module scripts and fetch) as
# well as from any static server. OUTDIR also keeps shelf.js, the module
# alone, for the node tests of bridge.js.
#
# Debian's emcc runs its JavaScript tools with the system node, which finds
# acorn only through NODE_PATH. The classic -sMODULARIZE -sSINGLE_FILE
# script avoids emscripten 3.1.6's fetch-based loader, which breaks under
# node 18 and later.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out=${1:-$root/build/web}
EMCC=${EMCC:-emcc}
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
mkdir -p "$out"

"$EMCC" -std=c11 -O2 -Wall -Wextra -pedantic -Wstrict-prototypes -Wshadow \
  -Werror -I"$root/include" -I"$root/src/core" -I"$root/src/pieces" \
  -I"$root/src/teach" -I"$root/src/judge" -I"$root/src/svg" \
  -DSHELF_STATIC_DEFINE \
  "$root"/src/*/*.c "$here/wasm.c" "$here/wasm_learn.c" "$here/wasm_records.c" \
  -sMODULARIZE -sEXPORT_NAME=ShelfModule -sSINGLE_FILE -sENVIRONMENT=web \
  -sALLOW_MEMORY_GROWTH -sFILESYSTEM=0 -sINCOMING_MODULE_JS_API=[] \
  -sEXPORTED_FUNCTIONS=_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8 \
  -o "$out/shelf.js"

# The page's code: one file a job in web/page/, joined in this order inside
# one function (base.js defines what the others share, events.js starts the
# page), so they share names as one script would, with no bundler.
PAGE="base fragment model draw line learn code fill table build greedy reduce play render events"
for file in "$here"/page/*.js; do
  part=$(basename "$file" .js)
  case " $PAGE " in
    *" $part "*) ;;
    *) echo "build.sh: web/page/$part.js is not in PAGE" >&2; exit 1 ;;
  esac
done
{
  printf "(function () {\n'use strict';\n"
  for part in $PAGE; do
    printf '\n// ---- web/page/%s.js\n' "$part"
    cat "$here/page/$part.js"
  done
  printf '})();\n'
} >"$out/app.js"

node "$here/inline.js" "$here/index.html" "$out" "$out/index.html"
echo "wrote $out/index.html"
