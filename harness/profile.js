// @ts-check
// Machine profile: built from the child-process probe
// (fixtures/profile-probe.cjs) and the host topology (read by topology.js),
// and formatted for reports. Pure, except readCgroupQuota() with its default
// file reader: reporters may import it without spawning anything.

import { createRequire } from 'node:module';

// The quota reading is the probe's own module (CommonJS, run under the Node
// being tested): loaded from there, the tests check the code the probe runs.
// Its types are spelled out here (CgroupModule), and the loader is not named
// `require`: the types build would follow that call and emit declarations into fixtures/.
const loadFixture = createRequire(import.meta.url);
/** @type {CgroupModule} */
const cgroup = loadFixture('../fixtures/lib/cgroup.cjs');
export const { parseCgroupQuota, parseProcCgroup, parseMountInfo, cgroupDirs, readCgroupQuota } = cgroup;

/**
 * @typedef {(file: string) => string | undefined} ReadFile  a file's text, undefined when it cannot be read
 * @typedef {{ mountPoint: string, root: string }} CgroupMount  where a hierarchy is mounted, and the cgroup at its root
 * @typedef {{ v2: string | null, v1: string | null }} CgroupPaths  the process's cgroups (v2, and v1 with cpu)
 * @typedef {{ v2: CgroupMount | null, v1: CgroupMount | null }} CgroupMounts
 * @typedef {{ quota: number | null, from: string | null }} CgroupQuota  CPUs granted, and the file granting them
 * @typedef {{
 *   parseCgroupQuota: (files?: { v2?: string, v1Quota?: string, v1Period?: string }) => number | null,
 *   parseProcCgroup: (text: string | undefined) => CgroupPaths,
 *   parseMountInfo: (text: string | undefined) => CgroupMounts,
 *   cgroupDirs: (mount: CgroupMount, cgroup: string | null) => string[],
 *   readCgroupQuota: (readFile?: ReadFile) => CgroupQuota,
 * }} CgroupModule
 */

/** Work of one calibrated pbkdf2 task, in ms when it runs alone. */
export const TASK_MS = 120;
/**
 * --quick: a shorter unit of pool work for the claims whose structure does
 * not need 120 ms; the pbkdf2 batch claims run the multiple of it nearest
 * TASK_MS (harness/kits/pool.js batchTask), on which their CPU rule was
 * measured, and so does loop.cpu-blocks' heavy work, inside which the
 * harness's scans of the machine must fall.
 */
export const QUICK_TASK_MS = 60;

/**
 * @typedef {{ physical: number, logical: number, performance: number | null, efficiency: number | null }} Topology
 * @typedef {{ k: number, wallMs: number, speedup: number }} ParallelismSample
 * @typedef {{ value: number, rounds?: number, samples: ParallelismSample[] }} EffectiveParallelism  rounds: how many
 *   timed rounds the probe ran (it stops early where the speed-up already reads the cores)
 * @typedef {{ iterations: number, taskMs: number, referenceMs?: number | null }} Pbkdf2Calibration  referenceMs: the speed
 *   reference (fixtures/lib/speed-reference.cjs) at the speed the task was timed at, read against an iteration
 *   of the task in pairs timed back to back
 * @typedef {{
 *   availableParallelism?: number, cpuCount?: number, cpuModel?: string | null,
 *   affinity?: number[] | string | null, cgroupQuota?: number | null, cgroupQuotaFrom?: string | null,
 *   effectiveParallelism?: (EffectiveParallelism & Record<string, unknown>) | null,
 *   pbkdf2?: Pbkdf2Calibration | null,
 * }} ProbeResult
 * @typedef {{
 *   availableParallelism: number | null, cpuCount: number | null, cpuModel: string | null,
 *   affinity: number[] | null, cgroupQuota: number | null, cgroupQuotaFrom?: string | null, topology: Topology | null,
 *   cores: number, effectiveParallelism: EffectiveParallelism | null, pbkdf2: Pbkdf2Calibration | null,
 * }} Profile
 */

