// @ts-check
// The source's own table beside ours, in the same shape: for a result whose
// spec gives `source.table`, the rows this run measured, drawn from the
// record's raw samples. Pure: the Markdown and HTML reports render it.
//
// Two kinds of samples make a table of ours:
// - A/B throughput blocks (runs [{ arm, label, variant, throughput, latency }]):
//   one row per arm and load; per block the mean of that arm's runs, then the
//   median over blocks of the throughput and of the mean, p50 and p99 latency.
// - Worker splits (runs [{ k, wallMs }]): one row per thread count k; per trial
//   the mean of its rounds, then the median over trials of the time the work
//   took, its throughput equivalent (1000/ms per second) and the slowest run.
import { median } from '../stats.js';
import { oneLine } from '../text.js';

/**
 * @typedef {string | number | null} Cell
 *
 * @typedef {object} Table
 * @property {string} setup       how it was measured, one line
 * @property {string[]} columns
 * @property {Cell[][]} rows
 *
 * @typedef {object} SideBySide
 * @property {Table} source       the source's table, as its spec gives it
 * @property {Table} ours         the same measurement, from this run's samples
 * @property {Table | null} atSourceLoad  ours under the source's own load (its clients and request
 *                                count), in the source table's columns, where the run made one
 * @property {string} expected    the model's prediction for this machine ('' if none)
 * @property {string[]} predicted the model's figures for this machine and for the source's (empty: none)
 */

/** The columns of our throughput table. */
export const THROUGHPUT_COLUMNS = Object.freeze([
  'server',
  'load',
  'req/s',
  'mean latency (ms)',
  'p50 (ms)',
  'p99 (ms)',
  'blocks',
]);
/** The columns of our worker-split table (the source's avg, max, req/s, total requests). */
export const SPLIT_COLUMNS = Object.freeze([
  'threads k',
  'time of the work (ms)',
  'slowest run (ms)',
  'work/s (1000/ms)',
  'trials',
]);

/** @param {unknown} x @returns {x is number} */
const isNum = (x) => typeof x === 'number' && Number.isFinite(x);

/** @param {number[]} xs */
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The median of the finite values, or null. @param {unknown[]} xs */
function med(xs) {
  const v = xs.filter(isNum);
  return v.length ? median(v) : null;
}

/**
 * A figure rounded for a table: integers from 100 on, one decimal from 10,
 * two below (3 significant digits or more).
 * @param {number | null} x
 * @returns {number | null}
 */
export function tidy(x) {
  if (!isNum(x)) return null;
  const a = Math.abs(x);
  const d = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  return Number(x.toFixed(d));
}

/** A cell as text: '–' for none. @param {Cell | undefined} c */
export function cellText(c) {
  if (c === null || c === undefined) return '–';
  return typeof c === 'number' ? String(c) : oneLine(c);
}

/**
 * Is a source table well formed enough to show? (The spec's validation says
 * why not; a record from elsewhere may carry anything.)
 * @param {any} t
 * @returns {t is Table}
 */
function shownTable(t) {
  return (
    !!t &&
    typeof t.setup === 'string' &&
    Array.isArray(t.columns) &&
    t.columns.length > 0 &&
    Array.isArray(t.rows) &&
    t.rows.every((/** @type {unknown} */ r) => Array.isArray(r))
  );
}

/**
 * How a throughput claim's blocks met their servers: one server per arm for
 * every block (blocks that record `serversFrom`, the block their servers
 * started at), or a fresh one per arm and block (records from before).
 * @param {any[]} blocks
 */
export function serversText(blocks) {
  const starts = [...new Set(blocks.map((b) => b?.serversFrom).filter((n) => typeof n === 'number'))];
  if (!starts.length) return 'a fresh server per arm and block';
  if (starts.length === 1) return 'one server per arm for every block';
  return `one server per arm, started again at block ${starts.slice(1).join(', ')} (one had exited)`;
}

/**
 * The source's table and ours for one result, or null: no source table, or
 * no samples of a kind that makes one (e.g. a record from before latencies
 * were kept).
 * @param {any} result
 * @returns {SideBySide | null}
 */
