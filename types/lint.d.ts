import { SOURCES } from './sources.js';
/** The source articles' file names (the table is harness/sources.js); exported here as before. */
export { SOURCES };
/** Every field a spec may have. */
export declare const FIELDS: readonly string[];
export type Problem = {
    file: string;
    field: string;
    text: string;
};
/**
 * @typedef {{ file: string, field: string, text: string }} Problem
 */
/**
 * Is a cited source known? One of SOURCES, an http(s) address, or (for a
 * claim pack) a file inside the pack's directory.
 * @param {string} file @param {string | null} packDir
 */
export declare function knownSource(file: string, packDir: string | null): boolean;
/**
 * The policy problems of one loaded spec (its shape was checked at load).
 * @param {any} spec
 * @param {{ packDir?: string | null }} [o] packDir: the claim pack's directory (null: built-in)
 * @returns {string[]} 'field: what is wrong'
 */
export declare function policyProblems(spec: any, { packDir }?: {
    packDir?: string | null;
}): string[];
/**
 * Lint the built-in catalogue (dir) and any claim packs.
 * @param {{ dir?: string, specDirs?: string[] }} [o]
 * @returns {Promise<{ specs: number, problems: Problem[] }>}
 */
export declare function lintSpecs({ dir, specDirs }?: {
    dir?: string;
    specDirs?: string[];
}): Promise<{
    specs: number;
    problems: Problem[];
}>;
/**
 * One problem as a line: `file: field: what is wrong`, the file relative to
 * cwd when it is inside it.
 * @param {Problem} p @param {string} [cwd]
 */
export declare function formatProblem(p: Problem, cwd?: string): string;
