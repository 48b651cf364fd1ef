// `node-concurrency-spec judge`: re-judging a saved record gives the same
// verdicts; a tampered sample flips one; skipped, errored and unknown results
// stay as recorded; bad input is one line and exit 2. The record is made by a
// real run of a few timing-free claims (exact counts: deterministic).
import { test, describe, before, after } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { main } from '../harness/cli.js';
import { judgeRecord, checkJudgeable, judgeTable } from '../harness/judge.js';
import { machineFromRecord } from '../harness/machine.js';
import { replayLauncher } from '../harness/launcher.js';
import { JudgeError } from '../harness/errors.js';
import { loadSpecs } from '../harness/registry.js';

const read = (/** @type {string} */ f) => JSON.parse(readFileSync(f, 'utf8'));
const schema = read(new URL('../harness/schema/result.schema.json', import.meta.url).pathname);
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
const golden = read(new URL('./golden/record.json', import.meta.url).pathname);
const IDS = ['pool.default-size', 'main-thread.single', 'main-thread.not-alone'];

/** Run a command in-process, capturing its output. @param {string[]} argv */
async function cli(argv) {
  let out = '';
  let err = '';
  const stdout = /** @type {any} */ ({ write: (/** @type {string} */ s) => ((out += s), true), isTTY: false });
  const stderr = /** @type {any} */ ({ write: (/** @type {string} */ s) => ((err += s), true) });
  const code = await main(argv, { stdout, stderr });
  return { code, out, err };
}

let dir = '';
let recordFile = '';
/** @type {any} */
let record;
/** @type {any[]} */
let specs;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-judge-'));
  recordFile = path.join(dir, 'run.json');
  const run = await cli([...IDS, '--json', recordFile, '--reporter', `tap=${path.join(dir, 'run.tap')}`]);
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  record = read(recordFile);
  specs = await loadSpecs();
});

after(() => rmSync(dir, { recursive: true, force: true }));

describe('judge a real record', () => {
  test('the same samples give the same verdicts, trials and exit code', async () => {
    const { record: again, judged } = await judgeRecord(record, specs);
    expect(judged.map((j) => [j.id, j.how, j.changed])).toEqual(
      IDS.map((id) => [id, 'rejudged', false]).sort(
        (a, b) => record.results.findIndex((r) => r.id === a[0]) - record.results.findIndex((r) => r.id === b[0]),
      ),
    );
    expect(again.results.map((r) => [r.id, r.verdict, r.trials, r.label])).toEqual(
      record.results.map((/** @type {any} */ r) => [r.id, r.verdict, r.trials, r.label]),
    );
    expect(again.summary).toEqual(record.summary);
    expect(again.exitCode).toBe(0);
    expect(validate(again) ? [] : validate.errors).toEqual([]);
  });

  test('a tampered sample flips a verdict, and the exit code follows', async () => {
    const tampered = structuredClone(record);
    const r = tampered.results.find((/** @type {any} */ x) => x.id === 'pool.default-size');
    for (const s of r.samples) s.parked = 5;
    // three trials against: two may be a slow phase of the host (verdict.js FAIL_ANY)
    r.samples.push(structuredClone(r.samples[0]));
    const file = path.join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(tampered));
    const out = path.join(dir, 'rejudged.json');
    const res = await cli(['judge', file, '--json', out, '--reporter', `junit=${out}.xml`]);
    expect(res.err).toBe('');
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/changed\s+pool\.default-size\s+pass → fail/);
    expect(res.out).toMatch(/5 threads parked on FIFOs .*expected 4/);
    expect(res.out).toContain(
      '1 changed, 2 unchanged, 0 kept as recorded (skip, error), 0 not re-judged (spec not found)',
    );
    expect(readFileSync(`${out}.xml`, 'utf8')).toMatch(/<failure message="[^"]*5 threads parked/);
    const rejudged = read(out);
    expect(rejudged.results.find((/** @type {any} */ x) => x.id === 'pool.default-size').verdict).toBe('fail');
    expect(rejudged.summary.fail).toBe(1);
    expect(rejudged.exitCode).toBe(1);
    expect(validate(rejudged) ? [] : validate.errors).toEqual([]);
  });

  test('a record that ends before the decision is inconclusive, saying so', async () => {
    const short = structuredClone(record);
    const r = short.results.find((/** @type {any} */ x) => x.id === 'pool.default-size');
    r.samples = r.samples.slice(0, 1);
    const { judged } = await judgeRecord(short, specs);
    const j = /** @type {any} */ (judged.find((x) => x.id === r.id));
    expect(j).toMatchObject({
      how: 'rejudged',
      changed: true,
      used: 1,
      recorded: 1,
      note: 'record ends undecided after 1 trials',
    });
    expect(j.result.verdict).toBe('inconclusive');
    expect(j.result.reason).toBe('undecided after the 1 recorded trial');
  });
});

