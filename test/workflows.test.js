// The GitHub Actions workflows and the action: valid against GitHub's
// schemas (@action-validator/cli), and with the matrices we promise: CI on
// Node 20–26 × Linux, macOS, Windows; conformance on the same plus pinned CPU
// counts on Linux, run through the repository's own action (action.yml),
// every record uploaded and merged at the end (merge/action.yml). The
// action's inputs, outputs and pins are checked, its bash steps are run as
// the runner would run them, and the README's example may only use what the
// action declares.
import { describe, it, before, after } from 'node:test';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VALIDATOR = path.join(ROOT, 'node_modules', '@action-validator', 'cli', 'cli.mjs');
const WORKFLOWS = path.join(ROOT, '.github', 'workflows');

/** Run action-validator on a file. @param {string} file */
const validate = (file) => spawnSync(process.execPath, [VALIDATOR, file], { encoding: 'utf8', timeout: 20_000 });

/** @param {string} name */
const load = (name) => parse(readFileSync(path.join(WORKFLOWS, name), 'utf8'));
/** An action's metadata, by its folder relative to the root ('' is the root). @param {string} dir */
const loadAction = (dir) => parse(readFileSync(path.join(ROOT, dir, 'action.yml'), 'utf8'));
/** The actions this repository defines, by the folder `uses: ./<folder>` names. */
const ACTIONS = ['', 'merge'];
const NODES = [20, 22, 24, 26];
const OSES = ['ubuntu-latest', 'macos-latest', 'windows-latest'];

describe('workflow files', () => {
  for (const name of ['ci.yml', 'conformance.yml']) {
    it(`${name} is a valid workflow (action-validator)`, () => {
      const r = validate(path.join(WORKFLOWS, name));
      expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 0, stdout: '' });
    });
  }

  it('ci.yml runs npm ci and npm test on Node 20–26 × Linux, macOS, Windows, fail-fast off', () => {
    const job = load('ci.yml').jobs.test;
    expect(job.strategy['fail-fast']).toBe(false);
    expect(job.strategy.matrix).toEqual({ os: OSES, node: NODES });
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    const runs = job.steps.map((/** @type {any} */ s) => s.run).filter(Boolean);
    expect(runs).toContain('npm ci --no-audit --no-fund');
    expect(runs).toContain('npm test');
    expect(job.steps.find((/** @type {any} */ s) => s.uses === 'actions/setup-node@v6').with['node-version']).toBe(
      '${{ matrix.node }}',
    );
  });

  it('conformance.yml: OS × Node × CPUs (pinned on Linux only), exact versions on Linux, records uploaded, then merged', () => {
    const wf = load('conformance.yml');
    const { suite, merge } = wf.jobs;
    const m = suite.strategy.matrix;
    expect(suite.strategy['fail-fast']).toBe(false);
    expect([m.os, m.node, m.cpus]).toEqual([OSES, NODES, ['', '1', '2']]);
    const combos = m.os
      .flatMap((/** @type {string} */ o) =>
        m.node.flatMap((/** @type {number} */ n) =>
          m.cpus.map((/** @type {string} */ c) => ({ os: o, node: n, cpus: c })),
        ),
      )
      .filter(
        (/** @type {any} */ c) =>
          !m.exclude.some((/** @type {any} */ x) => Object.entries(x).every(([k, v]) => c[k] === v)),
      );
    expect(combos).toHaveLength(4 * 3 + 4 + 4);
    expect(
      combos.filter((/** @type {any} */ c) => c.cpus !== '').every((/** @type {any} */ c) => c.os === 'ubuntu-latest'),
    ).toBe(true);
    // Exact versions on either side of a change inside a major, on Linux, each a job of its own.
    expect(m.include).toEqual(
      ['22.17.0', '22.18.0', '24.2.0', '24.3.0', '24.15.0', '24.16.0'].map((node) => ({
        os: 'ubuntu-latest',
        node,
        cpus: '',
      })),
    );
    for (const inc of m.include)
      expect(combos.some((/** @type {any} */ c) => Object.entries(inc).every(([k, v]) => c[k] === v))).toBe(false);
    // Each job runs the suite through the repository's own action, with the
    // project's known deviations; only exit 2 fails it.
    expect(suite.steps.map((/** @type {any} */ s) => s.uses)).toEqual(['actions/checkout@v6', './']);
    expect(suite.steps[1]).toMatchObject({
      id: 'suite',
      with: {
        'node-version': '${{ matrix.node }}',
        cpus: '${{ matrix.cpus }}',
        quick: "${{ inputs.quick && 'true' || 'false' }}",
        expectations: 'expectations.json',
        record: 'records/${{ env.TAG }}.json',
        'artifact-name': 'record-${{ env.TAG }}',
        'fail-on': 'error',
      },
    });
    expect(merge).toMatchObject({ needs: 'suite', if: "always() && github.event_name != 'pull_request'" });
    expect(merge.steps.map((/** @type {any} */ s) => s.uses)).toEqual(['actions/checkout@v6', './merge']);
    expect(merge.steps[1].with).toMatchObject({ pattern: 'record-*' });
  });

  it('conformance.yml: a change to either action runs the matrix on main', () => {
    expect(load('conformance.yml').on.push.paths).toEqual(expect.arrayContaining(['action.yml', 'merge/action.yml']));
  });

  it('conformance.yml: a pull request that changes a claim lints and verifies it five times', () => {
    const wf = load('conformance.yml');
    const job = wf.jobs['verify-changed'];
    expect(job.if).toBe("github.event_name == 'pull_request'");
    const runs = job.steps.map((/** @type {any} */ s) => String(s.run ?? ''));
    expect(runs.some((r) => r.includes('node harness/cli.js lint'))).toBe(true);
    expect(runs.some((r) => r.includes('--verify 5') && r.includes("-- 'specs/**/*.spec.js'"))).toBe(true);
  });

  it('conformance.yml: a pull request that changes the fixtures or the harness verifies every claim', () => {
    const wf = load('conformance.yml');
    expect(wf.on.pull_request.paths).toEqual(expect.arrayContaining(['specs/**', 'fixtures/**', 'harness/**']));
    const runs = wf.jobs['verify-changed'].steps.map((/** @type {any} */ s) => String(s.run ?? ''));
    expect(runs.some((r) => r.includes('-- fixtures harness') && r.includes('--quick --verify 3'))).toBe(true);
  });

  it('conformance.yml: the weekly run and pushes do not cancel each other', () => {
    expect(load('conformance.yml').concurrency.group).toBe('conformance-${{ github.event_name }}-${{ github.ref }}');
  });
});

