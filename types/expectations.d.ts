/** Verdicts an entry may expect (a pass needs no entry). */
export declare const KNOWN_VERDICTS: readonly string[];
export type When = {
    /**
     * e.g. 'linux' or ['linux', 'darwin']
     */
    platform?: string | string[];
    arch?: string | string[];
    /**
     * a version range of the Node under test, e.g. '>=24'
     */
    node?: string;
    /**
     * a count range of C, e.g. '<=2', '1', '>=4 <8'
     */
    cores?: string;
};
export type Entry = {
    /**
     * a spec id or a glob ('cluster.*')
     */
    id: string;
    when?: When;
    verdict: 'fail' | 'inconclusive' | 'skip' | 'error';
    /**
     * why, with figures
     */
    reason: string;
    /**
     * an issue, a report or a file that explains it
     */
    link?: string;
};
export type Known = {
    reason: string;
    link: string | null;
};
export type Markable = {
    id: string;
    verdict: string;
    label?: string;
    known?: Known;
};
export type Where = {
    platform: string;
    arch: string;
    node: string;
    cores: number | null;
};
export type Unused = {
    entry: Entry;
    why: string;
    stale: boolean;
};
/**
 * @typedef {object} When           every given condition must hold
 * @property {string | string[]} [platform]  e.g. 'linux' or ['linux', 'darwin']
 * @property {string | string[]} [arch]
 * @property {string} [node]        a version range of the Node under test, e.g. '>=24'
 * @property {string} [cores]       a count range of C, e.g. '<=2', '1', '>=4 <8'
 *
 * @typedef {object} Entry
 * @property {string} id            a spec id or a glob ('cluster.*')
 * @property {When} [when]
 * @property {'fail' | 'inconclusive' | 'skip' | 'error'} verdict
 * @property {string} reason        why, with figures
 * @property {string} [link]        an issue, a report or a file that explains it
 *
 * @typedef {{ reason: string, link: string | null }} Known   what a marked result carries
 * @typedef {{ id: string, verdict: string, label?: string, known?: Known }} Markable
 * @typedef {{ platform: string, arch: string, node: string, cores: number | null }} Where
 * @typedef {{ entry: Entry, why: string, stale: boolean }} Unused  stale: claims it names ran, with another verdict
 */
/**
 * Problems of a parsed expectations document, each 'entry N: field: what'.
 * @param {unknown} doc
 * @returns {string[]}
 */
export declare function checkExpectations(doc: unknown): string[];
/**
 * Read and check an expectations file. Any problem is a UsageError naming
 * the file and the entry.
 * @param {string} file
 * @returns {Entry[]}
 */
export declare function loadExpectations(file: string): Entry[];
/**
 * Where a record was made, in the terms entries use.
 * @param {{ platform: string, arch: string, node: { version: string } }} environment  the record's environment
 * @param {{ cores?: number } | null} [profile]  the record's profile (C)
 * @returns {Where}
 */
export declare function whereFrom(environment: {
    platform: string;
    arch: string;
    node: {
        version: string;
    };
}, profile?: {
    cores?: number;
} | null): Where;
/**
 * Does an entry's `when` hold here? A cores condition never holds where C is unknown.
 * @param {When | undefined} when @param {Where} where
 */
export declare function applies(when: When | undefined, where: Where): boolean;
/**
 * The known deviations that apply here, applied as results arrive: `mark`
 * marks one result (for a live stream: each spec:end before reporters see
 * it) and remembers which entry it used; `unused` then lists the entries
 * that applied here but matched no result. Results already marked stay as
 * they are; nothing is changed in place.
 * @param {Entry[]} entries @param {Where} where
 */
export declare function knownHere(entries: Entry[], where: Where): {
    /**
     * @template {Markable} R
     * @param {R} r @returns {R}
     */
    mark<R extends Markable>(r: R): R;
    /** @returns {Unused[]} */
    unused(): Unused[];
};
/**
 * Mark a finished run's results (knownHere over all of them at once).
 * @template {Markable} R
 * @param {R[]} results @param {Where} where @param {Entry[]} entries
 * @returns {{ results: R[], unused: Unused[] }}
 */
export declare function applyExpectations<R extends Markable>(results: R[], where: Where, entries: Entry[]): {
    results: R[];
    unused: Unused[];
};
/**
 * One line per unused entry, for stderr.
 * @param {Unused} u
 */
export declare function formatUnused({ entry, why }: Unused): string;
