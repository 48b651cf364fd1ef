import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineSpec } from '../../harness/spec.js';

const quotaCgroup = createRequire(import.meta.url)('../../fixtures/lib/quota-cgroup.cjs');

const QUOTAS = [1.5, 0.5];

/** 'a.b.c' → [a, b, c]; compare as numbers. @param {string} a @param {string} b */
const atLeast = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return true;
};

/**
 * What libuv reads a quota from, by its version and how /proc/self/cgroup
 * reads: none before 1.49; the v2 cpu.max files (every level up) where the
 * first line is `0::/…`; else a v1 line with a `cpu,` controller list; none
 * where neither is there (a v1 cpu controller mounted on its own, `N:cpu:/…`,
 * or a hybrid layout whose first line is a v1 hierarchy).
 * @param {{ uv: string, v2First: boolean, cpuComma: boolean }} o
 * @returns {'old' | 'v2' | 'v1' | 'unseen'}
 */
export function libuvReads({ uv, v2First, cpuComma }) {
  if (!atLeast(uv, '1.49.0')) return 'old';
  if (v2First) return 'v2';
  return cpuComma ? 'v1' : 'unseen';
}

/**
 * availableParallelism the model expects under a quota (null: none) with
 * `allowed` CPUs: the quota rounded down where libuv reads it; a quota under
 * one CPU rounds to 0, which libuv ignored (→ allowed) until 1.52 and counts
 * as 1 from 1.52 on cgroup v2.
 * @param {{ reads: string, uv: string, quota: number | null, allowed: number }} o
 */
export function expectedAp({ reads, uv, quota, allowed }) {
  if (quota === null || reads === 'old' || reads === 'unseen') return allowed;
  const floor = Math.floor(quota);
  if (floor >= 1) return Math.min(allowed, floor);
  return reads === 'v2' && atLeast(uv, '1.52.0') ? 1 : allowed;
}

/** How /proc/self/cgroup reads here (the harness's process: the fixture's starts in the same cgroup). */
function procCgroup() {
  try {
    const text = readFileSync('/proc/self/cgroup', 'utf8');
    return { v2First: text.startsWith('0::/'), cpuComma: text.includes(':cpu,') };
  } catch {
    return null;
  }
}

const WHY = {
  old: (/** @type {string} */ uv) => `libuv ${uv} does not read cgroup quotas (from 1.49)`,
  unseen: () =>
    'libuv finds no quota to read: /proc/self/cgroup neither starts with a cgroup v2 entry (0::/) nor lists a v1 `cpu,…` controller (the cpu controller is mounted on its own)',
  v2: () => 'libuv reads cpu.max (cgroup v2)',
  v1: () => 'libuv reads cpu.cfs_quota_us (cgroup v1)',
};

/**
 * How a step of the fixture's reads in the report.
 * @param {{ quota: number | null, launched?: boolean, lateMs?: number, ageMs?: number }} r
 */
function stepName(r) {
  if (r.launched)
    return r.quota === null
      ? 'the quota lifted, in that process'
      : `quota ${r.quota} CPUs, in a process started under it`;
  if (r.quota === null) return 'no quota';
  if (r.lateMs !== undefined) return `quota ${r.quota} CPUs, ${r.lateMs} ms later (the process ${r.ageMs} ms old)`;
  return `quota ${r.quota} CPUs`;
}

/**
 * The observation against the model: every step's quota was in force as set,
 * and availableParallelism was what the model says for it.
 * @param {any} obs @param {{ reads: string, uv: string, allowed: number }} m
 */
export function judgeQuota(obs, m) {
  if (obs.unavailable) return { ok: false, invalid: true, detail: obs.unavailable };
  const rows = obs.steps.map((/** @type {any} */ s) => ({ ...s, want: expectedAp({ ...m, quota: s.quota }) }));
  const inForce = rows.every(
    (/** @type {any} */ r) => r.inForce === r.quota || (r.quota === null && r.inForce === null),
  );
  if (!inForce)
    return {
      ok: false,
      invalid: true,
      detail: `the quota read back differs from the one set (${rows.map((/** @type {any} */ r) => `${r.quota} → ${r.inForce}`).join(', ')}): another limit is in force`,
    };
  const ok = rows.every((/** @type {any} */ r) => r.ap === r.want);
  const detail = `in a child cgroup (${obs.version}), ${rows
    .map(
      (/** @type {any} */ r) =>
        `${stepName(r)}: availableParallelism ${r.ap}${r.ap === r.want ? '' : ` (expected ${r.want})`}`,
    )
    .join('; ')} (${obs.allowed} CPUs allowed)`;
  return { ok, detail };
}

