export type MergedTable = import('../merge.js').MergedTable;
/**
 * The table as Markdown: environments, the claims that differ, where they
 * change between neighbouring Node versions (when there are several), all claims.
 * @param {MergedTable} table
 * @returns {string}
 */
export declare function renderMergedMarkdown(table: MergedTable): string;
/**
 * The table as one self-contained HTML page (inline CSS, no scripts).
 * @param {MergedTable} table
 * @returns {string}
 */
export declare function renderMergedHtml(table: MergedTable): string;
