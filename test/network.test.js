import { describe, it, before, after } from 'node:test';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import dgram from 'node:dgram';
import dns from 'node:dns';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import { runFixture } from '../harness/isolate.js';
import notPoolBound from '../specs/network/net.not-pool-bound.spec.js';
import lookupPoolBound, {
  nameBehindCap,
  parkWays,
  dottedNames,
} from '../specs/network/net.dns-lookup-pool-bound.spec.js';
import resolveNotPoolBound from '../specs/network/net.resolve-not-pool-bound.spec.js';
import dnsHalfCap, {
  busyWhileHeld,
  poolBusyLook,
  drawSizes,
  drawApi,
} from '../specs/threadpool/pool.dns-half-cap.spec.js';
import { runWithLook, busyCalls, tasksNow } from '../harness/kits/look.js';
import { startFixture } from '../harness/isolate.js';
import { ownNetworkProblem, inOwnNetwork } from '../harness/netns.js';
import {
  systemPart,
  parseServer,
  systemServers,
  drawVia,
  systemAsked,
  SYSTEM_APIS,
} from '../harness/kits/system-dns.js';

const require = createRequire(import.meta.url);
const { startDnsServer, answer } = require('../fixtures/lib/dns-server.cjs');
const parkLib = require.resolve('../fixtures/lib/park.cjs');
const linux = process.platform === 'linux';

