// The metadata linter: the real catalogue is clean; broken specs in a claim
// pack give one exact line each; usage errors exit 2. Plus the version and
// count ranges it validates.
import { describe, test, before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { run } from '../harness/commands/lint.js';
import { lintSpecs, policyProblems, knownSource, SOURCES, FIELDS } from '../harness/lint.js';
import { TAGS } from '../harness/spec.js';
import { SOURCE_ARTICLES, sourceArticle } from '../harness/sources.js';
import { parseVersionRange, satisfiesVersion, satisfiesCount, rangeProblem } from '../harness/range.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SPEC_JS = new URL('../harness/spec.js', import.meta.url).href;

/** Run the lint command in-process. @param {string[]} argv */
async function lint(argv) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: { write: (s) => (stdout += s) }, stderr: { write: (s) => (stderr += s) } });
  return { code, stdout, stderr };
}

/** A spec file's text from its fields; a field set to undefined is left out. @param {Record<string, unknown>} fields */
function specText(fields) {
  const base = {
    title: 'A claim',
    claim: 'Something about Node.',
    truth: 'True: it is so, as measured.',
    expected: 'holds',
    source: { file: SOURCES[0], section: 'Thread pool', figures: null },
    ...fields,
  };
  const body = Object.entries(base)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `  ${k}: ${JSON.stringify(v)},`)
    .join('\n');
  return `import { defineSpec } from ${JSON.stringify(SPEC_JS)};\nexport default defineSpec({\n${body}\n  plan: () => ({ summary: 's', trial: async () => ({}) }),\n});\n`;
}

test('the catalogue lints clean (npm test keeps it so)', async () => {
  const { code, stdout, stderr } = await lint([]);
  expect(stdout).toBe('');
  expect(stderr).toMatch(/^lint: \d+ spec files, no problems\n$/);
  expect(code).toBe(0);
});