export function sideBySide(result) {
  const table = result?.source?.table;
  if (!shownTable(table)) return null;
  const samples = Array.isArray(result?.samples) ? result.samples : [];
  const ours = throughputTable(samples) ?? splitTable(samples);
  if (!ours) return null;
  const predicted = result?.expectation?.model?.predicted;
  return {
    source: { setup: oneLine(table.setup), columns: [...table.columns], rows: table.rows.map((r) => [...r]) },
    ours,
    atSourceLoad: sourceLoadTable(samples, table.columns),
    expected: oneLine(result?.expectation?.summary ?? ''),
    predicted: [predicted?.here, predicted?.source].filter((x) => typeof x === 'string' && x).map(oneLine),
  };
}

/** What each column of a source's throughput table is, read from one of our runs. */
const SOURCE_COLUMNS = /** @type {Record<string, (run: any) => number | string | null>} */ ({
  server: (run) => (run.workers > 0 ? `cluster (W=${run.workers})` : 'single process'),
  'req/s': (run) => tidy(run.throughput),
  'mean latency (ms)': (run) => tidy(run.latency?.mean ?? null),
  'total time (s)': (run) =>
    isNum(run.requests) && isNum(run.throughput) && run.throughput > 0 ? tidy(run.requests / run.throughput) : null,
  'p50 (ms)': (run) => tidy(run.latency?.p50 ?? null),
  'p99 (ms)': (run) => tidy(run.latency?.p99 ?? null),
});

/**
 * Our runs under the source's own load (a block's `sourceRuns`), one row per
 * arm, in the source table's columns (a column we cannot fill shows '–'),
 * with the percentiles the source did not give after them.
 * @param {any[]} samples @param {string[]} columns
 * @returns {Table | null}
 */
export function sourceLoadTable(samples, columns) {
  const block = samples.find(
    (s) => Array.isArray(s?.sourceRuns) && s.sourceRuns.some((/** @type {any} */ r) => isNum(r?.throughput)),
  );
  if (!block) return null;
  const cols = [...columns, ...['p50 (ms)', 'p99 (ms)'].filter((c) => !columns.includes(c))];
  const runs = block.sourceRuns.filter((/** @type {any} */ r) => isNum(r?.throughput));
  const rows = runs.map((/** @type {any} */ run) => cols.map((c) => SOURCE_COLUMNS[c]?.(run) ?? null));
  const run = runs[0];
  const answered = runs.map((/** @type {any} */ r) => r.requests).join(' and ');
  const setup = `${block.path ?? 'the endpoint'}: a closed loop of ${run.connections ?? 'the source’s'} clients, ${run.keepAlive ? 'keep-alive' : 'a new connection per request (no keep-alive)'}, ${answered} requests answered, against each warm server of block 1 in turn (A then B), generator on the same machine; one run per arm, shown, not judged`;
  return { setup, columns: cols, rows };
}

/**
 * A/B blocks with latencies: one row per (label, load), in the order first run.
 * @param {any[]} samples
 * @returns {Table | null}
 */
