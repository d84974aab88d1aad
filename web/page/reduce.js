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
    <p id="r-check" class="part"></p>`;
}

function reduction(m) {
  return memo(m, 'reduction', () => shelf.reduction(m.weights));
}

function reduceUpdate(m) {
  if (m.n > WHEELS_MAX) return;
  const { steps, margin } = reduction(m);
  const step = state.step === null ? 0 : Math.min(state.step, steps.length);
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
  const group = (g) => (g.lo === g.hi ? `wheel ${g.lo + 1}` : `wheels ${g.lo + 1} to ${g.hi + 1}`);
  $('r-stack').innerHTML = stack.map((g) => {
    const t = takenLo.get(g.lo);
    return `<li class="entry${g.merged ? ' merged' : ''}${t ? ` taken ${t.buyer}` : ''}" aria-label="${esc(`${g.value}, ${group(g)}` + (t ? `, taken by the ${t.buyer} buyer` : ''))}">` +
      `<span class="w">${num(g.value)}</span><span class="who">${g.lo === g.hi ? g.lo + 1 : `${g.lo + 1}-${g.hi + 1}`}${t ? ` ${t.buyer === 'first' ? '1st' : '2nd'}` : ''}</span></li>`;
  }).join('') || '<li class="chip">empty</li>';
  const cur = step > 0 ? steps[step - 1] : null;
  $('r-shelf').innerHTML = shelfRow(m, 0, m.n - 1, (k) => wheelHtml(m, k, null,
    cur && (cur.kind === 'push' ? k === cur.wheel : k >= cur.lo && k <= cur.hi) ? 'in-block' : ''));
  let text = 'The stack is empty. Step forward: the first wheel arrives.';
  if (cur && cur.kind === 'push') text = `Wheel ${cur.wheel + 1} arrives: ${cur.value} is pushed.`;
  if (cur && cur.kind === 'merge') {
    text = `${cur.b} is a peak between ${cur.a} and ${cur.c} (${cur.b} >= ${cur.a} and ${cur.b} >= ${cur.c}): the three merge into ` +
      `${cur.a} - ${cur.b} + ${cur.c} = ${cur.value}, the lead of ${group(cur)} for whoever opens them.`;
  }
  if (cur && cur.kind === 'take') {
    text = `The valley: the ${cur.buyer} buyer takes the larger end, ${cur.value} (${group(cur)}); the margin so far is ${cur.margin}.`;
  }
  say($('step-status'), text);
  const dp = memo(m, 'dp', () => shelf.solve(m.weights, 'dp').margin);
  $('r-check').innerHTML = step === steps.length
    ? `The valley gives a margin of <b id="r-margin">${margin}</b>; the interval DP gives <b id="r-dp">${dp}</b>: ${margin === dp ? 'the same.' : 'they differ!'}`
    : `When every step is done, the valley's margin is checked against the DP's (<span id="r-dp">${dp}</span>).`;
}
