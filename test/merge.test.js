// Merging records from many environments into one table, and the `merge`
// command: four synthetic records (two Node versions × two core counts, one
// claim differing), folding, the "differs" list, and every bad input.
import { describe, it, before, after } from 'node:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import {
  readRecord,
  checkRecord,
  mergeRecords,
  describeEnvs,
  environmentOf,
  compareVersions,
  renderMergedMarkdown,
  renderMergedHtml,
  RecordError,
} from '../harness/merge.js';
import { run } from '../harness/commands/merge.js';
import { summarize } from '../harness/record.js';
import { parseMatrixArgs, nodeBinary, fits } from '../bench/matrix.js';
import { versionTruths, renderVersionTruths } from '../bench/version-truths.js';

const goldenFile = new URL('./golden/merged.md', import.meta.url);

/**
 * A small valid record.
 * @param {{ node: string, cores: number, cpus?: number | null, platform?: string, quick?: boolean, verdicts?: Record<string, [string, string?]> }} o
 */
function makeRecord({ node, cores, cpus = cores, platform = 'linux', quick = false, verdicts = {} }) {
  const claims = [
    ['cluster.shared-port', 'cluster'],
    ['pool.default-size', 'threadpool'],
    ['pool.env-in-code', 'threadpool'],
    ['net.not-pool-bound', 'network'],
    ['pool.two-as-fast-as-one', 'threadpool'],
  ];
  const results = claims.map(([id, area]) => {
    const [verdict, label] = verdicts[id] ?? ['pass'];
    return {
      id,
      area,
      title: `title of ${id}`,
      verdict,
      label: label ?? verdict,
      reason: `${id} on ${node} C=${cores}: ${verdict}`,
    };
  });
  return {
    schemaVersion: 1,
    environment: {
      platform,
      arch: 'x64',
      release: '6.8.0',
      node: { path: '/n', version: node, v8: '1', uv: '1.48.0' },
      hostNode: { version: 'v20.20.2' },
      cpus: { requested: cpus, list: null, method: 'taskset' },
      quick,
    },
    profile: { cores },
    results,
    summary: summarize(results),
  };
}

/** The four environments, deliberately out of order; pool.env-in-code fails on Node 20 with C=2. */
const four = () => [
  makeRecord({ node: 'v22.11.0', cores: 2 }),
  makeRecord({ node: 'v20.20.2', cores: 2, verdicts: { 'pool.env-in-code': ['fail'] } }),
  makeRecord({ node: 'v22.11.0', cores: 1 }),
  makeRecord({ node: 'v20.20.2', cores: 1 }),
];
const FILES = ['n22-c2.json', 'n20-c2.json', 'n22-c1.json', 'n20-c1.json'];

