// Helpers shared by the reporters: ANSI stripping, the colour decision,
// duration formatting and small text utilities. Pure except for the defaults
// that read process.env.

// CSI sequences (colours, cursor moves, clear-line), OSC sequences (titles,
// hyperlinks) and lone two-byte escapes.
const ANSI_RE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]/g;

/**
 * Remove ANSI escape sequences.
 * @param {unknown} text
 * @returns {string}
 */
export function stripAnsi(text) {
  return String(text ?? '').replace(ANSI_RE, '');
}

/**
 * Strip ANSI codes and turn the text into one line: newlines and tabs become
 * spaces, other control characters are dropped, runs of spaces collapse.
 * @param {unknown} text
 * @returns {string}
 */
export function oneLine(text) {
  return stripAnsi(text)
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\x00-\x1f\x7f-\x9f]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

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

/** The verdicts, in summary order. */
export const VERDICTS = /** @type {const} */ (['pass', 'fail', 'inconclusive', 'skip', 'error']);

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
 * Counts per verdict, from results (the record's summary when available).
 * @param {{ verdict: string }[]} results
 * @returns {{ total: number, pass: number, fail: number, inconclusive: number, skip: number, error: number }}
 */
export function countVerdicts(results) {
  const c = { total: results.length, pass: 0, fail: 0, inconclusive: 0, skip: 0, error: 0 };
  for (const r of results) if (r.verdict in c && r.verdict !== 'total') c[/** @type {'pass'} */ (r.verdict)]++;
  return c;
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
 * Short one-line description of a timing evidence block, e.g.
 * `median 1.98 [1.9, 2.05] @95%, boundary 1.5`.
 * @param {any} timing
 */
export function timingText(timing) {
  if (!timing) return '';
  const iv = Array.isArray(timing.interval) ? ` [${num(timing.interval[0])}, ${num(timing.interval[1])}]` : '';
  const conf = typeof timing.confidence === 'number' ? ` @${num(timing.confidence * 100, 1)}%` : '';
  return `${oneLine(timing.statistic)}: median ${num(timing.median)}${iv}${conf} over n=${timing.n}, boundary ${num(timing.boundary)}`;
}
