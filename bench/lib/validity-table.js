// The validity sweep's targets and its Markdown tables. Pure.

/** The targets, per claim: false fail, inconclusive (true P), detection (P off by one). */
export const TARGETS = { falseFail: 0.01, inconclusive: 0.1, detection: 0.95 };

/**
 * @typedef {object} Cell
 * @property {string} id
 * @property {number} claimP
 * @property {'full' | 'timing'} path
 * @property {string} noise
 * @property {number} C
 * @property {number} trueP
 * @property {boolean} distinguishable  the channel can tell trueP from claimP (always on the full path)
 * @property {number} runs
 * @property {number} pass
 * @property {number} fail
 * @property {number} inconclusive
 * @property {number} error
 * @property {number} meanTrials
 */

/**
 * Which targets a cell misses ([] when none or it has none).
 * @param {Cell} c
 * @returns {string[]}
 */
export function misses(c) {
  const out = [];
  const rate = (/** @type {number} */ x) => x / c.runs;
  if (c.error > 0) out.push(`${c.error} errors`);
  if (c.trueP === c.claimP) {
    if (rate(c.fail) > TARGETS.falseFail) out.push(`false fail ${pct(rate(c.fail))}`);
    if (rate(c.inconclusive) > TARGETS.inconclusive) out.push(`inconclusive ${pct(rate(c.inconclusive))}`);
  } else if (Math.abs(c.trueP - c.claimP) === 1 && c.distinguishable && rate(c.fail) < TARGETS.detection) {
    out.push(`P=${c.trueP} caught ${pct(rate(c.fail))}`);
  }
  return out;
}

/** @param {number} x */
export function pct(x) {
  if (x === 0) return '0%';
  if (x < 0.001) return '<0.1%';
  return `${(Math.round(x * 1000) / 10).toFixed(x < 0.1 ? 1 : 0)}%`;
}

/**
 * One row per spec × C for one path and noise: the true P's rates and trials,
 * P − 1 and P + 1 detection, the worst detection of the farther pools.
 * @param {Cell[]} cells
 */
export function markdownTable(cells) {
  const rows = [
    '| claim (P) | C | true P: fail / inc. / pass | trials | P−1 caught | P+1 caught | farther P caught (worst) | targets |',
    '|---|---:|---|---:|---|---|---|---|',
  ];
  const keys = [...new Set(cells.map((c) => `${c.id}\u0000${c.C}`))];
  for (const key of keys) {
    const [id, C] = key.split('\u0000');
    const group = cells.filter((c) => c.id === id && c.C === Number(C));
    const own = group.find((c) => c.trueP === c.claimP);
    if (!own) continue;
    const at = (/** @type {number} */ P) => group.find((c) => c.trueP === P);
    const caught = (/** @type {Cell | undefined} */ c) => {
      if (!c) return '—';
      if (!c.distinguishable) return `≡ model (${pct(c.fail / c.runs)} fail)`;
      return `${pct(c.fail / c.runs)} (${c.meanTrials.toFixed(1)} tr.)`;
    };
    const far = group.filter((c) => Math.abs(c.trueP - c.claimP) > 1);
    const farText = far.length === 0 ? '—' : farSummary(far);
    const missed = group.flatMap(misses);
    rows.push(
      `| ${id} (${own.claimP}) | ${C} | ${pct(own.fail / own.runs)} / ${pct(own.inconclusive / own.runs)} / ${pct(own.pass / own.runs)} | ${own.meanTrials.toFixed(1)} | ${caught(at(own.claimP - 1))} | ${caught(at(own.claimP + 1))} | ${farText} | ${missed.length ? `**missed**: ${missed.join(', ')}` : 'met'} |`,
    );
  }
  return rows.join('\n');
}

/** @param {Cell[]} far */
function farSummary(far) {
  const told = far.filter((c) => c.distinguishable);
  const same = far.filter((c) => !c.distinguishable).map((c) => c.trueP);
  const parts = [];
  if (told.length) {
    const worst = told.reduce((a, b) => (b.fail / b.runs < a.fail / a.runs ? b : a));
    parts.push(`${pct(worst.fail / worst.runs)} (P=${worst.trueP})`);
  }
  if (same.length) parts.push(`≡ model: P=${same.join(',')}`);
  return parts.join('; ');
}

/**
 * Totals per path and noise: cells, how many meet every target, and the
 * overall false-fail, inconclusive and off-by-one detection rates.
 * @param {Cell[]} cells
 */
export function summary(cells) {
  const own = cells.filter((c) => c.trueP === c.claimP);
  const near = cells.filter((c) => Math.abs(c.trueP - c.claimP) === 1 && c.distinguishable);
  const sum = (/** @type {Cell[]} */ xs, /** @type {'fail' | 'inconclusive' | 'runs'} */ k) =>
    xs.reduce((a, c) => a + c[k], 0);
  const keys = [...new Set(cells.map((c) => `${c.id}|${c.C}`))];
  const met = keys.filter((k) =>
    cells.filter((c) => `${c.id}|${c.C}` === k).every((c) => misses(c).length === 0),
  ).length;
  return {
    claimCells: keys.length,
    met,
    falseFail: sum(own, 'fail') / Math.max(1, sum(own, 'runs')),
    worstFalseFail: Math.max(0, ...own.map((c) => c.fail / c.runs)),
    inconclusive: sum(own, 'inconclusive') / Math.max(1, sum(own, 'runs')),
    detection: sum(near, 'fail') / Math.max(1, sum(near, 'runs')),
    worstDetection: near.length ? Math.min(...near.map((c) => c.fail / c.runs)) : NaN,
    meanTrials: own.reduce((a, c) => a + c.meanTrials, 0) / Math.max(1, own.length),
  };
}
