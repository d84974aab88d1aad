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
   * error the place (line and column from 1, byte offset), the text
   * found there and the library's one-line message with it (shelf_parse_error_format). */
  class ShelfError extends Error {
    constructor(code, name, message, place) {
      super(place ? place.message : message);
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
    const CELL_SENTENCE = C.CELL_SENTENCE_BUFSIZE;
    const text = (p) => m.UTF8ToString(p);
    // The library's names (shelf_end_name, shelf_buyer_name), by value.
    const END = [0, 1].map((k) => text(m._web_end_name(k)));
    const BUYER = [0, 1].map((k) => text(m._web_buyer_name(k)));
    const palette = {};
    for (let k = 0, p; (p = m._web_colour_name(k)) !== 0; k++) palette[text(p)] = text(m._web_colour_value(k));

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

      /** The header's numbers (limits, flags) by name, and its palette. */
      constants: C,
      palette: Object.freeze(palette),
      ends: Object.freeze(END.slice()),
      buyers: Object.freeze(BUYER.slice()),

      /** The buyer who moves at `turn` (from 1): 'first' or 'second', as
       * the library says (shelf_turn_buyer). */
      turnBuyer: (turn) => BUYER[m._web_turn_buyer(turn)],

      /** "kilo" or "kilos" for a BigInt, the library's word. */
      kilosWord(v) {
        const t = String(v);
        return withMemory([t.length + 1], (tp) => {
          m.stringToUTF8(t, tp, t.length + 1);
          const p = m._web_kilos_word(tp);
          if (p === 0) throw error(C.INVALID);
          return text(p);
        });
      },

      /** Text in any form the command accepts -> BigInt64Array (with
       * counted, the first number is the count, as --counted reads it). */
      parse(input, counted = false) {
        return this.parseWithNotes(input, counted).weights;
      },

      /** parse() and the notes on the input, in the library's words:
       * { weights, notes: [{ kind: 'count' | 'thousands', line, text }] }. */
      parseWithNotes(input, counted = false) {
        const len = m.lengthBytesUTF8(input);
        return withMemory([len + 1, 8, 12, 48, SENTENCE, 2 * SENTENCE, 16, 4], (tp, outp, errp, foundp, msgp, notep, infop, countp) => {
          m.stringToUTF8(input, tp, len + 1);
          const code = m._web_parse(tp, len, counted ? C.PARSE_COUNTED : 0, outp, outp + 4, errp, foundp, msgp, notep, infop, countp);
          if (code !== C.OK) {
            const e = new Uint32Array(heap(), errp, 3);
            throw error(code, code >= PARSE_FIRST
              ? { line: e[0], column: e[1], offset: e[2], found: text(foundp), message: text(msgp) }
              : null);
          }
          const [wp, n] = new Uint32Array(heap(), outp, 2);
          const info = new Uint32Array(heap(), infop, 4).slice();
          const notes = Array.from({ length: new Uint32Array(heap(), countp, 1)[0] }, (_, k) => ({
            kind: info[2 * k] === C.NOTE_COUNT ? 'count' : 'thousands',
            line: info[2 * k + 1],
            text: text(notep + k * SENTENCE),
          }));
          try {
            return { weights: n === 0 ? new BigInt64Array(0) : new BigInt64Array(heap(), wp, n).slice(), notes };
          } finally {
            m._web_weights_free(wp);
          }
        });
      },

      /** Perfect play: { n, margin, first, second } as BigInt, by the
       * linear engine or, with engine 'dp', the interval DP. */
      solve(weights, engine = 'linear') {
        return withWeights(weights, [3 * SLOT], (wp, n, outp) => {
          check(m._web_solve(wp, n, engine === 'dp' ? C.ENGINE_DP : C.ENGINE_LINEAR, outp));
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

      /** The ends of greedy play (Uint8Array, 0 left, 1 right): both
       * buyers greedy, or with firstOnly a greedy first buyer against a
       * perfect second (up to C.GREEDY_LINE_MAX wheels). */
      greedyLine(weights, firstOnly = false) {
        return withWeights(weights, [weights.length], (wp, n, ep) => {
          check(m._web_greedy_line(wp, n, firstOnly ? C.GREEDY_FIRST : C.GREEDY_BOTH, ep));
          return new Uint8Array(heap(), ep, n).slice();
        });
      },

      /** A game after the first `count` of `ends` (0 left, 1 right, or
       * 'L'/'R' text): { first, last } of the block left (0-based,
       * inclusive; last < first when empty), both totals, and the last
       * `keep` moves, each { turn, buyer, end, wheel, weight, first,
       * second }, replayed by the library (shelf_replay). */
      game(weights, ends, count = ends.length, keep = 0) {
        const e = typeof ends === 'string' ? Uint8Array.from(ends, (ch) => (ch === 'L' ? 0 : 1)) : ends;
        keep = Math.min(keep, count);
        return withWeights(weights, [Math.max(count, 1), 8, 16 * keep, (2 + 3 * keep) * SLOT], (wp, n, ep, atp, mp, tp) => {
          new Uint8Array(heap(), ep, count).set(e.subarray(0, count));
          check(m._web_game(wp, n, ep, count, keep, atp, mp, tp));
          const at = new Uint32Array(heap(), atp, 2).slice();
          const mv = new Uint32Array(heap(), mp, 4 * keep).slice();
          const s = slots(tp, 2 + 3 * keep);
          const moves = Array.from({ length: keep }, (_, k) => ({
            turn: mv[4 * k], buyer: BUYER[mv[4 * k + 1]], end: END[mv[4 * k + 2]], wheel: mv[4 * k + 3],
            weight: s[2 + 3 * k], first: s[3 + 3 * k], second: s[4 + 3 * k],
          }));
          return { first: at[0], last: at[1] - 1, totals: { first: s[0], second: s[1] }, moves };
        });
      },

      /** The mistake behind a value typed for the lead of block
       * first..last, named by the library (shelf_cell_mistake): { kind,
       * name, sentence } ('none' when the value is right), the sentence in
       * the block's own numbers (shelf_cell_sentence). */
      cellMistake(weights, first, last, value) {
        const t = String(value);
        return withWeights(weights, [t.length + 1, 4, CELL_SENTENCE], (wp, n, vp, kp, sp) => {
          m.stringToUTF8(t, vp, t.length + 1);
          check(m._web_cell_mistake(wp, n, first, last, vp, kp));
          const kind = new Int32Array(heap(), kp, 1)[0];
          check(m._web_cell_sentence(wp, n, first, last, vp, kind, sp));
          return { kind, name: text(m._web_mistake_name(kind)), sentence: text(sp) };
        });
      },

      /** The mistake of picking `end` ('left' or 'right') for block
       * first..last, by the same rule (shelf_end_mistake): { kind, name,
       * sentence, kept }, kept what that end keeps (a BigInt). */
      endMistake(weights, first, last, end) {
        const e = END.indexOf(end);
        if (e < 0) throw error(C.INVALID);
        return withWeights(weights, [4, SLOT, CELL_SENTENCE], (wp, n, kp, keptp, sp) => {
          check(m._web_end_mistake(wp, n, first, last, e, kp, keptp));
          const kind = new Int32Array(heap(), kp, 1)[0];
          check(m._web_cell_sentence(wp, n, first, last, keptp, kind, sp));
          return { kind, name: text(m._web_mistake_name(kind)), sentence: text(sp), kept: BigInt(text(keptp)) };
        });
      },

      /** A known mistake by its code (C.MISTAKE_*): { kind, name, sentence }. */
      mistake(kind) {
        return withMemory([SENTENCE], (sp) => {
          check(m._web_mistake_sentence(kind, sp));
          return { kind, name: text(m._web_mistake_name(kind)), sentence: text(sp) };
        });
      },

      /** libshelf's game (shelf_game): `who` is { first, second }, each
       * 'person', 'perfect' or 'greedy'; `script` the commands run on a
       * new game, one a character (L, R: the person to move takes that end;
       * U undo; A again). Returns where the game stands (the block first..last,
       * inclusive; over), every move with what it kept and the library's
       * sentence for it, the review rows, the hint (while a person is to
       * move), the summary sentences (once over) and `choices`, the
       * person's choices now in effect, which replayed give this game. */
      play(weights, who, script = '') {
        const n = weights.length;
        const PLAYER = { person: C.PLAYER_PERSON, perfect: C.PLAYER_PERFECT, greedy: C.PLAYER_GREEDY };
        const SAY = C.GAME_SENTENCE_BUFSIZE;
        if (!(who.first in PLAYER) || !(who.second in PLAYER)) throw error(C.INVALID);
        return withWeights(weights, [script.length + 1, 4 * (5 + 7 * n), SLOT * 9 * Math.max(n, 1), SAY * (n + 5), n + 1],
          (wp, _n, cp, up, vp, sp, chp) => {
            m.stringToUTF8(script, cp, script.length + 1);
            check(m._web_play(wp, n, PLAYER[who.first], PLAYER[who.second], cp, up, vp, sp, chp));
            const head = new Uint32Array(heap(), up, 5).slice();
            const [first, last, count, rows, next] = head;
            const u = new Uint32Array(heap(), up, 5 + 4 * count + 3 * rows).slice();
            const v = slots(vp, 5 * count + 4 * rows);
            const NAME = ['person', 'perfect', 'greedy'];
            const moves = Array.from({ length: count }, (_, k) => ({
              turn: k + 1, buyer: BUYER[u[5 + 4 * k]], end: END[u[6 + 4 * k]], wheel: u[7 + 4 * k],
              player: NAME[u[8 + 4 * k] & 3], forced: u[8 + 4 * k] >= 4,
              weight: v[5 * k], best: v[5 * k + 1], kept: v[5 * k + 2], totals: { first: v[5 * k + 3], second: v[5 * k + 4] },
              said: m.UTF8ToString(sp + k * SAY),
            }));
            const base = 5 + 4 * count;
            const review = Array.from({ length: rows }, (_, r) => ({
              turn: u[base + 3 * r], buyer: BUYER[u[base + 3 * r + 1]], end: ['left', 'right', 'last'][u[base + 3 * r + 2]],
              weight: v[5 * count + 4 * r], kept: v[5 * count + 4 * r + 1], best: v[5 * count + 4 * r + 2], cost: v[5 * count + 4 * r + 3],
            }));
            const say = (k) => m.UTF8ToString(sp + (count + k) * SAY);
            const lastMove = moves[count - 1];
            return {
              first, last: last - 1, over: first === last, moves, review,
              totals: lastMove ? lastMove.totals : { first: 0n, second: 0n },
              toMove: first === last ? null : BUYER[next],
              hint: say(0) || null,
              summary: [say(1), say(2), say(3), say(4)].filter((t) => t),
              choices: m.UTF8ToString(chp),
            };
          });
      },

      /** The linear engine's reduction step by step: pushes, merges (a, b,
       * c into a - b + c, covering wheels lo..hi) and the valley's takes,
       * and the margin the valley gives. */
      reduction(weights) {
        const n = weights.length;
        const cap = 3 * n;
        return withWeights(weights, [16 * Math.max(cap, 1), 4 * Math.max(cap, 1) * SLOT, 4, SLOT], (wp, _n, sp, vp, cp, mp) => {
          check(m._web_reduction(wp, n, sp, vp, cp, mp));
          const count = new Uint32Array(heap(), cp, 1)[0];
          const st = new Uint32Array(heap(), sp, 4 * count).slice();
          const KIND = ['push', 'merge', 'take'];
          const steps = [];
          for (let k = 0; k < count; k++) {
            const kind = KIND[st[4 * k]];
            const v = slots(vp + 4 * k * SLOT, kind === 'merge' ? 4 : kind === 'take' ? 2 : 1);
            if (kind === 'push') steps.push({ kind, wheel: st[4 * k + 1], value: v[0] });
            else if (kind === 'merge') steps.push({ kind, lo: st[4 * k + 1], hi: st[4 * k + 2], a: v[0], b: v[1], c: v[2], value: v[3] });
            else steps.push({ kind, lo: st[4 * k + 1], hi: st[4 * k + 2], buyer: BUYER[st[4 * k + 3]], value: v[0], margin: v[1] });
          }
          return { steps, margin: slots(mp, 1)[0] };
        });
      },

      /** shelf_explain(): perfect play's totals, greedy against greedy and
       * a greedy first buyer against the game's perfect second buyer
       * (greedyVsPerfect; margin - greedyVsPerfect is the lead greedy
       * loses), the first turn of that game where greedy loses lead (its
       * turn, the heavier end and its wheel, 0-based, with its weight, the
       * lead lost there, and the wheel perfect play takes instead), the
       * parity floor, and the sentences the
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
       * array of { first, last, left, right, lead, fill, ink } (span by
       * span, left to right within a span), fill and ink the cell's colour
       * on the picture's scale (shelf_lead_colour). */
      leadTable(weights) {
        const n = weights.length;
        const count = n * (n + 1) / 2;
        const CB = C.COLOUR_BUFSIZE;
        if (n > C.TABLE_MAX) throw error(C.TOO_LONG); // before allocating
        return withWeights(weights, [count * 4, 3 * count * SLOT, count * CB, count * CB], (wp, _n, op, outp, fp, ip) => {
          check(m._web_lead_table(wp, n, op, outp, fp, ip));
          const order = new Uint32Array(heap(), op, count).slice();
          const s = slots(outp, 3 * count);
          return Array.from(order, (cell, k) => ({
            first: Math.floor(cell / n), last: cell % n,
            left: s[3 * k], right: s[3 * k + 1], lead: s[3 * k + 2],
            fill: text(fp + k * CB), ink: text(ip + k * CB),
          }));
        });
      },

      /** The problem's solve() loop (docs/problem.md) run on the weights in one of its forms
       * (wasm_learn.c): leftIndex fills by left index, added adds the
       * rest's lead. Every write in the loop's order: { first, last,
       * unread: { left, right } (cells read before they were written),
       * left, right, lead, fill, ink }. */
      learnFill(weights, { leftIndex = false, added = false } = {}) {
        const n = weights.length;
        const count = n * (n + 1) / 2;
        const CB = C.COLOUR_BUFSIZE;
        if (n > C.SVG_LEAD_MAX) throw error(C.TOO_LONG);
        const form = (leftIndex ? 1 : 0) | (added ? 2 : 0);
        return withWeights(weights, [count * 12, 3 * count * SLOT, count * CB, count * CB], (wp, _n, ip, op, fp, kp) => {
          check(m._web_learn_fill(wp, n, form, ip, op, fp, kp));
          const info = new Uint32Array(heap(), ip, 3 * count).slice();
          const s = slots(op, 3 * count);
          return Array.from({ length: count }, (_, k) => ({
            first: info[3 * k], last: info[3 * k + 1],
            unread: { left: (info[3 * k + 2] & 1) !== 0, right: (info[3 * k + 2] & 2) !== 0 },
            left: s[3 * k], right: s[3 * k + 1], lead: s[3 * k + 2],
            fill: text(fp + k * CB), ink: text(kp + k * CB),
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
