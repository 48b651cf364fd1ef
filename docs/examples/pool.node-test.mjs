// Claims about Node.js concurrency asserted in your own node:test suite,
// in the environment your service runs with. Run: node --test pool.node-test.mjs
import { test } from 'node:test';
import { expect } from 'expect';
import { check } from 'node-concurrency-spec';
import { matchers } from 'node-concurrency-spec/matchers';

expect.extend(matchers);

// The settings your service runs with (here: the libuv default of 4 threads).
const env = { UV_THREADPOOL_SIZE: process.env.POOL_SIZE ?? '4' };

test('the pool has the threads we configure', async () => {
  expect(await check('pool.default-size', { env })).toBeAsExpected();
});

// Exact, timing-free claims make tests that never flake. A claim judged by
// runnable concurrency or timing (pool.pbkdf2-four-together, cluster.*) is
// better run by the CLI, where an inconclusive on a busy machine is a verdict
// of its own rather than a red test.
test('every callback runs on the one main thread', async () => {
  expect(await check('main-thread.single', { env })).toHold();
});
