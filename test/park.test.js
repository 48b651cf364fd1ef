// fixtures/lib/park.cjs: the pool parked on FIFOs made by the caller's parent
// (the harness), so that the fixture starts no process of its own.
import { test } from 'node:test';
import { expect } from 'expect';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFixture } from '../harness/isolate.js';

const require = createRequire(import.meta.url);
const { park } = require('../fixtures/lib/park.cjs');
const { makeFifos, removeFifos } = require('../fixtures/lib/fifo.cjs');

const linux = { skip: process.platform !== 'linux' && 'needs Linux (/proc)' };

test('park: given enough FIFOs it parks on them, makes none and leaves them to their maker', linux, async () => {
  const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'park-test-'));
  try {
    const given = makeFifos(tmpdir, 3);
    const held = await park({ tmpdir, threads: 2, fifos: given.paths });
    expect(held.parked).toBeGreaterThanOrEqual(2);
    // no directory of its own beside the given one
    expect(readdirSync(tmpdir)).toEqual([path.basename(given.base)]);
    await held.release();
    for (const p of given.paths) expect(existsSync(p)).toBe(true);
    removeFifos(given.base, given.paths);
    // too few given: it makes its own, and removes them at release
    const few = makeFifos(tmpdir, 1);
    const own = await park({ tmpdir, threads: 2, fifos: few.paths });
    expect(readdirSync(tmpdir)).toHaveLength(2);
    await own.release();
    expect(readdirSync(tmpdir)).toEqual([path.basename(few.base)]);
  } finally {
    rmSync(tmpdir, { recursive: true, force: true });
  }
});

test('main-thread.cjs parks on the FIFOs it is given and runs no mkfifo(1) of its own', linux, async () => {
  const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'park-test-'));
  // no mkfifo to be found: a fixture that made its own FIFOs would fail
  const env = { PATH: path.join(tmpdir, 'no-bin') };
  const run = (/** @type {object} */ options) =>
    runFixture({
      node: process.execPath,
      fixture: 'main-thread.cjs',
      options: { tmpdir, parkNew: true, ...options },
      env,
      timeoutMs: 30_000,
    });
  try {
    const given = makeFifos(tmpdir, 4);
    const r = await run({ parkFifos: given.paths });
    expect(r.data).toMatchObject({ newParked: 4 });
    removeFifos(given.base, given.paths);
    // without them it looks for mkfifo(1), and here finds none
    await expect(run({})).rejects.toThrow(/mkfifo/);
  } finally {
    rmSync(tmpdir, { recursive: true, force: true });
  }
});
