// bench/loop-readings.js: the loop claim's main-thread readings from a record,
// through the claim's own check, and its command line's bad input.
import { test } from 'node:test';
import { expect } from 'expect';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loopTrials, reading } from '../bench/loop-readings.js';

const golden = JSON.parse(readFileSync(new URL('./golden/record.json', import.meta.url), 'utf8'));
const SCRIPT = new URL('../bench/loop-readings.js', import.meta.url).pathname;

/**
 * A loop trial whose main thread spent `mainMs` of CPU and waited `waitMs` for one in a 300 ms window, beside
 * 200 answers at 0.5 ms.
 */
const trial = (/** @type {number} */ mainMs, waitMs = 100) => ({
  route: '/heavy-worker',
  serverCpus: 1,
  generatorShares: false,
  light: { latency: { max: 10 } },
  heavyRequest: { status: 200, latencyMs: 310, cpuMs: 0 },
  server: {
    mainTid: 100,
    loop: { p99: 5 },
    heavy: {
      handlerMs: 300,
      ticksDuring: 150,
      othersMs: 0,
      threads: [{ tid: 101, threadId: 1 }],
      lightsDuring: 200,
      baseline: { ms: 60, mainCpuMs: 30, lights: 60 },
      mainCpuDuringMs: mainMs,
      mainWaitDuringMs: waitMs,
    },
  },
});

const record = {
  ...golden,
  results: [{ id: 'loop.worker-keeps-responsive', verdict: 'fail', samples: [trial(100), trial(290, 5)] }],
};

test('each trial: its excess over its own CPU and the window, its time asleep, and what the check made of it', () => {
  const rs = loopTrials(record).map(reading);
  expect(rs[0]).toMatchObject({ share: 0, windowShare: 0, fails: false });
  expect(rs[0]?.asleep).toBeCloseTo(100 / 300);
  expect(rs[1]).toMatchObject({ fails: true, contested: false });
  expect(rs[1]?.share).toBeCloseTo(190 / 290);
  expect(rs[0]).toMatchObject({ looksAsleep: null, longestMs: null, failsAsleep: false, unreadLooks: false }); // nobody looked
  // with the harness's looks: 30 of 40 inside the window found it in futex
  const napper = trial(100);
  const t = Array.from({ length: 60 }, (_, i) => i * 5 + 2);
  const wait = t.map((_, i) => (i < 10 ? 'epoll:4' : i < 40 ? 'futex' : i < 50 ? 'running' : 'epoll:4'));
  const looked = {
    ...napper,
    server: {
      ...napper.server,
      heavy: { ...napper.server.heavy, startMs: 50, endMs: 250 },
      mainLooks: { everyMs: 5, t, wait },
      pollFds: [4],
    },
  };
  expect(reading({ obs: looked, check: loopTrials(record)[0].check })).toMatchObject({
    looksAsleep: 0.75,
    longestMs: 145,
    failsAsleep: true,
    unreadLooks: false,
  });
  expect(loopTrials({ ...golden, results: [] })).toEqual([]);
});

test('the command line: a table per LABEL=PATH, and bad input as one line with exit 2', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-loop-readings-'));
  try {
    const file = path.join(dir, 'r.json');
    writeFileSync(file, JSON.stringify(record));
    const ok = spawnSync(process.execPath, [SCRIPT, `spinner=${file}`, `folder=${dir}`], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('| spinner | 2 | 0.00–0.66 | 0.00–0.63 | 0.02–0.33 | 1 | 0 | — | — | 0 | 0 |');
    expect(ok.stdout).toContain('| folder | 2 |');
    const none = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect(none.status).toBe(2);
    expect(none.stderr).toBe('loop-readings: name at least one LABEL=PATH (see --help)\n');
    const missing = spawnSync(process.execPath, [SCRIPT, `x=${path.join(dir, 'nope')}`], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    const bad = spawnSync(process.execPath, [SCRIPT, '--bogus'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
