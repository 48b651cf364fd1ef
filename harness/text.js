// @ts-check
// Pure text helpers shared by the engine and the reporters: what a record
// stores and what a report prints are made one line by the same rules.

// CSI sequences (colours, cursor moves, clear-line), OSC sequences (titles,
// hyperlinks) and lone two-byte escapes.
const ANSI_RE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]/g;

/**
 * Remove ANSI escape sequences; null and undefined become ''.
 * @param {unknown} text
 * @returns {string}
 */
export function stripAnsi(text) {
  return String(text ?? '').replace(ANSI_RE, '');
}

/**
 * One line of text: ANSI codes stripped; a line break with the whitespace
 * around it (runs of breaks too) becomes one space, as do tabs; other control
 * characters are dropped; runs of spaces collapse; the ends are trimmed.
 * Non-strings go through String(), null and undefined become ''.
 * @param {unknown} text
 * @returns {string}
 */
export function oneLine(text) {
  return stripAnsi(text)
    .replace(/\s*[\r\n]\s*/g, ' ')
    .replace(/\t/g, ' ')
    .replace(/[\x00-\x1f\x7f-\x9f]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * What a verdict's reason says before its first colon: "3 of 3 trials void"
 * of "3 of 3 trials void: machine busy: …", the cause without its figures.
 * @param {unknown} reason
 * @returns {string}
 */
export function reasonHead(reason) {
  return oneLine(reason).split(':')[0];
}