describe('mergeRecords', () => {
  const table = mergeRecords(four(), { files: FILES });

  it('orders environments by OS, Node version, C', () => {
    expect(table.environments.map((e) => [e.node, e.cores, e.file])).toEqual([
      ['20.20.2', 1, 'n20-c1.json'],
      ['20.20.2', 2, 'n20-c2.json'],
      ['22.11.0', 1, 'n22-c1.json'],
      ['22.11.0', 2, 'n22-c2.json'],
    ]);
    expect(table.environments[0]).toMatchObject({
      index: 1,
      os: 'Linux',
      arch: 'x64',
      major: '20',
      cpus: 1,
      quick: false,
      label: 'Node 20.20.2 · Linux x64 · C=1 (--cpus 1)',
    });
  });

  it('orders claims by area, then as first seen', () => {
    expect(table.claims.map((c) => c.id)).toEqual([
      'pool.default-size',
      'pool.env-in-code',
      'pool.two-as-fast-as-one',
      'net.not-pool-bound',
      'cluster.shared-port',
    ]);
  });

  it('marks the claim that differs and describes it in one line', () => {
    expect(table.differs.map((c) => c.id)).toEqual(['pool.env-in-code']);
    const c = table.differs[0];
    expect(c).toMatchObject({ differs: true, verdictDiffers: true });
    expect(c.description).toBe('pool.env-in-code: pass on Node 20 (C=1) and Node 22 (C=1, 2); fail on Node 20 (C=2)');
    expect(c.cells.map((x) => x?.verdict)).toEqual(['pass', 'fail', 'pass', 'pass']);
  });

  it('folds neighbouring identical environments into one column naming all of them', () => {
    expect(table.columns.map((col) => [col.envs, col.title])).toEqual([
      [[1], 'Node 20 (C=1)'],
      [[2], 'Node 20 (C=2)'],
      [[3, 4], 'Node 22 (C=1, 2)'],
    ]);
    expect(table.claims[1].columns.map((x) => x?.verdict)).toEqual(['pass', 'fail', 'pass']);
    const unfolded = mergeRecords(four(), { files: FILES, fold: false });
    expect(unfolded.columns.map((col) => col.envs)).toEqual([[1], [2], [3], [4]]);
  });

  it('tells a label that differs from a verdict that differs, verdicts first', () => {
    const recs = four();
    recs[2].results[4] = { ...recs[2].results[4], label: 'refuted as expected' };
    recs[3].results[4] = { ...recs[3].results[4], label: 'refuted as expected' };
    const t = mergeRecords(recs, { files: FILES });
    expect(t.differs.map((c) => [c.id, c.verdictDiffers])).toEqual([
      ['pool.env-in-code', true],
      ['pool.two-as-fast-as-one', false],
    ]);
    expect(t.differs[1].description).toBe(
      'pool.two-as-fast-as-one: refuted as expected on Node 20, 22 (C=1); pass on Node 20, 22 (C=2)',
    );
  });

  it("calls out a claim whose truth differs (its plan's model.outcome), even where every verdict is pass; such neighbours do not fold", () => {
    const recs = four();
    const truth = (/** @type {any} */ r, /** @type {string} */ outcome) =>
      (r.results[2] = {
        ...r.results[2],
        verdict: 'pass',
        label: 'pass',
        expectation: { summary: '', model: { outcome } },
      });
    recs.forEach((r) =>
      truth(r, r.environment.node.version.startsWith('v20') ? 'ESM entry: no effect (→ 4)' : 'ESM entry: works (→ 2)'),
    );
    const t = mergeRecords(recs, { files: FILES });
    expect(t.differs.map((c) => [c.id, c.verdictDiffers, c.truthDiffers])).toEqual([['pool.env-in-code', false, true]]);
    expect(t.differs[0].description).toBe(
      'pool.env-in-code: ESM entry: no effect (→ 4) on Node 20 (C=1, 2); ESM entry: works (→ 2) on Node 22 (C=1, 2)',
    );
    expect(t.columns.map((col) => col.envs)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const md = renderMergedMarkdown(t);
    expect(md).toContain(
      '- truth differs: `pool.env-in-code`: ESM entry: no effect (→ 4) on Node 20 (C=1, 2); ESM entry: works (→ 2) on Node 22 (C=1, 2)',
    );
    expect(md).toContain('| `pool.env-in-code` ≠ |');
    expect(renderMergedHtml(t)).toContain('<li>truth differs: <a href="#pool.env-in-code">');
    // A verdict that differs too: the outcomes first, then what is true.
    recs[1].results[2].verdict = recs[1].results[2].label = 'fail';
    const both = mergeRecords(recs, { files: FILES });
    expect(renderMergedMarkdown(both)).toContain(
      '- **verdict differs**: `pool.env-in-code`: pass on Node 20 (C=1) and Node 22 (C=1, 2); fail on Node 20 (C=2); what is true: ESM entry: no effect (→ 4) on Node 20 (C=1, 2); ESM entry: works (→ 2) on Node 22 (C=1, 2)',
    );
    // One environment saying nothing is not a difference.
    const quiet = four();
    truth(quiet[0], 'ESM entry: works (→ 2)');
    expect(mergeRecords(quiet, { files: FILES }).differs.map((c) => c.id)).toEqual(['pool.env-in-code']);
    expect(mergeRecords(quiet, { files: FILES }).differs[0].truthDiffers).toBe(false);
  });

  it('shows claims missing from some records as not run, without calling them different', () => {
    const recs = four();
    recs[0].results.push({
      id: 'workers.extra',
      area: 'workers',
      title: 't',
      verdict: 'skip',
      label: 'skip',
      reason: 'r',
    });
    const t = mergeRecords(recs, { files: FILES });
    const extra = /** @type {any} */ (t.claims.find((c) => c.id === 'workers.extra'));
    expect(extra.cells.map((/** @type {any} */ x) => x?.verdict ?? null)).toEqual([null, null, null, 'skip']);
    expect(extra.differs).toBe(false);
  });

  it('describes environments exactly, naming OSes, full versions and look-alikes where needed', () => {
    const envs = [
      environmentOf(makeRecord({ node: 'v20.20.2', cores: 2 }), 'a'),
      environmentOf(makeRecord({ node: 'v20.19.0', cores: 2, platform: 'darwin' }), 'b'),
      environmentOf(makeRecord({ node: 'v20.20.2', cores: 2 }), 'c'),
    ];
    // #1 and #3 look alike: the description names its environments by number too
    expect(describeEnvs(envs.slice(0, 2), envs)).toBe(
      'Linux x64 Node 20.20.2 (C=2) and macOS x64 Node 20.19.0 (C=2) [#1, #2]',
    );
    expect(describeEnvs([envs[1]], envs, { numbered: false })).toBe('macOS x64 Node 20.19.0 (C=2)');
    const quick = [
      environmentOf(makeRecord({ node: 'v24.0.0', cores: 4, quick: true })),
      environmentOf(makeRecord({ node: 'v24.0.0', cores: 4 })),
    ];
    expect(describeEnvs(quick, quick)).toBe('Node 24 (C=4, 4 quick)');
    expect(compareVersions('20.9.0', '20.10.0')).toBeLessThan(0);
  });
});

describe('changes between neighbouring Node versions', () => {
  const VERSIONS = ['v24.16.0', 'v22.18.0', 'v24.2.0', 'v22.17.0', 'v24.3.0', 'v22.9.0', 'v22.10.0', 'v24.15.0'];
  /** What the ES module entry does on a version: pool.env-in-code's rule. @param {string} v */
  const esm = (v) =>
    compareVersions(v, v.startsWith('v22') ? '22.18.0' : '24.3.0') >= 0 ? 'works (→ 2)' : 'no effect (→ 4)';
  /** pool.env-parsing's rule: libuv 1.52 from 24.16.0. @param {string} v */
  const long = (v) => (compareVersions(v, '24.16.0') >= 0 ? 'ignored (→ 4)' : 'a number (→ 1024)');
  /** One record per version and C, with the truths of both rules. @param {number[]} cores */
  const records = (cores = [1, 2]) =>
    VERSIONS.flatMap((node) =>
      cores.map((c) => {
        const r = makeRecord({ node, cores: c });
        const truth = (/** @type {number} */ i, /** @type {string} */ outcome) =>
          (r.results[i] = { ...r.results[i], expectation: { summary: '', model: { outcome } } });
        truth(2, `ESM entry: ${esm(node)}`);
        truth(1, `16+ characters: ${long(node)}`);
        r.results[1].id = 'pool.env-parsing';
        return r;
      }),
    );

  it('orders environments by version numerically, exact versions within a major', () => {
    expect(compareVersions('22.9.0', '22.10.0')).toBeLessThan(0);
    expect(compareVersions('v22.17.0', '22.18.0')).toBeLessThan(0);
    expect(compareVersions('24.2.0', '24.16.0')).toBeLessThan(0);
    expect(compareVersions('26.0.0-nightly20250101', '26.0.0')).toBe(
      compareVersions('26.0.0-nightly20250101', '26.0.0'),
    );
    expect(compareVersions('26.0.0-nightly20250101', '25.9.0')).toBeGreaterThan(0);
    const t = mergeRecords(records([2]));
    expect(t.environments.map((e) => e.node)).toEqual([
      '22.9.0',
      '22.10.0',
      '22.17.0',
      '22.18.0',
      '24.2.0',
      '24.3.0',
      '24.15.0',
      '24.16.0',
    ]);
    expect(t.versions).toEqual(t.environments.map((e) => e.node));
  });

  it('names each change of truth between neighbouring versions, once for all core counts', () => {
    const t = mergeRecords(records());
    expect(t.changes.map((c) => [c.id, c.from, c.to, c.kind, c.where])).toEqual([
      ['pool.env-parsing', '24.15.0', '24.16.0', 'truth', 'C=1, 2'],
      ['pool.env-in-code', '22.17.0', '22.18.0', 'truth', 'C=1, 2'],
      ['pool.env-in-code', '22.18.0', '24.2.0', 'truth', 'C=1, 2'],
      ['pool.env-in-code', '24.2.0', '24.3.0', 'truth', 'C=1, 2'],
    ]);
    const inCode = /** @type {any} */ (t.claims.find((c) => c.id === 'pool.env-in-code'));
    expect(inCode.changes[0].text).toBe(
      'changed between 22.17.0 and 22.18.0 (C=1, 2): ESM entry: no effect (→ 4) → ESM entry: works (→ 2)',
    );
    expect(inCode.changes[0].envs).toEqual([7, 8]);
    const md = renderMergedMarkdown(t);
    expect(md).toContain('### Changed between versions (4)');
    expect(md).toContain(
      '- `pool.env-parsing`: changed between 24.15.0 and 24.16.0 (C=1, 2): 16+ characters: a number (→ 1024) → 16+ characters: ignored (→ 4)',
    );
    expect(renderMergedHtml(t)).toContain(
      '<h2>Changed between versions (4)</h2><ul><li><a href="#pool.env-parsing"><code>pool.env-parsing</code></a>: changed between 24.15.0 and 24.16.0',
    );
  });

  it('compares only environments alike but for the version, and passes over a version where the claim did not run', () => {
    const recs = records();
    // 22.18.0 fails on C=1 only; 24.2.0 C=2 lacks the claim.
    for (const r of recs) {
      const node = r.environment.node.version;
      if (node === 'v22.18.0' && r.profile.cores === 1)
        r.results[4] = { ...r.results[4], verdict: 'fail', label: 'fail' };
      if (node === 'v24.2.0' && r.profile.cores === 2) r.results.splice(4, 1);
    }
    const t = mergeRecords(recs);
    const two = /** @type {any} */ (t.claims.find((c) => c.id === 'pool.two-as-fast-as-one'));
    expect(two.changes.map((/** @type {any} */ c) => c.text)).toEqual([
      'changed between 22.17.0 and 22.18.0 (C=1): pass → fail',
      'changed between 22.18.0 and 24.2.0 (C=1): fail → pass',
    ]);
    expect(two.changes[0].kind).toBe('verdict');
    // A truth and a verdict that change together: the truth, then the verdicts.
    const both = records([2]);
    const at22_18 = /** @type {any} */ (both.find((r) => r.environment.node.version === 'v22.18.0'));
    at22_18.results[2] = { ...at22_18.results[2], verdict: 'fail', label: 'fail' };
    const ch = mergeRecords(both).changes.filter((c) => c.id === 'pool.env-in-code');
    expect(ch[0].text).toBe(
      'changed between 22.17.0 and 22.18.0 (C=2): ESM entry: no effect (→ 4) → ESM entry: works (→ 2) (pass → fail)',
    );
    // One version only, or no change: no section.
    expect(renderMergedMarkdown(mergeRecords([makeRecord({ node: 'v22.1.0', cores: 1 })]))).not.toContain(
      'Changed between versions',
    );
    const same = mergeRecords([makeRecord({ node: 'v22.1.0', cores: 1 }), makeRecord({ node: 'v24.1.0', cores: 1 })]);
    expect(same.changes).toEqual([]);
    expect(renderMergedMarkdown(same)).toContain('### Changed between versions (0)\n\nNo claim changes');
  });
});

describe('rendering the table', () => {
  const table = mergeRecords(four(), { files: FILES });

  it('Markdown matches the golden file (UPDATE_GOLDEN=1 regenerates it)', () => {
    const md = renderMergedMarkdown(table);
    if (process.env.UPDATE_GOLDEN) writeFileSync(goldenFile, md);
    expect(md).toBe(readFileSync(goldenFile, 'utf8'));
    expect(md).toContain('| claim | Node 20 (C=1) · #1 | Node 20 (C=2) · #2 | Node 22 (C=1, 2) · #3, #4 |');
    expect(md).toContain(
      '- **verdict differs**: `pool.env-in-code`: pass on Node 20 (C=1) and Node 22 (C=1, 2); fail on Node 20 (C=2)',
    );
    expect(md).toContain('- `pool.env-in-code`: changed between 20.20.2 and 22.11.0 (C=2): fail → pass');
  });

  it('HTML is self-contained and shows every environment and claim', () => {
    const page = renderMergedHtml(table);
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).not.toMatch(/<script|\s(src|href)="https?:/i);
    for (const e of table.environments) expect(page).toContain(`<code>${e.file}</code>`);
    for (const c of table.claims) expect(page).toContain(`id="${c.id}"`);
    expect(page).toContain('<tr class="differs verdict-differs" id="pool.env-in-code">');
    expect(page).toContain('<td class="cell c-fail" title="#2: pool.env-in-code on v20.20.2 C=2: fail">fail</td>');
    expect(page).toContain(
      'title="#3: pool.default-size on v22.11.0 C=1: pass&#10;#4: pool.default-size on v22.11.0 C=2: pass"'.replace(
        '&#10;',
        '\n',
      ),
    );
  });
});

describe('readRecord', () => {
  /** @type {string} */
  let dir;
  before(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-merge-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const put = (/** @type {string} */ name, /** @type {string} */ text) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('reads a record and rejects what is not one, naming the file', () => {
    const good = put('good.json', JSON.stringify(four()[0]));
    expect(readRecord(good).schemaVersion).toBe(1);
    const cases = [
      [path.join(dir, 'missing.json'), /missing\.json: no such file$/],
      [dir, /: is a directory$/],
      [put('empty.json', ' \n'), /empty\.json: empty file/],
      [
        put('trunc.json', JSON.stringify(four()[0]).slice(0, 80)),
        /trunc\.json: not valid JSON \(truncated or not a record\?\)/,
      ],
      [put('array.json', '[]'), /array\.json: not a result record \(expected a JSON object\)/],
      [
        put('other.json', '{"name":"x"}'),
        /other\.json: not a node-concurrency-spec result record \(no schemaVersion\)/,
      ],
      [
        put('v2.json', JSON.stringify({ ...four()[0], schemaVersion: 2 })),
        /v2\.json: schemaVersion 2 is not supported \(this version reads schemaVersion 1\)/,
      ],
      [put('nores.json', '{"schemaVersion":1,"environment":{}}'), /no results list/],
      [put('noenv.json', '{"schemaVersion":1,"results":[]}'), /no environment/],
    ];
    for (const [file, re] of cases)
      expect(() => readRecord(/** @type {string} */ (file))).toThrow(/** @type {RegExp} */ (re));
    expect(() => readRecord(path.join(dir, 'missing.json'))).toThrow(RecordError);
  });

  it('checks each result has an id and a known verdict', () => {
    expect(() => checkRecord({ schemaVersion: 1, environment: {}, results: [{ verdict: 'pass' }] }, 'f.json')).toThrow(
      'f.json: result 1 has no id',
    );
    expect(() =>
      checkRecord({ schemaVersion: 1, environment: {}, results: [{ id: 'a.b', verdict: 'ok' }] }, 'f.json'),
    ).toThrow('f.json: result a.b has an unknown verdict "ok"');
  });
});

describe('merge command', () => {
  /** @type {string} */
  let dir;
  /** @type {string[]} */
  let files;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-merge-cmd-'));
    mkdirSync(path.join(dir, 'in', 'sub'), { recursive: true });
    files = four().map((r, i) => {
      const file = path.join(dir, 'in', i % 2 ? 'sub' : '', FILES[i]);
      writeFileSync(file, JSON.stringify(r));
      return file;
    });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** @param {string[]} argv */
  const cli = async (argv) => {
    let stdout = '';
    let stderr = '';
    const code = await run(argv, { stdout: { write: (s) => (stdout += s) }, stderr: { write: (s) => (stderr += s) } });
    return { code, stdout, stderr };
  };

  it('prints the Markdown table by default', async () => {
    const r = await cli(files);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain('## node-concurrency-spec: 5 claims × 4 environments');
  });

  it('writes --html and --markdown files; a directory stands for its records', async () => {
    const html = path.join(dir, 'out', 'm.html');
    const md = path.join(dir, 'out', 'm.md');
    const r = await cli(['--html', html, '--markdown', md, path.join(dir, 'in')]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(md, 'utf8')).toContain('Node 22 (C=1, 2) · #3, #4');
    expect(readFileSync(html, 'utf8')).toContain('<title>node-concurrency-spec: 5 claims × 4 environments</title>');
    // --reporter takes the same exporters (the aliases above are the same thing)
    const viaReporter = await cli([
      '--reporter',
      `html=${html}.2`,
      '--reporter',
      `markdown=${md}.2`,
      path.join(dir, 'in'),
    ]);
    expect(viaReporter).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(`${md}.2`, 'utf8')).toBe(readFileSync(md, 'utf8'));
    expect(readFileSync(`${html}.2`, 'utf8')).toBe(readFileSync(html, 'utf8'));
    const htmlOut = await cli(['--reporter', 'html', ...files]);
    expect(htmlOut.stdout).toMatch(/^<!doctype html>/i);
    expect(htmlOut.stdout).not.toContain('## node-concurrency-spec');
    const unfolded = await cli(['--no-fold', ...files]);
    expect(unfolded.stdout).toContain('| Node 22 (C=1) · #3 | Node 22 (C=2) · #4 |');
  });

  it('exits 2 with one line for bad usage and bad records', async () => {
    const bad = path.join(dir, 'v2.json');
    writeFileSync(bad, JSON.stringify({ ...four()[0], schemaVersion: 2 }));
    const trunc = path.join(dir, 'trunc.json');
    writeFileSync(trunc, '{"schemaVersion": 1, "resu');
    mkdirSync(path.join(dir, 'empty-dir'));
    const cases = [
      [[], /^node-concurrency-spec merge: no report given/],
      [['--bogus', ...files], /^node-concurrency-spec merge: Unknown option '--bogus' \(see merge --help\)$/],
      [[...files, bad], /v2\.json: schemaVersion 2 is not supported/],
      [[trunc], /trunc\.json: not valid JSON/],
      [[path.join(dir, 'nope.json')], /nope\.json: no such file$/],
      [[path.join(dir, 'empty-dir')], /empty-dir: a directory with no \.json record in it$/],
      [['--html', '', ...files], /--html needs a file name$/],
      [['--reporter', 'tap', ...files], /unknown reporter 'tap' \(merge writes: html, markdown\)$/],
      [['--reporter', 'html=', ...files], /--reporter html= needs a file name$/],
      [
        ['--reporter', 'html', '--reporter', 'markdown', ...files],
        /only one reporter can write to stdout \(got html, markdown\)/,
      ],
      [['--markdown', path.join(dir, 'in'), ...files], /cannot write: /],
    ];
    for (const [argv, re] of cases) {
      const r = await cli(/** @type {string[]} */ (argv));
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr.trimEnd()).toMatch(/** @type {RegExp} */ (re));
    }
  });

  it('has --help', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: node-concurrency-spec merge \[options\] REPORT\.json\|DIR \.\.\./);
  });
});

