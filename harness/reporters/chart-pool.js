// @ts-check
// Charts of pbkdf2 batches through the pool, drawn from a result's raw samples:
// the per-thread CPU timeline of one trial (a Gantt chart: which new thread was
// on CPU when) and the sorted completion times of every trial against the
// model's prediction. Samples come from fixtures/pbkdf2-batch.cjs:
//   { k, T, completions: [{ task, ms }], poolThreads, cpuMs,
//     timeline: { t: [ms], cpu: { <tid>: [cumulative on-CPU ms per t] } } }
import { el, esc, finite, fmt, jitter, linear, svg, text, xAxis } from './svg.js';

const WIDTH = 760;

/** @param {any} s */
const isBatch = (s) => Boolean(s && typeof s === 'object' && Array.isArray(s.completions));

/** @param {any} s @returns {number[]} */
export function sortedCompletions(s) {
  return finite((s?.completions ?? []).map((/** @type {any} */ c) => c?.ms)).sort((a, b) => a - b);
}

/**
 * The trial nearest the median completion pattern: the smallest sum over
 * ranks of |t_i − median_i|. Ties go to the earlier trial.
 * @param {any[]} samples
 */
export function typicalTrial(samples) {
  const sorted = samples.map(sortedCompletions);
  const k = Math.max(0, ...sorted.map((s) => s.length));
  const med = Array.from({ length: k }, (_, i) => {
    const xs = finite(sorted.map((s) => s[i])).sort((a, b) => a - b);
    return xs.length ? xs[Math.floor((xs.length - 1) / 2)] : 0;
  });
  let best = 0;
  let bestCost = Infinity;
  sorted.forEach((s, j) => {
    const cost = med.reduce((acc, m, i) => acc + Math.abs((s[i] ?? 0) - m), 0);
    if (cost < bestCost) [best, bestCost] = [j, cost];
  });
  return best;
}

/**
 * Busy segments of one thread: [t0, t1, share of a core], with the share
 * rounded to quarters and equal neighbours merged.
 * @param {number[]} t @param {unknown[]} cpu
 * @returns {[number, number, number][]}
 */
export function busySegments(t, cpu) {
  /** @type {[number, number, number][]} */
  const out = [];
  let last = 0;
  const vals = t.map((_, i) => {
    const v = cpu[i];
    if (typeof v === 'number' && Number.isFinite(v)) last = v;
    return last;
  });
  for (let i = 0; i + 1 < t.length; i++) {
    const dt = t[i + 1] - t[i];
    const share = dt > 0 ? Math.min(1, Math.max(0, (vals[i + 1] - vals[i]) / dt)) : 0;
    const level = Math.round(share * 4) / 4;
    const prev = out.at(-1);
    if (prev && prev[2] === level && prev[1] === t[i]) prev[1] = t[i + 1];
    else out.push([t[i], t[i + 1], level]);
  }
  return out.filter((s) => s[2] > 0);
}

/**
 * Gantt chart of the pool threads in the typical trial, or '' without timelines.
 * @param {any} result
 */
