// line.js - the view of the line of perfect play, turn by turn.

// MARK: - View: the line of perfect play

function lineSkeleton(m) {
  return `<h2>Watch perfect play</h2>
    <p>Both buyers play perfectly. Step through the game: the shelf shrinks, each buyer's total grows, and the
    wheel just taken is outlined. Under each wheel: the buyer who took it (1st or 2nd) and the turn.</p>
    ${stepControls('Turn', m.n)}
    <p class="status" id="step-status" aria-live="polite"></p>
    <p class="running">So far: <span class="tag first">first buyer</span> <b id="step-first"></b> kilos,
      <span class="tag second">second buyer</span> <b id="step-second"></b> kilos, margin <b id="step-margin"></b>.</p>
    <p id="line-keeps" class="keeps"></p>
    <div id="line-shelf"></div>`;
}

// What each end keeps for the buyer to move on block i..j: the lead
// after taking it, from the library's best move.
function keepsText(m, i, j) {
  if (i > j) return '';
  const c = shelf.bestMove(m.weights, i, j);
  const best = c.left === c.right ? 'both ends keep the same lead' : `perfect play takes the ${c.best}`;
  return `Taking the left (${m.weights[i]}) keeps a lead of ${c.left}; taking the right (${m.weights[j]}) keeps ${c.right}; ${best}.`;
}

function lineStep(m) {
  return page.state.step === null ? 0 : Math.min(page.state.step, m.n);
}

function lineUpdate(m) {
  const step = lineStep(m);
  const at = lineAt(m, step);
  setStepControls(step, m.n, `${step} of ${m.n}`);
  say($('step-status'), m.n === 0 ? 'The shelf is empty: nothing to take.'
    : at.last === null ? `The full shelf, before turn 1. The first buyer moves first.`
      : `Turn ${at.last.turn} of ${m.n}: the ${at.last.buyer} buyer takes the ${at.last.end} end ` +
      `(wheel ${at.last.index + 1}, ${kilos(at.last.weight)}).` + (step === m.n ? ' The shelf is empty: final totals.' : ''));
  $('step-margin').innerHTML = num(at.first - at.second);
  $('step-first').innerHTML = num(at.first);
  $('step-second').innerHTML = num(at.second);
  say($('line-keeps'), step < m.n ? `Turn ${step + 1}, the ${buyerOf(step + 1)} buyer to move. ${keepsText(m, at.i, at.j)}` : '');
  const own = m.n <= WHEELS_MAX ? lineOwners(m) : null;
  $('line-shelf').innerHTML = shelfRow(m, at.i, at.j, (k) => {
    const t = own ? own[k] : 0;
    const taken = own && t <= step ? { buyer: buyerOf(t), turn: t } : null;
    return wheelHtml(m, k, taken, own && t === step ? 'just' : '');
  });
}
