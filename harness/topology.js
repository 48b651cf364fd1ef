// @ts-check
// The host's CPU topology (physical and logical cores, performance and
// efficiency cores), for the profile's report. On Linux it is read from
// sysfs, which costs a few file reads; elsewhere from systeminformation,
// whose import and `lscpu`-style spawns cost about 130 ms of CPU
// (BENCHMARKS.md §35): too much to spend before a profile of 0.5 s.
import { readFileSync } from 'node:fs';
import { parseCpuList } from './profile.js';

/** @typedef {import('./profile.js').Topology} Topology */
/** @typedef {(file: string) => string | undefined} ReadFile  a file's text, undefined when it cannot be read */

/** @type {ReadFile} */
function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Linux topology from sysfs: each online CPU's package and core id
 * (/sys/devices/system/cpu/cpuN/topology); the physical cores are the
 * distinct pairs. On a hybrid CPU the kernel lists the performance and
 * efficiency CPUs under the PMUs cpu_core and cpu_atom: each counts its
 * physical cores. Elsewhere every core counts as a performance core, as
 * systeminformation reports it (efficiency 0). Null where sysfs does not say.
 * @param {ReadFile} [read]
 * @returns {Topology | null}
 */
export function sysfsTopology(read = readText) {
  const root = '/sys/devices/system/cpu';
  const online = parseCpuList(read(`${root}/online`));
  /** @type {Map<number, string>} CPU → its core ("package:core") */
  const coreOf = new Map();
  for (const cpu of online) {
    const pkg = read(`${root}/cpu${cpu}/topology/physical_package_id`)?.trim();
    const core = read(`${root}/cpu${cpu}/topology/core_id`)?.trim();
    if (!pkg || !core) return null;
    coreOf.set(cpu, `${pkg}:${core}`);
  }
  if (!coreOf.size) return null;
  const coresIn = (/** @type {number[]} */ cpus) =>
    new Set(cpus.filter((c) => coreOf.has(c)).map((c) => coreOf.get(c))).size;
  const physical = coresIn(online);
  const performanceCpus = parseCpuList(read('/sys/devices/cpu_core/cpus'));
  const efficiencyCpus = parseCpuList(read('/sys/devices/cpu_atom/cpus'));
  const hybrid = performanceCpus.length > 0 && efficiencyCpus.length > 0;
  return {
    physical,
    logical: coreOf.size,
    performance: hybrid ? coresIn(performanceCpus) : physical,
    efficiency: hybrid ? coresIn(efficiencyCpus) : 0,
  };
}

/**
 * The host's CPU topology: sysfs on Linux, else systeminformation (which
 * spawns processes: call it before measuring anything). Null on any error.
 * @returns {Promise<Topology | null>}
 */
export async function hostTopology() {
  if (process.platform === 'linux') {
    const fromSysfs = sysfsTopology();
    if (fromSysfs) return fromSysfs;
  }
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
