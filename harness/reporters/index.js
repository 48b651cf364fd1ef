// Reporter registry. A reporter is `async function* (source)`: it consumes the
// run's event stream and yields strings for its destination, like node:test
// reporters. Events:
//   run:start  { startedAt, environment, profile, specs: [{ id, title }] }
//   spec:start { id, title, index, total }          index is 0-based
//   spec:trial { id, trial, elapsedMs, note? }      trial is a 1-based count
//   spec:end   Result
//   run:end    Record

import { spec } from './spec.js';
import { tap } from './tap.js';
import { junit } from './junit.js';
import { html } from './html.js';
import { markdown } from './markdown.js';

export { spec } from './spec.js';
export { tap } from './tap.js';
export { junit } from './junit.js';
export { html, renderHtml } from './html.js';
export { markdown, renderMarkdown } from './markdown.js';
export { githubReport } from './github.js';

/**
 * @typedef {{ type: string, data: any }} ReporterEvent
 * @typedef {(source: AsyncIterable<ReporterEvent>) => AsyncGenerator<string>} Reporter
 */

/**
 * The JSON reporter: the record, pretty-printed, at run:end.
 * @type {Reporter}
 */
export async function* json(source) {
  for await (const event of source) {
    if (event?.type === 'run:end') yield `${JSON.stringify(event.data, null, 2)}\n`;
  }
}

/**
 * Reporters by name. `spec` picks TTY and colour from process.stdout and the
 * environment each time it runs; call `spec({ tty, color })` to force them.
 * @type {Record<'spec' | 'tap' | 'junit' | 'json' | 'html' | 'markdown', Reporter>}
 */
export const reporters = {
  spec: (source) => spec()(source),
  tap,
  junit,
  json,
  html,
  markdown,
};

/**
 * Replay a finished record as the event stream that would have built it:
 * run:start, spec:start + spec:end per result, run:end.
 * @param {any} record
 * @returns {AsyncGenerator<ReporterEvent>}
 */
export async function* fromRecord(record) {
  const results = record?.results ?? [];
  yield {
    type: 'run:start',
    data: {
      startedAt: record.startedAt,
      environment: record.environment,
      profile: record.profile,
      specs: results.map((/** @type {any} */ r) => ({ id: r.id, title: r.title })),
    },
  };
  for (let index = 0; index < results.length; index++) {
    const r = results[index];
    yield { type: 'spec:start', data: { id: r.id, title: r.title, index, total: results.length } };
    yield { type: 'spec:end', data: r };
  }
  yield { type: 'run:end', data: record };
}

/**
 * Run a reporter over a source and collect its output as one string.
 * @param {Reporter} reporter @param {AsyncIterable<ReporterEvent> | Iterable<ReporterEvent>} source
 * @returns {Promise<string>}
 */
export async function render(reporter, source) {
  const iterable = Symbol.asyncIterator in Object(source)
    ? /** @type {AsyncIterable<ReporterEvent>} */ (source)
    : (async function* () { yield* /** @type {Iterable<ReporterEvent>} */ (source); })();
  let out = '';
  for await (const chunk of reporter(iterable)) out += chunk;
  return out;
}
