// The same in a node-tap suite (tap 18 or later): a tap test file is a plain
// node program that prints TAP and exits non-zero when a test fails, and the
// verdict's reason is the assertion's message. Run: node pool.tap.mjs
import t from 'tap';
import { check } from 'node-concurrency-spec';

// The settings your service runs with (here: the libuv default of 4 threads).
const env = { UV_THREADPOOL_SIZE: process.env.POOL_SIZE ?? '4' };

t.test('the pool has the threads we configure', async (t) => {
  const result = await check('pool.default-size', { env });
  t.equal(result.verdict, 'pass', `${result.id}: ${result.reason}`);
});
