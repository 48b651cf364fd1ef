// @ts-check
// Sabotages built blind, twelfth round (d): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind12d.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND12D = [
  {
    name: 'b12d-own-port',
    what: 'cluster-server.cjs: the last worker forked listens on a port of its own (exclusive), not on the port the other workers share',
    select: ['cluster.shared-port'],
    // one worker is not reachable on the shared port at all: the workers do not share one port
    breaks: (id) => id === 'cluster.shared-port',
  },
  {
    name: 'b12d-sched-thawed',
    what: 'cluster-sched.cjs: cluster.setupPrimary() only stores its settings and the real set-up runs at the first fork, so a scheduling policy set after setupPrimary() still takes effect',
    select: ['cluster.sched-default'],
    // the policy is no longer frozen at setupPrimary(): a value set after it decides how connections are accepted
    breaks: (id) => id === 'cluster.sched-default',
  },
  {
    name: 'b12d-online-at-fork',
    what: "cluster-server.cjs: the primary emits 'online' itself on the tick after each fork (none for a fork known not to start), before the worker's process runs, and swallows the worker's own 'online'",
    select: ['cluster.online-exit-events'],
    // 'online' no longer says the worker came up: it fires before the worker has run any code
    breaks: (id) => id === 'cluster.online-exit-events',
  },
  {
    name: 'b12d-env-detached',
    what: 'pool-probe.cjs: process.env is replaced by a plain copy before the entry assigns UV_THREADPOOL_SIZE, so the assignment never reaches the environment libuv reads',
    select: ['pool.env-in-code'],
    // an assignment in code, before any pool use, leaves the pool at its default size
    breaks: (id) => id === 'pool.env-in-code',
  },
  {
    name: 'b12d-lookup-aside',
    what: "pool-parked.cjs: with P = 1 the gated dns.lookup()s wait one at a time on a worker thread of their own (blocked in open(2) of the gate), each counted as a getaddrinfo request, and the pool's one thread stays free",
    select: ['pool.slow-io-cap-n1'],
    // the hung lookup holds no pool thread: fs work still runs on the pool of one
    breaks: (id) => id === 'pool.slow-io-cap-n1',
  },
];
