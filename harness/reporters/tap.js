// @ts-check
// TAP version 14 reporter: one test point per claim with a YAML diagnostic
// block, the plan at the end. An interrupted run ends in `Bail out!`.

import { summarize } from '../record.js';
import { oneLine, stripAnsi } from '../text.js';
import { formatDuration, num, summaryText, headline } from './format.js';
import { sourceName } from '../sources.js';

/**
 * Escape a TAP 14 description or directive reason: `\` → `\\`, `#` → `\#`,
 * ANSI codes and line breaks removed.
 * @param {unknown} text
 */
export function escapeTap(text) {
  return oneLine(text).replace(/\\/g, '\\\\').replace(/#/g, '\\#');
}

/**
 * A YAML scalar: JSON is valid YAML flow syntax, strings are double-quoted
 * (ANSI stripped; U+2028/2029 escaped), non-finite numbers become null.
 * @param {unknown} v
 * @returns {string}
 */
function scalar(v) {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(scalar).join(', ')}]`;
  if (typeof v === 'object')
    return JSON.stringify(v)
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
  return JSON.stringify(stripAnsi(String(v)))
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Render a flat-or-nested object as YAML lines at `indent` spaces.
 * @param {Record<string, unknown>} obj @param {number} indent
 * @returns {string[]}
 */
function yamlLines(obj, indent) {
  const pad = ' '.repeat(indent);
  /** @type {string[]} */
  const out = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      out.push(`${pad}${k}:`, ...yamlLines(/** @type {Record<string, unknown>} */ (v), indent + 2));
    } else {
      out.push(`${pad}${k}: ${scalar(v)}`);
    }
  }
  return out;
}

/**
 * The diagnostic fields for one result.
 * @param {any} r
 */
export function diagnostics(r) {
  /** @type {Record<string, unknown>} */
  const d = {
    title: r.title,
    verdict: r.verdict,
    label: r.label,
    reason: oneLine(r.reason),
    source: [r.source?.file && sourceName(r.source.file), r.source?.section].filter(Boolean).join(' — ') || undefined,
    expected: r.expected,
    trials: r.trials,
    durationMs: r.durationMs,
  };
  const t = r.evidence?.timing;
  if (t)
    d.timing = {
      statistic: t.statistic,
      median: t.median,
      interval: t.interval ?? null,
      boundary: t.boundary,
      ...(t.region ? { region: t.region } : {}),
    };
  const s = r.evidence?.structural;
  if (s) d.structural = { decided: s.decided, agree: s.agree, disagree: s.disagree };
  return d;
}

/**
 * The test point line plus its YAML block.
 * @param {any} r @param {number} n
 */
export function testPoint(r, n) {
  const desc = escapeTap(r.id);
  let line;
  if (r.known && r.verdict !== 'pass' && r.verdict !== 'skip')
    line = `not ok ${n} - ${desc} # TODO known here (${escapeTap(r.verdict)}): ${escapeTap(r.known.reason)}`;
  else if (r.verdict === 'pass') line = `ok ${n} - ${desc}`;
  else if (r.verdict === 'skip') line = `ok ${n} - ${desc} # SKIP ${escapeTap(r.reason)}`;
  else if (r.verdict === 'inconclusive') line = `not ok ${n} - ${desc} # TODO inconclusive: ${escapeTap(headline(r))}`;
  else line = `not ok ${n} - ${desc}`;
  return [line.trimEnd(), '  ---', ...yamlLines(diagnostics(r), 2), '  ...'].join('\n') + '\n';
}

/**
 * Header comments from run:start data.
 * @param {any} data
 */
function headerComments(data) {
  const node = data?.environment?.node ?? {};
  const p = data?.profile ?? {};
  const cpu = [`C=${p.cores ?? '?'} cores`, `availableParallelism ${p.availableParallelism ?? '?'}`];
  if (p.effectiveParallelism) cpu.push(`effective parallelism ${num(p.effectiveParallelism.value, 2)}`);
  if (p.pbkdf2) cpu.push(`pbkdf2 ${p.pbkdf2.iterations} iterations = ${formatDuration(p.pbkdf2.taskMs)}/task`);
  return [
    `node-concurrency-spec: ${data?.specs?.length ?? 0} claim${data?.specs?.length === 1 ? '' : 's'}`,
    `node ${node.version ?? '?'}, libuv ${node.uv ?? '?'}, V8 ${node.v8 ?? '?'}`,
    cpu.join(', '),
  ]
    .map((l) => `# ${oneLine(l)}\n`)
    .join('');
}

/**
 * The TAP reporter.
 * @param {AsyncIterable<{ type: string, data: any }>} source
 * @returns {AsyncGenerator<string>}
 */
export async function* tap(source) {
  yield 'TAP version 14\n';
  let n = 0;
  let ended = false;
  const results = [];
  for await (const event of source) {
    const { type, data } = event ?? {};
    if (type === 'run:start') {
      yield headerComments(data);
    } else if (type === 'spec:end') {
      results.push(data);
      yield testPoint(data, ++n);
    } else if (type === 'run:end') {
      ended = true;
      const summary = data?.summary ?? summarize(results);
      yield `# ${summaryText(summary)} (${formatDuration(data?.durationMs)})\n`;
      if (data?.interrupted) {
        yield 'Bail out! run interrupted, results are partial\n';
        return;
      }
      yield `1..${n}\n`;
    }
  }
  if (!ended) yield `1..${n}\n`;
}