/** A DNS query for one name and type, id 0x1234, RD set. */
function query(name, type = 1) {
  const labels = name.split('.').map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')]));
  const header = Buffer.from([0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([header, ...labels, Buffer.from([0, 0, type, 0, 1])]);
}

describe('dns-server (loopback DNS responder)', () => {
  /** @type {any} */ let server;
  before(async () => (server = await startDnsServer()));
  after(() => server.close());

  it('answers resolve4 for any name with 127.0.0.1, through a dns.Resolver pointed at it', async () => {
    const resolver = new dns.promises.Resolver({ timeout: 2000, tries: 2 });
    resolver.setServers([`127.0.0.1:${server.port}`]);
    expect(await resolver.resolve4('example.test')).toEqual(['127.0.0.1']);
    expect(await resolver.resolve4('a.b.c.invalid', { ttl: true })).toEqual([{ address: '127.0.0.1', ttl: 60 }]);
    await expect(resolver.resolve6('example.test')).rejects.toMatchObject({ code: 'ENODATA' });
    expect(server.queries).toEqual(
      expect.arrayContaining([
        { name: 'example.test', type: 1 },
        { name: 'example.test', type: 28 },
      ]),
    );
  });

  it('with records: answers each type resolve* asks with one record of it', async () => {
    const rec = await startDnsServer({ records: true });
    try {
      const resolver = new dns.promises.Resolver({ timeout: 2000, tries: 2 });
      resolver.setServers([`127.0.0.1:${rec.port}`]);
      expect(await resolver.resolve4('example.test')).toEqual(['127.0.0.1']);
      expect(await resolver.resolve6('example.test')).toEqual(['::1']);
      // Node 24 and 26 add the record's type to each
      const mx = await resolver.resolveMx('example.test');
      expect(mx).toHaveLength(1);
      expect(mx[0]).toMatchObject({ exchange: 'mx.example.test', priority: 10 });
      expect(await resolver.resolveTxt('example.test')).toEqual([['ncs']]);
      expect(await resolver.resolveCname('example.test')).toEqual(['cname.example.test']);
      expect(await resolver.resolve('example.test', 'NS')).toEqual(['ns.example.test']);
      expect(await resolver.reverse('127.77.0.1')).toEqual(['ptr.example.test']);
      expect(await resolver.resolveSoa('example.test')).toMatchObject({ nsname: 'ns.example.test' });
      const naptr = await resolver.resolveNaptr('example.test');
      expect(naptr).toHaveLength(1);
      expect(naptr[0]).toMatchObject({
        flags: 's',
        service: 'SIP+D2U',
        regexp: '',
        replacement: 'sip.example.test',
        order: 10,
        preference: 20,
      });
    } finally {
      await rec.close();
    }
  });

  it('echoes the id and question and sets QR, AA and RD in a raw exchange', async () => {
    const sock = dgram.createSocket('udp4');
    const reply = await new Promise((resolve, reject) => {
      sock.once('message', resolve);
      sock.once('error', reject);
      sock.send(query('x.test'), server.port, '127.0.0.1');
    });
    sock.close();
    expect(reply.readUInt16BE(0)).toBe(0x1234);
    expect(reply[2]).toBe(0x85); // QR | AA | RD
    expect(reply[3] & 0x0f).toBe(0); // NOERROR
    expect([reply.readUInt16BE(4), reply.readUInt16BE(6)]).toEqual([1, 1]);
    expect([...reply.subarray(-4)]).toEqual([127, 0, 0, 1]);
  });

  it('refuses malformed queries with FORMERR and ignores responses', () => {
    const truncated = query('x.test').subarray(0, 16);
    expect(answer(truncated, { address: [127, 0, 0, 1], ttl: 1 }).reply[3] & 0x0f).toBe(1);
    const response = query('x.test');
    response[2] |= 0x80;
    expect(answer(response, { address: [127, 0, 0, 1], ttl: 1 })).toBe(null);
  });

  it('binds to loopback only', async () => {
    await expect(startDnsServer({ host: /** @type {any} */ ('0.0.0.0') })).rejects.toThrow(/loopback only/);
  });
});

describe('park (holding the pool)', { skip: !linux && 'needs Linux FIFOs' }, () => {
  /** @type {string} */ let tmpdir;
  before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-net-test-'))));
  after(() => rmSync(tmpdir, { recursive: true, force: true }));

  it('parks all P threads; fs.stat waits until release, then completes', () => {
    const script = `
      const fs = require('node:fs');
      const { park } = require(${JSON.stringify(parkLib)});
      (async () => {
        const events = [];
        const p = await park({ tmpdir: ${JSON.stringify(tmpdir)} });
        const stat = new Promise((r) => fs.stat(__filename, () => (events.push('stat'), r())));
        await new Promise((r) => setTimeout(r, 150));
        events.push('release');
        await p.release();
        await stat;
        console.log(JSON.stringify({ parked: p.parked, threads: p.threads, events }));
      })();`;
    const r = spawnSync(process.execPath, ['-e', script], {
      env: { PATH: process.env.PATH, UV_THREADPOOL_SIZE: '3' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out).toEqual({ parked: 3, threads: 3, events: ['release', 'stat'] });
  });

  it("how 'read': all P threads blocked in read(2) of a FIFO, none in open; fs.access waits", () => {
    const script = `
      const fs = require('node:fs');
      const { park } = require(${JSON.stringify(parkLib)});
      const proc = require(${JSON.stringify(require.resolve('../fixtures/lib/proc.cjs'))});
      (async () => {
        const events = [];
        const p = await park({ tmpdir: ${JSON.stringify(tmpdir)}, how: 'read' });
        const inOpen = proc.threadsInOpen();
        const access = new Promise((r) => fs.access(__filename, () => (events.push('access'), r())));
        await new Promise((r) => setTimeout(r, 150));
        events.push('release');
        await p.release();
        await access;
        console.log(JSON.stringify({ parked: p.parked, threads: p.threads, inOpen, events }));
      })();`;
    const r = spawnSync(process.execPath, ['-e', script], {
      env: { PATH: process.env.PATH, UV_THREADPOOL_SIZE: '3', UV_USE_IO_URING: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ parked: 3, threads: 3, inOpen: 0, events: ['release', 'access'] });
  });

  it('a gate blocks whoever opens it until open(), then reads as empty', () => {
    const script = `
      const fs = require('node:fs');
      const { gate } = require(${JSON.stringify(parkLib)});
      const g = gate({ tmpdir: ${JSON.stringify(tmpdir)} });
      const events = [];
      const read = (tag) => new Promise((r) => fs.readFile(g.path, 'utf8', (err, s) => (events.push(tag + ':' + (err ? err.code : JSON.stringify(s))), r())));
      const first = read('held');
      setTimeout(async () => {
        events.push('open');
        g.open();
        await first;
        await read('after');
        g.close();
        console.log(JSON.stringify(events));
      }, 150);`;
    const r = spawnSync(process.execPath, ['-e', script], {
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(['open', 'held:""', 'after:""']);
  });
});

describe('net-probe fixture', { skip: !linux && 'needs Linux FIFOs' }, () => {
  /** @type {string} */ let tmpdir;
  before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-net-test-'))));
  after(() => rmSync(tmpdir, { recursive: true, force: true }));

  it('with the pool parked: IP requests and resolve4 finish, lookups and fs.access wait for the release', async () => {
    const { data } = await runFixture({
      node: process.execPath,
      fixture: 'net-probe.cjs',
      options: { tmpdir, ops: ['ip', 'name', 'lookup', 'access', 'resolve'], n: 4, delayMs: 10, holdMs: 200 },
      timeoutMs: 20_000,
    });
    expect(data.P).toBe(4);
    expect(data.parked).toBe(4);
    const before = Object.fromEntries(
      Object.entries(data.ops).map(([k, o]) => [k, /** @type {any} */ (o).completedBeforeRelease]),
    );
    expect(before).toEqual({ ip: 4, name: 0, lookup: 0, access: 0, resolve: 4 });
    for (const o of Object.values(data.ops)) expect(o).toMatchObject({ completed: o.count, errors: [] });
    // And the specs read it that way.
    const ctx = /** @type {any} */ ({ arch: process.arch, cores: 2, node: { major: 20 } });
    expect(notPoolBound.plan(ctx).structural?.check(data).ok).toBe(true);
    expect(lookupPoolBound.plan(ctx).structural?.check(data).ok).toBe(true);
    expect(resolveNotPoolBound.plan(ctx).structural?.check(data).ok).toBe(true);
    // while the lookups waited, the server accepted the IP requests' connections only
    expect(data.connectedDuringHold).toBe(4);
    // requests by name that connected first (name-preconnect) fail; records without the count pass as before
    const early = lookupPoolBound.plan(ctx).structural?.check({ ...data, connectedDuringHold: 8 });
    expect(early).toMatchObject({ ok: false });
    expect(early?.detail).toMatch(/requests by name connected before their lookup returned/);
    const { connectedDuringHold, ...older } = data;
    expect(lookupPoolBound.plan(ctx).structural?.check(older).ok).toBe(true);
  });

  /** 8 requests by IP (server delay 30 ms) while the pool is parked, under a sabotage or none. @param {string | undefined} sabotage */
  const eightByIp = (sabotage) =>
    runFixture({
      node: process.execPath,
      fixture: 'net-probe.cjs',
      options: { tmpdir, ops: ['ip', 'access'], n: 8, delayMs: 30, holdMs: 200 },
      env: { NCS_SABOTAGE: sabotage },
      timeoutMs: 20_000,
    });

  it('net-ip-batches: the IP requests P at a time finish before the release as well, and the server held at most P at once; the check fails', async () => {
    const { data } = await eightByIp('net-ip-batches');
    expect(data.ops.ip.completedBeforeRelease).toBe(8);
    expect(data.inFlightHeld).toBe(4);
    const check = notPoolBound.plan(/** @type {any} */ ({})).structural?.check(data);
    expect(check).toMatchObject({ ok: false });
    expect(check?.detail).toMatch(/the server holding 4 at once \(expected more than the pool's 4\)/);
    // honest, the same: all 8 at once
    const honest = await eightByIp(undefined);
    expect(honest.data.inFlightHeld).toBe(8);
    expect(notPoolBound.plan(/** @type {any} */ ({})).structural?.check(honest.data).ok).toBe(true);
    // a short count where the fixture's own loop stalled as long as the delay, the main
    // thread kept from its CPU, tells nothing (the host's and the other threads' readings
    // set here: the run's own, on a busy machine, can reach the stall's half by themselves)
    const stalled = { ...data, loopStallMs: 45, mainWaitMs: 40, hostTakenMs: 0, othersCpuMs: 0 };
    expect(notPoolBound.plan(/** @type {any} */ ({})).structural?.check(stalled)).toMatchObject({
      ok: false,
      invalid: true,
    });
    // …but a stall voids nothing that fails on its own (a request that waited for the release)
    const late = { ...stalled, ops: { ...data.ops, ip: { ...data.ops.ip, completedBeforeRelease: 7 } } };
    const lateCheck = notPoolBound.plan(/** @type {any} */ ({})).structural?.check(late);
    expect(lateCheck).toMatchObject({ ok: false });
    expect(lateCheck?.invalid).toBeUndefined();
    // …nor a stall the main thread spent on its CPU: the count stands
    const own = notPoolBound.plan(/** @type {any} */ ({})).structural?.check({ ...stalled, mainWaitMs: 3 });
    expect(own).toMatchObject({ ok: false });
    expect(own?.invalid).toBeUndefined();
    expect(own?.detail).toMatch(/its own work, not a wait for a CPU/);
    // …nor one beside busy threads of the process's own, however long the main thread waited
    const crowded = notPoolBound.plan(/** @type {any} */ ({})).structural?.check({ ...stalled, othersCpuMs: 120 });
    expect(crowded).toMatchObject({ ok: false });
    expect(crowded?.invalid).toBeUndefined();
    // the host's time taken from our CPUs counts with the wait; a kernel that cannot say voids as before
    const stolen = { ...stalled, mainWaitMs: 5, hostTakenMs: 30, othersCpuMs: 2 };
    expect(notPoolBound.plan(/** @type {any} */ ({})).structural?.check(stolen)).toMatchObject({ invalid: true });
    const unread = { ...stalled, mainWaitMs: null, mainCpuMs: null, othersCpuMs: null };
    expect(notPoolBound.plan(/** @type {any} */ ({})).structural?.check(unread)).toMatchObject({ invalid: true });
  });

  it('net-ip-batches-busy: the same batches behind a loop stalled by its own main thread; the check fails', async () => {
    const { data } = await eightByIp('net-ip-batches-busy');
    expect(data.inFlightHeld).toBe(4);
    expect(data.loopStallMs).toBeGreaterThanOrEqual(30);
    expect(data.mainCpuMs).toBeGreaterThanOrEqual(30); // the spin, on its CPU
    // never a pass; void only where this machine kept the fixture from its CPU meanwhile
    const check = notPoolBound.plan(/** @type {any} */ ({})).structural?.check(data);
    expect(check).toMatchObject({ ok: false });
    if (data.mainWaitMs + (data.hostTakenMs ?? 0) < data.loopStallMs / 2) expect(check?.invalid).toBeUndefined();
  });

  it('a pool that is not fully parked voids the trial instead of passing it', async () => {
    const { data } = await runFixture({
      node: process.execPath,
      fixture: 'net-probe.cjs',
      options: { tmpdir, ops: ['ip', 'access'], n: 2, delayMs: 10, holdMs: 200, parkThreads: 3 },
      timeoutMs: 20_000,
    });
    expect(data.ops.access.completedBeforeRelease).toBe(1);
    const check = notPoolBound.plan(/** @type {any} */ ({})).structural?.check(data);
    expect(check).toMatchObject({
      ok: false,
      invalid: true,
      detail: expect.stringMatching(/^control failed: fs\.access finished/),
    });
  });

  /** net-probe.cjs's dns-cap mode, 2 lookups more than the pool, under `env`. @param {Record<string, string>} env */
  const dnsCap = async (env) =>
    (
      await runFixture({
        node: process.execPath,
        fixture: 'net-probe.cjs',
        options: { tmpdir, mode: 'dns-cap', extra: 2 },
        env,
        timeoutMs: 20_000,
      })
    ).data;

  it('dns-cap: lookups held at the HOSTALIASES gate, at most ⌈P/2⌉ at once', async (t) => {
    const plan = dnsHalfCap.plan(/** @type {any} */ ({ arch: process.arch }));
    if (plan.skip) return t.skip(plan.skip);
    const data = await dnsCap({ UV_THREADPOOL_SIZE: '3' });
    expect(data).toMatchObject({ P: 3, k: 5, held: 2, heldAfter: 2, requested: 5, statDone: true, finished: true });
    expect(data.codes).toHaveLength(5);
  });

  it('dns-cap under lookup-fifo-stand-in: the same held count, but no lookup asked of libuv while held; the check fails', async (t) => {
    const plan = dnsHalfCap.plan(/** @type {any} */ ({ arch: process.arch }));
    if (plan.skip) return t.skip(plan.skip);
    const data = await dnsCap({ UV_THREADPOOL_SIZE: '4', NCS_SABOTAGE: 'lookup-fifo-stand-in' });
    expect(data).toMatchObject({ P: 4, k: 6, held: 2, heldAfter: 2, requested: 0, statDone: true });
    const honest = { ...data, requested: 6 };
    const five = { ...honest, P: 5, k: 7, held: 3, heldAfter: 3, requested: 7, poolThreads: 5 };
    expect(plan.structural?.check({ seen: [honest, five] })).toMatchObject({ ok: true });
    const caught = plan.structural?.check({ seen: [data, five] });
    expect(caught).toMatchObject({ ok: false });
    expect(caught?.detail).toMatch(/0 getaddrinfo requests made \(expected 6: the lookups held back before libuv/);
  });
});

describe(
  'net-probe fixture: a hold drawn in the trial, and resolves with the pool free',
  { skip: !linux && 'needs Linux FIFOs' },
  () => {
    /** @type {string} */ let tmpdir;
    before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-net-test-'))));
    after(() => rmSync(tmpdir, { recursive: true, force: true }));
    const ctx = /** @type {any} */ ({ arch: process.arch, cores: 2, node: { major: 20 } });

    /**
     * The lookup claim's trial, under a sabotage or none.
     * @param {string | undefined} sabotage @param {'open' | 'read'} [parkHow]
     */
    const lookups = async (sabotage, parkHow) =>
      (
        await runFixture({
          node: process.execPath,
          fixture: 'net-probe.cjs',
          options: {
            ...{ tmpdir, ops: ['ip', 'name', 'lookup', 'access'], n: 4, delayMs: 10, holdMs: 120, holdExtra: true },
            ...(parkHow && { parkHow }),
          },
          env: { NCS_SABOTAGE: sabotage },
          timeoutMs: 20_000,
        })
      ).data;

    it('holdExtra: the pool held a random quarter to a half of holdMs more; honest lookups still wait for the release', async () => {
      const data = await lookups(undefined);
      expect(data.heldMs).toBeGreaterThanOrEqual(150);
      expect(data.heldMs).toBeLessThanOrEqual(180);
      expect(data.releasedAt).toBeGreaterThanOrEqual(data.heldMs);
      expect(data.ops.lookup.completedBeforeRelease).toBe(0);
      const check = lookupPoolBound.plan(ctx).structural?.check(data);
      expect(check).toMatchObject({ ok: true });
      expect(check?.detail).toMatch(new RegExp(`parked ${data.heldMs} ms \\(drawn in the trial\\)`));
    });

    it("parkHow 'read': honest lookups wait for a pool held in read(2); the check holds", async () => {
      const data = await lookups(undefined, 'read');
      expect(data).toMatchObject({ parkHow: 'read', parked: 4, census: null });
      expect(data.ops.name.completedBeforeRelease).toBe(0);
      const check = lookupPoolBound.plan(ctx).structural?.check(data);
      expect(check).toMatchObject({ ok: true });
      expect(check?.detail).toMatch(/each in read\(2\) of a FIFO/);
    });

    it('name-open-watched: passes with the pool held in open(2), answers at once held in read(2); fails', async () => {
      const open = await lookups('name-open-watched', 'open');
      expect(open.ops.name.completedBeforeRelease).toBe(0); // the hole: it watches for this way
      const read = await lookups('name-open-watched', 'read');
      expect(read.ops.name.completedBeforeRelease).toBe(4);
      expect(lookupPoolBound.plan(ctx).structural?.check(read)).toMatchObject({ ok: false });
    });

    it('name-lookup-decoy: the answers come on a timer of holdMs + 10 ms, before the hold drawn ends; the check fails', async () => {
      const data = await lookups('name-lookup-decoy');
      expect(data.getaddrinfoDuringHold).toBe(5); // queued as honest
      expect(data.ops.lookup.completedBeforeRelease).toBe(1);
      expect(data.ops.name.completedBeforeRelease).toBe(4);
      expect(lookupPoolBound.plan(ctx).structural?.check(data)).toMatchObject({ ok: false });
    });

    /**
     * The resolve claim's trial, under a sabotage or none.
     * @param {string | undefined} sabotage @param {string[]} [resolveCalls]
     */
    const resolves = async (sabotage, resolveCalls) =>
      (
        await runFixture({
          node: process.execPath,
          fixture: 'net-probe.cjs',
          options: { tmpdir, ops: ['resolve', 'access'], n: 4, holdMs: 120, freeResolves: 4, resolveCalls },
          env: { NCS_SABOTAGE: sabotage },
          timeoutMs: 20_000,
        })
      ).data;

    it('freeResolves: with the pool free, resolve4 makes no pool request and wakes no pool thread', async () => {
      const data = await resolves(undefined);
      expect(data.freePool).toEqual({
        resolves: 4,
        ms: expect.any(Number),
        poolRequests: 0,
        poolThreads: 4,
        poolWakeups: 0,
        errors: [],
      });
      expect(resolveNotPoolBound.plan(ctx).structural?.check(data)).toMatchObject({ ok: true });
    });

    it('resolve-conf-stat: a pool request before each query while a thread is free; the check fails', async () => {
      const data = await resolves('resolve-conf-stat');
      expect(data.ops.resolve.completedBeforeRelease).toBe(4); // the parked trial as honest
      expect(data.freePool.poolRequests).toBeGreaterThanOrEqual(1);
      expect(data.freePool.poolWakeups).toBeGreaterThanOrEqual(1);
      const check = resolveNotPoolBound.plan(ctx).structural?.check(data);
      expect(check).toMatchObject({ ok: false });
      expect(check?.detail).toMatch(/the resolve\* used the pool while a thread was free/);
    });

    const family = ['resolve4', 'resolveMx', 'reverse', 'resolve:AAAA'];
    it('resolveCalls: every form answered while parked, each type queried; the check holds', async () => {
      const data = await resolves(undefined, family);
      expect(data.ops.resolve).toMatchObject({ count: 4, completedBeforeRelease: 4, errors: [] });
      expect(data.freePool).toMatchObject({ resolves: 4, poolRequests: 0, errors: [] });
      expect(Object.keys(data.dnsTypes).sort()).toEqual(['1', '12', '15', '28']);
      const check = resolveNotPoolBound.plan(ctx).structural?.check({ ...data, resolveCalls: family });
      expect(check).toMatchObject({ ok: true });
      expect(check?.detail).toMatch(/4 resolve\* forms in turn \(4 record types, each queried\)/);
    });

    it('resolve-template-answers: answers made up from the last after three, no query sent; the check fails', async () => {
      const { data } = await runFixture({
        node: process.execPath,
        fixture: 'net-probe.cjs',
        options: { tmpdir, ops: ['resolve', 'access'], n: 8, holdMs: 120, freeResolves: 12, resolveCalls: family },
        env: { NCS_SABOTAGE: 'resolve-template-answers' },
        timeoutMs: 20_000,
      });
      // the warm-up's and the free pool's 13 calls answer each form three times or more: the 8
      // made while parked are all made up
      expect(data.ops.resolve).toMatchObject({ count: 8, completedBeforeRelease: 8, errors: [] });
      expect(data.heldResolves).toEqual({ answered: { 1: 2, 12: 2, 15: 2, 28: 2 }, queried: {} });
      const check = resolveNotPoolBound.plan(ctx).structural?.check({ ...data, resolveCalls: family });
      expect(check).toMatchObject({ ok: false });
      expect(check?.detail).toMatch(/fewer queries than answers of type 1 \(0 for 2\), 12 \(0 for 2\)/);
    });

    const namespaceProblem = ownNetworkProblem();
    /** Enough of a context for systemPart: the Node under test runs dns-servers.cjs. */
    const ctxReal = /** @type {any} */ ({
      node: { path: process.execPath },
      run: async (/** @type {string} */ fixture, /** @type {any} */ o) =>
        (await runFixture({ node: process.execPath, fixture, ...o })).data,
    });
    /** The resolve claim's trial with the system's servers asked, in a network namespace of its own. @param {string | undefined} sabotage */
    const resolvesViaSystem = async (sabotage) => {
      const part = await systemPart(ctxReal, family.length);
      if (!('options' in part)) throw new Error(part.leftOut);
      const { data } = await runFixture({
        node: process.execPath,
        fixture: 'net-probe.cjs',
        options: { tmpdir, ops: ['resolve', 'access'], n: 8, holdMs: 120, resolveCalls: family, ...part.options },
        ownNetwork: part.ownNetwork,
        env: { NCS_SABOTAGE: sabotage },
        timeoutMs: 20_000,
      });
      return { ...data, resolveCalls: family, via: part.options.resolveVia };
    };

    it(
      "systemServers: the forms drawn 'system' asked of a responder at the system's servers; the check holds",
      { skip: namespaceProblem ?? false },
      async () => {
        const data = await resolvesViaSystem(undefined);
        /** @type {Record<string, number>} */
        const byApi = {};
        // each place twice while parked, and the warm-up's first call: 1 + 2 per place not 'own'
        data.via.forEach((/** @type {string} */ v, /** @type {number} */ k) => {
          if (v !== 'own') byApi[v] = (byApi[v] ?? 0) + 2 + (k === 0 ? 1 : 0);
        });
        expect(data.ops.resolve).toMatchObject({ count: 8, completedBeforeRelease: 8, errors: [] });
        expect(data.systemDns.byApi).toEqual(byApi);
        expect(data.systemDns.calls).toBe(Object.values(byApi).reduce((a, b) => a + b, 0));
        expect(data.systemDns.queries).toBeGreaterThanOrEqual(data.systemDns.calls);
        const check = resolveNotPoolBound.plan(ctx).structural?.check(data);
        expect(check).toMatchObject({ ok: true });
        expect(check?.detail).toMatch(/resolve\* in the run left with the system's servers/);
      },
    );

    it(
      'resolve-system-conf: the calls left with the system servers wait for the release; the check fails',
      { skip: namespaceProblem ?? false },
      async () => {
        const data = await resolvesViaSystem('resolve-system-conf');
        const own = data.via.filter((/** @type {string} */ v) => v === 'own').length;
        expect(data.ops.resolve.completedBeforeRelease).toBe(2 * own);
        expect(resolveNotPoolBound.plan(ctx).structural?.check(data)).toMatchObject({ ok: false });
      },
    );

    it('resolve-non-a-pool: the non-A forms wait for the release; the check fails', async () => {
      const data = await resolves('resolve-non-a-pool', family);
      expect(data.ops.resolve.completedBeforeRelease).toBe(1); // resolve4 alone
      expect(data.freePool.poolRequests).toBe(3);
      const check = resolveNotPoolBound.plan(ctx).structural?.check({ ...data, resolveCalls: family });
      expect(check).toMatchObject({ ok: false });
      expect(check?.detail).toMatch(/^1\/4 resolve\* calls answered while all/);
    });
  },
);

describe("the system's DNS servers, in a network namespace of the fixture's own", () => {
  it('parseServer and systemServers: IPv4 and IPv6, with a port or none; a scoped address cannot be had', () => {
    expect(parseServer('10.255.255.53')).toEqual({ host: '10.255.255.53', port: 53 });
    expect(parseServer('1.2.3.4:5353')).toEqual({ host: '1.2.3.4', port: 5353 });
    expect(parseServer('::1')).toEqual({ host: '::1', port: 53 });
    expect(parseServer('2001:db8::53')).toEqual({ host: '2001:db8::53', port: 53 });
    expect(parseServer('[2001:db8::53]:5353')).toEqual({ host: '2001:db8::53', port: 5353 });
    // link-local (its scope dropped by getServers()) and IPv4-mapped: no loopback stands for them
    expect(parseServer('fe80::1')).toBeNull();
    expect(parseServer('[FEBF::1]:53')).toBeNull();
    expect(parseServer('::ffff:10.0.0.9')).toBeNull();
    expect(parseServer('resolver.example')).toBeNull();
    expect(systemServers(['10.0.0.2', '[::1]:54'])).toEqual([
      { host: '10.0.0.2', port: 53 },
      { host: '::1', port: 54 },
    ]);
    expect(systemServers(['10.0.0.2', 'fe80::1'])).toBeNull();
    expect(systemServers([])).toBeNull();
  });

  it("drawVia: each place 'own' or one of the system's ways, at least one of each kind; every way drawn", () => {
    const seen = new Set();
    for (let k = 0; k < 50; k++) {
      const via = drawVia(3);
      expect(via).toHaveLength(3);
      expect(via).toContain('own');
      expect(via.some((v) => SYSTEM_APIS.includes(v))).toBe(true);
      for (const v of via) seen.add(v);
    }
    expect([...seen].sort()).toEqual(['own', ...SYSTEM_APIS].sort());
  });

  it('systemAsked: every call queried holds; none made, or fewer queries than calls, fails; left out says why', () => {
    const servers = ['10.0.0.2'];
    expect(systemAsked({ systemDns: { servers, calls: 9, queries: 9, byApi: { promises: 4, callback: 5 } } })).toEqual({
      ok: true,
      text: "9 resolve* in the run left with the system's servers (4 promises, 5 callback; 10.0.0.2: 9 queries to a responder there, in the fixture's own network namespace)",
    });
    expect(systemAsked({ systemDns: { servers, calls: 0, queries: 0 } })?.ok).toBe(false);
    expect(systemAsked({ systemDns: { servers, calls: 9, queries: 4 } })?.ok).toBe(false);
    expect(systemAsked({ systemLeftOut: 'not Linux' })).toEqual({
      ok: true,
      text: "the system's own DNS servers left out: not Linux",
    });
    expect(systemAsked({})).toBeNull(); // older records
  });

  it('inOwnNetwork: unshare, the loopback up with the addresses on it, then the command itself; no other words', () => {
    const [cmd, argv] = inOwnNetwork('taskset', ['-c', '0', 'node', 'f.cjs'], ['10.0.0.2', '::1']);
    expect(cmd).toBe('unshare');
    expect(argv.slice(0, 3)).toEqual(['-rn', 'sh', '-c']);
    // ::1 is on the loopback already: only 10.0.0.2 is added
    expect(argv[3]).toBe('ip link set lo up || exit 97; ip addr add 10.0.0.2/32 dev lo 2>/dev/null; exec "$@"');
    expect(argv.slice(4)).toEqual(['sh', 'taskset', '-c', '0', 'node', 'f.cjs']);
    expect(() => inOwnNetwork('node', [], ['10.0.0.2; rm -rf x'])).toThrow(/not an IP address/);
  });
});

describe('heldQueried: a query of its own behind each answer while parked', () => {
  it('as many queries as answers of each type, or more: holds; fewer of any type fails; unread: null', async () => {
    const { heldQueried } = await import('../specs/network/net.resolve-not-pool-bound.spec.js');
    expect(heldQueried({ heldResolves: { answered: { 1: 2, 6: 1 }, queried: { 1: 3, 6: 1 } } })).toEqual({
      ok: true,
      text: 'while parked, 4 queries reached the responders for 3 answers, at least one per answer of each type',
    });
    expect(heldQueried({ heldResolves: { answered: { 1: 2, 6: 1 }, queried: { 1: 3 } } })).toEqual({
      ok: false,
      text: 'while parked, 3 queries reached the responders for 3 answers; fewer queries than answers of type 6 (0 for 1)',
    });
    expect(heldQueried({ heldResolves: { answered: {}, queried: {} } })?.ok).toBe(true);
    expect(heldQueried({})).toBeNull();
  });
});

describe('familyAsked, drawCalls: the resolve* family, each record type queried', () => {
  it('every type asked reached the responder: holds; one missing fails; resolve4 only: null', async () => {
    const { familyAsked, drawCalls, RESOLVE_FORMS } =
      await import('../specs/network/net.resolve-not-pool-bound.spec.js');
    const calls = drawCalls();
    expect([...calls].sort()).toEqual(Object.keys(RESOLVE_FORMS).sort()); // each form once
    /** @type {Record<string, number>} */
    const dnsTypes = {};
    for (const c of calls) dnsTypes[String(RESOLVE_FORMS[c])] = 3;
    expect(familyAsked({ resolveCalls: calls, dnsTypes })).toEqual({
      ok: true,
      text: '21 resolve* forms in turn (12 record types, each queried)',
    });
    // a fixture that made resolve4 alone whatever it was told: no MX query reached the server
    const { 15: mx, ...noMx } = dnsTypes;
    expect(mx).toBe(3);
    expect(familyAsked({ resolveCalls: calls, dnsTypes: noMx })).toMatchObject({
      ok: false,
      text: expect.stringMatching(/never queried: 15/),
    });
    expect(familyAsked({ resolveCalls: ['resolveBogus'], dnsTypes })?.ok).toBe(false);
    expect(familyAsked({ dnsTypes })).toBeNull(); // older records: resolve4 only
    expect(familyAsked({ resolveCalls: calls })).toBeNull();
  });
});

describe('freePoolResolves: resolve* with the pool free', () => {
  it('no request and no wake-up: holds; either one fails; a count not read is left out; no reading: null', async () => {
    const { freePoolResolves } = await import('../specs/network/net.resolve-not-pool-bound.spec.js');
    const honest = { resolves: 8, ms: 1.4, poolRequests: 0, poolThreads: 4, poolWakeups: 0, errors: [] };
    expect(freePoolResolves(honest)).toEqual({
      ok: true,
      text: 'with the pool free (4 threads asleep), 8 resolve* made 0 pool request(s) and woke pool threads 0×',
    });
    // resolve-conf-stat as measured: 4 stats (the rest skipped, P in flight), 7 wake-ups
    expect(freePoolResolves({ ...honest, poolRequests: 4, poolWakeups: 7 })?.ok).toBe(false);
    expect(freePoolResolves({ ...honest, poolWakeups: 1 })?.ok).toBe(false); // work on the pool, unseen by hooks
    expect(freePoolResolves({ ...honest, poolRequests: 1 })?.ok).toBe(false);
    const unread = freePoolResolves({ ...honest, poolThreads: null, poolWakeups: null });
    expect(unread).toEqual({
      ok: true,
      text: 'with the pool free (? threads asleep), 8 resolve* made 0 pool request(s)',
    });
    expect(freePoolResolves({ ...honest, poolRequests: 2, poolThreads: null, poolWakeups: null })?.ok).toBe(false);
    expect(freePoolResolves({ ...honest, errors: ['ETIMEOUT'] })?.ok).toBe(false);
    expect(freePoolResolves(undefined)).toBeNull(); // older records: the parked trial alone
  });
});

describe('net-pool-use: the pool requests the operations themselves made', () => {
  it('warmPoolUse: the first call made none: holds; a stock made at the first call fails; unread: null', async () => {
    const { warmPoolUse } = await import('../harness/kits/net-pool-use.js');
    const honest = { warmPool: { ip: {}, access: { FSREQPROMISE: 1 } } };
    expect(warmPoolUse(honest, 'ip', 'GET by IP')).toEqual({
      ok: true,
      text: 'the first GET by IP made 0 pool request(s)',
    });
    // net-request-id-stock as measured: the stock of 16 and the first id's replacement
    const stock = { warmPool: { ip: { RANDOMBYTESREQUEST: 2 }, access: { FSREQPROMISE: 1 } } };
    expect(warmPoolUse(stock, 'ip', 'GET by IP')).toEqual({
      ok: false,
      text: 'the first GET by IP made 2 pool request(s) (2 RANDOMBYTESREQUEST; expected none)',
    });
    // resolve-id-stock: the stock of 64 at the first query
    const ids = { warmPool: { resolve: { RANDOMBYTESREQUEST: 1 } } };
    expect(warmPoolUse(ids, 'resolve', 'resolve4')?.ok).toBe(false);
    expect(warmPoolUse({}, 'ip', 'GET by IP')).toBeNull(); // older records
  });

  it("heldPoolUse: the control's request alone: holds; any other made while parked fails; unread: null", async () => {
    const { heldPoolUse } = await import('../harness/kits/net-pool-use.js');
    const ops = { ip: { count: 37 }, access: { count: 1 } };
    const honest = { ops, heldPool: { FSREQPROMISE: 1 } };
    expect(heldPoolUse(honest, '37 GETs by IP')).toEqual({
      ok: true,
      text: "while the pool was parked 37 GETs by IP made 0 pool request(s) beside the control's",
    });
    // net-request-id-stock as measured: one replacement id per request taken
    const stock = { ops, heldPool: { RANDOMBYTESREQUEST: 37, FSREQPROMISE: 1 } };
    expect(heldPoolUse(stock, '37 GETs by IP')).toMatchObject({
      ok: false,
      text: expect.stringMatching(/made 37 pool request\(s\) beside the control's \(37 RANDOMBYTESREQUEST;/),
    });
    // resolve-id-stock: its bulk refill, once the stock runs low while parked
    expect(heldPoolUse({ ops, heldPool: { RANDOMBYTESREQUEST: 1, FSREQPROMISE: 1 } }, 'x')?.ok).toBe(false);
    // an fs request beyond the control's counts too
    expect(heldPoolUse({ ops, heldPool: { FSREQCALLBACK: 1, FSREQPROMISE: 1 } }, 'x')?.ok).toBe(false);
    // a control that made no request leaves nothing to spare
    expect(heldPoolUse({ ops, heldPool: {} }, 'x')?.ok).toBe(true);
    expect(heldPoolUse({ ops: { ip: { count: 8 } }, heldPool: { FSREQPROMISE: 1 } }, 'x')?.ok).toBe(false);
    expect(heldPoolUse({ ops }, 'x')).toBeNull(); // older records
    // a preload (NODE_OPTIONS) would count its own: left out there
    expect(heldPoolUse({ ...stock, preloaded: true }, 'x')).toBeNull();
  });

  it('a preload (NODE_OPTIONS): the process-wide readings are left out', async () => {
    const { warmPoolUse, outsideFreeUse } = await import('../harness/kits/net-pool-use.js');
    const obs = { warmPool: { ip: { RANDOMBYTESREQUEST: 2 } }, outsideFree: { ip: { threads: 4, wakeups: 40 } } };
    expect(warmPoolUse(obs, 'ip', 'GET by IP')?.ok).toBe(false);
    expect(outsideFreeUse(obs, 'ip', 'GETs by IP')?.ok).toBe(false);
    expect(warmPoolUse({ ...obs, preloaded: true }, 'ip', 'GET by IP')).toBeNull();
    expect(outsideFreeUse({ ...obs, preloaded: true }, 'ip', 'GETs by IP')).toBeNull();
  });

  it('freePoolUse: no request and no wake-up with the pool free: holds; either fails; unread wake-ups left out', async () => {
    const { freePoolUse } = await import('../harness/kits/net-pool-use.js');
    const honest = { requests: 40, ms: 31, poolRequests: 0, poolThreads: 4, poolWakeups: 0, errors: [] };
    expect(freePoolUse(honest, 'GETs by IP')).toEqual({
      ok: true,
      text: 'with the pool free (4 threads asleep), 40 GETs by IP made 0 pool request(s) and woke pool threads 0×',
    });
    // net-request-id-stock as measured: one pool request per request, 62 wake-ups
    expect(freePoolUse({ ...honest, poolRequests: 40, poolWakeups: 62 }, 'GETs by IP')?.ok).toBe(false);
    expect(freePoolUse({ ...honest, poolWakeups: 1 }, 'GETs by IP')?.ok).toBe(false);
    expect(freePoolUse({ ...honest, poolThreads: null, poolWakeups: null }, 'GETs by IP')?.ok).toBe(true);
    expect(freePoolUse({ ...honest, errors: ['ECONNRESET'] }, 'GETs by IP')?.ok).toBe(false);
    expect(freePoolUse(undefined, 'GETs by IP')).toBeNull();
  });
});

describe('net-pool-use: the pool threads read from outside', () => {
  it("poolRunsNow: the threads not there at the start (or libuv's named ones), io_uring's left out", async () => {
    const { poolRunsNow } = await import('../harness/kits/net-pool-use.js');
    /** @type {Record<string, string>} */
    const files = {
      '/proc/9/task/9/comm': 'node\n',
      '/proc/9/task/10/comm': 'libuv-worker\n',
      '/proc/9/task/10/schedstat': '100 5 7\n',
      '/proc/9/task/11/schedstat': '100 5 3\n',
      '/proc/9/task/12/schedstat': '100 5 4\n',
    };
    const read = (/** @type {string} */ f) => {
      if (!(f in files)) throw new Error('ENOENT');
      return files[f];
    };
    const io = {
      tasks: () => ['9', '10', '11', '12', '13'],
      read,
      kernel: (_p = 0, tid = 0) => (tid === 12 ? true : false),
    };
    // 9: there at the start; 10: there, but libuv's; 12: io_uring's; 13: gone since
    expect(poolRunsNow(9, new Set([9, 10]), io)).toEqual({ 10: 7, 11: 3 });
    expect(
      poolRunsNow(9, new Set([9]), {
        ...io,
        tasks: () => {
          throw new Error('gone');
        },
      }),
    ).toBeNull();
  });

  it('wakeupsBetween and outsideFreeUse: none: holds; any: fails; a reading missing: left out', async () => {
    const { wakeupsBetween, outsideFreeUse } = await import('../harness/kits/net-pool-use.js');
    expect(wakeupsBetween({ 10: 7, 11: 3 }, { 10: 7, 11: 3, 12: 1 })).toEqual({ threads: 2, wakeups: 0 });
    expect(wakeupsBetween({ 10: 7, 11: 3 }, { 10: 30, 11: 29 })).toEqual({ threads: 2, wakeups: 49 });
    expect(wakeupsBetween({ 10: 7 }, null)).toBeNull();
    expect(wakeupsBetween({}, {})).toEqual({ threads: 0, wakeups: 0 }); // read, none found
    const honest = { outsideFree: { ip: { threads: 4, wakeups: 0 } } };
    expect(outsideFreeUse(honest, 'ip', 'GETs by IP')).toEqual({
      ok: true,
      text: "read from outside, the pool's 4 threads were put on a CPU 0× while the GETs by IP ran with the pool free",
    });
    // net-request-id-stock as measured: 39–50 wake-ups; resolve-id-stock's refill: 1
    expect(outsideFreeUse({ outsideFree: { ip: { threads: 4, wakeups: 39 } } }, 'ip', 'x')?.ok).toBe(false);
    expect(outsideFreeUse({ outsideFree: { resolve: { threads: 4, wakeups: 1 } } }, 'resolve', 'x')?.ok).toBe(false);
    expect(outsideFreeUse({ outsideFree: { ip: null } }, 'ip', 'x')).toBeNull();
    expect(outsideFreeUse({}, 'ip', 'x')).toBeNull();
    // none found from outside while the fixture read 4: the pool started before the first look
    const hidden = { outsideFree: { ip: { threads: 0, wakeups: 0 } }, freePoolIp: { poolThreads: 4 } };
    expect(outsideFreeUse(hidden, 'ip', 'x')).toMatchObject({ ok: false, text: expect.stringMatching(/none of/) });
    // ... and where the fixture found none either, nothing to say against it
    expect(outsideFreeUse({ ...hidden, freePoolIp: { poolThreads: 0 } }, 'ip', 'x')?.ok).toBe(true);
  });
});

describe(
  'net-probe fixture: pool requests counted (countPool), counts above a stock of ids',
  { skip: !linux && 'needs Linux FIFOs' },
  () => {
    /** @type {string} */ let tmpdir;
    before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-net-test-'))));
    after(() => rmSync(tmpdir, { recursive: true, force: true }));
    const ctx = /** @type {any} */ ({ arch: process.arch, cores: 2, node: { major: 20 } });

    /**
     * A trial as the claims run it (kits/net-pool-use.js netProbeTrialLooking: the
     * harness looks from outside), under a sabotage or none.
     * @param {object} options @param {string | undefined} sabotage
     */
    const probe = async (options, sabotage) => {
      const { netProbeTrialLooking } = await import('../harness/kits/net-pool-use.js');
      const c = /** @type {any} */ ({
        platform: process.platform,
        start: (/** @type {string} */ fixture, /** @type {any} */ o) =>
          startFixture({
            ...o,
            node: process.execPath,
            fixture,
            options: { tmpdir, ...o.options },
            env: { NCS_SABOTAGE: sabotage },
          }),
      });
      return netProbeTrialLooking(c, { holdMs: 150, countPool: true, ...options }, async () => null);
    };
    const byIp = { ops: ['ip', 'access'], n: 24, delayMs: 30, freeRequests: 24 };
    const resolves = { ops: ['resolve', 'access'], n: 24, freeResolves: 48 };

    it('honest: no pool request in the warm-up, while parked (the control aside) or free; the checks hold', async () => {
      const ip = await probe(byIp, undefined);
      expect(ip.warmPool).toEqual({ ip: {}, access: { FSREQPROMISE: 1 } });
      expect(ip.heldPool).toEqual({ FSREQPROMISE: 1 });
      expect(ip.freePoolIp).toMatchObject({ requests: 24, poolRequests: 0, errors: [] });
      expect(ip.outsideFree).toEqual({ ip: { threads: 4, wakeups: 0 } }); // read by the harness
      expect(notPoolBound.plan(ctx).structural?.check(ip)).toMatchObject({ ok: true });
      const r = await probe(resolves, undefined);
      expect(r.warmPool.resolve).toEqual({});
      expect(r.heldPool).toEqual({ FSREQPROMISE: 1 });
      expect(r.freePool).toMatchObject({ resolves: 48, poolRequests: 0, errors: [] });
      expect(r.outsideFree).toEqual({ resolve: { threads: 4, wakeups: 0 } });
      expect(resolveNotPoolBound.plan(ctx).structural?.check(r)).toMatchObject({ ok: true });
    });

    it('net-request-id-stock: 16 requests pass while parked, then none; pool requests everywhere; fails', async () => {
      const data = await probe(byIp, 'net-request-id-stock');
      expect(data.ops.ip.completedBeforeRelease).toBe(16);
      expect(data.heldPool.RANDOMBYTESREQUEST).toBe(24);
      expect(data.freePoolIp.poolRequests).toBe(24);
      expect(data.outsideFree.ip.wakeups).toBeGreaterThanOrEqual(1); // the pool ran their refills
      const check = notPoolBound.plan(ctx).structural?.check(data);
      expect(check).toMatchObject({ ok: false });
      expect(check?.detail).toMatch(/the first GET by IP made 2 pool request/);
    });

    it('resolve-id-stock: the stock made at the first query, refilled with the pool free; fails', async () => {
      const data = await probe(resolves, 'resolve-id-stock');
      expect(data.warmPool.resolve).toEqual({ RANDOMBYTESREQUEST: 1 });
      expect(data.freePool.poolRequests).toBe(1); // the bulk refill at the 49th query
      expect(data.outsideFree.resolve.wakeups).toBeGreaterThanOrEqual(1); // its thread, seen from outside
      const check = resolveNotPoolBound.plan(ctx).structural?.check(data);
      expect(check).toMatchObject({ ok: false });
      expect(check?.detail).toMatch(/the first resolve\* made 1 pool request/);
    });

    // https GETs and a large POST beside the GETs by IP, as net.not-pool-bound's trials ask
    const asked = { tls: 2, bulk: [[300_000, 700_000]] };
    const withOthers = { ...byIp, ops: ['ip', 'tls', 'bulk', 'access'], ...asked };
    /** @param {string | undefined} sabotage */
    const probeOthers = async (sabotage) => ({ ...(await probe(withOthers, sabotage)), asked });

    it('honest: https GETs and a large POST end while parked, no pool request; the check holds', async () => {
      const data = await probeOthers(undefined);
      expect(data.ops.tls).toMatchObject({ count: 2, completedBeforeRelease: 2, errors: [] });
      expect(data.ops.bulk).toMatchObject({
        count: 1,
        completedBeforeRelease: 1,
        errors: [],
        bytes: [300_000, 700_000],
      });
      expect(data.warmPool).toMatchObject({ tls: {}, bulk: {} });
      expect(data.heldPool).toEqual({ FSREQPROMISE: 1 });
      const check = notPoolBound.plan(ctx).structural?.check(data);
      expect(check).toMatchObject({ ok: true });
      expect(check?.detail).toMatch(/2\/2 https GETs to 127\.0\.0\.1 \(TLS\) finished while the pool was parked/);
    });

    it('net-bulk-write-pool: the large POST ends only after the release; fails', async () => {
      const data = await probeOthers('net-bulk-write-pool');
      expect(data.ops.bulk.completedBeforeRelease).toBe(0);
      expect(data.ops.tls.completedBeforeRelease).toBe(2);
      const check = notPoolBound.plan(ctx).structural?.check(data);
      expect(check).toMatchObject({ ok: false });
      expect(check?.detail).toMatch(/0\/1 POSTs to 127\.0\.0\.1 \(293 KiB up, 684 KiB back\) finished/);
    });

    it('tls-ca-reread: the https GETs end only after the release; fails', async () => {
      const data = await probeOthers('tls-ca-reread');
      expect(data.ops.tls.completedBeforeRelease).toBe(0);
      expect(data.ops.bulk.completedBeforeRelease).toBe(1);
      const check = notPoolBound.plan(ctx).structural?.check(data);
      expect(check).toMatchObject({ ok: false });
      expect(check?.detail).toMatch(
        /0\/2 https GETs to 127\.0\.0\.1 \(TLS\) finished while the pool was parked \(expected all/,
      );
    });
  },
);

describe('net.not-pool-bound: https GETs and large POSTs while parked (parkedKindEnded)', () => {
  const ops = {
    tls: { count: 2, completedBeforeRelease: 2, errors: [] },
    bulk: { count: 1, completedBeforeRelease: 1, errors: [], bytes: [100_000, 900_000] },
  };
  const honest = { asked: { tls: 2, bulk: [[100_000, 900_000]] }, ops };

  it('all ended before the release with the drawn sizes: holds', async () => {
    const { parkedKindEnded } = await import('../harness/kits/net-pool-use.js');
    expect(parkedKindEnded(honest, 'tls')).toEqual({
      ok: true,
      text: '2/2 https GETs to 127.0.0.1 (TLS) finished while the pool was parked',
    });
    expect(parkedKindEnded(honest, 'bulk')).toEqual({
      ok: true,
      text: '1/1 POSTs to 127.0.0.1 (98 KiB up, 879 KiB back) finished while the pool was parked',
    });
  });

  it("each sabotage's reading fails: ended after the release (tls-ca-reread, net-bulk-write-pool)", async () => {
    const { parkedKindEnded } = await import('../harness/kits/net-pool-use.js');
    const caReread = { ...honest, ops: { ...ops, tls: { ...ops.tls, completedBeforeRelease: 0 } } };
    expect(parkedKindEnded(caReread, 'tls')).toMatchObject({ ok: false, text: expect.stringMatching(/^0\/2 https/) });
    const bulkPool = { ...honest, ops: { ...ops, bulk: { ...ops.bulk, completedBeforeRelease: 0 } } };
    expect(parkedKindEnded(bulkPool, 'bulk')).toMatchObject({ ok: false, text: expect.stringMatching(/^0\/1 POSTs/) });
  });

  it('fewer made than asked, other sizes, errors or none made: fails', async () => {
    const { parkedKindEnded } = await import('../harness/kits/net-pool-use.js');
    const fewer = { ...honest, ops: { ...ops, tls: { count: 1, completedBeforeRelease: 1, errors: [] } } };
    expect(parkedKindEnded(fewer, 'tls')).toMatchObject({ ok: false, text: expect.stringMatching(/\(2 asked\)/) });
    const small = { ...honest, ops: { ...ops, bulk: { ...ops.bulk, bytes: [1000, 1000] } } };
    expect(parkedKindEnded(small, 'bulk')).toMatchObject({
      ok: false,
      text: expect.stringMatching(/bytes received \[1000,1000\] \(expected \[100000, 900000\]\)/),
    });
    const failed = { ...honest, ops: { ...ops, tls: { ...ops.tls, errors: ['ECONNRESET'] } } };
    expect(parkedKindEnded(failed, 'tls')).toMatchObject({ ok: false, text: expect.stringMatching(/ECONNRESET/) });
    const none = { ...honest, ops: {} };
    expect(parkedKindEnded(none, 'bulk')).toMatchObject({ ok: false, text: expect.stringMatching(/^none of the 1/) });
  });

  it('none asked (older records): left out; drawn sizes stay in range', async () => {
    const { parkedKindEnded, drawBytes } = await import('../harness/kits/net-pool-use.js');
    expect(parkedKindEnded({ ops }, 'tls')).toBeNull();
    expect(parkedKindEnded({ ops }, 'bulk')).toBeNull();
    expect(parkedKindEnded({ asked: { tls: 0, bulk: [] }, ops }, 'bulk')).toBeNull();
    for (let i = 0; i < 200; i++) {
      const b = drawBytes({ lo: 65536, hi: 1048576 });
      expect(b).toBeGreaterThanOrEqual(65536);
      expect(b).toBeLessThanOrEqual(1048576);
    }
  });

  it("the claim's check: a sabotage's reading fails it, the same trial honest passes", () => {
    const check = notPoolBound.plan(/** @type {any} */ ({})).structural?.check;
    const base = {
      P: 4,
      parked: 4,
      census: { threads: 4, parked: 4, unparked: [], ranInWindow: [] },
      holdMs: 150,
      releasedAt: 153,
      delayMs: 30,
      n: 24,
      inFlightHeld: 24,
      loopStallMs: 6,
      ops: {
        ip: { count: 24, completedBeforeRelease: 24, completed: 24, times: [], errors: [] },
        access: { count: 1, completedBeforeRelease: 0, completed: 1, times: [153], errors: [] },
        ...ops,
      },
      asked: honest.asked,
    };
    expect(check?.(base)).toMatchObject({ ok: true });
    const late = { ...base, ops: { ...base.ops, tls: { ...ops.tls, completedBeforeRelease: 1 } } };
    expect(check?.(late)).toMatchObject({ ok: false });
    expect(check?.(late).invalid).toBeUndefined();
  });
});

describe('pool.dns-half-cap: the threads busy while the lookups are held, read from outside', () => {
  it('⌈P/2⌉ busy, each in openat: holds; more, in any call (lookup-spare-read), fails; unread: left out', () => {
    const b = (/** @type {any} */ busy, looked = true) => busyWhileHeld({ busy, looked }, 2);
    expect(b({ openat: 2 })).toEqual({
      ok: true,
      text: '2 pool threads busy, read from outside (2 in openat)',
    });
    const spare = b({ openat: 2, read: 1 });
    expect(spare?.ok).toBe(false);
    expect(spare?.text).toBe(
      '3 pool threads busy, read from outside (2 in openat, 1 in read) (expected 2, each in openat)',
    );
    expect(b({ openat: 1, read: 1 })?.ok).toBe(false); // two, but not both lookups
    expect(b({})?.text).toBe('0 pool threads busy, read from outside (none) (expected 2, each in openat)');
    expect(b(null)).toBe(null);
    expect(b(undefined)).toBe(null);
    // a look the fixture did not wait for (looked false or absent): left out, whatever it read
    expect(b({ openat: 1 }, false)).toBe(null);
    expect(busyWhileHeld({ busy: { openat: 1 } }, 2)).toBe(null);
  });
  it("poolBusyLook: the threads at 'start' are not the pool's; no 'start' look, no reading", () => {
    /** @type {any[]} */
    const asked = [];
    const read = {
      tasksNow: () => new Set([1, 2]),
      busyCalls: (/** @type {number} */ pid, /** @type {any} */ o) => (asked.push([pid, [...o.before]]), { openat: 2 }),
    };
    const p = poolBusyLook(/** @type {any} */ (read));
    expect(p.look(9, { event: 'held', at: 'start' })).toBe(null);
    p.look(9, { event: 'held', at: 'end' });
    expect(p.busy()).toEqual({ openat: 2 });
    expect(asked).toEqual([[9, [1, 2]]]);
    const none = poolBusyLook(/** @type {any} */ (read));
    none.look(9, { event: 'held', at: 'end' });
    expect(none.busy()).toBe(null);
  });
  it('the check: a case whose busy threads exceed the cap fails, its counts as honest', () => {
    const plan = dnsHalfCap.plan(/** @type {any} */ ({ arch: 'x64' }));
    const four = { P: 4, k: 6, held: 2, heldAfter: 2, requested: 6, statDone: true, finished: true, poolThreads: 4 };
    const five = { ...four, P: 5, k: 7, held: 3, heldAfter: 3, requested: 7, poolThreads: 5 };
    const check = (/** @type {any[]} */ seen) => plan.structural?.check({ seen });
    expect(
      check([
        { ...four, busy: { openat: 2 }, looked: true },
        { ...five, busy: { openat: 3 }, looked: true },
      ])?.ok,
    ).toBe(true);
    expect(check([four, five])?.ok).toBe(true); // records from before the look
    const spare = check([
      { ...four, busy: { openat: 2, read: 1 }, looked: true },
      { ...five, busy: { openat: 3, read: 1 }, looked: true },
    ]);
    expect(spare?.ok).toBe(false);
    expect(spare?.detail).toMatch(/P=4: 2 of 6 lookups held at once .*; 3 pool threads busy, read from outside/);
  });
  it('busyCalls: threads blocked outside futex and epoll, by call; running, io_uring workers and idle ones left out', () => {
    /** @type {Record<string, string | null>} */
    const waits = {
      1: 'epoll:10',
      2: 'futex',
      3: '257',
      4: '257',
      5: 'read',
      6: 'running',
      7: 'read',
      8: 'no-syscall',
    };
    const read = {
      tasks: () => Object.keys(waits),
      wait: (/** @type {number} */ _pid, /** @type {number} */ tid) => waits[tid],
      kernel: (/** @type {number} */ _pid, /** @type {number} */ tid) => tid === 7,
    };
    const openat = { x64: 'openat', arm64: '257' }[process.arch] ?? '257';
    expect(busyCalls(1, read)).toEqual({ [openat]: 2, read: 1 });
    // a thread whose call cannot be read: no reading; one gone meanwhile: left out
    expect(busyCalls(1, { ...read, wait: (_p, /** @type {number} */ tid) => (tid === 5 ? null : waits[tid]) })).toBe(
      null,
    );
    const gone5 = { wait: (/** @type {number} */ _p, /** @type {number} */ tid) => (tid === 5 ? null : waits[tid]) };
    const kernel = (/** @type {number} */ _p, /** @type {number} */ tid) => (tid === 5 ? null : tid === 7);
    expect(busyCalls(1, { ...read, ...gone5, kernel })).toEqual({ [openat]: 2 });
    const gone = () => {
      throw new Error('ENOENT');
    };
    expect(busyCalls(1, { ...read, tasks: gone })).toBe(null);
    // with `before`: only threads started since, or named libuv-worker (a pool started before)
    const name = (/** @type {number} */ _p, /** @type {number} */ tid) => (tid === 4 ? 'libuv-worker' : 'node');
    expect(busyCalls(1, { ...read, before: new Set([1, 2, 4, 5, 6]), name })).toEqual({ [openat]: 2 });
    expect(busyCalls(1, { ...read, before: new Set([1, 2, 3, 4, 5, 6, 7, 8]), name: () => 'node' })).toEqual({});
    expect(tasksNow(1, () => ['3', '4'])).toEqual(new Set([3, 4]));
    expect(tasksNow(1, gone)).toBe(null);
  });
});

describe('net-probe dns-cap with the harness looking (Linux)', { skip: !linux && 'needs Linux FIFOs' }, () => {
  let tmpdir = '';
  before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-look-'))));
  after(() => rmSync(tmpdir, { recursive: true, force: true }));
  /** A context whose start runs fixtures under this Node (runWithLook needs only start). */
  const ctx = /** @type {any} */ ({
    start: (/** @type {string} */ fixture, /** @type {any} */ o) =>
      startFixture({ node: process.execPath, fixture, ...o, options: { tmpdir, ...o.options } }),
  });
  /** @param {string} P @param {string} [sabotage] */
  const look = async (P, sabotage) => {
    const pool = poolBusyLook();
    const { data } = await runWithLook(
      ctx,
      'net-probe.cjs',
      {
        options: { mode: 'dns-cap', extra: 2, look: true },
        env: { UV_THREADPOOL_SIZE: P, NCS_SABOTAGE: sabotage },
        timeoutMs: 20_000,
      },
      pool.look,
    );
    return { ...data, busy: pool.busy() };
  };
  it('honest: ⌈P/2⌉ busy, in openat; lookup-spare-read: one more, in read', async (t) => {
    const plan = dnsHalfCap.plan(/** @type {any} */ ({ arch: process.arch }));
    if (plan.skip) return t.skip(plan.skip);
    const honest = await look('4');
    expect(honest).toMatchObject({ held: 2, statDone: true, finished: true, looked: true });
    expect(busyWhileHeld(honest, 2)?.ok).toBe(true);
    const spare = await look('4', 'lookup-spare-read');
    expect(spare).toMatchObject({ held: 2, heldAfter: 2, statDone: true, looked: true });
    expect(busyWhileHeld(spare, 2)?.ok).toBe(false);
  });
});

describe('runWithLook answers each look as the fixture named it', () => {
  it("a look naming a phase gets an answer naming it (look.cjs waits for its own phase's), one without, a plain one", async () => {
    /** @type {any[]} */
    const sent = [];
    const ctx = /** @type {any} */ ({
      start: (/** @type {string} */ _f, /** @type {any} */ o) => {
        const h = {
          pid: 7,
          send: (/** @type {any} */ m) => sent.push(m),
          result: Promise.resolve().then(() => {
            o.onMessage({ event: 'held', at: 'free-start', phase: 'resolve' });
            o.onMessage({ event: 'held', at: 'start' });
            o.onMessage({ event: 'other' });
            return { data: { ok: true } };
          }),
        };
        return h;
      },
    });
    const { looks } = await runWithLook(ctx, 'x.cjs', {}, (pid, m) => `${pid} ${m.at}`);
    expect(looks).toEqual(['7 free-start', '7 start']);
    expect(sent).toEqual([{ type: 'looked', phase: 'resolve' }, { type: 'looked' }]);
  });
});

describe('lookupsRequested: every lookup asked of libuv before the held count', () => {
  it('all asked: holds; fewer: fails with the count; not counted (older records): null', async () => {
    const { lookupsRequested } = await import('../harness/kits/network.js');
    expect(lookupsRequested({ requested: 6 }, 6)).toEqual({ ok: true, text: '6 getaddrinfo requests made' });
    expect(lookupsRequested({ requested: 0 }, 6)?.ok).toBe(false);
    expect(lookupsRequested({ requested: 7 }, 6)?.ok).toBe(true); // a lookup asked again: every one was asked
    expect(lookupsRequested({}, 6)).toBeNull();
  });
});

describe("poolNotHeld: the census of the process's own pool while it is meant to be held", () => {
  it('all parked and none ran: held; a thread not parked, or one that ran, is named', async () => {
    const { poolNotHeld } = await import('../harness/kits/network.js');
    expect(poolNotHeld({ census: { threads: 4, parked: 4, unparked: [], ranInWindow: [] } })).toBeNull();
    expect(poolNotHeld({ census: null })).toBeNull(); // no /proc: the FIFO count and the control decide
    expect(poolNotHeld({ census: { threads: 5, parked: 4, unparked: [9], ranInWindow: [] } })).toBe(
      '1 of 5 pool threads were not parked',
    );
    expect(poolNotHeld({ census: { threads: 5, parked: 5, unparked: [], ranInWindow: [{ tid: 9, runs: 2 }] } })).toBe(
      '1 of 5 pool threads ran 2× while the pool was meant to be held',
    );
  });
  it('more threads at once than a bare Node keeps (net-hidden-spare): not held, whatever the census read', async () => {
    const { poolNotHeld } = await import('../harness/kits/network.js');
    const census = { threads: 4, parked: 4, unparked: [], ranInWindow: [] };
    expect(poolNotHeld({ census, threadsMost: 11, bareThreads: 11 })).toBeNull();
    expect(poolNotHeld({ census, threadsMost: 16, bareThreads: 11 })).toBe(
      "threads at once: 16, 5 more than a bare Node with the same settings after a pool use (11): threads of the program's own, which the pool's census may have counted in its place",
    );
    expect(poolNotHeld({ census, threadsMost: null, bareThreads: 11 })).toBeNull(); // not read
    const { threadsSaid } = await import('../harness/kits/network.js');
    expect(threadsSaid({ threadsMost: 11, bareThreads: 11 })).toBe(
      '; threads at once: 11 (a bare Node with the same settings: 11)',
    );
    expect(threadsSaid({ threadsMost: 16, bareThreads: 11 })).toBe(''); // poolNotHeld says it
    expect(threadsSaid({})).toBe('');
  });
});

describe('pool.dns-half-cap: pool sizes drawn for each trial, one small and one large', () => {
  const plan = dnsHalfCap.plan(/** @type {any} */ ({ arch: 'x64' }));
  const check = (/** @type {any} */ obs) => plan.structural?.check(obs);
  /** A case as the fixture reports it, honest: ⌈P/2⌉ held, each in openat. @param {number} P */
  const honest = (P) => {
    const want = Math.ceil(P / 2);
    return { P, k: P + 2, held: want, heldAfter: want, requested: P + 2, statDone: true, finished: true };
  };
  it('the model names the ranges drawn, not fixed sizes', () => {
    const model = /** @type {any} */ (plan.model);
    expect(model.cases).toBeUndefined();
    expect(model.ranges).toEqual([
      { from: 4, to: 5, lookups: 'P + 2', held: [2, 3] },
      { from: 6, to: 10, lookups: 'P + 2', held: [3, 5] },
      { from: 12, to: 16, lookups: 'P + 2', held: [6, 8] },
    ]);
    expect(model.alternatives).toEqual({
      'no cap': [
        [4, 5],
        [6, 10],
        [12, 16],
      ],
      'P / 2 rounded down': [
        [2, 2],
        [3, 5],
        [6, 8],
      ],
    });
  });
  it('drawSizes: one of 4–5, one of 6–10, one of 12–16', () => {
    /** @type {number[][]} */
    const asked = [];
    const sizes = drawSizes((lo, hi) => (asked.push([lo, hi]), hi - 1));
    expect(asked).toEqual([
      [4, 6],
      [6, 11],
      [12, 17],
    ]);
    expect(sizes).toEqual([5, 10, 16]);
  });
  it('drawApi: the callback and the promises API alternate, each trial reads both', () => {
    expect([0, 1, 2].map((i) => drawApi(i, 1))).toEqual(['callback', 'promises', 'callback']);
    expect([0, 1, 2].map((i) => drawApi(i, 2))).toEqual(['promises', 'callback', 'promises']);
    expect(drawApi(0, undefined, () => 0)).toBe('promises');
    expect(drawApi(0, undefined, () => 1)).toBe('callback');
  });
  it('a large pool past ⌈P/2⌉, or the callback API uncapped, fails', () => {
    const four = { ...honest(4), poolThreads: 4, busy: { openat: 2 }, looked: true };
    const seven = { ...honest(7), poolThreads: 7, busy: { openat: 4 }, looked: true, api: 'callback' };
    const twelve = { ...honest(12), poolThreads: 12, busy: { openat: 6 }, looked: true, api: 'promises' };
    expect(check({ sizes: [4, 7, 12], seen: [four, seven, twelve] })?.ok).toBe(true);
    // lookup-cap-keeps-five at P=12: 7 held (P − 5), 7 busy in openat
    const keeps = { ...twelve, held: 7, heldAfter: 7, busy: { openat: 7 } };
    const five = check({ sizes: [4, 7, 12], seen: [four, seven, keeps] });
    expect(five?.ok).toBe(false);
    expect(five?.detail).toMatch(/P=12: 7 of 14 dns.promises.lookup lookups held at once/);
    // lookup-callback-uncapped at P=7: all 7 held by callback lookups, fs.stat waits
    const open = { ...seven, held: 7, heldAfter: 7, statDone: false, busy: { openat: 7 } };
    const uncapped = check({ sizes: [4, 7, 12], seen: [four, open, twelve] });
    expect(uncapped?.ok).toBe(false);
    expect(uncapped?.detail).toMatch(/P=7: 7 of 9 dns.lookup lookups held at once/);
  });
  it('honest at P=8: 4 held, 4 busy in openat, passes; lookup-cap-large-pool (7 busy) fails', () => {
    const four = { ...honest(4), poolThreads: 4, busy: { openat: 2 }, looked: true };
    const eight = { ...honest(8), poolThreads: 8, busy: { openat: 4 }, looked: true };
    expect(check({ sizes: [4, 8], seen: [four, eight] })?.ok).toBe(true);
    // the sabotage's reading: its census as honest, 3 more pool threads busy in read(2)
    const large = { ...eight, busy: { openat: 4, read: 3 } };
    const caught = check({ sizes: [4, 8], seen: [four, large] });
    expect(caught?.ok).toBe(false);
    expect(caught?.detail).toMatch(/P=8: 4 of 10 lookups held at once .*7 pool threads busy, read from outside/);
    // no look (no /proc, or under Node options): that part left out
    const { busy: _b, looked: _l, ...unlooked } = large;
    expect(check({ sizes: [4, 8], seen: [four, unlooked] })?.ok).toBe(true);
  });
  it('the pool must be the size drawn: a process with another P fails', () => {
    const five = { ...honest(5), busy: { openat: 3 }, looked: true };
    const six = { ...honest(6), busy: { openat: 3 }, looked: true };
    expect(check({ sizes: [5, 6], seen: [five, six] })?.ok).toBe(true);
    expect(check({ sizes: [5, 7], seen: [five, six] })?.ok).toBe(false);
    expect(check({ seen: [honest(4), honest(5)] })?.ok).toBe(true); // records from before the draw
  });
});

describe('net.dns-lookup-pool-bound: the way the pool is held, drawn per trial', () => {
  const node = { version: 'v20.20.2', uv: '1.46.0' };
  it("'read' too where fs.read stays on the pool; 'open' only where the settings send it to io_uring", () => {
    expect(parkWays({ node, env: {} })).toEqual(['open', 'read']);
    expect(parkWays({ node, env: { UV_USE_IO_URING: '0' } })).toEqual(['open', 'read']);
    expect(parkWays({ node, env: { UV_USE_IO_URING: '1' } })).toEqual(['open']);
    expect(parkWays({ node: { version: 'v22.20.0', uv: '1.51.0' }, env: { UV_USE_IO_URING: '1' } })).toEqual([
      'open',
      'read',
    ]);
    expect(parkWays({ env: { UV_USE_IO_URING: '1' } })).toEqual(['open']); // libuv unknown
  });
  it('the first way drawn, then alternating: every two trials use both', async () => {
    const plan = lookupPoolBound.plan(/** @type {any} */ ({ arch: 'x64', cores: 2, node, env: {} }));
    /** @type {string[]} */
    const seen = [];
    const c = /** @type {any} */ ({
      poolSize: 4,
      node: { ...node, path: '/no/node' },
      // the DNS servers' reading (dns-servers.cjs) answers nothing: the dotted names left out
      run: async (/** @type {string} */ f, /** @type {any} */ o) => {
        if (f === 'net-probe.cjs' && !o.options.mode) seen.push(o.options.parkHow);
        return {};
      },
    });
    for (let i = 0; i < 4; i++) await plan.trial(c);
    expect(new Set(seen.slice(0, 2))).toEqual(new Set(['open', 'read']));
    expect(seen[2]).toBe(seen[0]);
    expect(seen[3]).toBe(seen[1]);
  });
});

describe("net.dns-lookup-pool-bound: requests by name behind the lookups' cap (name-cap)", () => {
  /** @param {number} nameBefore */
  const run = (nameBefore) => ({
    mode: 'name-cap',
    P: 4,
    cap: 2,
    held: 2,
    heldAfter: 2,
    heldMs: 200,
    ops: {
      name: { count: 8, completedBeforeRelease: nameBefore, completed: 8, errors: [] },
      ip: { count: 8, completedBeforeRelease: 8, completed: 8, errors: [] },
      access: { count: 1, completedBeforeRelease: 1, completed: 1, errors: [] },
    },
  });
  it('honest: none by name before the release, passes; name-hosts-stat: all during the hold, fails', () => {
    expect(nameBehindCap(run(0))?.ok).toBe(true);
    const caught = nameBehindCap(run(8));
    expect(caught?.ok).toBe(false);
    expect(caught?.text).toMatch(
      /8\/8 requests to localhost finished before the release \(0\/8 after it, expected none/,
    );
  });
  it('missing run (records from before): left out; setup or controls not met: the trial void', () => {
    expect(nameBehindCap(undefined)).toBeNull();
    expect(nameBehindCap({})).toBeNull();
    expect(nameBehindCap({ ...run(0), held: 1 })).toMatchObject({ invalid: true });
    expect(nameBehindCap({ ...run(0), heldAfter: 3 })).toMatchObject({ invalid: true });
    const late = run(0);
    late.ops.access.completedBeforeRelease = 0;
    expect(nameBehindCap(late)).toMatchObject({ invalid: true });
    const ip = run(0);
    ip.ops.ip.completedBeforeRelease = 7;
    expect(nameBehindCap(ip)).toMatchObject({ invalid: true });
  });
  it("the claim's check: the part joins the rest, a void part voids the trial", () => {
    const plan = lookupPoolBound.plan(/** @type {any} */ ({ arch: 'x64', cores: 2, node: { major: 20 } }));
    const op = (/** @type {number} */ count, /** @type {number} */ before) => ({
      count,
      completedBeforeRelease: before,
      completed: count,
      times: [],
      errors: [],
    });
    const main = {
      P: 4,
      parked: 4,
      getaddrinfoDuringHold: 9,
      connectedDuringHold: 8,
      ops: { ip: op(8, 8), name: op(8, 0), lookup: op(1, 0), access: op(1, 0) },
    };
    expect(plan.structural?.check(main)?.ok).toBe(true); // records from before the run
    expect(plan.structural?.check({ ...main, nameCap: run(0) })?.ok).toBe(true);
    expect(plan.structural?.check({ ...main, nameCap: run(8) })?.ok).toBe(false);
    expect(plan.structural?.check({ ...main, nameCap: { ...run(8), held: 1 } })).toMatchObject({ invalid: true });
    // a main run against the claim (name-open-watched, the pool held in read(2)) stands
    // whatever the cap run read: its void does not hide it
    const early = { ...main, parkHow: 'read', ops: { ...main.ops, name: op(8, 8) } };
    const caught = plan.structural?.check({ ...early, nameCap: { ...run(0), held: 1 } });
    expect(caught).toMatchObject({ ok: false });
    expect(caught?.invalid).toBeUndefined();
  });
});

describe('net.dns-lookup-pool-bound: names with a dot, asked of DNS in a network namespace of its own', () => {
  const op = (/** @type {number} */ count, /** @type {number} */ before, errors = []) => ({
    count,
    completedBeforeRelease: before,
    completed: count,
    times: [],
    errors,
  });
  /** The main run: 8 + 1 dotted lookups, `before` of them before the release, `during` queries in the hold. */
  const run = (/** @type {number} */ before, /** @type {number} */ during, all = 10) => ({
    P: 4,
    parked: 4,
    getaddrinfoDuringHold: 18 - before,
    connectedDuringHold: 8 + before,
    ops: { ip: op(8, 8), name: op(8, 0), lookup: op(1, 0), access: op(1, 0), dotted: op(9, before) },
    families: [4, 0, 0, 4, 4, 0, 4, 0, 4],
    dottedDns: {
      duringHold: during ? { 1: during } : {},
      all: { 1: Math.max(all - 3, 0), 28: Math.min(all, 3) },
      families: { 0: 3, 4: 3, 6: 3 },
    },
  });
  it('honest: none before the release, no query during the hold, one or more per name after it', () => {
    const d = dottedNames(run(0, 0));
    expect(d).toEqual({
      ok: true,
      text: "9 lookups of dotted names (a GET each but one dns.lookup; families 3× unset, 3× IPv4, 3× IPv6, drawn) asked of the fixture's DNS responders: 0/9 ended before the release (9 after it), 0 queries reached the responders during the hold, 10 in all",
    });
  });
  it('r2-dotted-off-pool (c-ares answers them during the hold): fails, and so does a query in the hold alone', () => {
    const caught = dottedNames(run(8, 8));
    expect(caught?.ok).toBe(false);
    expect(caught?.invalid).toBeUndefined();
    expect(caught?.text).toContain(
      '8/9 ended before the release (1 after it), 8 queries reached the responders during the hold',
    );
    expect(dottedNames(run(0, 1))?.ok).toBe(false); // asked off the pool, the answer held back
    expect(dottedNames({ ...run(0, 0), ops: { ...run(0, 0).ops, dotted: op(9, 0, ['ENOTFOUND']) } })?.ok).toBe(false);
  });
  it('names not asked of DNS: void; left out (no namespace of its own): said; older records: null', () => {
    expect(dottedNames(run(0, 0, 4))).toMatchObject({ ok: false, invalid: true });
    // ten queries, but for five of the nine names (A and AAAA each): void, counted by name
    const five = run(0, 0);
    const fewNames = dottedNames({ ...five, dottedDns: { ...five.dottedDns, namesAsked: 5 } });
    expect(fewNames).toMatchObject({ ok: false, invalid: true });
    expect(fewNames?.text).toContain('5 of the 9 names asked of DNS (void)');
    expect(dottedNames({ ...five, dottedDns: { ...five.dottedDns, namesAsked: 9 } })?.ok).toBe(true);
    expect(dottedNames({ ops: {}, dottedLeftOut: 'no network namespace of its own: EPERM' })).toEqual({
      ok: true,
      text: 'dotted names left out: no network namespace of its own: EPERM',
    });
    expect(dottedNames({ ops: {} })).toBeNull();
  });
  it("the claim's check: the dotted part joins the rest, its numbers in the detail", () => {
    const check = lookupPoolBound.plan(/** @type {any} */ ({ arch: 'x64', cores: 2, node: { major: 20 } })).structural
      ?.check;
    const ok = check?.(run(0, 0));
    expect(ok?.ok).toBe(true);
    expect(ok?.detail).toContain('18 getaddrinfo requests queued on the pool (expected 18)');
    expect(ok?.detail).toContain(
      'families of the requests to localhost and the lookup, drawn: 4 unset unset 4 4 unset 4 unset 4',
    );
    expect(ok?.detail).toContain('0/9 ended before the release');
    const caught = check?.(run(8, 8));
    expect(caught?.ok).toBe(false);
    expect(caught?.invalid).toBeUndefined();
    // a dotted part with no query at all voids a trial nothing else is against
    expect(check?.(run(0, 0, 0))).toMatchObject({ ok: false, invalid: true });
  });
});

describe('net.not-pool-bound: a POST or https GET that ended just after the release', () => {
  const check = (/** @type {any} */ obs) => notPoolBound.plan(/** @type {any} */ ({})).structural?.check(obs);
  /** A trial whose every other part held; its one POST ended at 177 ms, the release at 163 ms. */
  const lateTrial = (/** @type {any} */ over = {}) => ({
    P: 4,
    parked: 4,
    delayMs: 30,
    releasedAt: 163,
    loopStallMs: 35,
    inFlightHeld: 8,
    ops: {
      ip: { count: 8, completedBeforeRelease: 8, completed: 8, times: [40, 41, 42, 43, 44, 45, 46, 47], errors: [] },
      access: { count: 1, completedBeforeRelease: 0, completed: 1, times: [170], errors: [] },
      bulk: { count: 1, completedBeforeRelease: 0, completed: 1, times: [177], errors: [], bytes: [182557, 293296] },
    },
    asked: { bulk: [[182557, 293296]] },
    mainWaitMs: 101,
    mainCpuMs: 56,
    othersCpuMs: 27,
    hostTakenMs: 0,
    ...over,
  });
  it('void where the main thread waited half the hold or more for a CPU (two busy loops here)', () => {
    expect(check(lateTrial())).toMatchObject({ ok: false, invalid: true });
    expect(check(lateTrial()).detail).toMatch(/the main thread waited 101 ms for a CPU.*an end that cannot tell/);
  });
  it('a fail where the machine gave the fixture its CPU, as a POST that waits for a pool thread', () => {
    const quiet = check(lateTrial({ mainWaitMs: 4 }));
    expect(quiet).toMatchObject({ ok: false });
    expect(quiet.invalid).toBeUndefined();
    expect(quiet.detail).toMatch(/0\/1 POSTs to 127.0.0.1 .* finished while the pool was parked \(expected all/);
  });
  it('a fail where its own other threads took the CPU, the POST broke, or no wait was read', () => {
    for (const over of [
      { othersCpuMs: 90 },
      { mainWaitMs: null },
      { ops: { ...lateTrial().ops, bulk: { ...lateTrial().ops.bulk, errors: ['ECONNRESET'] } } },
      { ops: { ...lateTrial().ops, bulk: { ...lateTrial().ops.bulk, completed: 0, times: [] } } },
      { ops: { ...lateTrial().ops, bulk: { ...lateTrial().ops.bulk, bytes: [182557, 1000] } } },
    ]) {
      const c = check(lateTrial(over));
      expect(c).toMatchObject({ ok: false });
      expect(c.invalid).toBeUndefined();
    }
  });
  it('ended before the release: a pass, however busy the machine', () => {
    const ops = { ...lateTrial().ops, bulk: { ...lateTrial().ops.bulk, completedBeforeRelease: 1, times: [120] } };
    expect(check(lateTrial({ ops }))).toMatchObject({ ok: true });
  });
  /** GETs by IP of which 5 of 8 ended before the release, the POST in time. */
  const lateGets = (/** @type {any} */ ip = {}, /** @type {any} */ over = {}) => {
    const t = lateTrial();
    const bulk = { ...t.ops.bulk, completedBeforeRelease: 1, times: [120] };
    return lateTrial({ ops: { ...t.ops, bulk, ip: { ...t.ops.ip, completedBeforeRelease: 5, ...ip } }, ...over });
  };
  it('GETs by IP that ended just after the release, whole: void where the main thread waited half the hold', () => {
    expect(check(lateGets())).toMatchObject({ ok: false, invalid: true });
    expect(check(lateGets()).detail).toMatch(
      /^5\/8 GETs by IP ended before the release, the rest after it, whole, but/,
    );
    // with the POST late too, both are said
    const both = lateGets({}, { ops: { ...lateGets().ops, bulk: lateTrial().ops.bulk } });
    expect(check(both)).toMatchObject({ ok: false, invalid: true });
    expect(check(both).detail).toMatch(/whole; 0\/1 POSTs/);
  });
  it('GETs by IP late: a fail on a quiet machine, where one failed or did not end, or the server held only P', () => {
    for (const c of [
      check(lateGets({}, { mainWaitMs: 4 })),
      check(lateGets({ errors: ['ECONNRESET'] })),
      check(lateGets({ completed: 7 })),
      check(lateGets({}, { inFlightHeld: 4, loopStallMs: 10 })),
    ]) {
      expect(c).toMatchObject({ ok: false });
      expect(c.invalid).toBeUndefined();
    }
  });
});
