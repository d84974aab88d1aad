// play.js - the game view: libshelf's game (shelf_game, through
// bridge.js play()), drawn, with the person's clicks and keys passed on.
// The rules (the opponent's replies, a last wheel taken for you, undo to
// your last choice), the review and every sentence are the library's, the
// same as `shelf --interactive` and Python's shelf.Game. The address keeps
// your choices (state.moves, L and R); the game is made again from them.

// MARK: - View: a game against a buyer

// Who plays each side, as the library names its players: the person on
// the side they chose (a buyer's name), the opponent they chose (a
// player's name, fragment.js) on the other.
function players() {
  const person = shelf.names.player[shelf.constants.PLAYER_PERSON];
  const [first, second] = shelf.buyers;
  const { as: you, vs: opponent } = page.state;
  return { first: you === first ? person : opponent, second: you === second ? person : opponent };
}

// The game after `script` (your choices, then U for undo): where it stands
// and each move made. A script the game refuses (an address with more
// choices than the shelf) is cut to the part it takes.
function gameAt(m, script) {
  return memo(m, `play:${page.state.as}:${page.state.vs}:${script}`, () => {
    let g = null;
    for (let k = script.length; g === null; k--) {
      try {
        g = shelf.play(m.weights, players(), script.slice(0, Math.max(k, 0)));
      } catch (err) {
        if (!(err instanceof ShelfError) || k <= 0) throw err;
      }
    }
    const made = g.moves.map((mv) => ({ ...mv, index: mv.wheel }));
    return { ...g, i: g.first, j: g.last, first: g.totals.first, second: g.totals.second, made };
  });
}

// Your choices as the library keeps them: what the address holds.
function opponentReplies() {
  const m = page.model;
  if (!m || page.state.mode !== 'play' || m.n > PLAY_MAX) return;
  page.state.moves = gameAt(m, page.state.moves).choices;
}

function playSkeleton(m) {
  const head = '<h2>Play against a buyer</h2>';
  if (m.n > PLAY_MAX) {
    return head + `<p class="summary">This shelf has ${plural(m.n, 'wheel')}; games are for shelves of up to ${PLAY_MAX}.
      Roll a smaller random shelf to play.</p>`;
  }
  const opt = (v, text, cur) => `<option value="${v}"${v === cur ? ' selected' : ''}>${text}</option>`;
  // The values are the library's names (buyers, players); the words are the page's.
  const sides = shelf.buyers.map((b) => opt(b, `the ${b} buyer`, page.state.as)).join('');
  const [perfect, greedy] = opponents();
  const against = opt(perfect, 'a perfect buyer', page.state.vs) + opt(greedy, 'a greedy buyer (the heavier end)', page.state.vs);
  return head + `<p>Take a wheel from either end: click it, use the buttons, or press the Left and Right arrow keys.
    Your opponent answers at once, and a last wheel is taken for you. A hint shows the lead each end keeps for you: the
    most you can then finish ahead by on the rest of the game. At the end each of your moves is compared with perfect
    play, as <code>shelf --interactive</code> and Python's <code>shelf.Game</code> do it.</p>
    <div class="row">
      <label class="inline" for="play-as">You are <select id="play-as">${sides}</select></label>
      <label class="inline" for="play-vs">against <select id="play-vs">${against}</select></label>
    </div>
    <div class="row" role="group" aria-label="Your move">
      <button type="button" id="take-left">&#x2190; Take left</button>
      <button type="button" id="take-right">Take right &#x2192;</button>
      <button type="button" id="hint">Hint (H)</button>
      <button type="button" id="undo">Undo (U)</button>
      <button type="button" id="restart">Start again</button>
    </div>
    <p class="status" id="play-status" aria-live="polite"></p>
    <p id="hint-text" aria-live="polite"></p>
    <div class="score"><div><span class="label" id="play-margin-label">Your margin so far</span><span class="num" id="play-margin"></span></div>
      <div class="first"><span class="label" id="play-first-label"></span><span class="num" id="play-first"></span></div>
      <div class="second"><span class="label" id="play-second-label"></span><span class="num" id="play-second"></span></div></div>
    <div id="play-shelf"></div>
    <div id="review"></div>`;
}

