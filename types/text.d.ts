/**
 * Remove ANSI escape sequences; null and undefined become ''.
 * @param {unknown} text
 * @returns {string}
 */
export declare function stripAnsi(text: unknown): string;
/**
 * One line of text: ANSI codes stripped; a line break with the whitespace
 * around it (runs of breaks too) becomes one space, as do tabs; other control
 * characters are dropped; runs of spaces collapse; the ends are trimmed.
 * Non-strings go through String(), null and undefined become ''.
 * @param {unknown} text
 * @returns {string}
 */
export declare function oneLine(text: unknown): string;
/**
 * What a verdict's reason says before its first colon: "3 of 3 trials void"
 * of "3 of 3 trials void: machine busy: …", the cause without its figures.
 * @param {unknown} reason
 * @returns {string}
 */
export declare function reasonHead(reason: unknown): string;
