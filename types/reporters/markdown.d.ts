/** An icon per verdict, so the table reads at a glance. */
export declare const ICONS: Record<string, string>;
/**
 * Text safe inside a Markdown table cell or paragraph: one line, HTML
 * special characters as entities, pipes and Markdown punctuation escaped.
 * @param {unknown} text
 */
export declare function mdText(text: unknown): string;
/** Inline code that survives any backticks in the text. @param {unknown} text */
export declare function mdCode(text: unknown): string;
/** @param {string} s @param {number} n */
/** The verdict as shown: icon and label. @param {any} r */
export declare const verdictCell: (r: any) => string;
/**
 * One line naming the environment of a record.
 * @param {any} record
 */
export declare function environmentLine(record: any): string;
/**
 * The whole summary.
 * @param {any} record
 * @returns {string}
 */
export declare function renderMarkdown(record: any): string;
/**
 * A Markdown table; columns of numbers right-aligned.
 * @param {import('./side-by-side.js').Table} t
 */
export declare function mdTable(t: import('./side-by-side.js').Table): string[];
/**
 * One claim's source table beside ours (given as sideBySide(r)), with the
 * model's prediction for this machine under them.
 * @param {any} r @param {import('./side-by-side.js').SideBySide} t
 */
export declare function sideBySideLines(r: any, t: import('./side-by-side.js').SideBySide): string[];
