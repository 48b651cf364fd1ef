// @ts-check
// Sabotages built blind, eleventh round (b): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind11b.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND11B = [
  {
    name: 'readfile-reads-beside-pool',
    what: "readfile-trips.cjs: the pool started one thread short (P - 1) and a reader thread (a Worker) started beside it; every read(2) of a regular file that fs.readFile and fs.promises.readFile send to the pool is made by that thread (the main thread waiting), and the read's own request goes to the pool as an fstat of the descriptor, its answer taken for the read's: the same requests, types, bytes per trip and P threads started since load, none of the reads the pool's",
    select: ['fs.readfile-trips'],
    // No 512 KiB read is a trip to the pool: every read(2) of the file is made
    // by a thread outside libuv's pool, the pool's trip for it only an fstat.
    breaks: () => true,
  },
  {
    name: 'plain-transfer-spilled',
    what: "worker-transfer.cjs: a plain ArrayBuffer of 1 MiB or more in a Worker's transfer list is written to a file, detached in place (moved into a clone dropped and collected, its memory given back), then read back into a new ArrayBuffer that is transferred to the worker: detached in the sender, the same bytes received, no growth of the resident peak",
    select: ['worker.pooled-transfer'],
    // The plain ArrayBuffer is not moved to the worker: what the worker
    // receives is a copy (through a file), the original's memory freed.
    breaks: () => true,
  },
  {
    name: 'fetch-name-pool-watch',
    what: "fetch-probe.cjs: a name /etc/hosts lists is answered in JS for net's lookups (so fetch's); each lookup still sends its getaddrinfo to the pool (answer dropped), and the JS answer is held while /proc shows no pool thread idle (futex) or running, polled every 2 ms",
    select: ['net.fetch-hostname'],
    // fetch to localhost never uses the pool\'s lookup: its address comes from
    // a table in JS; it only waits while the pool looks saturated.
    breaks: () => true,
  },
  {
    name: 'lookup-rides-pool',
    what: 'net-probe.cjs: dns.lookup and dns.promises.lookup of a name /etc/hosts lists are answered from that table in JS; each still sends its getaddrinfo to the pool (answer dropped), and the answer is delivered with the next completion of any other pool request already in flight when the lookup was asked (at once where none was)',
    select: ['net.dns-lookup-pool-bound'],
    // dns.lookup does not run on the pool: requests to localhost get their
    // address from JS and wait only on someone else\'s pool request, not on a
    // lookup of their own.
    breaks: () => true,
  },
  {
    name: 'globalagent-stale-at-checkout',
    what: "http-agent.cjs: a socket http.globalAgent keeps with the default idle timeout (5000 ms, armed and closing it on expiry as honest) is destroyed and replaced by a new connection when a request would reuse it after more than 2500 ms idle; sockets kept under a server's Keep-Alive hint untouched",
    select: ['http.globalagent-keepalive'],
    // The global agent does not keep a connection for 5000 ms idle: a request
    // 2.5 to 5 s after the last opens a new connection.
    breaks: () => true,
  },
];
