// code.js - the code shown beside the learner's lessons (learn.js, fill.js):
// the recursion, the memo, the problem's solve() in Python and C with a
// pitfall's lines swapped in, and the rolling row; the line running marked.

// MARK: - Code beside the lesson

// A running value written after a line, as a comment of the code's own
// language ('py' or 'c'), so that the line it follows still reads as code.
const COMMENT = { py: (t) => `# ${t}`, c: (t) => `/* ${t} */` };

// Code as lines { id, text }: the id names what a line does, so that the
// line running is marked whatever the language or the pitfall swapped in;
// notes[id] is the running value shown after that line, in `lang`'s comments.
// A line too long for the frame (a phone's) wraps under its own start, not
// under the margin: its indent is a box of its own (--in characters), and
// the rest wraps beside it with a hanging indent; a running value that
// does not fit beside the code moves to the next line whole. Copied, the
// line is still its spaces and its text.
function codeHtml(lines, now, notes = {}, lang = 'py') {
  return `<pre class="code" aria-label="The code"><code>` + lines.map((l) => {
    const indent = /^ */.exec(l.text)[0].length;
    const value = notes[l.id] ? `<span class="value">  ${grouped(COMMENT[lang](notes[l.id]))}</span>` : '';
    return `<span class="line${l.id && now.includes(l.id) ? ' now' : ''}${l.pitfall ? ' pitfall' : ''}"${l.id && now.includes(l.id) ? ' aria-current="true"' : ''} data-line="${l.id || ''}" style="--in:${indent}">` +
      `<span class="ind">${' '.repeat(indent)}</span><span class="txt">${esc(l.text.slice(indent))}${value}</span></span>`;
  }).join('\n') + '</code></pre>';
}

const RECURSION_PY = [
  { id: 'def', text: 'def lead(i, j):' },
  { id: 'one', text: '    if i == j:' },
  { id: 'base', text: '        return wheels[i]' },
  { id: 'both', text: '    return max(wheels[i] - lead(i + 1, j),' },
  { id: 'both2', text: '               wheels[j] - lead(i, j - 1))' },
];

const MEMO_PY = [
  { id: 'memo', text: 'memo = {}' },
  { id: 'def', text: 'def lead(i, j):' },
  { id: 'seen', text: '    if (i, j) in memo:' },
  { id: 'hit', text: '        return memo[(i, j)]' },
  { id: 'one', text: '    if i == j:' },
  { id: 'base', text: '        return wheels[i]' },
  { id: 'both', text: '    memo[(i, j)] = max(wheels[i] - lead(i + 1, j),' },
  { id: 'both2', text: '                       wheels[j] - lead(i, j - 1))' },
  { id: 'ret', text: '    return memo[(i, j)]' },
];

// The problem's solve() (docs/problem.md), and the same loop in C; a pitfall swaps its own
// lines in for the ones it replaces.
function solveCode(lang, pit) {
  const py = lang === 'py';
  const left = pit.has(pitfall.leftIndex);
  const added = pit.has(pitfall.added);
  const op = added ? '+' : '-';
  const lines = py ? [
    { text: 'def solve(wheels):' },
    { text: '    n = len(wheels)' },
    { text: '    lead = [[0] * n for _ in range(n)]' },
    { text: '    for i in range(n):' },
    { id: 'diag', text: '        lead[i][i] = wheels[i]' },
  ] : [
    { text: 'long long solve(const long long *w, int n, long long lead[n][n]) {' },
    { text: '    /* lead starts as zeros */' },
    { text: '    for (int i = 0; i < n; i++)' },
    { id: 'diag', text: '        lead[i][i] = w[i];' },
  ];
  const W = py ? 'wheels' : 'w';
  const end = py ? '' : ';';
  if (left) {
    lines.push(py ? { id: 'outer', text: '    for i in range(n):', pitfall: true } : { id: 'outer', text: '    for (int i = 0; i < n; i++)', pitfall: true });
    lines.push(py ? { id: 'inner', text: '        for j in range(i + 1, n):', pitfall: true } : { id: 'inner', text: '        for (int j = i + 1; j < n; j++) {', pitfall: true });
  } else {
    lines.push(py ? { id: 'outer', text: '    for span in range(2, n + 1):' } : { id: 'outer', text: '    for (int span = 2; span <= n; span++)' });
    lines.push(py ? { id: 'inner', text: '        for i in range(n - span + 1):' } : { id: 'inner', text: '        for (int i = 0; i + span - 1 < n; i++) {' });
    lines.push({ id: 'j', text: py ? '            j = i + span - 1' : '            int j = i + span - 1;' });
  }
  const t = py ? '' : 'long long ';
  lines.push({ id: 'left', text: `            ${t}take_left = ${W}[i] ${op} lead[i + 1][j]${end}`, pitfall: added });
  lines.push({ id: 'right', text: `            ${t}take_right = ${W}[j] ${op} lead[i][j - 1]${end}`, pitfall: added });
  lines.push({ id: 'store', text: py ? '            lead[i][j] = max(take_left, take_right)' : '            lead[i][j] = take_left > take_right ? take_left : take_right;' });
  if (!py) lines.push({ text: '        }' });
  lines.push({ id: 'answer', text: py ? '    return lead[0][n - 1]' : '    return lead[0][n - 1];' });
  if (!py) lines.push({ text: '}' });
  return lines;
}

const ROW_PY = [
  { id: 'init', text: 'row = list(wheels)            # span 1: lead(i, i)' },
  { id: 'outer', text: 'for span in range(2, n + 1):' },
  { id: 'inner', text: '    for i in range(n - span + 1):' },
  { id: 'j', text: '        j = i + span - 1' },
  { id: 'store', text: '        row[i] = max(wheels[i] - row[i + 1], wheels[j] - row[i])' },
  { id: 'answer', text: 'return row[0]' },
];