describe('the validator rejects a broken workflow', () => {
  /** @type {string} */
  let dir;
  before(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-wf-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 1 with the schema errors', () => {
    const file = path.join(dir, 'broken.yml');
    const text = readFileSync(path.join(WORKFLOWS, 'ci.yml'), 'utf8').replace('    steps:\n', '    stepz:\n');
    writeFileSync(file, text);
    const r = validate(file);
    expect(r.status).toBe(1);
    expect(`${r.stdout}${r.stderr}`).toContain("Additional property 'stepz' is not allowed");
  });

  it('and a broken action', () => {
    mkdirSync(path.join(dir, 'broken-action'), { recursive: true });
    const file = path.join(dir, 'broken-action', 'action.yml');
    writeFileSync(file, readFileSync(path.join(ROOT, 'action.yml'), 'utf8').replace('  steps:\n', '  stepz:\n'));
    const r = validate(file);
    expect(r.status).toBe(1);
    expect(`${r.stdout}${r.stderr}`).toContain("Additional property 'stepz' is not allowed");
  });
});

/**
 * Every expression in a parsed action or workflow: the whole value of an
 * `if:` (GitHub reads it as an expression), and what is inside each `${{ }}`
 * elsewhere.
 * @param {any} node @param {string} [key]
 * @returns {string[]}
 */
function expressions(node, key) {
  if (typeof node === 'string') {
    const inner = [...node.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((m) => m[1].trim());
    return key === 'if' && inner.length === 0 ? [node] : inner;
  }
  if (Array.isArray(node)) return node.flatMap((n) => expressions(n));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => expressions(v, k));
  return [];
}

