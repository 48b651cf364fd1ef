// os.* claims: how the readings are judged (pure), on observations shaped like
// the fixtures' (fixtures/ap-affinity.cjs, fixtures/ap-cgroup.cjs).
import { test } from 'node:test';
import { expect } from 'expect';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { judgeAffinity, affinityTrial } from '../specs/os/os.ap-affinity.spec.js';
import { createLauncher } from '../harness/launcher.js';
import { specContext } from '../harness/context.js';
import {
  libuvReads,
  expectedAp,
  judgeQuota,
  lateCheck,
  seenQuota,
  unthrottled,
} from '../specs/os/os.ap-cgroup.spec.js';

const two = { ap: 2, cpus: 2, allowed: [0, 1] };
const one = { ap: 1, cpus: 2, allowed: [1] };
const affinity = { pin: 1, started: two, launched: one, changed: one, restored: two };

test('availableParallelism follows the affinity, at start and while running; cpus().length does not', () => {
  expect(judgeAffinity(affinity).ok).toBe(true);
  expect(judgeAffinity(affinity).detail).toContain(
    'after taskset -a -p -c 1 from outside while running: 1 CPU allowed, availableParallelism 1',
  );
});

test('a value fixed at start, or a cpus() that follows the affinity, is caught', () => {
  expect(judgeAffinity({ ...affinity, changed: { ...one, ap: 2 } }).ok).toBe(false);
  expect(judgeAffinity({ ...affinity, launched: { ...one, ap: 2 } }).ok).toBe(false);
  expect(judgeAffinity({ ...affinity, launched: { ...one, cpus: 1 } }).ok).toBe(false);
  // a pin that did not take (two CPUs still allowed) shows nothing
  expect(judgeAffinity({ ...affinity, launched: two }).ok).toBe(false);
});

test('on three CPUs or more, a list with gaps is counted, not spanned (ap-affinity-span)', () => {
  const four = { ap: 4, cpus: 4, allowed: [0, 1, 2, 3] };
  const last = { ap: 1, cpus: 4, allowed: [3] };
  const wide = { pin: 3, started: four, launched: last, changed: last, restored: four };
  const apart = { ap: 2, cpus: 4, allowed: [0, 2] };
  expect(judgeAffinity({ ...wide, apart }).ok).toBe(true);
  expect(judgeAffinity({ ...wide, apart }).detail).toContain(
    'after taskset -a -p -c 0,2 from outside (every other CPU): 2 CPUs allowed',
  );
  expect(judgeAffinity({ ...wide, apart: { ...apart, ap: 3 } }).ok).toBe(false);
});

test('started pinned, then given every CPU: the count follows it up (ap-start-ceiling)', () => {
  const widened = { ...two, seen: [0, 1] };
  expect(judgeAffinity({ ...affinity, widened }).ok).toBe(true);
  expect(judgeAffinity({ ...affinity, widened }).detail).toContain(
    'started under taskset -c 1, then taskset -a -p -c 0,1 from outside: 2 CPUs allowed, availableParallelism 2',
  );
  // capped at the count it had at start
  expect(judgeAffinity({ ...affinity, widened: { ...widened, ap: 1 } }).ok).toBe(false);
  // a widening that did not take shows nothing
  expect(judgeAffinity({ ...affinity, widened: { ...one, seen: [1] } }).ok).toBe(false);
});

test("the main thread alone pinned (taskset -p): the count is the main thread's (ap-sibling-affinity)", () => {
  const mainOnly = { ...one, seen: [1], others: [2, 2, 2, 2, 2, 2] };
  expect(judgeAffinity({ ...affinity, mainOnly }).ok).toBe(true);
  expect(judgeAffinity({ ...affinity, mainOnly }).detail).toContain(
    'after taskset -p -c 1 from outside on the main thread alone (its other threads: 2 CPUs each): 1 CPU allowed, availableParallelism 1',
  );
  // another thread's count
  expect(judgeAffinity({ ...affinity, mainOnly: { ...mainOnly, ap: 2 } }).ok).toBe(false);
  // a pin that did not take shows nothing
  expect(judgeAffinity({ ...affinity, mainOnly: { ...two, seen: [0, 1], others: [2] } }).ok).toBe(false);
});

