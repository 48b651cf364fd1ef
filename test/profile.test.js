import { describe, it } from 'node:test';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'expect';
import {
  parseCpuList,
  formatCpuList,
  parseCgroupQuota,
  effectiveCores,
  buildProfile,
  formatProfile,
  probeOptions,
  probePath,
} from '../harness/profile.js';

/**
 * Spawn the probe with an IPC channel and resolve with its single message.
 * @param {{ cores: number, taskMs: number }} options
 * @param {string[]} [prefix] e.g. ['taskset', '-c', '0']
 * @returns {Promise<any>}
 */
function runProbe(options, prefix = []) {
  const [cmd, ...args] = [...prefix, process.execPath, probePath, JSON.stringify(options)];
  const child = spawn(cmd, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { PATH: process.env.PATH, UV_THREADPOOL_SIZE: String(options.cores + 1) },
  });
  /** @type {any[]} */
  const messages = [];
  child.on('message', (m) => messages.push(m));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`probe exited with ${code}`));
      else if (messages.length !== 1) reject(new Error(`expected 1 message, got ${messages.length}`));
      else if (messages[0].type !== 'result') reject(new Error(`expected a result message, got ${JSON.stringify(messages[0])}`));
      else resolve(messages[0].data);
    });
  });
}

/** @type {import('../harness/profile.js').ProbeResult} */
const probe = {
  availableParallelism: 2,
  cpuCount: 2,
  cpuModel: 'AMD EPYC',
  affinity: [0, 1],
  cgroupQuota: null,
  effectiveParallelism: {
    value: 1.87,
    samples: [
      { k: 1, wallMs: 75, speedup: 1 },
      { k: 2, wallMs: 80, speedup: 1.87 },
      { k: 3, wallMs: 125, speedup: 1.8 },
    ],
    iterations: 30500,
    poolSize: '3',
  },
  pbkdf2: { iterations: 61000, taskMs: 150.4 },
};

describe('parseCpuList / formatCpuList', () => {
  it('parses ranges and singles, sorted and unique', () => {
    expect(parseCpuList('0-3,6')).toEqual([0, 1, 2, 3, 6]);
    expect(parseCpuList('6,0-1,1\n')).toEqual([0, 1, 6]);
    expect(parseCpuList('5')).toEqual([5]);
    expect(parseCpuList('')).toEqual([]);
    expect(parseCpuList(undefined)).toEqual([]);
    expect(parseCpuList('x,2')).toEqual([2]);
  });
  it('round-trips through formatCpuList', () => {
    expect(formatCpuList([0, 1, 2, 3, 6])).toBe('0-3,6');
    expect(formatCpuList([3, 1, 0])).toBe('0-1,3');
    expect(formatCpuList([])).toBe('');
    expect(formatCpuList(parseCpuList('0-7,16-23'))).toBe('0-7,16-23');
  });
});

describe('parseCgroupQuota', () => {
  it('reads cgroup v2 cpu.max', () => {
    expect(parseCgroupQuota({ v2: 'max 100000\n' })).toBeNull();
    expect(parseCgroupQuota({ v2: '200000 100000\n' })).toBe(2);
    expect(parseCgroupQuota({ v2: '150000 100000' })).toBe(1.5);
  });
  it('prefers v2 over v1', () => {
    expect(parseCgroupQuota({ v2: 'max 100000', v1Quota: '200000', v1Period: '100000' })).toBeNull();
  });
  it('reads cgroup v1 quota/period', () => {
    expect(parseCgroupQuota({ v1Quota: '-1\n', v1Period: '100000\n' })).toBeNull();
    expect(parseCgroupQuota({ v1Quota: '50000\n', v1Period: '100000\n' })).toBe(0.5);
    expect(parseCgroupQuota({ v1Quota: '400000', v1Period: '100000' })).toBe(4);
  });
  it('is null when the files are absent or garbage', () => {
    expect(parseCgroupQuota({})).toBeNull();
    expect(parseCgroupQuota()).toBeNull();
    expect(parseCgroupQuota({ v1Quota: '200000' })).toBeNull();
    expect(parseCgroupQuota({ v2: '' })).toBeNull();
    expect(parseCgroupQuota({ v1Quota: 'x', v1Period: '100000' })).toBeNull();
  });
});

describe('effectiveCores', () => {
  it('takes the minimum of the limits', () => {
    expect(effectiveCores({ availableParallelism: 8, affinity: null, cgroupQuota: null })).toBe(8);
    expect(effectiveCores({ availableParallelism: 8, affinity: [0, 1, 2], cgroupQuota: null })).toBe(3);
    expect(effectiveCores({ availableParallelism: 8, affinity: [0, 1, 2, 3], cgroupQuota: 2.5 })).toBe(2);
    expect(effectiveCores({ availableParallelism: 1, affinity: [0, 1], cgroupQuota: 4 })).toBe(1);
  });
  it('never goes below 1', () => {
    expect(effectiveCores({ availableParallelism: 4, affinity: [], cgroupQuota: 0.5 })).toBe(1);
    expect(effectiveCores({})).toBe(1);
    expect(effectiveCores()).toBe(1);
  });
});

describe('probeOptions', () => {
  it('sizes the pool at cores + 1 and passes JSON options', () => {
    expect(probeOptions(2)).toEqual({ env: { UV_THREADPOOL_SIZE: '3' }, args: ['{"cores":2,"taskMs":150}'] });
    expect(JSON.parse(probeOptions(4, 80).args[0])).toEqual({ cores: 4, taskMs: 80 });
  });
});

