import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineSpec } from '../../harness/spec.js';

const quotaCgroup = createRequire(import.meta.url)('../../fixtures/lib/quota-cgroup.cjs');

const QUOTAS = [1.5, 0.5];

/**
 * The late reading: once the fixture has run a time the harness draws here
 * (from its word that it started, on the harness's clock, so the process is
 * at least that old; not told to the fixture), it reads the last quota again,
 * having read availableParallelism every 100 ms meanwhile. The claim holds for
 * a process's whole life, not only its first second: a reading that turns
 * with the process's age (ap-quota-aged: over 3 s) shows here where it turns
 * before the draw. Any bounded read can be out-waited; the draw keeps the
 * fixture from knowing the moment. It costs the claim's one trial the wait:
 * 3.4–4.0 s in all, measured (1.4–1.5 s with the late read at 1.1–1.5 s after
 * the quota was set), so the claim mostly waits (tag 'mostly-waits', lanes of
 * their own). Honest readings: availableParallelism 2 at each of 32–39 looks
 * and at the drawn age, every run (2 CPUs, cgroup v1, Node 20, 22, 24, 26;
 * 14 runs, 3 of them side by side).
 */
export const LATE_MS = /** @type {const} */ ([3200, 3900]);

/** 'a.b.c' → [a, b, c]; compare as numbers. @param {string} a @param {string} b */
const atLeast = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return true;
};

/**
 * What libuv reads a quota from, by its version and how /proc/self/cgroup
 * reads: none before 1.49; the v2 cpu.max files (every level up from 1.51,
 * its own cgroup's alone before: seenQuota) where the
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
 * The quota libuv would see from a step: a quota on the cgroup above the
 * process's own (level 'parent') is read only where libuv walks up the
 * hierarchy: on cgroup v2 from libuv 1.51.0 (libuv#4746, "align CPU quota
 * calculation with Rust", every level up to the mount); 1.49 and 1.50 read
 * the process's own cpu.max alone. On v1 it reads the process's own cgroup's
 * cpu.cfs_quota_us alone (from libuv's source, uv__get_cgroupv1_constrained_cpu).
 * Before 1.49 or where unseen, none, as for its own. In this claim's steps
 * the cgroup above is the only level with a quota, so which level wins when
 * several have one is not asked.
 * @param {{ quota: number | null, level?: string }} step @param {string} reads @param {string} uv
 */
export const seenQuota = (step, reads, uv) =>
  step.level === 'parent' && (reads === 'v1' || (reads === 'v2' && !atLeast(uv, '1.51.0'))) ? null : step.quota;

/**
 * How a step of the fixture's reads in the report.
 * @param {{ quota: number | null, launched?: boolean, lateMs?: number, ageMs?: number,
 *   late?: boolean, level?: string, busy?: { before: number, throttled: number, ms: number } }} r
 * @param {number} [atMs]  the late reading's drawn age (the harness's)
 */
function stepName(r, atMs) {
  if (r.busy)
    return `quota ${r.quota} CPUs, read while busy once its cgroup had throttled it (nr_throttled ${r.busy.before} → ${r.busy.throttled} after ${r.busy.ms} ms spinning)`;
  if (r.launched)
    return r.quota === null
      ? 'the quota lifted, in that process'
      : `quota ${r.quota} CPUs, in a process started under it`;
  if (r.quota === null) return 'no quota';
  const on = r.level === 'parent' ? ' on the cgroup above its own' : '';
  if (r.late)
    return `quota ${r.quota} CPUs${on}, read again once the process had run ${atMs ?? '?'} ms (drawn; it said ${r.ageMs} ms)`;
  if (r.lateMs !== undefined) return `quota ${r.quota} CPUs, ${r.lateMs} ms later (the process ${r.ageMs} ms old)`;
  return `quota ${r.quota} CPUs${on}`;
}

/**
 * The late part: where the harness asked for a late reading (obs.late, its
 * drawn age), the fixture reported one (a step marked late), and its looks
 * while it waited (obs.during: how many read each value) all read what the
 * model gives for the quota then in force. A late reading asked for and not
 * reported fails: an honest fixture always answers the word (it waits 10 s).
 * @param {any} obs @param {{ reads: string, uv: string, allowed: number }} m
 * @returns {{ ok: boolean, detail: string }}
 */
