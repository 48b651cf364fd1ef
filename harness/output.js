// @ts-check
// Where reports go: stdout, or files written whole (temp file + rename), so
// an interrupted or failed run never leaves a half-written report.
import { mkdirSync, writeFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './errors.js';

/**
 * Check, before any measurement, that a report file can be written, by doing
 * it: its directory is created and a temporary file is written there and
 * removed (permission bits do not tell: as root every access() check passes,
 * and some file systems, /proc for one, refuse files whatever the bits say).
 * The report itself is not touched.
 * @param {string} file
 */
export function checkWritable(file) {
  const abs = path.resolve(file);
  const fail = (/** @type {string} */ why) => {
    throw new UsageError(`cannot write ${file}: ${why}`);
  };
  if (stat(abs)?.isDirectory()) fail('it is a directory');
  probe(path.dirname(abs), `${abs}.${process.pid}.probe`, fail);
}

/**
 * The same check for a directory reports go into (`--out DIR`): it is
 * created, and a temporary file is written in it and removed.
 * @param {string} dir
 */
export function checkDirectory(dir) {
  const abs = path.resolve(dir);
  probe(abs, path.join(abs, `.ncs.${process.pid}.probe`), (why) => {
    throw new UsageError(`cannot write into ${dir}: ${why}`);
  });
}

/**
 * Create `dir` and write and remove the empty file `file`; an error becomes
 * fail(a few words).
 * @param {string} dir @param {string} file @param {(why: string) => never} fail
 */
function probe(dir, file, fail) {
  try {
    makeDirectory(dir);
    writeFileSync(file, '');
    unlinkSync(file);
  } catch (err) {
    fail(reason(err));
  }
}

/**
 * mkdir -p, one level at a time. (Node 20's recursive mkdirSync loops forever
 * on a path under /proc, ignoring signals; a plain mkdirSync fails at once.)
 * @param {string} dir  absolute
 */
function makeDirectory(dir) {
  const missing = [];
  let at = dir;
  while (!stat(at)) {
    missing.unshift(at);
    const up = path.dirname(at);
    if (up === at) break;
    at = up;
  }
  if (!stat(at)?.isDirectory())
    throw Object.assign(new Error(`${at} is not a directory`), { code: 'ENOTDIR', path: at });
  for (const d of missing) mkdirSync(d);
}

/** A file system error as a few words for the user. @param {unknown} err */
function reason(err) {
  const e = /** @type {NodeJS.ErrnoException} */ (err);
  const where = e.path ? ` (${e.path})` : '';
  switch (e.code) {
    case 'ENOTDIR':
      return `${e.path ?? 'a parent'} is not a directory`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied${where}`;
    case 'EROFS':
      return `read-only file system${where}`;
    case 'ENOENT':
      return `cannot create it there${where}`;
    case 'ENOSPC':
      return `no space left${where}`;
    default:
      return `${e.code ?? 'error'}: ${e.message ?? String(err)}`.split('\n')[0];
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
  makeDirectory(path.dirname(abs));
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
