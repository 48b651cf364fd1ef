/**
 * Now, in ms on the monotonic clock (process.hrtime), which every process on
 * the machine reads alike: a fixture reports its start on it (t0Mono).
 */
export declare function monoMs(): number;
export type Looks = {
    mono: number[];
    wait: string[];
};
export type MainLooks = {
    t: number[];
    wait: string[];
};
/**
 * @typedef {{ mono: number[], wait: string[] }} Looks   when (monoMs) and where
 *   (proc.mainThreadWait: 'running', 'poll', or the call it is blocked in) each readable look found it
 * @typedef {{ t: number[], wait: string[] }} MainLooks  the same on the fixture's clock (ms since its t0)
 */
/**
 * Look at process `pid`'s main thread every `everyMs` until stop(). Looks
 * that cannot be read (not Linux, no permission, the process gone) are left out.
 * @param {number} pid @param {number} everyMs
 * @returns {{ stop: () => Looks }}
 */
export declare function watchMainThread(pid: number, everyMs: number): {
    stop: () => Looks;
};
/**
 * The looks on the fixture's clock, from the moment it reports as its t0
 * (t0Mono); those before it dropped. null where there is nothing to align.
 * @param {Looks | null | undefined} looks @param {unknown} t0Mono
 * @returns {MainLooks | null}
 */
export declare function alignLooks(looks: Looks | null | undefined, t0Mono: unknown): MainLooks | null;
