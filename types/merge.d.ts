export { renderMergedMarkdown, renderMergedHtml } from './reporters/merged.js';
/** A record that cannot be used: the message names the file and what is wrong. */
export declare class RecordError extends Error {
    name: string;
}
/**
 * Read and check one result record.
 * @param {string} file
 */
export declare function readRecord(file: string): any;
/**
 * Check the parts of a record the table needs.
 * @param {any} data @param {string} [file]
 */
export declare function checkRecord(data: any, file?: string): any;
/** Compare version strings numerically ('20.9.0' < '20.10.0'). @param {string} a @param {string} b */
export declare function compareVersions(a: string, b: string): number;
/**
 * The environment of one record, as the table shows it.
 * @param {any} record @param {string} [file]
 */
export declare function environmentOf(record: any, file?: string): {
    file: string;
    platform: string;
    os: string;
    arch: string;
    release: string;
    node: string;
    major: string;
    cores: any;
    cpus: any;
    quick: boolean;
    settings: string;
    summary: any;
    label: string;
};
export type Env = ReturnType<typeof environmentOf>;
/** @typedef {ReturnType<typeof environmentOf>} Env */
/** Stable environment order: OS, arch, Node version, C, --cpus, quick, file. @param {Env} a @param {Env} b */
export declare function compareEnvs(a: Env, b: Env): number;
/**
 * An exact, compact description of a set of environments, e.g.
 * 'Node 22, 24 (C=1, 2)' (every combination of those) or
 * 'Node 20 (C=2) and Node 22 (C=1)'. The OS is named when the table has
 * more than one; a Node major is shown in full where the table holds two
 * versions of it.
 * Where two environments of the table look alike, the description ends with
 * their numbers ('[#1, #3]') unless `numbered` is false.
 * @param {Env[]} envs @param {Env[]} all  every environment of the table
 * @param {{ numbered?: boolean }} [o]
 */
export declare function describeEnvs(envs: Env[], all: Env[], { numbered }?: {
    numbered?: boolean;
}): string;
export type Cell = {
    verdict: string;
    label: string;
    reason: string;
} | null;
export type Claim = {
    id: string;
    title: string;
    area: string;
    cells: Cell[];
    columns: Cell[];
    differs: boolean;
    outcomeDiffers: boolean;
    verdictDiffers: boolean;
    description: string;
    truthDiffers: boolean;
    truth: string;
    truths: (string | null)[];
};
/**
 * Join records into one table.
 * @param {any[]} records
 * @param {{ files?: string[], fold?: boolean }} [o]
 */
export declare function mergeRecords(records: any[], { files, fold }?: {
    files?: string[];
    fold?: boolean;
}): {
    environments: {
        file: string;
        platform: string;
        os: string;
        arch: string;
        release: string;
        node: string;
        major: string;
        cores: any;
        cpus: any;
        quick: boolean;
        settings: string;
        summary: any;
        label: string;
        index: number;
    }[];
    columns: {
        title: string;
        envs: number[];
    }[];
    claims: Claim[];
    differs: Claim[];
};
export type MergedTable = ReturnType<typeof mergeRecords>;
/**
 * 'pool.env-in-code: ES module entry → 4 on Node 20 (C=1, 2); ES module entry → 2 on Node 22, 24 (C=1, 2)'.
 * @param {string} id @param {(string | null)[]} truths @param {Env[]} envs
 */
export declare function describeTruth(id: string, truths: (string | null)[], envs: Env[]): string;
/**
 * 'pool.env-in-code: fail on Node 20 (C=2); pass on Node 22, 24 (C=1, 2)'.
 * @param {string} id @param {Cell[]} cells @param {Env[]} envs
 */
export declare function describeClaim(id: string, cells: Cell[], envs: Env[]): string;
