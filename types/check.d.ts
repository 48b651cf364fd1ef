export type CheckOptions = {
    /**
     * settings in force for every fixture (as --env)
     */
    env?: Record<string, string>;
    /**
     * pin the fixtures to the first N CPUs (as --cpus)
     */
    cpus?: number | null;
    /**
     * the Node binary under test (as --node); default: this one
     */
    node?: string;
    /**
     * the suite's --quick plans
     */
    quick?: boolean;
    /**
     * claim packs to load as well (directories, as --specs),
     * or specs themselves (from defineSpec), which are judged without loading
     * the catalogue
     */
    specs?: (string | import('./spec.js').Spec)[];
    /**
     * stops the check (the result is then an error: interrupted)
     */
    signal?: AbortSignal;
};
/**
 * Judge one claim, by its exact id.
 * @param {string} id
 * @param {CheckOptions} [o]
 */
export declare function check(id: string, { env, cpus, node, quick, specs, signal }?: CheckOptions): Promise<any>;
