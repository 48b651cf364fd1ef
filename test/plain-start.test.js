// A fixture started plain, as a user's shell starts a program (isolate.js RunOptions
// `plain`): no IPC channel, none of the harness's defaults in its environment, its
// messages both ways as JSON lines on fd 3; watched and killed as any other. The FIFO
// probe so started (kits/pool.js probePool `plain`), and pool.default-size's reading of
// how its probes were started (launchPart), on made-up readings.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureEnv, startFixture } from '../harness/isolate.js';
import { createLauncher } from '../harness/launcher.js';
import { specContext } from '../harness/context.js';
import { launchPart, probePool } from '../harness/kits/pool.js';
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

  test('has no IPC channel; its messages and the harness’s answers go over fd 3', linux, async () => {
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
      expect(obs.outside.late).toEqual([]); // every look answered over fd 3
      expect(obs.launch.plain).toBe(true);
      expect(obs.launch.env).toEqual(expect.arrayContaining(['PATH']));
      expect(launchPart(obs.launch)?.ok).toBe(true);
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

  test('its environment not read: stated, not judged; no launch (a record from before): left out', () => {
    expect(launchPart({ plain: true, env: null })).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/not read/),
    });
    expect(launchPart(undefined)).toBeNull();
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

  test('records from before the start was read are judged as before', () => {
    expect(check({ ...probe(4), oneCpu: probe(4) }).ok).toBe(true);
  });
});
