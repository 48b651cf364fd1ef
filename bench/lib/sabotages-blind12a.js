// @ts-check
// Sabotages built blind, twelfth round (a): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind12a.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND12A = [
  {
    name: 'b12a-hidden-thread',
    what: "main-thread.cjs: the pool one thread fewer and, at the first fs.readFile, a worker thread in its place that waits outside its event loop; the zlib.gzip callback's work (its 4 MiB mark included) runs there, the main thread records it under its own ids and reads 4 MiB itself",
    select: ['main-thread.single'],
    // the gzip callback runs on a worker thread, not on the main thread
    breaks: (id) => id === 'main-thread.single',
  },
  {
    name: 'b12a-side-door',
    what: "worker-server.cjs: a pre-started worker thread also listens on the server's listening socket and, while the main thread is busy, answers every request but a GET at once (a GET is relayed to the main thread once it is free); connections it takes while the main thread is free are handed to it",
    select: ['loop.cpu-blocks'],
    // a HEAD or POST on a new connection is answered while the heavy handler
    // spins on the main thread: that request is not blocked by it
    breaks: (id) => id === 'loop.cpu-blocks',
  },
  {
    name: 'b12a-ap-lag',
    what: 'ap-affinity.cjs: os.availableParallelism() counts the CPUs allowed as it last saw them, looking again at most every 400 ms',
    select: ['os.ap-affinity'],
    // for up to 400 ms after an affinity change it reports the old count: at
    // that moment it does not follow the affinity
    breaks: (id) => id === 'os.ap-affinity',
  },
  {
    name: 'b12a-is-master-early',
    what: "cluster-server.cjs: in a worker, cluster.isMaster is true through its start-up code (until the event loop's first turn), false after",
    select: ['cluster.is-master'],
    // a worker's top-level `if (cluster.isMaster)` (the use the source makes
    // of it) takes the primary's branch: isMaster does not tell them apart there
    breaks: (id) => id === 'cluster.is-master',
  },
  {
    name: 'b12a-shared-globals',
    what: 'cluster-server.cjs: any global a worker sets (a new name; __ncs aside) is set in every other worker too, through the primary, within about 5 ms',
    select: ['cluster.separate-processes'],
    // a global set in one worker appears in the others: their memory is not
    // their own
    breaks: (id) => id === 'cluster.separate-processes',
  },
];
