import { test } from 'node:test';
import { expect } from 'expect';
import { readFileSync, writeFileSync } from 'node:fs';
import { Parser } from 'tap-parser';
import { LIVE, EXPORTERS, REPORTERS, render, spec, tap, jsonTargets } from '../harness/reporters/index.js';
import { REPORTER_NAMES } from '../harness/args.js';
import { eventsOf } from './lib/events.js';
import { shouldColor, formatDuration, summaryText, timingSummary } from '../harness/reporters/format.js';
import { oneLine, stripAnsi } from '../harness/text.js';
import { escapeTap, testPoint } from '../harness/reporters/tap.js';
import { escapeXml, renderJunit } from '../harness/reporters/junit.js';
import { summarize } from '../harness/record.js';

const golden = (name) => new URL(`./golden/${name}`, import.meta.url);
const record = JSON.parse(readFileSync(golden('record.json'), 'utf8'));
const clone = () => structuredClone(record);

/** Parse TAP text with tap-parser; resolves with the final results. */
function parseTap(text) {
  return new Promise((resolve) => {
    const p = new Parser(resolve);
    p.end(text);
  });
}

const ENTITY = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/y;
const decode = (s) =>
  s.replace(
    /&(amp|lt|gt|quot|apos|#\d+);/g,
    (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? String.fromCharCode(Number(e.slice(1))),
  );

/** Check raw character data: no '<', every '&' starts an entity, no illegal controls. */
function checkChars(s, where) {
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x1b]/.test(s)) throw new Error(`control char in ${where}`);
  if (s.includes('<')) throw new Error(`raw < in ${where}`);
  for (let i = s.indexOf('&'); i !== -1; i = s.indexOf('&', i + 1)) {
    ENTITY.lastIndex = i;
    if (!ENTITY.test(s)) throw new Error(`bad entity in ${where} at ${s.slice(i, i + 10)}`);
  }
}

/**
 * Minimal well-formedness checker for the XML we emit (no comments, CDATA or
 * DTD): tags must nest, attributes must be quoted and unique, character data
 * must be escaped. Returns a tree of { name, attrs, children, text }.
 */
