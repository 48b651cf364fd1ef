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
/**
 * Compare version strings numerically ('20.9.0' < '20.10.0' < '22.17.0' <
 * '22.18.0'); a leading 'v' and a pre-release tag ('-nightly…') are ignored
 * for the numbers.
 * @param {string} a @param {string} b
 */
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
    changes: VersionChange[];
};
export type VersionChange = {
    id: string;
    /**
     * the Node version before ('22.17.0')
     */
    from: string;
    /**
     * the next Node version of those environments ('22.18.0')
     */
    to: string;
    /**
     * what changed: the verdict, only its label, or only what the spec expects to be true
     */
    kind: 'verdict' | 'label' | 'truth';
    /**
     * the outcome (label) or the truth on `from`
     */
    before: string;
    /**
     * the same on `to`
     */
    after: string;
    /**
     * the environments where it does, apart from the version ('C=1, 2'; 'Linux x64 C=2')
     */
    where: string;
    /**
     * the numbers (#) of the `to` environments
     */
    envs: number[];
    /**
     * 'changed between 22.17.0 and 22.18.0 (C=1, 2): A → B'
     */
    text: string;
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
    changes: VersionChange[];
    versions: string[];
};
/**
 * Where a claim's outcome (verdict or label) or its truth (the plan's
 * `model.outcome`) changes between neighbouring Node versions. Environments
 * are compared only with those alike in all but the version (OS, arch, C,
 * --cpus, quick, settings), each such group in version order; a version
 * where the claim did not run is passed over. The same change seen in several
 * groups (C=1 and C=2) is one entry naming all of them.
 * @param {Pick<Claim, 'id' | 'cells' | 'truths'>} claim
 * @param {(Env & { index?: number })[]} envs  the table's environments, in table order
 * @returns {VersionChange[]}
 */
export declare function versionChanges(claim: Pick<Claim, 'id' | 'cells' | 'truths'>, envs: (Env & {
    index?: number;
})[]): VersionChange[];
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
