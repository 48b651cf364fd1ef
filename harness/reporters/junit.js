// @ts-check
// JUnit XML reporter. The document needs totals up front, so it is rendered
// once, at run:end, from the record.

import { VERDICTS, summarize } from '../record.js';
import { stripAnsi } from '../text.js';
import { seconds, settingsProperties, timingSummary, headline } from './format.js';
import { sourceName } from '../sources.js';

const SUITE = 'node-concurrency-spec';

/**
 * Make text safe for XML 1.0: strip ANSI codes and characters XML cannot
 * carry (C0 controls except tab/newline/CR, lone surrogates, U+FFFE/U+FFFF),
 * then escape & < > " '. In attributes, tab/newline/CR become character
 * references so parsers keep them.
 * @param {unknown} text @param {{ attr?: boolean }} [opts]
 */
export function escapeXml(text, { attr = false } = {}) {
  let s = stripAnsi(text)
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  if (attr) s = s.replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
  return s;
}

/**
 * `name="value"` pairs.
 * @param {Record<string, string | number>} attrs
 */
function attributes(attrs) {
  return Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v, { attr: true })}"`)
    .join('');
}

/**
 * Multi-line details about a result, for failure bodies and system-out.
 * @param {any} r
 */
export function details(r) {
  const lines = [`${r.label ?? r.verdict}: ${r.reason ?? ''}`];
  if (r.claim) lines.push(`claim: ${r.claim}`);
  const source = [r.source?.file && sourceName(r.source.file), r.source?.section].filter(Boolean).join(' — ');
  if (source) lines.push(`source: ${source}`);
  if (r.expectation?.summary) lines.push(`expected: ${r.expectation.summary}`);
  const t = r.evidence?.timing;
  if (t) lines.push(`timing: ${timingSummary(t)}`);
  const s = r.evidence?.structural;
  if (s) {
    lines.push(`structural: ${s.agree} agree, ${s.disagree} disagree`);
    for (const d of s.details ?? []) lines.push(`  ${d}`);
  }
  lines.push(`trials: ${r.trials}`);
  return lines.join('\n');
}

/**
 * One <testcase> element.
 * @param {any} r
 */
export function testCase(r) {
  const open = `    <testcase${attributes({ classname: r.area ?? 'unknown', name: r.id, time: seconds(r.durationMs) })}`;
  const body = escapeXml(details(r));
  const msg = stripAnsi(headline(r)); // one sentence; the body has the whole reason
  let inner;
  if (r.known && r.verdict !== 'pass' && r.verdict !== 'skip')
    inner = `      <skipped${attributes({ message: `known here (${r.verdict}): ${stripAnsi(r.known.reason ?? '')}` })}/>`;
  else if (r.verdict === 'fail')
    inner = `      <failure${attributes({ message: msg, type: 'fail' })}>${body}</failure>`;
  else if (r.verdict === 'error') inner = `      <error${attributes({ message: msg, type: 'error' })}>${body}</error>`;
  else if (r.verdict === 'skip') inner = `      <skipped${attributes({ message: msg })}/>`;
  else if (r.verdict === 'inconclusive') inner = `      <skipped${attributes({ message: `inconclusive: ${msg}` })}/>`;
  else if (r.verdict !== 'pass') inner = `      <error${attributes({ message: `unknown verdict ${r.verdict}` })}/>`;
  // failure/error bodies already carry the details; others get them as output
  const out =
    !r.known && (r.verdict === 'fail' || r.verdict === 'error') ? '' : `      <system-out>${body}</system-out>\n`;
  return `${open}>\n${inner ? `${inner}\n` : ''}${out}    </testcase>\n`;
}

/**
 * Render a full record as a JUnit XML document.
 * @param {any} record
 * @returns {string}
 */
export function renderJunit(record) {
  const results = /** @type {any[]} */ (record?.results ?? []);
  const c = summarize(results);
  const known = (/** @type {string} */ v) => c.known?.[v] ?? 0;
  const counts = {
    tests: c.total,
    failures: c.fail - known('fail'),
    errors: c.error - known('error') + results.filter((r) => !VERDICTS.includes(r.verdict)).length,
    skipped: c.skip + c.inconclusive + known('fail') + known('error'),
    time: seconds(record?.durationMs),
  };
  const env = record?.environment ?? {};
  /** @type {Record<string, unknown>} */
  const props = {
    'node.version': env.node?.version,
    'node.path': env.node?.path,
    'node.uv': env.node?.uv,
    'node.v8': env.node?.v8,
    cores: record?.profile?.cores,
    availableParallelism: record?.profile?.availableParallelism,
    effectiveParallelism: record?.profile?.effectiveParallelism?.value,
    platform: env.platform,
    arch: env.arch,
    release: env.release,
    ...settingsProperties(env),
    interrupted: record?.interrupted,
  };
  const propLines = Object.entries(props)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([name, value]) => `      <property${attributes({ name, value: String(value) })}/>\n`)
    .join('');
  const suiteAttrs = { name: SUITE, ...counts };
  if (record?.startedAt) Object.assign(suiteAttrs, { timestamp: record.startedAt });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites${attributes({ name: SUITE, ...counts })}>\n` +
    `  <testsuite${attributes(suiteAttrs)}>\n` +
    `    <properties>\n${propLines}    </properties>\n` +
    results.map(testCase).join('') +
    '  </testsuite>\n</testsuites>\n'
  );
}
