import { describe, it } from 'node:test';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import {
  parseCpuList,
  formatCpuList,
  parseCgroupQuota,
  parseProcCgroup,
  parseMountInfo,
  cgroupDirs,
  readCgroupQuota,
  effectiveCores,
  buildProfile,
  formatProfile,
  probeOptions,
} from '../harness/profile.js';

/** The probe fixture; spawned with stdio including 'ipc', as the runner does. */
const probePath = fileURLToPath(new URL('../fixtures/profile-probe.cjs', import.meta.url));

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
      else if (messages[0].type !== 'result')
        reject(new Error(`expected a result message, got ${JSON.stringify(messages[0])}`));
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
  pbkdf2: { iterations: 61000, taskMs: 150.4, referenceIterations: 64, referenceMs: 0.0243 },
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

/**
 * A file reader over a fake filesystem: path -> text; anything else cannot be read.
 * @param {Record<string, string>} files
 */
const filesOf = (files) => (/** @type {string} */ file) => files[file];

/** /proc/self/mountinfo lines for a cgroup2 mount and a v1 cpu mount. */
const MOUNTS = {
  v2: '30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate',
  v1: '32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:9 - cgroup cgroup rw,cpu,cpuacct',
  other: '22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw',
};

describe('parseProcCgroup / parseMountInfo / cgroupDirs', () => {
  it('finds the v2 cgroup and the v1 one with the cpu controller', () => {
    expect(parseProcCgroup('0::/user.slice/x.scope\n')).toEqual({ v2: '/user.slice/x.scope', v1: null });
    const v1 = '12:pids:/a\n4:cpu,cpuacct:/system.slice/x.scope\n3:cpuset:/b\n1:name=systemd:/c\n0::/d:e\n';
    expect(parseProcCgroup(v1)).toEqual({ v1: '/system.slice/x.scope', v2: '/d:e' });
    expect(parseProcCgroup('2:cpuacct:/no-cpu\n')).toEqual({ v2: null, v1: null });
    expect(parseProcCgroup(undefined)).toEqual({ v2: null, v1: null });
  });
  it('finds the cgroup2 mount and the v1 cpu mount, with their roots', () => {
    const escaped = '40 31 0:38 /docker/abc /sys/fs/cgroup/cpu\\040x rw - cgroup cgroup rw,cpu';
    expect(parseMountInfo([MOUNTS.other, MOUNTS.v2, MOUNTS.v1].join('\n'))).toEqual({
      v2: { mountPoint: '/sys/fs/cgroup', root: '/' },
      v1: { mountPoint: '/sys/fs/cgroup/cpu,cpuacct', root: '/' },
    });
    const container = { mountPoint: '/sys/fs/cgroup/cpu x', root: '/docker/abc' };
    expect(parseMountInfo(escaped)).toEqual({ v2: null, v1: container });
    const cpuacctOnly = '33 31 0:30 / /sys/fs/cgroup/cpuacct rw - cgroup cgroup rw,cpuacct';
    expect(parseMountInfo(cpuacctOnly)).toEqual({ v2: null, v1: null });
    expect(parseMountInfo(undefined)).toEqual({ v2: null, v1: null });
  });
  it("walks from the process's cgroup up to the mount point", () => {
    const mount = { mountPoint: '/sys/fs/cgroup', root: '/' };
    expect(cgroupDirs(mount, '/user.slice/x.scope')).toEqual([
      '/sys/fs/cgroup/user.slice/x.scope',
      '/sys/fs/cgroup/user.slice',
      '/sys/fs/cgroup',
    ]);
    expect(cgroupDirs(mount, '/')).toEqual(['/sys/fs/cgroup']);
    expect(cgroupDirs(mount, null)).toEqual(['/sys/fs/cgroup']);
    expect(cgroupDirs(mount, '/../..')).toEqual(['/sys/fs/cgroup']);
    // a container's mount shows its own cgroup at the mount point
    const container = { mountPoint: '/sys/fs/cgroup/cpu', root: '/docker/abc' };
    expect(cgroupDirs(container, '/docker/abc')).toEqual(['/sys/fs/cgroup/cpu']);
    expect(cgroupDirs(container, '/docker/abc/sub')).toEqual(['/sys/fs/cgroup/cpu/sub', '/sys/fs/cgroup/cpu']);
    expect(cgroupDirs(container, '/elsewhere')).toEqual(['/sys/fs/cgroup/cpu']);
  });
});

