// draw.js - what the views draw alike: wheels, a row of them, the step
// controls (buttons, speed, slider), and the heads of lead tables.

// MARK: - Drawing wheels

function discSize(m) {
  return memo(m, 'disc', () => {
    let max = 0n;
    for (const w of m.weights) if (abs(w) > max) max = abs(w);
    return (w) => {
      const f = max === 0n ? 0 : Math.sqrt(Number(abs(w)) / Number(max));
      // Many wheels get smaller discs, so that 30 fit a wide screen.
      return (m.n > 12 ? 0.7 + 0.9 * f : 1.1 + 3 * f).toFixed(2);
    };
  });
}

// One wheel. taken: { buyer, turn } or null; extra: more classes.
function wheelHtml(m, index, taken, extra = '', tag = 'li', attrs = '') {
  const w = m.weights[index];
  const cls = ['wheel', w < 0n ? 'negative' : w === 0n ? 'zero' : '', taken ? `taken ${taken.buyer}` : '', extra]
    .filter(Boolean).join(' ');
  const who = taken ? `${taken.buyer === 'first' ? '1st' : '2nd'} #${taken.turn}` : '';
  const label = `wheel ${place(index)}, ${kilos(w)}` + (taken ? `, taken by the ${taken.buyer} buyer on turn ${taken.turn}` : '');
  const aria = tag === 'li' ? ` aria-label="${esc(label)}"` : '';
  return `<${tag} class="${cls}"${aria} ${attrs}><span class="disc" style="--d:${discSize(m)(w)}rem" aria-hidden="true"></span>` +
    `<span class="w" aria-hidden="true">${w}</span><span class="who" aria-hidden="true">${who}</span></${tag}>`;
}

// A row of wheels, never wrapped (it scrolls in its own frame), so that
// its left end is always at the left. wheel(k) draws wheel k. Up to
// WHEELS_MAX wheels every wheel is drawn; a longer shelf shows a window of
// WINDOW wheels at each end of the block i..j that remains, with the
// count of those between and of those taken at each side, as the
// terminal game does.
function shelfRow(m, i, j, wheel, label = 'The shelf') {
  // The frame scrolls, so it takes the focus: keys scroll it too.
  let html = `<div class="shelf-frame" tabindex="0" role="group" aria-label="${esc(label)}"><ol class="shelf${m.n > 12 ? ' many' : ''}">`;
  if (m.n <= WHEELS_MAX) {
    for (let k = 0; k < m.n; k++) html += wheel(k);
    return html + '</ol></div>';
  }
  const chip = (text) => `<li class="chip">${text}</li>`;
  const left = i;
  const right = m.n - 1 - j;
  const remaining = Math.max(j - i + 1, 0);
  if (left) html += chip(`${num(left)} taken &#x2190;`);
  if (remaining <= 2 * WINDOW) {
    for (let k = i; k <= j; k++) html += wheel(k);
  } else {
    for (let k = i; k < i + WINDOW; k++) html += wheel(k);
    html += chip(`&#x2026; ${num(remaining - 2 * WINDOW)} wheels between &#x2026;`);
    for (let k = j - WINDOW + 1; k <= j; k++) html += wheel(k);
  }
  if (right) html += chip(`&#x2192; ${num(right)} taken`);
  return html + `</ol></div><p class="note shelf-count">${plural(m.n, 'wheel')}: ${num(left)} taken from the left, ` +
    `${num(remaining)} remain` + (remaining ? ` (wheels ${num(place(i))} to ${num(place(j))})` : '') +
    `, ${num(right)} taken from the right. Up to ${WHEELS_MAX} wheels are drawn one by one.</p>`;
}

// MARK: - The step controls

function stepControls(what, max) {
  return `<div class="row controls" role="group" aria-label="Steps">
    <button type="button" id="step-first-btn" aria-label="First step">&#x00AB; First</button>
    <button type="button" id="step-back" aria-label="Back one step">&#x2039; Back</button>
    <button type="button" id="step-play" aria-pressed="false">&#x25B6; Play</button>
    <button type="button" id="step-forward" aria-label="Forward one step">Forward &#x203A;</button>
    <button type="button" id="step-last" aria-label="Last step">Last &#x00BB;</button>
    <label class="inline" for="speed">Speed <select id="speed">${Object.keys(SPEEDS).map((k) =>
      `<option value="${k}"${k === page.state.speed ? ' selected' : ''}>${k}</option>`).join('')}</select></label>
    <label class="inline" for="step">${what} <span id="step-label"></span></label>
    <input type="range" id="step" min="0" max="${max}" step="1" value="0">
  </div>`;
}

function setStepControls(step, max, label) {
  const slider = $('step');
  slider.max = String(max);
  slider.value = String(step);
  slider.setAttribute('aria-valuetext', label);
  $('step-label').textContent = label;
  $('step-first-btn').disabled = $('step-back').disabled = step === 0;
  $('step-last').disabled = $('step-forward').disabled = step === max;
  const playing = page.timer !== null;
  $('step-play').setAttribute('aria-pressed', String(playing));
  $('step-play').innerHTML = playing ? '&#x2016; Pause' : '&#x25B6; Play';
  $('step-play').disabled = !playing && step === max;
}

// MARK: - Lead tables

// A lead table's head, a column a last wheel, up to the start of its body;
// `corner` names the two axes, label(k) numbers wheel k as the view counts
// wheels (from 1, from 0 as the code does, or as places).
function leadTableHead(weights, n, corner, label) {
  let html = `<thead><tr><th scope="col">${corner}</th>`;
  for (let j = 0; j < n; j++) html += `<th scope="col">${label(j)}<br><span class="wt">(${weights[j]})</span></th>`;
  return html + '</tr></thead><tbody>';
}

// The start of a lead table's row i: the first wheel's header cell.
function leadRowHead(weights, i, label) {
  return `<tr><th scope="row">${label(i)} <span class="wt">(${weights[i]})</span></th>`;
}