describe('kept and unknown results', () => {
  test('skip and error stay as recorded; an unknown id is not re-judged', async () => {
    const { judged } = await judgeRecord(golden, specs);
    const how = Object.fromEntries(judged.map((j) => [j.id, j.how]));
    expect(how['worker.spawn-cheap']).toBe('not-found');
    for (const j of judged.filter((x) => x.before === 'skip' || x.before === 'error')) {
      expect(['kept', 'not-found']).toContain(j.how);
      expect(j.result).toBe(golden.results.find((/** @type {any} */ r) => r.id === j.id));
    }
    const table = judgeTable(judged);
    expect(table).toMatch(/not found\s+worker\.spawn-cheap/);
    expect(table).toContain('not re-judged (spec not found)');
  });

  test('the machine comes from the record: cores, calibrated task, Node major, platform; the replay runs nothing', async () => {
    const machine = machineFromRecord(golden);
    expect(machine).toMatchObject({
      cores: 4,
      platform: 'linux',
      pbkdf2: { iterations: 120000, taskMs: 98.4 },
      cpus: [0, 1, 2, 3],
    });
    expect(machine.node).toMatchObject({ version: '20.20.2', major: 20, uv: '1.46.0' });
    expect(JSON.parse(JSON.stringify(machine))).toEqual(machine); // plain data
    const launcher = replayLauncher({});
    await expect(launcher.run('pool-probe.cjs')).rejects.toThrow(/starts no fixture/);
    expect(() => launcher.start('cluster-server.cjs')).toThrow(/starts no fixture/);
  });
});

describe('bad input: one line, exit 2', () => {
  test('help', async () => {
    const r = await cli(['judge', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: node-concurrency-spec judge [options] REPORT.json');
  });

  for (const [name, setup, want] of /** @type {[string, () => string[], RegExp][]} */ ([
    [
      'no report',
      () => ['judge'],
      /^node-concurrency-spec judge: no report given: name a REPORT\.json \(see judge --help\)\n$/,
    ],
    [
      'a missing file',
      () => ['judge', path.join(dir, 'nope.json')],
      /^node-concurrency-spec judge: .*nope\.json: no such file\n$/,
    ],
    [
      'bad JSON',
      () => (writeFileSync(path.join(dir, 'bad.json'), '{"schemaVersion": 1,'), ['judge', path.join(dir, 'bad.json')]),
      /^node-concurrency-spec judge: .*bad\.json: not valid JSON: .*\n$/,
    ],
    [
      'another schemaVersion',
      () => (
        writeFileSync(path.join(dir, 'v2.json'), JSON.stringify({ ...golden, schemaVersion: 2 })),
        ['judge', path.join(dir, 'v2.json')]
      ),
      /^node-concurrency-spec judge: .*v2\.json: schemaVersion 2, this version reads 1\n$/,
    ],
    [
      'an unknown option',
      () => ['judge', '--frobnicate', 'x.json'],
      /^node-concurrency-spec judge: unknown option '--frobnicate' \(see judge --help\)\n$/,
    ],
    [
      'an unwritable --json',
      () => ['judge', recordFile, '--json', path.join(dir, 'run.json', 'x.json')],
      /^node-concurrency-spec judge: cannot write .*\n$/,
    ],
    [
      'an unknown reporter',
      () => ['judge', recordFile, '--reporter', 'tap=x'],
      /^node-concurrency-spec judge: unknown reporter 'tap' \(judge writes: json, html, markdown, junit\)\n$/,
    ],
    [
      'a reporter without a file',
      () => ['judge', recordFile, '--reporter', 'html'],
      /^node-concurrency-spec judge: --reporter html needs a file: --reporter html=FILE\n$/,
    ],
  ])) {
    test(name, async () => {
      const r = await cli(setup());
      expect({ code: r.code, out: r.out }).toEqual({ code: 2, out: '' });
      expect(r.err).toMatch(want);
    });
  }

  test('checkJudgeable names what is missing', () => {
    expect(() => checkJudgeable([], 'x.json')).toThrow(
      new JudgeError('x.json: not a result record (expected a JSON object)'),
    );
    expect(() => checkJudgeable({ schemaVersion: 1, environment: {} }, 'x.json')).toThrow('x.json: no results array');
    expect(() => checkJudgeable({ schemaVersion: 1, results: [] }, 'x.json')).toThrow('x.json: no environment');
  });
});
