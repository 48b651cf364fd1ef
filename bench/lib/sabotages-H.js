// @ts-check
// Sabotages of the pool's read system calls in fs.readfile-trips: what each is
// run against and which claims it must break (see sabotage-plan.js's Sabotage).
// The fixtures' side is fixtures/lib/sabotage-H.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const SABOTAGES_H = [
  {
    name: 'readfile-whole-read',
    what: "readfile-trips.cjs: a readFile of a file larger than 512 KiB reads it whole in one read(2) on a pool thread at its last read request, the read requests before it fstats of the descriptor answered as 512 KiB reads; the same requests and types, every byte read once by the pool's threads, and the fixture's own /proc readings of them (rchar, syscr) given what one read per 512 KiB shows",
    select: ['fs.readfile-trips'],
    // "a large one reads 512 KiB per trip": here one trip reads the whole file
    // and the others read nothing.
    breaks: () => true,
  },
  {
    name: 'readfile-split-reads',
    what: "readfile-trips.cjs: every read request of a regular file is read in two read(2) calls on the pool, the first half by a request async_hooks never sees (its init hooks switched off while it is made), the rest by Node's own request, answered as the two together; the same requests, types and bytes per trip, the fixture's read calls (syscr) given one per request",
    select: ['fs.readfile-trips'],
    // a trip is one read of up to 512 KiB: here each is two reads
    breaks: () => true,
  },
];
