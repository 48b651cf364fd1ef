// @ts-check
// Sabotages that show where net.dns-lookup-pool-bound and pool.per-process read too little
// (see sabotage-plan.js's Sabotage). The fixtures' side is fixtures/lib/sabotage-I.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const SABOTAGES_I = [
  {
    name: 'lookup-any-gai',
    what: "net-probe.cjs: every dns.lookup and dns.promises.lookup makes its own getaddrinfo (queued on the pool as honest), but is answered at the first end of any lookup's getaddrinfo after it was asked: with its own answer where it came, else from /etc/hosts for a name listed there, else with the answer of the lookup that ended",
    select: ['net.dns-lookup-pool-bound'],
    // A request by name waits for the next getaddrinfo to end, not for its own lookup.
    breaks: () => true,
  },
  {
    name: 'pool-stand-in',
    what: 'pool-per-process.cjs, the asking Worker: each of its requests (pbkdf2, scrypt, randomBytes, deflate, fs) sends a cheap stand-in of the same kind to the pool, queued and taking its trips as honest, while the real work runs on a thread of its own; the callback comes when the stand-in ends, with the real result',
    select: ['pool.per-process'],
    // The Worker's work is not done by the process's pool: a thread of its own runs it,
    // only the callbacks' timing is the pool's.
    breaks: () => true,
  },
];
