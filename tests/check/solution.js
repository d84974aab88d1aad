// solution.js - a right solution of the ripening-shelf game in Node.js, as
// a learner writes one: `node solution.js PROBLEM` reads a shelf in
// PROBLEM's layout (cses, atcoder: the count, then the weights; shelf,
// leetcode486: a bracketed list) and prints PROBLEM's answer (cses: the
// first buyer's total; shelf, atcoder: the margin, the first buyer's total
// minus the second's; leetcode486: true when the first buyer's total is at
// least the second's).
//
// The interval DP by span length on one rolling row, O(n^2) time and O(n)
// memory. Numbers stay doubles: every weight, total and margin here is at
// most 5000 * 10^9 = 5e12 in size, far below 2^53, so they are exact.
"use strict";
const fs = require("fs");

const problem = process.argv[2] || "shelf";
const counted = problem === "cses" || problem === "atcoder";

const text = fs.readFileSync(0, "latin1");
const tokens = text.match(/-?\d+/g) || [];
const start = counted ? 1 : 0;
const n = tokens.length - start;
const w = new Float64Array(n);
let sum = 0;
for (let k = 0; k < n; k++) {
  w[k] = Number(tokens[start + k]);
  sum += w[k];
}

// dp[i] is the lead of the buyer to move on the wheels i..i+span-1.
const dp = new Float64Array(n + 1);
for (let i = 0; i < n; i++) dp[i] = w[i];
for (let span = 2; span <= n; span++) {
  for (let i = 0; i + span <= n; i++) {
    const left = w[i] - dp[i + 1];
    const right = w[i + span - 1] - dp[i];
    dp[i] = left > right ? left : right;
  }
}
const margin = n > 0 ? dp[0] : 0;

let answer;
if (problem === "cses") answer = String((sum + margin) / 2);
else if (problem === "leetcode486") answer = margin >= 0 ? "true" : "false";
else answer = String(margin);
process.stdout.write(answer + "\n");
