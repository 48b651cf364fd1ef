// The cluster claims' readings taken apart from what the program says of
// itself: the roles observer while the main module runs (cluster.is-master),
// each 'exit' read against /proc as it is reported (cluster.online-exit-events),
// the globals read again later (cluster.separate-processes), the pongs' proof
// and the primary's word of each ping while the cluster runs (cluster.ipc),
// and which worker read each request and where the cluster listens (cluster.shared-port).
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFixture } from '../harness/isolate.js';
import {
  get,
  killWorker,
  procLife,
  bytesRead,
  rolesObserverEnv,
  readObservedRoles,
  listeningPortsOf,
} from '../harness/kits/cluster.js';
import isMasterSpec, {
  atLoadRolesCheck,
  lateRolesCheck,
  libRolesCheck,
} from '../specs/cluster/cluster.is-master.spec.js';
import onlineExit, {
  liveExitsCheck,
  EXIT_REPORT_MS,
  deathsCheck,
  drawDeaths,
} from '../specs/cluster/cluster.online-exit-events.spec.js';
import separate, {
  drawValue,
  setQuery,
  laterReadsCheck,
  ownMemoryCheck,
  midReadsCheck,
  drawNames,
  MID_MS,
  LAST_MS,
  SETTLE_MS,
} from '../specs/cluster/cluster.separate-processes.spec.js';
import ipcSpec, {
  liveProofCheck,
  proofOf,
  workerSockets,
  readWorkerSockets,
  channelSocketsCheck,
  channelBytesCheck,
  PAD,
} from '../specs/cluster/cluster.ipc.spec.js';
import sharedPort, {
  readersCheck,
  PAD_BYTES,
  drawWorkers,
  ownPortsCheck,
} from '../specs/cluster/cluster.shared-port.spec.js';

const LINUX = process.platform === 'linux';

/** @param {object} options @param {Record<string, string>} [env] @param {(m: any) => void} [onMessage] */
const start = (options, env = {}, onMessage = undefined) =>
  startFixture({ node: process.execPath, fixture: 'cluster-server.cjs', options, env, onMessage, timeoutMs: 20_000 });

/** @param {any} spec @param {any} [ctx] */
const checkOf = (spec, ctx = { node: { version: 'v20' }, cores: 2 }) => spec.plan(ctx).structural.check;

