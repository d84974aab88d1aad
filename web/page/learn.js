// learn.js - the path for a learner (issue 32), and its lessons 1 and 2
// (fill.js has 3 and 4, code.js the code beside them): from the recursion
// to the linear reduction in the order of docs/problem.md and
// docs/algorithm.md, each lesson on the learner's own shelf (its first
// wheels where a lesson needs a short one).
// The lesson is in the address (lesson=tree|memo|fill|row|reduce), so a
// teacher can link to it; fill also keeps the code shown (code=py|c) and
// the pitfalls swapped in (pitfall=left-index,added). Every value comes
// from the library: the lead table and its colours, the problem's loop
// run in the form shown (shelf.learnFill, web/wasm_learn.c), the totals.

// MARK: - The lessons

const LESSONS = [
  { id: 'tree', title: 'The recursion' },
  { id: 'memo', title: 'One value a block' },
  { id: 'fill', title: 'The fill order' },
  { id: 'row', title: 'One rolling row' },
  { id: 'reduce', title: 'Linear time' },
];
const TREE_MAX = 8; // the recursion tree is drawn up to 2^8 - 1 calls
const TREE_SHORT = 6; // a longer shelf's tree: its first wheels
const FILL_MAX = 12; // the fill lesson's table and code, one cell a step
// The two pitfalls the fill lesson swaps in, by the library's names for
// those mistakes (shelf_mistake_name()), as the address spells them.
const pitfall = {
  get leftIndex() { return shelf.names.mistake[shelf.constants.MISTAKE_LEFT_INDEX]; },
  get added() { return shelf.names.mistake[shelf.constants.MISTAKE_ADDED]; },
  get all() { return [this.leftIndex, this.added]; },
};

function lessonOf() {
  return LESSONS.findIndex((l) => l.id === page.state.lesson);
}

// The first wheels of the shelf, at most `max` of them, as the lesson's
// own short shelf: { weights, n, short } (short: fewer than the shelf's).
function lessonShelf(m, max) {
  const n = Math.min(m.n, max);
  return { weights: m.weights.slice(0, n), n, short: n < m.n };
}

// The shelf of the tree and of the memo: the same wheels in both lessons.
function treeShelf(m) {
  return lessonShelf(m, m.n <= TREE_MAX ? TREE_MAX : TREE_SHORT);
}

function shortNote(m, s) {
  return s.short ? `<p class="note">Your shelf has ${plural(m.n, 'wheel')}; this lesson uses its first ${s.n},
    ${esc(Array.from(s.weights).join(', '))}.</p>` : '';
}

// A block as the lessons name it: wheels i to j, counted from 0 as the
// code counts them (place() in base.js; the note under the lessons' list
// says so, once).
const blockName = (i, j) => (i === j ? `wheel ${place(i)}` : `wheels ${place(i)} to ${place(j)}`);

function learnSkeleton(m) {
  const at = lessonOf();
  const nav = `<nav class="lessons" aria-label="The lessons"><ol>` + LESSONS.map((l, k) =>
    `<li><button type="button" data-lesson="${l.id}"${k === at ? ' aria-current="step"' : ''}>${k + 1}. ${l.title}</button></li>`).join('') +
    `</ol></nav>`;
  const move = `<div class="row lesson-move">
      <button type="button" id="lesson-back"${at === 0 ? ' disabled' : ''}>&#x2039; Previous lesson</button>
      <button type="button" id="lesson-next"${at === LESSONS.length - 1 ? ' disabled' : ''}>Next lesson &#x203A;</button></div>`;
  const head = `<h2>Learn the DP, step by step</h2>${nav}
    <p class="note" id="count-note">In every lesson the wheels are counted from 0, as the code counts them: on n wheels
    the first is wheel 0 and the last wheel n &#x2212; 1, and the whole shelf is the block 0 to n &#x2212; 1, whose lead is
    <code>lead[0][n - 1]</code>.</p>`;
  if (m.n === 0) return head + '<p class="summary">Your shelf is empty: type a few weights above.</p>';
  const body = { tree: treeSkeleton, memo: memoSkeleton, fill: fillSkeleton, row: rowSkeleton, reduce: reduceSkeleton }[page.state.lesson](m);
  return head + `<div id="lesson" data-lesson="${page.state.lesson}">${body}</div>` + move;
}

