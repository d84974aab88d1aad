// learn.js - the path for a learner (issue 32): from the recursion to the
// linear reduction in the write-up's order, each lesson on the learner's own
// shelf (its first wheels where a lesson needs a short one). The lesson is
// in the address (lesson=tree|memo|fill|row|reduce), so a teacher can link
// to it; fill also keeps the code shown (code=py|c) and the pitfalls
// swapped in (pitfall=left-index,added). Every value comes from the
// library: the lead table and its colours, the write-up's loop run in the
// form shown (shelf.learnFill, web/wasm_learn.c), the totals.

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
const PITFALLS = ['left-index', 'added'];

function lessonOf() {
  return LESSONS.findIndex((l) => l.id === state.lesson);
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

// a.b as the code writes a block: wheels[i..j], 1-based for the eye.
const blockName = (i, j) => (i === j ? `wheel ${i + 1}` : `wheels ${i + 1} to ${j + 1}`);

function learnSkeleton(m) {
  const at = lessonOf();
  const nav = `<nav class="lessons" aria-label="The lessons"><ol>` + LESSONS.map((l, k) =>
    `<li><button type="button" data-lesson="${l.id}"${k === at ? ' aria-current="step"' : ''}>${k + 1}. ${l.title}</button></li>`).join('') +
    `</ol></nav>`;
  const move = `<div class="row lesson-move">
      <button type="button" id="lesson-back"${at === 0 ? ' disabled' : ''}>&#x2039; Previous lesson</button>
      <button type="button" id="lesson-next"${at === LESSONS.length - 1 ? ' disabled' : ''}>Next lesson &#x203A;</button></div>`;
  const head = `<h2>Learn the DP, step by step</h2>${nav}`;
  if (m.n === 0) return head + '<p class="summary">Your shelf is empty: type a few weights above.</p>';
  const body = { tree: treeSkeleton, memo: memoSkeleton, fill: fillSkeleton, row: rowSkeleton, reduce: reduceSkeleton }[state.lesson](m);
  return head + `<div id="lesson" data-lesson="${state.lesson}">${body}</div>` + move;
}

function learnUpdate(m) {
  if (m.n === 0) return;
  if (state.lesson === 'fill') fillUpdate(m);
  if (state.lesson === 'row') rowUpdate(m);
  if (state.lesson === 'reduce') reduceUpdate(m);
}

function learnMax(m) {
  if (m.n === 0) return 0;
  if (state.lesson === 'fill') return fillWrites(m).length;
  if (state.lesson === 'row') return lessonShelf(m, TABLE_MAX).n;
  if (state.lesson === 'reduce') return VIEWS.reduce.max(m);
  return 0;
}

function learnStep(m) {
  return state.step === null ? 0 : Math.min(state.step, learnMax(m));
}

function setLesson(id) {
  stopPlaying();
  state.lesson = LESSONS.some((l) => l.id === id) ? id : 'tree';
  state.step = null;
  commit();
}

// MARK: - Code beside the lesson

// Code as lines { id, text }: the id names what a line does, so that the
// line running is marked whatever the language or the pitfall swapped in.
function codeHtml(lines, now, notes = {}) {
  return `<pre class="code" aria-label="The code"><code>` + lines.map((l) =>
    `<span class="line${l.id && now.includes(l.id) ? ' now' : ''}${l.pitfall ? ' pitfall' : ''}"${l.id && now.includes(l.id) ? ' aria-current="true"' : ''} data-line="${l.id || ''}">` +
    `${esc(l.text)}${notes[l.id] ? `<span class="value">  ${grouped(notes[l.id])}</span>` : ''}</span>`).join('\n') + '</code></pre>';
}

const RECURSION_PY = [
  { id: 'def', text: 'def lead(i, j):' },
  { id: 'one', text: '    if i == j:' },
  { id: 'base', text: '        return wheels[i]' },
  { id: 'both', text: '    return max(wheels[i] - lead(i + 1, j),' },
  { id: 'both2', text: '               wheels[j] - lead(i, j - 1))' },
];

const MEMO_PY = [
  { id: 'memo', text: 'memo = {}' },
  { id: 'def', text: 'def lead(i, j):' },
  { id: 'seen', text: '    if (i, j) in memo:' },
  { id: 'hit', text: '        return memo[(i, j)]' },
  { id: 'one', text: '    if i == j:' },
  { id: 'base', text: '        return wheels[i]' },
  { id: 'both', text: '    memo[(i, j)] = max(wheels[i] - lead(i + 1, j),' },
  { id: 'both2', text: '                       wheels[j] - lead(i, j - 1))' },
  { id: 'ret', text: '    return memo[(i, j)]' },
];

// The write-up's solve(), and the same loop in C; a pitfall swaps its own
// lines in for the ones it replaces.
function solveCode(lang, pit) {
  const py = lang === 'py';
  const left = pit.has('left-index');
  const added = pit.has('added');
  const op = added ? '+' : '-';
  const lines = py ? [
    { text: 'def solve(wheels):' },
    { text: '    n = len(wheels)' },
    { text: '    lead = [[0] * n for _ in range(n)]' },
    { text: '    for i in range(n):' },
    { id: 'diag', text: '        lead[i][i] = wheels[i]' },
  ] : [
    { text: 'long long solve(const long long *w, int n, long long lead[n][n]) {' },
    { text: '    /* lead starts as zeros */' },
    { text: '    for (int i = 0; i < n; i++)' },
    { id: 'diag', text: '        lead[i][i] = w[i];' },
  ];
  const W = py ? 'wheels' : 'w';
  const end = py ? '' : ';';
  if (left) {
    lines.push(py ? { id: 'outer', text: '    for i in range(n):', pitfall: true } : { id: 'outer', text: '    for (int i = 0; i < n; i++)', pitfall: true });
    lines.push(py ? { id: 'inner', text: '        for j in range(i + 1, n):', pitfall: true } : { id: 'inner', text: '        for (int j = i + 1; j < n; j++) {', pitfall: true });
  } else {
    lines.push(py ? { id: 'outer', text: '    for span in range(2, n + 1):' } : { id: 'outer', text: '    for (int span = 2; span <= n; span++)' });
    lines.push(py ? { id: 'inner', text: '        for i in range(n - span + 1):' } : { id: 'inner', text: '        for (int i = 0; i + span - 1 < n; i++) {' });
    lines.push({ id: 'j', text: py ? '            j = i + span - 1' : '            int j = i + span - 1;' });
  }
  const t = py ? '' : 'long long ';
  lines.push({ id: 'left', text: `            ${t}take_left = ${W}[i] ${op} lead[i + 1][j]${end}`, pitfall: added });
  lines.push({ id: 'right', text: `            ${t}take_right = ${W}[j] ${op} lead[i][j - 1]${end}`, pitfall: added });
  lines.push({ id: 'store', text: py ? '            lead[i][j] = max(take_left, take_right)' : '            lead[i][j] = take_left > take_right ? take_left : take_right;' });
  if (!py) lines.push({ text: '        }' });
  lines.push({ id: 'answer', text: py ? '    return lead[0][n - 1]' : '    return lead[0][n - 1];' });
  if (!py) lines.push({ text: '}' });
  return lines;
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

function treeSkeleton(m) {
  const s = treeShelf(m);
  const calls = treeCalls(s.n);
  const blocks = (s.n * (s.n + 1)) / 2;
  const again = calls.filter((c) => c.again).length;
  let rows = '';
  for (let d = 0; d < s.n; d++) {
    const level = calls.filter((c) => c.depth === d);
    rows += `<li><span class="level">${plural(s.n - d, 'wheel')} left: ${plural(level.length, 'call')}</span> <span class="calls">` +
      level.map((c) => `<span class="call${c.again ? ' again' : ''}" title="lead(${c.i}, ${c.j})">${c.i + 1}&#x2013;${c.j + 1}</span>`).join('') + '</span></li>';
  }
  return `<h3>1. Every order of moves</h3>
    ${shortNote(m, s)}
    <p>Think of it as a recursion, the way you would first write it: on wheels i to j, the buyer to move takes the
    left or the right, and then the other buyer faces the rest. So <code>lead(i, j)</code> calls itself twice: two
    branches a turn, and about 2<sup>n</sup> calls for n wheels.</p>
    ${codeHtml(RECURSION_PY, [])}
    <p id="tree-count" class="status">${plural(s.n, 'wheel')}: the recursion makes ${plural(calls.length, 'call')}, but there are only
      ${num(blocks)} different blocks of wheels. ${again ? `${num(again)} calls solve a block that was already solved
      (marked &#x21BA;).` : 'No block is reached twice yet: try a longer shelf.'}</p>
    <p class="note">Each box is one call, named by its block (first&#x2013;last wheel); one row per turn. A block that
      comes again is marked &#x21BA;: the same wheels remain after different orders of moves, so the same work is done
      again.</p>
    <ol class="tree" aria-label="The calls, one row per turn">${rows}</ol>`;
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
  const colours = memo(m, `learn-colours:${s.n}`, () => shelf.leadColours(s.weights));
  const byBlock = new Map(cells.map((c, k) => [c.first * s.n + c.last, { ...c, colour: colours[k] }]));
  let html = `<table class="lead memo" aria-label="One value a block: row is the first wheel, column the last"><thead><tr><th scope="col">first \\ last</th>`;
  for (let j = 0; j < s.n; j++) html += `<th scope="col">${j + 1}<br><span class="wt">(${s.weights[j]})</span></th>`;
  html += '</tr></thead><tbody>';
  for (let i = 0; i < s.n; i++) {
    html += `<tr><th scope="row">${i + 1} <span class="wt">(${s.weights[i]})</span></th>`;
    for (let j = 0; j < s.n; j++) {
      if (j < i) { html += '<td class="none"></td>'; continue; }
      const c = byBlock.get(i * s.n + j);
      // The calls that reach block i..j: the n - (j - i + 1) wheels taken
      // before it, i of them from the left, in any order.
      const reach = binomial(s.n - (j - i + 1), i);
      html += `<td class="filled" style="background:${c.colour.fill}" data-first="${i}" data-last="${j}" data-lead="${c.lead}" data-calls="${reach}">` +
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

// MARK: - Lesson 3: the fill order, with the code beside the table

function pitfallsOn() {
  return new Set(state.pitfall);
}

function fillWrites(m) {
  const s = lessonShelf(m, FILL_MAX);
  const pit = pitfallsOn();
  return memo(m, `learn-fill:${s.n}:${[...pit].sort().join(',')}`, () =>
    shelf.learnFill(s.weights, { leftIndex: pit.has('left-index'), added: pit.has('added') }));
}

function fillSkeleton(m) {
  const s = lessonShelf(m, FILL_MAX);
  const pit = pitfallsOn();
  const pitButton = (id, text) => `<button type="button" data-pitfall="${id}" aria-pressed="${pit.has(id)}">${text}</button>`;
  return `<h3>3. Fill the table in a safe order</h3>
    ${shortNote(m, s)}
    <p>Without recursion, fill the table with loops. A cell reads two cells of one wheel fewer, the block without its
    left wheel and the block without its right wheel, so every cell must come after those two: fill by span length,
    one-wheel blocks first, then two-wheel blocks, and so on. Step through the write-up's <code>solve()</code>: the
    line that runs is marked, and the table fills as the code writes it.</p>
    <div class="row" role="group" aria-label="The code">
      <button type="button" data-code="py" aria-pressed="${state.code === 'py'}">Python</button>
      <button type="button" data-code="c" aria-pressed="${state.code === 'c'}">C</button>
      <span class="note">Swap in a pitfall's lines:</span>
      ${pitButton('left-index', 'Fill by left index')}
      ${pitButton('added', 'Add the rest\u2019s lead')}
    </div>
    ${stepControls('Cells written', fillWrites(m).length)}
    <p class="status" id="step-status" aria-live="polite"></p>
    <div class="code-table">
      <div id="fill-code"></div>
      <div class="table-wrap" id="fill-table"></div>
    </div>
    <div id="fill-answer"></div>`;
}

function fillUpdate(m) {
  const s = lessonShelf(m, FILL_MAX);
  const writes = fillWrites(m);
  const step = learnStep(m);
  setStepControls(step, writes.length, `${step} of ${writes.length}`);
  const pit = pitfallsOn();
  const now = step > 0 ? writes[step - 1] : null;
  const n = s.n;
  // What each cell holds after `step` writes: the table starts as zeros.
  const holds = new Map();
  for (const wr of writes.slice(0, step)) holds.set(wr.first * n + wr.last, wr);
  const reads = new Map();
  if (now && now.first < now.last) {
    reads.set((now.first + 1) * n + now.last, now.unread.left);
    reads.set(now.first * n + now.last - 1, now.unread.right);
  }
  let html = `<table class="lead fill" aria-label="The table lead as the code leaves it: row i, column j"><thead><tr><th scope="col">i \\ j</th>`;
  for (let j = 0; j < n; j++) html += `<th scope="col">${j}<br><span class="wt">(${s.weights[j]})</span></th>`;
  html += '</tr></thead><tbody>';
  for (let i = 0; i < n; i++) {
    html += `<tr><th scope="row">${i} <span class="wt">(${s.weights[i]})</span></th>`;
    for (let j = 0; j < n; j++) {
      if (j < i) { html += '<td class="none"></td>'; continue; }
      const key = i * n + j;
      const wr = holds.get(key);
      const read = reads.has(key);
      const cls = [wr ? 'filled' : 'empty', now && key === now.first * n + now.last ? 'now' : '', read ? (reads.get(key) ? 'src unread' : 'src') : ''].filter(Boolean).join(' ');
      const style = wr ? ` style="background:${wr.fill}"` : '';
      const label = `lead[${i}][${j}]: ` + (wr ? `${wr.lead}` : 'not written, still 0') + (read ? (reads.get(key) ? '; read before it is written' : '; read now') : '');
      html += `<td class="${cls}"${style} data-first="${i}" data-last="${j}"${wr ? ` data-lead="${wr.lead}"` : ''} aria-label="${esc(label)}">` +
        (wr ? `<span class="lead">${num(wr.lead)}</span>` : read ? '<span class="lead">0?</span>' : '') + '</td>';
    }
    html += '</tr>';
  }
  $('fill-table').innerHTML = html + '</tbody></table>';
  const w = s.weights;
  const op = pit.has('added') ? '+' : '-';
  const notes = {};
  let running = [];
  let status = 'Nothing written yet: the table holds zeros. Step forward.';
  if (now && now.first === now.last) {
    running = ['diag'];
    notes.diag = `# lead[${now.first}][${now.first}] = ${now.lead}`;
    status = `lead[${now.first}][${now.first}] = wheels[${now.first}] = ${now.lead}: one wheel, the buyer to move takes it.`;
  } else if (now) {
    const { first: i, last: j } = now;
    running = ['left', 'right', 'store'];
    const restL = now.unread.left ? '0' : String(holds.get((i + 1) * n + j).lead);
    const restR = now.unread.right ? '0' : String(holds.get(i * n + j - 1).lead);
    notes.left = `# ${w[i]} ${op} ${restL} = ${now.left}`;
    notes.right = `# ${w[j]} ${op} ${restR} = ${now.right}`;
    notes.store = `# lead[${i}][${j}] = ${now.lead}`;
    status = `lead[${i}][${j}], ${blockName(i, j)}: take_left = ${w[i]} ${op} lead[${i + 1}][${j}] = ${now.left}; ` +
      `take_right = ${w[j]} ${op} lead[${i}][${j - 1}] = ${now.right}; the larger, ${now.lead}, is stored.`;
    if (now.unread.left || now.unread.right) {
      const cell = now.unread.left ? `lead[${i + 1}][${j}]` : `lead[${i}][${j - 1}]`;
      status += ` But ${cell} is not written yet: it still holds 0, so this value is wrong.`;
    }
  }
  if (step === writes.length && writes.length > 0) running.push('answer');
  $('fill-code').innerHTML = codeHtml(solveCode(state.code, pit), running, notes);
  say($('step-status'), status);
  $('fill-answer').innerHTML = step === writes.length ? fillAnswer(m, s, writes, pit) : '';
}

function fillAnswer(m, s, writes, pit) {
  const answer = writes.find((wr) => wr.first === 0 && wr.last === s.n - 1).lead;
  const right = s.short ? memo(m, `learn-margin:${s.n}`, () => shelf.solve(s.weights).margin) : m.result.margin;
  if (pit.size === 0) {
    return `<p class="part">The code returns lead[0][${s.n - 1}] = <b id="fill-result">${num(answer)}</b>: the margin of ` +
      `${s.short ? 'these wheels' : 'your shelf'}.</p>` + (s.short ? '' : answersHtml(m));
  }
  const names = [...pit].map((p) => (p === 'added' ? 'adding the rest\u2019s lead' : 'filling by left index')).join(' and ');
  return `<p class="part wrong">With ${names}, the code returns <b id="fill-result">${num(answer)}</b>; the right margin is
    ${num(right)}. ` + (pit.has('added') ? 'Adding lets one buyer keep every wheel: the answer is the whole shelf\u2019s weight. ' : '') +
    (pit.has('left-index') ? 'By left index, a cell reads the cell below it before that row is written, and reads a 0. ' : '') +
    'Turn the pitfall off to see the right table.</p>';
}

// The answers problems ask for, each from the margin: CSES 1097 asks for the
// first buyer's total, LeetCode 486 whether the first buyer wins.
function answersHtml(m) {
  const r = m.result;
  const wins = r.margin >= 0n;
  return `<div class="answers" id="answers"><h4>The answer in the forms problems ask for</h4><ul>
    <li>The margin (AtCoder DP L): lead[0][n-1] = <b id="ans-margin">${num(r.margin)}</b>.</li>
    <li>The first buyer's total (CSES 1097): the totals add up to the shelf, ${num(m.sum)}, and differ by the margin, so the
      first buyer has (total + margin) / 2 = (${num(m.sum)} + ${num(r.margin)}) / 2 = <b id="ans-first">${num(r.first)}</b>.</li>
    <li>The second buyer's total: (total &#x2212; margin) / 2 = (${num(m.sum)} &#x2212; ${num(r.margin)}) / 2 = <b id="ans-second">${num(r.second)}</b>.</li>
    <li>Does the first buyer win (LeetCode 486, a tie counts as a win)? The margin ${wins ? 'is at least 0' : 'is below 0'}:
      <b id="ans-wins">${wins ? 'true' : 'false'}</b>.</li></ul></div>`;
}

// MARK: - Lesson 4: one rolling row

const ROW_PY = [
  { id: 'init', text: 'row = list(wheels)            # span 1: lead(i, i)' },
  { id: 'outer', text: 'for span in range(2, n + 1):' },
  { id: 'inner', text: '    for i in range(n - span + 1):' },
  { id: 'j', text: '        j = i + span - 1' },
  { id: 'store', text: '        row[i] = max(wheels[i] - row[i + 1], wheels[j] - row[i])' },
  { id: 'answer', text: 'return row[0]' },
];

function rowSkeleton(m) {
  const s = lessonShelf(m, TABLE_MAX);
  return `<h3>4. One rolling row</h3>
    ${shortNote(m, s)}
    <p>Filling by span, a cell of span <i>s</i> reads only cells of span <i>s</i> &#x2212; 1. So one row of n numbers is
    enough: before the update, row[i] holds lead(i, j &#x2212; 1) and row[i + 1] holds lead(i + 1, j), both of the
    span before; the new value overwrites row[i], which nothing reads again in this span. Memory falls from
    n(n+1)/2 cells to n.</p>
    ${stepControls('Span', s.n)}
    <p class="status" id="step-status" aria-live="polite"></p>
    <div class="code-table"><div id="row-code"></div><div class="table-wrap" id="row-table"></div></div>`;
}

function rowUpdate(m) {
  const s = lessonShelf(m, TABLE_MAX);
  const step = learnStep(m);
  setStepControls(step, s.n, `${step} of ${s.n}`);
  const cells = memo(m, `learn-table:${s.n}`, () => shelf.leadTable(s.weights));
  const colours = memo(m, `learn-colours:${s.n}`, () => shelf.leadColours(s.weights));
  const at = new Map(cells.map((c, k) => [c.first * s.n + c.last, { ...c, colour: colours[k] }]));
  // The row after span `step`: row[i] = lead(i, i + step - 1).
  let html = `<table class="lead row" aria-label="The row after each span"><thead><tr><th scope="col">span</th>`;
  for (let i = 0; i < s.n; i++) html += `<th scope="col">row[${i}]</th>`;
  html += '</tr></thead><tbody>';
  for (let span = 1; span <= step; span++) {
    html += `<tr${span === step ? ' class="now-row"' : ''}><th scope="row">${span}</th>`;
    for (let i = 0; i < s.n; i++) {
      const c = i + span - 1 < s.n ? at.get(i * s.n + i + span - 1) : null;
      html += c ? `<td class="filled" style="background:${c.colour.fill}" data-first="${i}" data-last="${i + span - 1}" data-lead="${c.lead}"><span class="lead">${num(c.lead)}</span></td>`
        : '<td class="stale" aria-label="not used"></td>';
    }
    html += '</tr>';
  }
  $('row-table').innerHTML = html + '</tbody></table>';
  let status = 'Step forward: the row starts as the weights, the one-wheel blocks.';
  if (step === 1) status = `Span 1: row = the weights, ${Array.from(s.weights).join(', ')}.`;
  if (step > 1) status = `Span ${step}: row[i] now holds the lead of wheels i to i + ${step - 1}, for i = 0 to ${s.n - step}.`;
  if (step === s.n) status += ` row[0] is the whole ${s.short ? 'block' : 'shelf'}: ${at.get(s.n - 1).lead}, the margin.`;
  say($('step-status'), status);
  $('row-code').innerHTML = codeHtml(ROW_PY, step === 0 ? [] : step === 1 ? ['init'] : step === s.n ? ['store', 'answer'] : ['store']);
}
