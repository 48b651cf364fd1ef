// The same with node:assert only (any runner, no matchers): the verdict's
// reason is the failure message. Run: node --test pool.plain-assert.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check } from 'node-concurrency-spec';

test('network I/O is not bound by the pool', async () => {
  const result = await check('net.not-pool-bound', { quick: true });
  assert.equal(result.verdict, 'pass', `${result.label}: ${result.reason}`);
});
