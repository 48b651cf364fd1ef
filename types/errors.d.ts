/** Bad input from the user: reported as one line, exit 2. */
export declare class UsageError extends Error {
    name: string;
}
/**
 * A spec file is malformed. From defineSpec: `problems` lists each 'field:
 * what is wrong', and `spec` is what was declared (for the linter).
 */
export declare class SpecError extends Error {
    problems: string[];
    spec: unknown;
    name: string;
    /** @param {string} message @param {{ problems?: string[], spec?: unknown }} [o] */
    constructor(message: string, { problems, spec }?: {
        problems?: string[];
        spec?: unknown;
    });
}
/** A fixture broke: crashed, hung, or reported an error. */
export declare class FixtureError extends Error {
    stderr: string;
    /** @param {string} message @param {{ stderr?: string }} [extra] */
    constructor(message: string, extra?: {
        stderr?: string;
    });
}
/** A record that cannot be re-judged: one line for the user. */
export declare class JudgeError extends Error {
    name: string;
}
/**
 * A replayed run has no more recorded samples for a claim (judge): the claim
 * is undecided after the trials the record holds. Not a user error: the
 * engine turns it into an inconclusive verdict.
 */
export declare class EndOfSamples extends Error {
    recorded: number;
    name: string;
    /** @param {number} recorded  samples the record held for the claim */
    constructor(recorded: number);
}