export default defineSpec({
  id: 'os.ap-cgroup',
  title: 'os.availableParallelism() follows a cgroup CPU quota, rounded down',
  area: 'os',
  claim:
    'Under a cgroup CPU quota, os.availableParallelism() reports the quota rounded down (1.5 CPUs → 1) instead of the CPUs the process may use.',
  truth:
    'Depends on libuv and on the cgroup layout. Before libuv 1.49 (Node 20, 22.0–22.11) no quota is read. From 1.49 libuv reads cpu.max where /proc/self/cgroup starts with a v2 entry (0::/), rounded down; a quota under one CPU gave the allowed count until 1.52 (24.16+, 26 give 1) (from libuv’s source; not measured here). Measured on a cgroup v1 host whose cpu controller is mounted on its own (Node 20.10–26.10): a quota of 1.5 or 0.5 CPUs, in force, leaves availableParallelism at the allowed count on every version, since libuv looks for a `cpu,` controller line.',
  expected: 'holds',
  tags: ['structural', 'version'],
  requires: ['linux'],
  source: {
    file: 'https://github.com/nodejs/node/issues/59200',
    section: 'os.availableParallelism() and cgroup CPU quotas (libuv uv_available_parallelism, libuv#4740)',
    figures: null,
  },
  plan(ctx) {
    const none = { summary: '', trial: async () => null };
    const allowed = ctx.usable?.length ?? 0;
    if (allowed < 2)
      return {
        ...none,
        skip: `a quota of 1.5 CPUs is told apart only with two or more CPUs allowed (${allowed || 'unknown'} here)`,
      };
    const quota = ctx.profile?.cgroupQuota ?? null;
    if (quota !== null)
      return {
        ...none,
        skip: `a cgroup CPU quota of ${quota} is in force already: a child's quota would be bounded by it`,
      };
    const layout = procCgroup();
    if (!layout) return { ...none, skip: 'cannot read /proc/self/cgroup' };
    const why = quotaCgroup.unavailable();
    if (why) return { ...none, skip: `needs a child cgroup with a CPU quota: ${why}` };
    const uv = ctx.node.uv;
    const reads = libuvReads({ uv, ...layout });
    const want = QUOTAS.map((q) => expectedAp({ reads, uv, quota: q, allowed }));
    const follows = want[0] === Math.floor(QUOTAS[0]);
    return {
      ...(follows ? {} : { expected: /** @type {const} */ ('refuted') }),
      summary: `This process moves into a child cgroup and sets quotas of ${QUOTAS.join(' and ')} CPUs in turn (${allowed} CPUs allowed); the last is read again 1.1–1.5 s after it was set (a process over a second old); a process started under the first reads it from its start (a container's case), and again once it is lifted. ${WHY[reads](uv)}: availableParallelism ${QUOTAS.map((q, i) => `${q} → ${want[i]}`).join(', ')}, no quota → ${allowed}.`,
      model: {
        allowed,
        reads,
        quotas: QUOTAS.map((q, i) => ({ quota: q, ap: want[i] })),
        outcome:
          reads === 'unseen' || reads === 'old'
            ? 'the quota is not read: availableParallelism stays at the CPUs allowed'
            : `a quota is rounded down; under one CPU → ${want[1] === 1 ? '1' : 'the CPUs allowed'}`,
      },
      trial: (c) => c.run('ap-cgroup.cjs', { options: { quotas: QUOTAS, late: true }, timeoutMs: 15_000 }),
      structural: {
        asserts: `availableParallelism ${want[0]} under a 1.5-CPU quota, ${want[1]} under 0.5, ${allowed} with none`,
        // one trial: readings of a value, not of a race; the late one costs its wait
        need: 1,
        check: (obs) => judgeQuota(obs, { reads, uv, allowed }),
      },
    };
  },
});
