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
// Results cross as records (web/wasm_records.h). The module describes each
// record, field by field (name, kind, offset and size, from the struct
// itself: web/wasm_records.c), and this file builds its readers from that
// description when it starts: no offset or size is written here. A field
// named in snake_case in C is read into camelCase, an enum's value into
// the library's name for it.
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

  // Every enum's names by value (names.end[0] 'left'), from its list in
  // the header, as web/wasm.c gives them (web_named_*).
  function enumNames(m) {
    const names = {};
    for (let k = 0, p; (p = m._web_named_enum(k)) !== 0; k++) {
      const list = (names[m.UTF8ToString(p)] ??= []);
      list[m._web_named_value(k)] = m.UTF8ToString(m._web_named_name(k));
    }
    for (const list of Object.values(names)) Object.freeze(list);
    return Object.freeze(names);
  }

  const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

  // The records' readers and writers, built from the module's description
  // of them: records.move.read(ptr) gives { turn, buyer, end, ... },
  // records.move.size its bytes.
  function recordsOf(m, names) {
    const described = {};
    for (let k = 0, p; (p = m._web_record_name(k)) !== 0; k++) {
      described[m.UTF8ToString(p)] = { size: m._web_record_size(k), fields: [] };
    }
    for (let k = 0, p; (p = m._web_field_record(k)) !== 0; k++) {
      described[m.UTF8ToString(p)].fields.push({
        name: camel(m.UTF8ToString(m._web_field_name(k))),
        kind: m.UTF8ToString(m._web_field_kind(k)),
        offset: m._web_field_offset(k),
        size: m._web_field_size(k),
      });
    }
    const readers = {
      u32: (v, at) => v.getUint32(at, true),
      pointer: (v, at) => v.getUint32(at, true),
      i32: (v, at) => v.getInt32(at, true),
      bool: (v, at) => v.getInt32(at, true) !== 0,
      i64: (v, at) => v.getBigInt64(at, true),
      i128: (v, at, size) => BigInt(m.UTF8ToString(at, size)),
      text: (v, at, size) => m.UTF8ToString(at, size),
    };
    const writers = {
      u32: (v, at, x) => v.setUint32(at, x, true),
      i32: (v, at, x) => v.setInt32(at, x, true),
      i64: (v, at, x) => v.setBigInt64(at, BigInt.asIntN(64, BigInt(x)), true),
    };
    const readerOf = (kind) => {
      if (readers[kind]) return readers[kind];
      const list = names[kind];
      if (!list) throw new Error(`bridge.js: a field of unknown kind ${kind}`);
      return (v, at) => list[v.getInt32(at, true)];
    };
    const records = {};
    for (const [name, { size, fields }] of Object.entries(described)) {
      const read = fields.map((f) => ({ ...f, get: readerOf(f.kind) }));
      const readOne = (view, ptr) => {
        const out = {};
        for (const f of read) out[f.name] = f.get(view, ptr + f.offset, f.size);
        return out;
      };
      records[name] = Object.freeze({
        size,
        read: (ptr) => readOne(new DataView(m.HEAPU8.buffer), ptr),
        /** `count` records from ptr on. */
        readAll(ptr, count) {
          const view = new DataView(m.HEAPU8.buffer);
          return Array.from({ length: count }, (_, k) => readOne(view, ptr + k * size));
        },
        /** Writes the numbers of `values` (by field name) into the record at ptr. */
        write(ptr, values) {
          const view = new DataView(m.HEAPU8.buffer);
          for (const f of fields) {
            if (!writers[f.kind]) throw new Error(`bridge.js: cannot write a ${f.kind} field`);
            writers[f.kind](view, ptr + f.offset, values[f.name]);
          }
        },
      });
    }
    return Object.freeze(records);
  }

  function bind(m) {
    const heap = () => m.HEAPU8.buffer; // re-read: memory may have grown
    const C = constants(m);
    const NAMES = enumNames(m);
    const R = recordsOf(m, NAMES);
    const PARSE_FIRST = C.EXPECTED_INTEGER; // codes from here up are parse errors (shelf.h)
    const text = (p) => m.UTF8ToString(p);
    const END = NAMES.end;
    const REVIEW_LAST = text(m._web_review_last());
    const BUYER = NAMES.buyer;
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

    function asWeights(weights) {
      return weights instanceof BigInt64Array ? weights
        : BigInt64Array.from(weights, (w) => BigInt(w));
    }

    // A mistake record as the page has it: the kind's number and name.
    function mistakeOf({ kind, sentence }) {
      return { kind, name: NAMES.mistake[kind], sentence };
    }

    // Runs body(weightsPtr, n, ...extra) with the weights in wasm memory.
    function withWeights(weights, extraSizes, body) {
      const w = asWeights(weights);
      return withMemory([w.byteLength, ...extraSizes], (wp, ...rest) => {
        putWeights(wp, w);
        return body(wp, w.length, ...rest);
      });
    }

    return {
      version: () => m.UTF8ToString(m._web_version()),

      /** The header's numbers (limits, flags) by name, its palette, and
       * the library's names of its enums by value (names.end[0] 'left'). */
      constants: C,
      palette: Object.freeze(palette),
      names: NAMES,
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
        return withMemory([len + 1, R.parsed.size, 2 * R.note.size], (tp, outp, notep) => {
          m.stringToUTF8(input, tp, len + 1);
          const code = m._web_parse(tp, len, counted ? C.PARSE_COUNTED : 0, outp, notep);
          const out = R.parsed.read(outp);
          if (code !== C.OK) {
            const { line, column, offset, found, message } = out;
            throw error(code, code >= PARSE_FIRST ? { line, column, offset, found, message } : null);
          }
          const notes = R.note.readAll(notep, out.notes).map(({ kind, line, text: said }) => ({ kind, line, text: said }));
          try {
            return { weights: out.n === 0 ? new BigInt64Array(0) : new BigInt64Array(heap(), out.weights, out.n).slice(), notes };
          } finally {
            m._web_weights_free(out.weights);
          }
        });
      },

      /** Perfect play: { n, margin, first, second } as BigInt, by the
       * linear engine or, with engine 'dp', the interval DP. */
      solve(weights, engine = NAMES.engine[C.ENGINE_LINEAR]) {
        return withWeights(weights, [R.solution.size], (wp, n, outp) => {
          const e = NAMES.engine.indexOf(engine);
          if (e < 0) throw error(C.INVALID);
          check(m._web_solve(wp, n, e, outp));
          return { n, ...R.solution.read(outp) };
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
        return withWeights(weights, [R.choice.size], (wp, n, outp) => {
          check(m._web_best_move(wp, n, first, last, outp));
          const { end, lead, left, right } = R.choice.read(outp);
          return { best: end, lead, left, right };
        });
      },

      /** The greedy buyer's end on block first..last: 'left' or 'right'. */
      greedyEnd(weights, first, last) {
        return withWeights(weights, [R.choice.size], (wp, n, outp) => {
          check(m._web_greedy_end(wp, n, first, last, outp));
          return R.choice.read(outp).end;
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
        return withWeights(weights, [Math.max(count, 1), R.position.size, keep * R.move.size], (wp, n, ep, atp, mp) => {
          new Uint8Array(heap(), ep, count).set(e.subarray(0, count));
          check(m._web_game(wp, n, ep, count, keep, atp, mp));
          const at = R.position.read(atp);
          const moves = R.move.readAll(mp, keep);
          return { first: at.first, last: at.last - 1, totals: { first: at.firstTotal, second: at.secondTotal }, moves };
        });
      },

      /** The mistake behind a value typed for the lead of block
       * first..last, named by the library (shelf_cell_mistake): { kind,
       * name, sentence } ('none' when the value is right), the sentence in
       * the block's own numbers (shelf_cell_sentence). */
      cellMistake(weights, first, last, value) {
        const t = String(value);
        return withWeights(weights, [t.length + 1, R.mistake.size], (wp, n, vp, outp) => {
          m.stringToUTF8(t, vp, t.length + 1);
          check(m._web_cell_mistake(wp, n, first, last, vp, outp));
          return mistakeOf(R.mistake.read(outp));
        });
      },

      /** The mistake of picking `end` ('left' or 'right') for block
       * first..last, by the same rule (shelf_end_mistake): { kind, name,
       * sentence, kept }, kept what that end keeps (a BigInt). */
      endMistake(weights, first, last, end) {
        const e = END.indexOf(end);
        if (e < 0) throw error(C.INVALID);
        return withWeights(weights, [R.mistake.size], (wp, n, outp) => {
          check(m._web_end_mistake(wp, n, first, last, e, outp));
          const out = R.mistake.read(outp);
          return { ...mistakeOf(out), kept: out.kept };
        });
      },

      /** A known mistake by its code (C.MISTAKE_*): { kind, name, sentence }. */
      mistake(kind) {
        return withMemory([R.mistake.size], (outp) => {
          check(m._web_mistake_sentence(kind, outp));
          return mistakeOf(R.mistake.read(outp));
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
        const player = (name) => NAMES.player.indexOf(name);
        if (player(who.first) < 0 || player(who.second) < 0) throw error(C.INVALID);
        return withWeights(weights, [script.length + 1, R.game_state.size, n * R.game_move.size, n * R.review_row.size, n + 1],
          (wp, _n, cp, atp, mp, rp, chp) => {
            m.stringToUTF8(script, cp, script.length + 1);
            check(m._web_play(wp, n, player(who.first), player(who.second), cp, atp, mp, rp, chp));
            const at = R.game_state.read(atp);
            const moves = R.game_move.readAll(mp, at.moves).map((mv, k) => ({
              turn: k + 1, buyer: mv.buyer, end: mv.end, wheel: mv.wheel, player: mv.player, forced: mv.forced,
              weight: mv.weight, best: mv.best, kept: mv.kept, totals: { first: mv.first, second: mv.second },
              said: mv.said,
            }));
            // A forced move's end is written as every surface writes it
            // (SHELF_REVIEW_LAST), with `forced` beside it.
            const review = R.review_row.readAll(rp, at.rows).map((row) => ({ ...row, end: row.forced ? REVIEW_LAST : row.end }));
            const over = at.first === at.last;
            const lastMove = moves[at.moves - 1];
            return {
              first: at.first, last: at.last - 1, over, moves, review,
              totals: lastMove ? lastMove.totals : { first: 0n, second: 0n },
              toMove: over ? null : at.toMove,
              hint: at.hint || null,
              summary: [at.summary, at.againstPerfect, at.firstMistake, at.lesson].filter((t) => t),
              choices: m.UTF8ToString(chp),
            };
          });
      },

      /** The linear engine's reduction step by step: pushes, merges (a, b,
       * c into a - b + c, covering wheels lo..hi) and the valley's takes,
       * and the margin the valley gives. */
      reduction(weights) {
        const n = weights.length;
        return withWeights(weights, [3 * n * R.step.size, Uint32Array.BYTES_PER_ELEMENT], (wp, _n, sp, cp) => {
          check(m._web_reduction(wp, n, sp, cp));
          const count = new Uint32Array(heap(), cp, 1)[0];
          let margin = 0n;
          const steps = R.step.readAll(sp, count).map(({ kind, first, last, buyer, a, b, c, value, margin: so }) => {
            if (kind === NAMES.step_kind[C.STEP_PUSH]) return { kind, wheel: first, value };
            if (kind === NAMES.step_kind[C.STEP_MERGE]) return { kind, lo: first, hi: last, a, b, c, value };
            margin = so;
            return { kind, lo: first, hi: last, buyer, value, margin: so };
          });
          return { steps, margin };
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
        return withWeights(weights, [R.explanation.size, count * R.sentence.size], (wp, n, outp, sp) => {
          check(m._web_explain(wp, n, limit, outp, sp));
          const e = R.explanation.read(outp);
          return {
            n,
            margin: e.margin,
            first: e.first,
            second: e.second,
            greedy: { first: e.greedyFirst, second: e.greedySecond, margin: e.greedyMargin },
            greedyVsPerfect: e.hasGreedyVsPerfect ? e.greedyVsPerfect : null,
            mistake: e.mistake === 1 ? {
              turn: e.mistakeTurn, end: e.mistakeEnd, wheel: e.mistakeWheel, weight: e.mistakeWeight,
              cost: e.mistakeCost, other: e.mistakeOther,
            } : e.mistake === 0 ? null : 'not searched',
            parity: e.hasParity ? { odd: e.oddSum, even: e.evenSum, floor: e.parityFloor, gain: e.parityGain } : null,
            sentences: R.sentence.readAll(sp, count).map((said) => said.text),
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
        if (n > C.TABLE_MAX) throw error(C.TOO_LONG); // before allocating
        return withWeights(weights, [count * R.cell.size], (wp, _n, outp) => {
          check(m._web_lead_table(wp, n, outp));
          return R.cell.readAll(outp, count).map(({ first, last, left, right, lead, fill, ink }) =>
            ({ first, last, left, right, lead, fill, ink }));
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
        if (n > C.SVG_LEAD_MAX) throw error(C.TOO_LONG);
        const form = (leftIndex ? C.LEARN_LEFT_INDEX : 0) | (added ? C.LEARN_ADDED : 0);
        return withWeights(weights, [count * R.cell.size], (wp, _n, outp) => {
          check(m._web_learn_fill(wp, n, form, outp));
          return R.cell.readAll(outp, count).map(({ first, last, unreadLeft, unreadRight, left, right, lead, fill, ink }) =>
            ({ first, last, unread: { left: unreadLeft, right: unreadRight }, left, right, lead, fill, ink }));
        });
      },

      /** The shelf `shelf --random n --seed seed --range lo..hi` makes. */
      random(n, seed, lo = 1n, hi = 10000n) {
        return withMemory([R.random_args.size, n * BigInt64Array.BYTES_PER_ELEMENT], (pp, wp) => {
          // The seed is unsigned; the record holds its two's complement.
          R.random_args.write(pp, { seed, lo, hi });
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
