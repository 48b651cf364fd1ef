export type Part = {
    name: string;
    ok: boolean;
    detail: string;
};
export type Check = {
    ok: boolean;
    detail: string;
    invalid?: boolean;
    contested?: boolean;
    marginal?: boolean;
    timingVoid?: boolean;
    voidReason?: string;
    structureStands?: {
        why: string;
        busy?: string | null;
    };
    parts?: Part[];
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
    /**
     * what the claim asserts that this check tests, in the claim's terms (when its checks have no parts)
     */
    asserts?: string;
};
export type TimingPlan = {
    /**
     * short name, e.g. 'L'
     */
    statistic: string;
    description: string;
    /**
     * what the claim asserts that this statistic tests, in the claim's terms
     */
    asserts?: string;
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
     * trial counts at which the interval is computed (TIMING_LOOKS)
     */
    looks: readonly number[];
    /**
     * error budget for a false fail, split over the looks
     */
    alpha: number;
    /**
     * the early look's tail level (lookLevels), where not EARLY_SHARE of alpha
     */
    early?: number;
    /**
     * the timing is the claim (throughput): structure alone never passes it
     */
    decisive?: boolean;
    /**
     * a decisive statistic's --quick
     * budget (its looks, error budget and early level then); without one, --quick
     * does not run the claim
     */
    quick?: {
        looks: readonly number[];
        alpha: number;
        early?: number;
    };
    /**
     * why this statistic cannot tell the claim from its alternatives on this
     *     machine: its values are shown but not judged, and the structure decides
     */
    reportOnly?: string;
    /**
     * why a trial gives no timing value (the machine's other load spoiled it), or null; void trials extend the trial budget up to twice
     */
    void?: (obs: any) => string | null | undefined;
    /**
     * further statistics of the claim, read from the same trials (whose
     * void they share) and each judged on its own, by the same rule, as
     * an assertion of its own: e.g. the same ratio under a second load.
     * Each has its own claim, alternatives, toward, looks and alpha, and
     * may be `reportOnly` (shown, not judged); the first statistic's
     * `void` and `decisive` serve them all
     */
    also?: (TimingPlan & {
        value: (obs: any) => number;
    })[];
};
/**
 * @typedef {{ name: string, ok: boolean, detail: string }} Part  one named assertion of the claim, as one trial read it
 * @typedef {{ ok: boolean, detail: string, invalid?: boolean, contested?: boolean, marginal?: boolean, timingVoid?: boolean, voidReason?: string, structureStands?: { why: string, busy?: string | null }, parts?: Part[] }} Check  invalid: the trial's own control failed, so it counts neither way; contested (with invalid): the trial's best reading is against the claim but the machine's noise could explain it, so it cannot fail the claim and holds back a pass (its parts that are not ok hold back theirs); marginal (with a trial against or contested): its only reading against the claim is one an honest trial gives now and then on this kind of host (pool.js MARGINAL_CPU; pool.webcrypto's COPY_DRIFT), which enough agreeing trials outweigh (MARGINAL_ODDS); timingVoid: the structure counts but the trial gives no timing value (voidReason: why); structureStands (with invalid): void only for a plan whose judged timing assumes one speed, the structure sound (why: the speeds read explain the trial's CPU; busy: other processes' load, where it spoiled the timing too): a plan whose timing is not judged, or holds at unequal speeds, counts it (pool.js countWhereSpeedsExplain); parts: the claim's assertions this check tests, each on its own (ok is all of them)
 * @typedef {object} StructuralPlan   a per-trial, timing-free check
 * @property {number} need            agreeing trials needed (exact probes: 1-2, thread accounting: 3)
 * @property {number} [cap]           trials after which an undecided channel is inconclusive
 * @property {string} [asserts]       what the claim asserts that this check tests, in the claim's terms (when its checks have no parts)
 * @typedef {object} TimingPlan       a statistic judged against the model's prediction
 * @property {string} statistic       short name, e.g. 'L'
 * @property {string} description
 * @property {string} [asserts]       what the claim asserts that this statistic tests, in the claim's terms
 * @property {number} claim           the statistic the model predicts if the claim holds
 * @property {Record<string, number>} alternatives  nearest wrong alternatives (label -> predicted value)
 * @property {number} [toward]        where the boundary sits, from claim (0) to alternative (1); default 0.5
 * @property {readonly number[]} looks  trial counts at which the interval is computed (TIMING_LOOKS)
 * @property {number} alpha           error budget for a false fail, split over the looks
 * @property {number} [early]         the early look's tail level (lookLevels), where not EARLY_SHARE of alpha
 * @property {boolean} [decisive]     the timing is the claim (throughput): structure alone never passes it
 * @property {{ looks: readonly number[], alpha: number, early?: number }} [quick]  a decisive statistic's --quick
 *                                    budget (its looks, error budget and early level then); without one, --quick
 *                                    does not run the claim
 * @property {string} [reportOnly]    why this statistic cannot tell the claim from its alternatives on this
 *                                    machine: its values are shown but not judged, and the structure decides
 * @property {(obs: any) => string | null | undefined} [void]  why a trial gives no timing value (the machine's other load spoiled it), or null; void trials extend the trial budget up to twice
 * @property {(TimingPlan & { value: (obs: any) => number })[]} [also]  further statistics of the claim, read from the same trials (whose
 *                                    void they share) and each judged on its own, by the same rule, as
 *                                    an assertion of its own: e.g. the same ratio under a second load.
 *                                    Each has its own claim, alternatives, toward, looks and alpha, and
 *                                    may be `reportOnly` (shown, not judged); the first statistic's
 *                                    `void` and `decisive` serve them all
 */
