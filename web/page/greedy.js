// greedy.js - the view of a greedy first buyer beside perfect play.

// MARK: - View: greedy beside perfect

function greedyLines(m) {
  return memo(m, 'greedy', () => {
    const greedy = shelf.greedyLine(m.weights, true);
    let part = -1;
    for (let t = 0; t < m.n; t++) if (greedy[t] !== m.line[t]) { part = t; break; }
    return { greedy, part };
  });
}

function greedySkeleton(m) {
  const head = `<h2>Greedy beside perfect</h2>
    <p>Two games on the same shelf, stepping together. Above: a greedy first buyer, who always takes the heavier end,
    against a perfect second buyer, the one you play in the game (it takes perfect play's move on the wheels that
    remain). Below: both buyers perfect. The turn where the two games part is marked, with what the greedy move
    costs.</p>
    <div class="row"><button type="button" id="roll-greedy">Roll a shelf where greedy loses</button></div>`;
  if (m.n > GREEDY_MAX) {
    return head + `<p class="summary">This shelf has ${plural(m.n, 'wheel')}; a greedy first buyer against a perfect
      second is played up to ${num(GREEDY_MAX)} wheels.</p>`;
  }
  return head + stepControls('Turn', m.n) + `<p class="status" id="step-status" aria-live="polite"></p>
    <div class="pair">
      <section aria-labelledby="h-greedy"><h3 id="h-greedy">Greedy first buyer, perfect second</h3>
        <p class="running">First <b id="g-first"></b>, second <b id="g-second"></b>, margin <b id="g-margin"></b></p>
        <p class="keeps" id="g-keeps"></p><div id="g-shelf"></div></section>
      <section aria-labelledby="h-perfect"><h3 id="h-perfect">Both perfect</h3>
        <p class="running">First <b id="p-first"></b>, second <b id="p-second"></b>, margin <b id="p-margin"></b></p>
        <p class="keeps" id="p-keeps"></p><div id="p-shelf"></div></section>
    </div>
    <p id="part" class="part"></p>`;
}

function greedyUpdate(m) {
  if (m.n > GREEDY_MAX) return;
  const step = lineStep(m);
  setStepControls(step, m.n, `${step} of ${m.n}`);
  const { greedy, part } = greedyLines(m);
  const own = { g: m.n <= WHEELS_MAX ? owners(m, greedy, 'greedy') : null, p: m.n <= WHEELS_MAX ? lineOwners(m) : null };
  for (const [id, ends] of [['g', greedy], ['p', m.line]]) {
    const at = replay(m, ends, step);
    $(`${id}-first`).innerHTML = num(at.first);
    $(`${id}-second`).innerHTML = num(at.second);
    $(`${id}-margin`).innerHTML = num(at.first - at.second);
    const mover = step < m.n ? `Turn ${step + 1}, the ${buyerOf(step + 1)} buyer to move. ` : 'The shelf is empty. ';
    say($(`${id}-keeps`), mover + keepsText(m, at.i, at.j));
    $(`${id}-shelf`).innerHTML = shelfRow(m, at.i, at.j, (k) => {
      const t = own[id] ? own[id][k] : 0;
      const taken = own[id] && t <= step ? { buyer: buyerOf(t), turn: t } : null;
      return wheelHtml(m, k, taken, (own[id] && t === step ? 'just ' : '') + (part >= 0 && t === part + 1 && t <= step ? 'parted' : ''));
    }, id === 'g' ? 'The greedy game' : 'The perfect game');
  }
  const e = m.explain;
  let text;
  if (part < 0) {
    text = 'Here greedy play is perfect play: the two games never part.';
  } else {
    const at = replay(m, m.line, part);
    const c = shelf.bestMove(m.weights, at.i, at.j);
    const took = greedy[part] === 0 ? 'left' : 'right';
    const kept = took === 'left' ? c.left : c.right;
    const who = buyerOf(part + 1);
    text = `They part at turn ${part + 1}: the ${who} buyer takes the ${took} end` +
      (who === 'first' ? ' (the heavier)' : '') + ` where perfect play takes the ${took === 'left' ? 'right' : 'left'}; ` +
      (c.lead === kept ? 'both ends keep the same lead there.' : `that keeps a lead of ${kept} instead of ${c.lead}: it costs ${kilos(c.lead - kept)} of lead.`) +
      (step > part ? '' : ' (Step on to see it.)');
  }
  if (e.greedyVsPerfect !== null) {
    // The perfect second buyer keeps its lead, so what the margin falls
    // short by is lead the greedy first buyer lost on its own turns.
    const lost = m.result.margin - e.greedyVsPerfect;
    text += ` In the end: greedy first finishes with a margin of ${e.greedyVsPerfect}, perfect play ${m.result.margin}` +
      (lost > 0n ? `: greedy loses ${kilos(lost)} of lead.` : ': greedy loses no lead here.');
  }
  say($('part'), text);
  say($('step-status'), step === 0 ? 'Both games at the full shelf.' : `After turn ${step} of ${m.n}.`);
}

// Rolls small shelves until one where a greedy first buyer loses lead
// against the perfect second buyer (greedy's margin below perfect play's),
// as `shelf --trap` makes them.
function rollGreedyLoses() {
  for (let tries = 0; tries < 1000; tries++) {
    const r = crypto.getRandomValues(new Uint32Array(2));
    const n = 4 + 2 * (r[0] % 3);
    const w = shelf.random(n, BigInt(r[1]), 1n, 20n);
    const e = shelf.explain(w, 0);
    if (e.greedyVsPerfect !== null && e.margin - e.greedyVsPerfect >= 1n) {
      page.state.source = { kind: 'random', n: String(n), seed: String(r[1]), range: '1..20' };
      page.state.step = null;
      return commit();
    }
  }
}