export function lateCheck(obs, m) {
  if (!obs.late) return { ok: true, detail: '' };
  const answered = obs.steps.some((/** @type {any} */ s) => s.late);
  const missing =
    obs.late.sent === false
      ? '; the fixture never said it started, so no late reading was asked for'
      : '; the late reading asked for was not reported';
  const d = obs.during;
  if (!d) return { ok: answered, detail: answered ? '' : missing };
  const want = expectedAp({ ...m, quota: seenQuota(d, m.reads, m.uv) });
  const values = Object.entries(d.aps ?? {});
  const off = values.filter(([ap]) => Number(ap) !== want);
  const on = d.level === 'parent' ? ' on the cgroup above its own' : '';
  const words = values.map(([ap, n]) => `${ap} ×${n}`).join(', ') || 'no look';
  return {
    ok: answered && values.length > 0 && off.length === 0,
    detail: `; while it waited for the late reading (quota ${d.quota} CPUs${on}, ${d.looks} looks from ${d.fromMs} to ${d.toMs} ms of its life): availableParallelism ${words}${off.length ? ` (expected ${want})` : ''}${answered ? '' : missing}`,
  };
}

/**
 * The busy reading (a step with `busy`): the last quota read again while the
 * fixture spins, once its cgroup's cpu.stat counted a throttle (nr_throttled
 * rose): the quota then limits a process that wants more CPU than it allows,
 * the case a quota exists for. The model's count does not depend on it (libuv
 * reads the quota files, not the throttling), so the reading is judged as the
 * idle one. Honest: availableParallelism 2 under 0.5 CPUs, throttled after
 * 100–140 ms of spinning (cgroup v1, Node 20, 2 CPUs allowed), as idle; one
 * that follows the quota only once the process was throttled
 * (ap-quota-once-throttled): 1. Where no throttle was counted within the
 * fixture's bound (2 s), the reading shows nothing beyond the idle one: the
 * trial is void unless another reading fails. Absent in records from before.
 * @param {any[]} steps
 * @returns {{ before: number, throttled: number, ms: number } | null}  the busy step's, where it was not throttled
 */
export function unthrottled(steps) {
  const busy = steps.find((s) => s.busy);
  return busy && !(busy.busy.throttled > busy.busy.before) ? busy.busy : null;
}

/**
 * The observation against the model: every step's quota was in force as set,
 * and availableParallelism was what the model says for it.
 * @param {any} obs @param {{ reads: string, uv: string, allowed: number }} m
 */
export function judgeQuota(obs, m) {
  if (obs.unavailable) return { ok: false, invalid: true, detail: obs.unavailable };
  const rows = obs.steps.map((/** @type {any} */ s) => ({
    ...s,
    want: expectedAp({ ...m, quota: seenQuota(s, m.reads, m.uv) }),
  }));
  const inForce = rows.every(
    (/** @type {any} */ r) => r.inForce === r.quota || (r.quota === null && r.inForce === null),
  );
  if (!inForce)
    return {
      ok: false,
      invalid: true,
      detail: `the quota read back differs from the one set (${rows.map((/** @type {any} */ r) => `${r.quota} → ${r.inForce}`).join(', ')}): another limit is in force`,
    };
  const late = lateCheck(obs, m);
  const ok = rows.every((/** @type {any} */ r) => r.ap === r.want) && late.ok;
  const idle = unthrottled(obs.steps);
  const detail = `in a child cgroup (${obs.version}), ${rows
    .map(
      (/** @type {any} */ r) =>
        `${stepName(r, obs.late?.atMs)}: availableParallelism ${r.ap}${r.ap === r.want ? '' : ` (expected ${r.want})`}`,
    )
    .join(
      '; ',
    )} (${obs.allowed} CPUs allowed)${late.detail}${obs.nestedUnavailable ? `; no quota above its own cgroup: ${obs.nestedUnavailable}` : ''}`;
  if (ok && idle)
    return {
      ok: false,
      invalid: true,
      detail: `${detail}; the busy reading spun ${idle.ms} ms and its cgroup throttled it no time (nr_throttled ${idle.before} → ${idle.throttled}): it shows nothing beyond the idle one`,
    };
  return { ok, detail };
}

