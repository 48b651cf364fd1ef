// @ts-check
// Sabotages built blind, twelfth round (c): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind12c.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND12C = [
  {
    name: 'b12c-ip-waits-pool',
    what: 'fetch-probe.cjs: a fetch() to an IP literal connects and gets its answer at once (the same connections, no lookup, no pool request of its own), but resolves only once an fs.stat queued behind the parked pool has run',
    select: ['net.fetch-hostname'],
    // a fetch to 127.0.0.1 stalls while the pool is full, as one to localhost does: the
    // claim's contrast ("to an IP literal it does not") is false
    breaks: (id) => id === 'net.fetch-hostname',
  },
  {
    name: 'b12c-watch-spins',
    what: 'loop-apis.cjs: fs.watch delivers each event after holding the main thread 40 ms in a synchronous fs.statSync loop (busy, not asleep)',
    select: ['loop.pool-apis-block'],
    // fs.watch blocks the event loop 40 ms at every change of a watched file: "fs.watch()
    // does not block the event loop" is false
    breaks: (id) => id === 'loop.pool-apis-block',
  },
  {
    name: 'b12c-ap-half-down',
    what: 'ap-cgroup.cjs: where the runtime follows the cgroup quota, os.availableParallelism() rounds it to the nearest CPU, a half down (1.5 → 1, 0.5 → 1, 1.7 → 2), not down',
    select: ['os.ap-cgroup'],
    // Not "rounded down" for a quota whose fraction is above a half. But it only acts where
    // the runtime follows the quota, and on this host libuv finds none to read on any Node
    // (cgroup v1 with the cpu controller mounted on its own): the claim is refuted here
    // whatever the sabotage, so nothing here can show it broken.
    breaks: () => false,
  },
  {
    name: 'b12c-agent-forever',
    what: "http-agent.cjs: a socket http.globalAgent keeps without a Keep-Alive hint survives its 5 s idle timer: a real expiry's 'timeout' is swallowed and the timer armed again (its callback run early still closes it)",
    select: ['http.globalagent-keepalive'],
    // the global agent keeps idle connections alive for ever, not for 5000 ms: the
    // claim's timeout is false
    breaks: (id) => id === 'http.globalagent-keepalive',
  },
  {
    name: 'b12c-rr-pairs',
    what: "cluster-server.cjs and cluster-sched.cjs: the primary's 'newconn' hand-offs go to the workers in blocks of W, every other block reversed (A B B A A B …): each worker gets its share, handed by the primary, but not in turn",
    select: ['cluster.round-robin'],
    // the primary hands a worker two connections in a row while the other is free: it
    // does not hand new connections to the workers in turn
    breaks: (id) => id === 'cluster.round-robin',
  },
];
