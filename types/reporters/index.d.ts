export { spec } from './spec.js';
export { tap } from './tap.js';
export { junit } from './junit.js';
export { html, renderHtml } from './html.js';
export { markdown, renderMarkdown } from './markdown.js';
export { githubReport } from './github.js';
export type ReporterEvent = {
    type: string;
    data: any;
};
export type Reporter = (source: AsyncIterable<ReporterEvent>) => AsyncGenerator<string>;
/**
 * @typedef {{ type: string, data: any }} ReporterEvent
 * @typedef {(source: AsyncIterable<ReporterEvent>) => AsyncGenerator<string>} Reporter
 */
/**
 * The JSON reporter: the record, pretty-printed, at run:end.
 * @type {Reporter}
 */
export declare function json(source: AsyncIterable<ReporterEvent>): AsyncGenerator<string, any, any>;
/**
 * Reporters by name. `spec` picks TTY and colour from process.stdout and the
 * environment each time it runs; call `spec({ tty, color })` to force them.
 * @type {Record<'spec' | 'tap' | 'junit' | 'json' | 'html' | 'markdown', Reporter>}
 */
export declare const reporters: Record<'spec' | 'tap' | 'junit' | 'json' | 'html' | 'markdown', Reporter>;
/**
 * Replay a finished record as the event stream that would have built it:
 * run:start, spec:start + spec:end per result, run:end.
 * @param {any} record
 * @returns {AsyncGenerator<ReporterEvent>}
 */
export declare function fromRecord(record: any): AsyncGenerator<ReporterEvent>;
/**
 * Run a reporter over a source and collect its output as one string.
 * @param {Reporter} reporter @param {AsyncIterable<ReporterEvent> | Iterable<ReporterEvent>} source
 * @returns {Promise<string>}
 */
export declare function render(reporter: Reporter, source: AsyncIterable<ReporterEvent> | Iterable<ReporterEvent>): Promise<string>;
