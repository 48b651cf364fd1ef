import { test } from 'node:test';
import { expect } from 'expect';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';

const read = (url) => JSON.parse(readFileSync(new URL(url, import.meta.url), 'utf8'));
const schema = read('../harness/schema/result.schema.json');
const record = read('./golden/record.json');
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

/** @param {(r: any) => void} mutate */
function invalidWith(mutate) {
  const r = structuredClone(record);
  mutate(r);
  return validate(r) ? [] : (validate.errors ?? []);
}

test('the schema compiles in strict mode and accepts the golden record', () => {
  const ok = validate(record);
  expect(validate.errors ?? []).toEqual([]);
  expect(ok).toBe(true);
});

test('the golden record covers every verdict and is self-consistent', () => {
  const verdicts = new Set(record.results.map((r) => r.verdict));
  expect([...verdicts].sort()).toEqual(['error', 'fail', 'inconclusive', 'pass', 'skip']);
  const counts = { total: record.results.length, pass: 0, fail: 0, inconclusive: 0, skip: 0, error: 0 };
  for (const r of record.results) counts[r.verdict]++;
  expect(record.summary).toEqual(counts);
  expect(record.results.some((r) => r.label === 'refuted as expected' && r.expected === 'refuted')).toBe(true);
  expect(Date.parse(record.finishedAt) - Date.parse(record.startedAt)).toBe(record.durationMs);
});

test('a wrong schemaVersion is rejected', () => {
  const errors = invalidWith((r) => {
    r.schemaVersion = 2;
  });
  expect(errors.some((e) => e.instancePath === '/schemaVersion')).toBe(true);
});

test('a record without results is rejected', () => {
  const errors = invalidWith((r) => {
    delete r.results;
  });
  expect(errors.some((e) => e.keyword === 'required' && e.params.missingProperty === 'results')).toBe(true);
});

test('top-level and Result keys are strict, enums are enforced', () => {
  expect(
    invalidWith((r) => {
      r.extra = 1;
    }),
  ).not.toEqual([]);
  expect(
    invalidWith((r) => {
      r.results[0].extra = 1;
    }),
  ).not.toEqual([]);
  expect(
    invalidWith((r) => {
      r.results[0].verdict = 'passed';
    }),
  ).not.toEqual([]);
  expect(
    invalidWith((r) => {
      r.results[0].expected = 'maybe';
    }),
  ).not.toEqual([]);
  expect(
    invalidWith((r) => {
      r.results[1].evidence.timing.decided = 'yes';
    }),
  ).not.toEqual([]);
  expect(
    invalidWith((r) => {
      r.results[1].evidence.timing.interval = [1, 2, 3];
    }),
  ).not.toEqual([]);
  expect(
    invalidWith((r) => {
      r.results[0].reason = 'two\nlines';
    }),
  ).not.toEqual([]);
  expect(
    invalidWith((r) => {
      r.exitCode = 4;
    }),
  ).not.toEqual([]);
  expect(
    invalidWith((r) => {
      r.startedAt = 'yesterday';
    }),
  ).not.toEqual([]);
  expect(
    invalidWith((r) => {
      delete r.results[0].samples;
    }),
  ).not.toEqual([]);
});

test('open objects accept extra fields; nullable fields accept null', () => {
  expect(
    invalidWith((r) => {
      r.results[0].samples = [{ anything: [1, 'x', null] }, 3];
      r.results[0].expectation.model = { P: 4, nested: { x: 1 } };
      r.profile.topology.smt = true;
      r.profile.extra = 'probe';
    }),
  ).toEqual([]);
  expect(
    invalidWith((r) => {
      Object.assign(r.profile, { affinity: null, topology: null, effectiveParallelism: null, pbkdf2: null });
      Object.assign(r.environment.cpus, { requested: null, list: null, method: 'none' });
      Object.assign(r.results[1].evidence.timing, { median: null, interval: null, confidence: null, decided: null });
    }),
  ).toEqual([]);
});

test("a source's table is optional; where given it is { setup, columns, rows }", () => {
  const table = { setup: 'loadtest -n 1000 -c 100', columns: ['server', 'req/s'], rows: [['cluster', 139]] };
  expect(
    invalidWith((r) => {
      r.results[0].source.table = table;
    }),
  ).toEqual([]);
  const errors = invalidWith((r) => {
    r.results[0].source.table = { ...table, rows: [[{ req: 139 }]], note: 'x' };
  });
  expect(errors.some((e) => e.instancePath === '/results/0/source/table')).toBe(true);
  expect(errors.some((e) => e.instancePath.startsWith('/results/0/source/table/rows/0/0'))).toBe(true);
});
