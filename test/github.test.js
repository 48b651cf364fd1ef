// GitHub Actions output: the step summary is appended to, annotations are
// escaped as workflow commands require, and nothing throws.
import { describe, it, before, after } from 'node:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import { githubReport, annotations, escapeData, escapeProperty } from '../harness/reporters/github.js';
import { renderMarkdown } from '../harness/reporters/markdown.js';

const record = JSON.parse(readFileSync(new URL('./golden/record.json', import.meta.url), 'utf8'));

/** A fake stdout collecting what is written. */
const sink = () => {
  const out = { text: '', write: (/** @type {string} */ s) => void (out.text += s) };
  return out;
};

describe('githubReport', () => {
  /** @type {string} */
  let dir;
  before(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-gh-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('does nothing outside GitHub Actions', () => {
    const stdout = sink();
    const file = path.join(dir, 'none.md');
    githubReport(record, { env: { GITHUB_STEP_SUMMARY: file }, stdout });
    expect(stdout.text).toBe('');
    expect(() => readFileSync(file)).toThrow();
  });

  it('appends the Markdown summary and writes one annotation per fail, error and inconclusive', () => {
    const file = path.join(dir, 'summary.md');
    writeFileSync(file, 'earlier step\n');
    const stdout = sink();
    const warnings = [];
    githubReport(record, {
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: file },
      stdout,
      warn: (l) => warnings.push(l),
    });
    expect(readFileSync(file, 'utf8')).toBe(`earlier step\n${renderMarkdown(record)}\n`);
    expect(stdout.text.split('\n').filter(Boolean)).toEqual([
      '::error title=worker.spawn-cheap::median startup 24.1 ms in [22.7, 26.0], above boundary 5 ms',
      '::warning title=pool.dns-lookup-queues::delay/task median 0.61 in [0.22, 1.04] straddles boundary 0.5 after 15 trials',
      `::error title=worker.transfer-zero-copy::fixture exited with code 1: AssertionError: expected <buf> & "len" # 1024 at C:\\tmp 'x'`,
    ]);
    expect(warnings).toEqual([]);
  });

  it('writes annotations without a summary file', () => {
    const stdout = sink();
    githubReport(record, { env: { GITHUB_ACTIONS: 'true' }, stdout });
    expect(stdout.text.match(/^::error /gm)).toHaveLength(2);
  });

  it('warns, and does not throw, when the summary cannot be written', () => {
    const stdout = sink();
    const warnings = [];
    const file = path.join(dir, 'a-directory');
    mkdirSync(file);
    githubReport(record, {
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: file },
      stdout,
      warn: (l) => warnings.push(l),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^node-concurrency-spec: cannot append to GITHUB_STEP_SUMMARY \(.*a-directory\): EISDIR/,
    );
    expect(stdout.text.match(/^::error /gm)).toHaveLength(2);
    const broken = {
      write: () => {
        throw new Error('EPIPE');
      },
    };
    githubReport(record, { env: { GITHUB_ACTIONS: 'true' }, stdout: broken, warn: (l) => warnings.push(l) });
    expect(warnings[1]).toBe('node-concurrency-spec: cannot write annotations: EPIPE');
  });
});

describe('workflow command escaping', () => {
  it('escapes data and properties', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
  });

  it('annotations keep to one line per claim, ANSI stripped', () => {
    const rec = {
      results: [
        { id: 'x:y,z', verdict: 'fail', reason: '\x1b[31mline 1\nline 2\x1b[39m 100%' },
        { id: 'ok', verdict: 'pass', reason: 'fine' },
        { id: 'e', verdict: 'error', reason: '' },
      ],
    };
    expect(annotations(rec)).toEqual(['::error title=x%3Ay%2Cz::line 1 line 2 100%25', '::error title=e::error']);
    expect(annotations({})).toEqual([]);
  });
});

describe('annotations name the spec file where it is under the working directory', () => {
  it('file= for a claim whose spec is there (it shows on the spec in a diff); none otherwise', () => {
    const rec = {
      results: [
        { id: 'pool.fifth-lags', area: 'threadpool', verdict: 'fail', reason: 'r' },
        { id: 'x.gone', area: 'x', verdict: 'inconclusive', reason: 'q' },
      ],
    };
    const exists = (/** @type {string} */ f) => f === 'specs/threadpool/pool.fifth-lags.spec.js';
    expect(annotations(rec, { exists })).toEqual([
      '::error file=specs/threadpool/pool.fifth-lags.spec.js,title=pool.fifth-lags::r',
      '::warning title=x.gone::q',
    ]);
    expect(annotations(rec)[0]).toBe('::error file=specs/threadpool/pool.fifth-lags.spec.js,title=pool.fifth-lags::r'); // this repository's own spec
  });
});