/**
 * The first trial count from which a timing channel whose trials keep being
 * voided gives up (more than half void): the machine's load (or a
 * throughput block's failing control) leaves too few values to decide within
 * the budget.
 */
export declare const VOID_SHARE_N = 6;
/**
 * The looks of a timing channel in the full run: 5, 9, 15 and 21 trials.
 * 9 is the fewest at which a distribution-free interval of the median exists
 * at the later looks' tail level (2⁻⁹ ≈ 0.002; 2⁻⁸ ≈ 0.004 is more), so the
 * look at 5 takes the t-interval of the mean (stats.js earlyInterval) at a
 * tenth of the budget (lookLevels). That look is parametric: 0.001 where the
 * noise is near normal, at most 2⁻⁵ whatever it is. Most claims' statistics
 * lie far from their boundaries, and on this VM's noise the look at 5
 * decides them: 5.3 trials instead of 9.0 on average in the simulator, and
 * 84 s instead of 127 s for the full suite. Where a statistic sits near its
 * boundary under a busy host's noise the simulator's worst claim false-fails
 * in 0.3% of runs (0% with no early look); the budget split evenly over four
 * looks gave 1.5%, past the 0.5% target (BENCHMARKS.md §16).
 * Distribution-free first looks at 7 or 8 were measured and not kept
 * either (1.3% and 0.3%; §15).
 */
export declare const TIMING_LOOKS: readonly number[];
/** The share of a timing channel's alpha spent at an early look (one made before a distribution-free interval exists). */
export declare const EARLY_SHARE = 0.1;
/**
 * The tail level of each look of a timing plan. Where the plan has several
 * looks and its first comes before a distribution-free interval of the
 * median exists at an even split of alpha, that first look is an early look:
 * it takes EARLY_SHARE of alpha, and the later looks share the rest evenly
 * (at 0.01 over 5, 9, 15, 21: 0.001, then 0.003 each, which gives 9, 15 and
 * 21 the ranks of alpha / 3: 1, 2 and 4). Otherwise alpha is split evenly
 * and there is no early look (a single look never has one: it would rest
 * on the t-test alone). A plan may set its early look's level (`early`):
 * the later looks then share the rest of alpha (--quick's throughput
 * budget, whose look at 5 is the full run's first: abba.js QUICK_BLOCKS).
 * @param {{ looks: readonly number[], alpha: number, early?: number }} plan
 * @returns {{ early: number | null, later: number }}
 */
export declare function lookLevels({ looks, alpha, early }: {
    looks: readonly number[];
    alpha: number;
    early?: number;
}): {
    early: number | null;
    later: number;
};
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
 * Judge a timing channel after n = values.length trials: at each of the
 * plan's looks, and at the end of the claim's budget even where that falls
 * between looks (void trials count against the budget but give no value, so
 * the values may stop short of the last look): the last interval is then
 * taken on what was gathered, never skipped. It takes the place of the looks
 * not reached, so the error budget is spent over no more looks than planned.
 * @param {number[]} values
 * @param {TimingPlan} plan
 * @param {{ budgetSpent?: boolean }} [o]
 */
