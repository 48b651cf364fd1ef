// The command line, spec discovery and selection, the record's summary and
// exit code, and where reports go. No processes.
import { test, describe } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCli, parseReporter, helpText, OPTIONS, REPORTER_NAMES, DEFAULT_JSON } from '../harness/args.js';
import { DEFAULT_LANES } from '../harness/lanes.js';
import { UsageError, SpecError } from '../harness/errors.js';
import { loadSpecs, selectSpecs, globToRegExp, SPECS_DIR } from '../harness/registry.js';
import { validateSpec, defineSpec, unmetRequirement, AREAS } from '../harness/spec.js';
import { summarize, exitCode, buildRecord, VERDICTS } from '../harness/record.js';
import { Channel, writeWhole, checkWritable, checkDirectory } from '../harness/output.js';

/** The UsageError thrown by fn; fails if none is thrown. */
function usageError(/** @type {() => unknown} */ fn) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return /** @type {UsageError} */ (err);
  }
  throw new Error('expected a UsageError');
}

describe('--env and --inherit-env: the settings in force', () => {
  const shell = {
    NODE_OPTIONS: '--max-old-space-size=512',
    UV_THREADPOOL_SIZE: '8',
    UV_USE_IO_URING: '1',
    NODE_CLUSTER_SCHED_POLICY: 'none',
    NODE_V8_COVERAGE: '/tmp/cov',
    NODE_CHANNEL_FD: '3',
    NODE_UNIQUE_ID: '1',
    PATH: '/bin',
    HOME: '/root',
  };

  test('KEY=VALUE, repeatable; the value may hold = or be empty; the last of a key wins', () => {
    const argv = [
      '--env',
      'UV_THREADPOOL_SIZE=8',
      '--env=NODE_OPTIONS=--require=./a.js',
      '--env',
      'EMPTY=',
      '--env',
      'UV_THREADPOOL_SIZE=6',
    ];
    expect(parseCli(argv, shell).env).toEqual({ UV_THREADPOOL_SIZE: '6', NODE_OPTIONS: '--require=./a.js', EMPTY: '' });
  });

  test('nothing is inherited without --inherit-env', () => {
    expect(parseCli(['pool.*'], shell).env).toEqual({});
  });

  test('--inherit-env takes only the variables that change what is measured, never the harness own', () => {
    expect(parseCli(['--inherit-env'], shell).env).toEqual({
      NODE_OPTIONS: '--max-old-space-size=512',
      UV_THREADPOOL_SIZE: '8',
      UV_USE_IO_URING: '1',
      NODE_CLUSTER_SCHED_POLICY: 'none',
    });
    expect(parseCli(['--inherit-env'], { PATH: '/bin', UV_THREADPOOL_SIZE: '' }).env).toEqual({
      UV_THREADPOOL_SIZE: '',
    });
  });

  test('--env wins over an inherited variable, whatever the order', () => {
    const env = parseCli(['--env', 'UV_THREADPOOL_SIZE=2', '--inherit-env'], shell).env;
    expect(env.UV_THREADPOOL_SIZE).toBe('2');
    expect(env.NODE_OPTIONS).toBe('--max-old-space-size=512');
  });

  test('a malformed pair, or one of the harness own variables, is a one-line usage error', () => {
    for (const bad of ['FOO', '=8', '1X=2', 'A-B=1', '']) {
      const err = usageError(() => parseCli(['--env', bad]));
      expect(err.message).toBe(`--env needs KEY=VALUE, with KEY a variable name (got '${bad}')`);
    }
    for (const own of ['NODE_V8_COVERAGE', 'NODE_CHANNEL_FD', 'NODE_UNIQUE_ID']) {
      expect(usageError(() => parseCli(['--env', `${own}=1`])).message).toMatch(
        new RegExp(`^--env ${own}: the harness sets`),
      );
    }
    expect(usageError(() => parseCli(['--env'])).message).toMatch(/^option '--env <value>' argument missing/);
  });
});