describe('npm run matrix: majors and exact versions', () => {
  const env = { XDG_CACHE_HOME: '/cache' };
  it('takes exact versions as well as majors, in the order given, without repeats', () => {
    expect(parseMatrixArgs([], env).versions).toEqual(['20', '22', '24', '26']);
    expect(parseMatrixArgs(['--versions', '22.17.0,22.18.0,24.2.0,24.3.0,24.16.0'], env).versions).toEqual([
      '22.17.0',
      '22.18.0',
      '24.2.0',
      '24.3.0',
      '24.16.0',
    ]);
    expect(parseMatrixArgs(['--versions', 'v22.17.0,22,22.17.0', '--majors', '24,22'], env).versions).toEqual([
      '22.17.0',
      '22',
      '24',
    ]);
    expect(parseMatrixArgs(['--majors', '20,22'], env).versions).toEqual(['20', '22']);
  });

  it('refuses what is neither a major nor an exact version, and Node before 20', () => {
    for (const [argv, re] of [
      [['--versions', '22.17'], /--versions 22\.17: '22\.17' is neither a major \(22\) nor an exact version/],
      [['--versions', '22,lts'], /'lts' is neither/],
      [['--versions', '18.20.0'], /--versions: Node 18\.20\.0 is not supported/],
      [['--majors', '18'], /--majors: Node 18 is not supported/],
    ])
      expect(() => parseMatrixArgs(/** @type {string[]} */ (argv), env)).toThrow(/** @type {RegExp} */ (re));
  });

  it('caches each version in its own folder and accepts a binary of the version asked for', () => {
    expect(nodeBinary('/cache/ncs', '22.17.0').dir).toBe(path.join('/cache/ncs', 'node-22.17.0'));
    expect(nodeBinary('/cache/ncs', '22').dir).toBe(path.join('/cache/ncs', 'node-22'));
    expect([fits('22.17.0', '22.17.0'), fits('22.23.3', '22'), fits('22.18.0', '22.17.0'), fits(null, '22')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(fits('220.1.0', '22')).toBe(false);
  });
});

describe('bench/version-truths.js: the page derived from records', () => {
  /** A record on one version where pool.env-in-code's ES module entry gives `got`. @param {string} node @param {number} got */
  const rec = (node, got, verdict = 'pass') => {
    const r = makeRecord({ node, cores: 2 });
    r.environment.node.uv = node.startsWith('v24.16') ? '1.52.1' : '1.51.0';
    r.results[2] = {
      ...r.results[2],
      verdict,
      label: verdict,
      reason: `ES module entry → ${got} (2/2 trials as expected)`,
      expectation: {
        summary: '',
        model: { outcome: got === 2 ? 'ESM entry works (→ 2)' : 'ESM entry: no effect (→ 4)' },
      },
    };
    return r;
  };

  it('lists each change between neighbouring versions, with runs of versions and what was measured', () => {
    const truths = versionTruths([
      rec('v24.3.0', 2),
      rec('v22.17.0', 4),
      rec('v22.18.0', 2),
      rec('v24.2.0', 4),
      rec('v24.16.0', 2),
    ]);
    expect(truths.versions).toEqual(['22.17.0', '22.18.0', '24.2.0', '24.3.0', '24.16.0']);
    const c = /** @type {any} */ (truths.claims.find((x) => x.id === 'pool.env-in-code'));
    expect(c.changes.map((/** @type {any} */ ch) => `${ch.from}→${ch.to}`)).toEqual([
      '22.17.0→22.18.0',
      '22.18.0→24.2.0',
      '24.2.0→24.3.0',
    ]);
    expect(c.runs.map((/** @type {any} */ r) => [r.versions, r.measured])).toEqual([
      [['22.17.0'], 'ES module entry → 4'],
      [['22.18.0'], 'ES module entry → 2'],
      [['24.2.0'], 'ES module entry → 4'],
      [['24.3.0', '24.16.0'], 'ES module entry → 2'],
    ]);
    const page = renderVersionTruths(truths, { machine: 'Linux x64, C=2', date: '2026-01-01' });
    expect(page).toContain(
      '| `pool.env-in-code` | 22.17.0 and 22.18.0 | ESM entry: no effect (→ 4) | ESM entry works (→ 2) |',
    );
    expect(page).toContain('| 24.3.0 – 24.16.0 | ✅ pass | ESM entry works (→ 2) | ES module entry → 2 |');
    expect(page).toContain('24.16.0 (libuv 1.52.1)');
    expect(page).toContain('- `pool.default-size`: ✅ pass');
  });
});
