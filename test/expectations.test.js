// Known deviations per environment: loading with clear errors, matching by
// id/glob, verdict and environment, marking results, unused entries, the
// exit code and the record's schema; and the project's own file.
import { describe, test } from 'node:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import Ajv2020 from 'ajv/dist/2020.js';
import {
  loadExpectations,
  checkExpectations,
  applyExpectations,
  knownHere,
  applies,
  whereFrom,
  formatUnused,
} from '../harness/expectations.js';
import { buildRecord, exitCode, summarize } from '../harness/record.js';
import { UsageError } from '../harness/errors.js';
import { loadSpecs } from '../harness/registry.js';

const read = (/** @type {string} */ url) => JSON.parse(readFileSync(new URL(url, import.meta.url), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(read('../harness/schema/result.schema.json'));
const golden = read('./golden/record.json');

const here = { platform: 'linux', arch: 'x64', node: '20.20.2', cores: 2 };
/** @type {import('../harness/expectations.js').Entry[]} */
const entries = [
  {
    id: 'cluster.slower-on-light',
    when: { platform: 'linux', cores: '<=2' },
    verdict: 'inconclusive',
    reason: 'generator needs a core',
    link: 'https://example.org/1',
  },
  { id: 'pool.*', when: { node: '>=24' }, verdict: 'fail', reason: 'changed in 24' },
  { id: 'loop.cpu-blocks', when: { platform: ['darwin', 'win32'] }, verdict: 'fail', reason: 'elsewhere' },
  { id: 'workers.split-speeds-up', verdict: 'fail', reason: 'stale: now passes' },
  { id: 'net.gone', verdict: 'skip', reason: 'not in this run' },
];
const results = [
  { id: 'cluster.slower-on-light', verdict: 'inconclusive', label: 'inconclusive' },
  { id: 'pool.fifth-lags', verdict: 'fail', label: 'fail' },
  { id: 'loop.cpu-blocks', verdict: 'fail', label: 'fail' },
  { id: 'workers.split-speeds-up', verdict: 'pass', label: 'pass' },
];

describe('applying', () => {
  test('matching entries mark results; others stay; unused are reported', () => {
    const { results: marked, unused } = applyExpectations(results, here, entries);
    expect(marked[0]).toEqual({
      ...results[0],
      label: 'inconclusive (known here)',
      known: { reason: 'generator needs a core', link: 'https://example.org/1' },
    });
    expect(marked.slice(1)).toEqual(results.slice(1)); // node 20 is not >=24; linux is not darwin/win32; pass is not fail
    expect(results[0].label).toBe('inconclusive'); // not changed in place
    expect(unused).toEqual([
      { entry: entries[3], why: 'expected fail, got pass', stale: true },
      { entry: entries[4], why: 'no claim of this run matches its id', stale: false },
    ]);
    expect(unused.map(formatUnused)).toEqual([
      'expectation not used: workers.split-speeds-up fail: expected fail, got pass',
      'expectation not used: net.gone skip: no claim of this run matches its id',
    ]);
    expect(formatUnused({ entry: entries[2], why: 'x', stale: true })).toBe(
      'expectation not used: loop.cpu-blocks fail when platform darwin|win32: x',
    );
  });

  test('globs, node ranges and exit codes: a known fail does not fail the run', () => {
    const on24 = { ...here, node: '24.1.0' };
    const { results: marked, unused } = applyExpectations(results, on24, entries);
    expect(marked[1]).toMatchObject({ label: 'fail (known here)', known: { reason: 'changed in 24', link: null } });
    expect(unused.map((u) => u.entry.id)).toEqual(['workers.split-speeds-up', 'net.gone']);
    const summary = summarize(marked);
    expect(summary).toEqual({
      total: 4,
      pass: 1,
      fail: 2,
      inconclusive: 1,
      skip: 0,
      error: 0,
      known: { total: 2, fail: 1, inconclusive: 1 },
    });
    expect(exitCode(summary)).toBe(1); // loop.cpu-blocks is still an unexpected fail
    const without = summarize(marked.filter((r) => r.id !== 'loop.cpu-blocks'));
    expect(exitCode(without)).toBe(0);
    expect(exitCode(without, { strict: true })).toBe(0); // the inconclusive is known
    expect(exitCode(summarize([{ verdict: 'inconclusive' }]), { strict: true })).toBe(3);
    expect(exitCode(summarize([{ verdict: 'error', known: { reason: 'r', link: null } }]))).toBe(0);
    expect(exitCode(summarize([{ verdict: 'fail', known: { reason: 'r', link: null } }]), { interrupted: true })).toBe(
      2,
    );
  });

  test('knownHere marks one result of a live stream at a time, idempotently, and remembers what it used', () => {
    const known = knownHere(entries, here);
    const once = known.mark(results[0]);
    expect(once.label).toBe('inconclusive (known here)');
    expect(known.mark(once)).toBe(once);
    expect(known.mark(results[3])).toBe(results[3]);
    expect(known.unused().map((u) => u.entry)).not.toContain(entries[0]);
    // applying after marking keeps one label and still counts the entry as used
    const { results: again, unused } = applyExpectations([once], here, entries.slice(0, 1));
    expect(again[0].label).toBe('inconclusive (known here)');
    expect(unused).toEqual([]);
  });

  test('applies: every condition must hold; cores unknown never matches a cores condition', () => {
    expect(applies(undefined, here)).toBe(true);
    expect(applies({ platform: 'linux', arch: 'x64', node: '20.x', cores: '2' }, here)).toBe(true);
    expect(applies({ arch: ['arm64'] }, here)).toBe(false);
    expect(applies({ cores: '>=1' }, { ...here, cores: null })).toBe(false);
    expect(whereFrom({ platform: 'linux', arch: 'x64', node: { version: '22.1.0' } }, { cores: 1.5 })).toEqual({
      platform: 'linux',
      arch: 'x64',
      node: '22.1.0',
      cores: 1.5,
    });
    expect(whereFrom({ platform: 'linux', arch: 'x64', node: { version: '22.1.0' } }, null).cores).toBeNull();
  });

  test('a record with known results and unused entries is valid against the schema', () => {
    const marked = applyExpectations(golden.results, whereFrom(golden.environment, golden.profile), [
      {
        id: golden.results.find((/** @type {any} */ r) => r.verdict === 'fail').id,
        verdict: 'fail',
        reason: 'known here',
        link: 'https://example.org',
      },
      { id: 'nothing.*', verdict: 'skip', reason: 'unused' },
    ]);
    const record = buildRecord({
      startedAt: new Date(golden.startedAt),
      finishedAt: new Date(golden.finishedAt),
      argv: [],
      selection: [],
      environment: golden.environment,
      profile: golden.profile,
      results: marked.results,
      interrupted: false,
      expectations: { file: 'expectations.json', unused: marked.unused },
    });
    expect(record.summary.known).toEqual({ total: 1, fail: 1 });
    const ok = validate(record);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // without expectations the record is as before: no new keys
    const plain = buildRecord({
      startedAt: new Date(golden.startedAt),
      finishedAt: new Date(golden.finishedAt),
      argv: [],
      selection: [],
      environment: golden.environment,
      profile: golden.profile,
      results: golden.results,
      interrupted: false,
    });
    expect(Object.keys(plain)).not.toContain('expectations');
    expect(Object.keys(plain.summary)).toEqual(['total', 'pass', 'fail', 'inconclusive', 'skip', 'error']);
  });
});

describe('loading', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-exp-'));
  const file = (/** @type {string} */ name, /** @type {string} */ text) => (
    writeFileSync(path.join(dir, name), text),
    path.join(dir, name)
  );
  test.after(() => rmSync(dir, { recursive: true, force: true }));

  test('an object with "expectations", or a bare array', () => {
    expect(loadExpectations(file('a.json', JSON.stringify({ expectations: entries })))).toEqual(entries);
    expect(loadExpectations(file('b.json', JSON.stringify(entries.slice(0, 1))))).toEqual(entries.slice(0, 1));
  });

  test('clear one-line errors, naming the file and the entry', () => {
    const err = (/** @type {string} */ f) => {
      try {
        loadExpectations(f);
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return /** @type {Error} */ (e).message;
      }
      throw new Error('no error');
    };
    const missing = path.join(dir, 'missing.json');
    expect(err(missing)).toBe(`--expectations ${missing}: no such file`);
    const bad = file('bad.json', '{ nope');
    expect(err(bad)).toMatch(
      new RegExp(`^--expectations ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON \\(.+\\)$`),
    );
    const wrong = file(
      'wrong.json',
      JSON.stringify({
        expectations: [
          { id: 'a.b', verdict: 'pass', reason: 'r' },
          { id: 'c.d', verdict: 'fail' },
        ],
      }),
    );
    expect(err(wrong)).toBe(
      `--expectations ${wrong}: entry 1 (a.b): verdict: must be one of fail, inconclusive, skip, error (and 1 more)`,
    );
  });

  test('every kind of problem', () => {
    expect(checkExpectations({})).toEqual(['expected an object with an "expectations" array (or an array of entries)']);
    expect(checkExpectations([null])).toEqual(['entry 1: not an object']);
    expect(
      checkExpectations([
        {
          id: 'A B',
          verdict: 'fail',
          reason: '',
          link: 3,
          extra: 1,
          when: { os: 'x', platform: 3, node: '>=2x', cores: '^2' },
        },
        { id: 'x.y', verdict: 'skip', reason: 'r', when: [] },
      ]),
    ).toEqual([
      'entry 1 (A B): extra: unknown field (known: id, when, verdict, reason, link)',
      'entry 1 (A B): id: must be a spec id or glob',
      'entry 1 (A B): reason: missing or empty',
      'entry 1 (A B): link: must be a string',
      'entry 1 (A B): when.os: unknown condition (known: platform, arch, node, cores)',
      'entry 1 (A B): when.platform: must be a string or an array of strings',
      `entry 1 (A B): when.node: ">=2x" is not a version range: '>=2x' is not a version comparison (e.g. >=22, 20.x, <26.1, ^22.4)`,
      `entry 1 (A B): when.cores: "^2" is not a count range: '^2' is not a comparison with a number (e.g. <=2, >=4, 8)`,
      'entry 2 (x.y): when: must be an object',
    ]);
  });
});

test("the project's expectations.json loads, and every entry names a claim of the catalogue and says why", async () => {
  const list = loadExpectations(new URL('../expectations.json', import.meta.url).pathname);
  const ids = (await loadSpecs()).map((s) => s.id);
  for (const e of list) {
    expect({
      id: e.id,
      known: ids.some((id) => new RegExp(`^${e.id.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`).test(id)),
    }).toEqual({ id: e.id, known: true });
    expect(e.reason.length).toBeGreaterThan(40);
  }
});
