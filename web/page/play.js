// play.js - the game view: a game against a buyer, its moves, undo and review.

// MARK: - View: a game against a buyer

// The game after `moves` (L and R), replayed by the library: the block
// i..j left, both totals, and each move made with the block it was made
// on. Moves past the end of the shelf are ignored.
function gameAt(m, moves) {
  const count = Math.min(moves.length, m.n);
  const g = shelf.game(m.weights, moves, count, count);
  let i = 0;
  let j = m.n - 1;
  const made = g.moves.map((mv) => {
    const block = [i, j];
    if (mv.end === 'left') i++; else j--;
    return { ...mv, index: mv.wheel, block };
  });
  const toMove = made.length < m.n ? buyerOf(made.length + 1) : null;
  return { i: g.first, j: g.last, first: g.totals.first, second: g.totals.second, made, toMove, over: toMove === null };
}

// The opponent's moves, appended while it is the opponent's turn.
function opponentReplies() {
  const m = model;
  if (!m || state.mode !== 'play' || m.n > PLAY_MAX) return;
  for (;;) {
    const g = gameAt(m, state.moves);
    if (g.over || g.toMove === state.as) return;
    const end = state.vs === 'greedy' ? shelf.greedyEnd(m.weights, g.i, g.j) : shelf.bestMove(m.weights, g.i, g.j).best;
    state.moves += end === 'left' ? 'L' : 'R';
  }
}

function playSkeleton(m) {
  const head = '<h2>Play against a buyer</h2>';
  if (m.n > PLAY_MAX) {
    return head + `<p class="summary">This shelf has ${plural(m.n, 'wheel')}; games are for shelves of up to ${PLAY_MAX}.
      Roll a smaller random shelf to play.</p>`;
  }
  const opt = (v, text, cur) => `<option value="${v}"${v === cur ? ' selected' : ''}>${text}</option>`;
  return head + `<p>Take a wheel from either end: click it, use the buttons, or press the Left and Right arrow keys.
    Your opponent answers at once. A hint shows the lead each end keeps for you: the most you can then finish ahead by
    on the rest of the game. At the end every move is compared with perfect play.</p>
    <div class="row">
      <label class="inline" for="play-as">You are ${'<select id="play-as">' + opt('first', 'the first buyer', state.as) + opt('second', 'the second buyer', state.as) + '</select>'}</label>
      <label class="inline" for="play-vs">against ${'<select id="play-vs">' + opt('perfect', 'a perfect buyer', state.vs) + opt('greedy', 'a greedy buyer (the heavier end)', state.vs) + '</select>'}</label>
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
    <div class="score"><div><span class="label">Your margin so far</span><span class="num" id="play-margin"></span></div>
      <div class="first"><span class="label" id="play-first-label"></span><span class="num" id="play-first"></span></div>
      <div class="second"><span class="label" id="play-second-label"></span><span class="num" id="play-second"></span></div></div>
    <div id="play-shelf"></div>
    <div id="review"></div>`;
}

function playUpdate(m) {
  if (m.n > PLAY_MAX) return;
  const g = gameAt(m, state.moves);
  const you = state.as;
  const other = you === 'first' ? 'second' : 'first';
  const yours = g.toMove === you && !g.over;
  const who = (b) => (b === you ? 'you' : `the ${state.vs} buyer`);
  $('play-first-label').textContent = `First buyer (${who('first')})`;
  $('play-second-label').textContent = `Second buyer (${who('second')})`;
  $('play-first').innerHTML = num(g.first);
  $('play-second').innerHTML = num(g.second);
  $('play-margin').innerHTML = num(g[you] - g[other]);
  for (const id of ['take-left', 'take-right', 'hint']) $(id).disabled = !yours;
  $('undo').disabled = !g.made.some((mv) => mv.buyer === you);
  $('restart').disabled = state.moves === '';
  const last = g.made[g.made.length - 1];
  const lastText = last ? `Turn ${last.turn}: ${who(last.buyer)} took the ${last.end} end (${kilos(last.weight)}). ` : '';
  $('play-status').textContent = m.n === 0 ? 'The shelf is empty: there is no game.'
    : g.over ? `${lastText}The shelf is empty: first ${g.first}, second ${g.second}.`
      : `${lastText}Your turn: take the left (${m.weights[g.i]}) or the right (${m.weights[g.j]}).`;
  $('hint-text').textContent = yours && hint === state.moves ? hintText(m, g) : '';
  $('play-shelf').innerHTML = playShelfHtml(m, g, yours);
  $('review').innerHTML = g.over && m.n > 0 ? reviewHtml(m, g) : '';
}