export declare function judgeTiming(values: number[], plan: TimingPlan, { budgetSpent }?: {
    budgetSpent?: boolean;
}): {
    statistic: string;
    description: string;
    n: number;
    median: number | null;
    interval: [number, number] | null;
    confidence: number | null;
    /** which interval: the median's by order statistics, or the early look's t-interval of the mean widened to every value */
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
};
/**
 * A check made of a claim's named assertions (parts): ok where every part
 * is; its detail leads with the parts that failed beyond the first (the
 * trial's own text, `text`, already tells the first), then that text.
 * @param {Part[]} parts @param {string} text
 * @returns {Check}
 */
export declare function checkOfParts(parts: Part[], text: string): Check;
/** Trials after which a channel whose every trial was void ends inconclusive. */
export declare const VOID_STOP = 3;
/**
 * How a void trial's reason begins where other processes' load voided it
 * (kits/workers.js busyReason, kits/abba.js). Such load tends to stay: a
 * claim that it voided does not sit again (engine.js), where one the host's
 * speed switches voided does (BENCHMARKS.md §23).
 */
export declare const MACHINE_BUSY = "machine busy";
export type Sitting = {
    checks: number;
    values: number;
    trials: number;
    voided: number;
};
/**
 * What a claim's earlier sittings left (engine.js): how many of its checks
 * and timing values are theirs, and how many trials and timing-void trials
 * they ran.
 * @typedef {{ checks: number, values: number, trials: number, voided: number }} Sitting
 */
/** @type {Sitting} a claim's first sitting has none before it */
export declare const NO_SITTING: Sitting;
/**
 * Judge a structural channel from its per-trial checks.
 * @param {Check[]} checks  every trial's, in order, from every sitting
 * @param {StructuralPlan} plan
 * @param {number} [from]  where this sitting's checks begin (engine.js's
 *   second sitting): the evidence is every check, the budget this sitting's
 */
export declare function judgeStructural(checks: Check[], plan: StructuralPlan, from?: number): {
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
};
/**
 * Disagreeing trials that fail a claim however many agreed or were void. A
 * mechanism that breaks only some trials (a limiter engaged in every other
 * batch) is as false a claim as one that breaks them all, and the majority
 * alone would leave it split. No honest claim-run of 2 245 in five
 * conditions, quiet to two busy loops and a 1-CPU quota, had more than two
 * (BENCHMARKS.md §24): a host's slow phase spoils one trial or two in a
 * row (one of 460 in a stretch where the host switched a vCPU's speed
 * faster than a batch's speed readers sample had three: §32). So two
 * against are never a fail where a claim needs more than one trial, even
 * where they outnumber those for: a true batch claim read 1 for and 2
 * against in its first three trials, and failed so (§32).
 */
export declare const FAIL_ANY = 3;
/**
 * The odds, on a mechanism that breaks every other trial, of so few marginal
 * trials against the claim among so many agreeing: at most this. Honest
 * batch trials read against by the CPU rule in 2–6% of trials per claim on
 * this VM, most of them marginal (pool.js MARGINAL_CPU; BENCHMARKS.md §32,
 * §36), so one or two among many agreeing are the host's noise; a mechanism
 * in every other batch reads against in half of them (the sabotages that
 * waste CPU read so in 18 of their 18 trials: §32), and it gives one in 11
 * trials or two in 14 with odds under 1% (the binomial at one half). A
 * mechanism in fewer batches than that, each reading marginal, is not told
 * from the host's noise by these counts (INTERPRETING.md).
 */
export declare const MARGINAL_ODDS = 0.01;
/**
 * Agreeing trials that outweigh `m` marginal trials against: the fewest
 * with which a mechanism breaking half the trials gives at most m against
 * in m + agreeing trials with odds under MARGINAL_ODDS (10 for one, 12 for
 * two).
 * @param {number} m
 */
export declare function outweighing(m: number): number;
/**
 * The claim's assertions, each with the channel that measures it and its own
 * decision: the structural check's named parts (or the structure as one,
 * named by the plan), then the timing statistic. A statistic reported, not
 * judged, asserts nothing.
 * @param {ReturnType<typeof judgeStructural> | null} s @param {StructuralPlan | null} structural
 * @param {(ReturnType<typeof judgeTiming> & { voided?: number }) | null} t @param {TimingPlan | null} timing
 * @param {string | null} reportOnly
 * @param {ReturnType<typeof judgeTiming>[]} [extra]  the plan's `also` statistics, judged
 */
