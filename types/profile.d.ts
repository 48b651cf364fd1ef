/** Absolute path of the probe fixture the runner spawns (stdio must include 'ipc'). */
export declare const probePath: string;
/** Target duration of one calibrated pbkdf2 task, in ms. */
export declare const DEFAULT_TASK_MS = 150;
export type Topology = {
    physical: number;
    logical: number;
    performance: number | null;
    efficiency: number | null;
};
export type ParallelismSample = {
    k: number;
    wallMs: number;
    speedup: number;
};
export type EffectiveParallelism = {
    value: number;
    samples: ParallelismSample[];
};
export type Pbkdf2Calibration = {
    iterations: number;
    taskMs: number;
};
export type ProbeResult = {
    availableParallelism?: number;
    cpuCount?: number;
    cpuModel?: string | null;
    affinity?: number[] | string | null;
    cgroupQuota?: number | null;
    effectiveParallelism?: (EffectiveParallelism & Record<string, unknown>) | null;
    pbkdf2?: Pbkdf2Calibration | null;
};
export type Profile = {
    availableParallelism: number | null;
    cpuCount: number | null;
    cpuModel: string | null;
    affinity: number[] | null;
    cgroupQuota: number | null;
    topology: Topology | null;
    cores: number;
    effectiveParallelism: EffectiveParallelism | null;
    pbkdf2: Pbkdf2Calibration | null;
};
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
export declare function parseCpuList(text: string | null | undefined): number[];
/**
 * Inverse of parseCpuList: [0,1,2,3,6] -> '0-3,6'.
 * @param {number[]} cpus
 * @returns {string}
 */
export declare function formatCpuList(cpus: number[]): string;
/**
 * CPUs granted by the cgroup CPU quota, from file contents (undefined = file absent).
 * v2 `cpu.max` ("max 100000" -> null, "200000 100000" -> 2) wins over v1 quota/period (-1 -> null).
 * @param {{ v2?: string, v1Quota?: string, v1Period?: string }} files
 * @returns {number | null}
 */
export declare function parseCgroupQuota({ v2, v1Quota, v1Period }?: {
    v2?: string;
    v1Quota?: string;
    v1Period?: string;
}): number | null;
/**
 * Host CPU topology from systeminformation (spawns processes: call once, before measuring).
 * @returns {Promise<Topology | null>} null on any error
 */
export declare function hostTopology(): Promise<Topology | null>;
/**
 * Effective core count C: min of availableParallelism, affinity size and floor(cgroup quota), at least 1.
 * @param {{ availableParallelism?: number | null, affinity?: number[] | null, cgroupQuota?: number | null }} limits
 * @returns {number}
 */
export declare function effectiveCores({ availableParallelism, affinity, cgroupQuota }?: {
    availableParallelism?: number | null;
    affinity?: number[] | null;
    cgroupQuota?: number | null;
}): number;
/**
 * Options for spawning the probe: pool sized cores + 1, one JSON argument.
 * @param {number} cores
 * @param {number} [taskMs]
 * @returns {{ env: { UV_THREADPOOL_SIZE: string }, args: string[] }}
 */
export declare function probeOptions(cores: number, taskMs?: number): {
    env: {
        UV_THREADPOOL_SIZE: string;
    };
    args: string[];
};
/**
 * Assemble the machine profile from the probe's report and the host topology.
 * @param {{ probe: ProbeResult, topology?: Topology | null }} input
 * @returns {Profile}
 */
export declare function buildProfile({ probe, topology }: {
    probe: ProbeResult;
    topology?: Topology | null;
}): Profile;
/**
 * Short console-header lines describing the run's machine.
 * @param {Profile} profile
 * @param {{ node?: { version?: string, uv?: string } }} [env]
 * @returns {string[]}
 */
export declare function formatProfile(profile: Profile, env?: {
    node?: {
        version?: string;
        uv?: string;
    };
}): string[];
