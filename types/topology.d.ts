export type Topology = import('./profile.js').Topology;
export type ReadFile = (file: string) => string | undefined;
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
export declare function sysfsTopology(read?: ReadFile): Topology | null;
/**
 * The host's CPU topology: sysfs on Linux, else systeminformation (which
 * spawns processes: call it before measuring anything). Null on any error.
 * @returns {Promise<Topology | null>}
 */
export declare function hostTopology(): Promise<Topology | null>;