export default defineSpec({
  id: 'os.ap-cgroup',
  title: 'os.availableParallelism() follows a cgroup CPU quota, rounded down',
  area: 'os',
  claim:
    'Under a cgroup CPU quota, os.availableParallelism() reports the quota rounded down (1.5 CPUs → 1) instead of the CPUs the process may use.',
  truth:
    'Depends on libuv and on the cgroup layout. Before libuv 1.49 (Node 20, 22.0–22.11) no quota is read. From 1.49 libuv reads cpu.max where /proc/self/cgroup starts with a v2 entry (0::/), rounded down; a quota under one CPU gave the allowed count until 1.52 (24.16+, 26 give 1) (from libuv’s source; not measured here). Measured on a cgroup v1 host whose cpu controller is mounted on its own (Node 20.10–26.10): a quota of 1.5 or 0.5 CPUs, in force, leaves availableParallelism at the allowed count on every version, since libuv looks for a `cpu,` controller line; so does the same quota on the cgroup above the process’s own (Node 20–26), and a process busy under 0.5 CPUs once its cgroup throttled it (Node 20), and so does either read again once the process is over 3 s old. On v2 libuv reads cpu.max at every level up from 1.51 (libuv#4746), its own cgroup’s alone in 1.49 and 1.50, and on v1 its own cgroup’s quota alone (from its source and changelog; not measured here).',
  expected: 'holds',
  // its one trial waits out the late reading's drawn age (LATE_MS)
  tags: ['structural', 'version', 'mostly-waits'],
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
    const wantAbove = QUOTAS.map((q) =>
      expectedAp({ reads, uv, quota: seenQuota({ quota: q, level: 'parent' }, reads, uv), allowed }),
    );
    const follows = want[0] === Math.floor(QUOTAS[0]);
    return {
      ...(follows ? {} : { expected: /** @type {const} */ ('refuted') }),
      summary: `This process moves into a child cgroup and sets quotas of ${QUOTAS.join(' and ')} CPUs in turn (${allowed} CPUs allowed), the last read again while the process spins, once its cgroup has throttled it (cpu.stat nr_throttled); then each on the cgroup above its own (its own lifted: a pod's quota above a container's cgroup); the last is read again once the process has run a time the harness draws in ${LATE_MS[0]}–${LATE_MS[1]} ms (and read every 100 ms until then), then on its own cgroup; a process started under the first reads it from its start (a container's case), and again once it is lifted. ${WHY[reads](uv)}: availableParallelism ${QUOTAS.map((q, i) => `${q} → ${want[i]}`).join(', ')}, no quota → ${allowed}; on the cgroup above: ${QUOTAS.map((q, i) => `${q} → ${wantAbove[i]}`).join(', ')}${reads === 'v1' ? ' (libuv reads the v1 quota of its own cgroup alone)' : ''}.`,
      model: {
        allowed,
        reads,
        quotas: QUOTAS.map((q, i) => ({ quota: q, ap: want[i], above: wantAbove[i] })),
        outcome:
          reads === 'unseen' || reads === 'old'
            ? 'the quota is not read: availableParallelism stays at the CPUs allowed'
            : `a quota is rounded down; under one CPU → ${want[1] === 1 ? '1' : 'the CPUs allowed'}`,
      },
      trial: async (c) => {
        // the late reading's age, drawn here and not told: the harness's word comes
        // that long after the fixture's word that it started (the process is older)
        const atMs = randomInt(LATE_MS[0], LATE_MS[1] + 1);
        /** @type {NodeJS.Timeout | undefined} */
        let timer;
        let sent = false;
        const handle = c.start('ap-cgroup.cjs', {
          options: { quotas: QUOTAS, late: true, nested: true },
          timeoutMs: 15_000,
          onMessage: (m) => {
            if (m?.started && !timer) timer = setTimeout(() => ((sent = true), handle.send({ type: 'late' })), atMs);
          },
        });
        try {
          const { data } = await handle.result;
          return data?.unavailable ? data : { ...data, late: { atMs, sent } };
        } finally {
          clearTimeout(timer);
        }
      },
      structural: {
        // own cgroup's quotas, then the same set on the cgroup above; read again late (drawn age)
        asserts: `availableParallelism ${want[0]}/${want[1]} under 1.5/0.5 CPUs, ${wantAbove[0]}/${wantAbove[1]} set above, ${allowed} with none, also late`,
        // one trial: readings of a value, not of a race; the late one costs its wait
        need: 1,
        check: (obs) => judgeQuota(obs, { reads, uv, allowed }),
      },
    };
  },
});