function parseXml(xml) {
  const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"]*")*)\s*(\/?)>/y;
  let i = xml.startsWith('<?xml') ? xml.indexOf('?>') + 2 : 0;
  const root = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    checkChars(text, `text of <${stack.at(-1).name}>`);
    if (stack.length === 1 && text.trim()) throw new Error('text outside the root element');
    stack.at(-1).text += decode(text);
    if (lt === -1) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(xml);
    if (!m) throw new Error(`malformed tag at ${xml.slice(lt, lt + 30)}`);
    const [, close, name, rawAttrs, selfClose] = m;
    i = TAG.lastIndex;
    if (close) {
      const open = stack.pop();
      if (rawAttrs || selfClose || open.name !== name) throw new Error(`</${name}> closes <${open.name}>`);
      continue;
    }
    const attrs = {};
    for (const [, k, v] of rawAttrs.matchAll(/([A-Za-z_][\w.:-]*)="([^"]*)"/g)) {
      if (k in attrs) throw new Error(`duplicate attribute ${k}`);
      checkChars(v, `attribute ${k}`);
      attrs[k] = decode(v);
    }
    const el = { name, attrs, children: [], text: '' };
    if (stack.length === 1 && root.children.length) throw new Error('more than one root element');
    stack.at(-1).children.push(el);
    if (!selfClose) stack.push(el);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack.at(-1).name}>`);
  return root.children[0];
}

const goldens = [
  ['spec', () => spec({ tty: false, color: false }), 'spec.txt'],
  ['tap', () => tap, 'tap.txt'],
];

for (const [name, make, file] of goldens) {
  test(`golden: ${name} reporter renders record.json as ${file}`, async () => {
    const out = await render(make(), eventsOf(record));
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden(file), out);
    expect(out).toBe(readFileSync(golden(file), 'utf8'));
    expect(out).not.toContain('\x1b');
  });
}

test('golden: the junit exporter renders record.json as junit.xml', () => {
  const out = EXPORTERS.junit.record(record);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden('junit.xml'), out);
  expect(out).toBe(readFileSync(golden('junit.xml'), 'utf8'));
});

test('eventsOf (test/lib) replays run:start, spec:start/spec:end per result, run:end', async () => {
  const events = [];
  for await (const e of eventsOf(record)) events.push(e);
  const n = record.results.length;
  expect(events.map((e) => e.type)).toEqual([
    'run:start',
    ...Array(n).fill(['spec:start', 'spec:end']).flat(),
    'run:end',
  ]);
  expect(events[0].data.specs).toEqual(record.results.map(({ id, title }) => ({ id, title })));
  expect(events[1].data).toEqual({ id: record.results[0].id, title: record.results[0].title, index: 0, total: n });
  expect(events.at(-1).data).toBe(record);
});

test('one table: live reporters spec and tap, exporters json, html, markdown, junit; --reporter takes them all', async () => {
  expect(Object.keys(LIVE)).toEqual(['spec', 'tap']);
  expect(Object.keys(EXPORTERS)).toEqual(['json', 'html', 'markdown', 'junit']);
  expect(REPORTER_NAMES.slice().sort()).toEqual(REPORTERS.slice().sort());
  const out = EXPORTERS.json.record(record);
  expect(out.endsWith('}\n')).toBe(true);
  expect(JSON.parse(out)).toEqual(record);
  expect(await render(LIVE.tap, eventsOf(record))).toBe(await render(tap, eventsOf(record)));
  expect(jsonTargets('reports/x.json')).toEqual([
    { name: 'json', file: 'reports/x.json' },
    { name: 'html', file: 'reports/x.html' },
    { name: 'markdown', file: 'reports/x.md' },
  ]);
});

test('tap output parses as TAP 14 with counts matching the record', async () => {
  const out = await render(tap, eventsOf(record));
  expect(out.startsWith('TAP version 14\n')).toBe(true);
  const res = await parseTap(out);
  const s = record.summary;
  expect(res.bailout).toBe(false);
  expect(res.failures.filter((f) => f.tapError)).toEqual([]);
  expect(res.count).toBe(s.total);
  expect(res.plan).toMatchObject({ start: 1, end: s.total });
  expect(res.skip).toBe(s.skip);
  expect(res.todo).toBe(s.inconclusive);
  expect(res.pass).toBe(s.pass + s.skip);
  expect(res.failures.length).toBe(s.fail + s.error);
  expect(res.ok).toBe(s.fail + s.error === 0);
  const skipped = res.skips[0];
  expect(skipped.skip).toBe(record.results.find((r) => r.verdict === 'skip').reason);
  const err = res.failures.find((f) => f.diag.verdict === 'error');
  expect(err.diag.reason).toBe(stripAnsi(record.results.find((r) => r.verdict === 'error').reason));
  expect(res.failures.find((f) => f.diag.verdict === 'fail').diag.timing).toMatchObject({ interval: [22.7, 26] });
});

test('tap: ok is true when there is no fail or error; escaping; interruption bails out', async () => {
  const rec = clone();
  rec.results = rec.results.filter((r) => r.verdict !== 'fail' && r.verdict !== 'error');
  rec.results[0] = { ...rec.results[0], id: 'odd#id\\x', reason: 'a # b \\ c\nd' };
  const res = await parseTap(await render(tap, eventsOf(rec)));
  expect(res.ok).toBe(true);
  expect(res.count).toBe(rec.results.length);
  expect(escapeTap('a#b\\c')).toBe('a\\#b\\\\c');

  const stopped = { ...clone(), interrupted: true };
  const out = await render(tap, eventsOf(stopped));
  expect(out).toMatch(/^Bail out! /m);
  expect((await parseTap(out)).bailout).toBeTruthy();
});

test('junit output is well-formed XML with matching counts and escaping', async () => {
  const out = EXPORTERS.junit.record(record);
  const doc = parseXml(out);
  const s = record.summary;
  expect(doc.name).toBe('testsuites');
  const [suite] = doc.children;
  expect(suite.attrs).toMatchObject({
    name: 'node-concurrency-spec',
    tests: String(s.total),
    failures: String(s.fail),
    errors: String(s.error),
    skipped: String(s.skip + s.inconclusive),
    time: '42.317',
  });
  const props = Object.fromEntries(suite.children[0].children.map((p) => [p.attrs.name, p.attrs.value]));
  expect(props).toMatchObject({ 'node.version': 'v20.20.2', 'node.uv': '1.46.0', cores: '4', platform: 'linux' });
  const cases = suite.children.filter((c) => c.name === 'testcase');
  expect(cases.map((c) => c.attrs.name)).toEqual(record.results.map((r) => r.id));
  const kinds = (k) => cases.filter((c) => c.children.some((x) => x.name === k)).length;
  expect([kinds('failure'), kinds('error'), kinds('skipped')]).toEqual([s.fail, s.error, s.skip + s.inconclusive]);
  const byId = Object.fromEntries(cases.map((c) => [c.attrs.name, c]));
  const error = record.results.find((r) => r.verdict === 'error');
  expect(byId[error.id].children[0].attrs.message).toBe(stripAnsi(error.reason));
  expect(byId[error.id].attrs).toMatchObject({ classname: error.area, time: '0.187' });
  const inc = record.results.find((r) => r.verdict === 'inconclusive');
  expect(byId[inc.id].children[0].attrs.message).toBe(`inconclusive: ${inc.reason}`);
});

test('junit escapes control characters and the five XML specials', async () => {
  expect(escapeXml('a\x00b\x1b[31mc\x1b[0m<&>"\'')).toBe('abc&lt;&amp;&gt;&quot;&apos;');
  expect(escapeXml('x\ny', { attr: true })).toBe('x&#10;y');
  const rec = clone();
  rec.results[3] = { ...rec.results[3], reason: 'bad\x01\x07 "q" <t>\ttab', id: 'a.b&c' };
  const doc = parseXml(EXPORTERS.junit.record(rec));
  expect(doc.children[0].children.find((c) => c.attrs.name === 'a.b&c')).toBeTruthy();
});

test('spec reporter: TTY progress line, colours and interruption', async () => {
  const r = { ...record.results[2] };
  const events = [
    { type: 'run:start', data: { ...record, specs: [{ id: r.id, title: r.title }] } },
    { type: 'spec:start', data: { id: r.id, title: r.title, index: 0, total: 1 } },
    { type: 'spec:trial', data: { id: r.id, trial: 2, elapsedMs: 1234, note: 'warming up' } },
    { type: 'spec:end', data: r },
    {
      type: 'run:end',
      data: {
        ...record,
        results: [r],
        interrupted: true,
        summary: { total: 1, pass: 1, fail: 0, inconclusive: 0, skip: 0, error: 0 },
      },
    },
  ];
  const out = await render(spec({ tty: true, color: true, columns: 200 }), events);
  expect(out).toContain(`\r\x1b[2K\x1b[2m[1/1] ${r.id}  trial 2  1.2s  warming up\x1b[22m`);
  expect(out).toContain(`\r\x1b[2K\x1b[32m${'refuted as expected'.padEnd(21)}\x1b[39m`);
  const plain = stripAnsi(out);
  expect(plain).toMatch(/1 claim: 1 pass, 0 fail, 0 inconclusive, 0 skip, 0 error \(42\.3s\)/);
  expect(plain).toMatch(/^interrupted/m);

  const lines = (await render(spec({ tty: false, color: false }), events)).split('\n');
  expect(lines.some((l) => l.includes('\r'))).toBe(false);
  expect(lines).toContain(`refuted as expected   ${r.id.padEnd(24)}   0.3s — ${r.reason}`);
});

test('spec reporter colours by verdict, not label', async () => {
  const out = await render(spec({ tty: false, color: true }), eventsOf(record));
  expect(out).toContain('\x1b[31mfail');
  expect(out).toContain('\x1b[31merror');
  expect(out).toContain('\x1b[33minconclusive');
  expect(out).toContain('\x1b[90mskip');
  expect(out).toContain('\x1b[32mrefuted as expected');
});

test('shouldColor: FORCE_COLOR beats NO_COLOR beats tty', () => {
  expect(shouldColor({ tty: false, env: { FORCE_COLOR: '1' } })).toBe(true);
  expect(shouldColor({ tty: false, env: { FORCE_COLOR: '' } })).toBe(true);
  expect(shouldColor({ tty: true, env: { FORCE_COLOR: '0' } })).toBe(true);
  expect(shouldColor({ tty: true, env: { FORCE_COLOR: '0', NO_COLOR: '' } })).toBe(false);
  expect(shouldColor({ tty: true, env: { FORCE_COLOR: '1', NO_COLOR: '1' } })).toBe(true);
  expect(shouldColor({ tty: true, env: { NO_COLOR: '' } })).toBe(false);
  expect(shouldColor({ tty: true, env: {} })).toBe(true);
  expect(shouldColor({ tty: false, env: {} })).toBe(false);
});

test('format helpers', () => {
  expect([45, 312, 4870, 42317, 125000].map(formatDuration)).toEqual(['45ms', '0.3s', '4.9s', '42.3s', '2m05s']);
  expect(formatDuration(undefined)).toBe('-');
  expect(oneLine('a\x1b[1m\nb\t\tc\x07')).toBe('a b c');
});

test('a known deviation: TAP TODO and JUnit skipped, naming the verdict and the reason', () => {
  const r = {
    ...record.results[0],
    verdict: 'fail',
    label: 'fail (known here)',
    known: { reason: 'pool differs on this OS', link: null },
  };
  expect(testPoint(r, 1).split('\n')[0]).toBe(`not ok 1 - ${r.id} # TODO known here (fail): pool differs on this OS`);
  const xml = renderJunit({ ...record, results: [r] });
  expect(xml).toContain('<skipped message="known here (fail): pool differs on this OS"/>');
  expect(xml).toMatch(/failures="0"/);
  expect(xml).toMatch(/skipped="1"/);
});

test('the summary sentence counts verdicts explained by an expectations file', () => {
  expect(summaryText({ total: 3, pass: 1, fail: 1, inconclusive: 1, skip: 0, error: 0, known: { total: 1 } })).toBe(
    '3 claims: 1 pass, 1 fail, 1 inconclusive, 0 skip, 0 error (1 known here)',
  );
  expect(summaryText({ total: 1, pass: 1, fail: 0, inconclusive: 0, skip: 0, error: 0 })).toBe(
    '1 claim: 1 pass, 0 fail, 0 inconclusive, 0 skip, 0 error',
  );
});

test('without a record summary, reporters count the results as the record does (known ones included)', async () => {
  const known = { ...record.results[0], verdict: 'fail', label: 'fail (known here)', known: { reason: 'r' } };
  const results = [record.results[1], known];
  const events = async function* () {
    for (const r of results) yield { type: 'spec:end', data: r };
    yield { type: 'run:end', data: { durationMs: 10 } };
  };
  const want = summaryText(summarize(results));
  expect(want).toMatch(/\(1 known here\)$/);
  expect(await render(tap, events())).toContain(`# ${want} (`);
  expect(await render(spec({ tty: false, color: false }), events())).toContain(`\n${want} (`);
});

test('timingSummary: a recorded timing block in one line', () => {
  const t = { statistic: 'S\nratio', median: 1.98, interval: [1.9, 2.05], confidence: 0.95, n: 9, boundary: 1.5 };
  expect(timingSummary(t)).toBe('S ratio: median 1.98 [1.9, 2.05] @95% over n=9, boundary 1.5');
  const bare = { ...t, interval: null, confidence: undefined };
  expect(timingSummary(bare)).toBe('S ratio: median 1.98 over n=9, boundary 1.5');
  expect(timingSummary(null)).toBe('');
  // alternatives on both sides of the claim: the record's boundary is only the lower end
  const both = { ...t, statistic: 'Q', median: 2.33, boundary: 1.667, region: 'in (1.667, 2.167)' };
  expect(timingSummary(both)).toBe('Q: median 2.33 [1.9, 2.05] @95% over n=9, region in (1.667, 2.167)');
  expect(timingSummary({ ...t, region: '> 1.5' })).toBe('S ratio: median 1.98 [1.9, 2.05] @95% over n=9, boundary 1.5');
});

test('spec reporter: a deferred claim gets a line saying why and that it sits again; its second sitting is named in the progress line', async () => {
  const r = record.results[0];
  const events = [
    { type: 'run:start', data: { startedAt: record.startedAt, environment: record.environment, specs: [r] } },
    { type: 'spec:start', data: { id: r.id, title: r.title, index: 0, total: 1 } },
    { type: 'spec:deferred', data: { id: r.id, reason: '3 of 3 trials void: machine busy' } },
    { type: 'spec:start', data: { id: r.id, title: r.title, index: 0, total: 1, resumed: true } },
    { type: 'spec:end', data: r },
  ];
  const lines = (await render(spec({ tty: false, color: false }), events)).split('\n');
  expect(lines).toContain(
    `${'deferred'.padEnd(21)} ${r.id.padEnd(24)} 3 of 3 trials void; it sits again after the others`,
  );
  const live = stripAnsi(await render(spec({ tty: true, color: false, columns: 200 }), events));
  expect(live).toContain(`[1/1] ${r.id} (second sitting)`);
});