describe('readCgroupQuota', () => {
  const v2 = (/** @type {string} */ cgroup, /** @type {Record<string, string>} */ cpuMax) =>
    filesOf({
      '/proc/self/cgroup': `0::${cgroup}\n`,
      '/proc/self/mountinfo': `${MOUNTS.other}\n${MOUNTS.v2}\n`,
      ...Object.fromEntries(Object.entries(cpuMax).map(([dir, text]) => [`/sys/fs/cgroup${dir}/cpu.max`, text])),
    });

  it("v1 nested: a 1-CPU quota on the process's own cgroup, none at the root", () => {
    const dir = '/sys/fs/cgroup/cpu,cpuacct/system.slice/x.scope';
    const read = filesOf({
      '/proc/self/cgroup': ['5:memory:', '4:cpu,cpuacct:', '0::'].map((c) => `${c}/system.slice/x.scope\n`).join(''),
      '/proc/self/mountinfo': [MOUNTS.other, MOUNTS.v1].join('\n'),
      [`${dir}/cpu.cfs_quota_us`]: '100000\n',
      [`${dir}/cpu.cfs_period_us`]: '100000\n',
      '/sys/fs/cgroup/cpu,cpuacct/system.slice/cpu.cfs_quota_us': '-1\n',
      '/sys/fs/cgroup/cpu,cpuacct/system.slice/cpu.cfs_period_us': '100000\n',
      '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '-1\n',
      '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000\n',
    });
    expect(readCgroupQuota(read)).toEqual({ quota: 1, from: `${dir}/cpu.cfs_quota_us` });
  });
  it("v2 nested: cpu.max on the process's own cgroup", () => {
    const read = v2('/user.slice/x.scope', { '/user.slice/x.scope': '100000 100000\n', '/user.slice': 'max 100000\n' });
    expect(readCgroupQuota(read)).toEqual({ quota: 1, from: '/sys/fs/cgroup/user.slice/x.scope/cpu.max' });
  });
  it('no quota anywhere (max) is none', () => {
    const read = v2('/user.slice/x.scope', { '/user.slice/x.scope': 'max 100000\n', '/user.slice': 'max 100000\n' });
    expect(readCgroupQuota(read)).toEqual({ quota: null, from: null });
  });
  it('a quota at an ancestor only limits the process', () => {
    const read = v2('/user.slice/x.scope', { '/user.slice/x.scope': 'max 100000\n', '/user.slice': '200000 100000\n' });
    expect(readCgroupQuota(read)).toEqual({ quota: 2, from: '/sys/fs/cgroup/user.slice/cpu.max' });
  });
  it('the smallest quota on the way up wins, deeper or not', () => {
    const deeper = v2('/a/b', { '/a/b': '50000 100000', '/a': '200000 100000' });
    expect(readCgroupQuota(deeper)).toEqual({ quota: 0.5, from: '/sys/fs/cgroup/a/b/cpu.max' });
    const higher = v2('/a/b', { '/a/b': '400000 100000', '/a': '200000 100000' });
    expect(readCgroupQuota(higher)).toEqual({ quota: 2, from: '/sys/fs/cgroup/a/cpu.max' });
  });
  it('reads where mountinfo says the hierarchy is, and /sys/fs/cgroup when it cannot be read', () => {
    const elsewhere = filesOf({
      '/proc/self/cgroup': '0::/x\n',
      '/proc/self/mountinfo': '30 23 0:26 / /run/cg rw - cgroup2 cgroup2 rw\n',
      '/run/cg/x/cpu.max': '100000 100000',
      '/sys/fs/cgroup/x/cpu.max': '50000 100000',
    });
    expect(readCgroupQuota(elsewhere)).toEqual({ quota: 1, from: '/run/cg/x/cpu.max' });
    const noMountinfo = filesOf({ '/proc/self/cgroup': '0::/x\n', '/sys/fs/cgroup/x/cpu.max': '150000 100000' });
    expect(readCgroupQuota(noMountinfo)).toEqual({ quota: 1.5, from: '/sys/fs/cgroup/x/cpu.max' });
    const v1Usual = filesOf({
      '/sys/fs/cgroup/cpu/cpu.cfs_quota_us': '300000',
      '/sys/fs/cgroup/cpu/cpu.cfs_period_us': '100000',
    });
    expect(readCgroupQuota(v1Usual)).toEqual({ quota: 3, from: '/sys/fs/cgroup/cpu/cpu.cfs_quota_us' });
  });
  it('a container without its own cgroup namespace: the mount shows its cgroup at the mount point', () => {
    const read = filesOf({
      '/proc/self/cgroup': '4:cpu,cpuacct:/docker/abc\n',
      '/proc/self/mountinfo': '40 31 0:38 /docker/abc /sys/fs/cgroup/cpu,cpuacct ro - cgroup cgroup rw,cpu,cpuacct',
      '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '100000',
      '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000',
    });
    expect(readCgroupQuota(read)).toEqual({ quota: 1, from: '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us' });
  });
  it('a hybrid host: the cpu controller on v1, cgroup2 mounted beside it', () => {
    const read = filesOf({
      '/proc/self/cgroup': '1:cpu:/ncs\n0::/ncs\n',
      '/proc/self/mountinfo': [
        '32 31 0:29 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu',
        '41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw',
      ].join('\n'),
      '/sys/fs/cgroup/cpu/ncs/cpu.cfs_quota_us': '100000',
      '/sys/fs/cgroup/cpu/ncs/cpu.cfs_period_us': '100000',
      '/sys/fs/cgroup/cpu/cpu.cfs_quota_us': '-1',
      '/sys/fs/cgroup/cpu/cpu.cfs_period_us': '100000',
    });
    expect(readCgroupQuota(read)).toEqual({ quota: 1, from: '/sys/fs/cgroup/cpu/ncs/cpu.cfs_quota_us' });
  });
  it('nothing readable (not Linux): no quota', () => {
    expect(readCgroupQuota(filesOf({}))).toEqual({ quota: null, from: null });
  });
  it('reads this machine: a quota comes with its file', () => {
    const q = readCgroupQuota();
    expect(q.quota === null ? q.from === null : typeof q.from === 'string' && q.quota > 0).toBe(true);
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
  it('sizes the pool at cores + 1 and passes the core count and task size', () => {
    expect(probeOptions(2)).toEqual({ env: { UV_THREADPOOL_SIZE: '3' }, options: { cores: 2, taskMs: 120 } });
    expect(probeOptions(4, 80).options).toEqual({ cores: 4, taskMs: 80 });
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
      cgroupQuotaFrom: null,
      topology,
      cores: 2,
      effectiveParallelism: { value: 1.87, samples: probe.effectiveParallelism?.samples },
      pbkdf2: { iterations: 61000, taskMs: 150.4, referenceMs: 0.0243 },
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
  it('keeps where the quota came from, only with a quota', () => {
    const from = '/sys/fs/cgroup/user.slice/x.scope/cpu.max';
    expect(buildProfile({ probe: { ...probe, cgroupQuota: 1, cgroupQuotaFrom: from } }).cgroupQuotaFrom).toBe(from);
    expect(buildProfile({ probe: { ...probe, cgroupQuota: null, cgroupQuotaFrom: from } }).cgroupQuotaFrom).toBeNull();
    expect(buildProfile({ probe: { ...probe, cgroupQuota: 1 } }).cgroupQuotaFrom).toBeNull();
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
  it('says how many timed rounds the probe ran, where it reported them', () => {
    const ep = { ...probe.effectiveParallelism, rounds: 2 };
    const profile = buildProfile({ probe: { ...probe, effectiveParallelism: ep } });
    expect(profile.effectiveParallelism?.rounds).toBe(2);
    expect(formatProfile(profile, env)).toContain('effective parallelism 1.87 (k=1..3, best of 2 rounds)');
    expect(buildProfile({ probe }).effectiveParallelism).not.toHaveProperty('rounds');
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
  it('says where the quota came from', () => {
    const from = (/** @type {string} */ file) =>
      formatProfile(buildProfile({ probe: { ...probe, cgroupQuota: 1, cgroupQuotaFrom: file } }))[0];
    expect(from('/sys/fs/cgroup/user.slice/x.scope/cpu.max')).toBe(
      'cores C=1 (availableParallelism 2, os.cpus 2, affinity 0-1, ' +
        'cgroup quota 1 (cpu.max at /sys/fs/cgroup/user.slice/x.scope))',
    );
    expect(from('/sys/fs/cgroup/cpu/ncs/cpu.cfs_quota_us')).toContain(
      'cgroup quota 1 (cpu.cfs_quota_us at /sys/fs/cgroup/cpu/ncs))',
    );
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
    expect(r.cgroupQuota === null ? r.cgroupQuotaFrom === null : typeof r.cgroupQuotaFrom === 'string').toBe(true);
    expect(Number.isInteger(r.pbkdf2.iterations)).toBe(true);
    expect(r.pbkdf2.iterations).toBeGreaterThanOrEqual(1000);
    expect(typeof r.pbkdf2.taskMs).toBe('number');
    expect(r.pbkdf2.referenceMs).toBeGreaterThan(0);
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
