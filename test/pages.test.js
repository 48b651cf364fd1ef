// What a fresh page costs a thread (fixtures/lib/pages.cjs): the least of three
// probes, each read from a scripted reader here, so that nothing is timed.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { createRequire } from 'node:module';

const pages = createRequire(import.meta.url)('../fixtures/lib/pages.cjs');

/** A reader that gives `readings` in turn: [cpuNs, faults] before and after each probe. */
const scripted = (/** @type {[number, number][]} */ readings) => {
  let i = 0;
  return () => readings[i++];
};

describe('faultPrice: the least of three probes, µs of CPU a fault', () => {
  test('the least price of the probes whose faults are nearly every page', () => {
    const read = scripted([
      [0, 0],
      [4_000_000, 256], // 15.625 µs
      [4_000_000, 256],
      [7_200_000, 512], // 12.5 µs
      [7_200_000, 512],
      [11_000_000, 768], // 14.84 µs
    ]);
    expect(pages.faultPrice(read)).toBe(12.5);
  });

  test('a probe that reused resident memory (few faults) gives no price; none at all is null', () => {
    const some = scripted([
      [0, 0],
      [100_000, 3], // 3 faults for 256 pages: memory already resident
      [100_000, 3],
      [3_300_000, 259], // 12.5 µs
      [3_300_000, 259],
      [3_400_000, 259],
    ]);
    expect(pages.faultPrice(some)).toBe(12.5);
    const none = scripted([
      [0, 0],
      [1, 0],
      [1, 0],
      [2, 16], // pages of 64 KiB: 16 faults for 1 MiB
      [2, 16],
      [3, NaN], // a reading not taken
    ]);
    expect(pages.faultPrice(none)).toBeNull();
  });

  test('mainThreadFaultPrice: a price here on Linux (or null), nothing elsewhere', () => {
    const price = pages.mainThreadFaultPrice();
    if (process.platform !== 'linux') return expect(price).toBeNull();
    expect(price === null || price > 0).toBe(true);
  });
});
