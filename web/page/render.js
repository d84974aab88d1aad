// render.js - draws the page from the state: the answer, the shelf strip (for
// a view without a shelf of its own), the view chosen and the greedy trap, or the error of a shelf that does not parse.

// MARK: - The greedy trap

// The explanation in the library's words (src/teach/words.c), as the command's
// --explain prints it; the summary above gives its first sentence,
// perfect play's.
function trapHtml(m) {
  if (m.later) {
    return `<p class="note" id="trap-pending">Working out greedy against perfect play
      (libshelf does it up to ${num(shelf.constants.EXPLAIN_MAX)} wheels)...</p>`;
  }
  const rest = m.explain.sentences.slice(1);
  return '<ul class="trap">' + rest.map((text) => `<li class="sentence">${grouped(text)}</li>`).join('') + '</ul>';
}

// MARK: - Drawing the page

const VIEWS = {
  line: { skeleton: lineSkeleton, update: lineUpdate, max: (m) => m.n, step: lineStep },
  learn: { skeleton: learnSkeleton, update: learnUpdate, max: learnMax, step: learnStep },
  table: { skeleton: tableSkeleton, update: tableUpdate, max: (m) => (m.n > TABLE_MAX ? 0 : tableCells(m).length), step: tableStep },
  play: { skeleton: playSkeleton, update: playUpdate },
  build: { skeleton: buildSkeleton, update: buildUpdate },
  greedy: { skeleton: greedySkeleton, update: greedyUpdate, max: (m) => (m.n > GREEDY_MAX ? 0 : m.n), step: lineStep },
  reduce: { skeleton: reduceSkeleton, update: reduceUpdate, max: (m) => (m.n > WHEELS_MAX ? 0 : reduction(m).steps.length), step: (m) => (page.state.step === null ? 0 : Math.min(page.state.step, VIEWS.reduce.max(m))) },
};

function showError(err, text) {
  const box = $('error');
  box.textContent = '';
  const msg = document.createElement('p');
  msg.id = 'error-message';
  msg.textContent = err instanceof ShelfError || err instanceof Error ? err.message : String(err);
  box.appendChild(msg);
  if (err instanceof ShelfError && err.line !== null && typeof text === 'string') {
    // The offending line, with the place marked.
    const lines = text.split('\n');
    // A byte-order mark opening the text takes no column (shelf.h), so
    // it is not part of the line the column counts in.
    const line = (lines[err.line - 1] || '').replace(/\r$/, '').replace(err.line === 1 ? /^\uFEFF/ : /(?!)/, '');
    const bytes = new TextEncoder().encode(line);
    const col = err.column - 1;
    // Mark the text found there, or one character where `found` is an
    // escape such as U+2212 or \xFF.
    const found = new TextEncoder().encode(err.found || '');
    const literal = found.length > 0 && found.every((b, k) => bytes[col + k] === b);
    const lead = bytes[col];
    const len = literal ? found.length : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    const dec = new TextDecoder('utf-8', { ignoreBOM: true }); // a mark is text to count, not to drop
    const pre = document.createElement('pre');
    pre.id = 'error-place';
    pre.setAttribute('aria-label', `line ${err.line}, column ${err.column}`);
    pre.append(dec.decode(bytes.slice(Math.max(0, col - 60), col)));
    const mark = document.createElement('mark');
    mark.textContent = dec.decode(bytes.slice(col, col + len)) || ' ';
    pre.append(mark, dec.decode(bytes.slice(col + len, col + len + 60)));
    box.appendChild(pre);
    // Select the place in the box too (without taking the focus), so
    // that clicking into it lands there.
    const area = $('shelf-text');
    if (area.value === text) {
      const start = dec.decode(new TextEncoder().encode(text).slice(0, err.offset)).length;
      area.setSelectionRange(start, start + dec.decode(bytes.slice(col, col + len)).length);
    }
  }
  $('shelf-text').setAttribute('aria-invalid', 'true');
}

