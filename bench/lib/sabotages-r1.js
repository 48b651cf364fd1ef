// @ts-check
// Sabotages of the checks changed in b781431, b07364c, cb4d7b7 and b93c0e7
// (see sabotage-plan.js's Sabotage). The fixtures' side is fixtures/lib/sabotage-r1.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const SABOTAGES_R1 = [
  {
    name: 'r1-hidden-thread-parked',
    what: "main-thread.cjs: L-hidden-thread-quiet's worker thread in the pool's missing place, running the zlib.gzip callback's work, blocked in open(2) of a FIFO of its own while the fixture parks the pool: counted among the threads that took a pool request, the pool whole",
    select: ['main-thread.single'],
    // the gzip callback's work runs on a worker thread, not on the main thread
    breaks: (id) => id === 'main-thread.single',
  },
  {
    name: 'r1-readfile-gone-reader',
    what: "readfile-trips.cjs: a readFile of a file larger than 512 KiB read whole in one pread(2) by a worker thread that then ends; each of Node's read requests reads as many bytes of /dev/zero on its pool thread, answered with the worker's bytes: one read call per 512 KiB on the pool, none of them of the file",
    select: ['fs.readfile-trips'],
    // "a large one reads 512 KiB per trip": the file is read in one read, off the pool
    breaks: () => true,
  },
  {
    name: 'r1-stand-in-on-main',
    what: "pool-per-process.cjs: each of the asking Worker's requests sent to the pool as a stand-in of the same kind doing 40% of its work, the real work run on the process's main thread (the one thread the check sets aside); the callback once both are done, with the main thread's result",
    select: ['pool.per-process'],
    // the Worker's requests' work runs on the main thread, not on the pool
    breaks: () => true,
  },
];
