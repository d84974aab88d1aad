// events.js - changes the state from clicks, keys and the address, and starts
// the page once the module is ready.

// MARK: - Changing the state

function commit() {
  render();
  writeFragment();
}

function setStep(step) {
  if (!page.model || !VIEWS[page.state.mode].max) return;
  const view = VIEWS[page.state.mode];
  const max = view.max(page.model);
  page.state.step = Math.max(0, Math.min(max, step));
  commit();
}

function currentStep() {
  return page.model && VIEWS[page.state.mode].step ? VIEWS[page.state.mode].step(page.model) : 0;
}

function stopPlaying() {
  if (page.timer !== null) clearInterval(page.timer);
  page.timer = null;
}

function togglePlay() {
  if (!page.model || !VIEWS[page.state.mode].max) return;
  if (page.timer !== null) {
    stopPlaying();
    render();
    return;
  }
  const max = VIEWS[page.state.mode].max(page.model);
  if (currentStep() >= max) return;
  page.timer = setInterval(() => {
    const next = currentStep() + 1;
    if (next >= max) stopPlaying();
    setStep(next);
  }, SPEEDS[page.state.speed]);
  render();
}

// MARK: - Clicks, keys and the address

function solveTyped() {
  page.state.source = { kind: 'text', text: $('shelf-text').value };
  page.state.step = null;
  page.state.moves = '';
  commit();
  if (page.state.mode === 'play') newGame();
}

function roll() {
  let seed = $('random-seed').value.trim();
  if (seed === '') {
    const r = crypto.getRandomValues(new Uint32Array(2));
    seed = String((BigInt(r[0]) << 32n) | BigInt(r[1]));
  }
  page.state.source = { kind: 'random', n: $('random-n').value.trim(), seed, range: $('random-range').value.trim() };
  page.state.step = null;
  page.state.moves = '';
  commit();
  if (page.state.mode === 'play') newGame();
}

function setMode(mode) {
  stopPlaying();
  page.state.mode = mode;
  page.state.step = null;
  page.hint = null;
  if (mode === 'play') opponentReplies();
  commit();
}

function onClick(e) {
  const cell = e.target.closest('#lead-grid td');
  if (cell) {
    focusCell(Number(cell.dataset.first), Number(cell.dataset.last));
    showCell(Number(cell.dataset.first), Number(cell.dataset.last));
    return;
  }
  const t = e.target.closest('button');
  if (!t || t.disabled) return;
  if (t.dataset.mode) {
    setMode(t.dataset.mode);
    // The view chosen comes into sight, its shelf with it: below the box
    // and the answer, it starts near the bottom of a wide screen. The list
    // of views goes to the top, so that the button pressed, which keeps
    // the focus, stays in sight above the view.
    return document.querySelector('nav.modes').scrollIntoView({ block: 'start' });
  }
  if (t.dataset.end) return move(t.dataset.end);
  if (t.dataset.pick) return pickEnd(t);
  if (t.dataset.lesson) return setLesson(t.dataset.lesson);
  if (t.dataset.code) { page.state.code = t.dataset.code; return commit(); }
  if (t.dataset.pitfall) {
    const on = new Set(page.state.pitfall);
    if (on.has(t.dataset.pitfall)) on.delete(t.dataset.pitfall); else on.add(t.dataset.pitfall);
    page.state.pitfall = pitfall.all.filter((k) => on.has(k));
    page.state.step = null;
    return commit();
  }
  const actions = {
    solve: solveTyped,
    roll,
    'step-first-btn': () => { stopPlaying(); setStep(0); },
    'step-back': () => { stopPlaying(); setStep(currentStep() - 1); },
    'step-play': togglePlay,
    'step-forward': () => { stopPlaying(); setStep(currentStep() + 1); },
    'step-last': () => { stopPlaying(); setStep(Infinity); },
    'take-left': () => move('left'),
    'take-right': () => move('right'),
    hint: () => { page.hint = page.state.moves; render(); },
    undo,
    restart: newGame,
    trace: () => { page.state.trace = !page.state.trace; commit(); },
    'ex-next': () => exerciseNext(false),
    'ex-reveal': () => exerciseNext(true),
    'ex-new': exerciseNew,
    'ex-pick': () => { const ex = exerciseFor(page.model); ex.pick = !ex.pick; page.drawn = null; commit(); },
    'roll-greedy': rollGreedyLoses,
    counted: readCounted,
    'lesson-back': () => setLesson(LESSONS[Math.max(0, lessonOf() - 1)].id),
    'lesson-next': () => setLesson(LESSONS[Math.min(LESSONS.length - 1, lessonOf() + 1)].id),
    'show-answer': () => { page.revealed = `${page.modelKey}|${page.state.mode}`; render(); },
  };
  if (actions[t.id]) actions[t.id]();
}

