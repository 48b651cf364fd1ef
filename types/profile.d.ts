export declare const parseCgroupQuota: (files?: {
    v2?: string;
    v1Quota?: string;
    v1Period?: string;
}) => number | null, parseProcCgroup: (text: string | undefined) => CgroupPaths, parseMountInfo: (text: string | undefined) => CgroupMounts, cgroupDirs: (mount: CgroupMount, cgroup: string | null) => string[], readCgroupQuota: (readFile?: ReadFile) => CgroupQuota;
export type ReadFile = (file: string) => string | undefined;
export type CgroupMount = {
    mountPoint: string;
    root: string;
};
export type CgroupPaths = {
    v2: string | null;
    v1: string | null;
};
export type CgroupMounts = {
    v2: CgroupMount | null;
    v1: CgroupMount | null;
};
export type CgroupQuota = {
    quota: number | null;
    from: string | null;
};
export type CgroupModule = {
    parseCgroupQuota: (files?: {
        v2?: string;
        v1Quota?: string;
        v1Period?: string;
    }) => number | null;
    parseProcCgroup: (text: string | undefined) => CgroupPaths;
    parseMountInfo: (text: string | undefined) => CgroupMounts;
    cgroupDirs: (mount: CgroupMount, cgroup: string | null) => string[];
    readCgroupQuota: (readFile?: ReadFile) => CgroupQuota;
};
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
export declare const TASK_MS = 120;
/**
 * --quick: a shorter unit of pool work for the claims whose structure does
 * not need 120 ms; the pbkdf2 batch claims run the multiple of it nearest
 * TASK_MS (harness/kits/pool.js batchTask), on which their CPU rule was
 * measured, and so does loop.cpu-blocks' heavy work, inside which the
 * harness's scans of the machine must fall.
 */
export declare const QUICK_TASK_MS = 60;
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
    rounds?: number;
    samples: ParallelismSample[];
};
export type Pbkdf2Calibration = {
    iterations: number;
    taskMs: number;
    referenceMs?: number | null;
};
export type ProbeResult = {
    availableParallelism?: number;
    cpuCount?: number;
    cpuModel?: string | null;
    affinity?: number[] | string | null;
    cgroupQuota?: number | null;
    cgroupQuotaFrom?: string | null;
    effectiveParallelism?: (EffectiveParallelism & Record<string, unknown>) | null;
    pbkdf2?: Pbkdf2Calibration | null;
};
export type Profile = {
    availableParallelism: number | null;
    cpuCount: number | null;
    cpuModel: string | null;
    affinity: number[] | null;
    cgroupQuota: number | null;
    cgroupQuotaFrom?: string | null;
    topology: Topology | null;
    cores: number;
    effectiveParallelism: EffectiveParallelism | null;
    pbkdf2: Pbkdf2Calibration | null;
};
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
export declare function parseCpuList(text: string | null | undefined): number[];
/**
 * Inverse of parseCpuList: [0,1,2,3,6] -> '0-3,6'.
 * @param {number[]} cpus
 * @returns {string}
 */
export declare function formatCpuList(cpus: number[]): string;
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
 * How the probe is run: a pool of cores + 1 threads (so C tasks never wait
 * for a thread), and its options (the fixture's JSON argument).
 * @param {number} cores
 * @param {number} [taskMs]
 * @returns {{ env: { UV_THREADPOOL_SIZE: string }, options: { cores: number, taskMs: number } }}
 */
export declare function probeOptions(cores: number, taskMs?: number): {
    env: {
        UV_THREADPOOL_SIZE: string;
    };
    options: {
        cores: number;
        taskMs: number;
    };
};
/**
 * The effective parallelism the CPUs give now: the profile's probe run again
 * through `run` (a launcher's, or a context's), k = 1 … C + 1 tasks at once.
 * null where the probe fails or says nothing (a replay runs no fixture).
 * @param {(fixture: string, o?: any) => Promise<any>} run @param {number} cores
 * @returns {Promise<number | null>}
 */
export declare function probeParallelism(run: (fixture: string, o?: any) => Promise<any>, cores: number): Promise<number | null>;
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
