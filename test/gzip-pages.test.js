// bench/gzip-pages.js: async gzip's page readings from a record, as
// loop.pool-apis-block's heldFree judges them, and its command line.
import { test } from 'node:test';
import { expect } from 'expect';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageReading } from '../bench/gzip-pages.js';

const SCRIPT = new URL('../bench/gzip-pages.js', import.meta.url).pathname;

/** A trial whose last stretch held `cpuMs` with `faults` faults, `grown` pages made resident. */
const trial = (/** @type {number} */ cpuMs, /** @type {number} */ faults, grown = faults - 30) => ({
  faultCpuUs: 14,
  gzipSync: { mainCpuMs: 78 },
  gzip: {
    resultBytes: 1908308,
    held: {
      cpuMs,
      ms: cpuMs,
      gross: { heldMs: cpuMs, cpuMs, gcMs: 0, waitMs: 0, ms: cpuMs },
      last: { cpuMs, gcMs: 0, waitMs: 0, ms: cpuMs, faults, grown },
      others: { cpuMs: 0.9, grossMs: 3, grossUpToMs: 3 },
    },
  },
});

test('a trial: its last stretch, the price, the hold with its pages out, and whether it read against', () => {
  // honest, dear pages: 10.2 ms, 470 faults, 440 made resident at 14 µs: 4.04 ms left
  expect(pageReading(trial(10.2, 470))).toEqual({
    cpuMs: 10.2,
    faults: 470,
    grown: 440,
    priceUs: 14,
    netMs: 4.04,
    syncMs: 78,
    against: false,
  });
  // an inflate on the main thread: 40 ms, 2 015 faults, 466 priced
  expect(pageReading(trial(40, 2015))).toMatchObject({ netMs: 33.48, against: true });
  // no page readings (records before them): none
  expect(pageReading({ gzipSync: { mainCpuMs: 78 }, gzip: { held: { cpuMs: 3 } } })).toBeNull();
});

test('the command line: a row per LABEL=PATH, and bad input as one line with exit 2', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-gzip-pages-'));
  try {
    const record = {
      results: [{ id: 'loop.pool-apis-block', samples: [trial(10.2, 470), trial(7.3, 467, 437)] }],
    };
    const file = path.join(dir, 'r.json');
    writeFileSync(file, JSON.stringify(record));
    writeFileSync(path.join(dir, 'not-a-record.json'), '{');
    const ok = spawnSync(process.execPath, [SCRIPT, `one=${file}`, `folder=${dir}`], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(
      '| one | 2 | 7.30–10.20 | 467.00–470.00 | 437.00–440.00 | 14.00 | 1.18–4.04 | 78.00 | 0 |',
    );
    expect(ok.stdout).toContain('| folder | 2 |');
    const none = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect(none.status).toBe(2);
    expect(none.stderr).toBe('gzip-pages: name at least one LABEL=PATH (see --help)\n');
    const missing = spawnSync(process.execPath, [SCRIPT, `x=${path.join(dir, 'nope')}`], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(spawnSync(process.execPath, [SCRIPT, '--bogus'], { encoding: 'utf8' }).status).toBe(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
