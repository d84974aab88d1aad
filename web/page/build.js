// build.js - the exercise: the learner builds the lead table, and a wrong
// value is named from the library's known mistakes.

// MARK: - View: build the table yourself

// The exercise's progress on the shelf shown, page.exercise: per cell,
// 'right' (right first time), 'fixed' (right after a wrong try), 'shown'
// (asked for); and the cells tried wrong. Not in the fragment: it is the
// learner's.

function exerciseFor(m) {
  if (!page.exercise || page.exercise.key !== page.modelKey) page.exercise = { key: page.modelKey, done: new Map(), wrong: new Set(), pick: false };
  return page.exercise;
}

// A block can be typed once the two cells it reads are filled.
function ready(m, ex, a, b) {
  return !ex.done.has(a * m.n + b) && (a === b || (ex.done.has((a + 1) * m.n + b) && ex.done.has(a * m.n + b - 1)));
}

function buildSkeleton(m) {
  const head = `<h2>Build the table yourself</h2>
    <p>Fill the lead table: type the lead of a block whose two source cells are filled (the one-wheel blocks need none:
    their lead is the wheel's weight), and press Enter. A block's lead is the larger of <em>left wheel minus the lead of
    the block without it</em> and <em>right wheel minus the lead of the block without it</em>. A wrong value is named:
    the page knows the usual mistakes.</p>
    <div class="row" role="group" aria-label="Exercise">
      <button type="button" id="ex-next">Fill the next cell for me</button>
      <button type="button" id="ex-reveal">Reveal all</button>
      <button type="button" id="ex-new">New shelf</button>
      <button type="button" id="ex-pick" aria-pressed="${exerciseFor(m).pick}">Pick the end instead of typing</button>
    </div>`;
  if (m.n === 0 || m.n > EXERCISE_MAX) {
    return head + `<p class="summary" id="ex-status">This shelf has ${plural(m.n, 'wheel')}; the exercise takes 1 to
      ${EXERCISE_MAX}. Press New shelf for a fresh one.</p>`;
  }
  return head + `<p class="status" id="ex-status" aria-live="polite"></p>
    <div id="ex-shelf"></div><div class="table-wrap" id="ex-wrap"></div>`;
}

function buildUpdate(m) {
  if (m.n === 0 || m.n > EXERCISE_MAX) return;
  const ex = exerciseFor(m);
  const total = (m.n * (m.n + 1)) / 2;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.cell : null;
  let html = `<table class="lead exercise"><caption class="visually-hidden">Your lead table: row is the first wheel, column the last</caption>
    ${leadTableHead(m.weights, m.n, 'first \\ last', (k) => k + 1)}`;
  for (let i = 0; i < m.n; i++) {
    html += leadRowHead(m.weights, i, (k) => k + 1);
    for (let j = 0; j < m.n; j++) {
      const key = i * m.n + j;
      const hint = ex.hint && ex.hint.has(key) ? ' src' : '';
      if (j < i) { html += '<td class="none"></td>'; continue; }
      const d = ex.done.get(key);
      if (d) {
        html += `<td class="filled ${d}${hint}" data-first="${i}" data-last="${j}"${leadColour(m, i, j)}><span class="lead">${num(cellAt(m, i, j).lead)}</span></td>`;
      } else if (ready(m, ex, i, j)) {
        // "Pick the end" beside every cell of two or more wheels; in the
        // pick mode instead of typing.
        const picks = i < j ? shelf.ends.map((end) => `<button type="button" class="pick" data-pick="${end}"
          data-first="${i}" data-last="${j}" aria-label="${wheelsOf(i, j)}: take the ${end} end">${end === 'left' ? 'L' : 'R'}</button>`).join('') : '';
        const input = ex.pick && i < j ? '' : `<input type="text" inputmode="numeric" data-cell="${key}" data-first="${i}" data-last="${j}"
          aria-label="Lead of ${wheelsOf(i, j)}" autocomplete="off"${ex.wrong.has(key) ? ' aria-invalid="true"' : ''}>`;
        html += `<td class="ask${hint}">${input}${picks}</td>`;
      } else {
        html += `<td class="empty${hint}" aria-label="${wheelsOf(i, j)}: its sources are not filled yet"></td>`;
      }
    }
    html += '</tr>';
  }
  $('ex-wrap').innerHTML = html + '</tbody></table>';
  $('ex-shelf').innerHTML = shelfRow(m, 0, m.n - 1, (k) => wheelHtml(m, k, null, ex.block && k >= ex.block[0] && k <= ex.block[1] ? 'in-block' : ''));
  const right = [...ex.done.values()].filter((v) => v === 'right').length;
  const complete = ex.done.size === total;
  $('ex-next').disabled = $('ex-reveal').disabled = complete;
  if (complete) {
    say($('ex-status'), `The table is complete: ${right} of ${total} cells right first time. ` +
      `The whole shelf's cell is the margin, ${m.result.margin}.`);
  } else if (ex.message) {
    say($('ex-status'), ex.message);
  } else {
    say($('ex-status'), `${ex.done.size} of ${total} cells filled. Start with the one-wheel blocks on the diagonal.`);
  }
  const again = focused && document.querySelector(`#ex-wrap input[data-cell="${focused}"]`);
  const next = again || (ex.focusNext && document.querySelector('#ex-wrap input, #ex-wrap button.pick'));
  if (next) next.focus();
  ex.focusNext = false;
}

