/** '6.18.44-fc' -> [6, 18, 44]; null where it does not read. @param {string} release */
export declare function kernelVersion(release: string): number[] | null;
/** a >= b for [major, minor, patch]. @param {number[]} a @param {number[]} b */
export declare const atLeast: (a: number[], b: number[]) => boolean;
/**
 * Where this Node's libuv sends fs requests, by its version alone:
 * 'pool' always, 'opt-in' (the ring with UV_USE_IO_URING=1) or 'default'
 * (the ring unless UV_USE_IO_URING is 0).
 * @param {{ version: string, uv: string }} node
 * @returns {'pool' | 'opt-in' | 'default'}
 */
export declare function ioUringRule(node: {
    version: string;
    uv: string;
}): 'pool' | 'opt-in' | 'default';
/**
 * Why this machine's kernel keeps libuv from its SQPOLL ring, or null: libuv
 * wants 5.10.186 and io_uring features of 5.13; the sysctl can forbid it.
 * @param {{ arch: string, release: string }} ctx
 * @param {() => string} [readDisabled] the text of /proc/sys/kernel/io_uring_disabled
 */
export declare function kernelRefuses(ctx: {
    arch: string;
    release: string;
}, readDisabled?: () => string): string | null;
/** Does libuv close files through the ring? Only on kernels from 6.1 (linux.c, uv__iou_fs_close). @param {{ release: string }} ctx */
export declare function closeOnRing(ctx: {
    release: string;
}): boolean;
/**
 * Where the fixtures' fs requests go to io_uring under the settings in force:
 * libuv's rule allows the ring, the kernel does not refuse it, and the
 * settings set UV_USE_IO_URING non-zero, as libuv's atoi reads it (the
 * harness runs every fixture with 0 unless the settings say otherwise, so
 * the default rule of 20.3–20.11 needs them too). Measured on 20.20.2, kernel
 * 6.18: fs.stat, fs.promises.stat, fs.readFile and the ES module loader's
 * reads finish past a full pool; from libuv 1.49 they wait for it whatever
 * the variable says (measured from 1.51: 22.17+, 24, 26; INTERPRETING.md).
 * Node 21 and 22.0–22.11 (libuv 1.46–1.48) are taken to be like 20.20.2.
 * Returns what is in force, in words for a reason, or null.
 * @param {import('../context.js').Context} ctx
 * @param {() => string} [readDisabled]
 * @returns {string | null}
 */
export declare function fsOnRing(ctx: import('../context.js').Context, readDisabled?: () => string): string | null;
