// @ts-check
// Sabotages built blind, twelfth round (b): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind12b.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND12B = [
  {
    name: 'pool-default-plain',
    what:
      'pool-probe.cjs: a process started without an IPC channel gets a pool sized from its CPUs ' +
      '(the variable set before the first request and removed after it); a forked child, as every probe is, gets 4',
    select: ['pool.default-size'],
    // a plain `node app.js` on 2 CPUs has a pool of 2 by default: the default is not 4
    breaks: (id) => id === 'pool.default-size',
  },
  {
    name: 'fs-stat-off-pool',
    what:
      'pool-parked.cjs: fs.stat answered from a synchronous stat on the main thread, delivered on the loop, ' +
      'beside a real fs.stat whose answer is dropped (the same request census)',
    select: ['pool.fs-io-uring'],
    // an async fs call (fs.stat) completes with every pool thread held: not every fs call waits for the pool
    breaks: (id) => id === 'pool.fs-io-uring',
  },
  {
    name: 'watchfile-inotify',
    what:
      "pool-parked.cjs: fs.watchFile's listener driven by inotify and a synchronous stat, the pool polling " +
      'a sibling decoy file at the asked interval (the same requests and pool polls)',
    select: ['pool.watchfile'],
    // fs.watchFile reports the change with the pool held and never polls the file through the pool
    breaks: (id) => id === 'pool.watchfile',
  },
  {
    name: 'net-write-via-pool',
    what:
      'net-probe.cjs: every other fixture process, each socket write first waits for an fs.access round trip ' +
      'through the pool, made from a scope created at load (no call of the fixture counts it)',
    select: ['net.not-pool-bound'],
    // in half the trials socket I/O waits for the pool: requests do not finish while every pool thread is busy
    breaks: (id) => id === 'net.not-pool-bound',
  },
  {
    name: 'cluster-worker-stall',
    what:
      'cluster-server.cjs: after each /heavy answer the worker blocks (Atomics.wait, no CPU) as long as the work ' +
      'took, so each worker leaves its core idle half its time',
    select: ['cluster.workers-equal-cores'],
    // with W = C the cores idle half the time; W = 2C fills them and serves about twice as fast: a gain
    breaks: (id) => id === 'cluster.workers-equal-cores',
  },
];
