import { describe, it } from 'node:test';
import { expect } from 'expect';
import { sysfsTopology, hostTopology } from '../harness/topology.js';
import { probedNode } from '../harness/machine.js';

/**
 * A sysfs of CPUs given as [package, core] per CPU number, with the online
 * list and the hybrid PMUs' lists where given.
 * @param {Record<number, [number, number]>} cpus
 * @param {{ online?: string, core?: string, atom?: string }} [o]
 */
function sysfs(cpus, o = {}) {
  const root = '/sys/devices/system/cpu';
  /** @type {Record<string, string>} */
  const files = { [`${root}/online`]: `${o.online ?? `0-${Object.keys(cpus).length - 1}`}\n` };
  for (const [n, [pkg, core]] of Object.entries(cpus)) {
    files[`${root}/cpu${n}/topology/physical_package_id`] = `${pkg}\n`;
    files[`${root}/cpu${n}/topology/core_id`] = `${core}\n`;
  }
  if (o.core) files['/sys/devices/cpu_core/cpus'] = `${o.core}\n`;
  if (o.atom) files['/sys/devices/cpu_atom/cpus'] = `${o.atom}\n`;
  return (/** @type {string} */ file) => files[file];
}

describe('sysfsTopology', () => {
  it('counts each core once, however many hardware threads it has', () => {
    // 4 cores with two threads each, numbered as Linux numbers siblings (n and n + 4)
    const read = sysfs({ 0: [0, 0], 1: [0, 1], 2: [0, 2], 3: [0, 3], 4: [0, 0], 5: [0, 1], 6: [0, 2], 7: [0, 3] });
    expect(sysfsTopology(read)).toEqual({ physical: 4, logical: 8, performance: 4, efficiency: 0 });
  });

  it('tells cores of different packages with the same core id apart', () => {
    const read = sysfs({ 0: [0, 0], 1: [0, 1], 2: [1, 0], 3: [1, 1] });
    expect(sysfsTopology(read)).toEqual({ physical: 4, logical: 4, performance: 4, efficiency: 0 });
  });

  it('reads only the online CPUs', () => {
    const read = sysfs({ 0: [0, 0], 1: [0, 1], 2: [0, 2], 3: [0, 3] }, { online: '0-1' });
    expect(sysfsTopology(read)).toEqual({ physical: 2, logical: 2, performance: 2, efficiency: 0 });
  });

  it("on a hybrid CPU counts the performance and efficiency cores from the kernel's PMU lists", () => {
    // 2 performance cores with two threads (CPUs 0-3), 4 efficiency cores (CPUs 4-7)
    const cpus = /** @type {Record<number, [number, number]>} */ ({
      0: [0, 0],
      1: [0, 0],
      2: [0, 4],
      3: [0, 4],
      4: [0, 8],
      5: [0, 9],
      6: [0, 10],
      7: [0, 11],
    });
    const read = sysfs(cpus, { core: '0-3', atom: '4-7' });
    expect(sysfsTopology(read)).toEqual({ physical: 6, logical: 8, performance: 2, efficiency: 4 });
  });

  it('is null where sysfs does not say (no online list, or a CPU without its topology)', () => {
    expect(sysfsTopology(() => undefined)).toBeNull();
    const read = sysfs({ 0: [0, 0], 1: [0, 1] }, { online: '0-2' });
    expect(sysfsTopology(read)).toBeNull();
  });

  it('on this machine gives counts that agree with the CPUs Node sees', async () => {
    const t = await hostTopology();
    if (t === null) return; // a host that hides its topology reports none
    expect(t.logical).toBeGreaterThanOrEqual(1);
    expect(t.physical).toBeGreaterThanOrEqual(1);
    expect(t.physical).toBeLessThanOrEqual(t.logical);
  });
});

describe('probedNode', () => {
  it("is the binary's versions as the profile probe reported them", () => {
    const probe = { versions: { node: '22.11.0', v8: '12.4.254.21-node.21', uv: '1.49.1' }, execPath: '/opt/node22' };
    expect(probedNode('node22', probe)).toEqual({
      path: 'node22',
      execPath: '/opt/node22',
      version: '22.11.0',
      major: 22,
      v8: '12.4.254.21-node.21',
      uv: '1.49.1',
    });
  });

  it('is null where the report lacks them', () => {
    expect(probedNode('node', {})).toBeNull();
    expect(probedNode('node', { versions: { node: '20.20.2' } })).toBeNull();
  });
});
