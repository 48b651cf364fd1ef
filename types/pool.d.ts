/** The libuv default and the pool sizes we ask for in probes. */
export declare const DEFAULT_POOL = 4;
/**
 * Run the FIFO probe once.
 * @param {import('./context.js').Context} ctx
 * @param {{ size?: string, fifos?: number, setEnv?: string, setEnvAfterUse?: boolean, entry?: 'commonjs' | 'module' }} [o]
 */
export declare function probePool(ctx: import('./context.js').Context, { size, fifos, setEnv, setEnvAfterUse, entry }?: {
    size?: string;
    fifos?: number;
    setEnv?: string;
    setEnvAfterUse?: boolean;
    entry?: 'commonjs' | 'module';
}): Promise<any>;
/** @param {any} probe */
export declare function probeText(probe: any): string;
export type Statistic = {
    name: string;
    description: string;
    /**
     * sorted completion times and the single-task time
     */
    fn: (t: number[], T: number) => number;
    toward?: number;
};
export type Alternative = {
    label: string;
    P: number;
    C: number;
};
/**
 * @typedef {object} Statistic
 * @property {string} name
 * @property {string} description
 * @property {(t: number[], T: number) => number} fn   sorted completion times and the single-task time
 * @property {number} [toward]
 *
 * @typedef {object} Alternative
 * @property {string} label
 * @property {number} P
 * @property {number} C
 */
/**
 * A pbkdf2 batch plan.
 * @param {import('./context.js').Context} ctx
 * @param {{ k: number, P: number, size?: string, reference?: boolean, statistic: Statistic, alternatives: Alternative[], summary?: string }} o
 * @returns {Omit<import('./spec.js').Plan, 'summary'> & { summary: string }}
 */
export declare function batchPlan(ctx: import('./context.js').Context, { k, P, size, reference, statistic, alternatives, summary }: {
    k: number;
    P: number;
    size?: string;
    reference?: boolean;
    statistic: Statistic;
    alternatives: Alternative[];
    summary?: string;
}): Omit<import('./spec.js').Plan, 'summary'> & {
    summary: string;
};
/** @param {any} obs */
export declare function sortedTimes(obs: any): any;
/**
 * Structural reading of one batch: which new threads did the work, and how
 * many tasks' worth each did (its CPU over the mean CPU per task).
 * @param {any} obs @param {{ k: number, P: number }} o
 */
export declare function checkThreads(obs: any, { k, P }: {
    k: number;
    P: number;
}): {
    ok: boolean;
    detail: string;
};
