// table.js - the view of the lead table filled step by step, with its grid keys.

// MARK: - View: the lead table, filled step by step

function tableSkeleton(m) {
  const intro = `<h2>The lead table</h2>
    <p>The interval DP: the <em>lead</em> of a block of wheels is the most the buyer to move can finish ahead by
    on it. Taking the left wheel keeps its weight minus the other buyer's lead on the rest; taking the right keeps
    the right wheel minus the rest's lead. The table fills span by span (one-wheel blocks, then two-wheel blocks, ...),
    each cell from two cells filled before it. Row: the block's first wheel; column: its last. Step forward: the
    block is outlined on the shelf and its two source cells in the table. Click a cell, or move to it with the arrow
    keys and press Enter, to see how it was worked out.</p>`;
  if (m.n > TABLE_MAX) {
    return intro + `<div class="summary" id="table-summary"><p>This shelf has ${plural(m.n, 'wheel')}, so its table has
      ${num((BigInt(m.n) * BigInt(m.n + 1)) / 2n)} blocks: too many to read (the table is shown up to ${TABLE_MAX} wheels,
      as the picture of <code>shelf --svg</code> draws it). Its last cell, the whole shelf, holds the margin,
      ${num(m.result.margin)}. libshelf's linear engine finds it without the table.</p></div>`;
  }
  return intro + stepControls('Blocks filled', tableCells(m).length) +
    `<div class="row"><button type="button" id="trace" aria-pressed="${page.state.trace}">Trace the line of perfect play</button></div>
    <p class="status" id="step-status" aria-live="polite"></p>
    <div id="table-shelf"></div>
    <div class="table-wrap" id="table-wrap"></div>
    ${scaleHtml(m)}
    <p id="cell-detail" class="detail" aria-live="polite"></p>`;
}

function tableCells(m) {
  return memo(m, 'table', () => shelf.leadTable(m.weights));
}

// The cells by block: cellAt(m, a, b) is the filled { left, right, lead,
// fill, ink }, with k, its place in the fill order.
function cellAt(m, a, b) {
  const byBlock = memo(m, 'table-by-block', () => {
    const map = new Map();
    tableCells(m).forEach((c, k) => map.set(c.first * m.n + c.last, { ...c, k }));
    return map;
  });
  return byBlock.get(a * m.n + b);
}

function tableStep(m) {
  const count = tableCells(m).length;
  return page.state.step === null ? 0 : Math.min(page.state.step, count);
}

const wheelsOf = (a, b) => (a === b ? `wheel ${a + 1}` : `wheels ${a + 1} to ${b + 1}`);

// How the lead of block a..b is worked out, in a sentence.
function derivation(m, a, b) {
  const c = cellAt(m, a, b);
  const w = m.weights;
  if (a === b) return `Block ${wheelsOf(a, b)}: one wheel, so its lead is its weight, ${c.lead}.`;
  const rest = (x, y) => cellAt(m, x, y).lead;
  return `Block ${wheelsOf(a, b)}: taking the left (${w[a]}) keeps ${w[a]} - (${rest(a + 1, b)}) = ${c.left}, ` +
    `reading the cell of ${wheelsOf(a + 1, b)}; taking the right (${w[b]}) keeps ${w[b]} - (${rest(a, b - 1)}) = ${c.right}, ` +
    `reading the cell of ${wheelsOf(a, b - 1)}. Lead ${c.lead}` +
    (c.left === c.right ? ': both ends keep it.' : `: take the ${c.left > c.right ? 'left' : 'right'}.`);
}

// The colour of block a..b's lead, the picture's: shelf_lead_colour()'s
// signed-log scale (the palette's "ahead" for a lead the buyer to move is
// ahead by, "behind" for one behind). The number sits on a white chip
// (index.html) rather than in the ink the library gives: that ink is white
// on the full "ahead" green, 3.4 to 1, under the 4.5 to 1 small text needs.
function leadColour(m, a, b) {
  return ` style="background:${cellAt(m, a, b).fill}"`;
}

function scaleHtml(m) {
  const max = tableCells(m).reduce((x, c) => (abs(c.lead) > x ? abs(c.lead) : x), 0n);
  return `<div class="scale" aria-hidden="true"><span>${num(-max)} behind</span><span class="ramp"></span><span>${num(max)} ahead</span></div>
    <p class="note">Colour: the lead for the buyer to move, from the most behind (purple) to the most ahead (green), as in the
    picture of <code>shelf --svg</code>.</p>`;
}