export function throughputTable(samples) {
  const blocks = samples.filter(
    (s) => Array.isArray(s?.runs) && s.runs.some((/** @type {any} */ r) => r?.arm && isNum(r?.throughput)),
  );
  const hasLatency = blocks.some((b) => b.runs.some((/** @type {any} */ r) => isNum(r?.latency?.mean)));
  if (!blocks.length || !hasLatency) return null;
  /** @type {Map<string, { label: string, load: string, arm: string, perBlock: { thr: number, mean: number | null, p50: number | null, p99: number | null }[] }>} */
  const groups = new Map();
  for (const b of blocks) {
    /** @type {Map<string, any[]>} */
    const inBlock = new Map();
    for (const r of b.runs) {
      if (!r?.arm || !isNum(r.throughput)) continue;
      const load = loadName(r, b);
      const key = `${r.arm}\u0000${r.label ?? r.arm}\u0000${load}`;
      if (!groups.has(key))
        groups.set(key, { label: String(r.label ?? r.arm), load, arm: String(r.arm), perBlock: [] });
      inBlock.set(key, [...(inBlock.get(key) ?? []), r]);
    }
    for (const [key, runs] of inBlock) {
      const lat = (/** @type {'mean' | 'p50' | 'p99'} */ f) => {
        const v = runs.map((r) => r.latency?.[f]).filter(isNum);
        return v.length ? mean(v) : null;
      };
      groups.get(key)?.perBlock.push({
        thr: mean(runs.map((r) => r.throughput)),
        mean: lat('mean'),
        p50: lat('p50'),
        p99: lat('p99'),
      });
    }
  }
  // Loads in the order first run, each with its arms in order A, B.
  const loads = [...new Set([...groups.values()].map((g) => g.load))];
  const rows = [...groups.values()]
    .sort((a, b) => loads.indexOf(a.load) - loads.indexOf(b.load) || a.arm.localeCompare(b.arm))
    .map((g) => [
      g.label,
      g.load,
      tidy(med(g.perBlock.map((x) => x.thr))),
      tidy(med(g.perBlock.map((x) => x.mean))),
      tidy(med(g.perBlock.map((x) => x.p50))),
      tidy(med(g.perBlock.map((x) => x.p99))),
      g.perBlock.length,
    ]);
  const first = blocks[0];
  const connections = med(blocks.map((b) => b.connections));
  const window = med(blocks.flatMap((b) => b.runs.map((/** @type {any} */ r) => r?.durationMs)));
  const paths = [...new Set(blocks.map((b) => b.path).filter((p) => typeof p === 'string'))];
  const setup = [
    `${paths.join(', ') || 'the endpoint'}: ${connections !== null ? `${connections} connection${connections === 1 ? '' : 's'}` : 'closed-loop connections'}`,
    window !== null ? ` for ≈${Math.round(window)} ms per run` : '',
    `, ${loads.join(' and ')}; ${serversText(blocks)}, arms interleaved ${first.order ? (first.order.length === 6 ? 'FABBAF/FBAABF' : 'ABBA/BAAB') : 'in turn'}, generator on the same machine; per block the mean of an arm's runs, then the median over ${blocks.length} block${blocks.length === 1 ? '' : 's'}`,
  ].join('');
  return { setup, columns: [...THROUGHPUT_COLUMNS], rows };
}

/**
 * The load a run was under: its variant's name, or its keep-alive setting
 * where the block has a single load.
 * @param {any} run @param {any} block
 */
function loadName(run, block) {
  if (typeof run.variant === 'string' && run.variant && run.variant !== 'main') return run.variant;
  const ka = typeof run.keepAlive === 'boolean' ? run.keepAlive : block?.keepAlive;
  return ka === false ? 'no keep-alive' : ka === true ? 'keep-alive' : 'main';
}

/**
 * Worker splits: one row per thread count k.
 * @param {any[]} samples
 * @returns {Table | null}
 */
export function splitTable(samples) {
  const trials = samples.filter(
    (s) => Array.isArray(s?.runs) && s.runs.some((/** @type {any} */ r) => isNum(r?.k) && isNum(r?.wallMs)),
  );
  if (!trials.length) return null;
  /** @type {Map<number, { perTrial: number[], slowest: number }>} */
  const byK = new Map();
  for (const t of trials) {
    /** @type {Map<number, number[]>} */
    const walls = new Map();
    for (const r of t.runs) if (isNum(r?.k) && isNum(r?.wallMs)) walls.set(r.k, [...(walls.get(r.k) ?? []), r.wallMs]);
    for (const [k, ws] of walls) {
      const g = byK.get(k) ?? { perTrial: [], slowest: -Infinity };
      g.perTrial.push(mean(ws));
      g.slowest = Math.max(g.slowest, ...ws);
      byK.set(k, g);
    }
  }
  const rows = [...byK.entries()]
    .sort(([a], [b]) => a - b)
    .map(([k, g]) => {
      const ms = median(g.perTrial);
      return [k, tidy(ms), tidy(g.slowest), tidy(ms > 0 ? 1000 / ms : null), g.perTrial.length];
    });
  const total = med(trials.map((t) => t.total));
  const rounds = med(trials.map((t) => t.rounds));
  const setup =
    `the same CPU work${total !== null ? ` (${total} pbkdf2 iterations)` : ''} split evenly over k pre-started worker threads in one process, no HTTP` +
    `${rounds === 1 ? ', each k timed once per trial, ascending and descending in turn' : rounds !== null ? `, ${rounds} interleaved rounds per trial, per trial the mean of its rounds` : ''}; the median over ${trials.length} trial${trials.length === 1 ? '' : 's'}; the slowest run of all`;
  return { setup, columns: [...SPLIT_COLUMNS], rows };
}