test("the harness's own look at the affinity: judged against, and the fixture's report must agree", () => {
  // the count against what the harness read, not what the fixture said
  const told = { ...one, ap: 2, allowed: [0, 1], seen: [1] };
  const judged = judgeAffinity({ ...affinity, changed: told });
  expect(judged.ok).toBe(false);
  expect(judged.detail).toContain('while running: 1 CPU allowed (the fixture reported 2), availableParallelism 2');
  expect(judgeAffinity({ ...affinity, changed: { ...one, seen: [1] } }).ok).toBe(true);
  // no look (not Linux, /proc unreadable): judged on the fixture's report, as before
  expect(judgeAffinity({ ...affinity, widened: two, mainOnly: one }).ok).toBe(true);
});

test('which quota libuv reads: by its version and the first line of /proc/self/cgroup', () => {
  expect(libuvReads({ uv: '1.46.0', v2First: true, cpuComma: false })).toBe('old');
  expect(libuvReads({ uv: '1.49.1', v2First: true, cpuComma: false })).toBe('v2');
  expect(libuvReads({ uv: '1.52.1', v2First: false, cpuComma: true })).toBe('v1');
  // a v1 cpu controller mounted on its own ('1:cpu:/'), hybrid layout: nothing read
  expect(libuvReads({ uv: '1.52.1', v2First: false, cpuComma: false })).toBe('unseen');
});

test('the quota rounded down; under one CPU: the allowed count until 1.52, then 1 (v2)', () => {
  const at = (/** @type {string} */ reads, /** @type {string} */ uv, /** @type {number | null} */ quota) =>
    expectedAp({ reads, uv, quota, allowed: 4 });
  expect(at('v2', '1.51.0', 2.5)).toBe(2);
  expect(at('v2', '1.51.0', 0.5)).toBe(4);
  expect(at('v2', '1.52.1', 0.5)).toBe(1);
  expect(at('v2', '1.52.1', 8)).toBe(4);
  expect(at('v1', '1.52.1', 0.5)).toBe(4);
  expect(at('unseen', '1.52.1', 1.5)).toBe(4);
  expect(at('old', '1.46.0', 1.5)).toBe(4);
  expect(at('v2', '1.52.1', null)).toBe(4);
});

test('a quota step judged: in force as set, and the value the model gives', () => {
  const steps = (/** @type {number[]} */ aps) =>
    [null, 1.5, 0.5, null].map((quota, i) => ({ quota, inForce: quota, ap: aps[i] }));
  const m = { reads: 'v2', uv: '1.52.1', allowed: 2 };
  expect(judgeQuota({ version: 'v2', allowed: 2, steps: steps([2, 1, 1, 2]) }, m).ok).toBe(true);
  // rounded to nearest: 1.5 → 2
  expect(judgeQuota({ version: 'v2', allowed: 2, steps: steps([2, 2, 1, 2]) }, m).ok).toBe(false);
  expect(judgeQuota({ version: 'v1', allowed: 2, steps: steps([2, 2, 2, 2]) }, { ...m, reads: 'unseen' }).ok).toBe(
    true,
  );
  // a process started under 1.5, then the quota lifted: read at each call, it follows; fixed at start, it does not
  const launched = (/** @type {number[]} */ aps) => [
    ...steps([2, 1, 1, 2]),
    { quota: 1.5, inForce: 1.5, ap: aps[0], launched: true },
    { quota: null, inForce: null, ap: aps[1], launched: true },
  ];
  expect(judgeQuota({ version: 'v2', allowed: 2, steps: launched([1, 2]) }, m).ok).toBe(true);
  const fixed = judgeQuota({ version: 'v2', allowed: 2, steps: launched([1, 1]) }, m);
  expect(fixed.ok).toBe(false);
  expect(fixed.detail).toContain('the quota lifted, in that process: availableParallelism 1 (expected 2)');
  // another limit in force: the trial shows nothing
  const other = { version: 'v2', allowed: 2, steps: [{ quota: 1.5, inForce: 1, ap: 1 }] };
  expect(judgeQuota(other, m).invalid).toBe(true);
  expect(judgeQuota({ unavailable: 'not root' }, m).invalid).toBe(true);
});

