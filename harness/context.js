// @ts-check
// The context a spec plans and measures in: the machine's facts (plain data,
// machine.js) and the launcher's effects (launcher.js), joined in this one
// place. Specs and kits read ctx.cores, ctx.pbkdf2, ctx.platform, … and call
// ctx.run() / ctx.start(); the engine builds one context per run.

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
export function specContext(machine, launcher) {
  return Object.freeze({
    ...machine,
    run: launcher.run,
    start: launcher.start,
    tmpdir: launcher.tmpdir,
    signal: launcher.signal,
  });
}