/**
 * Parse a Linux CPU list ('0-3,6') into sorted, unique CPU numbers. Malformed parts are skipped.
 * @param {string | null | undefined} text
 * @returns {number[]}
 */
export function parseCpuList(text) {
  /** @type {Set<number>} */
  const cpus = new Set();
  for (const part of String(text ?? '')
    .trim()
    .split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) continue;
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    for (let c = lo; c <= hi; c++) cpus.add(c);
  }
  return [...cpus].sort((a, b) => a - b);
}

/**
 * Inverse of parseCpuList: [0,1,2,3,6] -> '0-3,6'.
 * @param {number[]} cpus
 * @returns {string}
 */
export function formatCpuList(cpus) {
  const sorted = [...new Set(cpus)].sort((a, b) => a - b);
  /** @type {string[]} */
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    parts.push(start === sorted[i] ? String(start) : `${start}-${sorted[i]}`);
  }
  return parts.join(',');
}

/**
 * Effective core count C: min of availableParallelism, affinity size and floor(cgroup quota), at least 1.
 * @param {{ availableParallelism?: number | null, affinity?: number[] | null, cgroupQuota?: number | null }} limits
 * @returns {number}
 */
export function effectiveCores({ availableParallelism, affinity, cgroupQuota } = {}) {
  /** @type {number[]} */
  const bounds = [];
  if (typeof availableParallelism === 'number' && availableParallelism >= 1)
    bounds.push(Math.floor(availableParallelism));
  if (Array.isArray(affinity) && affinity.length > 0) bounds.push(affinity.length);
  if (typeof cgroupQuota === 'number' && cgroupQuota > 0) bounds.push(Math.max(1, Math.floor(cgroupQuota)));
  return bounds.length ? Math.max(1, Math.min(...bounds)) : 1;
}

/**
 * How the probe is run: a pool of cores + 1 threads (so C tasks never wait
 * for a thread), and its options (the fixture's JSON argument).
 * @param {number} cores
 * @param {number} [taskMs]
 * @returns {{ env: { UV_THREADPOOL_SIZE: string }, options: { cores: number, taskMs: number } }}
 */
export function probeOptions(cores, taskMs = TASK_MS) {
  return { env: { UV_THREADPOOL_SIZE: String(cores + 1) }, options: { cores, taskMs } };
}

/**
 * The effective parallelism the CPUs give now: the profile's probe run again
 * through `run` (a launcher's, or a context's), k = 1 … C + 1 tasks at once.
 * null where the probe fails or says nothing (a replay runs no fixture).
 * @param {(fixture: string, o?: any) => Promise<any>} run @param {number} cores
 * @returns {Promise<number | null>}
 */
