// @ts-check
// Sabotages of a hostile review (round r2): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-r2.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const SABOTAGES_R2 = [
  {
    name: 'r2-orphan-door',
    what: "worker-server.cjs: a process no descendant of the server (started through a shell that exits) also listens on the server's listening socket; a request with a User-Agent header it answers at once, any other it relays to the server's loop",
    select: ['loop.cpu-blocks'],
    // a browser's or curl's request is answered while the heavy handler spins
    breaks: (id) => id === 'loop.cpu-blocks',
  },
  {
    name: 'r2-late-globals',
    what: 'cluster-server.cjs: any global a worker sets is set in every other worker too, through the primary, 1200 ms later',
    select: ['cluster.separate-processes'],
    // a global set in one worker appears in the other: their memory is not their own
    breaks: (id) => id === 'cluster.separate-processes',
  },
  {
    name: 'r2-fd3-pool',
    what: 'pool-probe.cjs: where fd 3 is not a socket (a program started from a shell), UV_THREADPOOL_SIZE set in code before the first pool use: 2 where unset, 4 where not all digits',
    select: ['pool.default-size', 'pool.env-parsing'],
    // a program started from a shell gets a pool of 2 by default, and 4 for "abc"
    breaks: (id) => id === 'pool.default-size' || id === 'pool.env-parsing',
  },
  {
    name: 'r2-dotted-off-pool',
    what: 'net-probe.cjs: dns.lookup of a name with a dot answered by c-ares (resolve4/6), off the pool',
    select: ['net.dns-lookup-pool-bound'],
    // a request to any public host name does not wait for the pool
    breaks: (id) => id === 'net.dns-lookup-pool-bound',
  },
];