function learnUpdate(m) {
  if (m.n === 0) return;
  // A tree wider than its frame (a phone's) opens with its first call in
  // the middle, once: after that the frame is the learner's to scroll.
  const tree = $('tree-frame');
  if (tree && !tree.dataset.placed) {
    tree.scrollLeft = Number(tree.dataset.root) - tree.clientWidth / 2;
    tree.dataset.placed = 'true';
  }
  if (page.state.lesson === 'fill') fillUpdate(m);
  if (page.state.lesson === 'row') rowUpdate(m);
  if (page.state.lesson === 'reduce') reduceUpdate(m);
}

function learnMax(m) {
  if (m.n === 0) return 0;
  if (page.state.lesson === 'fill') return fillWrites(m).length;
  if (page.state.lesson === 'row') return lessonShelf(m, TABLE_MAX).n;
  if (page.state.lesson === 'reduce') return VIEWS.reduce.max(m);
  return 0;
}

function learnStep(m) {
  return page.state.step === null ? 0 : Math.min(page.state.step, learnMax(m));
}

function setLesson(id) {
  stopPlaying();
  page.state.lesson = LESSONS.some((l) => l.id === id) ? id : 'tree';
  page.state.step = null;
  commit();
}


// MARK: - Lesson 1: the recursion tree

// Every call of lead(i, j) from lead(0, n-1), depth first as the code
// makes them: { i, j, depth, again } (again: the block was solved before).
function treeCalls(n) {
  const calls = [];
  const seen = new Set();
  const visit = (i, j, depth) => {
    calls.push({ i, j, depth, again: seen.has(i * n + j) });
    seen.add(i * n + j);
    if (i < j) {
      visit(i + 1, j, depth + 1);
      visit(i, j - 1, depth + 1);
    }
  };
  if (n > 0) visit(0, n - 1, 0);
  return calls;
}

// The tree drawn as a tree (SVG): one box a call, in rows by depth, each
// call's box joined by a line to the boxes of the two calls it makes (the
// block without its left wheel, then without its right). A call is placed
// over the middle of the one-wheel calls below it, 2^(size - 1) of them,
// so no two boxes overlap; a tree wider than the frame scrolls in it.
const TREE_SLOT = 30; // px a one-wheel call
const TREE_ROW = 46; // px from a row of calls to the next
const TREE_LABELS = 140; // px for the rows' labels, at the left

function treeLayout(n) {
  const calls = treeCalls(n);
  let k = 0;
  const lay = (left, depth) => {
    const c = calls[k++];
    c.x = TREE_LABELS + (left + 2 ** (n - 1 - depth) / 2) * TREE_SLOT;
    c.y = 14 + depth * TREE_ROW;
    if (c.i < c.j) {
      c.kids = [k];
      lay(left, depth + 1);
      c.kids.push(k);
      lay(left + 2 ** (n - 2 - depth), depth + 1);
    }
  };
  if (n > 0) lay(0, 0);
  return calls;
}

function treeSvg(n) {
  const calls = treeLayout(n);
  const width = TREE_LABELS + 2 ** (n - 1) * TREE_SLOT;
  const height = n * TREE_ROW;
  let edges = '';
  let boxes = '';
  calls.forEach((c, k) => {
    for (const kid of c.kids || []) {
      const d = calls[kid];
      edges += `<line class="edge" data-from="${k}" data-to="${kid}" x1="${c.x}" y1="${c.y + 9}" x2="${d.x}" y2="${d.y - 9}"/>`;
    }
    boxes += `<g class="call${c.again ? ' again' : ''}" data-call="${k}" data-first="${c.i}" data-last="${c.j}">` +
      `<title>lead(${c.i}, ${c.j})${c.again ? ': solved before' : ''}</title>` +
      `<rect x="${c.x - 13}" y="${c.y - 9}" width="26" height="18" rx="3"/>` +
      `<text x="${c.x}" y="${c.y + 4}">${c.i}&#x2013;${c.j}</text></g>`;
  });
  let labels = '';
  for (let d = 0; d < n; d++) {
    labels += `<text class="level" x="0" y="${18 + d * TREE_ROW}">${plural(n - d, 'wheel')} left: ${plural(2 ** d, 'call')}</text>`;
  }
  return `<div class="shelf-frame tree-frame" id="tree-frame" data-root="${calls.length ? calls[0].x : 0}" tabindex="0" role="group" aria-label="The recursion tree">` +
    `<svg class="tree" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" aria-hidden="true">` +
    `${labels}<g class="edges">${edges}</g>${boxes}</svg></div>`;
}

