// fragment.js - the page's state in the URL fragment: read on load and on
// hashchange, written with history.replaceState, so a link opens the same view.

// MARK: - The fragment

const MODES = ['line', 'learn', 'play', 'table', 'build', 'greedy', 'reduce'];

// The opponents a person can play, by the library's names for them.
const opponents = () => [shelf.constants.PLAYER_PERFECT, shelf.constants.PLAYER_GREEDY].map((k) => shelf.names.player[k]);

function readFragment() {
  const p = new URLSearchParams(location.hash.replace(/^#/, ''));
  const s = {
    source: { kind: 'text', text: '3, 9, 1, 2' },
    mode: MODES.includes(p.get('mode')) ? p.get('mode') : 'line',
    // An integer however many digits: a step past the end is the end
    // (each view clamps to its own), never Infinity or a fraction.
    step: /^\d+$/.test(p.get('step') || '') ? Math.min(Number(p.get('step')), Number.MAX_SAFE_INTEGER) : null,
    as: shelf.buyers.includes(p.get('as')) ? p.get('as') : shelf.buyers[0],
    vs: opponents().includes(p.get('vs')) ? p.get('vs') : opponents()[0],
    moves: (p.get('moves') || '').toUpperCase().replace(/[^LR]/g, ''),
    speed: Object.hasOwn(SPEEDS, p.get('speed')) ? p.get('speed') : 'normal',
    trace: p.get('trace') === '1',
    // The learner's path (learn.js): the lesson, the code's language and
    // the pitfalls swapped into it.
    lesson: LESSONS.some((l) => l.id === p.get('lesson')) ? p.get('lesson') : 'tree',
    code: p.get('code') === 'c' ? 'c' : 'py',
    pitfall: pitfall.all.filter((k) => (p.get('pitfall') || '').split(',').includes(k)),
  };
  if (p.has('random')) {
    s.source = { kind: 'random', n: p.get('random'), seed: p.get('seed') || '0', range: p.get('range') || '1..10000' };
  } else if (p.has('w')) {
    s.source = { kind: 'text', text: p.get('w') };
  }
  return s;
}

function writeFragment() {
  const parts = [];
  const put = (k, v) => parts.push(`${k}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`);
  const src = page.state.source;
  if (src.kind === 'random') {
    put('random', src.n);
    put('seed', src.seed);
    put('range', src.range);
  } else if (page.model && page.model.n <= FRAGMENT_W_MAX) {
    put('w', page.model.weights.join(','));
  } else if (!page.model && src.text.length <= 8 * FRAGMENT_W_MAX) {
    put('w', src.text); // a shelf with an error: the link shows the same error
  }
  addressNote(src.kind === 'text' && (page.model ? page.model.n > FRAGMENT_W_MAX : src.text.length > 8 * FRAGMENT_W_MAX));
  if (page.state.mode !== 'line') put('mode', page.state.mode);
  const view = VIEWS[page.state.mode];
  if (page.state.step !== null) put('step', page.model && view.step ? view.step(page.model) : page.state.step);
  if (page.state.speed !== 'normal') put('speed', page.state.speed);
  if (page.state.trace && page.state.mode === 'table') put('trace', '1');
  if (page.state.mode === 'learn') {
    put('lesson', page.state.lesson);
    if (page.state.lesson === 'fill' && page.state.code !== 'py') put('code', page.state.code);
    if (page.state.lesson === 'fill' && page.state.pitfall.length) put('pitfall', page.state.pitfall.join(','));
  }
  if (page.state.mode === 'play') {
    put('as', page.state.as);
    put('vs', page.state.vs);
    if (page.state.moves) put('moves', page.state.moves);
  }
  history.replaceState(null, '', `#${parts.join('&')}`);
}

// The address keeps what is shown (README), except a typed shelf too long
// for it: then the page says so below the box, rather than drop it
// without a word.
function addressNote(tooLong) {
  let note = $('address-note');
  if (!tooLong) {
    if (note) note.remove();
    return;
  }
  if (!note) {
    note = document.createElement('p');
    note.id = 'address-note';
    note.className = 'note';
    $('error').before(note);
  }
  note.textContent = `The page's address holds a typed shelf of at most ${FRAGMENT_W_MAX} wheels; ` +
    (page.model ? `this one has ${page.model.n}, ` : 'this text is longer, ') +
    'so a link to this page will not show it. Save the weights as text to keep them.';
}