describe('parseCli', () => {
  test('defaults', () => {
    expect(parseCli([])).toEqual({
      patterns: [],
      list: false,
      json: DEFAULT_JSON,
      out: null,
      reporters: [{ name: 'spec', file: null }],
      cpus: null,
      nodes: [],
      quick: false,
      sourceLoads: false,
      lanes: DEFAULT_LANES,
      env: {},
      specDirs: [],
      expectations: null,
      verify: null,
      strict: false,
      help: false,
      version: false,
    });
    expect(DEFAULT_JSON).toBe('reports/latest.json');
  });

  test('every option', () => {
    const argv = [
      '--list',
      '--json',
      'out/r.json',
      '--reporter',
      'tap',
      '--cpus',
      '2',
      '--node',
      '/opt/node',
      '--quick',
      '--specs',
      'my/specs',
    ];
    const more = [
      '--expectations',
      'exp.json',
      '--verify',
      '5',
      '--strict',
      '-h',
      '-v',
      '--env',
      'A=1',
      '--lanes',
      '3',
      '--source-loads',
    ];
    expect(parseCli([...argv.slice(1), ...more])).toEqual({
      patterns: [],
      list: false,
      json: 'out/r.json',
      out: null,
      reporters: [{ name: 'tap', file: null }],
      cpus: [2],
      nodes: ['/opt/node'],
      quick: true,
      sourceLoads: true,
      lanes: 3,
      env: { A: '1' },
      specDirs: ['my/specs'],
      expectations: 'exp.json',
      verify: 5,
      strict: true,
      help: true,
      version: true,
    });
    expect(parseCli(['--help', '--version'])).toMatchObject({ help: true, version: true });
    expect(parseCli(['--json=x.json']).json).toBe('x.json');
    expect(parseCli(['--cpus=3']).cpus).toEqual([3]);
  });

  test('--reporter is repeatable, in order, replacing the default', () => {
    expect(
      parseCli([
        '--reporter',
        'tap',
        '--reporter',
        'junit=out/junit.xml',
        '--reporter',
        'json=r.json',
        '--reporter',
        'spec=s.txt',
      ]).reporters,
    ).toEqual([
      { name: 'tap', file: null },
      { name: 'junit', file: 'out/junit.xml' },
      { name: 'json', file: 'r.json' },
      { name: 'spec', file: 's.txt' },
    ]);
  });

  test('only one reporter may write to stdout (two would interleave)', () => {
    expect(usageError(() => parseCli(['--reporter', 'tap', '--reporter', 'spec'])).message).toBe(
      'only one reporter can write to stdout (got tap, spec): give the others a file, e.g. --reporter spec=FILE',
    );
  });

  test('NAME=FILE keeps any further = in the file name', () => {
    expect(parseCli(['--reporter', 'tap=a=b.tap']).reporters).toEqual([{ name: 'tap', file: 'a=b.tap' }]);
    expect(parseReporter('junit=x.xml')).toEqual({ name: 'junit', file: 'x.xml' });
  });

  test('unknown reporter, or NAME= without a file', () => {
    expect(usageError(() => parseCli(['--reporter', 'xml'])).message).toBe(
      `unknown reporter 'xml' (known: ${REPORTER_NAMES.join(', ')})`,
    );
    expect(usageError(() => parseCli(['--reporter', 'xml=out.xml'])).message).toMatch(/^unknown reporter 'xml'/);
    expect(usageError(() => parseCli(['--reporter', 'tap='])).message).toBe('--reporter tap= needs a file name');
    expect(usageError(() => parseCli(['--reporter', ''])).message).toMatch(/^unknown reporter ''/);
  });

  for (const bad of ['0', '-1', '1.5', 'abc', '', ' 2', '2x', '+3', '1e3']) {
    test(`--cpus ${JSON.stringify(bad)} is rejected, naming --cpus`, () => {
      const withEquals = usageError(() => parseCli([`--cpus=${bad}`]));
      expect(withEquals.message).toContain('--cpus');
      if (bad !== '') expect(withEquals.message).toBe(`--cpus must be a whole number of at least 1 (got '${bad}')`);
      expect(usageError(() => parseCli(['--cpus', bad])).message).toContain('--cpus');
    });
  }

  test('--cpus without a value', () => {
    expect(usageError(() => parseCli(['--cpus'])).message).toContain('--cpus');
  });

  test('--cpus accepts whole numbers', () => {
    expect(parseCli(['--cpus', '1']).cpus).toEqual([1]);
    expect(parseCli(['--cpus', '16']).cpus).toEqual([16]);
    expect(parseCli(['--cpus', '08']).cpus).toEqual([8]);
  });

  test('--cpus takes a list; --node and --specs repeat', () => {
    expect(parseCli(['--cpus', '1,2']).cpus).toEqual([1, 2]);
    expect(parseCli(['--cpus', '2,1,2']).cpus).toEqual([2, 1]);
    expect(usageError(() => parseCli(['--cpus', '1,'])).message).toBe(
      "--cpus must be a whole number of at least 1 (got '')",
    );
    expect(usageError(() => parseCli(['--cpus', '1,0'])).message).toBe(
      "--cpus must be a whole number of at least 1 (got '0')",
    );
    expect(parseCli(['--node', 'a', '--node', 'b']).nodes).toEqual(['a', 'b']);
    expect(parseCli(['--specs', 'x', '--specs', 'y']).specDirs).toEqual(['x', 'y']);
    expect(usageError(() => parseCli(['--specs='])).message).toBe('--specs needs a directory');
    expect(usageError(() => parseCli(['--expectations='])).message).toBe('--expectations needs a file name');
    expect(usageError(() => parseCli(['--verify', '0'])).message).toBe(
      "--verify must be a whole number of at least 1 (got '0')",
    );
    expect(parseCli(['--lanes', '1']).lanes).toBe(1);
    expect(usageError(() => parseCli(['--lanes', '0'])).message).toBe(
      "--lanes must be a whole number of at least 1 (got '0')",
    );
    expect(usageError(() => parseCli(['--lanes', 'two'])).message).toBe(
      "--lanes must be a whole number of at least 1 (got 'two')",
    );
    expect(usageError(() => parseCli(['--verify', '2', '--list'])).message).toBe(
      '--verify and --list cannot be used together',
    );
    expect(parseCli(['--list']).list).toBe(true);
  });

  test('--json with --no-json, and empty values', () => {
    expect(usageError(() => parseCli(['--json', 'x.json', '--no-json'])).message).toBe(
      '--json and --no-json cannot be used together',
    );
    expect(usageError(() => parseCli(['--no-json', '--json', 'x.json'])).message).toBe(
      '--json and --no-json cannot be used together',
    );
    expect(parseCli(['--no-json']).json).toBeNull();
    expect(usageError(() => parseCli(['--json='])).message).toBe('--json needs a file name');
    expect(usageError(() => parseCli(['--node='])).message).toBe('--node needs a path');
  });

  test('--out DIR: the record (default name) and reporter files named without a directory go into DIR', () => {
    const opts = parseCli([
      '--out',
      'ci/reports',
      '--reporter',
      'junit=junit.xml',
      '--reporter',
      'tap=elsewhere/t.tap',
      '--reporter',
      'spec',
      '--reporter',
      `markdown=${path.resolve('abs.md')}`,
    ]);
    expect(opts).toMatchObject({
      out: 'ci/reports',
      json: path.join('ci/reports', path.basename(DEFAULT_JSON)),
      reporters: [
        { name: 'junit', file: path.join('ci/reports', 'junit.xml') },
        { name: 'tap', file: 'elsewhere/t.tap' },
        { name: 'spec', file: null },
        { name: 'markdown', file: path.resolve('abs.md') },
      ],
    });
    // A reporter without =FILE still writes to stdout.
    expect(parseCli(['--out', 'd', '--reporter', 'junit']).reporters).toEqual([{ name: 'junit', file: null }]);
    expect(parseCli(['--out', 'd', '--no-json', '--reporter', 'junit=j.xml'])).toMatchObject({
      json: null,
      reporters: [{ name: 'junit', file: path.join('d', 'j.xml') }],
    });
  });

  test('--out with --json, or an empty --out, is a usage error', () => {
    expect(usageError(() => parseCli(['--out', 'd', '--json', 'x.json'])).message).toBe(
      '--out and --json cannot be used together: --out DIR writes DIR/latest.json',
    );
    expect(usageError(() => parseCli(['--out='])).message).toBe('--out needs a directory');
  });

  test('unknown options are one-line usage errors naming the option', () => {
    for (const flag of ['--bogus', '-x', '--json-file']) {
      const err = usageError(() => parseCli([flag]));
      expect(err.message).toContain(flag);
      expect(err.message).not.toContain('\n');
      expect(err.message).not.toMatch(/To specify/);
    }
    expect(usageError(() => parseCli(['--list=yes'])).message).toContain('--list');
  });

  test('positionals are the patterns, in order, wherever they appear', () => {
    expect(parseCli(['pool.*', '--strict', 'main-thread.single']).patterns).toEqual(['pool.*', 'main-thread.single']);
    expect(parseCli(['--', '--not-a-flag']).patterns).toEqual(['--not-a-flag']);
  });
});

