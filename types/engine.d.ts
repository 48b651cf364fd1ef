import { buildRecord } from './record.js';
export type Spec = import('./spec.js').Spec;
export type Context = import('./context.js').Context;
export type Machine = import('./machine.js').Machine;
export type Launcher = import('./launcher.js').Launcher;
export type RunEvent = {
    type: 'run:start';
    data: {
        startedAt: string;
        environment: object;
        profile: object | null;
        specs: {
            id: string;
            title: string;
        }[];
    };
} | {
    type: 'spec:start';
    data: {
        id: string;
        title: string;
        index: number;
        total: number;
        resumed?: boolean;
    };
} | {
    type: 'spec:deferred';
    data: {
        id: string;
        reason: string;
    };
} | {
    type: 'spec:trial';
    data: {
        id: string;
        trial: number;
        elapsedMs: number;
        note?: string;
    };
} | {
    type: 'spec:end';
    data: Result;
} | {
    type: 'run:end';
    data: ReturnType<typeof buildRecord>;
};
export type RunOptions = {
    /**
     * the command line, for the record
     */
    argv?: string[];
    /**
     * the ids or globs selected, for the record
     */
    selection?: string[];
    /**
     * an inconclusive verdict makes the exit code 3
     */
    strict?: boolean;
    /**
     * how many timing-free claims may run at once, at most the machine's
     *          cores, beside lanes × WAITING_PER_LANE that mostly wait (default 1:
     *          every claim alone, in the specs' order)
     */
    lanes?: number;
    /**
     * stops the run; the record is still produced, marked interrupted
     */
    signal?: AbortSignal;
    /**
     * a monotonic clock in ms (tests, replays)
     */
    now?: () => number;
    /**
     * the wall clock, for the record's times
     */
    clock?: () => Date;
    /**
     * when the run began, if before run() (the CLI: before probing the
     *        machine, so that the record's duration includes the profile)
     */
    startedAt?: Date;
};
/**
 * @typedef {import('./spec.js').Spec} Spec
 * @typedef {import('./context.js').Context} Context
 * @typedef {import('./machine.js').Machine} Machine
 * @typedef {import('./launcher.js').Launcher} Launcher
 *
 * @typedef {{ type: 'run:start', data: { startedAt: string, environment: object, profile: object | null, specs: { id: string, title: string }[] } }
 *   | { type: 'spec:start', data: { id: string, title: string, index: number, total: number, resumed?: boolean } }
 *   | { type: 'spec:deferred', data: { id: string, reason: string } }
 *   | { type: 'spec:trial', data: { id: string, trial: number, elapsedMs: number, note?: string } }
 *   | { type: 'spec:end', data: Result }
 *   | { type: 'run:end', data: ReturnType<typeof buildRecord> }} RunEvent
 *
 * @typedef {object} RunOptions
 * @property {string[]} [argv]        the command line, for the record
 * @property {string[]} [selection]   the ids or globs selected, for the record
 * @property {boolean} [strict]       an inconclusive verdict makes the exit code 3
 * @property {number} [lanes]         how many timing-free claims may run at once, at most the machine's
 *                                    cores, beside lanes × WAITING_PER_LANE that mostly wait (default 1:
 *                                    every claim alone, in the specs' order)
 * @property {AbortSignal} [signal]   stops the run; the record is still produced, marked interrupted
 * @property {() => number} [now]     a monotonic clock in ms (tests, replays)
 * @property {() => Date} [clock]     the wall clock, for the record's times
 * @property {Date} [startedAt]       when the run began, if before run() (the CLI: before probing the
 *                                    machine, so that the record's duration includes the profile)
 */
/**
 * Run specs on a machine through a launcher.
 * @param {{ specs: Spec[], machine: Machine, launcher: Launcher,
 *   expectations?: { file: string, entries: import('./expectations.js').Entry[] } | null, options?: RunOptions }} o
 * @returns {AsyncGenerator<RunEvent>}
 */
export declare function run({ specs, machine, launcher, expectations, options }: {
    specs: Spec[];
    machine: Machine;
    launcher: Launcher;
    expectations?: {
        file: string;
        entries: import('./expectations.js').Entry[];
    } | null;
    options?: RunOptions;
}): AsyncGenerator<RunEvent>;
/**
 * Run to the end and return the finished record, for callers that want the
 * outcome; `onEvent` sees every event on the way (the CLI's live reporters).
 * @param {Parameters<typeof run>[0]} o
 * @param {(event: RunEvent) => void} [onEvent]
 * @returns {Promise<ReturnType<typeof buildRecord>>}
 */
export declare function runToRecord(o: Parameters<typeof run>[0], onEvent?: (event: RunEvent) => void): Promise<ReturnType<typeof buildRecord>>;
export type Carried = {
    samples: any[];
    checks: import('./verdict.js').Check[] | null;
    values: number[] | null;
    alsoValues: number[][] | null;
    before: import('./verdict.js').Sitting;
    durationMs: number;
    firstReason: string;
    voidReason: string;
    parallelismNow?: ParallelismNow | null;
};
export type ParallelismNow = {
    profile: number | null;
    now: number | null;
};
/**
 * What a claim that void trials ended carries into its second sitting: its
 * samples (a replay reads them in order, so it sits twice alike), its checks
 * and timing values (the evidence, all of it), how many of each and of its
 * trials and timing-void trials the first sitting had (`before`: decide
 * counts the budget and the void rules from there, the evidence and the
 * counts shown over both), and the time and reason of its first sitting
 * and the reason its last void trial gave (shown with the void count).
 * @typedef {{ samples: any[], checks: import('./verdict.js').Check[] | null, values: number[] | null,
 *   alsoValues: number[][] | null, before: import('./verdict.js').Sitting, durationMs: number, firstReason: string,
 *   voidReason: string, parallelismNow?: ParallelismNow | null }} Carried
 *
 * The effective parallelism the run's profile read and the one read again at
 * a claim's start (plan.fromParallelism), null where none was read.
 * @typedef {{ profile: number | null, now: number | null }} ParallelismNow
 */
