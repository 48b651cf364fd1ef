import { test } from 'node:test';
import { expect } from 'expect';
import * as api from 'node-concurrency-spec';

test('the package entry exports the authoring and running API', () => {
  for (const name of [
    'defineSpec',
    'validateSpec',
    'predictSorted',
    'decide',
    'run',
    'probeMachine',
    'createLauncher',
    'loadSpecs',
    'buildRecord',
    'EXPORTERS',
    'LIVE',
    'check',
  ]) {
    expect(typeof api[name]).not.toBe('undefined');
  }
  expect(api.predictSorted({ tasks: 5, P: 4, C: 2 })).toEqual([2, 2, 2, 2, 3]);
  expect(() => api.defineSpec({ id: 'bad' })).toThrow(api.SpecError);
});

test("README's programmatic example: probe, launch, run, read the record off run:end", async () => {
  const specs = api.selectSpecs(await api.loadSpecs(), ['main-thread.single']);
  const machine = await api.probeMachine({ nodePath: process.execPath, cpus: null });
  const launcher = api.createLauncher({ machine });
  /** @type {string[]} */
  const types = [];
  let record;
  try {
    for await (const event of api.run({ specs, machine, launcher })) {
      types.push(event.type);
      if (event.type === 'run:end') record = event.data;
    }
  } finally {
    launcher.dispose();
  }
  expect(types[0]).toBe('run:start');
  expect(types.at(-1)).toBe('run:end');
  expect(record?.results.map((r) => [r.id, r.verdict])).toEqual([['main-thread.single', 'pass']]);
  expect(record?.exitCode).toBe(0);
  expect(api.EXPORTERS.markdown.record(record)).toContain('main-thread.single');
});