/** The names a list of expressions reads from a context: 'inputs' -> ['claims', ...]. @param {string[]} exprs @param {string} context */
const referenced = (exprs, context) =>
  exprs.flatMap((e) => [...e.matchAll(new RegExp(`\\b${context}\\.([A-Za-z_][\\w-]*)`, 'g'))].map((m) => m[1]));

/** A `uses:` pinned to a major version tag: owner/repo[/path]@vN. */
const PINNED = /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@v\d+$/;

describe('the GitHub Action (action.yml, merge/action.yml)', () => {
  for (const dir of ACTIONS) {
    const name = path.posix.join(dir, 'action.yml');

    it(`${name} is a valid composite action (action-validator)`, () => {
      const r = validate(path.join(ROOT, dir, 'action.yml'));
      expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 0, stdout: '' });
      expect(loadAction(dir).runs.using).toBe('composite');
    });

    it(`${name}: every input it reads is declared, and every declared input is read`, () => {
      const action = loadAction(dir);
      const declared = Object.keys(action.inputs);
      const read = [...new Set(referenced(expressions(action.runs), 'inputs'))];
      expect(read.filter((i) => !declared.includes(i))).toEqual([]);
      expect(declared.filter((i) => !read.includes(i))).toEqual([]);
    });

    it(`${name}: every output comes from a step that writes it`, () => {
      const action = loadAction(dir);
      const steps = action.runs.steps;
      for (const [output, { value }] of Object.entries(action.outputs)) {
        const m = /^\$\{\{ steps\.([\w-]+)\.outputs\.([\w-]+) \}\}$/.exec(value);
        expect({ output, value, ok: Boolean(m) }).toEqual({ output, value, ok: true });
        const [, id, key] = /** @type {RegExpExecArray} */ (m);
        const step = steps.find((/** @type {any} */ s) => s.id === id);
        expect({ output, step: Boolean(step) }).toEqual({ output, step: true });
        // A run step writes `key=` to GITHUB_OUTPUT, or names it in the list it writes.
        expect({ output, writes: step.run.includes(`${key}=`) || step.run.includes(`"${key}"`) }).toEqual({
          output,
          writes: true,
        });
      }
    });

    it(`${name}: a step reads only the outputs of a step before it`, () => {
      const steps = loadAction(dir).runs.steps;
      steps.forEach((/** @type {any} */ step, /** @type {number} */ i) => {
        const before = steps.slice(0, i).map((/** @type {any} */ s) => s.id);
        const unknown = referenced(expressions(step), 'steps').filter((id) => !before.includes(id));
        expect({ step: step.name, unknown }).toEqual({ step: step.name, unknown: [] });
      });
    });

    it(`${name}: every uses: is pinned to a major version, and no script has an expression pasted in`, () => {
      const steps = loadAction(dir).runs.steps;
      const uses = steps.map((/** @type {any} */ s) => s.uses).filter(Boolean);
      expect(uses.filter((u) => !PINNED.test(u))).toEqual([]);
      // Inputs reach scripts through env: an expression inside `run:` would
      // be pasted into the shell before it runs (script injection).
      const pasted = steps.filter((/** @type {any} */ s) => String(s.run ?? '').includes('${{'));
      expect(pasted.map((/** @type {any} */ s) => s.name)).toEqual([]);
      for (const s of steps.filter((/** @type {any} */ s) => s.run)) expect(s.shell).toBe('bash');
    });
  }

  it('the workflows pin every action to a major version, and give local actions only inputs they declare', () => {
    for (const file of ['ci.yml', 'conformance.yml']) {
      for (const [job, { steps }] of Object.entries(load(file).jobs)) {
        for (const step of steps.filter((/** @type {any} */ s) => s.uses)) {
          if (!step.uses.startsWith('./')) {
            expect({ file, job, uses: step.uses, pinned: PINNED.test(step.uses) }).toMatchObject({ pinned: true });
            continue;
          }
          const inputs = Object.keys(loadAction(step.uses.slice(2)).inputs);
          const unknown = Object.keys(step.with ?? {}).filter((k) => !inputs.includes(k));
          expect({ file, job, unknown }).toEqual({ file, job, unknown: [] });
        }
      }
    }
  });
});

/** The YAML example under the README's "Use it in your CI". */
function readmeExample() {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Use it in your CI\n'));
  const m = /```yaml\n([\s\S]*?)```/.exec(section ?? '');
  if (!m) throw new Error('README.md: no yaml example under "## Use it in your CI"');
  return m[1];
}