test('a quota on the cgroup above its own: read where libuv walks up (v2), not on v1 (ap-quota-ancestors)', () => {
  expect(seenQuota({ quota: 0.5, level: 'parent' }, 'v1', '1.51.0')).toBe(null);
  // cgroup v2: every level up from libuv 1.51.0 (libuv#4746); 1.49 and 1.50 read their own alone
  expect(seenQuota({ quota: 0.5, level: 'parent' }, 'v2', '1.51.0')).toBe(0.5);
  expect(seenQuota({ quota: 0.5, level: 'parent' }, 'v2', '1.50.2')).toBe(null);
  expect(seenQuota({ quota: 0.5, level: 'parent' }, 'v2', '1.49.1')).toBe(null);
  expect(seenQuota({ quota: 0.5 }, 'v2', '1.49.1')).toBe(0.5);
  expect(seenQuota({ quota: 0.5 }, 'v1', '1.46.0')).toBe(0.5);
  const steps = (/** @type {number[]} */ aps) => [
    ...[null, 1.5, 0.5].map((quota, i) => ({ quota, inForce: quota, ap: aps[i] })),
    ...[1.5, 0.5].map((quota, i) => ({ quota, inForce: quota, ap: aps[3 + i], level: 'parent' })),
  ];
  // where libuv reads no quota (here: v1, cpu mounted alone), 2 throughout
  const unseen = { reads: 'unseen', uv: '1.52.1', allowed: 2 };
  expect(judgeQuota({ version: 'v1', allowed: 2, steps: steps([2, 2, 2, 2, 2]) }, unseen).ok).toBe(true);
  // the sabotage: the quota above followed, its own not read
  const above = judgeQuota({ version: 'v1', allowed: 2, steps: steps([2, 2, 2, 1, 1]) }, unseen);
  expect(above.ok).toBe(false);
  expect(above.detail).toContain('quota 0.5 CPUs on the cgroup above its own: availableParallelism 1 (expected 2)');
  // v2 from 1.52: every level up, rounded down, under one CPU → 1
  const v2 = { reads: 'v2', uv: '1.52.1', allowed: 2 };
  expect(judgeQuota({ version: 'v2', allowed: 2, steps: steps([2, 1, 1, 1, 1]) }, v2).ok).toBe(true);
  expect(judgeQuota({ version: 'v2', allowed: 2, steps: steps([2, 1, 1, 2, 2]) }, v2).ok).toBe(false);
  // v1 as libuv reads it: its own cgroup's file alone
  const v1 = { reads: 'v1', uv: '1.52.1', allowed: 2 };
  expect(judgeQuota({ version: 'v1', allowed: 2, steps: steps([2, 1, 2, 2, 2]) }, v1).ok).toBe(true);
  // no second level made (nestedUnavailable): the steps above are absent, the rest judged
  const flat = { version: 'v2', allowed: 2, steps: steps([2, 1, 1]).slice(0, 3), nestedUnavailable: 'EBUSY' };
  expect(judgeQuota(flat, v2).ok).toBe(true);
  expect(judgeQuota(flat, v2).detail).toContain('no quota above its own cgroup: EBUSY');
});