describe('buildProfile', () => {
  const topology = { physical: 1, logical: 2, performance: 2, efficiency: 0 };
  it('keeps exactly the profile fields', () => {
    expect(buildProfile({ probe, topology })).toEqual({
      availableParallelism: 2,
      cpuCount: 2,
      cpuModel: 'AMD EPYC',
      affinity: [0, 1],
      cgroupQuota: null,
      topology,
      cores: 2,
      effectiveParallelism: { value: 1.87, samples: probe.effectiveParallelism?.samples },
      pbkdf2: { iterations: 61000, taskMs: 150.4 },
    });
  });
  it('applies affinity and quota limits and tolerates missing measurements', () => {
    const profile = buildProfile({
      probe: { ...probe, affinity: '0', cgroupQuota: 1.5, effectiveParallelism: null, pbkdf2: null },
    });
    expect(profile.cores).toBe(1);
    expect(profile.affinity).toEqual([0]);
    expect(profile.topology).toBeNull();
    expect(profile.effectiveParallelism).toBeNull();
    expect(profile.pbkdf2).toBeNull();
  });
});

describe('formatProfile', () => {
  const env = { node: { version: 'v20.20.2', uv: '1.46.0' } };
  it('prints the header lines', () => {
    const topology = { physical: 1, logical: 2, performance: 2, efficiency: 0 };
    expect(formatProfile(buildProfile({ probe, topology }), env)).toEqual([
      'node v20.20.2, libuv 1.46.0',
      'cores C=2 (availableParallelism 2, os.cpus 2, affinity 0-1, no cgroup quota)',
      'cpu AMD EPYC',
      'effective parallelism 1.87 (k=1..3)',
      'topology 1 physical / 2 logical',
      'pbkdf2 task 150 ms = 61,000 iterations',
    ]);
  });
  it('describes quotas, hybrid cores and missing data', () => {
    const topology = { physical: 12, logical: 16, performance: 4, efficiency: 8 };
    const base = buildProfile({ probe: { ...probe, cpuModel: null, affinity: null, cgroupQuota: 1.5 }, topology });
    const lines = formatProfile({ ...base, effectiveParallelism: null, pbkdf2: null }, { node: { version: '22.1.0' } });
    expect(lines).toEqual([
      'node v22.1.0',
      'cores C=1 (availableParallelism 2, os.cpus 2, no affinity info, cgroup quota 1.5)',
      'effective parallelism not measured',
      'topology 12 physical / 16 logical (4 performance + 8 efficiency)',
      'pbkdf2 not calibrated',
    ]);
    expect(formatProfile({ ...base, topology: null })).toContain('topology unknown');
  });
  it('lists sparse batch sizes', () => {
    const samples = [1, 2, 8, 16, 17].map((k) => ({ k, wallMs: 1, speedup: 1 }));
    const profile = { ...buildProfile({ probe }), effectiveParallelism: { value: 12.5, samples } };
    expect(formatProfile(profile)).toContain('effective parallelism 12.50 (k=1,2,8,16,17)');
  });
});

describe('profile probe (child process)', () => {
  /** @param {any} r @param {number} cores */
  function expectShape(r, cores) {
    expect(r.errors).toEqual([]);
    expect(typeof r.versions.node).toBe('string');
    expect(typeof r.versions.v8).toBe('string');
    expect(typeof r.versions.uv).toBe('string');
    expect(r.execPath).toBe(process.execPath);
    expect(r.platform).toBe(process.platform);
    expect(typeof r.arch).toBe('string');
    expect(typeof r.release).toBe('string');
    expect(Number.isInteger(r.availableParallelism) && r.availableParallelism >= 1).toBe(true);
    expect(Number.isInteger(r.cpuCount)).toBe(true);
    expect(r.cgroupQuota === null || typeof r.cgroupQuota === 'number').toBe(true);
    expect(Number.isInteger(r.pbkdf2.iterations)).toBe(true);
    expect(r.pbkdf2.iterations).toBeGreaterThanOrEqual(1000);
    expect(typeof r.pbkdf2.taskMs).toBe('number');
    expect(typeof r.effectiveParallelism.value).toBe('number');
    expect(r.effectiveParallelism.samples.map((/** @type {any} */ s) => s.k)).toEqual(
      Array.from({ length: cores + 1 }, (_, i) => i + 1),
    );
    for (const s of r.effectiveParallelism.samples) {
      expect(typeof s.wallMs).toBe('number');
      expect(typeof s.speedup).toBe('number');
    }
    if (process.platform === 'linux') expect(r.affinity.length).toBeGreaterThan(0);
    else expect(r.affinity).toBeNull();
    const profile = buildProfile({ probe: r, topology: null });
    expect(profile.cores).toBeGreaterThanOrEqual(1);
  }

  it('sends one structured report over IPC', async () => {
    expectShape(await runProbe({ cores: 2, taskMs: 150 }), 2);
  });

  const taskset = process.platform === 'linux' && spawnSync('taskset', ['-V']).status === 0;
  it('sees a taskset affinity of one CPU', { skip: !taskset && 'taskset unavailable' }, async () => {
    const status = readFileSync('/proc/self/status', 'utf8');
    const cpu = String(parseCpuList(/^Cpus_allowed_list:\s*(.*)$/m.exec(status)?.[1])[0]);
    const r = await runProbe({ cores: 1, taskMs: 50 }, ['taskset', '-c', cpu]);
    expectShape(r, 1);
    expect(r.availableParallelism).toBe(1);
    expect(r.affinity).toEqual([Number(cpu)]);
    expect(buildProfile({ probe: r }).cores).toBe(1);
  });
});