// Checks the value typed for block a..b against the table, naming a
// wrong one from the library's known mistakes.
function checkCell(input) {
  const m = page.model;
  const ex = exerciseFor(m);
  const a = Number(input.dataset.first);
  const b = Number(input.dataset.last);
  const typed = input.value.trim().replace(/^\u2212/, '-');
  if (!/^[+-]?\d+$/.test(typed)) {
    ex.block = [a, b];
    ex.message = `Type a whole number for ${wheelsOf(a, b)}.`;
    return commit();
  }
  judge(a, b, BigInt(typed), typed);
}

// An end picked for block a..b: right if it keeps the block's lead; a
// wrong one is named by the library's rule for a picked end
// (shelf_end_mistake): greedy when it is the heavier end, else one-end.
function pickEnd(button) {
  const m = page.model;
  const a = Number(button.dataset.first);
  const b = Number(button.dataset.last);
  const verdict = shelf.endMistake(m.weights, a, b, button.dataset.pick);
  judge(a, b, verdict.kept, `the ${button.dataset.pick} end`, verdict);
}

function judge(a, b, value, typed, named = null) {
  const m = page.model;
  const ex = exerciseFor(m);
  const key = a * m.n + b;
  ex.block = [a, b];
  ex.hint = null;
  // The library names the slip by the value typed (shelf_cell_mistake)
  // and says it in the block's own numbers (shelf_cell_sentence).
  const verdict = named || shelf.cellMistake(m.weights, a, b, value);
  if (verdict.name === 'none') {
    ex.done.set(key, ex.wrong.has(key) ? 'fixed' : 'right');
    ex.message = `Right: ${derivation(m, a, b)}`;
    ex.focusNext = true;
  } else {
    ex.wrong.add(key);
    ex.hint = new Set(a < b ? [(a + 1) * m.n + b, a * m.n + b - 1] : []);
    // The unknown sentence of a one-wheel block already says its lead is
    // the weight.
    const where = a === b ? (verdict.name === 'unknown' ? '' : 'A one-wheel block reads no other cell: its lead is the weight.')
      : `Hint: read the two outlined cells, ${wheelsOf(a + 1, b)} (for taking the left, ${m.weights[a]}) and ` +
      `${wheelsOf(a, b - 1)} (for taking the right, ${m.weights[b]}).`;
    ex.message = `Not ${typed} for ${wheelsOf(a, b)}` + (verdict.name === 'unknown' ? '' : ` (mistake: ${verdict.name})`) + `. ${verdict.sentence} ${where}`.trim();
    ex.mistake = verdict.name;
  }
  document.body.dataset.lastMistake = verdict.name;
  commit();
}

// Next cell: the first one in the DP's order that is not filled.
function exerciseNext(all) {
  const m = page.model;
  const ex = exerciseFor(m);
  for (const c of tableCells(m)) {
    const key = c.first * m.n + c.last;
    if (!ex.done.has(key)) {
      ex.done.set(key, 'shown');
      ex.block = [c.first, c.last];
      ex.message = `Filled for you: ${derivation(m, c.first, c.last)}`;
      if (!all) break;
    }
  }
  if (all) ex.message = '';
  ex.hint = null;
  commit();
}

function exerciseNew() {
  const r = crypto.getRandomValues(new Uint32Array(2));
  page.exercise = null;
  page.state.source = { kind: 'random', n: String(4 + (r[0] % 3)), seed: String(r[1]), range: '1..20' };
  page.state.step = null;
  commit();
}
