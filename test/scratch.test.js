// FIFOs go to a twin of the launcher's scratch directory on a memory
// filesystem (fixtures/lib/scratch.cjs): made with the launcher, removed with
// it, used only where it is this user's and closed to others. Files stay in
// the scratch directory.
import { test } from 'node:test';
import { expect } from 'expect';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createLauncher } from '../harness/launcher.js';

const require = createRequire(import.meta.url);
const { makeMemoryTwin, fifoRoot, memoryTwin } = require('../fixtures/lib/scratch.cjs');
const { makeFifos } = require('../fixtures/lib/fifo.cjs');

/** Whether /dev/shm is a tmpfs this process can write to. */
function memoryFs() {
  try {
    return fs.statfsSync('/dev/shm').type === 0x01021994 && (fs.accessSync('/dev/shm', fs.constants.W_OK), true);
  } catch {
    return false;
  }
}
const machine = /** @type {any} */ ({ node: { path: process.execPath }, env: {}, cpus: null });

test(
  "the launcher's scratch directory has a twin on /dev/shm for FIFOs, closed to others and removed with it",
  { skip: !(process.platform === 'linux' && memoryFs()) && 'needs a writable tmpfs at /dev/shm' },
  () => {
    const launcher = createLauncher({ machine });
    const twin = memoryTwin(launcher.tmpdir);
    try {
      expect(fs.statSync(twin).mode & 0o777).toBe(0o700);
      expect(fifoRoot(launcher.tmpdir)).toBe(twin);
      const { base, paths } = makeFifos(launcher.tmpdir, 2);
      expect(path.dirname(base)).toBe(twin);
      expect(paths.map((p) => fs.statSync(p).isFIFO())).toEqual([true, true]);
    } finally {
      launcher.dispose();
    }
    expect([fs.existsSync(launcher.tmpdir), fs.existsSync(twin)]).toEqual([false, false]);
  },
);

test('without a usable twin the FIFOs go beside the files: none made, one open to others, a name already taken, a link', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ncs-scratch-test-'));
  const twin = memoryTwin(dir);
  try {
    expect(fifoRoot(dir)).toBe(dir); // no twin
    if (process.platform === 'linux' && memoryFs()) {
      fs.mkdirSync(twin, { mode: 0o755 });
      fs.chmodSync(twin, 0o755);
      expect(fifoRoot(dir)).toBe(dir); // open to others: not used
      expect(makeMemoryTwin(dir)).toBeNull(); // the name is taken: none made
      // a link at the twin's name (/dev/shm is open to every user) to a directory of ours: not used
      fs.rmSync(twin, { recursive: true, force: true });
      const target = fs.mkdtempSync(path.join(os.tmpdir(), 'ncs-scratch-target-'));
      fs.chmodSync(target, 0o700);
      fs.symlinkSync(target, twin);
      expect(fifoRoot(dir)).toBe(dir);
      fs.rmSync(twin, { force: true });
      fs.rmSync(target, { recursive: true, force: true });
    }
    const { base } = makeFifos(dir, 1);
    expect(path.dirname(base)).toBe(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(twin, { recursive: true, force: true });
  }
});

test('scratch directories of one name under different temp dirs get different twins', () => {
  expect(memoryTwin('/tmp/a/ncs-x1Y2z3')).not.toBe(memoryTwin('/tmp/b/ncs-x1Y2z3'));
  expect(path.basename(memoryTwin('/tmp/a/ncs-x1Y2z3'))).toMatch(/^ncs-x1Y2z3-[0-9a-f]{12}$/);
});
