// @ts-check
// Charts of timing evidence: a statistic's values with median, interval and
// decision boundary; ABBA throughput per block; latency distributions from
// load runs; and the machine's measured effective parallelism.
import { figure } from './chart-pool.js';
import { serversText } from './side-by-side.js';
import { el, esc, finite, fmt, jitter, linear, log, ratioTicks, svg, text, xAxis, yAxis } from './svg.js';

const WIDTH = 760;

/**
 * The acceptance region from its text ('> 0.1', '< 0.6', 'in (a, b)').
 * @param {unknown} region
 * @returns {{ lo: number, hi: number } | null}
 */
export function parseRegion(region) {
  const s = String(region ?? '');
  let m;
  if ((m = /^in \((-?[\d.e+-]+), (-?[\d.e+-]+)\)$/.exec(s))) return { lo: Number(m[1]), hi: Number(m[2]) };
  if ((m = /^> (-?[\d.e+-]+)$/.exec(s))) return { lo: Number(m[1]), hi: Infinity };
  if ((m = /^< (-?[\d.e+-]+)$/.exec(s))) return { lo: -Infinity, hi: Number(m[1]) };
  return null;
}

/** Is the statistic a log ratio (shown as ×ratio)? @param {any} timing */
export const isLogRatio = (timing) => timing?.statistic === 'r' && /\bln\(/.test(String(timing?.description ?? ''));

/**
 * The timing statistic: values as dots, the CI band, the median, the
 * boundary (with the acceptance side shaded) and the model's predictions.
 * @param {any} result
 */
export function timingChart(result) {
  const t = result?.evidence?.timing;
  const values = finite(t?.values ?? []);
  if (!t || !values.length) return '';
  const alts = /** @type {Record<string, number>} */ (t.predicted?.alternatives ?? {});
  const claim = t.predicted?.claim;
  // Without the region's text, the claim's side of the one boundary.
  const side =
    typeof claim === 'number' && typeof t.boundary === 'number' && claim !== t.boundary
      ? claim > t.boundary
        ? { lo: t.boundary, hi: Infinity }
        : { lo: -Infinity, hi: t.boundary }
      : null;
  const region = parseRegion(t.region) ?? side;
  const bounds = region ? finite([region.lo, region.hi]) : finite([t.boundary]);
  const all = finite([...values, ...(t.interval ?? []), ...bounds, claim, ...Object.values(alts)]);
  const [lo, hi] = [Math.min(...all), Math.max(...all)];
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.08;
  const x = linear([lo - pad, hi + pad], [40, WIDTH - 40]);
  const ratio = isLogRatio(t);
  const format = ratio ? (/** @type {number} */ v) => `×${fmt(Math.exp(v), 2)}` : fmt;
  const [bandTop, bandBottom, axisY] = [30, 70, 84];
  let body = '';
  if (region) {
    const a = Math.max(x.domain[0], region.lo);
    const b = Math.min(x.domain[1], region.hi);
    body += el('rect', {
      x: x(a),
      y: bandTop - 8,
      width: Math.max(0, x(b) - x(a)),
      height: bandBottom - bandTop + 16,
      class: 'region',
    });
  }
  if (Array.isArray(t.interval) && finite(t.interval).length === 2) {
    body += el('rect', {
      x: x(t.interval[0]),
      y: bandTop,
      width: Math.max(1, x(t.interval[1]) - x(t.interval[0])),
      height: bandBottom - bandTop,
      class: 'ci',
    });
  }
  values.forEach(
    (v, i) =>
      (body += el(
        'circle',
        { cx: x(v), cy: (bandTop + bandBottom) / 2 + jitter(i) * (bandBottom - bandTop - 8), r: 3.5, class: 'dot' },
        `<title>trial value ${esc(fmt(v, 4))}</title>`,
      )),
  );
  if (typeof t.median === 'number')
    body += el('line', { x1: x(t.median), x2: x(t.median), y1: bandTop - 4, y2: bandBottom + 4, class: 'median' });
  for (const b of bounds) {
    body += el('line', { x1: x(b), x2: x(b), y1: bandTop - 14, y2: bandBottom + 6, class: 'boundary' });
    body += text(x(b), bandTop - 17, `boundary ${format(b)}`, { class: 'tick', 'text-anchor': 'middle' });
  }
  body += xAxis(x, axisY, {
    format,
    values: ratio ? ratioTicks(...x.domain) : undefined,
    label: ratio ? `${t.statistic} as a throughput ratio (log scale)` : String(t.statistic ?? ''),
  });
  /** @type {Map<number, string[]>} */
  const marks = new Map();
  for (const [label, v] of Object.entries(alts)) if (Number.isFinite(v)) marks.set(v, [...(marks.get(v) ?? []), label]);
  let y = axisY + 44;
  if (typeof claim === 'number') ((body += marker(x(claim), y, `model ${format(claim)}`, 'model-mark')), (y += 16));
  for (const [v, labels] of marks)
    ((body += marker(x(v), y, `${labels.join(', ')}: ${format(v)}`, 'alt-mark')), (y += 16));
  const of = t.intervalOf === 'mean' ? ' (the t-interval of the mean, at the early look)' : '';
  const ci = t.interval
    ? `, its ${fmt((t.confidence ?? 0) * 100, 1)}% interval${of} [${format(t.interval[0])}, ${format(t.interval[1])}] (band)`
    : ', no interval yet';
  return figure(
    svg(
      { width: WIDTH, height: y + 4, title: `${t.statistic}: ${values.length} values, median ${format(t.median)}` },
      body,
    ),
    `${t.statistic}: ${t.description ?? ''}. One dot per trial (n=${t.n ?? values.length}); median ${format(t.median)} (bar)${ci}; decision boundary dashed, the claim's side shaded. ▲ the model's value for this machine, △ its nearest wrong alternatives. Timing decided: ${t.decided ?? 'undecided'}.`,
  );
}

/** A triangle marker with a label. @param {number} cx @param {number} cy @param {string} label @param {string} cls */
function marker(cx, cy, label, cls) {
  const end = cx > WIDTH - 200;
  return (
    el('path', { d: `M${cx} ${cy - 11}L${cx + 5} ${cy - 3}L${cx - 5} ${cy - 3}Z`, class: cls }) +
    text(end ? cx - 8 : cx + 8, cy - 2, label, { class: 'tick', 'text-anchor': end ? 'end' : 'start' })
  );
}

/** ABBA blocks: samples with runs [{ arm, label, throughput }]. @param {any[]} samples */
const blocks = (samples) =>
  samples.filter(
    (s) => Array.isArray(s?.runs) && s.runs.some((/** @type {any} */ r) => typeof r?.throughput === 'number' && r?.arm),
  );

/**
 * Throughput of each arm's runs per ABBA/BAAB block.
 * @param {any} result
 */
export function throughputChart(result) {
  const bs = blocks(result?.samples ?? []);
  if (!bs.length) return '';
  const runs = bs.flatMap((b, i) => b.runs.map((/** @type {any} */ r) => ({ ...r, block: i + 1, order: b.order })));
  const arms = [
    ...new Map(runs.map((r) => [`${r.arm}${r.variant && r.variant !== 'main' ? ` ${r.variant}` : ''}`, r])).entries(),
  ];
  const [left, top, bottom] = [64, 20, 170];
  const x = linear([0.5, bs.length + 0.5], [left, WIDTH - 150]);
  const y = linear([0, Math.max(1, ...finite(runs.map((r) => r.throughput))) * 1.1], [bottom, top]);
  let body = yAxis(y, left, { label: 'req/s', right: WIDTH - 150 });
  const every = Math.ceil(bs.length / 12);
  bs.forEach(
    (_, i) =>
      (i % every === 0 || i === bs.length - 1) &&
      (body += text(x(i + 1), bottom + 16, String(i + 1), { class: 'tick', 'text-anchor': 'middle' })),
  );
  body += text(WIDTH - 150, bottom + 32, 'block', { class: 'label', 'text-anchor': 'end' });
  arms.forEach(([key, sample], a) => {
    const cls = `arm arm${a % 4}`;
    for (const r of runs.filter((q) => `${q.arm}${q.variant && q.variant !== 'main' ? ` ${q.variant}` : ''}` === key)) {
      const off = (a - (arms.length - 1) / 2) * 7;
      body += el(
        'circle',
        { cx: x(r.block) + off, cy: y(r.throughput), r: 3.5, class: cls },
        `<title>${esc(`block ${r.block} ${key}: ${fmt(r.throughput)} req/s`)}</title>`,
      );
    }
    body +=
      el('circle', { cx: WIDTH - 140, cy: top + 6 + a * 16, r: 4, class: cls }) +
      text(WIDTH - 130, top + 10 + a * 16, `${key}: ${sample.label ?? ''}`, { class: 'tick' });
  });
  return figure(
    svg({ width: WIDTH, height: bottom + 40, title: `Throughput per block, ${bs.length} blocks` }, body),
    `Throughput of each arm's runs in every block (req/s), ${serversText(bs)}, the arms interleaved ${bs[0]?.order?.length === 6 ? 'FABBAF in odd blocks and FBAABF in even ones (F: the fewer workers)' : 'ABBA in odd blocks and BAAB in even ones'}. The block's ratio is the mean of one arm over the other's, judged in the chart of r.`,
  );
}

/**
 * Latency items in the samples: load runs ({ label, latency }) and top-level
 * loads ({ <name>: { latency } }), each with p50 and p99.
 * @param {any[]} samples
 * @returns {{ group: string, trial: number, lat: any }[]}
 */
export function latencyItems(samples) {
  const ok = (/** @type {any} */ l) => l && typeof l.p50 === 'number' && typeof l.p99 === 'number';
  const items = [];
  for (const [trial, s] of samples.entries()) {
    if (!s || typeof s !== 'object') continue;
    for (const r of Array.isArray(s.runs) ? s.runs : []) {
      if (ok(r?.latency))
        items.push({
          group: `${r.label ?? r.arm ?? 'run'}${r.variant && r.variant !== 'main' ? ` ${r.variant}` : ''}`,
          trial,
          lat: r.latency,
        });
    }
    for (const [key, v] of Object.entries(s))
      if (key !== 'runs' && ok(/** @type {any} */ (v)?.latency))
        items.push({ group: key, trial, lat: /** @type {any} */ (v).latency });
  }
  return items;
}

/**
 * Latency per load run: p50 dot, p50–p99 bar, min–max whisker; a group of
 * more than MANY runs is drawn as two strips of dots (p50, p99) instead.
 * @param {any} result
 */
export function latencyChart(result) {
  const items = latencyItems(result?.samples ?? []);
  if (!items.length) return '';
  const groups = [...new Set(items.map((i) => i.group))];
  const [left, top, rowH, MANY] = [150, 10, 7, 12];
  const vals = finite(items.flatMap((i) => [i.lat.min, i.lat.p50, i.lat.p99, i.lat.max])).filter((v) => v > 0);
  const x = log([Math.min(...vals) * 0.8, Math.max(...vals) * 1.25], [left, WIDTH - 160]);
  let y = top;
  let body = '';
  for (const g of groups) {
    const mine = items.filter((i) => i.group === g);
    const sorted = (/** @type {string} */ q) => finite(mine.map((i) => i.lat[q])).sort((a, b) => a - b);
    const med = (/** @type {string} */ q) => sorted(q)[Math.floor((sorted(q).length - 1) / 2)];
    body += text(left - 8, y + 10, `${g} (${mine.length})`, { class: 'tick', 'text-anchor': 'end' });
    body += text(WIDTH - 152, y + 10, `p50 ${fmt(med('p50'))} · p99 ${fmt(med('p99'))} ms`, { class: 'tick' });
    if (mine.length > MANY) {
      for (const q of ['p50', 'p99']) {
        body += text(left - 8, y + 26, q, { class: 'label', 'text-anchor': 'end' });
        sorted(q).forEach(
          (v, i) => (body += el('circle', { cx: x(v), cy: y + 22 + jitter(i) * 10, r: 2.2, class: 'dot' })),
        );
        if (typeof med(q) === 'number')
          body += el('line', { x1: x(med(q)), x2: x(med(q)), y1: y + 14, y2: y + 30, class: 'median' });
        y += 20;
      }
    } else {
      for (const { lat } of mine) {
        const cy = y + rowH / 2;
        if (typeof lat.min === 'number' && typeof lat.max === 'number')
          body += el('line', { x1: x(lat.min), x2: x(lat.max), y1: cy, y2: cy, class: 'whisker' });
        body +=
          el('line', { x1: x(lat.p50), x2: x(lat.p99), y1: cy, y2: cy, class: 'iqr' }) +
          el('circle', { cx: x(lat.p50), cy, r: 2.2, class: 'dot' });
        y += rowH;
      }
    }
    y += 16;
  }
  body += xAxis(x, y, { label: 'latency, ms (log scale)', top });
  return figure(
    svg({ width: WIDTH, height: y + 40, title: `Latency of ${items.length} load runs` }, body),
    `Latency of each load run (ms, log scale): per run a dot at p50, a thick bar to p99 and a thin line from min to max where recorded; groups of more than ${MANY} runs show their p50s and p99s as dots with the median (bar). Medians over the runs on the right.`,
  );
}

/**
 * Measured speed-up of k concurrent CPU tasks against the ideal min(k, C).
 * @param {any} profile
 */
export function parallelismChart(profile) {
  const samples = (profile?.effectiveParallelism?.samples ?? []).filter(
    (/** @type {any} */ s) => typeof s?.k === 'number' && typeof s?.speedup === 'number',
  );
  if (!samples.length) return '';
  const C = typeof profile.cores === 'number' ? profile.cores : Infinity;
  const kMax = Math.max(...samples.map((/** @type {any} */ s) => s.k));
  const [w, h, left, top, bottom] = [300, 150, 40, 14, 116];
  const x = linear([0.5, kMax + 0.5], [left, w - 10]);
  const y = linear(
    [0, Math.max(...samples.map((/** @type {any} */ s) => Math.max(s.speedup, Math.min(s.k, C)))) * 1.1],
    [bottom, top],
  );
  let body = yAxis(y, left, { label: 'speed-up', count: 3, right: w - 10 });
  const bw = Math.min(24, (x(1) - x(0)) * 0.6);
  for (const s of samples) {
    body += el(
      'rect',
      { x: x(s.k) - bw / 2, y: y(s.speedup), width: bw, height: bottom - y(s.speedup), class: 'bar' },
      `<title>${esc(`k=${s.k}: ×${fmt(s.speedup, 2)} (${fmt(s.wallMs)} ms)`)}</title>`,
    );
    body += el('rect', {
      x: x(s.k) - bw / 2,
      y: y(Math.min(s.k, C)),
      width: bw,
      height: bottom - y(Math.min(s.k, C)),
      class: 'ideal',
    });
    body += text(x(s.k), bottom + 14, `k=${s.k}`, { class: 'tick', 'text-anchor': 'middle' });
  }
  return figure(
    svg({ width: w, height: h, title: `Effective parallelism ${fmt(profile.effectiveParallelism.value, 2)}` }, body),
    `Speed-up of k concurrent CPU tasks (bars) against the ideal min(k, C=${Number.isFinite(C) ? C : '?'}) (outlines).`,
  );
}
