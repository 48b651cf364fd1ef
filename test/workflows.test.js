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

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VALIDATOR = path.join(ROOT, 'node_modules', '@action-validator', 'cli', 'cli.mjs');
const WORKFLOWS = path.join(ROOT, '.github', 'workflows');

/** Run action-validator on a file. @param {string} file */
const validate = (file) => spawnSync(process.execPath, [VALIDATOR, file], { encoding: 'utf8', timeout: 20_000 });

/** @param {string} text */
function scalar(text) {
  const s = text.trim();
  if (/^'.*'$/.test(s)) return s.slice(1, -1).replace(/''/g, "'");
  if (/^".*"$/.test(s)) return JSON.parse(s);
  if (/^\[.*\]$/.test(s))
    return s
      .slice(1, -1)
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map(scalar);
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  if (s === 'true' || s === 'false') return s === 'true';
  return s;
}

/**
 * A minimal YAML reader for the subset our workflows use: block mappings and
 * sequences by indentation, flow sequences of scalars, `|` block scalars,
 * full-line comments. Enough to read matrices back; not a YAML parser.
 * @param {string} text
 */
export function readYaml(text) {
  const lines = text
    .split(/\r?\n/)
    .map((l) => ({ indent: l.search(/\S/), text: l.trim() }))
    .filter((l) => l.indent >= 0 && !l.text.startsWith('#'));
  let i = 0;
  /** @param {number} indent @returns {any} */
  const block = (indent) => {
    if (lines[i]?.text.startsWith('- ')) {
      const out = [];
      while (i < lines.length && lines[i].indent === indent && lines[i].text.startsWith('- ')) {
        const rest = lines[i].text.slice(2);
        if (/^[\w.-]+:( |$)/.test(rest)) {
          lines[i] = { indent: indent + 2, text: rest }; // '- key: v' opens a mapping at indent + 2
          out.push(block(indent + 2));
        } else (out.push(scalar(rest)), i++);
      }
      return out;
    }
    /** @type {Record<string, any>} */
    const out = {};
    while (i < lines.length && lines[i].indent === indent) {
      const m = /^([\w.-]+):(?: (.*))?$/.exec(lines[i].text);
      if (!m) throw new Error(`cannot read line: ${lines[i].text}`);
      const [, key, value] = m;
      i++;
      if (value === '|') {
        const body = [];
        while (i < lines.length && lines[i].indent > indent) body.push(lines[i++].text);
        out[key] = `${body.join('\n')}\n`;
      } else if (value !== undefined && value !== '') out[key] = scalar(value);
      else if (i < lines.length && lines[i].indent > indent) out[key] = block(lines[i].indent);
      else out[key] = null;
    }
    return out;
  };
  return block(0);
}

/** @param {string} name */
const load = (name) => readYaml(readFileSync(path.join(WORKFLOWS, name), 'utf8'));
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

  it('the reader reads what it is given', () => {
    expect(
      readYaml("a:\n  b: [1, 'x']\n  c:\n    - d: 1\n      e: |\n        line\n    - f\n# note\ng: true\n"),
    ).toEqual({ a: { b: [1, 'x'], c: [{ d: 1, e: 'line\n' }, 'f'] }, g: true });
  });
});
