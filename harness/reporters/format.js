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
  return `${oneLine(timing.statistic)}: median ${num(timing.median)}${iv}${conf} over n=${timing.n}, ${boundaryText(timing)}`;
}

/**
 * Where a timing statistic's claim side ends: 'boundary 1.5', or where
 * alternatives lie on both sides of the claim 'region in (1.667, 2.167)'
 * (the record's `boundary` holds only the lower one then).
 * @param {{ boundary?: number | null, region?: string }} timing
 */
export function boundaryText(timing) {
  return typeof timing.region === 'string' && timing.region.startsWith('in (')
    ? `region ${timing.region}`
    : `boundary ${num(timing.boundary)}`;
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

/** The longest headline, in characters: what fits beside a result line. */
export const HEADLINE_MAX = 160;

/**
 * A verdict's reason in one sentence a person reads at a glance: what the
 * deciding evidence said first (a verdict's reason leads with the channel
 * that decided it), then, where timing took part, its figure against the
 * claim's region. The whole reason stays in the record and in the reports'
 * evidence sections; this is what a result line and a summary table show.
 * @param {any} r a result
 * @returns {string}
 */
export function headline(r) {
  const full = oneLine(r?.reason);
  // A fail names the assertion that failed, with what was read.
  const failed =
    r?.verdict === 'fail'
      ? (r?.evidence?.assertions ?? []).find((/** @type {any} */ a) => a?.decided === 'fail')
      : null;
  if (failed) return clip(`“${oneLine(failed.name)}” does not hold: ${oneLine(failed.detail)}`, HEADLINE_MAX);
  const clauses = topLevelClauses(full);
  // decide() puts the deciding channel first. Timing first: its clause is the
  // sentence (with the structure's, where it fits).
  if (/^timing /.test(clauses[0] ?? '')) {
    const [first, next] = clauses;
    if (next && first.length + next.length + 2 <= HEADLINE_MAX) return `${first}; ${next}`;
    return clip(first, HEADLINE_MAX);
  }
  // Else the structure's text, which may hold several clauses of its own, up
  // to where the timing's begins; then the timing figure, where timing decided.
  const at = clauses.findIndex((c, i) => i > 0 && /^timing /.test(c));
  const structure = (at < 0 ? clauses : clauses.slice(0, at)).join('; ');
  const timing = r?.evidence?.timing;
  const decided =
    timing &&
    typeof timing.median === 'number' &&
    (timing.decided === 'pass' || timing.decided === 'fail') &&
    !/timing reported, not judged/.test(full) &&
    !/\bmedian\b/.test(structure);
  const figure = decided ? timingFigure(timing) : '';
  const lead = clip(structure, HEADLINE_MAX - (figure ? figure.length + 2 : 0));
  return figure ? `${lead}; ${figure}` : lead;
}

/**
 * A timing evidence block as its figure against the claim's region:
 * 'r median −0.53 (CI [−0.71, −0.14]) vs region < 0.095'; an early look's
 * interval is the mean's, and says so: '(t-CI of the mean [0.24, 0.25])'.
 * @param {any} timing
 */
function timingFigure(timing) {
  const kind = timing.intervalOf === 'mean' ? 't-CI of the mean' : 'CI';
  const iv = Array.isArray(timing.interval)
    ? ` (${kind} [${num(timing.interval[0])}, ${num(timing.interval[1])}])`
    : '';
  const region = timing.region ? ` vs region ${oneLine(timing.region)}` : '';
  return `${oneLine(timing.statistic)} median ${num(timing.median)}${iv}${region}`;
}

/**
 * Split at '; ' outside parentheses and brackets: the clauses a reason was
 * joined from (a model's '(model 0; P=3 → 0.4)' stays whole).
 * @param {string} text
 */
function topLevelClauses(text) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ';' && depth === 0 && text[i + 1] === ' ') {
      out.push(text.slice(start, i));
      start = i + 2;
    }
  }
  out.push(text.slice(start));
  return out.filter(Boolean);
}

/**
 * At most n characters, marked '…': cut after the last whole clause ('; '),
 * else the last phrase (': ', ', ') past the middle, else mid-word.
 * @param {string} s @param {number} n
 */
function clip(s, n) {
  if (s.length <= n) return s;
  const head = s.slice(0, Math.max(1, n - 1));
  const clause = head.lastIndexOf('; ');
  const phrase = Math.max(head.lastIndexOf(': '), head.lastIndexOf(', '));
  const cut = clause > 0 ? clause : phrase > n / 2 ? phrase : -1;
  return `${cut > 0 ? head.slice(0, cut) : head}…`;
}

/**
 * A structural assertion's trial count for the reports: ", 3/4 trials", and
 * how many contested trials read against it; '' for a timing assertion.
 * @param {{ agree?: number, disagree?: number, contested?: number }} a
 */
export function assertionCount(a) {
  if (typeof a.agree !== 'number') return '';
  const contested = a.contested ? ` (${a.contested} more read against it within the noise)` : '';
  return `, ${a.agree}/${a.agree + (a.disagree ?? 0)} trials${contested}`;
}
