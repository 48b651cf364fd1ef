// A fixture started plain, as a user's shell starts a program (isolate.js RunOptions
// `plain`): no IPC channel, no descriptor beyond stdin, stdout and stderr, none of the
// harness's defaults in its environment, its messages as JSON lines on stdout and the
// harness's on stdin; watched and killed as any other. The FIFO probe so started
// (kits/pool.js probePool `plain`), and the pool claims' reading of how their probes
// were started (launchPart), on made-up readings.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fixtureEnv, startFixture } from '../harness/isolate.js';
import { createLauncher } from '../harness/launcher.js';
import { specContext } from '../harness/context.js';
import { launchPart, launchesPart, plainIoUring, probePool } from '../harness/kits/pool.js';
import defaultSize from '../specs/threadpool/pool.default-size.spec.js';

const linux = { skip: process.platform !== 'linux' && 'reads /proc' };
const REPORT = JSON.stringify(path.resolve('fixtures/lib/report.cjs'));
const LOOK = JSON.stringify(path.resolve('fixtures/lib/look.cjs'));

/** Whether process `pid` is gone (ESRCH). @param {number} pid */
const gone = (pid) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return /** @type {any} */ (err).code === 'ESRCH';
  }
};

/** Wait up to 2 s for every pid to be gone; the ones still there. @param {number[]} pids */
async function stillThere(pids) {
  for (let i = 0; i < 40 && !pids.every(gone); i++) await new Promise((r) => setTimeout(r, 50));
  return pids.filter((p) => !gone(p));
}

