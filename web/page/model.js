// model.js - what libshelf says about the shelf shown, computed once per
// shelf (memo), and games replayed by the library.

// MARK: - The shelf and what libshelf says about it

function parseRandom(src) {
  const n = /^\d+$/.test(src.n) ? Number(src.n) : NaN;
  if (!(n >= 1 && n <= 10000000)) throw new Error('random shelf: the number of wheels must be from 1 to 10000000');
  if (!/^\d+$/.test(src.seed) || BigInt(src.seed) >= 1n << 64n) {
    throw new Error('random shelf: the seed must be a whole number from 0 to 18446744073709551615');
  }
  const r = /^\s*([+-]?\d+)\s*\.\.\s*([+-]?\d+)\s*$/.exec(src.range);
  const lo = r ? BigInt(r[1]) : null;
  const hi = r ? BigInt(r[2]) : null;
  const fits = (v) => v >= -(1n << 63n) && v < 1n << 63n;
  if (!r || !fits(lo) || !fits(hi) || lo > hi) {
    throw new Error('random shelf: the range must be LO..HI with LO <= HI, both 64-bit integers');
  }
  return shelf.random(n, BigInt(src.seed), lo, hi);
}

function buildModel(src) {
  const parsed = src.kind === 'random' ? { weights: parseRandom(src), notes: [] } : shelf.parseWithNotes(src.text);
  const { weights, notes } = parsed;
  const n = weights.length;
  const line = shelf.line(weights);
  // shelf_explain gives perfect play's totals too: no second solve. Its
  // limit is the library's (0: SHELF_EXPLAIN_MAX); on a long shelf its
  // O(n) parts come first (limit 1) and the rest in explainLater().
  const later = n > EXPLAIN_LATER_ABOVE;
  const explain = shelf.explain(weights, later ? 1 : 0);
  const result = { margin: explain.margin, first: explain.first, second: explain.second };
  return { weights, n, result, line, explain, later, sum: explain.first + explain.second, notes, memo: new Map() };
}

// Memoised by name: a view stays a pure function while what it needs is
// computed once per shelf.
function memo(m, key, compute) {
  if (!m.memo.has(key)) m.memo.set(key, compute());
  return m.memo.get(key);
}

// A game after the first `count` of `ends`, as the library replays it
// (shelf_game_take: the one place totals are added up), with its last
// move: { i, j, first, second, last }.
function replay(m, ends, count) {
  const g = shelf.game(m.weights, ends, count, count > 0 ? 1 : 0);
  const last = g.moves.length ? { ...g.moves[0], index: g.moves[0].wheel } : null;
  return { i: g.first, j: g.last, first: g.totals.first, second: g.totals.second, last };
}

// The line's state after `step` turns.
function lineAt(m, step) {
  return replay(m, m.line, step);
}

// Who takes each wheel, and on which turn, along `ends` (every move
// from the library's replay).
function owners(m, ends, key) {
  return memo(m, `owners:${key}`, () => {
    const turn = new Int32Array(m.n);
    for (const mv of shelf.game(m.weights, ends, m.n, m.n).moves) turn[mv.wheel] = mv.turn;
    return turn;
  });
}

function lineOwners(m) {
  return owners(m, m.line, 'line');
}
