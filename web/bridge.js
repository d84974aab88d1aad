// bridge.js - the only code that touches the wasm module (libshelf compiled
// by emscripten, with the flat exports of web/wasm.c).
//
// Every call copies its input into memory it _mallocs, calls, copies the
// results out into plain JavaScript values and frees in `finally`, so no
// object outside this file ever holds a wasm pointer, and a memory growth
// during a call cannot leave a stale view behind (views are made afresh
// after each call). Weights are BigInt64Array; every total, margin and lead
// crosses as a decimal string and becomes a BigInt, never a Number. A
// nonzero shelf_status throws ShelfError.
//
// A classic script: in the page it defines the global ShelfBridge; in node
// it is a CommonJS module.
(function (root) {
  'use strict';

  /** A nonzero shelf_status: its code, name and message, and for a parse
   * error the place (line and column from 1, byte offset) and the text
   * found there. */
  class ShelfError extends Error {
    constructor(code, name, message, place) {
      const where = place ? `line ${place.line}, column ${place.column}: ` : '';
      const found = place && place.found !== '' ? `, found "${place.found}"` : '';
      super(where + message + found);
      this.name = 'ShelfError';
      this.code = code;
      this.status = name;
      this.reason = message;
      this.line = place ? place.line : null;
      this.column = place ? place.column : null;
      this.offset = place ? place.offset : null;
      this.found = place ? place.found : null;
    }
  }

  const END = ['left', 'right'];

  // The header's numbers by name (status codes such as INVALID, and
  // I128_BUFSIZE, TABLE_MAX, SENTENCE_COUNT, ...), as web/wasm.c lists them.
  function constants(m) {
    const c = {};
    for (let k = 0, p; (p = m._web_constant_name(k)) !== 0; k++) c[m.UTF8ToString(p)] = m._web_constant_value(k);
    return Object.freeze(c);
  }

  function bind(m) {
    const heap = () => m.HEAPU8.buffer; // re-read: memory may have grown
    const C = constants(m);
    const SLOT = C.I128_BUFSIZE; // one decimal 128-bit value
    const PARSE_FIRST = C.EXPECTED_INTEGER; // codes from here up are parse errors (shelf.h)
    const SENTENCE = C.SENTENCE_BUFSIZE;

    // One allocation per argument; all freed together in `finally`.
    function withMemory(sizes, body) {
      const ptrs = [];
      try {
        for (const size of sizes) {
          const p = m._malloc(Math.max(size, 1));
          if (p === 0) throw error(C.NOMEM);
          ptrs.push(p);
        }
        return body(...ptrs);
      } finally {
        for (const p of ptrs) m._free(p);
      }
    }

    function error(code, place) {
      return new ShelfError(code, m.UTF8ToString(m._web_status_name(code)),
        m.UTF8ToString(m._web_strerror(code)), place);
    }

    function check(code) {
      if (code !== C.OK) throw error(code);
    }

    function putWeights(ptr, weights) {
      new BigInt64Array(heap(), ptr, weights.length).set(weights);
    }

    function slots(ptr, count) {
      const out = [];
      for (let k = 0; k < count; k++) out.push(BigInt(m.UTF8ToString(ptr + k * SLOT)));
      return out;
    }

    function asWeights(weights) {
      return weights instanceof BigInt64Array ? weights
        : BigInt64Array.from(weights, (w) => BigInt(w));
    }

    // Runs body(weightsPtr, n, ...extra) with the weights in wasm memory.
    function withWeights(weights, extraSizes, body) {
      const w = asWeights(weights);
      return withMemory([w.length * 8, ...extraSizes], (wp, ...rest) => {
        putWeights(wp, w);
        return body(wp, w.length, ...rest);
      });
    }

    return {
      version: () => m.UTF8ToString(m._web_version()),

      /** Text in any form the command accepts -> BigInt64Array. */
      parse(text) {
        const len = m.lengthBytesUTF8(text);
        return withMemory([len + 1, 8, 16, 48], (tp, outp, errp, foundp) => {
          m.stringToUTF8(text, tp, len + 1);
          const code = m._web_parse(tp, len, outp, outp + 4, errp, foundp);
          if (code !== C.OK) {
            const e = new Uint32Array(heap(), errp, 3);
            throw error(code, code >= PARSE_FIRST
              ? { line: e[0], column: e[1], offset: e[2], found: m.UTF8ToString(foundp) }
              : null);
          }
          const [wp, n] = new Uint32Array(heap(), outp, 2);
          try {
            return n === 0 ? new BigInt64Array(0) : new BigInt64Array(heap(), wp, n).slice();
          } finally {
            m._web_weights_free(wp);
          }
        });
      },

      /** Perfect play: { n, margin, first, second } as BigInt. */
      solve(weights) {
        return withWeights(weights, [3 * SLOT], (wp, n, outp) => {
          check(m._web_solve(wp, n, outp));
          const [margin, first, second] = slots(outp, 3);
          return { n, margin, first, second };
        });
      },

      /** The line: Uint8Array of ends, 0 left and 1 right, turn by turn. */
      line(weights) {
        return withWeights(weights, [weights.length], (wp, n, ep) => {
          check(m._web_line(wp, n, ep));
          return new Uint8Array(heap(), ep, n).slice();
        });
      },

      /** Block first..last (0-based, inclusive): the line's end ('left' or
       * 'right'), the block's lead, and the lead each end keeps. */
      bestMove(weights, first, last) {
        return withWeights(weights, [4, 3 * SLOT], (wp, n, bp, outp) => {
          check(m._web_best_move(wp, n, first, last, bp, outp));
          const [lead, left, right] = slots(outp, 3);
          return { best: END[new Int32Array(heap(), bp, 1)[0]], lead, left, right };
        });
      },

      /** The greedy buyer's end on block first..last: 'left' or 'right'. */
      greedyEnd(weights, first, last) {
        return withWeights(weights, [4], (wp, n, ep) => {
          check(m._web_greedy_end(wp, n, first, last, ep));
          return END[new Int32Array(heap(), ep, 1)[0]];
        });
      },

      /** shelf_explain(): perfect play's totals, greedy against greedy and
       * against perfect play, the first mistake (its turn, the heavier end
       * and its wheel, 0-based, with its weight, the cost, and the wheel
       * the line takes instead), the parity floor, and the sentences the
       * command's --explain prints, in its order (the first is perfect
       * play's). `limit` as in shelf.h. */
      explain(weights, limit = 0) {
        const count = C.SENTENCE_COUNT;
        return withWeights(weights, [7 * 4, 13 * SLOT, count * SENTENCE], (wp, n, fp, outp, sp) => {
          check(m._web_explain(wp, n, limit, fp, outp, sp));
          const f = Array.from(new Int32Array(heap(), fp, 7));
          const s = slots(outp, 13);
          return {
            n,
            margin: s[0],
            first: s[10],
            second: s[11],
            greedy: { first: s[1], second: s[2], margin: s[3] },
            greedyVsPerfect: f[0] ? s[4] : null,
            mistake: f[1] === 1 ? { turn: f[2], end: END[f[3]], wheel: f[5], weight: s[12], cost: s[5], other: f[6] }
              : f[1] === 0 ? null : 'not searched',
            parity: f[4] ? { odd: s[6], even: s[7], floor: s[8], gain: s[9] } : null,
            sentences: Array.from({ length: count }, (_, k) => m.UTF8ToString(sp + k * SENTENCE)),
          };
        });
      },

      /** How a buyer stands after a margin (BigInt), in the library's
       * words: '7 kilos ahead', '1 kilo behind', 'level'. */
      standing(margin) {
        const text = String(margin);
        return withMemory([text.length + 1, C.STANDING_BUFSIZE], (tp, outp) => {
          m.stringToUTF8(text, tp, text.length + 1);
          check(m._web_standing(tp, outp));
          return m.UTF8ToString(outp);
        });
      },

      /** The lead table, in the order the interval DP fills it: an
       * array of { first, last, left, right, lead } (span by span, left to
       * right within a span). */
      leadTable(weights) {
        const n = weights.length;
        const count = n * (n + 1) / 2;
        if (n > C.TABLE_MAX) throw error(C.TOO_LONG); // before allocating
        return withWeights(weights, [count * 4, 3 * count * SLOT], (wp, _n, op, outp) => {
          check(m._web_lead_table(wp, n, op, outp));
          const order = new Uint32Array(heap(), op, count).slice();
          const s = slots(outp, 3 * count);
          return Array.from(order, (cell, k) => ({
            first: Math.floor(cell / n), last: cell % n,
            left: s[3 * k], right: s[3 * k + 1], lead: s[3 * k + 2],
          }));
        });
      },

      /** The shelf `shelf --random n --seed seed --range lo..hi` makes. */
      random(n, seed, lo = 1n, hi = 10000n) {
        return withMemory([24, n * 8], (pp, wp) => {
          // The seed is unsigned; BigInt64Array stores its two's complement.
          new BigInt64Array(heap(), pp, 3).set([BigInt.asIntN(64, BigInt(seed)), BigInt(lo), BigInt(hi)]);
          check(m._web_random(pp, wp, n));
          return new BigInt64Array(heap(), wp, n).slice();
        });
      },
    };
  }

  /** Resolves to the bridge once the module is ready; rejects if the
   * module fails to load. `factory` is emscripten's ShelfModule. */
  function createShelf(factory) {
    return factory().then(bind);
  }

  const api = { createShelf, ShelfError };
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.ShelfBridge = api;
})(this);