test("late in the process's life, at a drawn age: the late readings and the looks meanwhile (ap-quota-aged)", () => {
  const m = { reads: 'unseen', uv: '1.46.0', allowed: 2 };
  const late = (/** @type {number} */ ap, /** @type {Record<string, number>} */ aps) => ({
    version: 'v1',
    allowed: 2,
    steps: [
      { quota: null, inForce: null, ap: 2 },
      { quota: 0.5, inForce: 0.5, ap: 2 },
      { quota: 0.5, inForce: 0.5, ap, level: 'parent', late: true, ageMs: 3640 },
      { quota: 0.5, inForce: 0.5, ap, late: true, ageMs: 3641 },
    ],
    during: { quota: 0.5, level: 'parent', looks: 36, aps, fromMs: 51, toMs: 3569 },
    late: { atMs: 3597, sent: true },
  });
  // honest (measured): 2 at every look and at the drawn age
  const honest = judgeQuota(late(2, { 2: 36 }), m);
  expect(honest.ok).toBe(true);
  expect(honest.detail).toContain('read again once the process had run 3597 ms (drawn; it said 3640 ms)');
  expect(honest.detail).toContain('36 looks from 51 to 3569 ms of its life): availableParallelism 2 ×36');
  // the quota followed once the process is over 3 s old: the late readings, the last looks
  const aged = judgeQuota(late(1, { 1: 8, 2: 28 }), m);
  expect(aged.ok).toBe(false);
  expect(aged.detail).toContain('availableParallelism 1 ×8, 2 ×28 (expected 2)');
  // turned only in a window before the draw, back at the late reading: the looks show it
  expect(judgeQuota(late(2, { 1: 3, 2: 33 }), m).ok).toBe(false);
  // asked for and not reported: fails; never said it started: fails, said so
  const unanswered = late(2, { 2: 90 });
  unanswered.steps = unanswered.steps.filter((s) => !s.late);
  expect(lateCheck(unanswered, m)).toEqual(
    expect.objectContaining({ ok: false, detail: expect.stringContaining('asked for was not reported') }),
  );
  const unsaid = { ...unanswered, late: { atMs: 3300, sent: false }, during: undefined };
  expect(lateCheck(unsaid, m).detail).toContain('never said it started');
  // no late reading planned (an observation without obs.late): nothing asked of it
  const { late: _, during: __, ...none } = late(2, { 2: 1 });
  none.steps = none.steps.filter((s) => !s.late);
  expect(lateCheck(none, m)).toEqual({ ok: true, detail: '' });
  expect(judgeQuota(none, m).ok).toBe(true);
});

const twoCpus =
  process.platform === 'linux' && os.availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;
/**
 * One trial as the spec runs it (the harness pins and changes the affinity), under a sabotage or none.
 * @param {string | undefined} sabotage
 */
async function affinityRun(sabotage) {
  const before = process.env.NCS_SABOTAGE;
  if (sabotage) process.env.NCS_SABOTAGE = sabotage;
  else delete process.env.NCS_SABOTAGE;
  const machine = /** @type {any} */ ({ node: { path: process.execPath }, env: {}, cpus: null });
  const launcher = createLauncher({ machine });
  try {
    const allowed = os.availableParallelism();
    return await affinityTrial(specContext(machine, launcher), allowed - 1);
  } finally {
    launcher.dispose();
    if (before === undefined) delete process.env.NCS_SABOTAGE;
    else process.env.NCS_SABOTAGE = before;
  }
}

test(
  'ap-cached keeps the readings at start and in a process started pinned; only the change while running differs',
  { skip: !twoCpus },
  async () => {
    const honest = await affinityRun(undefined);
    const cached = await affinityRun('ap-cached');
    expect(cached.started).toEqual(honest.started);
    expect(cached.launched).toEqual(honest.launched);
    expect(judgeAffinity(honest).ok).toBe(true);
    expect(judgeAffinity(cached).ok).toBe(false);
  },
);

test(
  "ap-own-taskset-only: availableParallelism refreshed only by the program's own taskset misses the harness's change",
  { skip: !twoCpus },
  async () => {
    const own = await affinityRun('ap-own-taskset-only');
    expect(own.changed.allowed).toHaveLength(1);
    expect(own.changed.ap).toBeGreaterThan(1);
    expect(judgeAffinity(own).ok).toBe(false);
  },
);

test(
  'ap-start-ceiling: a process started pinned and then given every CPU still reads 1',
  { skip: !twoCpus },
  async () => {
    const capped = await affinityRun('ap-start-ceiling');
    expect(capped.widened.seen.length).toBeGreaterThan(1);
    expect(capped.widened.ap).toBe(1);
    expect(judgeAffinity(capped).ok).toBe(false);
  },
);

test(
  "ap-sibling-affinity: another thread's CPUs counted; the main thread alone pinned is not seen",
  { skip: !twoCpus },
  async () => {
    const honest = await affinityRun(undefined);
    expect(honest.mainOnly.seen).toEqual([honest.pin]);
    expect(honest.mainOnly.others.every((/** @type {number} */ n) => n > 1)).toBe(true);
    expect(judgeAffinity(honest).ok).toBe(true);
    const sibling = await affinityRun('ap-sibling-affinity');
    expect(sibling.mainOnly.ap).toBeGreaterThan(1);
    expect(judgeAffinity(sibling).ok).toBe(false);
  },
);

