/**
 * Whether this host lets a process's main thread be looked at so: Linux, on
 * an architecture whose system call numbers proc.cjs knows, the harness's
 * own main thread readable. Where it does not, a look finds nothing, and a
 * check that reads the looks has nothing to weigh (not "unreadable": nobody
 * looked).
 */
export declare const canLookAtMainThread: boolean;
export type Looks = {
    pid: number;
    everyMs: number;
    mono: number[];
    wait: string[];
};
export type MainLooks = {
    everyMs: number;
    t: number[];
    wait: string[];
};
/**
 * @typedef {{ pid: number, everyMs: number, mono: number[], wait: string[] }} Looks  whose main thread,
 *   how often, and when (monoMs) and where (proc.mainThreadWait: 'running', 'epoll:<fd>', 'no-syscall',
 *   or the call it is blocked in) each readable look found it
 * @typedef {{ everyMs: number, t: number[], wait: string[] }} MainLooks  the same on the fixture's clock
 *   (ms since its t0)
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
 * (t0Mono); those before it dropped. null where there is nothing to align,
 * or the looks were at another process than the one that reported (its pid:
 * a wrapper that forked the fixture instead of becoming it).
 * @param {Looks | null | undefined} looks @param {{ t0Mono?: unknown, pid?: unknown }} reported
 * @returns {MainLooks | null}
 */
export declare function alignLooks(looks: Looks | null | undefined, { t0Mono, pid }: {
    t0Mono?: unknown;
    pid?: unknown;
}): MainLooks | null;
