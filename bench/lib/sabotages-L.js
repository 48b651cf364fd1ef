// @ts-check
// Sabotages of the main-thread.single hole closed by reading what each thread
// the first pool use started did (see sabotage-plan.js's Sabotage). The
// fixtures' side is fixtures/lib/sabotage-L.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const SABOTAGES_L = [
  {
    name: 'L-hidden-thread-quiet',
    what: "main-thread.cjs: b12a-hidden-thread's worker thread in the pool's missing place, waiting outside its event loop, running the zlib.gzip callback's work, but reading nothing: the 4 MiB mark is read by the main thread alone, the worker's only trace its CPU",
    select: ['main-thread.single'],
    // the gzip callback runs on a worker thread, not on the main thread
    breaks: (id) => id === 'main-thread.single',
  },
  {
    name: 'L-elder-thread',
    what: "main-thread.cjs: L-hidden-thread-quiet's worker thread started at the fixture's load, before it counts its threads (so not among those the first pool use started), the pool one thread short, running the zlib.gzip callback's work and reading nothing",
    select: ['main-thread.single'],
    // the gzip callback runs on a worker thread, not on the main thread
    breaks: (id) => id === 'main-thread.single',
  },
  {
    name: 'L-elder-warm',
    what: "L-elder-thread's worker started after a throwaway Worker has started and ended (the next start reuses its memory: on Node 26 some 500 faults in 10 ms), its thread renamed 'node': on Node 26 only the count of threads beside the pool's tells it",
    select: ['main-thread.single'],
    // the gzip callback runs on a worker thread, not on the main thread
    breaks: (id) => id === 'main-thread.single',
  },
];