function tableUpdate(m) {
  if (m.n > TABLE_MAX) return;
  const cells = tableCells(m);
  const step = tableStep(m);
  setStepControls(step, cells.length, `${step} of ${cells.length}`);
  const now = step > 0 ? cells[step - 1] : null;
  const complete = step === cells.length;
  const traced = complete || page.state.trace;
  $('trace').setAttribute('aria-pressed', String(traced));
  $('trace').disabled = complete;
  const onLine = memo(m, 'line-blocks', () => {
    const set = new Set();
    let i = 0;
    let j = m.n - 1;
    for (let t = 0; t < m.n; t++) {
      set.add(i * m.n + j);
      if (m.line[t] === 0) i++; else j--;
    }
    return set;
  });
  const sources = new Set();
  if (now && now.first < now.last) {
    sources.add((now.first + 1) * m.n + now.last);
    sources.add(now.first * m.n + now.last - 1);
  }
  $('table-shelf').innerHTML = shelfRow(m, 0, m.n - 1, (k) =>
    wheelHtml(m, k, null, now && k >= now.first && k <= now.last ? 'in-block' : ''), 'The shelf, with the block being filled outlined');
  const inGrid = document.activeElement && document.activeElement.closest && document.activeElement.closest('#lead-grid');
  let html = `<table class="lead${m.n > 12 ? ' compact' : ''}" id="lead-grid" role="grid" aria-label="Lead of each block: row is the first wheel, column the last">
    ${leadTableHead(m.weights, m.n, 'first \\ last', (k) => k + 1)}`;
  for (let i = 0; i < m.n; i++) {
    html += leadRowHead(m.weights, i, (k) => k + 1);
    for (let j = 0; j < m.n; j++) {
      const tab = page.gridFocus.i === i && page.gridFocus.j === j ? '0' : '-1';
      const at = `data-first="${i}" data-last="${j}" tabindex="${tab}" aria-readonly="true"`;
      const c = j >= i ? cellAt(m, i, j) : null;
      const filled = c && c.k < step;
      const src = sources.has(i * m.n + j) ? ' src' : '';
      if (!filled) {
        const label = j < i ? 'no block' : `${wheelsOf(i, j)}: not filled yet`;
        html += `<td class="${j < i ? 'none' : 'empty'}${src}" ${at} aria-label="${label}"></td>`;
        continue;
      }
      const line = traced && onLine.has(i * m.n + j);
      const cls = ['filled', c.k === step - 1 ? 'now' : '', line ? 'on-line' : '', src.trim()].filter(Boolean).join(' ');
      html += `<td class="${cls}" ${at} data-lead="${c.lead}" data-left="${c.left}" data-right="${c.right}"${leadColour(m, i, j)}` +
        ` aria-label="${esc(`${wheelsOf(i, j)}: lead ${c.lead}` + (src ? '; read for the block being filled' : '') + (line ? '; on the line' : ''))}">` +
        `<span class="lead">${num(c.lead)}</span></td>`;
    }
    html += '</tr>';
  }
  $('table-wrap').innerHTML = html + '</tbody></table>';
  if (inGrid) focusCell(page.gridFocus.i, page.gridFocus.j);
  let status = 'Nothing filled yet. Step forward to fill the one-wheel blocks: each one\'s lead is its weight.';
  if (now) {
    status = derivation(m, now.first, now.last);
    if (complete) status += ` That is the whole shelf: its lead is the margin, ${m.result.margin}. The outlined cells (\u25CF) are the blocks the line of perfect play passes through.`;
  }
  say($('step-status'), status);
}

function focusCell(i, j) {
  const td = document.querySelector(`#lead-grid td[data-first="${i}"][data-last="${j}"]`);
  if (!td) return;
  for (const other of document.querySelectorAll('#lead-grid td[tabindex="0"]')) other.tabIndex = -1;
  td.tabIndex = 0;
  page.gridFocus = { i, j };
  td.focus();
}

function showCell(i, j) {
  const m = page.model;
  const c = j >= i ? cellAt(m, i, j) : null;
  const text = !c ? `Row ${i + 1}, column ${j + 1}: no block (a block's first wheel is not after its last).`
    : c.k < tableStep(m) ? derivation(m, i, j)
      : i === j ? `Block ${wheelsOf(i, j)}: not filled yet; it needs nothing but its weight.`
        : `Block ${wheelsOf(i, j)}: not filled yet; it reads the cells of ${wheelsOf(i + 1, j)} and ${wheelsOf(i, j - 1)}.`;
  say($('cell-detail'), text);
}

// The WAI-ARIA grid keys: arrows move without wrapping, Home and End
// along the row, Ctrl+Home and Ctrl+End to the corners, Enter or F2 shows
// the cell's derivation.
function onGridKey(e) {
  const td = e.target.closest('td');
  if (!td) return false;
  const n = page.model.n;
  let i = Number(td.dataset.first);
  let j = Number(td.dataset.last);
  const keys = {
    ArrowLeft: () => { j = Math.max(0, j - 1); }, ArrowRight: () => { j = Math.min(n - 1, j + 1); },
    ArrowUp: () => { i = Math.max(0, i - 1); }, ArrowDown: () => { i = Math.min(n - 1, i + 1); },
    Home: () => { if (e.ctrlKey) i = 0; j = 0; }, End: () => { if (e.ctrlKey) i = n - 1; j = n - 1; },
  };
  if (keys[e.key]) {
    keys[e.key]();
    focusCell(i, j);
    return true;
  }
  if (e.key === 'Enter' || e.key === 'F2' || e.key === ' ') {
    showCell(i, j);
    return true;
  }
  return false;
}