describe('a fixture started plain', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plain-start-'));
  const write = (/** @type {string} */ name, /** @type {string} */ text) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  // says where it is, waits for the harness's answer, then reports what it saw of its start
  const lookAndReport = write(
    'look.cjs',
    `const report = require(${REPORT});
     const { harnessLooks } = require(${LOOK});
     harnessLooks({ phase: 'here', pid: process.pid }, 5000).then((looked) => {
       const environ = require('node:fs').readFileSync('/proc/self/environ', 'utf8').split('\\0').filter(Boolean);
       report.done({ send: typeof process.send, looked, connected: report.connected(), names: environ.map((kv) => kv.split('=')[0]) });
     });`,
  );

  test('fixtureEnv plain: the settings in force and the spec, without the harness’s io_uring default', () => {
    expect(fixtureEnv({}, {}, { plain: true }).UV_USE_IO_URING).toBeUndefined();
    expect(fixtureEnv({}, { UV_USE_IO_URING: '1' }, { plain: true }).UV_USE_IO_URING).toBe('1');
    expect(fixtureEnv({ UV_THREADPOOL_SIZE: '2' }, {}, { plain: true }).UV_THREADPOOL_SIZE).toBe('2');
    expect(fixtureEnv().UV_USE_IO_URING).toBe('0');
  });

  test('has no IPC channel; its messages and the harness’s answers go over stdout and stdin', linux, async () => {
    const seen = /** @type {any[]} */ ([]);
    const h = startFixture({
      node: process.execPath,
      fixture: lookAndReport,
      plain: true,
      timeoutMs: 10_000,
      onMessage: (m) => (seen.push(m), h.send({ type: 'looked', phase: m.phase })),
    });
    const { data } = await h.result;
    expect(seen).toEqual([{ phase: 'here', pid: h.pid }]);
    expect(data).toMatchObject({ send: 'undefined', looked: true, connected: true });
    for (const k of ['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE', 'UV_USE_IO_URING', 'NODE_V8_COVERAGE'])
      expect(data.names).not.toContain(k);
    expect(data.names).toContain('PWD'); // as a shell exports it
    // the same fixture forked as before: its channel and the harness's default
    const forked = startFixture({
      node: process.execPath,
      fixture: lookAndReport,
      timeoutMs: 10_000,
      onMessage: (m) => forked.send({ type: 'looked', phase: m.phase }),
    });
    const before = (await forked.result).data;
    expect(before).toMatchObject({ send: 'function', looked: true });
    expect(before.names).toEqual(expect.arrayContaining(['NODE_CHANNEL_FD', 'UV_USE_IO_URING']));
  });

  test('one that hangs is killed at its timeout with the usual error, its child with it', linux, async () => {
    const hang = write(
      'hang.cjs',
      `require(${REPORT});
       const child = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
       require('node:fs').writeFileSync(process.argv[2] && JSON.parse(process.argv[2]).pidFile, String(child.pid));
       setInterval(() => {}, 1000);`,
    );
    const pidFile = path.join(dir, 'grandchild.pid');
    const h = startFixture({
      node: process.execPath,
      fixture: hang,
      plain: true,
      options: { pidFile },
      timeoutMs: 1500,
    });
    await expect(h.result).rejects.toThrow(/hang\.cjs did not finish within 1500 ms \(killed\)/);
    const grandchild = Number((await import('node:fs')).readFileSync(pidFile, 'utf8'));
    expect(await stillThere([/** @type {number} */ (h.pid), grandchild])).toEqual([]);
  });

  test('one that crashes, or reports an error, gets the usual error', async () => {
    const crash = write('crash.cjs', `require(${REPORT}); process.stderr.write('boom\\n'); process.exit(3);`);
    await expect(
      startFixture({ node: process.execPath, fixture: crash, plain: true, timeoutMs: 10_000 }).result,
    ).rejects.toThrow(/crash\.cjs exited with code 3 without a result: boom/);
    const failing = write('fail.cjs', `require(${REPORT}).fail(new Error('no FIFOs here'));`);
    await expect(
      startFixture({ node: process.execPath, fixture: failing, plain: true, timeoutMs: 10_000 }).result,
    ).rejects.toThrow(/fail\.cjs: no FIFOs here/);
  });

  test('the FIFO probe started plain: counted, read from outside, its environment named', linux, async () => {
    const machine = /** @type {any} */ ({ node: { path: process.execPath }, env: {}, cpus: null });
    const launcher = createLauncher({ machine });
    try {
      const ctx = { ...specContext(machine, launcher), platform: 'linux' };
      const obs = await probePool(/** @type {any} */ (ctx), { fifos: 8, outside: true, plain: true });
      expect(obs.parked).toBe(4);
      expect(obs.outside.parked).toHaveLength(4);
      expect(obs.outside.late).toEqual([]); // every look answered on its stdin
      expect(obs.launch.plain).toBe(true);
      expect(obs.launch.env).toEqual(expect.arrayContaining(['PATH']));
      expect(launchPart(obs.launch)?.ok).toBe(true);
      // not read from outside: held at 'parked' only for its environment, nothing else read
      const counted = await probePool(/** @type {any} */ (ctx), { size: '3', fifos: 8, plain: true });
      expect(counted.parked).toBe(3);
      expect(counted.outside).toBeUndefined();
      expect(counted.launch.env).toEqual(expect.arrayContaining(['PATH', 'PWD', 'UV_THREADPOOL_SIZE']));
      expect(launchPart(counted.launch, ['UV_THREADPOOL_SIZE']).ok).toBe(true);
    } finally {
      launcher.dispose();
    }
  });

  test.after?.(() => rmSync(dir, { recursive: true, force: true }));
});