test("availableParallelism counts the calling thread's CPUs, not those every thread shares (ap-affinity-all-threads)", () => {
  // honest (Node 20): the main thread keeps both, its other threads pinned to CPU 1
  const othersOnly = { ...two, seen: [0, 1], others: [1, 1, 1, 1, 1, 1] };
  const honest = judgeAffinity({ ...affinity, othersOnly });
  expect(honest.ok).toBe(true);
  expect(honest.detail).toContain(
    'after taskset -p -c 1 from outside on every thread but the main one (its other threads: 1 CPU each): 2 CPUs allowed, availableParallelism 2',
  );
  // the CPUs common to every thread: 1
  const common = judgeAffinity({ ...affinity, othersOnly: { ...othersOnly, ap: 1 } });
  expect(common.ok).toBe(false);
  expect(common.detail).toContain('2 CPUs allowed, availableParallelism 1');
  // the pin of the others did not take (none narrowed): the step shows nothing
  expect(judgeAffinity({ ...affinity, othersOnly: { ...othersOnly, others: [2, 2] } }).ok).toBe(false);
  expect(judgeAffinity({ ...affinity, othersOnly: { ...two, seen: [0, 1] } }).ok).toBe(false);
  // the main thread narrowed too: not this step's case
  expect(judgeAffinity({ ...affinity, othersOnly: { ...one, seen: [1], others: [1] } }).ok).toBe(false);
  // records from before: left out
  expect(judgeAffinity(affinity).ok).toBe(true);
});

test('availableParallelism under a quota, read while busy and throttled (ap-quota-once-throttled)', () => {
  const busy = (/** @type {number} */ ap, throttled = 1) => ({
    quota: 0.5,
    inForce: 0.5,
    ap,
    busy: { before: 0, throttled, ms: 120 },
  });
  const steps = (/** @type {any} */ b) => [
    { quota: null, inForce: null, ap: 2 },
    { quota: 1.5, inForce: 1.5, ap: 2 },
    { quota: 0.5, inForce: 0.5, ap: 2 },
    b,
    { quota: null, inForce: null, ap: 2 },
  ];
  // cgroup v1, the cpu controller on its own (this host): no quota read, idle or busy
  const unseen = { reads: 'unseen', uv: '1.46.0', allowed: 2 };
  const honest = judgeQuota({ version: 'v1', allowed: 2, steps: steps(busy(2)) }, unseen);
  expect(honest.ok).toBe(true);
  expect(honest.detail).toContain(
    'quota 0.5 CPUs, read while busy once its cgroup had throttled it (nr_throttled 0 → 1 after 120 ms spinning): availableParallelism 2;',
  );
  // the quota followed once throttled: 1
  const once = judgeQuota({ version: 'v1', allowed: 2, steps: steps(busy(1)) }, unseen);
  expect(once.ok).toBe(false);
  expect(once.invalid).toBeUndefined();
  expect(once.detail).toContain('availableParallelism 1 (expected 2)');
  // libuv 1.52 on v2: 1.5 → 1, 0.5 → 1, idle and busy alike
  const v2 = { reads: 'v2', uv: '1.52.1', allowed: 2 };
  const v2steps = steps(busy(1)).map((s, i) => (i === 1 || i === 2 ? { ...s, ap: 1 } : s));
  expect(judgeQuota({ version: 'v2', allowed: 2, steps: v2steps }, v2).ok).toBe(true);
  // not throttled within the bound: void where the rest holds, a fail where a reading is off
  expect(unthrottled(steps(busy(2, 0)))).toEqual({ before: 0, throttled: 0, ms: 120 });
  expect(unthrottled(steps(busy(2)))).toBeNull();
  expect(judgeQuota({ version: 'v1', allowed: 2, steps: steps(busy(2, 0)) }, unseen)).toMatchObject({
    ok: false,
    invalid: true,
  });
  const off = judgeQuota({ version: 'v1', allowed: 2, steps: steps(busy(1, 0)) }, unseen);
  expect(off.ok).toBe(false);
  expect(off.invalid).toBeUndefined();
  // records from before: no busy step
  expect(unthrottled(steps({ quota: null, inForce: null, ap: 2 }))).toBeNull();
});
