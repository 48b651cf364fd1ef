// harness/kits/thread-cpu.js: a process's CPU read from outside, thread by
// thread, and what a window between two readings spent, ended threads' included.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { readThreadCpu, cpuBetween, GONE_SLACK_MS } from '../harness/kits/thread-cpu.js';

const linux = process.platform === 'linux';

describe('thread-cpu', () => {
  test('cpuBetween: each live thread spent, a new one whole, the ended ones from the whole', () => {
    const a = { threadMs: { 1: 100, 2: 10, 3: 40 }, processMs: 500 };
    // thread 3 ended (its 40 ms were in the whole before), 4 is new; the whole grew 90 ms
    const b = { threadMs: { 1: 130, 2: 15, 4: 20 }, processMs: 590 };
    expect(cpuBetween(a, b)).toEqual({ spentMs: { 1: 30, 2: 5, 4: 20 }, liveMs: 55, goneMs: 35 });
    // a whole that grew less than the live threads (ticks truncated): none gone, never below 0
    expect(cpuBetween(a, { ...b, processMs: 540 })?.goneMs).toBe(0);
    expect(cpuBetween(a, { ...b, processMs: null })?.goneMs).toBeNull();
    expect(cpuBetween({ ...a, threadMs: null }, b)).toBeNull();
    expect(cpuBetween(a, { ...b, threadMs: null })).toBeNull();
    expect(GONE_SLACK_MS).toBe(20);
  });

  test('readThreadCpu: a thread that does its work and ends is counted as gone', { skip: !linux }, async () => {
    const before = readThreadCpu(process.pid);
    expect(Object.keys(before.threadMs ?? {})).toContain(String(process.pid));
    expect(typeof before.processMs).toBe('number');
    // tells its thread id, spins until that thread has had 200 ms on a CPU (however busy
    // the machine), then ends
    const spin = `const fs = require('node:fs');
      require('node:worker_threads').parentPort.postMessage(fs.readlinkSync('/proc/thread-self').split('/').pop());
      const onCpuMs = () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
      while (onCpuMs() < 200);`;
    const w = new Worker(spin, { eval: true });
    /** @type {string | undefined} */
    let tid;
    w.on('message', (m) => (tid = m));
    await new Promise((resolve, reject) => {
      w.on('error', reject);
      w.on('exit', resolve);
    });
    expect(tid).toMatch(/^\d+$/);
    // 'exit' comes once the thread is joined, and the kernel may still list it a moment
    // longer (ended, not yet reaped: its CPU then reads as a live thread's, not in the
    // whole); wait, bounded, until the listing has let it go
    const listed = () => existsSync(`/proc/${process.pid}/task/${tid}`);
    for (const until = Date.now() + 5000; listed() && Date.now() < until;) await delay(5);
    expect(listed()).toBe(false);
    const spent = cpuBetween(before, readThreadCpu(process.pid));
    // not a live thread now: its CPU is in the whole, each reading short by under two ticks
    expect(spent?.goneMs).toBeGreaterThan(200 - GONE_SLACK_MS);
  });

  test('readThreadCpu: a process that is not there reads nothing', { skip: !linux }, () => {
    expect(readThreadCpu(2 ** 22 + 1)).toEqual({ threadMs: null, processMs: null });
  });
});
