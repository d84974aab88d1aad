// reduce.js - the view of the linear engine's reduction, step by step.

// MARK: - View: how shelf does it in linear time

function reduceSkeleton(m) {
  const head = `<h2>How shelf does it in linear time</h2>
    <p>The linear engine never fills the table. Wheels arrive one by one onto a stack. A <em>peak</em>, a value at
    least as large as both its neighbours, merges with them: <code>a, b, c</code> become <code>a - b + c</code>, the
    lead of those wheels for whoever opens them. What is left has no peak: a valley, whose larger end is always a best
    take, so both buyers take it, from both ends. The margin is checked against the DP's on the same shelf.</p>`;
  if (m.n > WHEELS_MAX) {
    return head + `<p class="summary">This shelf has ${plural(m.n, 'wheel')}; the reduction is shown step by step up to
      ${WHEELS_MAX} wheels.</p>`;
  }
  return head + stepControls('Step', reduction(m).steps.length) + `<p class="status" id="step-status" aria-live="polite"></p>
    <div id="r-shelf"></div><h3>The stack</h3><div class="shelf-frame" tabindex="0" role="group" aria-label="The stack"><ol class="shelf stack" id="r-stack"></ol></div>
    <div id="r-why"></div>
    <p id="r-check" class="part"></p>`;
}

function reduction(m) {
  return memo(m, 'reduction', () => shelf.reduction(m.weights));
}

function reduceUpdate(m) {
  if (m.n > WHEELS_MAX) return;
  const { steps, margin } = reduction(m);
  const step = page.state.step === null ? 0 : Math.min(page.state.step, steps.length);
  setStepControls(step, steps.length, `${step} of ${steps.length}`);
  // The stack as the recorded steps leave it (the values come from C).
  let stack = [];
  let taken = [];
  for (const st of steps.slice(0, step)) {
    if (st.kind === 'push') stack.push({ lo: st.wheel, hi: st.wheel, value: st.value });
    else if (st.kind === 'merge') stack.splice(stack.length - 3, 3, { lo: st.lo, hi: st.hi, value: st.value, merged: true });
    else taken.push(st);
  }
  const takenLo = new Map(taken.map((t) => [t.lo, t]));
  const group = (g) => (g.lo === g.hi ? `wheel ${place(g.lo)}` : `wheels ${place(g.lo)} to ${place(g.hi)}`);
  $('r-stack').innerHTML = stack.map((g) => {
    const t = takenLo.get(g.lo);
    return `<li class="entry${g.merged ? ' merged' : ''}${t ? ` taken ${t.buyer}` : ''}" aria-label="${esc(`${g.value}, ${group(g)}` + (t ? `, taken by the ${t.buyer} buyer` : ''))}">` +
      `<span class="w">${num(g.value)}</span><span class="who">${g.lo === g.hi ? place(g.lo) : `${place(g.lo)}-${place(g.hi)}`}${t ? ` ${t.buyer === 'first' ? '1st' : '2nd'}` : ''}</span></li>`;
  }).join('') || '<li class="chip">empty</li>';
  const cur = step > 0 ? steps[step - 1] : null;
  $('r-shelf').innerHTML = shelfRow(m, 0, m.n - 1, (k) => wheelHtml(m, k, null,
    cur && (cur.kind === 'push' ? k === cur.wheel : k >= cur.lo && k <= cur.hi) ? 'in-block' : ''));
  let text = 'The stack is empty. Step forward: the first wheel arrives.';
  if (cur && cur.kind === 'push') text = `Wheel ${place(cur.wheel)} arrives: ${cur.value} is pushed.`;
  if (cur && cur.kind === 'merge') {
    text = `${cur.b} is a peak between ${cur.a} and ${cur.c} (${cur.b} >= ${cur.a} and ${cur.b} >= ${cur.c}): the three merge into ` +
      `${cur.a} - ${cur.b} + ${cur.c} = ${cur.value}, the lead of ${group(cur)} for whoever opens them.`;
  }
  if (cur && cur.kind === 'take') {
    text = `The valley: the ${cur.buyer} buyer takes the larger end, ${cur.value} (${group(cur)}); the margin so far is ${cur.margin}.`;
  }
  say($('step-status'), text);
  $('r-why').innerHTML = peakWhy(steps.slice(0, step).filter((st) => st.kind === 'merge').pop(), steps.some((st) => st.kind === 'merge'));
  const dp = memo(m, 'dp', () => shelf.solve(m.weights, 'dp').margin);
  $('r-check').innerHTML = step === steps.length
    ? `The valley gives a margin of <b id="r-margin">${margin}</b>; the interval DP gives <b id="r-dp">${dp}</b>: ${margin === dp ? 'the same.' : 'they differ!'}`
    : `When every step is done, the valley's margin is checked against the DP's (<span id="r-dp">${dp}</span>).`;
}

// Why a peak's three values become a - b + c, on the last merge made so
// far (docs/algorithm.md, "Why the linear method is right"): played alone,
// whoever opens the three takes an end, the other buyer takes b, the
// largest, and the opener gets the third; either end nets a - b + c.
// Inside a longer shelf the moves may differ, but the lead does not
// (Facts 4 and 5 there), so the three play as one wheel of that weight.
function peakWhy(st, any) {
  if (!st) {
    return any ? '<p class="note" id="r-why-wait">Step on to the first peak: why its three values become a - b + c is shown here.</p>'
      : '<p class="note" id="r-why-none">This shelf never has a peak: it is a valley from the start, so nothing merges.</p>';
  }
  const { a, b, c, value } = st;
  const v = (x) => num(x);
  const d = (x, y, z) => `${v(x)} &#x2212; ${v(y)} + ${v(z)}`.replace(/\+ -/g, '&#x2212; ').replace(/&#x2212; -/g, '+ ');
  return `<div class="part" id="r-why-peak"><h3>Why ${v(a)}, ${v(b)}, ${v(c)} become ${v(value)}</h3>
    <p>${v(b)} is a peak: it is at least ${v(a)} and at least ${v(c)}. Play the three on their own. Whoever opens them
    takes an end. Taking ${v(a)} leaves ${v(b)}, ${v(c)}: the other buyer takes ${v(b)}, the heavier end and the largest
    of the three, and the opener gets ${v(c)}, so ${d(a, b, c)} = ${v(value)}. Taking ${v(c)} leaves ${v(a)}, ${v(b)}:
    again the other buyer takes ${v(b)} and the opener gets ${v(a)}, so ${d(c, b, a)} = ${v(value)}. Either way the
    opener nets a &#x2212; b + c = ${v(value)} over three turns, so the three play as one wheel of ${v(value)}.</p>
    <p class="note">In a longer shelf the buyers may play the three in another order, but the lead of the whole shelf is
    the same as with one wheel of ${v(value)} in their place: docs/algorithm.md proves it (Facts 4 and 5).
    A value on the stack is a wheel, or a group merged before, which plays as one wheel.</p></div>`;
}
