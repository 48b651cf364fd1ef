import { defineSpec } from '../../harness/spec.js';
import { controlOp } from '../../harness/kits/network.js';

// One trial (fixtures/fetch-probe.cjs): every pool thread parked on a FIFO;
// N fetches to http://localhost:PORT/ and N to http://127.0.0.1:PORT/ (the
// server closes each connection, so every fetch opens its own), and one
// fs.access as the control (never sent to io_uring). Stage 0: the whole pool parked. Stage 1: one FIFO
// opened, one pool thread free, the others still parked. Then all released.
const N = 4;
const HOLD_MS = 200;

/**
 * What the trial shows, as a check.
 * @param {any} obs @param {number} P
 */
function checkFetch(obs, P) {
  const { name, ip } = obs.ops;
  const { op: control, call } = controlOp(obs.ops);
  const [open0, open1] = obs.inOpen;
  if (obs.parked !== null && obs.parked !== P)
    return { ok: false, invalid: true, detail: `only ${obs.parked} of ${P} pool threads were seen parked` };
  if (control.byStage[0] > 0 || (open0 !== null && open0 !== P))
    return {
      ok: false,
      invalid: true,
      detail: `control failed: the pool was not held (${call} done while parked: ${control.byStage[0]}; threads in open(2): ${open0})`,
    };
  // Stage 1 shows something only if exactly one thread was freed.
  if (open1 !== null && open1 !== P - 1)
    return { ok: false, invalid: true, detail: `${open1} threads still parked with one freed (expected ${P - 1})` };
  const errs = [...new Set([...name.errors, ...ip.errors])];
  // "before it connects": while the lookups wait, the server has seen no more
  // connections than the IP fetches make (each fetch opens one: the server
  // closes every connection), so none of the named ones'. Older records carry
  // the count too (it was reported, not judged).
  const connectedParked = obs.connections?.parked;
  const connectedFirst = connectedParked !== undefined && connectedParked > ip.count;
  const ok =
    name.byStage[0] === 0 &&
    ip.byStage[0] === ip.count &&
    obs.lookups.parked === name.count &&
    obs.lookups.total === name.count &&
    name.byStage[1] === name.count &&
    !connectedFirst &&
    errs.length === 0;
  return {
    ok,
    detail:
      `with all ${P} pool threads parked${obs.heldMs ? ` ${obs.heldMs} ms` : ''}, ${ip.byStage[0]}/${ip.count} fetches to 127.0.0.1 and ${name.byStage[0]}/${name.count} to localhost finished, ` +
      `${obs.lookups.parked} getaddrinfo request(s) waiting (expected ${name.count}, ${obs.lookups.total} in all)` +
      (connectedParked === undefined
        ? '; '
        : `, the server connected ${connectedParked} time(s) meanwhile (at most ${ip.count}, the IP fetches'${connectedFirst ? ': fetches to localhost connected before their lookup returned' : ''}); `) +
      `with one thread freed (${open1 ?? '?'} still parked) ${name.byStage[1]}/${name.count} to localhost finished` +
      `${name.byStage[2] ? `, ${name.byStage[2]} only after the full release` : ''}; control: ${call} waited${errs.length ? `; errors: ${errs.join(', ')}` : ''}`,
  };
}

export default defineSpec({
  id: 'net.fetch-hostname',
  title: 'fetch() to localhost stalls while the pool is full; to an IP literal it does not',
  area: 'network',
  claim:
    "fetch('http://localhost:…') resolves the host name with dns.lookup (getaddrinfo on the libuv pool) before it connects, so it stalls while every pool thread is busy; fetch('http://127.0.0.1:…') needs no lookup and does not.",
  truth:
    'True on Node 20–26: with every pool thread parked, fetches by IP literal finish and fetches to localhost wait, each with one getaddrinfo request queued; one freed pool thread lets them all through. fetch keeps no DNS cache of its own: each new connection looks the name up again.',
  expected: 'holds',
  tags: ['structural', 'fifo-probe', 'dns'],
  requires: ['linux'],
  source: {
    file: 'https://nodejs.org/api/dns.html#implementation-considerations',
    section: 'Implementation considerations: dns.lookup()',
    figures: null,
  },
  plan: (ctx) => {
    const P = ctx.poolSize;
    return {
      summary:
        `All ${P} pool threads parked (for ${HOLD_MS} ms and a random half to a whole of that more, drawn in the trial: no option tells the process when one frees); ${N} fetches to http://localhost (a new connection each) and ${N} to http://127.0.0.1 start at once. ` +
        `Model: the ${N} by IP finish while the pool is parked, the ${N} by name wait with ${N} getaddrinfo requests queued, ` +
        `and freeing one pool thread (${P - 1} still parked) lets them through; the fs.access control waits like them.`,
      model: { P, N, parkedDone: { ip: N, name: 0 }, lookups: N, oneFreedDone: { name: N } },
      trial: (c) =>
        c.run('fetch-probe.cjs', { options: { n: N, holdMs: HOLD_MS, pool: c.poolSize }, timeoutMs: 15_000 }),
      structural: {
        asserts: 'fetches by IP finish with the pool parked; by name they wait in getaddrinfo for one thread',
        need: 2,
        check: (obs) => checkFetch(obs, P),
      },
    };
  },
});
