export type Spec = import('./spec.js').Spec;
export type Context = import('./context.js').Context;
/**
 * @typedef {import('./spec.js').Spec} Spec
 * @typedef {import('./context.js').Context} Context
 */
/**
 * @param {{ specs: Spec[], ctx: Context, signal?: AbortSignal, now?: () => number }} o
 */
export declare function runSpecs({ specs, ctx, signal, now }: {
    specs: Spec[];
    ctx: Context;
    signal?: AbortSignal;
    now?: () => number;
}): AsyncGenerator<{
    type: string;
    data: {
        id: string;
        title: string;
        index: number;
        total: number;
    };
} | {
    type: string;
    data: {
        id: string;
        title: string;
        area: string;
        claim: string;
        truth: string;
        expected: string;
        source: import("./spec.js").Source;
        verdict: string;
        label: string;
        reason: string;
        expectation: object;
        evidence: {
            structural: any;
            timing: any;
        };
        trials: number;
        durationMs: number;
        samples: any[];
    };
} | {
    type: string;
    data: {
        id: string;
        trial: number;
        elapsedMs: number;
        note: any;
    };
}, void, unknown>;
/**
 * One spec, from plan to verdict. Yields 'spec:trial' events; returns the result.
 * @param {{ spec: Spec, ctx: Context, signal?: AbortSignal, now: () => number }} o
 */
export declare function runSpec({ spec, ctx, signal, now }: {
    spec: Spec;
    ctx: Context;
    signal?: AbortSignal;
    now: () => number;
}): AsyncGenerator<{
    type: string;
    data: {
        id: string;
        trial: number;
        elapsedMs: number;
        note: any;
    };
}, {
    id: string;
    title: string;
    area: string;
    claim: string;
    truth: string;
    expected: string;
    source: import("./spec.js").Source;
    verdict: string;
    label: string;
    reason: string;
    expectation: object;
    evidence: {
        structural: any;
        timing: any;
    };
    trials: number;
    durationMs: number;
    samples: any[];
}, unknown>;
/** @param {unknown} err */
export declare function errText(err: unknown): string;