/**
 * One spec, from plan to verdict. Yields 'spec:trial' events; returns the
 * result, and where void trials ended the claim in its first sitting
 * (decide's `spoiled`) what a second sitting carries on with.
 * @param {{ spec: Spec, ctx: Context, launcher: Launcher, signal?: AbortSignal, now: () => number, carried?: Carried | null }} o
 * @returns {AsyncGenerator<RunEvent, { result: Result, carried?: Carried }>}
 */
export declare function runSpec({ spec, ctx, launcher, signal, now, carried }: {
    spec: Spec;
    ctx: Context;
    launcher: Launcher;
    signal?: AbortSignal;
    now: () => number;
    carried?: Carried | null;
}): AsyncGenerator<RunEvent, {
    result: Result;
    carried?: Carried;
}>;
/**
 * What a --quick verdict on a decisive timing channel rests on, for its
 * reason: the budget's looks, its early look's level where it has one (and
 * whether that look is the full run's first), and its alpha, beside the
 * full run's looks and alpha.
 * @param {{ looks: readonly number[], alpha: number, early?: number }} budget
 * @param {import('./verdict.js').TimingPlan} full  the plan the full run judges
 */
export declare function quickBudgetText(budget: {
    looks: readonly number[];
    alpha: number;
    early?: number;
}, full: import('./verdict.js').TimingPlan): string;
/**
 * A timing plan on its --quick budget: its looks, alpha and early level
 * (and those of each further statistic) replaced by the budget's.
 * @template {import('./verdict.js').TimingPlan} T
 * @param {T} timing @param {{ looks: readonly number[], alpha: number, early?: number }} budget
 * @returns {T}
 */
export declare function withQuickBudget<T extends import('./verdict.js').TimingPlan>(timing: T, { looks, alpha, early }: {
    looks: readonly number[];
    alpha: number;
    early?: number;
}): T;
export type Outcome = {
    verdict: 'pass' | 'fail' | 'inconclusive' | 'skip' | 'error';
    reason: string;
    expectation?: {
        summary: string;
        model: object | null;
    };
    expected?: 'holds' | 'refuted';
    evidence?: import('./verdict.js').Decision['evidence'];
};
export type Result = ReturnType<typeof result> & {
    sideBySide?: true;
};
/**
 * @typedef {object} Outcome
 * @property {'pass' | 'fail' | 'inconclusive' | 'skip' | 'error'} verdict
 * @property {string} reason
 * @property {{ summary: string, model: object | null }} [expectation]
 * @property {'holds' | 'refuted'} [expected]
 * @property {import('./verdict.js').Decision['evidence']} [evidence]
 *
 * @typedef {ReturnType<typeof result> & { sideBySide?: true }} Result  sideBySide: its first sitting ran in a lane beside other claims
 */
/**
 * @param {Spec} spec
 * @param {Outcome & { samples: any[], durationMs: number }} f
 */
declare function result(spec: Spec, f: Outcome & {
    samples: any[];
    durationMs: number;
}): {
    id: string;
    title: string;
    area: string;
    claim: string;
    truth: string;
    expected: "holds" | "refuted";
    source: import("./spec.js").Source;
    verdict: "error" | "fail" | "inconclusive" | "pass" | "skip";
    label: string;
    reason: string;
    expectation: {
        summary: string;
        model: object | null;
    };
    evidence: {
        structural: Omit<{
            decided: "fail" | "pass" | null;
            agree: number;
            disagree: number;
            voided: number;
            voidedHere: number;
            contested?: number | undefined;
            marginal?: number | undefined;
            details: string[];
            parts: {
                name: string;
                decided: 'pass' | 'fail' | null;
                agree: number;
                disagree: number;
                contested?: number;
                detail: string;
            }[];
            telling: string;
            outweighed?: string | undefined;
            final: boolean;
        }, "final" | "parts" | "telling" | "voidedHere"> | null;
        timing: Omit<{
            statistic: string;
            description: string;
            n: number;
            median: number | null;
            interval: [number, number] | null;
            confidence: number | null;
            intervalOf: 'median' | 'mean' | undefined;
            boundary: number;
            region: string;
            predicted: {
                claim: number;
                alternatives: Record<string, number>;
            };
            decided: 'pass' | 'fail' | null;
            final: boolean;
            values: number[];
        }, "final"> | null;
        assertions: {
            name: string;
            channel: 'structural' | 'timing';
            decided: 'pass' | 'fail' | null;
            detail: string;
            agree?: number;
            disagree?: number;
            timing?: Omit<ReturnType<typeof import("./verdict.js").judgeTiming>, 'final'> | null;
        }[];
    };
    trials: number;
    durationMs: number;
    samples: any[];
};
/** @param {unknown} err */
export declare function errText(err: unknown): string;
export {};
