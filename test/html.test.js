// The HTML report: one self-contained page per record, with the evidence drawn
// as inline SVG. Checked on the synthetic golden record and on a trimmed real
// record (test/golden/evidence-record.json: pool timelines, a load test and
// ABBA throughput blocks).
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { expect } from 'expect';
import { renderHtml, claimSection, modelText } from '../harness/reporters/html.js';
import { EXPORTERS } from '../harness/reporters/index.js';
import { busySegments, typicalTrial, timelineChart, completionChart } from '../harness/reporters/chart-pool.js';
import {
  parseRegion,
  isLogRatio,
  latencyItems,
  timingChart,
  throughputChart,
  latencyChart,
  parallelismChart,
} from '../harness/reporters/chart-timing.js';
import { esc, fmt, ticks, linear, log, ratioTicks, jitter } from '../harness/reporters/svg.js';
import { SOURCE_004 } from '../harness/kits/cluster.js';

const load = (/** @type {string} */ name) =>
  JSON.parse(readFileSync(new URL(`./golden/${name}`, import.meta.url), 'utf8'));
const golden = load('record.json');
const evidence = load('evidence-record.json');

const VOID = new Set(['meta', 'br']);
/** Tags must nest (void elements aside); returns the number of elements. @param {string} page */
function checkNesting(page) {
  const stack = [];
  let count = 0;
  for (const m of page
    .replace(/^<!doctype html>/i, '')
    .matchAll(/<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*(\/?)>/g)) {
    const [, close, name, , self] = m;
    if (close) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else if (!self && !VOID.has(name)) (stack.push(name), count++);
    else count++;
  }
  if (stack.length) throw new Error(`unclosed <${stack.at(-1)}>`);
  if (/<(?![a-zA-Z/!])/.test(page)) throw new Error('a raw < in text');
  return count;
}

/** The section of one claim. @param {string} page @param {string} id */
const section = (page, id) => {
  const start = page.indexOf(`<section class="claim`, page.indexOf(`id="${id}"`) - 60);
  return page.slice(start, page.indexOf('</section>', start));
};