function treeSkeleton(m) {
  const s = treeShelf(m);
  const calls = treeCalls(s.n);
  const blocks = (s.n * (s.n + 1)) / 2;
  const again = calls.filter((c) => c.again).length;
  // The same calls as a list, for a screen reader (the picture is hidden
  // from it): one item a row.
  let rows = '';
  for (let d = 0; d < s.n; d++) {
    const level = calls.filter((c) => c.depth === d);
    rows += `<li>${plural(s.n - d, 'wheel')} left: ${plural(level.length, 'call')}: ` +
      level.map((c) => `${c.i} to ${c.j}${c.again ? ' (again)' : ''}`).join(', ') + '</li>';
  }
  return `<h3>1. Every order of moves</h3>
    ${shortNote(m, s)}
    <p>Think of it as a recursion, the way you would first write it: on wheels i to j, the buyer to move takes the
    left or the right, and then the other buyer faces the rest. So <code>lead(i, j)</code> calls itself twice: two
    branches a turn, and about 2<sup>n</sup> calls for n wheels.</p>
    ${codeHtml(RECURSION_PY, [])}
    <p id="tree-count" class="status">${plural(s.n, 'wheel')}: the recursion makes ${plural(calls.length, 'call')}, but there are only
      ${num(blocks)} different blocks of wheels. ${again ? `${num(again)} calls solve a block that was already solved
      (dashed boxes).` : 'No block is reached twice yet: try a longer shelf.'}</p>
    <p class="note">Each box is one call, named by its block (first&#x2013;last wheel); its two lines lead to the two
      calls it makes, without the left wheel (left) and without the right wheel (right); one row per turn. A dashed
      box solves a block that was solved before: the same wheels remain after different orders of moves, so the same
      work is done again.</p>
    ${treeSvg(s.n)}
    <ol class="visually-hidden" aria-label="The calls, one row per turn">${rows}</ol>`;
}

// MARK: - Lesson 2: memoisation folds the tree into the table

function binomial(n, k) {
  let r = 1n;
  for (let t = 1n; t <= BigInt(k); t++) r = (r * (BigInt(n) - BigInt(k) + t)) / t;
  return r;
}

function memoSkeleton(m) {
  const s = treeShelf(m);
  const cells = memo(m, `learn-table:${s.n}`, () => shelf.leadTable(s.weights));
  const byBlock = new Map(cells.map((c) => [c.first * s.n + c.last, c]));
  let html = `<table class="lead memo" aria-label="One value a block: row is the first wheel, column the last">` +
    leadTableHead(s.weights, s.n, 'first \\ last', place);
  for (let i = 0; i < s.n; i++) {
    html += leadRowHead(s.weights, i, place);
    for (let j = 0; j < s.n; j++) {
      if (j < i) { html += '<td class="none"></td>'; continue; }
      const c = byBlock.get(i * s.n + j);
      // The calls that reach block i..j: the n - (j - i + 1) wheels taken
      // before it, i of them from the left, in any order.
      const reach = binomial(s.n - (j - i + 1), i);
      html += `<td class="filled" style="background:${c.fill}" data-first="${i}" data-last="${j}" data-lead="${c.lead}" data-calls="${reach}">` +
        `<span class="lead">${num(c.lead)}</span><span class="cand">${reach === 1n ? 'once' : `${num(reach)} calls`}</span></td>`;
    }
    html += '</tr>';
  }
  const calls = treeCalls(s.n).length;
  return `<h3>2. One value a block</h3>
    ${shortNote(m, s)}
    <p>The calls that solve the same block give the same answer, so keep each answer the first time and look it up
    after: that is memoisation. Only the block matters, not the moves that led to it, because both buyers take from
    the ends: what remains is always wheels i to j. So there is one value a block, <code>lead(i, j)</code>: the most
    the buyer to move can finish ahead by on those wheels. With n wheels that is n(n+1)/2 cells of a table.</p>
    ${codeHtml(MEMO_PY, ['seen', 'hit'])}
    <p id="memo-count" class="status">Here the tree's ${num(calls)} calls fold into ${num((s.n * (s.n + 1)) / 2)} cells. Each cell below
      shows its lead and how many calls of the tree reach it.</p>
    <div class="table-wrap">${html}</tbody></table></div>
    <p class="note">Colour: the lead, for the buyer to move, on the picture's scale: green ahead, purple behind.</p>`;
}