export async function probeParallelism(run, cores) {
  const po = probeOptions(cores);
  try {
    const probe = await run('profile-probe.cjs', { options: po.options, env: po.env, timeoutMs: 30_000 });
    const value = probe?.effectiveParallelism?.value;
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** @param {unknown} n */
const num = (n) => (typeof n === 'number' && Number.isFinite(n) ? n : null);

/**
 * Assemble the machine profile from the probe's report and the host topology.
 * @param {{ probe: ProbeResult, topology?: Topology | null }} input
 * @returns {Profile}
 */
export function buildProfile({ probe, topology = null }) {
  const raw = probe.affinity;
  const affinity = typeof raw === 'string' ? parseCpuList(raw) : Array.isArray(raw) ? [...raw] : null;
  const availableParallelism = num(probe.availableParallelism);
  const cgroupQuota = num(probe.cgroupQuota);
  // where C's quota came from: only with a quota, and absent from older probes' reports
  const from = probe.cgroupQuotaFrom;
  const cgroupQuotaFrom = cgroupQuota !== null && typeof from === 'string' ? from : null;
  const ep = probe.effectiveParallelism;
  const pb = probe.pbkdf2;
  return {
    availableParallelism,
    cpuCount: num(probe.cpuCount),
    cpuModel: typeof probe.cpuModel === 'string' ? probe.cpuModel : null,
    affinity,
    cgroupQuota,
    cgroupQuotaFrom,
    topology: topology ?? null,
    cores: effectiveCores({ availableParallelism, affinity, cgroupQuota }),
    effectiveParallelism:
      ep && num(ep.value) !== null
        ? {
            value: ep.value,
            ...(num(ep.rounds) !== null ? { rounds: ep.rounds } : {}),
            samples: (ep.samples ?? []).map(({ k, wallMs, speedup }) => ({ k, wallMs, speedup })),
          }
        : null,
    pbkdf2:
      pb && num(pb.iterations) !== null
        ? { iterations: pb.iterations, taskMs: pb.taskMs, referenceMs: num(pb.referenceMs) }
        : null,
  };
}

/** @param {number[]} ks */
function formatKs(ks) {
  if (ks.length === 0) return '';
  const contiguous = ks.every((k, i) => i === 0 || k === ks[i - 1] + 1);
  return contiguous && ks.length > 1 ? `k=${ks[0]}..${ks[ks.length - 1]}` : `k=${ks.join(',')}`;
}

/**
 * ' (cpu.max at /sys/fs/cgroup/x.scope)': the quota file and its cgroup; '' when unknown.
 * @param {string | null | undefined} file
 */
function quotaSource(file) {
  if (!file) return '';
  const slash = file.lastIndexOf('/');
  return slash < 0 ? ` (${file})` : ` (${file.slice(slash + 1)} at ${file.slice(0, slash) || '/'})`;
}

/**
 * Short console-header lines describing the run's machine.
 * @param {Profile} profile
 * @param {{ node?: { version?: string, uv?: string } }} [env]
 * @returns {string[]}
 */
export function formatProfile(profile, env = {}) {
  const n = (/** @type {number} */ x) => String(Math.round(x)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const lines = [];
  if (env.node?.version) {
    const version = env.node.version.replace(/^v?/, 'v');
    lines.push(`node ${version}${env.node.uv ? `, libuv ${env.node.uv}` : ''}`);
  }
  const p = profile;
  const limits = [
    `availableParallelism ${p.availableParallelism ?? '?'}`,
    `os.cpus ${p.cpuCount ?? '?'}`,
    p.affinity ? `affinity ${formatCpuList(p.affinity) || 'empty'}` : 'no affinity info',
    p.cgroupQuota !== null
      ? `cgroup quota ${Math.round(p.cgroupQuota * 100) / 100}${quotaSource(p.cgroupQuotaFrom)}`
      : 'no cgroup quota',
  ];
  lines.push(`cores C=${p.cores} (${limits.join(', ')})`);
  if (p.cpuModel) lines.push(`cpu ${p.cpuModel}`);
  const ep = p.effectiveParallelism;
  if (ep) {
    const ks = formatKs(ep.samples.map((s) => s.k));
    const rounds = ep.rounds ? `best of ${ep.rounds} round${ep.rounds === 1 ? '' : 's'}` : '';
    const how = [ks, rounds].filter(Boolean).join(', ');
    lines.push(`effective parallelism ${ep.value.toFixed(2)}${how ? ` (${how})` : ''}`);
  } else lines.push('effective parallelism not measured');
  const t = p.topology;
  if (t) {
    const hybrid = t.efficiency ? ` (${t.performance ?? '?'} performance + ${t.efficiency} efficiency)` : '';
    lines.push(`topology ${t.physical} physical / ${t.logical} logical${hybrid}`);
  } else lines.push('topology unknown');
  if (p.pbkdf2) lines.push(`pbkdf2 task ${Math.round(p.pbkdf2.taskMs)} ms = ${n(p.pbkdf2.iterations)} iterations`);
  else lines.push('pbkdf2 not calibrated');
  return lines;
}
