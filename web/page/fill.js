// fill.js - lessons 3 and 4 of the learner's path (learn.js): the table
// filled by the problem's loop in the form shown (shelf.learnFill), the
// answers problems ask for, and one rolling row.

// MARK: - Lesson 3: the fill order, with the code beside the table

function pitfallsOn() {
  return new Set(page.state.pitfall);
}

function fillWrites(m) {
  const s = lessonShelf(m, FILL_MAX);
  const pit = pitfallsOn();
  return memo(m, `learn-fill:${s.n}:${[...pit].sort().join(',')}`, () =>
    shelf.learnFill(s.weights, { leftIndex: pit.has(pitfall.leftIndex), added: pit.has(pitfall.added) }));
}

function fillSkeleton(m) {
  const s = lessonShelf(m, FILL_MAX);
  const pit = pitfallsOn();
  const pitButton = (id, text) => `<button type="button" data-pitfall="${id}" aria-pressed="${pit.has(id)}">${text}</button>`;
  return `<h3>3. Fill the table in a safe order</h3>
    ${shortNote(m, s)}
    <p>Without recursion, fill the table with loops. A cell reads two cells of one wheel fewer, the block without its
    left wheel and the block without its right wheel, so every cell must come after those two: fill by span length,
    one-wheel blocks first, then two-wheel blocks, and so on. Step through the problem's <code>solve()</code> (docs/problem.md): the
    line that runs is marked, and the table fills as the code writes it.</p>
    <div class="row" role="group" aria-label="The code">
      <button type="button" data-code="py" aria-pressed="${page.state.code === 'py'}">Python</button>
      <button type="button" data-code="c" aria-pressed="${page.state.code === 'c'}">C</button>
      <span class="note">Swap in a pitfall's lines:</span>
      ${pitButton(pitfall.leftIndex, 'Fill by left index')}
      ${pitButton(pitfall.added, 'Add the rest\u2019s lead')}
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
  let html = `<table class="lead fill" aria-label="The table lead as the code leaves it: row i, column j">` +
    leadTableHead(s.weights, n, 'i \\ j', (k) => k);
  for (let i = 0; i < n; i++) {
    html += leadRowHead(s.weights, i, (k) => k);
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
  const op = pit.has(pitfall.added) ? '+' : '-';
  const notes = {};
  let running = [];
  let status = 'Nothing written yet: the table holds zeros. Step forward.';
  if (now && now.first === now.last) {
    running = ['diag'];
    notes.diag = `lead[${now.first}][${now.first}] = ${now.lead}`;
    status = `lead[${now.first}][${now.first}] = wheels[${now.first}] = ${now.lead}: one wheel, the buyer to move takes it.`;
  } else if (now) {
    const { first: i, last: j } = now;
    running = ['left', 'right', 'store'];
    const restL = now.unread.left ? '0' : String(holds.get((i + 1) * n + j).lead);
    const restR = now.unread.right ? '0' : String(holds.get(i * n + j - 1).lead);
    notes.left = `${w[i]} ${op} ${restL} = ${now.left}`;
    notes.right = `${w[j]} ${op} ${restR} = ${now.right}`;
    notes.store = `lead[${i}][${j}] = ${now.lead}`;
    status = `lead[${i}][${j}], ${blockName(i, j)}: take_left = ${w[i]} ${op} lead[${i + 1}][${j}] = ${now.left}; ` +
      `take_right = ${w[j]} ${op} lead[${i}][${j - 1}] = ${now.right}; the larger, ${now.lead}, is stored.`;
    if (now.unread.left || now.unread.right) {
      const cell = now.unread.left ? `lead[${i + 1}][${j}]` : `lead[${i}][${j - 1}]`;
      status += ` But ${cell} is not written yet: it still holds 0, so this value is wrong.`;
    }
  }
  if (step === writes.length && writes.length > 0) running.push('answer');
  $('fill-code').innerHTML = codeHtml(solveCode(page.state.code, pit), running, notes, page.state.code);
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
  const names = [...pit].map((p) => (p === pitfall.added ? 'adding the rest\u2019s lead' : 'filling by left index')).join(' and ');
  return `<p class="part wrong">With ${names}, the code returns <b id="fill-result">${num(answer)}</b>; the right margin is
    ${num(right)}. ` + (pit.has(pitfall.added) ? 'Adding lets one buyer keep every wheel: the answer is the whole shelf\u2019s weight. ' : '') +
    (pit.has(pitfall.leftIndex) ? 'By left index, a cell reads the cell below it before that row is written, and reads a 0. ' : '') +
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
  const at = new Map(cells.map((c) => [c.first * s.n + c.last, c]));
  // The row after span `step`: row[i] = lead(i, i + step - 1).
  let html = `<table class="lead row" aria-label="The row after each span"><thead><tr><th scope="col">span</th>`;
  for (let i = 0; i < s.n; i++) html += `<th scope="col">row[${i}]</th>`;
  html += '</tr></thead><tbody>';
  for (let span = 1; span <= step; span++) {
    html += `<tr${span === step ? ' class="now-row"' : ''}><th scope="row">${span}</th>`;
    for (let i = 0; i < s.n; i++) {
      const c = i + span - 1 < s.n ? at.get(i * s.n + i + span - 1) : null;
      html += c ? `<td class="filled" style="background:${c.fill}" data-first="${i}" data-last="${i + span - 1}" data-lead="${c.lead}"><span class="lead">${num(c.lead)}</span></td>`
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
