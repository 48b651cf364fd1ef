// loop.pool-apis-block: fs.watch's phase (the change to a watched file, the event's delivery
// and the loop after it) judged by the loop's longest hold between two turns, as the async
// calls' phases are (b12c-watch-spins), on observations shaped like the fixture's.
import { describe, it } from 'node:test';
import { expect } from 'expect';
import poolApis, { watchHeld } from '../specs/workers/loop.pool-apis-block.spec.js';

/** @param {any} spec */
const checkOf = (spec) => spec.plan(/** @type {any} */ ({ node: { version: 'v20' }, cores: 2 })).structural.check;

/**
 * fs.watch's phase with its longest stretch between two turns as given (GC left in: cpuMs, gcMs,
 * waitMs, ms), the GC pauses taken out for `cpuMs` of held as the fixture does.
 * @param {{ cpuMs: number, gcMs: number, waitMs: number, ms: number }} g @param {number} [deliveredMs]
 */
const watchOf = (g, deliveredMs = 0.2) => ({
  fromMs: 631,
  toMs: 692 + g.ms,
  deliveredMs,
  ticksToDelivery: 0,
  ticks: 51,
  held: {
    cpuMs: Math.max(0, g.cpuMs - g.gcMs),
    ms: g.ms,
    atMs: 631,
    gcMs: g.gcMs,
    gapMaxMs: Math.max(g.ms, 1.6),
    gross: { heldMs: Math.max(g.cpuMs, g.gcMs - g.waitMs), atMs: 631, ...g },
  },
});

/** A trial that agrees with the claim in all but fs.watch's phase (gzipSync: 110 ms of CPU, no GC). @param {any} watch */
const trial = (watch) => ({
  gzip: {
    ticks: 80,
    ms: 170,
    loopMaxMs: 6,
    mainCpuMs: 20,
    poolCpuMs: 110,
    held: { cpuMs: 2.9, ms: 3, gapMaxMs: 6, gross: { cpuMs: 2.9, gcMs: 0, waitMs: 0, ms: 3 } },
  },
  gzipSync: {
    ticks: 0,
    ms: 115,
    loopMaxMs: 116,
    mainCpuMs: 110,
    poolCpuMs: 0,
    held: { cpuMs: 109, ms: 115, gross: { cpuMs: 110, gcMs: 0, waitMs: 0, ms: 115 } },
  },
  dns: {
    ticks: 70,
    ms: 82,
    loopMaxMs: 4,
    mainCpuMs: 13,
    poolCpuMs: 20,
    held: { cpuMs: 2.8, ms: 3, gross: { cpuMs: 2.8, gcMs: 0, waitMs: 0, ms: 3 } },
  },
  lookups: 1500,
  parkedPool: {
    pool: 4,
    parked: 4,
    ticksWhileParked: 55,
    events: ['parked', 'fs.watch', 'release', 'dns.lookup', 'gzip'].map((what, i) => ({ what, ms: 10 * i })),
    ...(watch === undefined ? {} : { watch }),
  },
});