describe('launchPart: how a probe was started', () => {
  test('plain, with only a shell’s variables: holds, the names shown', () => {
    const part = launchPart({ plain: true, env: ['HOME', 'LANG', 'PATH'] });
    expect(part).toEqual({
      ok: true,
      detail: 'started plain: no IPC channel, its environment read from outside 3 variables (HOME, LANG, PATH)',
    });
  });

  test('forked with an IPC channel, or with a harness variable not in force: fails', () => {
    expect(launchPart({ plain: false, env: null })?.ok).toBe(false);
    const channel = launchPart({ plain: true, env: ['NODE_CHANNEL_FD', 'PATH'] });
    expect(channel).toMatchObject({ ok: false, detail: expect.stringMatching(/^started with NODE_CHANNEL_FD/) });
    expect(launchPart({ plain: true, env: ['PATH', 'UV_USE_IO_URING'] })?.ok).toBe(false);
    // a setting in force is the user's own
    expect(launchPart({ plain: true, env: ['PATH', 'UV_USE_IO_URING'] }, ['UV_USE_IO_URING'])?.ok).toBe(true);
  });

  test('its environment not read, or no launch (a record from before): void with the reason, never a pass', () => {
    expect(launchPart({ plain: true, env: null })).toEqual({
      ok: false,
      void: expect.stringMatching(/its environment not read from outside/),
      detail: expect.stringMatching(/its environment not read from outside/),
    });
    expect(launchPart(undefined)).toEqual({
      ok: false,
      void: expect.stringMatching(/not recorded/),
      detail: expect.any(String),
    });
  });

  test('UV_USE_IO_URING allowed only with the reason it was kept, and named', () => {
    const ringKept = 'UV_USE_IO_URING=0 kept: Node v20.10.0 (libuv 1.46.0) sends fs requests to io_uring by default';
    const part = launchPart({ plain: true, env: ['PATH', 'UV_USE_IO_URING'] }, [], ringKept);
    expect(part).toMatchObject({ ok: true, detail: expect.stringContaining(`(${ringKept})`) });
    expect(launchPart({ plain: true, env: ['PATH', 'UV_USE_IO_URING'] }, [], null).ok).toBe(false);
  });

  test('launchesPart: a failure over a void, a void over a pass; none: void', () => {
    const plain = { plain: true, env: ['PATH'] };
    expect(launchesPart([plain, plain])).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^each of 2 probes started plain/),
    });
    expect(launchesPart([plain, { plain: true, env: null }, { plain: false }])).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^1 of 3 probes: the probe ran as a forked child/),
    });
    expect(launchesPart([plain, { plain: true, env: null }])).toMatchObject({
      ok: false,
      void: expect.stringMatching(/^1 of 2 probes/),
    });
    expect(launchesPart([])).toMatchObject({ ok: false, void: 'no probe' });
  });
});

describe('plainIoUring: where a plain probe keeps UV_USE_IO_URING=0', () => {
  const on = () => '0';
  const at = (/** @type {string} */ version, /** @type {string} */ uv, /** @type {any} */ more = {}) =>
    plainIoUring({ node: { version, uv }, arch: 'x64', release: '6.18.44', ...more }, on);
  test('kept where libuv sends fs requests to io_uring by default (20.3–20.11.0, 21 before 21.6.2), with the reason', () => {
    expect(at('v20.10.0', '1.46.0')).toBe(
      'UV_USE_IO_URING=0 kept: Node v20.10.0 (libuv 1.46.0) sends fs requests to io_uring by default',
    );
    expect(at('v21.6.1', '1.47.0')).toMatch(/kept/);
  });
  test('left out where it is opt-in or the pool always (every Node measured here), or its version unknown', () => {
    expect(at('v20.20.2', '1.46.0')).toBeNull();
    expect(at('v22.23.5', '1.51.0')).toBeNull();
    expect(at('v24.22.3', '1.52.1')).toBeNull();
    expect(at('v26.12.1', '1.52.1')).toBeNull();
    expect(at('v20.2.0', '1.44.2')).toBeNull();
    expect(plainIoUring({ node: { version: 'v20.10.0' } }, on)).toBeNull();
  });
  test('left out where the kernel refuses the ring, or the settings in force set the variable', () => {
    expect(at('v20.10.0', '1.46.0', { release: '5.4.0' })).toBeNull();
    expect(
      plainIoUring({ node: { version: 'v20.10.0', uv: '1.46.0' }, arch: 'x64', release: '6.18.0' }, () => '2'),
    ).toBeNull();
    expect(at('v20.10.0', '1.46.0', { env: { UV_USE_IO_URING: '1' } })).toBeNull();
  });
});