function hintText(m, g) {
  const c = shelf.bestMove(m.weights, g.i, g.j);
  const best = c.left === c.right ? 'Both ends keep the same lead.' : `Perfect play takes the ${c.left > c.right ? 'left' : 'right'}.`;
  return `Hint: taking the left (${m.weights[g.i]}) keeps a lead of ${c.left}; taking the right (${m.weights[g.j]}) keeps ${c.right}. ${best}`;
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

// Every move against perfect play: the lead it kept and the block's lead.
function reviewHtml(m, g) {
  const you = state.as;
  const rows = memo(m, `review:${state.moves}`, () => g.made.map((mv) => {
    const c = shelf.bestMove(m.weights, mv.block[0], mv.block[1]);
    const kept = mv.end === 'left' ? c.left : c.right;
    return { ...mv, kept, lead: c.lead, cost: c.lead - kept };
  }));
  const yourMargin = g[you] - g[you === 'first' ? 'second' : 'first'];
  const perfect = you === 'first' ? m.result.margin : -m.result.margin;
  const yourCost = rows.filter((r) => r.buyer === you).reduce((s, r) => s + r.cost, 0n);
  let html = `<h3>Review</h3><p id="review-summary">You finished ${shelf.standing(yourMargin)} (a margin of ${yourMargin}, your
    kilos minus your opponent's); perfect play by both leaves you ${shelf.standing(perfect)}. ` + (yourCost === 0n ? 'Every move of yours kept the lead: perfect play.'
    : `Your moves gave away ${kilos(yourCost)} of lead in all; the costly ones are marked.`) + `</p>
    <div class="table-wrap"><table class="review"><thead><tr><th scope="col">turn</th><th scope="col">buyer</th><th scope="col">end</th>
    <th scope="col">weight</th><th scope="col">lead kept</th><th scope="col">best lead</th><th scope="col">cost</th></tr></thead><tbody>`;
  for (const r of rows) {
    html += `<tr><td>${r.turn}</td><td><span class="tag ${r.buyer}">${r.buyer === 'first' ? '1st' : '2nd'}</span> ${r.buyer === you ? 'you' : state.vs}</td><td>${r.end}</td>` +
      `<td>${r.weight}</td><td>${r.kept}</td><td>${r.lead}</td><td${r.cost > 0n ? ' class="costly"' : ''}>${r.cost > 0n ? `${r.cost} lost` : '0'}</td></tr>`;
  }
  return html + '</tbody></table></div>';
}

// MARK: - Your moves

function move(end) {
  if (!model || state.mode !== 'play' || model.n > PLAY_MAX) return;
  const g = gameAt(model, state.moves);
  if (g.over || g.toMove !== state.as) return;
  state.moves += end === 'left' ? 'L' : 'R';
  hint = null;
  opponentReplies();
  commit();
}

// Takes back your last move and the opponent's replies after it.
function undo() {
  if (!model || state.mode !== 'play') return;
  const g = gameAt(model, state.moves);
  let k = g.made.length - 1;
  while (k >= 0 && g.made[k].buyer !== state.as) k--;
  if (k < 0) return;
  state.moves = state.moves.slice(0, k);
  hint = null;
  commit();
}

function newGame() {
  state.moves = '';
  hint = null;
  opponentReplies();
  commit();
}