function onKey(e) {
  if (e.target.closest && e.target.closest('#lead-grid') && onGridKey(e)) {
    e.preventDefault();
    return;
  }
  if (e.key === 'Enter' && e.target.dataset && e.target.dataset.cell !== undefined) {
    e.preventDefault();
    checkCell(e.target);
    return;
  }
  if (e.ctrlKey || e.altKey || e.metaKey) return;
  const tag = e.target.tagName;
  if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return;
  if (!page.model) return;
  let act = null;
  if (page.state.mode === 'play') {
    act = { ArrowLeft: () => move('left'), ArrowRight: () => move('right'), h: () => $('hint').click(), '?': () => $('hint').click(), u: undo }[e.key];
  } else if (VIEWS[page.state.mode].max) {
    act = {
      ArrowLeft: () => { stopPlaying(); setStep(currentStep() - 1); },
      ArrowRight: () => { stopPlaying(); setStep(currentStep() + 1); },
      Home: () => { stopPlaying(); setStep(0); },
      End: () => { stopPlaying(); setStep(Infinity); },
      p: togglePlay,
    }[e.key];
  }
  if (act) {
    e.preventDefault();
    act();
  }
}

function onChange(e) {
  const id = e.target.id;
  if (id === 'step') {
    stopPlaying();
    setStep(Number(e.target.value));
  } else if (id === 'speed') {
    page.state.speed = e.target.value;
    if (page.timer !== null) { stopPlaying(); togglePlay(); } else commit();
  } else if (id === 'play-as' || id === 'play-vs') {
    page.state[id === 'play-as' ? 'as' : 'vs'] = e.target.value;
    newGame();
  }
}

function onHashChange() {
  stopPlaying();
  page.state = readFragment();
  render(); // builds the shelf's model, which the opponent needs
  opponentReplies();
  commit();
}

// The count note's offer: read the text again with its first number as
// the count (SHELF_PARSE_COUNTED), as the command's --counted does.
function readCounted() {
  const text = page.state.source.kind === 'text' ? page.state.source.text : '';
  try {
    const w = shelf.parse(text, true);
    page.state.source = { kind: 'text', text: Array.from(w).join(', ') };
    $('shelf-text').value = page.state.source.text;
    page.state.step = null;
    commit();
  } catch (err) {
    if (!(err instanceof ShelfError)) throw err;
    showError(err, text);
  }
}

// MARK: - Start

function start(bridge) {
  shelf = bridge;
  WHEELS_MAX = shelf.constants.SVG_WHEELS_MAX;
  TABLE_MAX = shelf.constants.SVG_LEAD_MAX;
  GREEDY_MAX = shelf.constants.GREEDY_LINE_MAX;
  // One palette for the page and the pictures: shelf.h's SHELF_COLOUR_*.
  for (const [name, value] of Object.entries(shelf.palette)) document.documentElement.style.setProperty(`--${name}`, value);
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKey);
  document.addEventListener('input', (e) => { if (e.target.id === 'step') onChange(e); });
  document.addEventListener('change', onChange);
  $('shelf-text').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) solveTyped();
  });
  // Solve as the person types, once they pause; a huge paste waits for
  // the button.
  let typing = null;
  $('shelf-text').addEventListener('input', (e) => {
    clearTimeout(typing);
    if (e.target.value.length <= TYPE_SOLVE_MAX) typing = setTimeout(solveTyped, 400);
  });
  window.addEventListener('hashchange', onHashChange);
  onHashChange();
  document.body.dataset.ready = 'true';
}

createShelf(window.ShelfModule).then(start, (err) => {
  $('error').textContent = `The solver did not load: ${err && err.message ? err.message : err}`;
});
