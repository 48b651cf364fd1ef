import { test } from 'node:test';
import { expect } from 'expect';
import * as api from 'node-concurrency-spec';

test('the package entry exports the authoring and running API', () => {
  for (const name of ['defineSpec', 'validateSpec', 'predictSorted', 'decide', 'runSpecs', 'loadSpecs', 'buildRecord', 'reporters']) {
    expect(typeof api[name]).not.toBe('undefined');
  }
  expect(api.predictSorted({ tasks: 5, P: 4, C: 2 })).toEqual([2, 2, 2, 2, 3]);
  expect(() => api.defineSpec({ id: 'bad' })).toThrow(api.SpecError);
});
