// @ts-check
// Human-readable reporter: a machine header, one line per claim, a summary.
// On a TTY a live progress line is rewritten in place while a spec runs.

import {
  VERDICT_COLOR,
  formatDuration,
  num,
  painter,
  settingsText,
  shouldColor,
  summaryText,
  headline,
} from './format.js';
import { summarize } from '../record.js';
import { oneLine, reasonHead } from '../text.js';
import { formatProfile } from '../profile.js';
import { WAITING_PER_LANE } from '../lanes.js';

const CLEAR = '\r\x1b[2K';
const LABEL_WIDTH = 21; // 'refuted as expected' + 2
const MIN_ID_WIDTH = 24;
const MAX_ID_WIDTH = 40;

/**
 * @typedef {object} SpecOptions
 * @property {boolean} [tty]     live progress line (default: stdout is a TTY)
 * @property {boolean} [color]   ANSI colours (default: shouldColor({ tty }))
 * @property {number} [columns]  terminal width for clipping the progress line
 */

/**
 * Make the spec reporter.
 * @param {SpecOptions} [options]
 * @returns {(source: AsyncIterable<{ type: string, data: any }>) => AsyncGenerator<string>}
 */
export function spec(options = {}) {
  const tty = options.tty ?? Boolean(process.stdout.isTTY);
  const color = options.color ?? shouldColor({ tty });
  const columns = options.columns ?? (process.stdout.columns || 80);
  const paint = painter(color);

  return async function* specReporter(source) {
    let idWidth = MIN_ID_WIDTH;
    let progressOpen = false;
    /** @type {{ id: string, index: number, total: number } | null} */
    let current = null;
    let started = 0;
    const results = [];

    /** @param {string} text */
    const progress = (text) => {
      progressOpen = true;
      const clipped = text.length > columns - 1 ? `${text.slice(0, Math.max(0, columns - 2))}…` : text;
      return CLEAR + paint('dim', clipped);
    };
    const closeProgress = () => {
      if (!progressOpen) return '';
      progressOpen = false;
      return CLEAR;
    };

    for await (const event of source) {
      const { type, data } = event ?? {};
      if (type === 'run:start') {
        const ids = (data?.specs ?? []).map((/** @type {any} */ s) => String(s.id).length);
        idWidth = Math.min(MAX_ID_WIDTH, Math.max(MIN_ID_WIDTH, ...ids));
        yield header(data, paint);
      } else if (type === 'spec:start' && tty) {
        // The count of claims started, not the spec's index: with lanes the timing-free claims run first.
        if (!data.resumed) started++;
        current = { id: data.id, index: started - 1, total: data.total };
        yield progress(`[${started}/${data.total}] ${data.id}${data.resumed ? ' (second sitting)' : ''}`);
      } else if (type === 'spec:deferred') {
        current = null;
        const why = reasonHead(data.reason);
        yield `${closeProgress()}${paint('dim', `${'deferred'.padEnd(LABEL_WIDTH)} ${String(data.id).padEnd(idWidth)} ${why}; it sits again after the others`)}\n`;
      } else if (type === 'spec:trial' && tty) {
        const pos = current && current.id === data.id ? `[${current.index + 1}/${current.total}] ` : '';
        const note = data.note ? `  ${oneLine(data.note)}` : '';
        yield progress(`${pos}${data.id}  trial ${data.trial}  ${formatDuration(data.elapsedMs)}${note}`);
      } else if (type === 'spec:end') {
        results.push(data);
        current = null;
        yield `${closeProgress()}${resultLine(data, idWidth, paint)}\n`;
      } else if (type === 'run:end') {
        const summary = data?.summary ?? summarize(data?.results ?? results);
        let out = `${closeProgress()}\n${paint('bold', summaryText(summary))} (${formatDuration(data?.durationMs)})\n`;
        if (data?.interrupted)
          out += `${paint('yellow', 'interrupted: the run was stopped early, results are partial')}\n`;
        yield out;
      }
    }
    if (progressOpen) yield closeProgress();
  };
}

/**
 * The final line for one result.
 * @param {any} r @param {number} idWidth @param {ReturnType<typeof painter>} paint
 */
export function resultLine(r, idWidth, paint) {
  const label = oneLine(r.label || r.verdict);
  const colored = paint(VERDICT_COLOR[r.verdict] ?? 'red', label.padEnd(LABEL_WIDTH));
  const id = String(r.id).padEnd(idWidth);
  const dur = formatDuration(r.durationMs).padStart(6);
  // The line leads with the reason in one sentence; a fail or an inconclusive
  // also shows the whole reason (the other channel's evidence) below it.
  const lead = headline(r);
  const line = `${colored} ${id} ${dur}${lead ? ` — ${lead}` : ''}`;
  const indent = ' '.repeat(LABEL_WIDTH + 1);
  const full = oneLine(r.reason);
  const lines = [line];
  if ((r.verdict === 'fail' || r.verdict === 'inconclusive') && !lead.startsWith(full))
    lines.push(`${indent}${paint('dim', `details: ${full}`)}`);
  const expected = oneLine(r.expectation?.summary ?? '');
  if (expected) lines.push(`${indent}${paint('dim', `expected: ${expected}`)}`);
  return lines.join('\n');
}

/**
 * The machine header printed at run:start.
 * @param {any} data @param {ReturnType<typeof painter>} paint
 */
export function header(data, paint) {
  const env = data?.environment ?? {};
  const prof = data?.profile ?? {};
  const node = env.node ?? {};
  const n = data?.specs?.length ?? 0;
  const lines = [paint('bold', `node-concurrency-spec: ${n} claim${n === 1 ? '' : 's'}`)];

  const where = [env.platform, env.arch, env.release].filter(Boolean).join(' ');
  if (where) lines.push(`on ${where}`);
  if (data?.profile) lines.push(...formatProfile(prof, { node }));
  else lines.push(`node ${node.version ?? '?'}, libuv ${node.uv ?? '?'}`);
  const cpus = env.cpus;
  if (cpus && cpus.method && cpus.method !== 'none') {
    const list = Array.isArray(cpus.list) ? cpus.list.join(',') : '?';
    lines.push(`fixtures pinned to CPU ${list} (${cpus.method})`);
  }
  const settings = settingsText(env);
  if (settings) lines.push(settings);
  if (env.lanes > 1)
    lines.push(
      `timing-free claims first, ${env.lanes} at a time and up to ${env.lanes * WAITING_PER_LANE} that mostly wait; then every other claim alone (--lanes)`,
    );
  return `${lines.join('\n')}\n\n`;
}
