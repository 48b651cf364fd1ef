// The GitHub Actions workflows: valid against the workflow schema
// (@action-validator/cli), and with the matrices we promise: CI on Node 20–26
// × Linux, macOS, Windows; conformance on the same plus pinned CPU counts on
// Linux, every record uploaded and merged at the end.
import { describe, it, before, after } from 'node:test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    expect(job.steps.find((/** @type {any} */ s) => s.uses === 'actions/setup-node@v4').with['node-version']).toBe(
      '${{ matrix.node }}',
    );
  });

  it('conformance.yml: OS × Node × CPUs (pinned on Linux only), records uploaded, then merged', () => {
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
    const run = suite.steps.find((/** @type {any} */ s) => s.id === 'suite');
    expect(run.run).toContain('node harness/cli.js "${args[@]}"');
    expect(run.run).toContain('--json "records/$TAG.json"');
    expect(run.run).toContain('args+=(--cpus "$CPUS")');
    expect(run.run).toMatch(/if \[ "\$code" -eq 2 \]; then[\s\S]*exit 2/); // only exit 2 fails the job
    const upload = suite.steps.find((/** @type {any} */ s) => s.uses === 'actions/upload-artifact@v4');
    expect(upload).toMatchObject({ if: 'always()', with: { name: 'record-${{ env.TAG }}' } });
    expect(merge).toMatchObject({ needs: 'suite', if: "always() && github.event_name != 'pull_request'" });
    expect(merge.steps.find((/** @type {any} */ s) => s.uses === 'actions/download-artifact@v4').with).toMatchObject({
      pattern: 'record-*',
      'merge-multiple': true,
    });
    const mergeRun = merge.steps.find((/** @type {any} */ s) => String(s.run).includes('harness/cli.js merge')).run;
    expect(mergeRun).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(merge.steps.at(-1)).toMatchObject({
      uses: 'actions/upload-artifact@v4',
      with: { name: 'conformance-table' },
    });
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
});