export function timelineChart(result) {
  const all = (result?.samples ?? []).filter(
    (/** @type {any} */ s) =>
      isBatch(s) && Array.isArray(s.timeline?.t) && s.timeline.cpu && typeof s.timeline.cpu === 'object',
  );
  if (!all.length) return '';
  const j = typicalTrial(all);
  const s = all[j];
  const t = finite(s.timeline.t);
  const cpu = /** @type {Record<string, unknown[]>} */ (s.timeline.cpu);
  const firstBusy = (/** @type {string} */ tid) => {
    const seg = busySegments(t, cpu[tid])[0];
    return seg ? seg[0] : Infinity;
  };
  const tids = Object.keys(cpu).sort((a, b) => firstBusy(a) - firstBusy(b) || Number(a) - Number(b));
  if (!tids.length || t.length < 2) return '';
  const done = sortedCompletions(s);
  const predicted = finite(result?.expectation?.model?.predictedMs ?? []);
  const totals = tids.map((tid) => finite(cpu[tid]).at(-1) ?? 0);
  const perTask = totals.reduce((a, b) => a + b, 0) / (s.k || done.length || 1);
  const [left, right, top, rowH] = [70, 140, 26, 22];
  const height = top + tids.length * rowH + 40;
  const x = linear([0, Math.max(t.at(-1) ?? 0, ...done, ...predicted)], [left, WIDTH - right]);
  const bottom = top + tids.length * rowH;
  let body = xAxis(x, bottom + 4, { label: 'ms since the batch started', top });
  tids.forEach((tid, i) => {
    const y = top + i * rowH;
    body += el(
      'text',
      { x: left - 8, y: y + 15, class: 'tick', 'text-anchor': 'end' },
      `thread ${i + 1}<title>tid ${esc(tid)}</title>`,
    );
    body += el('rect', { x: left, y: y + 3, width: x(x.domain[1]) - left, height: rowH - 6, class: 'lane' });
    for (const [a, b, level] of busySegments(t, cpu[tid])) {
      body += el('rect', {
        x: x(a),
        y: y + 3,
        width: Math.max(0.5, x(b) - x(a)),
        height: rowH - 6,
        class: 'busy',
        'fill-opacity': level,
      });
    }
    const tasks = perTask > 0 ? totals[i] / perTask : 0;
    body += text(
      WIDTH - right + 8,
      y + 15,
      `${Math.round(totals[i])} ms CPU ≈ ${fmt(Math.round(tasks * 10) / 10)} task${Math.round(tasks * 10) === 10 ? '' : 's'}`,
      { class: 'tick' },
    );
  });
  for (const ms of predicted) body += el('line', { x1: x(ms), x2: x(ms), y1: top - 4, y2: bottom, class: 'model' });
  // Numbered from the last completion back, so the last of a close group keeps its label.
  let lastLabel = Infinity;
  for (let i = done.length - 1; i >= 0; i--) {
    const px = x(done[i]);
    body += el('line', { x1: px, x2: px, y1: top - 4, y2: bottom, class: 'done' });
    if (lastLabel - px >= 12)
      ((body += text(px, top - 8, String(i + 1), { class: 'tick', 'text-anchor': 'middle' })), (lastLabel = px));
  }
  const title = `Per-thread CPU timeline of trial ${j + 1}: ${tids.length} new threads, ${done.length} tasks`;
  return figure(
    svg({ width: WIDTH, height, title }, body),
    `Trial ${j + 1} of ${all.length} (the one nearest the median completion times). Each row is a thread started during the batch; shade = share of one core it used in each ≈5 ms sample (/proc schedstat). Solid lines: the tasks' completions, numbered${predicted.length ? '; dashed: the model\u2019s predicted completions' : ''}.`,
  );
}

/**
 * Sorted completion times of every trial (dots) against the model (diamonds).
 * @param {any} result
 */
export function completionChart(result) {
  const all = (result?.samples ?? [])
    .filter(isBatch)
    .map(sortedCompletions)
    .filter((/** @type {number[]} */ s) => s.length);
  if (!all.length) return '';
  const model = result?.expectation?.model ?? {};
  const predicted = finite(model.predictedMs ?? []);
  const k = Math.max(predicted.length, ...all.map((/** @type {number[]} */ s) => s.length));
  const rowH = k > 16 ? 12 : 22;
  const [left, top] = [70, 14];
  const bottom = top + k * rowH;
  const x = linear([0, Math.max(...all.flat(), ...predicted) * 1.04], [left, WIDTH - 20]);
  const y = linear([0.5, k + 0.5], [top, bottom]);
  let body = xAxis(x, bottom + 4, { label: 'completion time, ms', top });
  for (let i = 1; i <= k; i++) body += text(left - 8, y(i) + 4, `task ${i}`, { class: 'tick', 'text-anchor': 'end' });
  all.forEach((/** @type {number[]} */ s, /** @type {number} */ j) => {
    s.forEach(
      (ms, i) => (body += el('circle', { cx: x(ms), cy: y(i + 1) + jitter(j) * rowH * 0.6, r: 3, class: 'dot' })),
    );
  });
  for (let i = 0; i < k; i++) {
    const xs = finite(all.map((/** @type {number[]} */ s) => s[i])).sort((a, b) => a - b);
    if (xs.length)
      body += el('line', {
        x1: x(xs[Math.floor((xs.length - 1) / 2)]),
        x2: x(xs[Math.floor((xs.length - 1) / 2)]),
        y1: y(i + 1) - rowH * 0.42,
        y2: y(i + 1) + rowH * 0.42,
        class: 'median',
      });
  }
  predicted.forEach((ms, i) => {
    const [cx, cy, d] = [x(ms), y(i + 1), 5];
    body += el('path', { d: `M${cx} ${cy - d}L${cx + d} ${cy}L${cx} ${cy + d}L${cx - d} ${cy}Z`, class: 'model-mark' });
  });
  const what = predicted.length
    ? ` against the model (◇: P=${model.P ?? '?'} on C=${model.C ?? '?'}, T≈${fmt(model.T, 0)} ms)`
    : '';
  return figure(
    svg({ width: WIDTH, height: bottom + 40, title: `Sorted completion times of ${all.length} trials${what}` }, body),
    `Completion times of the ${k} tasks, sorted, in each of ${all.length} trials (dots; bar: median per rank)${what}. The statistic compares them within each trial, so a slower machine shifts the dots right without changing the verdict.`,
  );
}

/** @param {string} chart @param {string} caption */
export function figure(chart, caption) {
  return `<figure>${chart}<figcaption>${esc(caption)}</figcaption></figure>`;
}