/** `node-concurrency-spec/node-concurrency-spec[/merge]@v1` -> the folder of that action here. @param {string} uses */
function actionDir(uses) {
  const m = /^node-concurrency-spec\/node-concurrency-spec(?:\/([\w-]+))?@v1$/.exec(uses);
  if (!m) throw new Error(`not this repository's action at v1: ${uses}`);
  return m[1] ?? '';
}

describe('the README example ("Use it in your CI")', () => {
  /** @type {string} */
  let dir;
  before(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-readme-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is a valid workflow under 15 lines', () => {
    const text = readmeExample();
    expect(text.trimEnd().split('\n').length).toBeLessThan(15);
    mkdirSync(path.join(dir, '.github', 'workflows'), { recursive: true });
    const file = path.join(dir, '.github', 'workflows', 'conformance.yml');
    writeFileSync(file, text);
    const r = validate(file);
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 0, stdout: '' });
  });

  it('runs Node 20–26 × the whole runner and 1 and 2 of its CPUs, then a merge job after all of them', () => {
    const { conformance, merge } = parse(readmeExample()).jobs;
    expect(conformance['runs-on']).toBe('${{ matrix.os }}');
    const m = conformance.strategy.matrix;
    expect(m.os).toEqual(['ubuntu-latest']);
    expect(m.node).toEqual(NODES);
    expect(m.cpus.map(String)).toEqual(['', '1', '2']);
    expect(conformance.strategy['fail-fast']).toBe(false);
    expect(merge).toMatchObject({ needs: 'conformance', if: 'always()' });
  });

  it('gives the actions only inputs they declare', () => {
    const { jobs } = parse(readmeExample());
    for (const step of Object.values(jobs).flatMap((/** @type {any} */ j) => j.steps)) {
      const inputs = Object.keys(loadAction(actionDir(step.uses)).inputs);
      expect({ uses: step.uses, unknown: Object.keys(step.with ?? {}).filter((k) => !inputs.includes(k)) }).toEqual({
        uses: step.uses,
        unknown: [],
      });
    }
  });

  it("runs the same steps as the project's own conformance workflow, which uses ./ and ./merge", () => {
    const example = parse(readmeExample()).jobs;
    const own = load('conformance.yml').jobs;
    /** The action steps of a job, as the folder of this repository's action they run. @param {any} job */
    const local = (job) =>
      job.steps
        .filter((/** @type {any} */ s) => s.uses !== 'actions/checkout@v6')
        .map((/** @type {any} */ s) => (s.uses.startsWith('./') ? s.uses.slice(2) : actionDir(s.uses)));
    expect(local(own.suite)).toEqual(['']);
    expect(local(example.conformance)).toEqual(local(own.suite));
    expect(local(own.merge)).toEqual(['merge']);
    expect(local(example.merge)).toEqual(local(own.merge));
    // The same Node and CPU inputs from the same matrix keys.
    for (const key of ['node-version', 'cpus'])
      expect(example.conformance.steps[0].with[key]).toBe(own.suite.steps[1].with[key]);
  });
});

/**
 * Fill a step's env as the runner would, for the plain references the
 * actions use (`${{ inputs.claims }}`, `${{ steps.suite.outputs.record }}`);
 * anything more is refused, so the scripts stay free of logic in expressions.
 * @param {string} value @param {any} ctx
 */
function interpolate(value, ctx) {
  const out = String(value).replace(/\$\{\{\s*([\w-]+(?:\.[\w-]+)*)\s*\}\}/g, (_, ref) => {
    const v = ref.split('.').reduce((/** @type {any} */ o, /** @type {string} */ k) => o?.[k], ctx);
    return v === undefined || v === null ? '' : String(v);
  });
  if (out.includes('${{')) throw new Error(`not a plain reference: ${value}`);
  return out;
}

/** The variables of a GitHub Actions step that the test sets itself, not inherited from a CI run of npm test. */
const RUNNER_VARS = /^(GITHUB_|RUNNER_|ACTIONS_)/;

