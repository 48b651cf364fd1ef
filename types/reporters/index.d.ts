export { spec } from './spec.js';
export { tap } from './tap.js';
export { renderJunit } from './junit.js';
export { renderHtml } from './html.js';
export { renderMarkdown } from './markdown.js';
export { githubReport } from './github.js';
export type ReporterEvent = {
    type: string;
    data: any;
};
export type Reporter = (source: AsyncIterable<ReporterEvent>) => AsyncGenerator<string>;
export type Exporter = {
    /**
     * the file extension it writes beside a record
     */
    ext: string;
    /**
     * the document for one run's record
     */
    record: (record: any) => string;
    /**
     * the document for a merged table (merge)
     */
    merged?: (table: any) => string;
};
/**
 * @typedef {{ type: string, data: any }} ReporterEvent
 * @typedef {(source: AsyncIterable<ReporterEvent>) => AsyncGenerator<string>} Reporter
 * @typedef {object} Exporter
 * @property {string} ext                       the file extension it writes beside a record
 * @property {(record: any) => string} record   the document for one run's record
 * @property {(table: any) => string} [merged]  the document for a merged table (merge)
 */
/**
 * Live reporters by name. `spec` picks TTY and colour from process.stdout and
 * the environment each time it runs; call `spec({ tty, color })` to force them.
 * @type {Record<'spec' | 'tap', Reporter>}
 */
export declare const LIVE: Record<'spec' | 'tap', Reporter>;
/** @type {Record<'json' | 'html' | 'markdown' | 'junit', Exporter>} */
export declare const EXPORTERS: Record<'json' | 'html' | 'markdown' | 'junit', Exporter>;
/** Every reporter name `--reporter` takes: live ones first. */
export declare const REPORTERS: string[];
/** @param {string} name @returns {name is keyof typeof LIVE} */
export declare const isLive: (name: string) => name is keyof typeof LIVE;
/** The exporters `--json FILE` writes: the record, and beside it these. */
export declare const BESIDE_JSON: readonly ['html', 'markdown'];
/**
 * 'reports/latest.json' -> the record and its HTML and Markdown reports beside
 * it ('reports/latest.html', 'reports/latest.md').
 * @param {string} json
 * @returns {{ name: keyof typeof EXPORTERS, file: string }[]}
 */
export declare function jsonTargets(json: string): {
    name: keyof typeof EXPORTERS;
    file: string;
}[];
/**
 * Write a finished record through exporters: each to its file (whole), or to
 * stdout; then, inside GitHub Actions, the step summary and annotations.
 * @param {any} record
 * @param {{ targets: { name: string, file: string | null }[], stdout: { write(s: string): unknown },
 *   stderr: { write(s: string): unknown }, env?: NodeJS.ProcessEnv }} o
 */
export declare function exportRecord(record: any, { targets, stdout, stderr, env }: {
    targets: {
        name: string;
        file: string | null;
    }[];
    stdout: {
        write(s: string): unknown;
    };
    stderr: {
        write(s: string): unknown;
    };
    env?: NodeJS.ProcessEnv;
}): void;
/**
 * Run a reporter over a source and collect its output as one string.
 * @param {Reporter} reporter @param {AsyncIterable<ReporterEvent> | Iterable<ReporterEvent>} source
 * @returns {Promise<string>}
 */
export declare function render(reporter: Reporter, source: AsyncIterable<ReporterEvent> | Iterable<ReporterEvent>): Promise<string>;
