// Where reports go: stdout, or files written whole (temp file + rename), so
// an interrupted or failed run never leaves a half-written report.
import { mkdirSync, writeFileSync, renameSync, statSync, accessSync, constants } from 'node:fs';
import path from 'node:path';
import { UsageError } from './context.js';

/**
 * Check, before any measurement, that a report file can be written, without
 * creating anything: the file, if it exists, must be a writable file, and the
 * nearest existing ancestor a writable directory.
 * @param {string} file
 */
export function checkWritable(file) {
  const abs = path.resolve(file);
  const fail = (/** @type {string} */ why) => {
    throw new UsageError(`cannot write ${file}: ${why}`);
  };
  const info = stat(abs);
  if (info?.isDirectory()) fail('it is a directory');
  let dir = path.dirname(abs);
  while (!stat(dir)) dir = path.dirname(dir);
  if (!stat(dir)?.isDirectory()) fail(`${dir} is not a directory`);
  try {
    accessSync(info ? abs : dir, constants.W_OK);
  } catch {
    fail(`${info ? abs : dir} is not writable`);
  }
}

/** @param {string} p */
function stat(p) {
  try {
    return statSync(p);
  } catch {
    return null;
  }
}

/**
 * Write a file whole: to a temporary name first, then renamed over.
 * @param {string} file @param {string} text
 */
export function writeWhole(file, text) {
  const abs = path.resolve(file);
  const tmp = `${abs}.${process.pid}.tmp`;
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(tmp, text);
  renameSync(tmp, abs);
}

/**
 * An async iterable fed by push(): one per reporter, so each consumes the
 * run's events at its own pace.
 * @template T
 */
export class Channel {
  /** @type {T[]} */ #queue = [];
  /** @type {((r: IteratorResult<T>) => void) | null} */ #waiting = null;
  #closed = false;

  /** @param {T} item */
  push(item) {
    if (this.#waiting) {
      const w = this.#waiting;
      this.#waiting = null;
      w({ value: item, done: false });
    } else this.#queue.push(item);
  }

  close() {
    this.#closed = true;
    if (this.#waiting) this.#waiting({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return {
      next: () => {
        if (this.#queue.length) return Promise.resolve({ value: /** @type {T} */ (this.#queue.shift()), done: false });
        if (this.#closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.#waiting = resolve));
      },
    };
  }
}

/**
 * Run reporters over one event stream. Each writes to stdout as it goes, or
 * collects its output and writes its file whole at the end.
 * @param {{ name: string, file: string | null, fn: (source: AsyncIterable<any>) => AsyncGenerator<string> }[]} list
 * @param {NodeJS.WritableStream} stdout
 */
export function fanOut(list, stdout) {
  const channels = list.map(() => new Channel());
  const done = list.map(async ({ file, fn }, i) => {
    let text = '';
    for await (const chunk of fn(channels[i])) {
      if (file) text += chunk;
      else stdout.write(chunk);
    }
    if (file) writeWhole(file, text);
  });
  return {
    /** @param {any} event */
    push: (event) => channels.forEach((c) => c.push(event)),
    close: async () => {
      channels.forEach((c) => c.close());
      await Promise.all(done);
    },
  };
}