describe('helpText', () => {
  const help = helpText();

  test('lists every option, with its argument and text', () => {
    for (const [name, , arg, text] of OPTIONS) {
      expect(help).toContain(`--${name}${arg ? ` ${arg}` : ''}`);
      expect(help).toContain(text);
    }
    expect(help).toContain('-h, --help');
    expect(help).toContain('-v, --version');
  });

  test('every option in the table parses', () => {
    for (const [name, type] of OPTIONS) {
      if (name === 'no-json') continue;
      const value = { reporter: 'tap', cpus: '2', verify: '2', env: 'X=1', lanes: '1' }[name] ?? 'x';
      const argv = type === 'boolean' ? [`--${name}`] : [`--${name}`, value];
      expect(() => parseCli(argv)).not.toThrow();
    }
  });

  test('usage line, exit codes, and a trailing newline', () => {
    expect(help.startsWith('Usage: node-concurrency-spec [options] [id or glob ...]\n')).toBe(true);
    expect(help).toMatch(/Exit codes: 0 .*1 .*2 /s);
    expect(help).toContain('3 inconclusive under --strict');
    expect(help.endsWith('\n')).toBe(true);
  });
});

describe('registry', () => {
  test('globToRegExp: * and ? and literal dots', () => {
    expect(globToRegExp('pool.*').test('pool.fifth-lags')).toBe(true);
    expect(globToRegExp('pool.*').test('poolXfifth')).toBe(false);
    expect(globToRegExp('pool.*').test('main-thread.single')).toBe(false);
    expect(globToRegExp('pool.size-?-x').test('pool.size-5-x')).toBe(true);
    expect(globToRegExp('pool.size-?-x').test('pool.size-55-x')).toBe(false);
    expect(globToRegExp('*single').test('main-thread.single')).toBe(true);
    expect(globToRegExp('pool.max-128').test('pool.max-128')).toBe(true);
    expect(globToRegExp('pool.max-128').test('xpool.max-128y')).toBe(false);
    expect(globToRegExp('a+b(c)[d]{e}|f^$\\').test('a+b(c)[d]{e}|f^$\\')).toBe(true);
    expect(globToRegExp('*').test('anything.at-all')).toBe(true);
  });

  const specs = /** @type {any[]} */ (['pool.b', 'pool.a', 'main-thread.single', 'pool.ab'].map((id) => ({ id })));

  test('selectSpecs: no pattern selects all', () => {
    expect(selectSpecs(specs, [])).toBe(specs);
  });

  test('selectSpecs: glob and exact, in the specs order, without duplicates', () => {
    expect(selectSpecs(specs, ['pool.a']).map((s) => s.id)).toEqual(['pool.a']);
    expect(selectSpecs(specs, ['pool.*']).map((s) => s.id)).toEqual(['pool.b', 'pool.a', 'pool.ab']);
    expect(selectSpecs(specs, ['main-thread.single', 'pool.a*', 'pool.a']).map((s) => s.id)).toEqual([
      'pool.a',
      'main-thread.single',
      'pool.ab',
    ]);
  });

  test('selectSpecs: a pattern matching nothing is a UsageError naming it', () => {
    expect(usageError(() => selectSpecs(specs, ['pool.*', 'nope.*'])).message).toBe(
      "unknown spec id 'nope.*' (see --list)",
    );
    expect(usageError(() => selectSpecs(specs, ['pool'])).message).toContain("'pool'");
  });

  test('loadSpecs: every spec file, ids matching their files and areas their folders, all valid', async () => {
    const loaded = await loadSpecs();
    const files = readdirSync(SPECS_DIR, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.spec.js'))
      .map((f) => ({ area: path.dirname(f), id: path.basename(f, '.spec.js') }));
    expect(loaded.map((s) => s.id).sort()).toEqual(files.map((f) => f.id).sort());
    for (const s of loaded) {
      expect(files.find((f) => f.id === s.id)?.area).toBe(s.area);
      expect({ id: s.id, problems: validateSpec(s) }).toEqual({ id: s.id, problems: [] });
      expect(Object.isFrozen(s)).toBe(true);
    }
    // area order, then id order
    const key = (/** @type {any} */ s) => `${String(AREAS.indexOf(s.area)).padStart(2, '0')} ${s.id}`;
    expect(loaded.map(key)).toEqual(loaded.map(key).sort((x, y) => x.localeCompare(y)));
  });

  test('loadSpecs: the 14 original thread-pool specs are there', async () => {
    const pool = (await loadSpecs()).filter((s) => s.area === 'threadpool');
    expect(pool.length).toBeGreaterThanOrEqual(14);
    expect(pool.map((s) => s.id)).toEqual(
      expect.arrayContaining([
        'main-thread.not-alone',
        'main-thread.single',
        'pool.default-size',
        'pool.env-in-code',
        'pool.env-parsing',
        'pool.fifth-lags',
        'pool.max-128',
        'pool.pbkdf2-four-together',
        'pool.six-is-four-then-two',
        'pool.size-five-all-together',
        'pool.size-one-serializes',
        'pool.size-two-pairs',
        'pool.thread-per-core',
        'pool.two-as-fast-as-one',
      ]),
    );
  });

  test('loadSpecs + selectSpecs: pool.* and main-thread.*', async () => {
    const loaded = await loadSpecs();
    expect(selectSpecs(loaded, ['main-thread.*']).map((s) => s.id)).toEqual(
      loaded.filter((s) => s.id.startsWith('main-thread.')).map((s) => s.id),
    );
    expect(selectSpecs(loaded, ['main-thread.*']).map((s) => s.id)).toEqual(
      expect.arrayContaining(['main-thread.not-alone', 'main-thread.single']),
    );
    expect(selectSpecs(loaded, ['pool.*'])).toEqual(loaded.filter((s) => s.id.startsWith('pool.')));
    expect(selectSpecs(loaded, ['pool.*']).length).toBeGreaterThanOrEqual(12);
    expect(selectSpecs(loaded, ['pool.fifth-lags'])).toEqual([loaded.find((s) => s.id === 'pool.fifth-lags')]);
  });

  test('loadSpecs: a file whose id does not match its name is a SpecError', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-specs-'));
    try {
      const specUrl = new URL('../harness/spec.js', import.meta.url).href;
      const body = (id) => `import { defineSpec } from ${JSON.stringify(specUrl)};
export default defineSpec({ id: '${id}', title: 't', area: 'threadpool', claim: 'c', truth: 't', expected: 'holds', source: { file: 'f', section: 's', figures: null }, plan: () => ({}) });
`;
      mkdirSync(path.join(dir, 'threadpool'));
      writeFileSync(path.join(dir, 'threadpool', 'pool.one.spec.js'), body('pool.one'));
      expect((await loadSpecs(dir)).map((s) => s.id)).toEqual(['pool.one']);
      writeFileSync(path.join(dir, 'threadpool', 'pool.two.spec.js'), body('pool.other'));
      await expect(loadSpecs(dir)).rejects.toThrow(SpecError);
      await expect(loadSpecs(dir)).rejects.toThrow(
        /pool\.two\.spec\.js: id 'pool\.other' does not match the file name/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('validateSpec', () => {
  const good = {
    id: 'pool.good',
    title: 'A title',
    area: 'threadpool',
    claim: 'A claim',
    truth: 'The truth',
    expected: 'holds',
    source: { file: 'a.txt', section: 'S', figures: null },
    requires: ['linux', 'posix'],
    plan: () => ({}),
  };

  test('a good spec has no problems; defineSpec freezes it', () => {
    expect(validateSpec(good)).toEqual([]);
    expect(validateSpec({ ...good, requires: undefined, source: { ...good.source, figures: '1, 2 ms' } })).toEqual([]);
    const table = {
      setup: 'ab -c 2',
      columns: ['k', 'ms'],
      rows: [
        [1, 6308],
        ['2', null],
      ],
    };
    expect(validateSpec({ ...good, source: { ...good.source, table } })).toEqual([]);
    const s = defineSpec({ ...good });
    expect(Object.isFrozen(s)).toBe(true);
  });

  test('not an object', () => {
    expect(validateSpec(null)).toEqual(['spec: not an object']);
    expect(validateSpec('pool.x')).toEqual(['spec: not an object']);
  });

  for (const [field, value, want] of [
    ['id', '', 'id: missing or empty'],
    ['id', 'Pool.Bad', "id: 'Pool.Bad' is not of the form area.name"],
    ['id', 'nodot', "id: 'nodot' is not of the form area.name"],
    ['title', '  ', 'title: missing or empty'],
    ['area', 'gpu', "area: 'gpu' is not one of threadpool, network, workers, cluster, os"],
    ['claim', undefined, 'claim: missing or empty'],
    ['truth', 3, 'truth: missing or empty'],
    ['expected', 'maybe', "expected: must be 'holds' or 'refuted'"],
    ['source', { file: 'a.txt' }, 'source: needs file and section'],
    ['source', undefined, 'source: needs file and section'],
    ['source', { file: 'a.txt', section: 'S', figures: 3 }, 'source.figures: must be a string or null'],
    ['source', { file: 'a.txt', section: 'S', figures: null, table: [] }, 'source.table: must be an object'],
    [
      'source',
      { file: 'a.txt', section: 'S', figures: null, table: { setup: 'ab -c 2', columns: ['k', 'ms'], rows: [[1]] } },
      'source.table.rows[0]: must have one cell per column (2)',
    ],
    [
      'source',
      { file: 'a.txt', section: 'S', figures: null, table: { setup: '', columns: ['k'], rows: [[{}]], note: 'x' } },
      'source.table.setup: missing or empty',
    ],
    ['requires', ['windows'], "requires: unknown precondition 'windows'"],
    ['plan', {}, 'plan: must be a function (ctx) => plan'],
  ]) {
    test(`${field} = ${JSON.stringify(value)}: '${want}'`, () => {
      const problems = validateSpec({ ...good, [field]: value });
      expect(problems).toContain(want);
      for (const p of problems) expect(p.startsWith(`${field}`)).toBe(true); // e.g. an empty id is also not area.name
    });
  }

  test('several problems at once, each named by field', () => {
    const problems = validateSpec({ id: 'x', area: 'threadpool' });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'title',
      'claim',
      'truth',
      'id',
      'expected',
      'source',
      'plan',
    ]);
  });

  test('defineSpec throws a SpecError naming the spec and the fields', () => {
    expect(() =>
      defineSpec({ ...good, expected: /** @type {any} */ ('nope'), plan: /** @type {any} */ (null) }),
    ).toThrow(SpecError);
    expect(() =>
      defineSpec({ ...good, expected: /** @type {any} */ ('nope'), plan: /** @type {any} */ (null) }),
    ).toThrow("pool.good: expected: must be 'holds' or 'refuted'; plan: must be a function (ctx) => plan");
  });

  test('unmetRequirement', () => {
    expect(unmetRequirement(/** @type {any} */ ({ requires: ['linux'] }), { platform: 'linux' })).toBeNull();
    expect(unmetRequirement(/** @type {any} */ ({ requires: ['linux'] }), { platform: 'darwin' })).toBe(
      'needs Linux /proc (this is darwin)',
    );
    expect(unmetRequirement(/** @type {any} */ ({ requires: ['posix'] }), { platform: 'win32' })).toBe(
      'needs POSIX named pipes (not on Windows)',
    );
    expect(unmetRequirement(/** @type {any} */ ({}), { platform: 'win32' })).toBeNull();
  });
});

describe('record: summarize and exitCode', () => {
  const results = (/** @type {string[]} */ vs) => vs.map((verdict) => ({ verdict }));

  test('summarize counts every verdict', () => {
    expect(summarize([])).toEqual({ total: 0, pass: 0, fail: 0, inconclusive: 0, skip: 0, error: 0 });
    expect(summarize(results(['pass', 'pass', 'fail', 'skip', 'inconclusive', 'error', 'error']))).toEqual({
      total: 7,
      pass: 2,
      fail: 1,
      inconclusive: 1,
      skip: 1,
      error: 2,
    });
    expect(Object.keys(summarize([]))).toEqual(['total', ...VERDICTS]);
  });

  const sum = (/** @type {Partial<Record<string, number>>} */ o) => ({ fail: 0, error: 0, inconclusive: 0, ...o });

  test('0 when every verdict is as expected (skips and inconclusive without --strict)', () => {
    expect(exitCode(sum({}))).toBe(0);
    expect(exitCode(sum({ inconclusive: 3 }))).toBe(0);
    expect(exitCode(summarize(results(['pass', 'skip'])))).toBe(0);
  });

  test('1 when a claim failed', () => {
    expect(exitCode(sum({ fail: 1 }))).toBe(1);
    expect(exitCode(sum({ fail: 1, inconclusive: 1 }), { strict: true })).toBe(1);
  });

  test('2 for an error or an interrupted run, over everything else', () => {
    expect(exitCode(sum({ error: 1 }))).toBe(2);
    expect(exitCode(sum({ error: 1, fail: 2 }))).toBe(2);
    expect(exitCode(sum({}), { interrupted: true })).toBe(2);
    expect(exitCode(sum({ fail: 1, inconclusive: 1 }), { interrupted: true, strict: true })).toBe(2);
  });

  test('3 for inconclusive under --strict only', () => {
    expect(exitCode(sum({ inconclusive: 1 }), { strict: true })).toBe(3);
    expect(exitCode(sum({ inconclusive: 0 }), { strict: true })).toBe(0);
    expect(exitCode(sum({ inconclusive: 1 }), { strict: false })).toBe(0);
  });

  test('buildRecord carries the summary and the exit code', () => {
    const r = buildRecord({
      startedAt: new Date('2025-01-01T00:00:00.000Z'),
      finishedAt: new Date('2025-01-01T00:00:01.500Z'),
      argv: ['--strict'],
      selection: ['pool.a'],
      environment: {},
      profile: null,
      results: results(['pass', 'inconclusive']),
      interrupted: false,
      strict: true,
    });
    expect(r).toMatchObject({
      schemaVersion: 1,
      durationMs: 1500,
      exitCode: 3,
      summary: { total: 2, pass: 1, inconclusive: 1 },
      startedAt: '2025-01-01T00:00:00.000Z',
    });
  });
});

describe('output', () => {
  test('Channel: items come out in push order, whether queued or awaited', async () => {
    const ch = new Channel();
    ch.push(1);
    ch.push(2);
    const seen = [];
    const reader = (async () => {
      for await (const x of ch) seen.push(x);
    })();
    await new Promise((r) => setImmediate(r)); // the reader drains the queue and waits
    ch.push(3);
    ch.push(4);
    await new Promise((r) => setImmediate(r));
    ch.push(5);
    ch.close();
    await reader;
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  test('Channel: items pushed before close are still delivered after it', async () => {
    const ch = new Channel();
    ch.push('a');
    ch.push('b');
    ch.close();
    const seen = [];
    for await (const x of ch) seen.push(x);
    expect(seen).toEqual(['a', 'b']);
  });

  test('Channel: close ends a waiting reader; two channels consume independently', async () => {
    const a = new Channel();
    const b = new Channel();
    const got = { a: /** @type {number[]} */ ([]), b: /** @type {number[]} */ ([]) };
    const ra = (async () => {
      for await (const x of a) got.a.push(x);
    })();
    const rb = (async () => {
      for await (const x of b) {
        got.b.push(x);
        await new Promise((r) => setTimeout(r, 1)); // a slow consumer
      }
    })();
    for (let i = 0; i < 5; i++) {
      a.push(i);
      b.push(i);
    }
    a.close();
    b.close();
    await Promise.all([ra, rb]);
    expect(got).toEqual({ a: [0, 1, 2, 3, 4], b: [0, 1, 2, 3, 4] });
  });

  test('writeWhole writes the file, creating folders, leaving no temporary file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-out-'));
    try {
      const file = path.join(dir, 'deep', 'er', 'report.json');
      writeWhole(file, '{"a":1}\n');
      expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n');
      writeWhole(file, 'replaced');
      expect(readFileSync(file, 'utf8')).toBe('replaced');
      expect(readdirSync(path.dirname(file))).toEqual(['report.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('checkWritable: a writable path passes; its directory is made, and no file is left', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-out-'));
    try {
      expect(() => checkWritable(path.join(dir, 'sub', 'deeper', 'r.json'))).not.toThrow();
      expect(readdirSync(path.join(dir, 'sub', 'deeper'))).toEqual([]);
      expect(() => checkWritable(path.join(dir, 'r.json'))).not.toThrow();
      writeFileSync(path.join(dir, 'existing.json'), '{}');
      expect(() => checkWritable(path.join(dir, 'existing.json'))).not.toThrow();
      expect(readFileSync(path.join(dir, 'existing.json'), 'utf8')).toBe('{}');
      expect(readdirSync(dir).sort()).toEqual(['existing.json', 'sub']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('checkWritable: a path under a file, or a directory, is a UsageError naming the path', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-out-'));
    const escape = (/** @type {string} */ t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    try {
      const plain = path.join(dir, 'plain-file');
      writeFileSync(plain, 'x');
      for (const target of [path.join(plain, 'x.json'), path.join(plain, 'a', 'b.json'), dir]) {
        const err = usageError(() => checkWritable(target));
        expect(err.message).toMatch(new RegExp(`^cannot write ${escape(target)}: \\S`));
        expect(err.message).not.toContain('\n');
      }
      if (existsSync('/etc/passwd'))
        expect(usageError(() => checkWritable('/etc/passwd/x.json')).message).toMatch(
          /^cannot write \/etc\/passwd\/x\.json: /,
        );
      // a file system that refuses files whatever the permission bits say (as root, access() passes)
      if (existsSync('/proc/self'))
        expect(usageError(() => checkWritable('/proc/x/r.json')).message).toMatch(/^cannot write \/proc\/x\/r\.json: /);
      expect(readdirSync(dir)).toEqual(['plain-file']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('checkDirectory: the directory is made and left empty; under a file it is a UsageError naming it', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-out-'));
  try {
    expect(() => checkDirectory(path.join(dir, 'a', 'b'))).not.toThrow();
    expect(readdirSync(path.join(dir, 'a', 'b'))).toEqual([]);
    expect(() => checkDirectory(dir)).not.toThrow();
    const plain = path.join(dir, 'plain-file');
    writeFileSync(plain, 'x');
    for (const target of [plain, path.join(plain, 'sub')]) {
      const err = usageError(() => checkDirectory(target));
      expect(err.message).toBe(`cannot write into ${target}: ${plain} is not a directory`);
    }
    expect(readdirSync(dir).sort()).toEqual(['a', 'plain-file']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('environments (cli)', () => {
  test('every --node × --cpus combination, nodes outer, tagged', async () => {
    const { environments, suffixed, worstExit } = await import('../harness/cli.js');
    expect(environments({ nodes: [], cpus: null })).toEqual([{ nodePath: process.execPath, cpus: null, tag: '' }]);
    expect(environments({ nodes: ['a', 'b'], cpus: [1, 2] }).map((e) => [e.nodePath, e.cpus, e.tag])).toEqual([
      ['a', 1, 'node1-cpus1'],
      ['a', 2, 'node1-cpus2'],
      ['b', 1, 'node2-cpus1'],
      ['b', 2, 'node2-cpus2'],
    ]);
    expect(environments({ nodes: ['a'], cpus: [1, 2] }).map((e) => e.tag)).toEqual(['cpus1', 'cpus2']);
    expect(suffixed('reports/latest.json', 'cpus1')).toBe('reports/latest.cpus1.json');
    expect(suffixed('out/r', 'node2')).toBe('out/r.node2');
    expect([worstExit([]), worstExit([0, 3]), worstExit([3, 1, 0]), worstExit([1, 2, 3])]).toEqual([0, 3, 1, 2]);
  });

  test('outputsFor with --out and two environments: each file tagged, inside DIR', async () => {
    const { environments, outputsFor } = await import('../harness/cli.js');
    const opts = parseCli(['--out', 'o', '--cpus', '1,2', '--reporter', 'junit=j.xml', '--reporter', 'spec']);
    const envs = environments(opts);
    expect(envs.map((e) => outputsFor(opts, e, envs.length))).toEqual(
      ['cpus1', 'cpus2'].map((tag) => ({
        json: path.join('o', `latest.${tag}.json`),
        reporters: [
          { name: 'junit', file: path.join('o', `j.${tag}.xml`) },
          { name: 'spec', file: null },
        ],
        live: [{ name: 'spec', file: null }],
        exports: [
          { name: 'json', file: path.join('o', `latest.${tag}.json`) },
          { name: 'html', file: path.join('o', `latest.${tag}.html`) },
          { name: 'markdown', file: path.join('o', `latest.${tag}.md`) },
          { name: 'junit', file: path.join('o', `j.${tag}.xml`) },
        ],
      })),
    );
  });

  test('reportsLine: the record with its side files, then each reporter file; relative inside cwd', async () => {
    const { reportsLine } = await import('../harness/cli.js');
    const cwd = path.resolve('/work/project');
    const junit = { name: 'junit', file: path.join(cwd, 'ci', 'x.xml') };
    const tap = { name: 'tap', file: path.resolve('/elsewhere/t.tap') };
    const spec = { name: 'spec', file: null };
    expect(reportsLine('reports/latest.json', [spec, junit, tap], cwd)).toBe(
      `reports: ${path.join('reports', 'latest.json')} (+ .html, .md), junit → ${path.join('ci', 'x.xml')}, tap → ${tap.file}`,
    );
    expect(reportsLine(null, [junit], cwd)).toBe(`reports: junit → ${path.join('ci', 'x.xml')}`);
    expect(reportsLine(path.join(cwd, '..', 'up.json'), [], cwd)).toBe(
      `reports: ${path.resolve('/work/up.json')} (+ .html, .md)`,
    );
    expect(reportsLine(null, [spec], cwd)).toBe('');
  });
});