declare function assertionsOf(s: ReturnType<typeof judgeStructural> | null, structural: StructuralPlan | null, t: (ReturnType<typeof judgeTiming> & {
    voided?: number;
}) | null, timing: TimingPlan | null, reportOnly: string | null, extra?: ReturnType<typeof judgeTiming>[]): {
    name: string;
    channel: 'structural' | 'timing';
    decided: 'pass' | 'fail' | null;
    detail: string;
    agree?: number;
    disagree?: number;
    timing?: Omit<ReturnType<typeof judgeTiming>, 'final'> | null;
}[];
export type Decision = {
    done: boolean;
    verdict?: 'pass' | 'fail' | 'inconclusive';
    reason?: string;
    /**
     * an inconclusive that void trials ended (the machine's load, not the
     * evidence): the engine may resume the claim once, later in the run, its evidence kept (engine.js)
     */
    spoiled?: boolean;
    /**
     *   what the record shows; the judgement's bookkeeping stays internal
     */
    evidence: {
        structural: Omit<ReturnType<typeof judgeStructural>, 'telling' | 'final' | 'parts' | 'voidedHere'> | null;
        timing: Omit<ReturnType<typeof judgeTiming>, 'final'> | null;
        assertions: ReturnType<typeof assertionsOf>;
    };
};
/**
 * @typedef {object} Decision
 * @property {boolean} done
 * @property {'pass' | 'fail' | 'inconclusive'} [verdict]
 * @property {string} [reason]
 * @property {boolean} [spoiled]  an inconclusive that void trials ended (the machine's load, not the
 *   evidence): the engine may resume the claim once, later in the run, its evidence kept (engine.js)
 * @property {{ structural: Omit<ReturnType<typeof judgeStructural>, 'telling' | 'final' | 'parts' | 'voidedHere'> | null, timing: Omit<ReturnType<typeof judgeTiming>, 'final'> | null, assertions: ReturnType<typeof assertionsOf> }} evidence
 *   what the record shows; the judgement's bookkeeping stays internal
 */
/**
 * Combine the channels after each trial. Each channel tests its own part of
 * the claim (structure: what ran and how many at once; timing: the ratio the
 * claim's words are about), and one rule serves both, leaning neither way:
 * - a decisive contradiction of either (at its full error budget) is a fail,
 *   whatever the other said;
 * - a pass needs every channel to support the claim;
 * - an inconclusive is a channel still undecided when its budget is spent.
 * A plan whose timing cannot tell the claim from its alternatives on this
 * machine says so and leaves that part to the structure (its region is then
 * unbounded and passes at its first look).
 * Under `quick`, sound structure ends the claim at once (the timing values so
 * far are shown, without an interval): --quick's stated budget.
 * `voided` counts the trials whose timing value the plan's `void` dropped
 * (`voidReason`: the last such reason): they count as trials, not as values.
 * `before` is what earlier sittings left (engine.js: a claim that void
 * trials ended sits again later): how many of the checks and values are
 * theirs, and their trials and timing-void trials. Their evidence counts;
 * the budget and the void rules are this sitting's; the counts shown are
 * every sitting's.
 * The plan's `also` statistics (alsoValues[i]: the values of also[i]) are
 * parts of the timing channel, each an assertion judged as the first one is:
 * any decisive contradiction fails the claim, a pass needs every one.
 * @param {{ checks?: Check[] | null, structural?: StructuralPlan | null, values?: number[] | null, alsoValues?: number[][] | null, timing?: TimingPlan | null, maxTrials: number, quick?: boolean, voided?: number, voidReason?: string, before?: Sitting }} input
 * @returns {Decision}
 */
export declare function decide({ checks, structural, values, alsoValues, timing, maxTrials, quick, voided, voidReason, before, }: {
    checks?: Check[] | null;
    structural?: StructuralPlan | null;
    values?: number[] | null;
    alsoValues?: number[][] | null;
    timing?: TimingPlan | null;
    maxTrials: number;
    quick?: boolean;
    voided?: number;
    voidReason?: string;
    before?: Sitting;
}): Decision;
/** @param {ReturnType<typeof judgeTiming>} t */
export declare function timingText(t: ReturnType<typeof judgeTiming>): string;
/** Confidence as a percentage that never rounds up to 100%. @param {number} c */
export declare function percent(c: number): string;
export {};