describe('renderHtml', () => {
  const page = renderHtml(golden);
  const real = renderHtml(evidence);

  it('is one well-formed, self-contained page', () => {
    for (const p of [page, real]) {
      expect(p.startsWith('<!doctype html>')).toBe(true);
      expect(checkNesting(p)).toBeGreaterThan(50);
      expect(p).not.toMatch(/<script/i);
      expect(p).not.toMatch(/\s(src|srcset|href|xlink:href|action)="(https?:)?\/\//i);
      expect(p).not.toMatch(/url\(|@import|<link|<img|<iframe|<object|<embed/i);
      expect(p).toContain(`Content-Security-Policy" content="default-src 'none'`);
      expect(p).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x1b]/);
    }
  });

  it('has one section per claim, linked from the summary table', () => {
    for (const [p, rec] of [
      [page, golden],
      [real, evidence],
    ]) {
      expect((p.match(/<section class="claim /g) ?? []).length).toBe(rec.results.length);
      for (const r of rec.results) {
        expect(p).toContain(`id="${r.id}" data-verdict="${r.verdict}"`);
        expect(p).toContain(`<a href="#${r.id}">`);
      }
    }
  });

  it('shows the counts of the summary and each verdict label', () => {
    for (const v of ['total', 'pass', 'fail', 'inconclusive', 'skip', 'error'])
      expect(page).toContain(`data-count="${v}">${golden.summary[v]}<`);
    expect(page).toContain('<span class="badge v-pass">refuted as expected</span>');
    expect(section(page, 'worker.spawn-cheap')).toContain('badge v-fail');
  });

  it('shows the source and its figures beside the expectation, and the machine', () => {
    const s = section(page, 'pool.fifth-lags');
    expect(s).toContain('The claim and its source');
    expect(s).toContain('Measured here</dt><dd>t5/t4: median 1.97 [1.88, 2.06] @95% over n=9, boundary 1.5');
    expect(s).toContain(esc(golden.results[1].source.section));
    expect(s).toContain(esc(golden.results[1].expectation.summary));
    expect(page).toContain('cores C=4');
    expect(page).toContain('pbkdf2 task 98 ms = 120,000 iterations');
    expect(page).toContain('Effective parallelism 3.86');
  });

  it('escapes every string and strips ANSI codes', () => {
    const rec = structuredClone(golden);
    Object.assign(rec.results[0], {
      title: '<script>alert(1)</script>',
      reason: '\x1b[31mred\x1b[39m & "quoted" <b>',
      claim: "it's <i>",
    });
    rec.results[0].evidence.structural.details = ['<img src=x onerror=alert(1)>'];
    rec.environment.node.path = '/opt/<node>';
    const p = renderHtml(rec);
    expect(p).not.toMatch(/<script|<img|<b>|<i>|\x1b/);
    expect(p).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(p).toContain('red &amp; &quot;quoted&quot; &lt;b&gt;');
    expect(p).toContain('it&#39;s &lt;i&gt;');
    checkNesting(p);
  });

  it('draws the pool timeline, completions and the statistic where samples have them', () => {
    const s = section(real, 'pool.fifth-lags');
    expect(s).toContain('Per-thread CPU timeline of trial');
    expect((s.match(/class="busy"/g) ?? []).length).toBeGreaterThan(10);
    expect(s).toContain('class="model"'); // predicted completions, dashed
    expect(s).toContain('Sorted completion times of 3 trials');
    expect(s).toContain('class="boundary"');
    // the synthetic record has no timelines: no Gantt chart, the statistic still drawn
    const g = section(page, 'pool.fifth-lags');
    expect(g).not.toContain('class="busy"');
    expect(g).toContain('class="ci"');
  });

  it('draws throughput per ABBA block, the ratio axis and latency', () => {
    const s = section(real, 'cluster.faster-on-heavy');
    expect(s).toContain('Throughput per block, 4 blocks');
    expect(s).toContain('×1.5');
    expect(s).toContain('Latency of 16 load runs');
    expect(section(real, 'loop.cpu-blocks')).toContain('Latency of 2 load runs');
    expect(section(real, 'main-thread.single')).not.toContain('<svg');
  });

  it("shows the source's table and ours under the claim and its source", () => {
    expect(real).not.toContain('table class="figures"');
    const rec = structuredClone(evidence);
    rec.results.find((/** @type {any} */ r) => r.id === 'cluster.faster-on-heavy').source.table =
      SOURCE_004.tables.heavy;
    const p = renderHtml(rec);
    expect(checkNesting(p)).toBeGreaterThan(50);
    const s = section(p, 'cluster.faster-on-heavy');
    const claimDiv = s.slice(s.indexOf('The claim and its source'), s.indexOf('The truth and this run'));
    expect(claimDiv.match(/<table class="figures">/g)).toHaveLength(2);
    expect(claimDiv).toContain(
      '<th>server</th><th class="n">req/s</th><th class="n">mean latency (ms)</th><th class="n">total time (s)</th>',
    );
    expect(claimDiv).toContain('<tr><td>single process</td><td class="n">37</td><td class="n">2583.1</td>');
    expect(claimDiv).toContain(esc(SOURCE_004.tables.heavy.setup));
    expect(claimDiv).toContain('<th class="n">p50 (ms)</th><th class="n">p99 (ms)</th><th class="n">blocks</th>');
    expect(claimDiv).toMatch(
      /<tr><td>single<\/td><td>keep-alive<\/td>(<td class="n">[\d.]+<\/td>){4}<td class="n">4<\/td><\/tr>/,
    );
    expect(section(p, 'loop.cpu-blocks')).not.toContain('table class="figures"');
  });

  it('copes with a partial record', () => {
    const p = renderHtml({
      schemaVersion: 1,
      results: [{ id: 'x.y', verdict: 'weird' }],
      profile: null,
      interrupted: true,
    });
    checkNesting(p);
    expect(p).toContain('The run was interrupted');
    expect(p).toContain('machine not profiled');
    expect(p).toContain('class="claim c-error"');
    expect(claimSection({})).toContain('<section');
  });

  it('is the html exporter, registered by name', () => {
    expect(EXPORTERS.html.record(golden)).toBe(page);
  });
});

describe('charts', () => {
  it('busySegments: share of a core per interval, in quarters, merged', () => {
    expect(busySegments([0, 10, 20, 30, 40], [0, 10, 20, 22.5, 22.5])).toEqual([
      [0, 20, 1],
      [20, 30, 0.25],
    ]);
    expect(busySegments([0, 5, 10], [0, null, 5])).toEqual([[5, 10, 1]]);
  });

  it('typicalTrial: nearest the median completions', () => {
    const s = (/** @type {number[]} */ ms) => ({ completions: ms.map((x) => ({ ms: x })) });
    expect(typicalTrial([s([1, 9]), s([5, 10]), s([6, 11]), s([20, 30])])).toBe(1);
    expect(typicalTrial([])).toBe(0);
  });

  it('charts are empty without data', () => {
    for (const f of [timelineChart, completionChart, timingChart, throughputChart, latencyChart])
      expect(f({ samples: [] })).toBe('');
    expect(parallelismChart(null)).toBe('');
    expect(timelineChart({ samples: [{ completions: [], timeline: { t: [0], cpu: {} } }] })).toBe('');
  });

  it('regions, ratios and latency items', () => {
    expect(parseRegion('> 0.1')).toEqual({ lo: 0.1, hi: Infinity });
    expect(parseRegion('< 0.6')).toEqual({ lo: -Infinity, hi: 0.6 });
    expect(parseRegion('in (0.2, 0.75)')).toEqual({ lo: 0.2, hi: 0.75 });
    expect(parseRegion('any value')).toBeNull();
    expect(isLogRatio({ statistic: 'r', description: 'ln(a / b)' })).toBe(true);
    expect(isLogRatio({ statistic: 'L', description: 'lag' })).toBe(false);
    const items = latencyItems([
      {
        runs: [{ label: 'single', variant: 'ka', latency: { p50: 1, p99: 2 } }],
        light: { latency: { p50: 3, p99: 4 } },
      },
      null,
    ]);
    expect(items.map((i) => i.group)).toEqual(['single ka', 'light']);
    const many = latencyChart({
      samples: Array.from({ length: 13 }, (_, i) => ({ light: { latency: { p50: 1 + i, p99: 20 + i } } })),
    });
    expect(many).toContain('>p99</text>'); // more than 12 runs: strips of p50s and p99s
    expect(many).toContain('p50 7 · p99 26 ms');
    const two = timingChart({
      evidence: {
        timing: {
          statistic: 'G',
          values: [0.4, 0.5],
          median: 0.45,
          interval: null,
          region: 'in (0.2, 0.75)',
          predicted: { claim: 0.5, alternatives: { 'P=1': 0.25, 'P=3': 0 } },
        },
      },
    });
    expect((two.match(/class="boundary"/g) ?? []).length).toBe(2);
    expect(two).toContain('no interval yet');
    const timing = {
      statistic: 'M',
      values: [0.24, 0.25, 0.245, 0.247, 0.248],
      median: 0.247,
      interval: [0.243, 0.251],
      confidence: 0.998,
      region: '> 0.125',
      predicted: { claim: 0.25, alternatives: { 'P=2': 0 } },
    };
    const early = timingChart({ evidence: { timing: { ...timing, intervalOf: 'mean' } } });
    expect(early).toContain('99.8% interval (the t-interval of the mean, at the early look) [');
    expect(timingChart({ evidence: { timing: { ...timing, intervalOf: 'median' } } })).toContain('99.8% interval [');
  });

  it('scales, ticks and numbers', () => {
    expect(ticks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(ticks(3, 3)).toEqual([3]);
    const x = linear([0, 10], [0, 100]);
    expect(x(5)).toBe(50);
    expect(linear([2, 2], [0, 100])(2)).toBe(50);
    const l = log([1, 100], [0, 200]);
    expect(l(10)).toBeCloseTo(100);
    expect(l.ticks()).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(ratioTicks(0, Math.log(2)).map((v) => Math.round(Math.exp(v) * 100) / 100)).toEqual([1, 1.25, 1.5, 2]);
    expect(fmt(0.33333)).toBe('0.333');
    expect(fmt(1234.5)).toBe('1235');
    expect(fmt(NaN)).toBe('–');
    expect(Math.abs(jitter(7))).toBeLessThanOrEqual(0.5);
    expect(modelText({ P: 4, alts: { a: 1 }, s: 'x' })).toBe('P=4 · alts={"a":1} · s=x');
  });
});
