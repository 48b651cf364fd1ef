// Machine profile: computed once per run from the child-process probe
// (fixtures/profile-probe.cjs) and the host topology (systeminformation).
// Everything here except hostTopology() is pure.

import { fileURLToPath } from 'node:url';

/** Absolute path of the probe fixture the runner spawns (stdio must include 'ipc'). */
export const probePath = fileURLToPath(new URL('../fixtures/profile-probe.cjs', import.meta.url));

/** Target duration of one calibrated pbkdf2 task, in ms. */
export const DEFAULT_TASK_MS = 150;

/**
 * @typedef {{ physical: number, logical: number, performance: number | null, efficiency: number | null }} Topology
 * @typedef {{ k: number, wallMs: number, speedup: number }} ParallelismSample
 * @typedef {{ value: number, samples: ParallelismSample[] }} EffectiveParallelism
 * @typedef {{ iterations: number, taskMs: number }} Pbkdf2Calibration
 * @typedef {{
 *   availableParallelism?: number, cpuCount?: number, cpuModel?: string | null,
 *   affinity?: number[] | string | null, cgroupQuota?: number | null,
 *   effectiveParallelism?: (EffectiveParallelism & Record<string, unknown>) | null,
 *   pbkdf2?: Pbkdf2Calibration | null,
 * }} ProbeResult
 * @typedef {{
 *   availableParallelism: number | null, cpuCount: number | null, cpuModel: string | null,
 *   affinity: number[] | null, cgroupQuota: number | null, topology: Topology | null,
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
  for (const part of String(text ?? '').trim().split(',')) {
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
 * CPUs granted by the cgroup CPU quota, from file contents (undefined = file absent).
 * v2 `cpu.max` ("max 100000" -> null, "200000 100000" -> 2) wins over v1 quota/period (-1 -> null).
 * @param {{ v2?: string, v1Quota?: string, v1Period?: string }} files
 * @returns {number | null}
 */
export function parseCgroupQuota({ v2, v1Quota, v1Period } = {}) {
  if (v2 !== undefined) {
    const [quota, period] = v2.trim().split(/\s+/);
    const q = Number(quota);
    const p = Number(period || 100000);
    return quota === 'max' || !(q > 0) || !(p > 0) ? null : q / p;
  }
  if (v1Quota === undefined || v1Period === undefined) return null;
  const q = Number(v1Quota.trim());
  const p = Number(v1Period.trim());
  return q > 0 && p > 0 ? q / p : null;
}

/**
 * Host CPU topology from systeminformation (spawns processes: call once, before measuring).
 * @returns {Promise<Topology | null>} null on any error
 */
export async function hostTopology() {
  try {
    const si = await import('systeminformation');
    const cpu = await (si.default ?? si).cpu();
    /** @param {unknown} n */
    const count = (n) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null);
    const physical = count(cpu.physicalCores);
    const logical = count(cpu.cores);
    if (!physical || !logical) return null;
    return { physical, logical, performance: count(cpu.performanceCores), efficiency: count(cpu.efficiencyCores) };
  } catch {
    return null;
  }
}

/**
 * Effective core count C: min of availableParallelism, affinity size and floor(cgroup quota), at least 1.
 * @param {{ availableParallelism?: number | null, affinity?: number[] | null, cgroupQuota?: number | null }} limits
 * @returns {number}
 */
export function effectiveCores({ availableParallelism, affinity, cgroupQuota } = {}) {
  /** @type {number[]} */
  const bounds = [];
  if (typeof availableParallelism === 'number' && availableParallelism >= 1) bounds.push(Math.floor(availableParallelism));
  if (Array.isArray(affinity) && affinity.length > 0) bounds.push(affinity.length);
  if (typeof cgroupQuota === 'number' && cgroupQuota > 0) bounds.push(Math.max(1, Math.floor(cgroupQuota)));
  return bounds.length ? Math.max(1, Math.min(...bounds)) : 1;
}

/**
 * Options for spawning the probe: pool sized cores + 1, one JSON argument.
 * @param {number} cores
 * @param {number} [taskMs]
 * @returns {{ env: { UV_THREADPOOL_SIZE: string }, args: string[] }}
 */
export function probeOptions(cores, taskMs = DEFAULT_TASK_MS) {
  return { env: { UV_THREADPOOL_SIZE: String(cores + 1) }, args: [JSON.stringify({ cores, taskMs })] };
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
  const ep = probe.effectiveParallelism;
  const pb = probe.pbkdf2;
  return {
    availableParallelism,
    cpuCount: num(probe.cpuCount),
    cpuModel: typeof probe.cpuModel === 'string' ? probe.cpuModel : null,
    affinity,
    cgroupQuota,
    topology: topology ?? null,
    cores: effectiveCores({ availableParallelism, affinity, cgroupQuota }),
    effectiveParallelism:
      ep && num(ep.value) !== null
        ? { value: ep.value, samples: (ep.samples ?? []).map(({ k, wallMs, speedup }) => ({ k, wallMs, speedup })) }
        : null,
    pbkdf2: pb && num(pb.iterations) !== null ? { iterations: pb.iterations, taskMs: pb.taskMs } : null,
  };
}

/** @param {number[]} ks */
function formatKs(ks) {
  if (ks.length === 0) return '';
  const contiguous = ks.every((k, i) => i === 0 || k === ks[i - 1] + 1);
  return contiguous && ks.length > 1 ? `k=${ks[0]}..${ks[ks.length - 1]}` : `k=${ks.join(',')}`;
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
    p.cgroupQuota !== null ? `cgroup quota ${Math.round(p.cgroupQuota * 100) / 100}` : 'no cgroup quota',
  ];
  lines.push(`cores C=${p.cores} (${limits.join(', ')})`);
  if (p.cpuModel) lines.push(`cpu ${p.cpuModel}`);
  const ep = p.effectiveParallelism;
  if (ep) {
    const ks = formatKs(ep.samples.map((s) => s.k));
    lines.push(`effective parallelism ${ep.value.toFixed(2)}${ks ? ` (${ks})` : ''}`);
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