/**
 * Run one bash step of an action the way the runner does (`bash --noprofile
 * --norc -eo pipefail`, the step's env, a fresh GITHUB_OUTPUT file), and
 * record its outputs in ctx.steps.
 * @param {any} step @param {{ ctx: any, cwd: string, env: Record<string, string> }} o
 */
function runStep(step, { ctx, cwd, env }) {
  const outputFile = path.join(cwd, `.output-${step.id}-${Object.keys(ctx.steps).length}`);
  writeFileSync(outputFile, '');
  const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(v, ctx)]));
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !RUNNER_VARS.test(k)));
  const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
    cwd,
    env: { ...inherited, ...env, ...stepEnv, GITHUB_OUTPUT: outputFile },
    encoding: 'utf8',
    timeout: 180_000,
  });
  /** @type {Record<string, string>} */
  const outputs = {};
  for (const line of readFileSync(outputFile, 'utf8').split('\n').filter(Boolean)) {
    const at = line.indexOf('=');
    outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  ctx.steps[step.id] = { outputs };
  return { status: r.status, out: `${r.stdout}${r.stderr}`, outputs };
}

// The action's own scripts, run with bash as the runner runs them (the
// `uses:` steps, setup-node, npm ci and upload-artifact, are GitHub's; the
// checkout's node_modules stands in for the install). Not on Windows, where
// `bash` may name WSL rather than Git's bash that the runner uses.
describe('the action, run step by step', { skip: process.platform === 'win32' && 'bash on Windows' }, () => {
  const ACTION_PATH = path.resolve(ROOT);
  const action = loadAction('');
  /** @param {string} id */
  const step = (id) => action.runs.steps.find((/** @type {any} */ s) => s.id === id);
  /** Inputs as the runner passes them: every declared input, its default unless given. @param {Record<string, string>} given */
  const inputs = (given) => ({
    ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, String(/** @type {any} */ (v).default)])),
    ...given,
  });
  /** @type {string} */
  let dir;
  /** @type {Record<string, string>} */
  let env;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-action-'));
    env = {
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: ACTION_PATH,
      GITHUB_JOB: 'conformance',
      RUNNER_OS: 'Linux',
      GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md'),
    };
    writeFileSync(env.GITHUB_STEP_SUMMARY, '');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the claims, names the record per job, reads the counts from it and passes on exit 0', () => {
    const ctx = {
      inputs: inputs({ claims: 'pool.default-size', expectations: 'expectations.json' }),
      steps: {},
      strategy: { 'job-index': 3 },
    };
    const suite = runStep(step('suite'), { ctx, cwd: dir, env });
    expect(suite.status).toBe(0);
    const major = process.versions.node.split('.')[0];
    const stem = `conformance-3-linux-node${major}`;
    expect(suite.outputs).toEqual({
      record: `reports/${stem}.json`,
      artifact: `ncs-${stem}`,
      files: `reports/${stem}.*`,
      'exit-code': '0',
    });
    expect(readdirSync(path.join(dir, 'reports')).sort()).toEqual([`${stem}.html`, `${stem}.json`, `${stem}.md`]);
    const record = JSON.parse(readFileSync(path.join(dir, 'reports', `${stem}.json`), 'utf8'));
    // Not in the working directory: the action's own expectations.json.
    expect(record.argv).toEqual(expect.arrayContaining(['--expectations', `${ACTION_PATH}/expectations.json`]));
    expect(record.summary.total).toBe(1);
    expect(readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8')).toContain('pool.default-size');

    const counts = runStep(step('counts'), { ctx, cwd: dir, env });
    expect(counts.status).toBe(0);
    const { pass, fail, inconclusive, skip, error } = record.summary;
    expect(counts.outputs).toEqual(
      Object.fromEntries(Object.entries({ pass, fail, inconclusive, skip, error }).map(([k, v]) => [k, String(v)])),
    );
    expect(runStep(step('result'), { ctx, cwd: dir, env }).status).toBe(record.exitCode);

    // The merge action joins what this job would have uploaded.
    const records = path.join(dir, 'conformance', 'records');
    mkdirSync(records, { recursive: true });
    copyFileSync(path.join(dir, 'reports', `${stem}.json`), path.join(records, `${stem}.json`));
    const mergeCtx = {
      inputs: {
        pattern: 'ncs-*',
        directory: 'conformance',
        args: '',
        'node-version': '',
        'artifact-name': 'conformance-table',
        upload: 'true',
      },
      steps: {},
    };
    const merged = runStep(
      loadAction('merge').runs.steps.find((/** @type {any} */ s) => s.id === 'merge'),
      { ctx: mergeCtx, cwd: dir, env: { ...env, GITHUB_ACTION_PATH: path.join(ACTION_PATH, 'merge') } },
    );
    expect(merged.status).toBe(0);
    expect(merged.outputs).toEqual({ markdown: 'conformance/conformance.md', html: 'conformance/conformance.html' });
    expect(existsSync(path.join(dir, 'conformance', 'conformance.html'))).toBe(true);
    expect(readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8')).toContain(
      readFileSync(path.join(dir, 'conformance', 'conformance.md'), 'utf8'),
    );
  });

  it('carries a failed run: the step itself passes, the counts are absent, the last step fails with the code', () => {
    const ctx = {
      inputs: inputs({ claims: 'no.such-claim', record: 'out/missing.json', 'artifact-name': 'mine' }),
      steps: {},
      strategy: { 'job-index': 0 },
    };
    const suite = runStep(step('suite'), { ctx, cwd: dir, env });
    expect(suite.status).toBe(0);
    expect(suite.outputs).toEqual({
      record: 'out/missing.json',
      artifact: 'mine',
      files: 'out/missing.*',
      'exit-code': '2',
    });
    const counts = runStep(step('counts'), { ctx, cwd: dir, env });
    expect(counts).toMatchObject({ status: 0, outputs: {} });
    expect(counts.out).toContain('::warning title=node-concurrency-spec::no record at out/missing.json');
    const result = runStep(step('result'), { ctx, cwd: dir, env });
    expect(result.status).toBe(2);
    expect(result.out).toContain('::error title=node-concurrency-spec::the suite exited 2');
  });

  it('adds up the counts of the records one run writes per environment (<stem>.<tag>.json)', () => {
    mkdirSync(path.join(dir, 'multi'), { recursive: true });
    const summaries = [
      { total: 3, pass: 2, fail: 1, inconclusive: 0, skip: 0, error: 0 },
      { total: 3, pass: 1, fail: 0, inconclusive: 1, skip: 1, error: 0 },
    ];
    summaries.forEach((summary, i) =>
      writeFileSync(path.join(dir, 'multi', `r.cpus${i + 1}.json`), JSON.stringify({ summary })),
    );
    writeFileSync(path.join(dir, 'multi', 'r.cpus1.html'), '<p>not a record</p>');
    const ctx = { inputs: inputs({}), steps: { suite: { outputs: { record: 'multi/r.json' } } } };
    const counts = runStep(step('counts'), { ctx, cwd: dir, env });
    expect(counts.status).toBe(0);
    expect(counts.outputs).toEqual({ pass: '3', fail: '1', inconclusive: '1', skip: '1', error: '0' });
  });

  it("fails the step on the CLI's exit code: any but 0, or under fail-on: error only 2 and interruptions", () => {
    const cases = [
      ['0', 'nonzero', 0],
      ['1', 'nonzero', 1],
      ['3', 'nonzero', 3],
      ['2', 'nonzero', 2],
      ['1', 'error', 0],
      ['3', 'error', 0],
      ['2', 'error', 2],
      ['143', 'error', 143],
    ];
    const got = cases.map(([code, failOn]) => {
      const ctx = {
        inputs: inputs({ 'fail-on': String(failOn) }),
        steps: { suite: { outputs: { 'exit-code': code } } },
      };
      return [code, failOn, runStep(step('result'), { ctx, cwd: dir, env }).status];
    });
    expect(got).toEqual(cases);
  });

  it('refuses an unknown fail-on before running anything', () => {
    const ctx = { inputs: inputs({ 'fail-on': 'sometimes' }), steps: {}, strategy: { 'job-index': 0 } };
    const suite = runStep(step('suite'), { ctx, cwd: dir, env });
    expect(suite.status).toBe(2);
    expect(suite.outputs).toEqual({});
    expect(suite.out).toContain("fail-on is 'nonzero' or 'error', not 'sometimes'");
  });
});
