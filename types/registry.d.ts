export declare const SPECS_DIR: string;
/** A spec file's name: <id>.spec.js, or <id>.spec.mjs (an ES module whatever the package's type). */
export declare const SPEC_FILE: RegExp;
export type SpecFile = {
    /**
     * absolute path
     */
    file: string;
    /**
     * the directory it was found under
     */
    dir: string;
    /**
     * its path relative to dir
     */
    rel: string;
    /**
     * found under the built-in catalogue's directory
     */
    builtIn: boolean;
    /**
     * null when it could not be loaded
     */
    spec: import('./spec.js').Spec | null;
    problems: SpecProblem[];
    /**
     * why importing it failed, as thrown
     */
    loadError?: string;
    /**
     * what a malformed spec declared (defineSpec threw)
     */
    declared?: any;
};
export type SpecProblem = {
    field: string;
    text: string;
    /**
     * the file that defined the same id first
     */
    duplicateOf?: string;
};
/**
 * Every spec file under the built-in directory and the extra ones, loaded,
 * with its problems (duplicate ids across directories included).
 * @param {{ dir?: string, specDirs?: string[] }} [o]
 * @returns {Promise<SpecFile[]>}
 */
export declare function scanSpecs({ dir, specDirs }?: {
    dir?: string;
    specDirs?: string[];
}): Promise<SpecFile[]>;
/**
 * Load every spec under dir (the built-in catalogue by default) and under
 * each of `specDirs` (claim packs), in area order then id order. The first
 * problem found is thrown as a SpecError naming the file.
 * @param {string} [dir]
 * @param {{ specDirs?: string[] }} [o]
 * @returns {Promise<import('./spec.js').Spec[]>}
 */
export declare function loadSpecs(dir?: string, { specDirs }?: {
    specDirs?: string[];
}): Promise<import('./spec.js').Spec[]>;
/** @param {string} pattern */
export declare function globToRegExp(pattern: string): RegExp;
/**
 * Select specs by ids or globs; no pattern selects all. A pattern that
 * matches nothing is a usage error.
 * @param {import('./spec.js').Spec[]} specs @param {string[]} patterns
 */
export declare function selectSpecs(specs: import('./spec.js').Spec[], patterns: string[]): import("./spec.js").Spec[];
