/**
 * Escape a workflow command's message (data).
 * @param {unknown} text
 */
export declare function escapeData(text: unknown): string;
/**
 * Escape a workflow command's property value (title=..., file=...).
 * @param {unknown} text
 */
export declare function escapeProperty(text: unknown): string;
/**
 * The workflow commands for a record: `::error file=…,title=<id>::<reason>`
 * per failed or errored claim, `::warning` per inconclusive one (`file=` when
 * the spec is found under the working directory).
 * @param {any} record
 * @param {{ exists?: (file: string) => boolean }} [o]
 * @returns {string[]}
 */
export declare function annotations(record: any, { exists }?: {
    exists?: (file: string) => boolean;
}): string[];
/**
 * Report a finished record to GitHub Actions, when running inside one
 * (GITHUB_ACTIONS set). Never throws: a step summary that cannot be written
 * is reported through `warn`.
 * @param {any} record
 * @param {{ env?: Record<string, string | undefined>, stdout?: { write(s: string): unknown }, warn?: (line: string) => void, append?: (file: string, text: string) => void }} [o]
 */
export declare function githubReport(record: any, { env, stdout, warn, append, }?: {
    env?: Record<string, string | undefined>;
    stdout?: {
        write(s: string): unknown;
    };
    warn?: (line: string) => void;
    append?: (file: string, text: string) => void;
}): void;
