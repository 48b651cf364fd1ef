// @ts-check
// Helpers shared by the reporters: the colour decision, duration and number
// formatting, the summary sentence. Pure except for the defaults that read
// process.env. Line and ANSI handling is harness/text.js's; the verdict names
// and counts are the record's (harness/record.js), so a report's counts are
// the record's counts.
import { VERDICTS } from '../record.js';
import { oneLine } from '../text.js';

/**
 * Whether to colour output. `FORCE_COLOR` set and not '0' → on; otherwise
 * `NO_COLOR` set (any value, even empty) → off; otherwise on iff a TTY.
 * @param {{ tty?: boolean, env?: Record<string, string | undefined> }} [opts]
 * @returns {boolean}
 */
export function shouldColor({ tty = false, env = process.env } = {}) {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  if (env.NO_COLOR !== undefined) return false;
  return Boolean(tty);
}

const CODES = /** @type {const} */ ({
  green: [32, 39],
  red: [31, 39],
  yellow: [33, 39],
  grey: [90, 39],
  bold: [1, 22],
  dim: [2, 22],
});

/** @typedef {keyof typeof CODES} ColorName */

/**
 * A painter: `paint('red', 'x')` wraps in ANSI codes when enabled.
 * @param {boolean} enabled
 * @returns {(name: ColorName, text: string) => string}
 */
export function painter(enabled) {
  if (!enabled) return (_name, text) => text;
  return (name, text) => `\x1b[${CODES[name][0]}m${text}\x1b[${CODES[name][1]}m`;
}

/** Colour for each verdict. @type {Record<string, ColorName>} */
export const VERDICT_COLOR = {
  pass: 'green',
  fail: 'red',
  error: 'red',
  inconclusive: 'yellow',
  skip: 'grey',
};

/**
 * Human duration: `45ms` below 0.1 s, `0.3s`, `12.3s`, `2m05s`.
 * @param {number | null | undefined} ms
 * @returns {string}
 */
export function formatDuration(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 100) return `${Math.round(ms)}ms`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/**
 * Seconds with millisecond precision, for machine formats (`0.300`).
 * @param {number | null | undefined} ms
 */
export function seconds(ms) {
  return typeof ms === 'number' && Number.isFinite(ms) ? (ms / 1000).toFixed(3) : '0.000';
}

/**
 * A number rounded for display: integers as-is, others to `digits` significant
 * decimals without trailing zeros.
 * @param {number | null | undefined} x @param {number} [digits]
 */
export function num(x, digits = 3) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return String(x ?? '-');
  if (Number.isInteger(x)) return String(x);
  return String(Number(x.toFixed(digits)));
}

/**
 * The summary sentence: `N claims: a pass, b fail, c inconclusive, d skip, e error`,
 * plus `(k known here)` when an expectations file explained some verdicts.
 * @param {{ total: number, pass: number, fail: number, inconclusive: number, skip: number, error: number, known?: { total: number } }} s
 */
export function summaryText(s) {
  const parts = VERDICTS.map((v) => `${/** @type {any} */ (s)[v] ?? 0} ${v}`).join(', ');
  const known = s.known?.total ? ` (${s.known.total} known here)` : '';
  return `${s.total} claim${s.total === 1 ? '' : 's'}: ${parts}${known}`;
}

/**
 * A recorded timing evidence block in one line, for reports, e.g.
 * `S: median 1.98 [1.9, 2.05] @95% over n=9, boundary 1.5`. (The verdict's
 * reason describes the live judgement with verdict.js's timingText.)
 * @param {any} timing
 */
export function timingSummary(timing) {
  if (!timing) return '';
  const iv = Array.isArray(timing.interval) ? ` [${num(timing.interval[0])}, ${num(timing.interval[1])}]` : '';
  const conf = typeof timing.confidence === 'number' ? ` @${num(timing.confidence * 100, 1)}%` : '';
  return `${oneLine(timing.statistic)}: median ${num(timing.median)}${iv}${conf} over n=${timing.n}, boundary ${num(timing.boundary)}`;
}

/**
 * The settings in force of a record's environment in one line, '' when none:
 * 'settings in force: UV_THREADPOOL_SIZE=8 (pool 8 threads, measured)'.
 * @param {any} environment
 */
export function settingsText(environment) {
  const vars = Object.entries(environment?.env ?? {});
  if (!vars.length) return '';
  const text = vars.map(([k, v]) => `${k}=${shellWord(String(v))}`).join(' ');
  const P = environment.poolSize;
  const how = environment.poolSizeFrom === 'libuv rule' ? "by libuv's rule" : 'measured';
  const threads = `${P} thread${P === 1 ? '' : 's'}`;
  const pool = 'UV_THREADPOOL_SIZE' in environment.env && P != null ? ` (pool ${threads}, ${how})` : '';
  return `settings in force: ${text}${pool}`;
}

/** A value as a shell would need it: plain when safe, else JSON-quoted ('""' when empty). @param {string} v */
function shellWord(v) {
  return /^[\w@%+=:,./-]+$/.test(v) ? v : JSON.stringify(v);
}

/**
 * The settings in force as JUnit properties: 'env.KEY' per variable and
 * 'poolSize'; none when no setting was in force.
 * @param {any} environment
 * @returns {Record<string, unknown>}
 */
export function settingsProperties(environment) {
  const vars = Object.entries(environment?.env ?? {});
  if (!vars.length) return {};
  return { ...Object.fromEntries(vars.map(([k, v]) => [`env.${k}`, v])), poolSize: environment.poolSize };
}
