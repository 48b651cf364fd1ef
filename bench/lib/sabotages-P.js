// @ts-check
// Sabotages of loop.pool-apis-block's price on a host's dear pages (see
// sabotage-plan.js's Sabotage). The fixtures' side is fixtures/lib/sabotage-P.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const SABOTAGES_P = [
  {
    name: 'gzip-sliced-spin',
    what: "loop-apis.cjs: zlib.gzip runs on the pool, but before its callback the main thread spends 4 turns of its loop in CPU work of its own, each about 1.4 times the claim's bound on a hold (the larger of 8 ms and 0.1 of gzipSync's cost, estimated at load): no fresh memory, the loop turning between them",
    select: ['loop.pool-apis-block'],
    // async gzip holds the loop in each of those turns by more than the bound: the loop is not free
    breaks: () => true,
  },
  {
    name: 'gzip-zero-page-spin',
    what: "loop-apis.cjs: zlib.gzip runs on the pool, but the callback that delivers its result first spends about 1.4 times the claim's bound on a hold in CPU work of its own and reads one byte per page of a fresh buffer the result's size: as many page faults as the result has pages, each mapping the zero page (next to no CPU, nothing made resident), in the stretch the operation resolves in",
    select: ['loop.pool-apis-block'],
    // async gzip holds the loop past the bound in the stretch it resolves in; its page faults are not its result's
    breaks: () => true,
  },
];
