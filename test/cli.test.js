// End-to-end tests of the command line: the CLI is spawned as a user would
// run it (`node harness/cli.js ...`, cwd the repository root) and judged by
// its exit code, its stdout/stderr and the report files it writes.
//
// Only structural claims are run here (thread counts, affinities: exact
// answers); timing claims (pool.fifth-lags and the like) are never run, so
// every assertion is deterministic.
//
// The environment is passed through (so c8's NODE_V8_COVERAGE reaches the
// CLI), with colour off and TMPDIR set to the test's own temp dir: the
// harness makes its scratch dir (ncs-*) there and passes it to every fixture
// in its arguments, which is how leftover processes and scratch dirs of one
// run are found without touching anything else on the machine.
import { describe, it, test, before, after } from 'node:test';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { Parser } from 'tap-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import { openFileLimit } from '../harness/machine.js';
import { fifoCountUnavailable } from '../harness/kits/pool.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = 'harness/cli.js';
const FIXTURES_DIR = path.join(ROOT, 'fixtures') + path.sep;
const readJson = (/** @type {string} */ file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const pkg = readJson(path.join(ROOT, 'package.json'));
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(
  readJson(path.join(ROOT, 'harness/schema/result.schema.json')),
);
const SPEC_IDS = fs
  .readdirSync(path.join(ROOT, 'specs'), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.spec.js'))
  .map((f) => path.basename(f).slice(0, -'.spec.js'.length))
  .sort();

/** The structural claims: exact answers, safe to assert on. */
const STRUCTURAL = ['main-thread.*', 'pool.default-size', 'pool.max-128', 'pool.thread-per-core'];
const STRUCTURAL_IDS = [
  'main-thread.not-alone',
  'main-thread.single',
  'pool.default-size',
  'pool.max-128',
  'pool.thread-per-core',
];
// pool.max-128 queues 1084 FIFO readers, up to one open file each: below that limit
// it is a skip that says so (the claim cannot be counted there), else a pass.
const MAX128_SKIP = fifoCountUnavailable(/** @type {any} */ ({ openFiles: openFileLimit() }), 1024 + 60);
const SKIPPED = MAX128_SKIP ? 1 : 0;
const STRUCTURAL_VERDICTS = STRUCTURAL_IDS.map((id) => [id, id === 'pool.max-128' && MAX128_SKIP ? 'skip' : 'pass']);
/**
 * A result as [id, verdict], main-thread.single's held-back pass read as the
 * pass it would be: on a loaded host a reading near one of its bounds (the
 * pool's threads near a CPU bound together: a contested trial, which the
 * host's noise explains) or a trial whose pool could not be counted (void)
 * holds its pass back, an inconclusive with no trial that disagreed and at
 * least one that agreed or was contested (on a host whose pages are dear,
 * Node 26's pool threads read 8.5–12.7 ms together, contested from 10, in
 * every trial of a run: BENCHMARKS.md §57). A trial that disagreed, or none
 * read either way, shows as the fail or inconclusive it is.
 * @param {any} r
 */
function asJudged(r) {
  return [r.id, isHeldBack(r) ? 'pass' : r.verdict];
}
/** main-thread.single's pass held back (asJudged). @param {any} r */
function isHeldBack(r) {
  const s = r.evidence?.structural;
  return (
    r.id === 'main-thread.single' &&
    r.verdict === 'inconclusive' &&
    s?.disagree === 0 &&
    (s?.agree ?? 0) + (s?.contested ?? 0) >= 1
  );
}
const LABELS = ['refuted as expected', 'pass', 'fail', 'inconclusive', 'skip', 'error'];
const linuxOnly = { skip: process.platform !== 'linux' && 'needs Linux (/proc, ps, taskset)' };

// ---------------------------------------------------------------- helpers

/** A fresh temp dir, removed after the test `t` (if given). @param {import('node:test').TestContext | null} t */
function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
  t?.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** @param {Record<string, string>} extra */
function cliEnv(extra = {}) {
  const env = { ...process.env, NO_COLOR: '1', ...extra };
  delete env.FORCE_COLOR;
  delete env.NODE_TEST_CONTEXT;
  return env;
}

/**
 * @typedef {{ code: number | null, signal: string | null, stdout: string, stderr: string }} Outcome
 */

/**
 * Start the CLI. The child is SIGKILLed after the test if still running.
 * @param {string[]} args
 * @param {{ t?: import('node:test').TestContext, env?: Record<string, string>, limitMs?: number }} [o]
 */
function start(args, { t, env = {}, limitMs = 60_000 } = {}) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: cliEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const io = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (d) => (io.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (io.stderr += d));
  const limit = setTimeout(() => child.kill('SIGKILL'), limitMs);
  /** @type {Promise<Outcome>} */
  const exited = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      resolve({ code, signal, stdout: io.stdout, stderr: io.stderr });
    });
  });
  t?.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, io, exited };
}

/** Run the CLI to completion. @param {string[]} args @param {Parameters<typeof start>[1]} [o] */
const cli = (args, o) => start(args, o).exited;