function render() {
  const src = page.state.source;
  const key = JSON.stringify(src);
  if (key !== page.modelKey) {
    page.modelKey = key;
    page.model = null;
    page.drawn = null;
    page.hint = null;
    stopPlaying();
    try {
      page.model = buildModel(src);
      $('error').textContent = '';
      $('shelf-text').removeAttribute('aria-invalid');
    } catch (err) {
      if (!(err instanceof ShelfError) && !/^random shelf/.test(err.message)) throw err;
      showError(err, src.kind === 'text' ? src.text : null);
    }
    syncInputs();
  }
  for (const b of document.querySelectorAll('nav.modes button')) {
    b.setAttribute('aria-pressed', String(b.dataset.mode === page.state.mode));
  }
  const m = page.model;
  if (!m) {
    for (const id of ['margin', 'first', 'second']) {
      $(id).textContent = '-';
      $(id).classList.remove('long');
    }
    $('summary').textContent = 'Fix the shelf above to see its game.';
    $('notes').innerHTML = '';
    $('shelf-strip').innerHTML = '';
    $('view').innerHTML = '';
    $('trap').innerHTML = '';
    $('trap-section').hidden = true;
    $('score').hidden = false;
    $('spoiler-note').hidden = true;
    return;
  }
  $('trap-section').hidden = false;
  $('notes').innerHTML = m.notes.map((note) => `<p class="input-note" data-kind="${note.kind}">Note: line ${note.line}: ${esc(note.text)}.` +
    (note.kind === 'count' ? ' <button type="button" id="counted">Read the first number as the count</button>' : '') + '</p>').join('');
  for (const id of ['margin', 'first', 'second']) {
    $(id).innerHTML = num(m.result[id]);
    $(id).classList.toggle('long', $(id).textContent.length > 8); // keeps 128-bit totals on a few lines
  }
  const origin = src.kind === 'random' ? `A random shelf (shelf --random ${src.n} --seed ${src.seed} --range ${src.range}): ` : '';
  const perfect = document.createElement('span');
  perfect.className = 'sentence';
  perfect.innerHTML = grouped(m.explain.sentences[0]);
  $('summary').innerHTML = `${esc(origin)}${plural(m.n, 'wheel')}, ${num(m.sum)} ${shelf.kilosWord(m.sum)} in all. `;
  $('summary').append(perfect);
  // Its wheels are numbered as the view counts them (place()).
  $('shelf-strip').innerHTML = memo(m, `strip:${place(0)}`, () => shelfRow(m, 0, m.n - 1, (k) => wheelHtml(m, k, null), 'The shelf, left to right'));
  const view = VIEWS[page.state.mode];
  const skeletonKey = `${page.modelKey}|${page.state.mode}|${page.state.as}|${page.state.vs}|${page.state.speed}|${page.state.lesson}|${page.state.code}|${page.state.pitfall}`;
  if (page.drawn !== skeletonKey) {
    $('view').innerHTML = view.skeleton(m);
    $('trap').innerHTML = trapHtml(m);
    page.drawn = skeletonKey;
  }
  view.update(m);
  // The strip is the shelf of a view that draws none: a view with a shelf
  // of its own shows that one alone, so that its wheels are not pushed
  // below the first screen under a second, static shelf.
  $('shelf-strip').hidden = $('view').querySelector('ol.shelf:not(.stack)') !== null;
  hideSpoilers(m);
  explainLater(m);
}

// While you play a game or build the table, nothing on the page gives the
// answer away (issue 29): the margin card, perfect play's sentence and the
// greedy trap wait until the game is over or the table complete, or until
// you press "Show the answer" (for this shelf and view).
function hideSpoilers(m) {
  const total = (m.n * (m.n + 1)) / 2;
  const busy = (page.state.mode === 'play' && m.n > 0 && m.n <= PLAY_MAX && !gameAt(m, page.state.moves).over) ||
    (page.state.mode === 'build' && m.n > 0 && m.n <= EXERCISE_MAX && exerciseFor(m).done.size < total);
  const hide = busy && page.revealed !== `${page.modelKey}|${page.state.mode}`;
  $('score').hidden = hide;
  for (const s of $('summary').querySelectorAll('.sentence')) s.hidden = hide;
  $('trap-section').hidden = hide;
  $('spoiler-note').hidden = !hide;
}

function explainLater(m) {
  if (!m.later || m.pending) return;
  m.pending = true;
  setTimeout(() => {
    if (page.model !== m) return;
    m.explain = shelf.explain(m.weights, 0);
    m.later = m.pending = false;
    $('trap').innerHTML = trapHtml(m);
    if (page.state.mode === 'greedy') VIEWS.greedy.update(m);
  }, 50);
}

// The inputs show the shelf the fragment names.
function syncInputs() {
  const src = page.state.source;
  const text = $('shelf-text');
  if (src.kind === 'text') {
    if (text.value !== src.text && !sameShelf(text.value)) text.value = src.text;
  } else {
    $('random-n').value = src.n;
    $('random-seed').value = src.seed;
    $('random-range').value = src.range;
    text.value = page.model && page.model.n <= FRAGMENT_W_MAX ? `[${page.model.weights.join(', ')}]` : '';
    text.placeholder = page.model ? `(a random shelf of ${page.model.n} wheels)` : '';
  }
}

// True if the text already in the box is the shelf shown (the fragment
// writes it normalised, as 3,9,1,2, and the box keeps what was typed).
function sameShelf(text) {
  if (!page.model) return false;
  try {
    const w = shelf.parse(text);
    return w.length === page.model.n && w.every((v, k) => v === page.model.weights[k]);
  } catch {
    return false;
  }
}
