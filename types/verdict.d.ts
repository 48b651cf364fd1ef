export type Check = {
    ok: boolean;
    detail: string;
    invalid?: boolean;
    timingVoid?: boolean;
};
export type StructuralPlan = {
    /**
     * agreeing trials needed (exact probes: 1-2, thread accounting: 3)
     */
    need: number;
    /**
     * trials after which an undecided channel is inconclusive
     */
    cap?: number;
};
export type TimingPlan = {
    /**
     * short name, e.g. 'L'
     */
    statistic: string;
    description: string;
    /**
     * the statistic the model predicts if the claim holds
     */
    claim: number;
    /**
     * nearest wrong alternatives (label -> predicted value)
     */
    alternatives: Record<string, number>;
    /**
     * where the boundary sits, from claim (0) to alternative (1); default 0.5
     */
    toward?: number;
    /**
     * trial counts at which the interval is computed
     */
    looks: number[];
    /**
     * error budget for a false fail, split over the looks
     */
    alpha: number;
    /**
     * the timing is the claim (throughput): structure alone never passes it
     */
    decisive?: boolean;
    /**
     * why a trial gives no timing value (the machine's other load spoiled it), or null; void trials extend the trial budget up to twice
     */
    void?: (obs: any) => string | null | undefined;
};
/**
 * @typedef {{ ok: boolean, detail: string, invalid?: boolean, timingVoid?: boolean }} Check  invalid: the trial's own control failed, so it counts neither way; timingVoid: the structure counts but the trial gives no timing value
 * @typedef {object} StructuralPlan   a per-trial, timing-free check
 * @property {number} need            agreeing trials needed (exact probes: 1-2, thread accounting: 3)
 * @property {number} [cap]           trials after which an undecided channel is inconclusive
 * @typedef {object} TimingPlan       a statistic judged against the model's prediction
 * @property {string} statistic       short name, e.g. 'L'
 * @property {string} description
 * @property {number} claim           the statistic the model predicts if the claim holds
 * @property {Record<string, number>} alternatives  nearest wrong alternatives (label -> predicted value)
 * @property {number} [toward]        where the boundary sits, from claim (0) to alternative (1); default 0.5
 * @property {number[]} looks         trial counts at which the interval is computed
 * @property {number} alpha           error budget for a false fail, split over the looks
 * @property {boolean} [decisive]     the timing is the claim (throughput): structure alone never passes it
 * @property {(obs: any) => string | null | undefined} [void]  why a trial gives no timing value (the machine's other load spoiled it), or null; void trials extend the trial budget up to twice
 */
/**
 * Timing beside sound structure only checks consistency: a contradiction makes
 * the verdict inconclusive, never a fail. It is glanced at from BESIDE_N
 * trials on at a 95% two-sided level (the first n with an interval: 6, where
 * it is the range of the values at 96.9%); where the glance is consistent the
 * spec ends there. A glance that contradicts the structure sends the timing on
 * to its own looks, judged at the full error budget.
 */
export declare const BESIDE_N = 6;
export declare const BESIDE_ALPHA = 0.025;
/**
 * The acceptance region (lo, hi) of a timing statistic: the claim's side of
 * every boundary placed between the claim's value and each alternative's.
 * @param {TimingPlan} plan
 */
export declare function region(plan: TimingPlan): {
    lo: number;
    hi: number;
};
/** @param {{lo: number, hi: number}} r */
export declare function describeRegion(r: {
    lo: number;
    hi: number;
}): string;
/**
 * Judge a timing channel after n = values.length trials.
 * @param {number[]} values
 * @param {TimingPlan} plan
 */
export declare function judgeTiming(values: number[], plan: TimingPlan): {
    statistic: string;
    description: string;
    n: number;
    median: number | null;
    interval: [number, number] | null;
    confidence: number | null;
    boundary: number;
    region: string;
    predicted: {
        claim: number;
        alternatives: Record<string, number>;
    };
    decided: 'pass' | 'fail' | null;
    final: boolean;
    values: number[];
};
/** Trials after which a channel whose every trial was void ends inconclusive. */
export declare const VOID_STOP = 3;
/**
 * Judge a structural channel from its per-trial checks.
 * @param {Check[]} checks
 * @param {StructuralPlan} plan
 */
export declare function judgeStructural(checks: Check[], plan: StructuralPlan): {
    decided: "fail" | "pass" | null;
    agree: number;
    disagree: number;
    voided: number;
    details: string[];
    telling: string;
    final: boolean;
};
export type Decision = {
    done: boolean;
    verdict?: 'pass' | 'fail' | 'inconclusive';
    reason?: string;
    evidence: {
        structural: ReturnType<typeof judgeStructural> | null;
        timing: ReturnType<typeof judgeTiming> | null;
    };
};
/**
 * @typedef {object} Decision
 * @property {boolean} done
 * @property {'pass' | 'fail' | 'inconclusive'} [verdict]
 * @property {string} [reason]
 * @property {{ structural: ReturnType<typeof judgeStructural> | null, timing: ReturnType<typeof judgeTiming> | null }} evidence
 */
/**
 * Combine both channels after each trial. Structural evidence, where there is
 * any, decides the mechanism; timing must then agree or stay undecided. A
 * timing contradiction of sound structure is reported as inconclusive (the
 * machine's noise), never as a fail — unless the timing is decisive (the claim
 * is a throughput; the structure only validates the measurement): then its
 * fail is the verdict. Without structure, timing decides alone.
 * Under `quick`, sound structure ends the spec at once: the timing values so
 * far are shown, without an interval.
 * `voided` counts the trials whose timing value the plan's `void` dropped
 * (`voidReason`: the last such reason): they count as trials, not as values.
 * @param {{ checks?: Check[] | null, structural?: StructuralPlan | null, values?: number[] | null, timing?: TimingPlan | null, maxTrials: number, quick?: boolean, voided?: number, voidReason?: string }} input
 * @returns {Decision}
 */
export declare function decide({ checks, structural, values, timing, maxTrials, quick, voided, voidReason }: {
    checks?: Check[] | null;
    structural?: StructuralPlan | null;
    values?: number[] | null;
    timing?: TimingPlan | null;
    maxTrials: number;
    quick?: boolean;
    voided?: number;
    voidReason?: string;
}): Decision;
/** @param {ReturnType<typeof judgeTiming>} t */
export declare function timingText(t: ReturnType<typeof judgeTiming>): string;
/** Confidence as a percentage that never rounds up to 100%. @param {number} c */
export declare function percent(c: number): string;