/** Poll until fn() is truthy; resolves with its value (or the last falsy one at the deadline). */
async function waitFor(/** @type {() => any} */ fn, { timeoutMs = 10_000, everyMs = 25 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Processes whose command line mentions `tag` (a test's temp dir), except
 * `exclude`. Fixtures get the harness's scratch dir in their argv, so with
 * TMPDIR=tag this finds exactly the processes of one run.
 * @param {string} tag @param {number[]} [exclude]
 */
function processesMentioning(tag, exclude = []) {
  const out = execFileSync('ps', ['-ww', '-eo', 'pid=,pgid=,args='], { encoding: 'utf8' });
  return out.split('\n').flatMap((line) => {
    const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (!m || !m[3].includes(tag) || exclude.includes(Number(m[1])) || Number(m[1]) === process.pid) return [];
    return [{ pid: Number(m[1]), pgid: Number(m[2]), args: m[3] }];
  });
}

/**
 * Whether pid is still a live process of this run: kill(pid, 0) succeeds and
 * its command line mentions `tag` (pid_max can be small and trials use many
 * pids, so a bare kill(pid, 0) could hit a reused pid).
 * @param {number} pid @param {string} tag
 */
function stillRunning(pid, tag) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (/** @type {any} */ (err).code === 'ESRCH') return false;
    throw err;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(tag);
  } catch {
    return false; // gone meanwhile
  }
}

/** Wait (briefly) for the run's processes to go; return those still there. @param {string} tag @param {number[]} [pids] */
async function leftovers(tag, pids = []) {
  const find = () => [
    ...processesMentioning(tag),
    ...pids.filter((p) => stillRunning(p, tag)).map((pid) => ({ pid, pgid: 0, args: '(pid from the record)' })),
  ];
  await waitFor(() => find().length === 0, { timeoutMs: 2_000 });
  return find();
}

/** SIGKILL what a failing run left behind: only processes whose argv names this test's temp dir. @param {string} tag */
function reap(tag) {
  for (const p of processesMentioning(tag)) {
    for (const target of [-p.pgid, p.pid]) {
      try {
        if (target !== 0) process.kill(target, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
}

/** The harness's scratch dirs left in a temp dir. @param {string} dir */
const scratchDirs = (dir) => fs.readdirSync(dir).filter((f) => f.startsWith('ncs-'));

/** Every `pid` field anywhere in a value (fixtures report their pid). @param {unknown} v @returns {number[]} */
function pidsIn(v) {
  if (Array.isArray(v)) return v.flatMap(pidsIn);
  if (v && typeof v === 'object') {
    return Object.entries(v).flatMap(([k, x]) =>
      k === 'pid' && Number.isInteger(x) ? [/** @type {number} */ (x)] : pidsIn(x),
    );
  }
  return [];
}

/** stderr must be exactly one `node-concurrency-spec: ...` line. @param {string} stderr */
function expectOneLine(stderr) {
  expect(stderr).toMatch(/^node-concurrency-spec: [^\n]+\n$/);
}

/** Parse TAP; resolves with the final results and the test point names. @param {string} text */
function parseTap(text) {
  return new Promise((resolve) => {
    /** @type {string[]} */
    const names = [];
    const p = new Parser((results) => resolve({ results, names }));
    p.on('assert', (a) => names.push(a.name));
    p.end(text);
  });
}

/**
 * A small stack-based well-formedness check for the XML the harness writes
 * (prolog, elements, quoted unique attributes, escaped text; no comments,
 * CDATA or DTD). Returns the elements in document order.
 * @param {string} xml
 * @returns {{ name: string, attrs: Record<string, string>, depth: number }[]}
 */
function checkXml(xml) {
  const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*"[^"<]*")*)\s*(\/?)>/y;
  const ATTR = /([A-Za-z_][\w.:-]*)\s*=\s*"([^"]*)"/g;
  const TEXT_OK = /^(?:[^<&]|&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)*$/;
  let i = 0;
  if (xml.startsWith('<?xml')) {
    i = xml.indexOf('?>') + 2;
    if (i < 2) throw new Error('unterminated XML declaration');
  }
  /** @type {string[]} */
  const stack = [];
  const elements = [];
  let roots = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (!TEXT_OK.test(text)) throw new Error(`unescaped text near ${JSON.stringify(text.slice(0, 40))}`);
    if (/[\x00-\x08\x0b\x0c\x0e-\x1f]/.test(text)) throw new Error('control character in text');
    if (stack.length === 0 && text.trim()) throw new Error('text outside the root element');
    if (lt === -1) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(xml);
    if (!m) throw new Error(`malformed tag at ${JSON.stringify(xml.slice(lt, lt + 40))}`);
    const [, close, name, rawAttrs, selfClose] = m;
    i = TAG.lastIndex;
    if (close) {
      if (rawAttrs || selfClose) throw new Error(`bad closing tag </${name}>`);
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open ?? 'nothing'}>`);
      continue;
    }
    if (stack.length === 0 && ++roots > 1) throw new Error('more than one root element');
    /** @type {Record<string, string>} */
    const attrs = {};
    for (const [, k, v] of rawAttrs.matchAll(ATTR)) {
      if (k in attrs) throw new Error(`duplicate attribute ${k} on <${name}>`);
      if (!TEXT_OK.test(v)) throw new Error(`unescaped attribute ${k} on <${name}>`);
      attrs[k] = v;
    }
    elements.push({ name, attrs, depth: stack.length });
    if (!selfClose) stack.push(name);
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('> <')}>`);
  if (roots !== 1) throw new Error('no root element');
  return elements;
}

/**
 * An executable that answers the harness's version query (`-p ...`) as Node
 * would but names itself as the binary, so the harness starts fixtures
 * through it. For fixtures it leaves a background `sleep 30` in the fixture's
 * process group, sleeps 1 s and exits 7 without a result — unless
 * `passProfile`, where the profile probe is run by the real Node.
 * @param {string} dir @param {{ passProfile: boolean }} o
 */
function fakeNode(dir, { passProfile }) {
  const q = (/** @type {string} */ s) => `'${s.replace(/'/g, `'\\''`)}'`;
  const sleepBin = execFileSync('sh', ['-c', 'command -v sleep'], { encoding: 'utf8' }).trim();
  const sleep = path.join(dir, 'sleep'); // a link, so `ps` shows the temp dir in its argv
  fs.symlinkSync(sleepBin, sleep);
  const script = path.join(dir, 'fake-node');
  fs.writeFileSync(
    script,
    [
      '#!/bin/sh',
      `if [ "$1" = "-p" ]; then exec ${q(process.execPath)} -e 'console.log(JSON.stringify([process.argv[1], process.versions]))' "$0"; fi`,
      passProfile ? `case "$*" in *profile-probe.cjs*) exec ${q(process.execPath)} "$@";; esac` : '',
      `${q(sleep)} 30 </dev/null >/dev/null 2>&1 3>&- &`,
      `${q(sleep)} 1`,
      'exit 7',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return script;
}

// ---------------------------------------------------------------- 1. help, version, list

test('--help exits 0 and lists every option', async () => {
  const { code, stdout, stderr } = await cli(['--help']);
  expect(code).toBe(0);
  expect(stderr).toBe('');
  expect(stdout).toMatch(/^Usage: node-concurrency-spec /);
  for (const flag of [
    '--list',
    '--json FILE',
    '--no-json',
    '--out DIR',
    '--reporter NAME[=FILE]',
    '--cpus N',
    '--node PATH',
    '--strict',
    '-h, --help',
    '-v, --version',
  ]) {
    expect(stdout).toContain(flag);
  }
  expect(stdout).toMatch(/Exit codes: 0 .* 1 .* 2 .*3 /s);
  expect(stdout).toMatch(/^Environment:\n {2}NCS_DEBUG=1 +print a harness error with its stack trace/m);
  const short = await cli(['-h']);
  expect(short).toEqual({ code: 0, signal: null, stdout, stderr: '' });
});

test('--version prints the package version', async () => {
  const { code, stdout, stderr } = await cli(['--version']);
  expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  expect((await cli(['-v'])).stdout).toBe(`${pkg.version}\n`);
});

test('--list prints one line per spec: id and title', async () => {
  const { code, stdout, stderr } = await cli(['--list']);
  expect(code).toBe(0);
  expect(stderr).toBe('');
  const lines = stdout.split('\n');
  expect(lines.pop()).toBe('');
  expect(lines).toHaveLength(SPEC_IDS.length);
  const rows = lines.map((l) => /^([a-z0-9-]+(?:\.[a-z0-9-]+)+) +(\S.*)$/.exec(l));
  expect(rows.every(Boolean)).toBe(true);
  expect(rows.map((m) => /** @type {RegExpExecArray} */ (m)[1]).sort()).toEqual(SPEC_IDS);
  expect(lines.find((l) => l.startsWith('pool.default-size '))).toMatch(/The libuv pool has 4 threads by default$/);
});

test("--list 'pool.*' filters by glob; an exact id selects one", async () => {
  const pool = await cli(['--list', 'pool.*']);
  expect(pool.code).toBe(0);
  const ids = pool.stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split(/ +/)[0]);
  expect(ids).toEqual(SPEC_IDS.filter((id) => id.startsWith('pool.')));
  expect(ids.length).toBeGreaterThan(0);
  const one = await cli(['--list', 'main-thread.single']);
  expect(
    one.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split(/ +/)[0]),
  ).toEqual(['main-thread.single']);
});

// ---------------------------------------------------------------- 2. usage errors

describe('usage errors: exit 2, one line on stderr, nothing on stdout, no report file', () => {
  const tooMany = Math.max(99, os.availableParallelism() + 1);
  /** @type {[string, (dir: string) => string[], RegExp, object?][]} */
  const cases = [
    [
      'an unknown option',
      (d) => ['--frobnicate', 'pool.default-size', '--json', path.join(d, 'r.json')],
      /unknown option '--frobnicate'/,
    ],
    [
      'an unknown spec id',
      (d) => ['no.such-claim', '--json', path.join(d, 'r.json')],
      /unknown spec id 'no\.such-claim'/,
    ],
    [
      '--cpus 0',
      (d) => ['--cpus', '0', 'pool.default-size', '--json', path.join(d, 'r.json')],
      /--cpus .*at least 1.*'0'/,
    ],
    ['--cpus abc', (d) => ['--cpus', 'abc', 'pool.default-size', '--json', path.join(d, 'r.json')], /--cpus .*'abc'/],
    [
      `--cpus ${tooMany} (more than available)`,
      (d) => [
        '--cpus',
        String(tooMany),
        'pool.default-size',
        '--json',
        path.join(d, 'r.json'),
        '--reporter',
        `tap=${path.join(d, 'r.tap')}`,
      ],
      new RegExp(`--cpus ${tooMany}: only \\d+ CPUs? available`),
      linuxOnly,
    ],
    [
      '--node /nonexistent',
      (d) => [
        '--node',
        '/nonexistent',
        'pool.default-size',
        '--json',
        path.join(d, 'r.json'),
        '--reporter',
        `junit=${path.join(d, 'r.xml')}`,
      ],
      /--node \/nonexistent: no such file/,
    ],
    [
      '--json to an unwritable path',
      (d) => ['pool.default-size', '--json', path.join(d, 'file.txt', 'out.json')],
      /cannot write .*file\.txt\/out\.json/,
    ],
    [
      '--out under a regular file',
      (d) => ['pool.default-size', '--out', path.join(d, 'file.txt', 'out')],
      /^node-concurrency-spec: cannot write into .*file\.txt\/out: .*file\.txt is not a directory\n$/,
    ],
    [
      '--out with --json',
      (d) => ['pool.default-size', '--out', d, '--json', path.join(d, 'r.json')],
      /--out and --json cannot be used together/,
    ],
    [
      '--reporter junit= to an unwritable path',
      (d) => ['pool.default-size', '--no-json', '--reporter', `junit=${path.join(d, 'file.txt', 'out.xml')}`],
      /cannot write .*file\.txt\/out\.xml/,
    ],
    [
      '--json under /proc (access() passes as root; the file system refuses)',
      () => ['pool.default-size', '--json', '/proc/x/r.json'],
      /^node-concurrency-spec: cannot write \/proc\/x\/r\.json: /,
      linuxOnly,
    ],
    [
      'two reporters on stdout',
      (d) => ['pool.default-size', '--reporter', 'spec', '--reporter', 'tap', '--json', path.join(d, 'r.json')],
      /only one reporter can write to stdout \(got spec, tap\): give the others a file, e\.g\. --reporter tap=FILE/,
    ],
    [
      '--reporter bogus',
      (d) => ['pool.default-size', '--reporter', 'bogus', '--json', path.join(d, 'r.json')],
      /unknown reporter 'bogus'/,
    ],
    [
      '--reporter tap= (no file)',
      (d) => ['pool.default-size', '--reporter', 'tap=', '--json', path.join(d, 'r.json')],
      /--reporter tap= needs a file name/,
    ],
    [
      '--json with --no-json',
      (d) => ['pool.default-size', '--no-json', '--json', path.join(d, 'r.json')],
      /--json and --no-json/,
    ],
  ];
  for (const [name, args, message, options] of cases) {
    it(name, options ?? {}, async (t) => {
      const dir = tempDir(t);
      fs.writeFileSync(path.join(dir, 'file.txt'), 'a regular file\n');
      const { code, signal, stdout, stderr } = await cli(args(dir), { t, env: { TMPDIR: dir } });
      expect({ code, signal, stdout }).toEqual({ code: 2, signal: null, stdout: '' });
      expectOneLine(stderr);
      expect(stderr).toMatch(message);
      expect(fs.readdirSync(dir)).toEqual(['file.txt']); // no report, no probe file, no scratch dir
    });
  }
});

// ---------------------------------------------------------------- 3. end to end

describe('end to end on the structural claims, with json, tap, junit and spec reporters', linuxOnly, () => {
  /** @type {string} */ let dir;
  /** @type {Outcome} */ let run;
  /** @type {any} */ let record;
  /** @type {string[]} */ let args;
  /** main-thread.single's pass held back in this run (asJudged): 0 or 1 */
  let heldBack = 0;
  const file = (/** @type {string} */ name) => path.join(dir, name);

  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  before(async () => {
    dir = tempDir(null);
    args = [
      ...STRUCTURAL,
      '--json',
      file('j.json'),
      '--reporter',
      `tap=${file('t.tap')}`,
      '--reporter',
      `junit=${file('x.xml')}`,
      '--reporter',
      'spec',
    ];
    run = await cli(args, { env: { TMPDIR: dir } });
    record = fs.existsSync(file('j.json')) ? readJson(file('j.json')) : null;
    heldBack = record ? record.results.filter(isHeldBack).length : 0;
  });

  it('exits 0 with nothing on stderr and writes exactly its reports (JSON with HTML and Markdown beside it, TAP, JUnit) (no temp files, scratch dir removed)', () => {
    // Each claim's verdict with its evidence first: where a run fails, the message says why.
    const expected = new Map(STRUCTURAL_VERDICTS.map(([id, verdict]) => [id, verdict]));
    const unexpected = (record?.results ?? [])
      .filter((/** @type {any} */ r) => asJudged(r)[1] !== expected.get(r.id))
      .map((/** @type {any} */ r) => `${r.id}: ${r.verdict} (expected ${expected.get(r.id)}): ${r.reason}`);
    if (unexpected.length) {
      const { release, node, openFiles } = record.environment;
      unexpected.push(
        `on Linux ${release}, Node ${node.version}, ${record.profile?.cores} cores, open files ${openFiles}`,
      );
    }
    expect(unexpected).toEqual([]);
    expect({ code: run.code, signal: run.signal, stderr: run.stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(fs.readdirSync(dir).sort()).toEqual(['j.html', 'j.json', 'j.md', 't.tap', 'x.xml']);
  });

  it('the JSON record validates against result.schema.json', () => {
    const ok = validate(record);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the record describes this run: argv, selection, every claim passed, exit code 0', () => {
    expect(record.argv).toEqual(args);
    expect(record.selection).toEqual(STRUCTURAL);
    expect(record.interrupted).toBe(false);
    expect(record.exitCode).toBe(0);
    expect(record.tool).toEqual({ name: 'node-concurrency-spec', version: pkg.version });
    expect(record.results.map((/** @type {any} */ r) => r.id)).toEqual(STRUCTURAL_IDS);
    expect(record.results.map(asJudged)).toEqual(STRUCTURAL_VERDICTS);
    expect(record.summary).toEqual({
      total: 5,
      pass: 5 - SKIPPED - heldBack,
      fail: 0,
      inconclusive: heldBack,
      skip: SKIPPED,
      error: 0,
    });
    for (const r of record.results.filter((/** @type {any} */ x) => x.verdict === 'pass')) {
      expect(r.evidence.structural).toMatchObject({ decided: 'pass', disagree: 0 });
      expect(r.evidence.timing).toBeNull();
      expect(r.trials).toBe(r.samples.length);
    }
  });

  it('environment and profile: the Node under test is this Node, at least one core', () => {
    expect(record.environment.node.version).toBe(process.versions.node);
    expect(record.environment.node.uv).toBe(process.versions.uv);
    expect(record.environment.hostNode.version).toBe(process.versions.node);
    expect(record.environment.cpus).toEqual({ requested: null, list: null, method: 'none' });
    expect(record.profile.cores).toBeGreaterThanOrEqual(1);
    expect(Date.parse(record.finishedAt) - Date.parse(record.startedAt)).toBe(record.durationMs);
  });

  it('pool.default-size: exactly 4 threads parked in every trial', () => {
    const r = record.results.find((/** @type {any} */ x) => x.id === 'pool.default-size');
    expect(r.label).toBe('pass');
    expect(r.samples.length).toBeGreaterThanOrEqual(2);
    for (const s of r.samples) {
      expect(s.parked).toBe(4);
      expect(s.poolThreads).toHaveLength(4);
      expect(s.envSeen).toBeNull();
    }
  });

  it("pool.max-128: asking for 200 gives 200, asking for 1025 gives 1024; label 'refuted as expected'", () => {
    const r = record.results.find((/** @type {any} */ x) => x.id === 'pool.max-128');
    if (MAX128_SKIP) {
      expect(r).toMatchObject({ verdict: 'skip', reason: MAX128_SKIP, samples: [] });
      return;
    }
    expect(r).toMatchObject({ verdict: 'pass', expected: 'refuted', label: 'refuted as expected' });
    expect(r.samples.length).toBeGreaterThanOrEqual(1);
    for (const s of r.samples) {
      expect([s.asked200.parked, s.asked1025.parked]).toEqual([200, 1024]);
      expect([s.asked200.envSeen, s.asked1025.envSeen]).toEqual(['200', '1025']);
    }
  });

  it("pool.thread-per-core: every pool thread may run on all the process's CPUs", () => {
    const r = record.results.find((/** @type {any} */ x) => x.id === 'pool.thread-per-core');
    expect(r).toMatchObject({ verdict: 'pass', label: 'refuted as expected' });
    for (const s of r.samples) {
      const threads = Object.values(s.affinity.threads);
      expect(threads).toHaveLength(4);
      for (const list of threads) expect(list).toEqual(s.affinity.process);
    }
  });

  it('main-thread.single: every callback kind ran on the process id; it started no process', () => {
    const r = record.results.find((/** @type {any} */ x) => x.id === 'main-thread.single');
    for (const s of r.samples) {
      expect(s.seen.length).toBeGreaterThan(0);
      for (const cb of s.seen) expect(cb).toMatchObject({ tid: s.pid, threadId: 0, isMainThread: true });
      // its pool parked on FIFOs the harness made: no mkfifo(1) of its own (children's CPU 0)
      if (s.children) expect(s.children).toEqual({ alive: [], endedCpuMs: 0 });
    }
  });

  it('the TAP report parses cleanly: one passing test point per claim, plan 1..N', async () => {
    const { results, names } = /** @type {any} */ (await parseTap(fs.readFileSync(file('t.tap'), 'utf8')));
    // a held-back pass (asJudged) is an inconclusive: a test point not ok, marked TODO
    expect(results.ok).toBe(true);
    expect(results.failures).toEqual([]);
    expect(results.bailout).toBe(false);
    expect({ count: results.count, pass: results.pass, fail: results.fail, todo: results.todo }).toEqual({
      count: 5,
      pass: 5 - heldBack,
      fail: heldBack,
      todo: heldBack,
    });
    expect(results.plan).toMatchObject({ start: 1, end: 5 });
    // test points come as the claims end: one that void trials ended sits again after the others
    expect([...names].sort()).toEqual(STRUCTURAL_IDS);
  });

  it('the JUnit report is well formed, tests= equals the number of results', () => {
    const elements = checkXml(fs.readFileSync(file('x.xml'), 'utf8'));
    const root = elements[0];
    expect(root.name).toBe('testsuites');
    // an inconclusive (a held-back pass, asJudged) is a skipped test case
    expect(root.attrs).toMatchObject({ tests: '5', failures: '0', errors: '0', skipped: String(SKIPPED + heldBack) });
    const suites = elements.filter((e) => e.name === 'testsuite');
    expect(suites).toHaveLength(1);
    expect(suites[0].attrs.tests).toBe(String(record.results.length));
    const cases = elements.filter((e) => e.name === 'testcase');
    expect(cases.map((e) => e.attrs.name)).toEqual(STRUCTURAL_IDS);
    expect(elements.filter((e) => ['failure', 'error'].includes(e.name))).toEqual([]);
    expect(elements.filter((e) => e.name === 'skipped')).toHaveLength(SKIPPED + heldBack);
  });

  it('stdout (spec reporter, not a TTY): a header, one result line per claim, a summary line', () => {
    const lines = run.stdout.split('\n');
    expect(run.stdout).not.toMatch(/\x1b|\r/); // no colour, no progress line
    expect(lines[0]).toBe('node-concurrency-spec: 5 claims');
    const labelRe = new RegExp(`^(${LABELS.join('|')}) +(\\S+) `);
    const resultLines = lines.filter((l) => labelRe.test(l));
    // a line as each claim ends: one that void trials ended sits again after the others
    const byId = (/** @type {string[]} */ a, /** @type {string[]} */ b) => a[1].localeCompare(b[1]);
    expect(resultLines.map((l) => /** @type {RegExpExecArray} */ (labelRe.exec(l)).slice(1, 3)).sort(byId)).toEqual(
      record.results.map((/** @type {any} */ r) => [r.label, r.id]).sort(byId),
    );
    const summaries = lines.filter((l) => /^\d+ claims?: /.test(l));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatch(
      new RegExp(
        `^5 claims: ${5 - SKIPPED - heldBack} pass, 0 fail, ${heldBack} inconclusive, ${SKIPPED} skip, 0 error \\(`,
      ),
    );
    expect(run.stdout.endsWith('\n')).toBe(true);
  });

  it('the last line of stdout, after the summary, says where every report file went', () => {
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-2)).toMatch(/^\d+ claims?: /);
    expect(lines.at(-1)).toBe(
      `reports: ${file('j.json')} (+ .html, .md), tap → ${file('t.tap')}, junit → ${file('x.xml')}`,
    );
  });
});

describe('--out DIR', linuxOnly, () => {
  it('writes the record (latest.json), its HTML and Markdown and a bare-named reporter file into DIR, and says so', async (t) => {
    const dir = tempDir(t);
    const out = path.join(dir, 'out', 'ci');
    const args = ['pool.default-size', '--out', out, '--reporter', 'junit=x.xml', '--reporter', 'spec'];
    const { code, stdout, stderr } = await cli(args, { t, env: { TMPDIR: dir } });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(fs.readdirSync(out).sort()).toEqual(['latest.html', 'latest.json', 'latest.md', 'x.xml']);
    expect(fs.readdirSync(dir)).toEqual(['out']); // nothing beside DIR, scratch dir removed
    const record = readJson(path.join(out, 'latest.json'));
    expect(validate(record)).toBe(true);
    expect(record.results.map((/** @type {any} */ r) => [r.id, r.verdict])).toEqual([['pool.default-size', 'pass']]);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.at(-2)).toMatch(/^1 claim: 1 pass, /);
    expect(lines.at(-1)).toBe(
      `reports: ${path.join(out, 'latest.json')} (+ .html, .md), junit → ${path.join(out, 'x.xml')}`,
    );
  });

  it('with --reporter tap on stdout: the same files, and stdout is TAP only (no report line)', async (t) => {
    const dir = tempDir(t);
    const out = path.join(dir, 'o');
    const { code, stdout, stderr } = await cli(['pool.default-size', '--out', out, '--reporter', 'tap'], {
      t,
      env: { TMPDIR: dir },
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(fs.readdirSync(out).sort()).toEqual(['latest.html', 'latest.json', 'latest.md']);
    expect(stdout).not.toContain('reports:');
    const { results } = /** @type {any} */ (await parseTap(stdout));
    expect({ ok: results.ok, count: results.count }).toEqual({ ok: true, count: 1 });
  });

  it('--no-json and no report file: no report line', async (t) => {
    const dir = tempDir(t);
    const { code, stdout } = await cli(['pool.default-size', '--no-json'], { t, env: { TMPDIR: dir } });
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^1 claim: /);
    expect(stdout).not.toContain('reports:');
  });
});

// ---------------------------------------------------------------- 4a. environments

test('--cpus 1,2 and --node twice: one record per combination, each with its environment', linuxOnly, async (t) => {
  const dir = tempDir(t);
  const json = path.join(dir, 'm.json');
  const args = [
    'main-thread.single',
    '--cpus',
    '1,2',
    '--node',
    process.execPath,
    '--node',
    process.execPath,
    '--json',
    json,
    '--reporter',
    `tap=${path.join(dir, 'm.tap')}`,
  ];
  const { code, stderr } = await cli(args, { t, env: { TMPDIR: dir } });
  expect(code).toBe(0);
  const tags = ['node1-cpus1', 'node1-cpus2', 'node2-cpus1', 'node2-cpus2'];
  expect(stderr.trim().split('\n')).toEqual(
    tags.map((tag, i) => `node-concurrency-spec: environment ${i + 1} of 4: ${tag}`),
  );
  for (const tag of tags) {
    const record = readJson(path.join(dir, `m.${tag}.json`));
    expect(validate(record)).toBe(true);
    expect(record.environment.cpus.requested).toBe(Number(tag.slice(-1)));
    expect(record.profile.cores).toBe(Number(tag.slice(-1)));
    expect(fs.existsSync(path.join(dir, `m.${tag}.tap`))).toBe(true);
  }
  expect(fs.existsSync(json)).toBe(false);
});

test("--quick: the environment says quick; a throughput claim plans its quick budget (looks at 5 and 6 blocks, the first the full run's first look)", async (t) => {
  const dir = tempDir(t);
  const json = path.join(dir, 'q.json');
  // A timing-free claim: npm test runs no timing verdict (the quick budget is
  // judged in test/engine.test.js on canned trials).
  const { code } = await cli(['pool.default-size', '--quick', '--json', json], { t, env: { TMPDIR: dir } });
  expect(code).toBe(0);
  const record = readJson(json);
  expect(validate(record)).toBe(true);
  expect(record.environment.quick).toBe(true);
  const { loadSpecs } = await import('../harness/registry.js');
  const light = (await loadSpecs()).find((s) => s.id === 'cluster.slower-on-light');
  expect(light?.plan(/** @type {any} */ ({ cores: 2 })).timing?.quick).toEqual({
    looks: [5, 6],
    alpha: 0.02,
    early: 0.001,
  });
});

test(
  "--env UV_THREADPOOL_SIZE=8: the pool of 8 by libuv's rule, both claims judged against P = 8, the settings in the record and header",
  linuxOnly,
  async (t) => {
    const dir = tempDir(t);
    const json = path.join(dir, 'e.json');
    const args = ['pool.default-size', 'main-thread.not-alone', '--env', 'UV_THREADPOOL_SIZE=8', '--json', json];
    const { code, stderr, stdout } = await cli(args, { t, env: { TMPDIR: dir } });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const record = readJson(json);
    expect(validate(record)).toBe(true);
    expect(record.environment).toMatchObject({
      env: { UV_THREADPOOL_SIZE: '8' },
      poolSize: 8,
      poolSizeFrom: 'libuv rule',
    });
    expect(stdout).toContain("settings in force: UV_THREADPOOL_SIZE=8 (pool 8 threads, by libuv's rule)\n");
    const byId = Object.fromEntries(record.results.map((/** @type {any} */ r) => [r.id, r]));
    const size = byId['pool.default-size'];
    expect([size.verdict, size.label, size.expected]).toEqual(['pass', 'refuted as expected', 'refuted']);
    expect(size.expectation.model.P).toBe(8);
    for (const s of size.samples) expect([s.parked, s.envSeen]).toEqual([8, '8']);
    const main = byId['main-thread.not-alone'];
    expect([main.verdict, main.label]).toEqual(['pass', 'pass']);
    for (const s of main.samples) expect(s.threadsAfterPool - s.threadsAtStart).toBe(8);
    expect(fs.readFileSync(json.replace(/json$/, 'md'), 'utf8')).toContain(
      'settings in force: UV\\_THREADPOOL\\_SIZE=8',
    );
    expect(scratchDirs(dir)).toEqual([]);
  },
);

test('a malformed --env is a one-line usage error: exit 2, nothing measured', async (t) => {
  const dir = tempDir(t);
  const { code, stderr, stdout } = await cli(
    ['pool.default-size', '--env', 'UV_THREADPOOL_SIZE', '--json', path.join(dir, 'x.json')],
    { t },
  );
  expect([code, stdout]).toEqual([2, '']);
  expectOneLine(stderr);
  expect(stderr).toContain("--env needs KEY=VALUE, with KEY a variable name (got 'UV_THREADPOOL_SIZE')");
  expect(fs.readdirSync(dir)).toEqual([]);
});

// ---------------------------------------------------------------- 4. --cpus 1

test('--cpus 1: fixtures pinned to one CPU; the pool still has 4 threads, all on that CPU', linuxOnly, async (t) => {
  const dir = tempDir(t);
  const json = path.join(dir, 'j.json');
  const { code, stderr, stdout } = await cli([...STRUCTURAL, '--cpus', '1', '--json', json], {
    t,
    env: { TMPDIR: dir },
  });
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  const record = readJson(json);
  expect(validate(record)).toBe(true);
  const cpu = record.environment.cpus.list;
  expect(record.environment.cpus).toMatchObject({ requested: 1, method: 'taskset' });
  expect(cpu).toHaveLength(1);
  expect(record.profile.cores).toBe(1);
  expect(record.profile.affinity).toEqual(cpu);
  expect(stdout).toContain(`fixtures pinned to CPU ${cpu[0]} (taskset)`);
  expect(record.results.map(asJudged)).toEqual(STRUCTURAL_VERDICTS);
  const size = record.results.find((/** @type {any} */ r) => r.id === 'pool.default-size');
  for (const s of size.samples) {
    expect(s.parked).toBe(4);
    expect(s.affinity.process).toEqual(cpu);
  }
  const perCore = record.results.find((/** @type {any} */ r) => r.id === 'pool.thread-per-core');
  expect(perCore.label).toBe('refuted as expected');
  for (const s of perCore.samples) {
    expect(s.parked).toBe(4);
    expect(s.affinity.process).toEqual(cpu);
    expect(Object.values(s.affinity.threads)).toEqual([cpu, cpu, cpu, cpu]);
  }
  const max = record.results.find((/** @type {any} */ r) => r.id === 'pool.max-128');
  for (const s of max.samples) expect([s.asked200.parked, s.asked1025.parked]).toEqual([200, 1024]);
  expect(scratchDirs(dir)).toEqual([]);
});

// ---------------------------------------------------------------- 5. interrupt

test(
  'SIGINT mid-run: exit 130, partial report written (its exitCode 2: interrupted), no process of the run left',
  linuxOnly,
  async (t) => {
    const dir = tempDir(t);
    t.after(() => reap(dir));
    const json = path.join(dir, 'j.json');
    const selected = ['pool.fifth-lags', 'pool.size-one-serializes', 'pool.default-size'];
    const run = start([...selected, '--json', json], { t, env: { TMPDIR: dir } });
    // Specs run in id order: pool.default-size (~0.2 s), then pool.fifth-lags
    // (seconds of pbkdf2 batches; it parks no FIFOs, so no open-file limit
    // skips it). Interrupt once the header and the first result are out.
    const ready = await waitFor(
      () => /^(pass|error|fail) +pool\.default-size /m.test(run.io.stdout) || run.child.exitCode !== null,
      { timeoutMs: 30_000 },
    );
    expect(ready).toBe(true);
    expect(run.child.exitCode).toBeNull();
    await new Promise((r) => setTimeout(r, 200)); // into pool.fifth-lags' first trial
    const seenLive = processesMentioning(dir, [/** @type {number} */ (run.child.pid)]).map((p) => p.pid);
    run.child.kill('SIGINT');
    const { code, signal, stderr } = await run.exited;

    expect({ code, signal }).toEqual({ code: 130, signal: null });
    expect(stderr).toMatch(/SIGINT/);
    expect(stderr.split('\n').some((l) => /partial report written to .*j\.json/.test(l))).toBe(true);
    const record = readJson(json);
    expect(validate(record)).toBe(true);
    expect(record.interrupted).toBe(true);
    expect(record.exitCode).toBe(2);
    expect(record.results.length).toBeLessThan(selected.length);
    expect(record.results[0]).toMatchObject({ id: 'pool.default-size', verdict: 'pass' });
    for (const r of record.results.slice(1))
      expect(r).toMatchObject({ verdict: 'error', reason: expect.stringMatching(/interrupted/) });
    expect(run.io.stdout).toContain('interrupted');

    const pids = [...new Set([...pidsIn(record.results.map((/** @type {any} */ r) => r.samples)), ...seenLive])];
    expect(pids.length).toBeGreaterThan(0);
    expect(await leftovers(dir, pids)).toEqual([]);
    for (const pid of pidsIn(record.results.map((/** @type {any} */ r) => r.samples))) {
      expect(stillRunning(pid, dir)).toBe(false);
    }
    expect(processesMentioning(FIXTURES_DIR).filter((p) => p.args.includes(dir))).toEqual([]);
    expect(scratchDirs(dir)).toEqual([]);
    expect(fs.readdirSync(dir).sort()).toEqual(['j.html', 'j.json', 'j.md']); // no temp report files either
  },
);

for (const [sig, exit] of /** @type {const} */ ([
  ['SIGINT', 130],
  ['SIGTERM', 143],
])) {
  test(
    `${sig} during the profile probe: exit ${exit} (128 + the signal), no report, nothing left behind`,
    linuxOnly,
    async (t) => {
      const dir = tempDir(t);
      t.after(() => reap(dir));
      const json = path.join(dir, 'j.json');
      const run = start(['pool.default-size', '--json', json], { t, env: { TMPDIR: dir } });
      const probing = await waitFor(() => processesMentioning(dir).some((p) => p.args.includes('profile-probe.cjs')), {
        timeoutMs: 20_000,
        everyMs: 10,
      });
      expect(probing).toBe(true);
      run.child.kill(sig);
      const { code, stdout, stderr } = await run.exited;
      const observed = {
        code,
        stdout,
        mentionsInterrupt: /interrupted/.test(stderr),
        reportWritten: fs.existsSync(json),
        processesLeft: await leftovers(dir),
        scratchDirsLeft: scratchDirs(dir),
      };
      expect(observed).toEqual({
        code: exit,
        stdout: '',
        mentionsInterrupt: true,
        reportWritten: false,
        processesLeft: [],
        scratchDirsLeft: [],
      });
    },
  );
}

// ---------------------------------------------------------------- 6. fixture failure

test(
  'a fixture that exits 7 without a result: verdict error naming the exit code, exit 2, nothing left behind',
  linuxOnly,
  async (t) => {
    const dir = tempDir(t);
    t.after(() => reap(dir));
    const node = fakeNode(dir, { passProfile: true });
    const json = path.join(dir, 'j.json');
    const { code, stderr } = await cli(['pool.default-size', '--node', node, '--json', json], {
      t,
      env: { TMPDIR: dir },
    });
    expect(code).toBe(2);
    expect(stderr).toBe('');
    const record = readJson(json);
    expect(validate(record)).toBe(true);
    // The binary as the profile probe reported itself: the Node the fake hands the probe to.
    expect(record.environment.node.path).toBe(process.execPath);
    expect(record.exitCode).toBe(2);
    expect(record.summary).toMatchObject({ total: 1, error: 1 });
    expect(record.results[0]).toMatchObject({ id: 'pool.default-size', verdict: 'error', label: 'error' });
    expect(record.results[0].reason).toMatch(/pool-probe\.cjs exited with code 7/);
    expect(await leftovers(dir)).toEqual([]); // the background sleep was killed with the fixture's group
    expect(scratchDirs(dir)).toEqual([]);
  },
);

test(
  'the profile probe failing: exit 2, one stderr line naming the fixture, nothing left behind',
  linuxOnly,
  async (t) => {
    const dir = tempDir(t);
    t.after(() => reap(dir));
    const node = fakeNode(dir, { passProfile: false });
    const json = path.join(dir, 'j.json');
    const { code, stdout, stderr } = await cli(['pool.default-size', '--node', node, '--json', json], {
      t,
      env: { TMPDIR: dir },
    });
    const observed = {
      code,
      stdout,
      stderrLines: stderr.trimEnd().split('\n').length,
      namesFixture: /^node-concurrency-spec: .*profile-probe\.cjs.*code 7/.test(stderr),
      reportWritten: fs.existsSync(json),
      processesLeft: await leftovers(dir),
      scratchDirsLeft: scratchDirs(dir),
    };
    expect(observed).toEqual({
      code: 2,
      stdout: '',
      stderrLines: 1,
      namesFixture: true,
      reportWritten: false,
      processesLeft: [],
      scratchDirsLeft: [],
    });
  },
);

// ---------------------------------------------------------------- 7. EPIPE

test('EPIPE: --list with the reader gone after the first chunk (like `| head -1`) exits 0 quietly', async (t) => {
  const run = start(['--list'], { t });
  run.child.stdout.once('data', () => run.child.stdout.destroy());
  const { code, signal, stderr } = await run.exited;
  expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
});

test('EPIPE: --list and --help with the reader gone before any output exit 0 quietly', async (t) => {
  for (const args of [['--list'], ['--help']]) {
    const run = start(args, { t });
    run.child.stdout.destroy();
    const { code, signal, stderr } = await run.exited;
    expect({ args, code, signal, stderr }).toEqual({ args, code: 0, signal: null, stderr: '' });
  }
});

test(
  'EPIPE mid-run (spec reporter piped to `head -1`): the run stops as on Ctrl-C, the partial record is written, no fixture or scratch dir left behind',
  linuxOnly,
  async (t) => {
    const dir = tempDir(t);
    t.after(() => reap(dir));
    const json = path.join(dir, 'j.json');
    const run = start(['pool.fifth-lags', 'pool.default-size', '--json', json], { t, env: { TMPDIR: dir } });
    run.child.stdout.once('data', () => run.child.stdout.destroy()); // the header; the next write fails
    const { code, signal, stderr } = await run.exited;
    const observed = {
      signal,
      exitedWithCode: typeof code === 'number',
      code,
      stderr,
      processesLeft: (await leftovers(dir)).map((p) => p.args),
      scratchDirsLeft: scratchDirs(dir),
    };
    expect(observed).toEqual({
      signal: null,
      exitedWithCode: true,
      code: 2,
      stderr: `node-concurrency-spec: interrupted: partial report written to ${json}\n`,
      processesLeft: [],
      scratchDirsLeft: [],
    });
    const record = JSON.parse(fs.readFileSync(json, 'utf8'));
    expect(record.interrupted).toBe(true);
  },
);