function playUpdate(m) {
  if (m.n > PLAY_MAX) return;
  const g = gameAt(m, page.state.moves);
  const you = page.state.as;
  const other = shelf.buyers.find((b) => b !== you);
  const yours = g.toMove === you && !g.over;
  const who = (b) => (b === you ? 'you' : `the ${page.state.vs} buyer`);
  const [first, second] = shelf.buyers;
  $('play-first-label').textContent = `First buyer (${who(first)})`;
  $('play-second-label').textContent = `Second buyer (${who(second)})`;
  $('play-first').innerHTML = num(g.first);
  $('play-second').innerHTML = num(g.second);
  $('play-margin').innerHTML = num(g[you] - g[other]);
  // Once the shelf is empty the margin is no longer "so far": it is final.
  $('play-margin-label').textContent = g.over ? 'Your margin' : 'Your margin so far';
  for (const id of ['take-left', 'take-right', 'hint']) $(id).disabled = !yours;
  $('undo').disabled = g.choices === '';
  $('restart').disabled = g.choices === '';
  // What happened since your last choice, in the library's sentences.
  let since = g.made.length;
  while (since > 0 && !(g.made[since - 1].player === 'person' && !g.made[since - 1].forced)) since--;
  const said = g.made.slice(Math.max(since - 1, 0)).map((mv) => `<span class="said">${grouped(mv.said)}</span> `).join('');
  $('play-status').innerHTML = m.n === 0 ? 'The shelf is empty: there is no game.'
    : g.over ? `${said}The shelf is empty.`
      : `${said}Your turn: take the left (${num(m.weights[g.i])}) or the right (${num(m.weights[g.j])}).`;
  $('hint-text').innerHTML = yours && page.hint === page.state.moves && g.hint ? grouped(g.hint) : '';
  $('play-shelf').innerHTML = playShelfHtml(m, g, yours);
  $('review').innerHTML = g.over && m.n > 0 ? reviewHtml(g) : '';
}

function playShelfHtml(m, g, yours) {
  const taken = new Map(g.made.map((mv) => [mv.index, mv]));
  return shelfRow(m, g.i, g.j, (k) => {
    const mv = taken.get(k);
    if (!g.over && (k === g.i || k === g.j)) {
      const end = k === g.i ? 'left' : 'right';
      return `<li>${wheelHtml(m, k, null, 'end', 'button',
        `type="button" data-end="${end}" aria-label="Take the ${end} wheel, ${esc(kilos(m.weights[k]))}"${yours ? '' : ' disabled'}`)}</li>`;
    }
    return wheelHtml(m, k, mv ? { buyer: mv.buyer, turn: mv.turn } : null, mv && mv.turn === g.made.length ? 'just' : '');
  });
}

// The library's review: your moves against perfect play, row for row as
// the terminal prints it, and its summary sentences.
function reviewHtml(g) {
  const [head, ...rest] = g.summary;
  let html = `<h3>Review</h3><p id="review-summary">${grouped(head || '')}</p>
    <div class="table-wrap"><table class="review"><thead><tr><th scope="col">turn</th><th scope="col">end</th>
    <th scope="col">weight</th><th scope="col">lead kept</th><th scope="col">best lead</th><th scope="col">cost</th></tr></thead><tbody>`;
  for (const r of g.review) {
    html += `<tr><td>${r.turn}</td><td>${r.end}</td><td>${num(r.weight)}</td><td>${num(r.kept)}</td><td>${num(r.best)}</td>` +
      `<td${r.cost > 0n ? ' class="costly"' : ''}>${num(r.cost)}</td></tr>`;
  }
  html += '</tbody></table></div>';
  return html + rest.map((s) => `<p class="review-said">${grouped(s)}</p>`).join('');
}

// MARK: - Your moves

function move(end) {
  if (!page.model || page.state.mode !== 'play' || page.model.n > PLAY_MAX) return;
  const g = gameAt(page.model, page.state.moves);
  if (g.over || g.toMove !== page.state.as) return;
  page.state.moves = gameAt(page.model, page.state.moves + (end === 'left' ? 'L' : 'R')).choices;
  page.hint = null;
  commit();
}

// Takes back your last choice and the moves after it (the library's undo).
function undo() {
  if (!page.model || page.state.mode !== 'play') return;
  page.state.moves = gameAt(page.model, `${page.state.moves}U`).choices;
  page.hint = null;
  commit();
}

function newGame() {
  page.state.moves = '';
  page.hint = null;
  opponentReplies();
  commit();
}
