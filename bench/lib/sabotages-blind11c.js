// @ts-check
// Sabotages built blind, eleventh round (c): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind11c.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND11C = [
  {
    name: 'gzip-gc-stalls',
    what: 'loop-apis.cjs: while an async zlib.gzip of 1 MiB or more is in flight (compressed on the pool, as honest) the main thread runs full garbage collections back to back for 40 ms at a time (v8 gc(), exposed at load, no parallel scavenge or compaction), an 80 ms timer turn between: the async call holds the loop 40 ms in every 120 (about 45 ms where honest holds 5), each hold a run of GC pauses',
    select: ['loop.pool-apis-block'],
    // Async zlib does block the event loop here: while the gzip runs, no timer
    // or I/O callback runs for 40 ms at a time, the loop held by the call's own
    // collections, so "zlib can block the event loop" holds for async zlib.
    breaks: () => true,
  },
  {
    name: 'rr-free-stack',
    what: 'cluster-sched.cjs: under SCHED_RR the primary still accepts every connection and hands it over (newconn), but to the worker that most recently acknowledged one (the free list used as a stack): with one connection at a time one worker gets them all',
    select: ['cluster.sched-default'],
    // The default policy is no longer round-robin: the primary hands every
    // connection to the last worker freed, never dealing them in turn.
    breaks: () => true,
  },
  {
    name: 'ipc-over-udp',
    what: "cluster-server.cjs: the application's messages between a worker and the primary (process.send, worker.send) go as UDP datagrams on 127.0.0.1 (60000-byte pieces; the worker's socket opened per message and closed before its answer), not over the fork's IPC channel, which carries only the cluster's own messages; the bytes the channel's write would have counted (wchar) written to /dev/null",
    select: ['cluster.ipc'],
    // Workers do not talk to the primary over the IPC channel: their messages
    // travel through the network stack as datagrams, the channel idle for them.
    breaks: () => true,
  },
];
