export declare const REPORTER_NAMES: string[];
export declare const DEFAULT_JSON = "reports/latest.json";
/** The option table: flag, type, argument name, help text. */
export declare const OPTIONS: readonly [readonly ['list', 'boolean', '', 'print each spec id and title, one per line, and exit'], readonly ['json', 'string', 'FILE', "write the result record (JSON) to FILE (default reports/latest.json)"], readonly ['no-json', 'boolean', '', 'do not write the result record'], readonly ['reporter', 'string', 'NAME[=FILE]', `add a reporter (${string}), to stdout or FILE; repeatable (default: spec)`], readonly ['cpus', 'string', 'N[,N...]', 'run fixtures on the first N CPUs this process may use (taskset); a list runs each'], readonly ['node', 'string', 'PATH', 'run fixtures under this Node binary (default: the one running the CLI); repeatable'], readonly ['quick', 'boolean', '', 'fewer trials: decide on the first look that can decide, same error rates'], readonly ['specs', 'string', 'DIR', 'also load claims from DIR (<area>/<id>.spec.js or *.spec.js, or .spec.mjs); repeatable'], readonly ['expectations', 'string', 'FILE', 'known deviations per environment (JSON); matching fails report as expected'], readonly ['verify', 'string', 'N', 'run the selected claims N times in fresh processes and report verdict stability'], readonly ['strict', 'boolean', '', 'exit 3 when any verdict is inconclusive'], readonly ['help', 'boolean', '', 'show this help'], readonly ['version', 'boolean', '', 'print the version']];
/** Sub-commands: harness/commands/<name>.js exports run(argv, io) → exit code. */
export declare const COMMANDS: {
    merge: string;
    judge: string;
    lint: string;
    new: string;
};
export declare function helpText(): string;
/**
 * @param {string[]} argv arguments after the program name
 */
export declare function parseCli(argv: string[]): {
    patterns: string[];
    list: boolean;
    json: any;
    reporters: any;
    cpus: number[] | null;
    nodes: any;
    quick: boolean;
    specDirs: any;
    expectations: any;
    verify: number | null;
    strict: boolean;
    help: boolean;
    version: boolean;
};
/**
 * '--cpus 2' or '--cpus 1,2': distinct core counts, in the order given.
 * @param {string} text
 */
export declare function parseCpuCounts(text: string): number[];
/** @param {string} text */
export declare function parseReporter(text: string): {
    name: string;
    file: string | null;
};
