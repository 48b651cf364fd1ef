export type Context = import('./machine.js').Machine & {
    run: import('./launcher.js').Launcher['run'];
    start: import('./launcher.js').Launcher['start'];
    tmpdir: string;
    signal: AbortSignal | undefined;
};
/**
 * @typedef {import('./machine.js').Machine & {
 *   run: import('./launcher.js').Launcher['run'],
 *   start: import('./launcher.js').Launcher['start'],
 *   tmpdir: string,
 *   signal: AbortSignal | undefined,
 * }} Context
 */
/**
 * @param {import('./machine.js').Machine} machine
 * @param {import('./launcher.js').Launcher} launcher
 * @returns {Context}
 */
export declare function specContext(machine: import('./machine.js').Machine, launcher: import('./launcher.js').Launcher): Context;