describe("loop.pool-apis-block: fs.watch's delivery does not hold the loop (b12c-watch-spins)", () => {
  const honest = watchOf({ cpuMs: 0.36, gcMs: 0, waitMs: 0.05, ms: 0.42 });

  it('reads the longest hold from the change on, GC left in, against the async phases’ bound', () => {
    expect(watchHeld(trial(honest), 110, 0)).toMatchObject({
      ok: true,
      contested: false,
      heldMs: 0.36,
      boundMs: 11,
      ticks: 51,
      deliveredMs: 0.2,
    });
    // a scavenge in the delivery's stretch, below the floor: free
    expect(watchHeld(trial(watchOf({ cpuMs: 7, gcMs: 6.5, waitMs: 0, ms: 7.5 })), 110, 0)?.ok).toBe(true);
  });

  it('passes an honest trial, quiet or beside busy neighbours, and shows the reading', () => {
    const check = checkOf(poolApis);
    const quiet = check(trial(honest));
    expect(quiet.ok).toBe(true);
    expect(quiet.invalid).toBeUndefined();
    expect(quiet.detail).toMatch(
      /fs\.watch: the event delivered 0\.2 ms after the change, the loop's longest gap between two turns from the change on 1\.6 ms \(51 turns\), its longest hold GC left in 0\.36 ms \(GC 0 ms of its 0\.42 ms, 0\.05 ms in a run queue\)/,
    );
    // preempted 40 ms in one stretch: a long gap, little CPU in it
    const busy = check(trial(watchOf({ cpuMs: 0.6, gcMs: 0, waitMs: 40, ms: 41 }, 0.3)));
    expect(busy.ok).toBe(true);
    expect(busy.detail).toMatch(/longest gap between two turns from the change on 41 ms/);
  });

  it('fails a listener reached after 40 ms of work on the main thread, quiet or beside neighbours', () => {
    const check = checkOf(poolApis);
    // quiet: the whole 40 ms on the CPU
    const quiet = check(trial(watchOf({ cpuMs: 40.2, gcMs: 2, waitMs: 0.3, ms: 41 }, 40.4)));
    expect(quiet.ok).toBe(false);
    expect(quiet.invalid).toBeUndefined();
    expect(quiet.detail).toMatch(/fs\.watch: the event delivered 40\.4 ms after the change/);
    expect(quiet.detail).toMatch(
      /expected at most 11 ms: the larger of 10 ms and 0\.1 of gzipSync's CPU less its GC: fs\.watch held the loop/,
    );
    // on a shared machine: 17.4 ms of it on the CPU (1.5 of GC), 39 ms in a run queue
    const shared = check(trial(watchOf({ cpuMs: 17.41, gcMs: 1.53, waitMs: 39.3, ms: 56.74 }, 55.4)));
    expect(shared.ok).toBe(false);
    expect(shared.invalid).toBeUndefined();
    // 16 ms of CPU, 8 of it GC: within ×1.5 of the bound GC left in, but 8 ms without it is below
    // heldFree's bound too: contested, not a pass
    const near = check(trial(watchOf({ cpuMs: 16.07, gcMs: 7.93, waitMs: 24.53, ms: 41.1 }, 40.4)));
    expect(near).toMatchObject({ ok: false, invalid: true, contested: true });
    expect(near.detail).toMatch(/within ×1\.5 of it, where a busy machine's preemption could explain it: contested/);
    // the CPU less its GC over heldFree's bound: against whatever the reading GC left in (fs.watch
    // fills no fresh memory: no band for a host's dear pages, as async gzip's hold has)
    const net = check(trial(watchOf({ cpuMs: 16, gcMs: 2, waitMs: 24, ms: 41 }, 40.4)));
    expect(net.ok).toBe(false);
    expect(net.invalid).toBeUndefined();
    expect(net.detail).toMatch(/longest hold between two turns during .*fs\.watch's change and delivery 14 ms of CPU/);
  });

  it('voids a trial whose fs.watch phase cannot be read, with the reason; fails it where else against', () => {
    const check = checkOf(poolApis);
    const none = check(trial(undefined));
    expect(none).toMatchObject({ ok: false, invalid: true });
    expect(none.detail).toMatch(/void: fs\.watch's phase was not read/);
    expect(check(trial(null)).detail).toMatch(/void: fs\.watch's phase was not read/);
    const noTicks = check(trial({ ...honest, ticks: undefined }));
    expect(noTicks).toMatchObject({ ok: false, invalid: true });
    expect(noTicks.detail).toMatch(/void: the loop's turns during fs\.watch's phase were not read/);
    const noCpu = check(trial({ ...honest, held: null }));
    expect(noCpu).toMatchObject({ ok: false, invalid: true });
    expect(noCpu.detail).toMatch(/void: the main thread's CPU over fs\.watch's phase was not read/);
    // a host where no phase's main-thread CPU can be read (no schedstat): not judged, as the others
    const bare = trial({ ...honest, held: null });
    const noSchedstat = {
      ...bare,
      gzip: { ...bare.gzip, held: null },
      dns: { ...bare.dns, held: null },
    };
    expect(watchHeld(noSchedstat, 110, 0)).toBeNull();
    expect(watchHeld({ ...trial(honest) }, null, null)).toMatchObject({
      void: expect.stringMatching(/gzipSync's CPU/),
    });
    // unread, but a tick ran during gzipSync: the claim's other reading is against, not void
    const against = { ...trial(undefined), gzipSync: { ...trial(undefined).gzipSync, ticks: 3 } };
    expect(check(against)).toMatchObject({ ok: false });
    expect(check(against).invalid).toBeUndefined();
    // Node options in force (a preloaded agent's own work on the main thread): not judged
    const spun = trial(watchOf({ cpuMs: 40.2, gcMs: 2, waitMs: 0.3, ms: 41 }, 40.4));
    expect(watchHeld({ ...spun, nodeOptions: true }, 110, 0)).toBeNull();
    expect(check({ ...spun, nodeOptions: true }).ok).toBe(true);
  });
});