test('the CLI dispatches `lint` (exit 0 on the catalogue)', () => {
  const out = execFileSync(process.execPath, ['harness/cli.js', 'lint'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(out).toBe('');
});

describe('broken specs in a claim pack: one exact line per problem, exit 1', () => {
  /** @type {string} */ let dir;
  const file = (/** @type {string} */ rel) => path.join(dir, rel);
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-lint-'));
    mkdirSync(path.join(dir, 'demo'));
    mkdirSync(path.join(dir, 'sources'));
    writeFileSync(path.join(dir, 'sources', 'article.md'), '# an article\n');
    const write = (/** @type {string} */ rel, /** @type {string} */ text) => writeFileSync(file(rel), text);
    write(
      'demo/demo.clean.spec.js',
      specText({
        id: 'demo.clean',
        area: 'demo',
        tags: ['structural', 'fifo-probe'],
        node: '>=20 <27',
        source: {
          file: 'sources/article.md',
          section: 'Intro',
          figures: '1, 2 ms',
          table: {
            setup: 'ab -c 2',
            columns: ['k', 'ms'],
            rows: [
              [1, 1],
              [2, 2],
            ],
          },
        },
      }),
    );
    write('demo/demo.no-source.spec.js', specText({ id: 'demo.no-source', area: 'demo', source: undefined }));
    write('demo/demo.wrong-id.spec.js', specText({ id: 'demo.other-id', area: 'demo' }));
    write('demo/demo.bad-range.spec.js', specText({ id: 'demo.bad-range', area: 'demo', node: '>=2x' }));
    write(
      'demo/demo.bad-tag.spec.js',
      specText({ id: 'demo.bad-tag', area: 'demo', tags: ['structural', 'fast', 'structural'] }),
    );
    write(
      'demo/demo.waits-alone.spec.js',
      specText({ id: 'demo.waits-alone', area: 'demo', tags: ['timing', 'mostly-waits'] }),
    );
    write(
      'demo/demo.refuted-bare.spec.js',
      specText({ id: 'demo.refuted-bare', area: 'demo', expected: 'refuted', truth: 'Refuted.' }),
    );
    write(
      'demo/demo.refuted-none.spec.js',
      specText({ id: 'demo.refuted-none', area: 'demo', expected: 'refuted', truth: undefined }),
    );
    write(
      'demo/demo.unknown-source.spec.js',
      specText({ id: 'demo.unknown-source', area: 'demo', source: { file: 'blog.txt', section: 'S', figures: null } }),
    );
    write(
      'demo/demo.typo.spec.js',
      specText({
        id: 'demo.typo',
        area: 'demo',
        requirs: ['linux'],
        requires: ['windows'],
        title: `${'long '.repeat(25)}title`,
      }),
    );
    write('demo/demo.syntax.spec.js', 'export default defineSpec({\n');
    write(
      'demo.flat-ok.spec.js',
      specText({
        id: 'demo.flat-ok',
        area: 'anything',
        source: { file: 'https://nodejs.org/api/cluster.html', section: 'How it works', figures: null },
      }),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('exact messages', async () => {
    const { code, stdout, stderr } = await lint(['--specs', dir]);
    const known = `one of ${SOURCES.join(', ')}, an https:// address, or a file in the claim pack`;
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      `${file('demo/demo.bad-range.spec.js')}: node: ">=2x" is not a version range: '>=2x' is not a version comparison (e.g. >=22, 20.x, <26.1, ^22.4)`,
      `${file('demo/demo.bad-tag.spec.js')}: tags: unknown tag 'fast' (known: ${Object.keys(TAGS).join(', ')})`,
      `${file('demo/demo.bad-tag.spec.js')}: tags: 'structural' appears twice`,
      `${file('demo/demo.no-source.spec.js')}: source: needs file and section`,
      `${file('demo/demo.refuted-bare.spec.js')}: truth: a refuted claim must say what is true instead (e.g. 'Refuted: the cap is 1024, not 128.')`,
      `${file('demo/demo.refuted-none.spec.js')}: truth: missing or empty`,
      expect.stringMatching(
        new RegExp(`^${escape(file('demo/demo.syntax.spec.js'))}: module: could not be loaded: .+`),
      ),
      `${file('demo/demo.typo.spec.js')}: requires: unknown precondition 'windows'`,
      `${file('demo/demo.typo.spec.js')}: requirs: unknown field (known: ${FIELDS.join(', ')})`,
      `${file('demo/demo.typo.spec.js')}: title: must be one line of at most 100 characters`,
      `${file('demo/demo.unknown-source.spec.js')}: source.file: 'blog.txt' is not a known source (${known})`,
      `${file('demo/demo.waits-alone.spec.js')}: tags: 'mostly-waits' chooses a side-by-side claim's lanes; this claim runs alone (not 'structural', or kept alone)`,
      `${file('demo/demo.wrong-id.spec.js')}: id: 'demo.other-id' does not match the file name`,
    ]);
    expect(stderr).toMatch(/^lint: 13 problems in 10 of \d+ spec files\n$/);
    expect(code).toBe(1);
  });

  test('a duplicate id across packs names the first file', async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'ncs-lint2-'));
    try {
      writeFileSync(path.join(other, 'demo.clean.spec.js'), specText({ id: 'demo.clean', area: 'demo' }));
      const { problems } = await lintSpecs({ specDirs: [dir, other] });
      expect(problems.filter((p) => p.file.startsWith(other))).toEqual([
        {
          file: path.join(other, 'demo.clean.spec.js'),
          field: 'id',
          text: `'demo.clean' is also defined in ${file('demo/demo.clean.spec.js')}`,
        },
      ]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

/** @param {string} s */
function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('policy', () => {
  test('a built-in spec may not cite a file of its own, a pack may', () => {
    const spec = { id: 'a.b', source: { file: 'README.md', section: 's', figures: null } };
    expect(policyProblems(spec)).toEqual([
      expect.stringMatching(/^source\.file: 'README\.md' is not a known source \(one of .*, an https:\/\/ address\)$/),
    ]);
    expect(policyProblems(spec, { packDir: ROOT })).toEqual([]);
    expect(knownSource('../etc/passwd', ROOT)).toBe(false);
    expect(knownSource('http://example.org/a', null)).toBe(true);
    expect(knownSource(SOURCES[4], null)).toBe(true);
  });

  test('truth of a refuted claim: a label then a sentence', () => {
    const p = (/** @type {string} */ truth) => policyProblems({ expected: 'refuted', truth });
    expect(p('Refuted: the cap is 1024 since libuv 1.30.')).toEqual([]);
    expect(p('Mostly refuted: async zlib runs on the pool.')).toEqual([]);
    expect(p('A heuristic: the time plateaus from k = C on.')).toEqual([]);
    expect(p('Refuted')).toHaveLength(1);
    expect(p('False: no.')).toHaveLength(1);
    expect(policyProblems({ expected: 'holds', truth: 'True.' })).toEqual([]);
  });

  test('a built-in directory rejects areas outside AREAS', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-lint3-'));
    try {
      mkdirSync(path.join(dir, 'gpu'));
      writeFileSync(path.join(dir, 'gpu', 'gpu.x.spec.js'), specText({ id: 'gpu.x', area: 'gpu' }));
      const { problems } = await lintSpecs({ dir });
      expect(problems).toEqual([
        {
          file: path.join(dir, 'gpu', 'gpu.x.spec.js'),
          field: 'area',
          text: "'gpu' is not one of threadpool, network, workers, cluster, os",
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('usage', () => {
  test('--help, bad options, positionals, a missing directory', async () => {
    const help = await lint(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: node-concurrency-spec lint [options]');
    expect(await lint(['--bogus'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "node-concurrency-spec lint: unknown option '--bogus' (see --help)\n",
    });
    expect(await lint(['pool.x'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "node-concurrency-spec lint: unexpected argument 'pool.x' (see --help)\n",
    });
    expect(await lint(['--specs', ''])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'node-concurrency-spec lint: --specs needs a directory\n',
    });
    const missing = path.join(os.tmpdir(), 'ncs-no-such-dir');
    expect(await lint(['--specs', missing])).toEqual({
      code: 2,
      stdout: '',
      stderr: `node-concurrency-spec lint: --specs ${missing}: not a directory\n`,
    });
  });
});

describe('ranges', () => {
  test('version ranges', () => {
    const yes = (/** @type {string} */ v, /** @type {string} */ r) =>
      expect([v, r, satisfiesVersion(v, r)]).toEqual([v, r, true]);
    const no = (/** @type {string} */ v, /** @type {string} */ r) =>
      expect([v, r, satisfiesVersion(v, r)]).toEqual([v, r, false]);
    yes('22.0.0', '>=22');
    no('21.99.0', '>=22');
    yes('23.0.0', '>22');
    no('22.9.9', '>22');
    yes('22.5.0', '>22.4');
    no('22.4.9', '>22.4');
    yes('25.9.9', '<26');
    no('26.0.0', '<26');
    yes('24.9.0', '<=24');
    no('25.0.0', '<=24');
    yes('22.4.1', '=22.4.1');
    no('22.4.2', '22.4.1');
    yes('20.18.1', '20');
    yes('20.18.1', '20.x');
    yes('20.18.1', '20.18');
    no('20.19.0', '20.18.x');
    yes('22.9.0', '^22.4');
    no('23.0.0', '^22.4');
    yes('22.4.7', '~22.4');
    no('22.5.0', '~22.4');
    yes('20.1.0', '20.x || >=24');
    no('22.1.0', '20.x || >=24');
    yes('24.0.0', '>= 22 < 26');
    yes('1.0.0', '*');
    yes('23.1.0', '22 - 24');
    no('25.0.0', '22 - 24');
    // a Node pre-release (a nightly, an rc) counts as its release
    yes('v23.0.0-nightly20240101abcdef', '>=23');
    no('v26.0.0-rc.1', '<26');
    expect(parseVersionRange('>=22 <26')).toEqual([['>=22.0.0', '<26.0.0-0']]);
    expect(parseVersionRange('20.x || >=24')).toEqual([['>=20.0.0', '<21.0.0-0'], ['>=24.0.0']]);
  });

  test('count ranges', () => {
    expect(satisfiesCount(2, '<=2')).toBe(true);
    expect(satisfiesCount(2.5, '<=2')).toBe(false);
    expect(satisfiesCount(1.5, '>1 <2')).toBe(true);
    expect(satisfiesCount(4, '4')).toBe(true);
    expect(satisfiesCount(4, '1 || >=8')).toBe(false);
    expect(satisfiesCount(64, '1 || >=8')).toBe(true);
    expect(satisfiesCount(3, '*')).toBe(true);
  });

  test('syntax errors are named', () => {
    expect(rangeProblem('>=22')).toBeNull();
    expect(rangeProblem('')).toBe('empty range');
    expect(rangeProblem('>=22 ||')).toBe("empty alternative around '||'");
    expect(rangeProblem('>=22 garbage')).toBe("'garbage' is not a version comparison (e.g. >=22, 20.x, <26.1, ^22.4)");
    expect(rangeProblem('22.x.1')).toBe("'22.x.1' is not a version comparison (e.g. >=22, 20.x, <26.1, ^22.4)");
    expect(rangeProblem('22 - 24')).toBeNull(); // a semver hyphen range
    expect(rangeProblem(22)).toBe('must be a string');
    expect(rangeProblem('<=2', 'count')).toBeNull();
    expect(rangeProblem('^2', 'count')).toBe("'^2' is not a comparison with a number (e.g. <=2, >=4, 8)");
    expect(() => satisfiesVersion('twenty', '>=20')).toThrow("'twenty' is not a version");
  });
});

describe('the source table (harness/sources.js)', () => {
  test('each article has a file, a title, an author or null and a subject; SOURCES is its file names in order', () => {
    expect(SOURCE_ARTICLES.map((a) => Object.keys(a))).toEqual(
      SOURCE_ARTICLES.map(() => ['file', 'title', 'author', 'about']),
    );
    for (const a of SOURCE_ARTICLES) {
      expect(a.file).toMatch(/^\d{3}_[0-9a-f]{16}\.txt$/);
      expect([a.title, a.about].every((t) => typeof t === 'string' && t.length > 0)).toBe(true);
      expect(a.author === null || typeof a.author === 'string').toBe(true);
    }
    expect(SOURCES).toEqual(SOURCE_ARTICLES.map((a) => a.file));
    expect(Object.isFrozen(SOURCES) && Object.isFrozen(SOURCE_ARTICLES) && Object.isFrozen(SOURCE_ARTICLES[0])).toBe(
      true,
    );
    expect(sourceArticle('003').file).toBe(SOURCES[3]);
    expect(() => sourceArticle('009')).toThrow(/no source article numbered '009'/);
  });

  test('a source file name is written only in the table, nowhere else in the harness', () => {
    /** @param {string} dir @returns {string[]} */
    const js = (dir) =>
      readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join(dir, f));
    const named = js(path.join(ROOT, 'harness')).filter((f) => /\d{3}_[0-9a-f]{16}\.txt/.test(readFileSync(f, 'utf8')));
    expect(named.map((f) => path.relative(ROOT, f))).toEqual([path.join('harness', 'sources.js')]);
  });

  // The articles are not part of the package; where a checkout has them beside it, the titles are checked.
  const seeds = [path.join(ROOT, 'shared', 'seeds'), path.join(ROOT, '..', 'shared', 'seeds')].find((d) =>
    existsSync(d),
  );
  test("each title is the article's own (first lines of the file)", { skip: !seeds && 'no shared/seeds/ here' }, () => {
    for (const a of SOURCE_ARTICLES) {
      const words = (/** @type {string} */ t) => t.replace(/\s+/g, ' '); // a no-break space reads as a space
      const head = words(
        readFileSync(path.join(/** @type {string} */ (seeds), a.file), 'utf8')
          .split('\n')
          .slice(0, 10)
          .join('\n'),
      );
      const asWritten = words(a.title.replace(/ \([^()]*\)$/, '')); // 002's English gloss is ours
      expect({ file: a.file, found: head.includes(asWritten) }).toEqual({ file: a.file, found: true });
    }
  });
});