describe('cluster.is-master: isMaster while the main module runs', () => {
  const role = (/** @type {boolean} */ want, /** @type {boolean | null} */ isMaster = want) => ({
    hasIsMaster: isMaster !== null,
    isMaster,
    isPrimary: want,
    isWorker: !want,
  });
  const at = (/** @type {boolean} */ want, /** @type {(boolean | null)[]} */ [a, b, c]) => ({
    preload: role(want, a),
    mainEnd: role(want, b),
    firstTick: role(want, c),
  });
  const proc = (/** @type {number} */ pid, /** @type {boolean} */ want, /** @type {any} */ atLoad) => ({
    pid,
    ...role(want),
    ...(atLoad ? { atLoad } : {}),
  });
  const base = { primaryPid: 1, workerPids: [2, 3] };
  it('passes honest readings; fails one inverted until the first tick; leaves a missing one out', () => {
    const honest = {
      ...base,
      observed: {
        1: proc(1, true, at(true, [true, true, true])),
        2: proc(2, false, at(false, [false, false, false])),
        3: proc(3, false, at(false, [false, false, false])),
      },
    };
    expect(atLoadRolesCheck(honest)).toEqual({
      ok: true,
      detail:
        '; isMaster while the main module ran (before it, as it returned, first tick): primary true, true, true; 2 false, false, false; 3 false, false, false',
    });
    // is-master-inverted-at-load: the opposite of isPrimary until the main module's first tick
    const inverted = {
      ...base,
      observed: {
        1: proc(1, true, at(true, [true, false, false])),
        2: proc(2, false, at(false, [false, true, true])),
        3: proc(3, false, at(false, [false, true, true])),
      },
    };
    const bad = atLoadRolesCheck(inverted);
    expect(bad.ok).toBe(false);
    expect(bad.detail).toContain('primary true, false (as its code returned: expected true)');
    // a reading not taken (an ES main module: no mainEnd) is left out; a record with none adds nothing
    const noEnd = at(false, [false, false, false]);
    delete (/** @type {any} */ (noEnd).mainEnd);
    const partial = { ...base, observed: { ...honest.observed, 2: proc(2, false, noEnd) } };
    expect(atLoadRolesCheck(partial).ok).toBe(true);
    expect(atLoadRolesCheck(partial).detail).toContain('2 false, false;');
    const none = { ...base, observed: { 1: proc(1, true, null), 2: proc(2, false, null), 3: proc(3, false, null) } };
    expect(atLoadRolesCheck(none)).toEqual({ ok: true, detail: '' });
    // the spec's check joins it
    const check = checkOf(isMasterSpec);
    const w = (/** @type {number} */ pid) => ({ pid, isMaster: false, isPrimary: false, isWorker: true, warnings: [] });
    const obs = {
      ready: { isMaster: true, isPrimary: true },
      primary: { pid: 1, isMaster: true, isPrimary: true, warnings: [] },
      workers: [w(2), w(3)],
      warnings: [],
    };
    expect(check({ ...obs, ...honest }).ok).toBe(true);
    expect(check({ ...obs, ...inverted }).ok).toBe(false);
  });
  it('the observer reads each process of a real cluster before, at the end of and after its main module', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-roles-'));
    const h = start({ workers: 2 }, rolesObserverEnv(dir));
    try {
      const info = await h.ready;
      // each worker's observer writes once its main module has run (it answers by then)
      for (let k = 0; k < 6; k++) await get(info.port, '/light');
      await h.stop();
      const seen = readObservedRoles(dir);
      const r = (/** @type {boolean} */ v) => ({ isMaster: v, isPrimary: v, isWorker: !v, hasIsMaster: true });
      expect(seen[info.primaryPid].atLoad).toEqual({ preload: r(true), mainEnd: r(true), firstTick: r(true) });
      for (const pid of info.workerPids)
        expect(seen[pid].atLoad).toEqual({ preload: r(false), mainEnd: r(false), firstTick: r(false) });
      expect(atLoadRolesCheck({ primaryPid: info.primaryPid, workerPids: info.workerPids, observed: seen }).ok).toBe(
        true,
      );
    } finally {
      await h.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("cluster.online-exit-events: 'exit' when, and only once, the worker is gone", () => {
  const gone = (/** @type {number} */ pid) => ({ pid, running: false });
  it("passes honest readings; fails an 'exit' of a running worker, and one held past the bound", () => {
    expect(liveExitsCheck({ victimMs: -1.2, exits: [gone(1), gone(2), gone(3), gone(4)] })).toEqual({
      ok: true,
      detail:
        "; the killed worker's 'exit' reported -1 ms from its process seen gone; 4/4 'exit' reports read against /proc: each process gone",
    });
    // exit-at-disconnect: the survivor's 'exit' at its disconnect, its process still running
    const early = liveExitsCheck({ victimMs: 0, exits: [gone(1), { pid: 2, running: true, state: 'S' }] });
    expect(early.ok).toBe(false);
    expect(early.detail).toContain("'exit' reported for 2 (still running, state S)");
    // exit-reaped-late: the killed worker's 'exit' held until the stop
    const held = liveExitsCheck({ victimMs: null, exits: [gone(1), gone(2)] });
    expect(held.ok).toBe(false);
    expect(held.detail).toContain(`not reported within ${EXIT_REPORT_MS} ms of its process being gone`);
    // a reading /proc could not give is left out; a record made before these readings adds nothing
    const unread = liveExitsCheck({ victimMs: 0.5, exits: [gone(1), { pid: 2, running: null }] });
    expect(unread.ok).toBe(true);
    expect(unread.detail).toContain("1/2 'exit' reports read against /proc");
    expect(liveExitsCheck(undefined)).toEqual({ ok: true, detail: '' });
  });
  it('the spec fails a record whose live readings fail, all else holding', () => {
    const check = checkOf(onlineExit);
    const obs = {
      victim: 1,
      gone: true,
      order: ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'],
      exit: { code: null, signal: 'SIGKILL' },
      forks: 2,
    };
    expect(check(obs).ok).toBe(true);
    expect(check({ ...obs, live: { victimMs: 0, exits: [gone(1)] } }).ok).toBe(true);
    expect(check({ ...obs, live: { victimMs: null, exits: [gone(1)] } }).ok).toBe(false);
    expect(check({ ...obs, live: { victimMs: 0, exits: [{ pid: 2, running: true, state: 'S' }] } }).ok).toBe(false);
  });
  it('procLife reads the state and start time past the command name; null where no such process', () => {
    const stat = () => '42 (a) b) (c) S 1 42 42 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 12345 1000 10';
    expect(procLife(42, { stat })).toEqual(LINUX ? { state: 'S', start: 12345 } : undefined);
    const none = () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    };
    expect(procLife(42, { stat: none })).toBe(LINUX ? null : undefined);
    if (LINUX) expect(procLife(process.pid)?.state).toMatch(/^[RS]$/);
  });
  it(
    'on the real cluster: each fork and exit told as it happens, the exit once the process is gone',
    { skip: !LINUX && 'Linux /proc' },
    async () => {
      /** @type {any[]} */
      const told = [];
      const h = start({ workers: 2, liveEvents: true }, {}, (m) => told.push({ ...m, life: procLife(m.pid) }));
      try {
        const info = await h.ready;
        const victim = info.workerPids[0];
        expect(told.filter((m) => m.cluster === 'fork').map((m) => m.pid)).toEqual(info.workerPids);
        expect(await killWorker(h, victim)).toBe(true);
        const t = performance.now();
        while (!told.some((m) => m.cluster === 'exit') && performance.now() - t < 2000) await sleep(2);
        expect(told.find((m) => m.cluster === 'exit')).toMatchObject({
          pid: victim,
          code: null,
          signal: 'SIGKILL',
          life: null,
        });
        await h.stop();
        const exits = told.filter((m) => m.cluster === 'exit');
        expect(exits.map((m) => m.pid).sort()).toEqual([...info.workerPids].sort());
      } finally {
        await h.stop().catch(() => {});
      }
    },
  );
});

describe('cluster.separate-processes: the global read again later', () => {
  const base = { setter: 1, value: 'V', workerPids: [1, 2] };
  it('passes the value kept where it was set; fails a copy landed in the other worker; absent adds nothing', () => {
    expect(laterReadsCheck({ ...base, later: { 1: 'V', 2: null } })).toEqual({
      ok: true,
      detail: `; read again ${SETTLE_MS} ms after the set: {"1":"V","2":null}`,
    });
    // globals-replicated-late: the other worker has the value 400 ms after the set
    const copied = laterReadsCheck({ ...base, later: { 1: 'V', 2: 'V' } });
    expect(copied.ok).toBe(false);
    expect(copied.detail).toContain('(expected 1 to hold it and 2 null)');
    expect(laterReadsCheck({ ...base, later: { 1: 'V' } }).ok).toBe(false); // the other never read again
    expect(laterReadsCheck(base)).toEqual({ ok: true, detail: '' });
    const check = checkOf(separate);
    const obs = { ...base, primaryPid: 9, setterOld: null, seen: { 1: 'V', 2: null }, impostures: [] };
    expect(check(obs).ok).toBe(true);
    expect(check({ ...obs, later: { 1: 'V', 2: null } }).ok).toBe(true);
    expect(check({ ...obs, later: { 1: 'V', 2: 'V' } }).ok).toBe(false);
  });
});

describe('cluster.ipc: how the messages came in, read from /proc/<pid>/io', () => {
  const padIn = { 9: 6 * PAD, 1: 3 * PAD, 2: 3 * PAD };
  it('passes what the channel adds (nothing); fails messages read as files; missing is left out', () => {
    // honest (measured): primary 8 B, workers 530 B (their GETs off TCP)
    const honest = { readBytes: { 9: 8, 1: 530, 2: 530 }, padIn, padBack: 6, completed: 6 };
    expect(channelBytesCheck(honest).ok).toBe(true);
    expect(channelBytesCheck(honest).detail).toContain('9 read 8 B of 393216 B got');
    // ipc-files-signals: each process read its messages' files
    const files = { readBytes: { 9: 393932, 1: 197774, 2: 197774 }, padIn, padBack: 6, completed: 6 };
    expect(channelBytesCheck(files).ok).toBe(false);
    // the pongs only (a worker reads its files, the primary takes the pings off the channel)
    expect(channelBytesCheck({ ...files, readBytes: { 9: 8, 1: 197774, 2: 530 } }).ok).toBe(false);
    // a pong that did not bring its pad back
    expect(channelBytesCheck({ ...honest, padBack: 5 }).ok).toBe(false);
    // a process whose reading is missing is left out; no reading at all adds nothing
    expect(channelBytesCheck({ ...honest, readBytes: { 1: 530 } }).ok).toBe(true);
    expect(channelBytesCheck({})).toEqual({ ok: true, detail: '' });
    const check = checkOf(ipcSpec);
    const obs = { primaryPid: 9, workerPids: [1, 2], completed: 6, errors: [], pingers: [1, 2], primaries: [9] };
    const rest = { roundTripMs: [0.1], withToken: 6, noncesReceived: 6, withProof: 6, liveNonces: 6 };
    expect(check({ ...obs, ...rest, ...honest }).ok).toBe(true);
    expect(check({ ...obs, ...rest, ...files }).ok).toBe(false);
  });
  it('on the real cluster: the pad comes back and the channel adds nothing to rchar', { skip: !LINUX }, async () => {
    const h = await start({ workers: 2 });
    try {
      const info = await h.ready;
      const pids = [info.primaryPid, ...info.workerPids];
      const before = pids.map((p) => bytesRead(p));
      const r = await get(info.port, `/ipc?nonce=n1&pad=${PAD}`);
      expect(r.body.padBack).toBe(true);
      pids.forEach((p, k) => {
        const [a, b] = [before[k], bytesRead(p)];
        if (a !== null && b !== null) expect(b - a).toBeLessThan(PAD / 2);
      });
    } finally {
      await h.stop();
    }
  });
});

describe('cluster.ipc: round trips shown while the cluster runs', () => {
  it('passes every proof and every nonce told; fails answers without them; absent adds nothing', () => {
    expect(liveProofCheck({ withProof: 6, liveNonces: 6 }).ok).toBe(true);
    // ipc-channel-mute: answered by the worker alone, the nonces read by the primary only on stop
    const mute = liveProofCheck({ withProof: 0, liveNonces: 0 });
    expect(mute.ok).toBe(false);
    expect(mute.detail).toBe(
      "; while it ran: 0/6 answers carried the proof made with the primary's key, the primary told of 0/6 nonces as they came",
    );
    expect(liveProofCheck({ withProof: 6, liveNonces: 5 }).ok).toBe(false);
    expect(liveProofCheck({ withProof: 5, liveNonces: 6 }).ok).toBe(false);
    expect(liveProofCheck({})).toEqual({ ok: true, detail: '' });
    const check = checkOf(ipcSpec);
    const obs = { primaryPid: 9, workerPids: [1, 2], completed: 6, errors: [], pingers: [1, 2], primaries: [9] };
    const rest = { roundTripMs: [0.1], withToken: 6, noncesReceived: 6 };
    expect(check({ ...obs, ...rest, withProof: 6, liveNonces: 6 }).ok).toBe(true);
    expect(check({ ...obs, ...rest, withProof: 0, liveNonces: 0 }).ok).toBe(false);
  });
  it('on the real cluster: the proof comes back with the answer and the primary tells of the ping', async () => {
    /** @type {any[]} */
    const told = [];
    const h = start({ workers: 2 }, {}, (m) => told.push(m));
    try {
      const info = await h.ready;
      const before = await get(info.port, '/ipc?nonce=n0');
      expect(before.body.proof).toBe(null); // no key given yet
      const key = 'k'.repeat(64);
      h.send({ type: 'ipc-key', key });
      const t = performance.now();
      while (!told.some((m) => m.ipcKey === 'set') && performance.now() - t < 2000) await sleep(2);
      const r = await get(info.port, '/ipc?nonce=n1');
      expect(r.body.proof).toBe(proofOf(key, 'n1'));
      while (!told.some((m) => m.ping === 'n1') && performance.now() - t < 2000) await sleep(2);
      expect(told.find((m) => m.ping === 'n1')).toEqual({ ping: 'n1', from: r.pid });
      expect(told.some((m) => m.ping === 'n0')).toBe(false);
    } finally {
      await h.stop().catch(() => {});
    }
  });
});

describe('cluster.shared-port: which worker read each request', () => {
  const read = (/** @type {number} */ pid, /** @type {Record<string, number | null>} */ bytes) => ({ pid, bytes });
  it('passes the named worker reading it alone; fails a hub reading for another; leaves out unread', () => {
    const honest = { reads: [read(1, { 1: 4353, 2: 0 }), read(2, { 1: 8, 2: 4171 })] };
    expect(readersCheck(honest)).toEqual({
      ok: true,
      detail: `; 2/2 requests read (≥ ${PAD_BYTES} bytes) by the worker named and no other`,
    });
    // port-answer-migrated: the hub (1) reads every request, answering as 2 for half of them
    const hub = readersCheck({ reads: [read(1, { 1: 4171, 2: 0 }), read(2, { 1: 4171, 2: 8 })] });
    expect(hub.ok).toBe(false);
    expect(hub.detail).toContain('1/2 requests read');
    expect(hub.detail).toContain('answered as 2, bytes read 1: 4171, 2: 8');
    // read by both (a copy read twice) fails too; a reading /proc could not give is left out
    expect(readersCheck({ reads: [read(1, { 1: 4171, 2: 4171 })] }).ok).toBe(false);
    // Node options in force (a preloaded agent's own reads in a worker): not judged
    const agent = readersCheck({ reads: [read(1, { 1: 4171, 2: 4171 })], nodeOptions: true });
    expect(agent).toEqual({ ok: true, detail: '; which worker read each request: not judged (Node options in force)' });
    const unread = readersCheck({ reads: [read(1, { 1: 4171, 2: 0 }), read(2, { 1: null, 2: 0 })] });
    expect(unread).toEqual({
      ok: true,
      detail: `; 1/1 requests read (≥ ${PAD_BYTES} bytes) by the worker named and no other`,
    });
    expect(readersCheck({})).toEqual({ ok: true, detail: '' });
    const check = checkOf(sharedPort);
    const obs = {
      W: 2,
      port: 5,
      workerPids: [1, 2],
      primaryPid: 9,
      counts: { 1: 10, 2: 10 },
      listeningPorts: [5],
      impostures: [],
    };
    expect(check(obs).ok).toBe(true);
    expect(check({ ...obs, ...honest }).ok).toBe(true);
    expect(check({ ...obs, reads: [read(2, { 1: 4171, 2: 0 })] }).ok).toBe(false);
  });
  it('draws 3 or 4 workers in odd trials, 2–4 in even ones (any pair has one of 3 or more)', () => {
    /** @type {[number, number][]} */
    const asked = [];
    const lo = (/** @type {number} */ a, /** @type {number} */ b) => (asked.push([a, b]), a);
    expect([1, 2, 3, 4].map((n) => drawWorkers(n, lo))).toEqual([3, 2, 3, 2]);
    expect(asked).toEqual([
      [3, 5],
      [2, 5],
      [3, 5],
      [2, 5],
    ]);
    const drawn = Array.from({ length: 200 }, (_, i) => drawWorkers(i + 1));
    expect(drawn.every((w, i) => (i % 2 === 0 ? w >= 3 && w <= 4 : w >= 2 && w <= 4))).toBe(true);
  });
  it('ownPortsCheck: the cluster listens on the one port only; another fails; unread is left out', () => {
    // honest (round-robin): the primary (9) holds the one port (5), the workers none
    const honest = { port: 5, listens: { 9: [5], 1: [], 2: [], 3: [] } };
    expect(ownPortsCheck(honest)).toEqual({
      ok: true,
      detail: '; no process of the cluster listening on another port (/proc, 4 read)',
    });
    // SCHED_NONE: every worker holds the same socket
    expect(ownPortsCheck({ port: 5, listens: { 9: [5], 1: [5], 2: [5] } }).ok).toBe(true);
    // cluster-port-third-own: worker 3 listens on a port of its own (7)
    const third = ownPortsCheck({ port: 5, listens: { 9: [5], 1: [], 2: [], 3: [7] } });
    expect(third).toEqual({
      ok: false,
      detail: '; processes of the cluster listening on a port not the one (/proc): 3 on 7',
    });
    // cluster-port-relay: the primary's relay on the one port, each worker on its own
    expect(ownPortsCheck({ port: 5, listens: { 9: [5], 1: [6], 2: [7] } }).detail).toContain('1 on 6; 2 on 7');
    // socket tables unreadable (every list empty, the one port held by none): left out, said so
    expect(ownPortsCheck({ port: 5, listens: { 9: [], 1: [], 2: [] } })).toEqual({
      ok: true,
      detail: '; ports the cluster listens on: not read (none seen holding 5)',
    });
    // off Linux (null), older records (absent): left out; under Node options not judged
    expect(ownPortsCheck({ port: 5, listens: null })).toEqual({ ok: true, detail: '' });
    expect(ownPortsCheck({ port: 5 })).toEqual({ ok: true, detail: '' });
    expect(ownPortsCheck({ port: 5, listens: { 9: [5, 9229], 1: [9230] }, nodeOptions: true })).toEqual({
      ok: true,
      detail: '; ports the cluster listens on: not judged (Node options in force)',
    });
    // the claim's check: a trial of 3 workers in which the third listens on its own port fails
    const check = checkOf(sharedPort);
    const obs = {
      W: 3,
      port: 5,
      workerPids: [1, 2, 3],
      primaryPid: 9,
      counts: { 1: 10, 2: 10, 3: 10 },
      listeningPorts: [5],
      impostures: [],
    };
    expect(check({ ...obs, listens: honest.listens }).ok).toBe(true);
    expect(check({ ...obs, listens: { 9: [5], 1: [], 2: [], 3: [7] } }).ok).toBe(false);
    // and, as before, a third worker that answers nothing sent to the one port
    expect(check({ ...obs, counts: { 1: 15, 2: 15 } }).ok).toBe(false);
    expect(check({ ...obs, listeningPorts: [5, 7] }).ok).toBe(false);
  });
  it('listeningPortsOf: the ports of the listening sockets each process holds (tcp and tcp6)', () => {
    const head = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
    const line = (/** @type {string} */ local, /** @type {string} */ st, /** @type {number} */ inode) =>
      `   0: ${local} 00000000:0000 ${st} 00000000:00000000 00:00000000 00000000  1000        0 ${inode} 1`;
    const tcp = () =>
      [
        head,
        line('0100007F:0005', '0A', 50), // 127.0.0.1:5, listening
        line('0100007F:0007', '0A', 51), // 127.0.0.1:7, listening
        line('0100007F:0005', '01', 52), // a connection on port 5: not a listener
        line('00000000000000000000000000000000:1F90', '0A', 53), // [::]:8080 (tcp6)
        line('0100007F:0009', '0A', 0), // no inode: left out
      ].join('\n');
    /** @type {Record<number, string[]>} */
    const fds = {
      9: ['socket:[50]', 'pipe:[1]', 'socket:[52]'],
      1: ['socket:[52]'],
      3: ['socket:[51]', 'socket:[53]', 'socket:[50]'],
    };
    const files = (/** @type {number} */ pid) => fds[pid] ?? [];
    expect(listeningPortsOf([9, 1, 3, 4], { tcp, files })).toEqual(
      LINUX ? { 9: [5], 1: [], 3: [5, 7, 8080], 4: [] } : null,
    );
  });
  it('bytesRead reads rchar; null where it cannot', () => {
    const io = () => 'rchar: 4171\nwchar: 10\nsyscr: 3\n';
    expect(bytesRead(1, { io })).toBe(LINUX ? 4171 : null);
    expect(
      bytesRead(1, {
        io: () => {
          throw new Error('ENOENT');
        },
      }),
    ).toBe(null);
    if (LINUX) expect(bytesRead(process.pid)).toEqual(expect.any(Number));
  });
});

describe('cluster.is-master: isMaster read again late in each process', () => {
  const w = (/** @type {number} */ pid, isMaster = false) => ({ pid, isMaster, isPrimary: false });
  const base = { workerPids: [2, 3] };
  it('passes false in both workers; fails one that turned true (is-master-ages); absent adds nothing', () => {
    const honest = { ...base, late: { atMs: 3500, workers: [w(2), w(3)] } };
    expect(lateRolesCheck(honest)).toEqual({
      ok: true,
      detail:
        '; read again once each process had run 3500 ms (drawn): 2: isMaster false, isPrimary false; 3: isMaster false, isPrimary false',
    });
    // is-master-ages: isMaster reads true in every process after 3 s
    const aged = lateRolesCheck({ ...base, late: { atMs: 3500, workers: [w(2, true), w(3, true)] } });
    expect(aged.ok).toBe(false);
    expect(aged.detail).toContain('2: isMaster true, isPrimary false');
    const one = lateRolesCheck({ ...base, late: { atMs: 3500, workers: [w(2)] } });
    expect(one.ok).toBe(false); // a worker that did not answer the late read
    expect(one.detail).toContain('(not both workers)');
    expect(lateRolesCheck(base)).toEqual({ ok: true, detail: '' }); // the even trials
    const check = checkOf(isMasterSpec);
    const wk = (/** @type {number} */ pid) => ({ ...w(pid), isWorker: true, warnings: [] });
    const obs = {
      ...base,
      ready: { isMaster: true, isPrimary: true },
      primary: { pid: 1, isMaster: true, isPrimary: true },
      workers: [wk(2), wk(3)],
      warnings: [],
    };
    expect(check({ ...obs, late: honest.late }).ok).toBe(true);
    expect(check({ ...obs, late: { atMs: 3500, workers: [w(2, true), w(3)] } }).ok).toBe(false);
  });
});

describe("cluster.separate-processes: the primary's global and a worker's variable", () => {
  const [V, P, E] = ['v1', 'p1', 'e1'];
  const honest = {
    value: V,
    primaryValue: P,
    envValue: E,
    primaryPid: 9,
    workerPids: [1, 2],
    setter: 1,
    setterOld: null,
    seen: { 1: V, 2: null },
    later: { 1: V, 2: null },
    envSetter: 2,
    envSetterOld: null,
    seenEnv: { 1: null, 2: E },
    laterEnv: { 1: null, 2: E },
    primary: {
      atSet: { global: null, env: null },
      now: { global: P, env: null },
      later: { global: P, env: null },
    },
    impostures: [],
  };
  it('passes each value where it was set alone; fails a mirror, a shared environment, no answer', () => {
    const own = ownMemoryCheck(honest);
    expect(own.ok).toBe(true);
    expect(own.detail).toBe(
      `; primary before its set: global null, variable null; primary at once: global its own, variable null; primary ${SETTLE_MS} ms later: global its own, variable null; primary's global in workers: none; variable written in 2, read at once {"1":null,"2":"e1"}, later {"1":null,"2":"e1"}`,
    );
    // globals-primary-mirror: the worker's global lands in the primary
    const mirror = {
      ...honest,
      primary: { ...honest.primary, now: { global: V, env: null }, later: { global: V, env: null } },
    };
    expect(ownMemoryCheck(mirror).ok).toBe(false);
    expect(ownMemoryCheck(mirror).detail).toContain('primary at once: global "v1"');
    // a copy that lands in the primary only after the later reads: read at the last one
    const lateMirror = { ...honest, primary: { ...honest.primary, last: { global: V, env: E } } };
    expect(ownMemoryCheck(lateMirror).ok).toBe(false);
    expect(ownMemoryCheck(lateMirror).detail).toContain('primary at the last read: global "v1", variable "e1"');
    expect(ownMemoryCheck({ ...honest, primary: { ...honest.primary, last: { global: P, env: null } } }).ok).toBe(true);
    expect(ownMemoryCheck({ ...honest, later: { 1: P, 2: P } }).ok).toBe(false);
    expect(ownMemoryCheck({ ...honest, later: { 1: P, 2: P } }).detail).toContain("primary's global in workers: 1, 2");
    // env-shared: the variable in the other worker and the primary
    const shared = {
      ...honest,
      seenEnv: { 1: E, 2: E },
      laterEnv: { 1: E, 2: E },
      primary: { ...honest.primary, later: { global: P, env: E } },
    };
    expect(ownMemoryCheck(shared).ok).toBe(false);
    expect(ownMemoryCheck(shared).detail).toContain('(expected 2 to hold it and 1 null)');
    // no answer from the primary (within 2 s): void where all else held, never failed
    const mute = { ...honest, primary: { ...honest.primary, later: null } };
    expect(ownMemoryCheck(mute)).toMatchObject({ ok: false, invalid: true });
    expect(ownMemoryCheck(mute).detail).toContain(`primary ${SETTLE_MS} ms later: no answer`);
    expect(checkOf(separate)(mute)).toMatchObject({ ok: false, invalid: true });
    // but what it did answer still fails the trial
    const muteMirror = { ...mirror, primary: { ...mirror.primary, atSet: null } };
    expect(ownMemoryCheck(muteMirror).ok).toBe(false);
    expect(ownMemoryCheck(muteMirror).invalid).toBeUndefined();
    expect(checkOf(separate)({ ...mute, seen: { 1: V, 2: V } }).invalid).toBeUndefined();
    const { primary: _, ...old } = honest;
    expect(ownMemoryCheck(old)).toEqual({ ok: true, detail: '' }); // a record made before them
    const check = checkOf(separate);
    expect(check(honest).ok).toBe(true);
    expect(check(mirror).ok).toBe(false);
    expect(check(shared).ok).toBe(false);
  });
  it('on the real cluster: a worker writes its variable; the primary sets and tells its own memory', async () => {
    /** @type {any[]} */
    const told = [];
    const h = start({ workers: 2 }, {}, (m) => told.push(m));
    try {
      const info = await h.ready;
      const r = await get(info.port, '/global?env=e9');
      expect(r.body).toEqual({ old: null, env: null, pid: r.pid });
      const again = await get(info.port, '/global');
      if (again.pid === r.pid) expect(again.body.env).toBe('e9');
      else expect(again.body.env).toBe(null);
      const ask = async (/** @type {string} */ id, /** @type {any} */ extra = {}) => {
        h.send({ type: 'memory', id, ...extra });
        const t = performance.now();
        while (!told.some((m) => m.memory === id) && performance.now() - t < 2000) await sleep(2);
        return told.find((m) => m.memory === id);
      };
      expect(await ask('a', { set: 'p9' })).toEqual({ memory: 'a', global: null, env: null });
      expect(await ask('b')).toEqual({ memory: 'b', global: 'p9', env: null });
      // names drawn by the harness: the global and the variable by those names, apart from __ncs
      const names = { name: 'gQx7_k2Lm9', envName: 'ZK4_QW8PLM' };
      const set = await get(info.port, `/global?name=${names.name}&envName=${names.envName}&set=w1&env=e1`);
      expect(set.body).toEqual({ old: null, env: null, pid: set.pid });
      expect(await ask('c', { ...names, set: 'p1' })).toEqual({ memory: 'c', global: null, env: null });
      expect(await ask('d', names)).toEqual({ memory: 'd', global: 'p1', env: null });
      expect(await ask('e')).toEqual({ memory: 'e', global: 'p9', env: null });
      // a name the process held at load (a built-in) is refused
      expect((await get(info.port, '/global?name=process&set=x')).status).toBe(400);
      expect((await ask('f', { name: 'Array' })).error).toMatch(/not a new identifier/);
    } finally {
      await h.stop().catch(() => {});
    }
  });
});

describe('cluster.separate-processes: names drawn, and the reads at a drawn delay after a round trip', () => {
  const [V, E] = ['v1', 'e1'];
  const honest = {
    value: V,
    envValue: E,
    workerPids: [1, 2],
    setter: 1,
    envSetter: 2,
    mid: { atMs: 230, roundTrips: [1, 2], global: { 1: V, 2: null }, env: { 1: null, 2: E } },
  };
  it('passes the value where set alone; fails a copy in the other worker; void where a worker was not reached', () => {
    const ok = midReadsCheck(honest);
    expect(ok.ok).toBe(true);
    expect(ok.detail).toBe(
      `; read again 230 ms after the set (drawn in ${MID_MS[0]}–${MID_MS[1]} ms), after a round trip through the primary from 1, 2: global {"1":"v1","2":null}, variable {"1":null,"2":"e1"}`,
    );
    // b12a-shared-globals: the global copied to the other worker within 5 ms
    const copied = midReadsCheck({ ...honest, mid: { ...honest.mid, global: { 1: V, 2: V } } });
    expect(copied).toMatchObject({ ok: false });
    expect(copied.invalid).toBeUndefined();
    expect(copied.detail).toContain('(expected 1 to hold the global, 2 the variable, the other worker neither)');
    // a shared environment
    expect(midReadsCheck({ ...honest, mid: { ...honest.mid, env: { 1: E, 2: E } } }).ok).toBe(false);
    // one worker's round trip never came back, or it was not read: void, never a pass
    expect(midReadsCheck({ ...honest, mid: { ...honest.mid, roundTrips: [1] } })).toMatchObject({
      ok: false,
      invalid: true,
    });
    expect(midReadsCheck({ ...honest, mid: { ...honest.mid, global: { 1: V } } })).toMatchObject({ invalid: true });
    // … but a copy seen is a fail all the same
    const seenCopy = midReadsCheck({ ...honest, mid: { ...honest.mid, roundTrips: [], global: { 1: V, 2: V } } });
    expect(seenCopy.ok).toBe(false);
    expect(seenCopy.invalid).toBeUndefined();
    expect(midReadsCheck({ ...honest, mid: undefined })).toEqual({ ok: true, detail: '' }); // older records
  });
  it('in the claim: a copy at the drawn delay fails the trial; a void one makes it void', () => {
    const check = checkOf(separate);
    const whole = {
      ...honest,
      primaryPid: 9,
      setterOld: null,
      seen: { 1: V, 2: null },
      later: { 1: V, 2: null },
      impostures: [],
      name: 'gQx7_k2Lm9',
      envName: 'ZK4_QW8PLM',
    };
    expect(check(whole).ok).toBe(true);
    expect(check(whole).detail).toContain('as gQx7_k2Lm9, variable ZK4_QW8PLM (names drawn)');
    expect(check({ ...whole, mid: { ...whole.mid, global: { 1: V, 2: V } } }).ok).toBe(false);
    expect(check({ ...whole, mid: { ...whole.mid, roundTrips: [2] } })).toMatchObject({ ok: false, invalid: true });
    // void reads do not hide a copy seen elsewhere
    expect(check({ ...whole, seen: { 1: V, 2: V }, mid: { ...whole.mid, roundTrips: [2] } }).invalid).toBeUndefined();
  });
  it('the last reads (LAST_MS): a copy set late (r2-late-globals: 1200 ms) fails; void where a worker was not reached', () => {
    const last = { atMs: 2140, roundTrips: [1, 2], global: { 1: V, 2: null }, env: { 1: null, 2: E } };
    const ok = midReadsCheck({ ...honest, last }, 'last');
    expect(ok.ok).toBe(true);
    expect(ok.detail).toBe(
      `; read a last time 2140 ms after the set (drawn in ${LAST_MS[0]}–${LAST_MS[1]} ms), after a round trip through the primary from 1, 2: global {"1":"v1","2":null}, variable {"1":null,"2":"e1"}`,
    );
    expect(LAST_MS[0]).toBeGreaterThan(SETTLE_MS + 500); // well past the reads before it
    const late = { ...last, global: { 1: V, 2: V } };
    expect(midReadsCheck({ ...honest, last: late }, 'last')).toMatchObject({ ok: false });
    expect(midReadsCheck({ ...honest, last: late }, 'last').invalid).toBeUndefined();
    expect(midReadsCheck({ ...honest, last: { ...last, roundTrips: [1] } }, 'last')).toMatchObject({
      ok: false,
      invalid: true,
    });
    expect(midReadsCheck(honest, 'last')).toEqual({ ok: true, detail: '' }); // older records
    const check = checkOf(separate);
    const whole = {
      ...honest,
      last,
      primaryPid: 9,
      setterOld: null,
      seen: { 1: V, 2: null },
      later: { 1: V, 2: null },
      impostures: [],
    };
    expect(check(whole).ok).toBe(true);
    expect(check(whole).detail).toContain('read a last time 2140 ms after the set');
    // every read before it clean, the copy landed only in the last: the trial fails
    const caught = check({ ...whole, last: late });
    expect(caught.ok).toBe(false);
    expect(caught.invalid).toBeUndefined();
    expect(check({ ...whole, last: { ...last, global: { 1: V } } })).toMatchObject({ ok: false, invalid: true });
  });
  it('drawNames: a fresh identifier and variable name per trial, never the fixed ones', () => {
    const seen = new Set();
    for (let k = 0; k < 50; k++) {
      const { name, envName } = drawNames();
      expect(name).toMatch(/^[A-Za-z][A-Za-z0-9_]{9,15}$/);
      expect(envName).toMatch(/^[A-Z][A-Z0-9_]{9,15}$/);
      expect([name, envName]).not.toContain('__ncs');
      seen.add(name);
    }
    expect(seen.size).toBe(50);
  });
});

describe('proc.fdLinks: the fd table of a process, from /proc', () => {
  it(
    'maps each open fd to its link, eventPollFds among them; null for a process not there',
    { skip: process.platform !== 'linux' },
    () => {
      const proc = createRequire(import.meta.url)('../fixtures/lib/proc.cjs');
      const links = proc.fdLinks();
      expect(links).not.toBe(null);
      expect(Object.keys(links)).toEqual(expect.arrayContaining(['0', '1', '2']));
      expect(proc.eventPollFds()).toEqual(
        Object.keys(links)
          .filter((fd) => links[fd] === 'anon_inode:[eventpoll]')
          .map(Number),
      );
      expect(proc.fdLinks(2 ** 22 + 1)).toBe(null);
    },
  );
});

describe('cluster.ipc: the sockets each worker holds, read from /proc', () => {
  const head = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
  const row = (/** @type {string} */ l, /** @type {string} */ r, /** @type {string} */ st, /** @type {number} */ i) =>
    `   0: ${l} ${r} ${st} 00000000:00000000 00:00000000 00000000  1000        0 ${i} 1 0 20 4 30 10 -1`;
  const uhead = 'Num       RefCount Protocol Flags    Type St Inode Path';
  const urow = (/** @type {number} */ i) => `0000000000000000: 00000002 00000000 00000000 0001 03 ${i}`;
  // the cluster's port 8000 (1F40); the harness's client 40000 (9C40)
  const honest = {
    port: 8000,
    primaryPid: 9,
    workerPids: [1, 2],
    channelFd: { 1: 3, 2: 3 },
    fds: {
      9: { 2: 'socket:[50]', 19: 'socket:[101]', 20: 'socket:[102]', 21: 'socket:[60]' },
      1: { 2: 'socket:[50]', 3: 'socket:[201]', 5: 'pipe:[7]', 22: 'socket:[70]' },
      2: { 2: 'socket:[50]', 3: 'socket:[202]' },
    },
    tcp: [head, row('0100007F:1F40', '00000000:0000', '0A', 60), row('0100007F:1F40', '0100007F:9C40', '01', 70)].join(
      '\n',
    ),
    unix: [uhead, ...[50, 101, 102, 201, 202].map(urow)].join('\n'),
  };
  it('sees the channel alone in an honest cluster; a connection to the primary; other sockets', () => {
    expect(workerSockets(honest)).toEqual({
      1: { channel: true, toPrimary: [], others: [] },
      2: { channel: true, toPrimary: [], others: [] },
    });
    // ipc-over-tcp: worker 1 connected from 127.0.0.1:50000 (C350) to the primary's
    // server at 127.0.0.1:39000 (9858)
    const tcp = [
      honest.tcp,
      row('0100007F:9858', '00000000:0000', '0A', 80),
      row('0100007F:C350', '0100007F:9858', '01', 81),
      row('0100007F:9858', '0100007F:C350', '01', 82),
    ].join('\n');
    const fds = {
      ...honest.fds,
      9: { ...honest.fds[9], 23: 'socket:[80]', 24: 'socket:[82]' },
      1: { ...honest.fds[1], 25: 'socket:[81]' },
    };
    expect(workerSockets({ ...honest, tcp, fds })[1]).toEqual({
      channel: true,
      toPrimary: ['tcp 127.0.0.1:50000 → 127.0.0.1:39000'],
      others: [],
    });
    // the same connection to a process not the primary; a unix socket beside the channel
    const elsewhere = { ...fds, 9: honest.fds[9] };
    expect(workerSockets({ ...honest, tcp, fds: elsewhere })[1].others).toEqual([
      'tcp 127.0.0.1:50000 → 127.0.0.1:39000',
    ]);
    const unix = `${honest.unix}\n${urow(300)}`;
    const withUnix = { ...honest.fds, 2: { ...honest.fds[2], 9: 'socket:[300]' } };
    expect(workerSockets({ ...honest, unix, fds: withUnix })[2].others).toEqual(['unix socket 300']);
    // no channel fd; a socket found in no table (closed between the reads) is left out
    const gone = { ...honest.fds, 2: { 2: 'socket:[50]', 4: 'socket:[999]' } };
    expect(workerSockets({ ...honest, fds: gone })[2]).toEqual({ channel: false, toPrimary: [], others: [] });
    expect(workerSockets({ ...honest, channelFd: { 1: 3, 2: null } })[2].channel).toBe(false);
  });
  it('under Node options leaves out listeners and sockets to outside the cluster; sees UDP, shared pipes and FIFOs', () => {
    // an --inspect listener (127.0.0.1:36782, 8FAE) and an agent's connection out (to 10.0.0.1:4317, 10DD)
    const tcp = [
      honest.tcp,
      row('0100007F:8FAE', '00000000:0000', '0A', 90),
      row('0100007F:C351', '0100000A:10DD', '01', 91),
    ].join('\n');
    const fds = { ...honest.fds, 1: { ...honest.fds[1], 23: 'socket:[90]', 24: 'socket:[91]' } };
    expect(workerSockets({ ...honest, tcp, fds, nodeOptions: true })[1]).toEqual({
      channel: true,
      toPrimary: [],
      others: [],
    });
    // without options both are the worker's own
    expect(workerSockets({ ...honest, tcp, fds })[1].others).toEqual([
      'tcp 127.0.0.1:36782 → 0.0.0.0:0 (listening)',
      'tcp 127.0.0.1:50001 → 10.0.0.1:4317',
    ]);
    // under options a connection to the primary or another worker still shows
    const both = [
      honest.tcp,
      row('0100007F:9858', '0100007F:C350', '01', 82),
      row('0100007F:C350', '0100007F:9858', '01', 81),
      row('0100007F:9859', '0100007F:C352', '01', 83),
      row('0100007F:C352', '0100007F:9859', '01', 84),
    ].join('\n');
    const withTree = {
      9: { ...honest.fds[9], 24: 'socket:[82]' },
      1: { ...honest.fds[1], 25: 'socket:[81]', 26: 'socket:[84]' },
      2: { ...honest.fds[2], 7: 'socket:[83]' },
    };
    const opt = workerSockets({ ...honest, tcp: both, fds: withTree, nodeOptions: true });
    expect(opt[1].toPrimary).toEqual(['tcp 127.0.0.1:50000 → 127.0.0.1:39000']);
    expect(opt[1].others).toEqual(['tcp 127.0.0.1:50002 → 127.0.0.1:39001']);
    expect(opt[2].others).toEqual(['tcp 127.0.0.1:39001 → 127.0.0.1:50002']);
    // UDP: a datagram socket connected to the primary's; an unconnected one beside a primary's
    const udp = [
      head,
      row('0100007F:9858', '00000000:0000', '07', 95),
      row('0100007F:C350', '0100007F:9858', '01', 96),
      row('0100007F:C353', '00000000:0000', '07', 97),
    ].join('\n');
    const withUdp = {
      9: { ...honest.fds[9], 30: 'socket:[95]' },
      1: { ...honest.fds[1], 30: 'socket:[96]' },
      2: { ...honest.fds[2], 30: 'socket:[97]' },
    };
    for (const nodeOptions of [false, true]) {
      const u = workerSockets({ ...honest, udp, fds: withUdp, nodeOptions });
      expect(u[1].toPrimary).toEqual(['udp 127.0.0.1:50000 → 127.0.0.1:39000']);
      expect(u[2].others).toEqual(['udp 127.0.0.1:50003 → 0.0.0.0:0']);
    }
    // a UDP socket where no process of the cluster holds one: the worker's own; under options, the options'
    const lone = { ...honest.fds, 2: { ...honest.fds[2], 30: 'socket:[97]' } };
    expect(workerSockets({ ...honest, udp, fds: lone })[2].others).toEqual(['udp 127.0.0.1:50003 → 0.0.0.0:0']);
    expect(workerSockets({ ...honest, udp, fds: lone, nodeOptions: true })[2].others).toEqual([]);
    // a pipe or FIFO above fd 2 that the primary or the other worker holds too; the worker's own
    // pipes (5: libuv's), stdio and one the harness holds too (handed down from outside) are not
    const piped = {
      9: { ...honest.fds[9], 1: 'pipe:[8]', 40: 'pipe:[11]', 41: 'fifo:64768:12', 251: 'pipe:[13]' },
      1: { ...honest.fds[1], 1: 'pipe:[8]', 40: 'pipe:[11]', 251: 'pipe:[13]' },
      2: { ...honest.fds[2], 41: 'fifo:64768:12', 251: 'pipe:[13]' },
    };
    const p = workerSockets({ ...honest, fds: piped, outside: ['pipe:[13]'], nodeOptions: true });
    expect(p[1].others).toEqual(['pipe:[11] held by another process of the cluster']);
    expect(p[2].others).toEqual(['fifo:64768:12 held by another process of the cluster']);
    expect(workerSockets({ ...honest, fds: piped })[1].others).toContain(
      'pipe:[13] held by another process of the cluster',
    );
  });
  it('fails any reading with a connection to the primary, another socket or no channel; none adds nothing', () => {
    const ok = { 1: { channel: true, toPrimary: [], others: [] }, 2: { channel: true, toPrimary: [], others: [] } };
    expect(channelSocketsCheck({ sockets: [ok, ok] })).toEqual({
      ok: true,
      detail: '; sockets read from /proc after each answer (2 readings): 1 its channel alone; 2 its channel alone',
    });
    const tcp = { ...ok, 1: { channel: true, toPrimary: ['tcp 127.0.0.1:50000 → 127.0.0.1:39000'], others: [] } };
    const bad = channelSocketsCheck({ sockets: [ok, tcp] });
    expect(bad.ok).toBe(false);
    expect(bad.detail).toContain('1 a connection to the primary (tcp 127.0.0.1:50000 → 127.0.0.1:39000)');
    expect(channelSocketsCheck({ sockets: [{ ...ok, 2: { channel: true, toPrimary: [], others: ['x'] } }] }).ok).toBe(
      false,
    );
    expect(channelSocketsCheck({ sockets: [{ ...ok, 2: { channel: false, toPrimary: [], others: [] } }] }).ok).toBe(
      false,
    );
    expect(channelSocketsCheck({})).toEqual({ ok: true, detail: '' });
    expect(channelSocketsCheck({ sockets: [] })).toEqual({ ok: true, detail: '' });
    const check = checkOf(ipcSpec);
    const obs = { primaryPid: 9, workerPids: [1, 2], completed: 6, errors: [], pingers: [1, 2], primaries: [9] };
    const rest = { roundTripMs: [0.1], withToken: 6, noncesReceived: 6, withProof: 6, liveNonces: 6 };
    expect(check({ ...obs, ...rest, sockets: [ok] }).ok).toBe(true);
    expect(check({ ...obs, ...rest, sockets: [tcp] }).ok).toBe(false);
  });
  it(
    'on the real cluster: each worker holds its channel and no other socket',
    { skip: !LINUX && 'Linux /proc' },
    async () => {
      const h = start({ workers: 2 });
      try {
        const info = await h.ready;
        await get(info.port, '/ipc?nonce=n0');
        const read = readWorkerSockets(info.port, info.primaryPid, info.workerPids);
        for (const pid of info.workerPids) expect(read?.[pid]).toEqual({ channel: true, toPrimary: [], others: [] });
      } finally {
        await h.stop().catch(() => {});
      }
    },
  );
});

describe('cluster.is-master: isMaster as a library reads it', () => {
  const v = (/** @type {boolean} */ b) => ({ isMaster: b, isPrimary: b });
  const rec = (/** @type {boolean} */ b, over = {}) => ({
    cjs: v(b),
    esm: { named: v(b), default: v(b) },
    ...over,
  });
  const base = { primaryPid: 1, workerPids: [2, 3] };
  it('passes the honest views; fails node_modules or named-import readings; a missing record is left out', () => {
    const honest = libRolesCheck({ ...base, libs: { 1: rec(true), 2: rec(false), 3: rec(false) } });
    expect(honest.ok).toBe(true);
    expect(honest.detail).toContain('primary true in all three; 2 false in all three');
    // is-master-libraries: code under node_modules reads true in each worker
    const libs = libRolesCheck({
      ...base,
      libs: { 1: rec(true), 2: rec(false, { cjs: { isMaster: true, isPrimary: false } }), 3: rec(false) },
    });
    expect(libs.ok).toBe(false);
    expect(libs.detail).toContain('2 node_modules CommonJS: isMaster true, isPrimary false (expected false)');
    // is-master-esm-named: the named export reads true in each worker
    const named = rec(false, { esm: { named: { isMaster: true, isPrimary: false }, default: v(false) } });
    const esm = libRolesCheck({ ...base, libs: { 1: rec(true), 2: named, 3: named } });
    expect(esm.ok).toBe(false);
    expect(esm.detail).toContain('3 ES named import: isMaster true');
    const missing = libRolesCheck({ ...base, libs: { 1: rec(true), 2: null, 3: rec(false) } });
    // a record missing: the trial void (the claim's check), never a pass on it
    expect(missing).toEqual({
      ok: true,
      missing: true,
      detail: expect.stringContaining('2 not read (the trial void)'),
    });
    expect(libRolesCheck(base)).toEqual({ ok: true, detail: '' }); // records made before it
  });
});

describe('cluster.separate-processes: a global of a drawn kind', () => {
  it('draws a string in odd trials, another kind in even ones; reads compare by value', () => {
    expect(drawValue(1, () => 'u')).toEqual({ kind: 'string', value: 'vu' });
    for (let k = 0; k < 20; k++) {
      const d = drawValue(2, () => 'u');
      expect(['number', 'boolean', 'array', 'object']).toContain(d.kind);
      expect(typeof d.value === 'string').toBe(false);
      expect(setQuery(d)).toBe(`json=${encodeURIComponent(JSON.stringify(d.value))}`);
    }
    expect(setQuery({ kind: 'string', value: 'vu' })).toBe('set=vu');
    const value = { v: 'u', n: 5 };
    const base = { setter: 2, value, workerPids: [2, 3] };
    // honest: the setter holds an equal object (read back as JSON), the other null
    expect(laterReadsCheck({ ...base, later: { 2: { v: 'u', n: 5 }, 3: null } }).ok).toBe(true);
    // globals-shared-values: the object copied to the other worker
    expect(laterReadsCheck({ ...base, later: { 2: { v: 'u', n: 5 }, 3: { v: 'u', n: 5 } } }).ok).toBe(false);
    // a boolean false is a value, not unset
    const f = { setter: 2, value: false, workerPids: [2, 3] };
    expect(laterReadsCheck({ ...f, later: { 2: false, 3: false } }).ok).toBe(false);
    expect(laterReadsCheck({ ...f, later: { 2: false, 3: null } }).ok).toBe(true);
  });
});

describe('cluster.online-exit-events: drawn deaths and replacements forked on exit', () => {
  const ended = ['fork', 'online', 'listening', 'disconnect', 'exit'];
  const death = (/** @type {any} */ over = {}) => ({
    pid: 2,
    how: 'throw',
    want: { code: 1, signal: null },
    gone: true,
    exitMs: 0.5,
    order: ended,
    exit: { code: 1, signal: null },
    replacement: { pid: 4, order: ended },
    ...over,
  });
  const second = (/** @type {any} */ over = {}) =>
    death({
      pid: 4,
      how: 'exit',
      want: { code: 42, signal: null },
      exit: { code: 42, signal: null },
      replacement: { pid: 5, order: ended },
      ...over,
    });
  it('draws code 1 first, then an exit code 1–255 or a signal', () => {
    for (let k = 0; k < 20; k++) {
      const [a, b] = drawDeaths();
      expect(['throw', 'reject']).toContain(a.how);
      expect(a.want).toEqual({ code: 1, signal: null });
      if (b.how === 'exit') (expect(b.want.code).toBe(b.code), expect(b.code).toBeGreaterThanOrEqual(1));
      else expect(b.want).toEqual({ code: null, signal: b.signal });
    }
  });
  it('under Node options: process.exit with a drawn code, then that or SIGKILL, nothing an option turns aside', () => {
    for (let k = 0; k < 20; k++) {
      const [a, b] = drawDeaths(true);
      expect(a.how).toBe('exit');
      expect(a.want).toEqual({ code: a.code, signal: null });
      if (b.how === 'exit') expect(b.want).toEqual({ code: b.code, signal: null });
      else expect(b).toMatchObject({ signal: 'SIGKILL', want: { code: null, signal: 'SIGKILL' } });
    }
  });
  it("passes honest deaths; fails a silent 'exit' or a replacement never online; absent adds nothing", () => {
    expect(deathsCheck([death(), second()]).ok).toBe(true);
    // exit-silent-on-crash: no 'exit' for code 1, so no replacement either
    const silent = deathsCheck([
      death({ order: ['fork', 'online', 'listening', 'disconnect'], exit: null, exitMs: null, replacement: null }),
    ]);
    expect(silent.ok).toBe(false);
    expect(silent.detail).toContain('replacement none forked');
    // online-lost-on-refork: the replacement listens, never online
    const lost = deathsCheck([death({ replacement: { pid: 4, order: ['fork', 'listening'] } }), second()]);
    expect(lost.ok).toBe(false);
    expect(lost.detail).toContain('(expected fork, online, listening)');
    // an 'exit' with another code than the death gives
    expect(deathsCheck([death(), second({ exit: { code: 1, signal: null } })]).ok).toBe(false);
    expect(deathsCheck(undefined)).toEqual({ ok: true, detail: '' });
  });
});