describe('a plain start beside a shell’s', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plain-beside-'));
  test.after?.(() => rmSync(dir, { recursive: true, force: true }));
  const write = (/** @type {string} */ name, /** @type {string} */ text) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  test('the same descriptors, environment names and status as `sh -c` gives a program (no fd 3)', linux, async () => {
    const self = write(
      'self.cjs',
      `const report = require(${REPORT});
       const fs = require('node:fs');
       // what a program can see of how it was started, read once its stdio is set up
       setTimeout(() => {
         const fds = fs.readdirSync('/proc/self/fd').map((fd) => {
           try { return fd + ':' + fs.readlinkSync('/proc/self/fd/' + fd).replace(/[0-9]+/g, 'N'); } catch { return fd + ':?'; }
         });
         const env = fs.readFileSync('/proc/self/environ', 'utf8').split('\\0').filter(Boolean).map((kv) => kv.split('=')[0]).sort();
         const status = fs.readFileSync('/proc/self/status', 'utf8').split('\\n').filter((l) => /^(Sig(Blk|Ign|Cgt)|Cap|NoNewPrivs|Seccomp|Cpus_allowed_list|Umask)/.test(l));
         report.done({ fds: fds.sort(), env, status });
       }, 200);`,
    );
    const plain = (await startFixture({ node: process.execPath, fixture: self, plain: true, timeoutMs: 10_000 }).result)
      .data;
    // the same program and argument from a shell with no terminal, its stdio pipes
    const env = fixtureEnv({}, {}, { plain: true });
    delete env.PWD;
    const shell = await new Promise((resolve, reject) => {
      const p = spawn('sh', ['-c', '"$0" "$1" "$2"', process.execPath, self, JSON.stringify({ harnessLines: true })], {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: /** @type {any} */ (env),
      });
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      p.on('error', reject);
      p.on('close', () => resolve(JSON.parse(out.trim().split('\n').pop() ?? '').data));
    });
    expect(plain.fds.filter((/** @type {string} */ f) => f.startsWith('3:'))).not.toContainEqual(
      expect.stringMatching(/socket/),
    );
    expect(plain).toEqual(shell);
  });
});

describe('pool.default-size with the probes started plain', () => {
  const ctx = /** @type {any} */ ({
    platform: 'linux',
    cores: 2,
    usable: [0, 1],
    node: { major: 20, version: 'v20.20.2' },
    openFiles: null,
  });
  const check = /** @type {any} */ (defaultSize.plan(ctx)).structural.check;
  const plain = { plain: true, env: ['HOME', 'LANG', 'PATH'] };
  const probe = (/** @type {number} */ n, /** @type {any} */ launch) => ({
    parked: n,
    saturated: false,
    blocked: n,
    poolThreads: Array.from({ length: n }, (_, i) => 100 + i),
    ...(launch === undefined ? {} : { launch }),
  });

  test('honest: 4 in each plain probe holds, the start shown in the reason', () => {
    const v = check({ ...probe(4, plain), oneCpu: probe(4, plain) });
    expect(v.ok).toBe(true);
    expect(v.detail).toMatch(/started plain: no IPC channel, its environment read from outside 3 variables/);
  });

  test('pool-default-plain: a plain process sized from its CPUs (2, or 1 on one CPU) fails', () => {
    expect(check({ ...probe(2, plain), oneCpu: probe(1, plain) }).ok).toBe(false);
    expect(check({ ...probe(4, plain), oneCpu: probe(1, plain) }).ok).toBe(false);
  });

  test('a probe forked with an IPC channel, or given a harness variable, fails in either place', () => {
    expect(check({ ...probe(4, { plain: false, env: null }), oneCpu: probe(4, plain) }).ok).toBe(false);
    const pinned = check({ ...probe(4, plain), oneCpu: probe(4, { plain: true, env: ['NODE_CHANNEL_FD'] }) });
    expect(pinned).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/on one CPU: started with NODE_CHANNEL_FD/),
    });
  });

  test('a start not read on Linux, or not recorded (a record from before): void, the reason shown; off Linux said, not judged', () => {
    const unread = check({ ...probe(4, { plain: true, env: null }), oneCpu: probe(4, plain) });
    expect(unread).toMatchObject({
      ok: false,
      invalid: true,
      detail: expect.stringMatching(/its environment not read/),
    });
    expect(check({ ...probe(4), oneCpu: probe(4) })).toMatchObject({ ok: false, invalid: true });
    // a wrong count stands whatever the start
    expect(check({ ...probe(2), oneCpu: probe(4) }).invalid).toBeUndefined();
    // where no process's environment can be read from outside (no /proc), the rest decides
    const mac = { plain: true, env: null, envUnreadable: 'darwin' };
    const said = check({ ...probe(4, mac), oneCpu: probe(4, mac) });
    expect(said).toMatchObject({ ok: true, detail: expect.stringMatching(/cannot be read from outside on darwin/) });
    expect(check({ ...probe(2, mac), oneCpu: probe(4, mac) }).ok).toBe(false);
  });

  test('r2-fd3-pool’s shape (a program started from a shell sized 2 in code) fails, its start plain', () => {
    const r = check({ ...probe(2, plain), oneCpu: probe(2, plain) });
    expect(r).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^2 threads parked.*started plain.*expected 4$/),
    });
  });
});
