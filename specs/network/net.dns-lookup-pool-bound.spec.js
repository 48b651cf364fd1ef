import { randomInt } from 'node:crypto';
import { defineSpec } from '../../harness/spec.js';
import { ioUringRule } from '../../harness/kits/io-uring.js';
import { round } from '../../harness/stats.js';
import { controlProblem, heldRatio, N, DELAY_MS, HOLD_MS, controlOp } from '../../harness/kits/network.js';
import { systemPart } from '../../harness/kits/system-dns.js';

// One trial: every pool thread parked on a FIFO for HOLD_MS and a random quarter to a
// half of it more (drawn in the trial, told to nothing in the process: heldMs); meanwhile
// N GETs to http://localhost (dns.lookup first), one dns.lookup('localhost'), and two
// controls: one fs.access (needs the pool: must wait; never sent to io_uring) and N GETs by IP literal
// (need no pool: must finish, so the server and the loop were answering).
// The hold is drawn so that "they wait for the pool" is not met by a lookup answered on a
// timer of its own that outlasts the hold it could read (HOLD_MS): such an answer comes
// before a release it cannot know of, and counts as finished before it.

// A second process beside it, each trial (mode 'name-cap'): a pool of CAP_POOL threads whose
// slow-I/O slots (libuv's cap, ⌈P/2⌉) are taken by lookups held at a gate, its other threads
// free; N GETs to http://localhost, N by IP and one fs.access meanwhile, for a hold drawn as
// above. A request by name queues its getaddrinfo behind the cap and waits for the release,
// while the fs.access (a free thread) and the requests by IP finish: a request by name held
// by anything else on the pool than its own lookup (name-hosts-stat: answered from
// /etc/hosts after an fs.stat, its getaddrinfo made and dropped) finishes during the hold.
// The fs.access goes out first, so that pool work other than the lookups is in flight when
// they are asked and answers during the hold (a free thread): a lookup answered with the next
// completion of any pool request in flight, its own getaddrinfo made and dropped
// (lookup-rides-pool), is not waiting for its lookup. Measured (Node 20, a busy 2-CPU host,
// 10 trials): honest, 0/8 by name before the release (hold 197–223 ms; the first 37–42 ms
// after it), the fs.access in 8–20 ms; lookup-rides-pool, 8/8 by name 61–93 ms into a
// 201–207 ms hold, just after the fs.access (14–24 ms) answered.
// Eight threads, a cap of four: the 'own' phase after it holds four lookups, one per gate.
const CAP_POOL = 8;

// How the main run holds its pool (net-probe.cjs parkHow, park.cjs): each thread blocked in
// open(2) of a FIFO, or in read(2) of a FIFO opened beforehand (no thread in open then).
// "With the pool busy, such requests wait" is about the pool, not one way of keeping it: a
// lookup answered once /proc shows no thread parked in open (name-open-watched) answers
// within milliseconds of the hold's start held by reads. Measured (Node 20, 22, 24, 26, a
// busy 2-CPU host): honest, either way, 0/8 by name and 0/1 dns.lookup before the release
// (hold 194–232 ms; the first request by name 33–37 ms after it); name-open-watched held in
// read(2), 8/8 by name 47–118 ms into the hold. The first trial's way is drawn at random,
// the next ones alternate (every two trials hold it both ways).
/** @type {readonly ('open' | 'read')[]} */
export const PARK_WAYS = ['open', 'read'];

/**
 * The ways of holding the pool this run can use: 'read' only where fs.read stays on the
 * pool (libuv sends it to io_uring on 1.45–1.48 where the settings ask for it: no thread held).
 * @param {{ node?: { version: string, uv: string }, env?: Record<string, string> }} ctx
 */
export function parkWays(ctx) {
  const ring = ctx.node?.uv && ctx.node.version ? ioUringRule(ctx.node) : null; // unknown: by the settings

  const asked = ctx.env?.UV_USE_IO_URING ?? '0'; // the harness sets 0 (isolate.js) unless told
  return ring === 'pool' || asked === '0' ? PARK_WAYS : PARK_WAYS.slice(0, 1);
}

/**
 * The 'name-cap' run's part: every request by name finished after the release, none
 * before it, with no error, though an fs.access issued before them answered during the
 * hold. Honest, on Node 20, 22, 24 and 26: 0/4 before the release
 * (hold 188–220 ms; the requests by name end 12–16 ms after it), the fs.access in 2–10 ms
 * and 4/4 by IP in 13–21 ms; name-hosts-stat: 4/4 by name in 17–24 ms, during the hold.
 * `invalid` where the setup did not hold (not ⌈P/2⌉ lookups at the gate throughout, the
 * fs.access or a request by IP not done during the hold: the trial shows nothing);
 * null where the run is missing (records from before it).
 * @param {any} r
 * @returns {{ ok: boolean, invalid?: boolean, text: string } | null}
 */
export function nameBehindCap(r) {
  if (!r?.ops?.name) return null;
  const { name, ip, access } = r.ops;
  const errs = [...new Set(name.errors)];
  const setup = `${r.held ?? '?'} lookups held at the gate (${r.heldAfter ?? '?'} at the release) of a pool of ${r.P}`;
  if (r.held !== r.cap || r.heldAfter !== r.cap)
    return { ok: false, invalid: true, text: `${setup}, not the ${r.cap} of its cap: this trial shows nothing` };
  if (access?.completedBeforeRelease !== 1 || ip?.completedBeforeRelease !== ip?.count)
    return {
      ok: false,
      invalid: true,
      text: `${setup}: control failed, fs.access ${access?.completedBeforeRelease ? 'done' : 'not done'} and ${ip?.completedBeforeRelease ?? '?'}/${ip?.count ?? '?'} requests by IP during the hold: this trial shows nothing`,
    };
  const ok = name.completedBeforeRelease === 0 && name.completed === name.count && errs.length === 0;
  return {
    ok,
    text: `with the pool's ${r.cap} slow-I/O slots held by lookups (${r.heldMs} ms) and ${r.P - r.cap} threads free, ${name.completedBeforeRelease}/${name.count} requests to localhost finished before the release (${name.completed - name.completedBeforeRelease}/${name.count} after it${ok ? '' : ', expected none before'}), an fs.access issued before them (answered at ${access.times?.[0] ?? '?'} ms) and ${ip.completedBeforeRelease}/${ip.count} requests by IP during it${errs.length ? `; errors: ${errs.join(', ')}` : ''}`,
  };
}

/**
 * The 'name-cap' run's second part (net-probe.cjs ownGates): as many requests by name as
 * the cap, each to a name of its own whose getaddrinfo is held at a gate of its own, the
 * gates opened one at a time, `gapMs` apart, in an order the process drew at the first
 * release. Each request must end after its own gate opened, and end: what a request by
 * name waits for is its own lookup, not the next getaddrinfo to end. Honest (Node 20, 22,
 * 24, 26, a busy 2-CPU host, 40 trials): 0/4 before its own gate, each 0.5–7 ms after it
 * (60 ms apart), every order; lookup-any-gai
 * (answered at the next end of any getaddrinfo): 3/4 ended 2–3 ms after the first gate,
 * before their own (63–187 ms). One that ended only after the next gate too
 * is contested: which release let it through cannot be told (a busy host's lag could
 * explain it). `invalid` where not every lookup was held at its gate before the first
 * release (the trial shows nothing); null where the part is missing (records from before).
 * @param {any} own
 * @returns {{ ok: boolean, invalid?: boolean, contested?: boolean, text: string } | null}
 */
export function ownLookupRelease(own) {
  if (!own || !Array.isArray(own.requests)) return null;
  const { k, held, gapMs } = own;
  /** @type {{ i: number, releasedAt: number | null, endedAt: number | null, code: string | null }[]} */
  const reqs = own.requests;
  if (held !== k || reqs.length !== k || reqs.some((r) => typeof r.releasedAt !== 'number'))
    return {
      ok: false,
      invalid: true,
      text: `${held ?? '?'} of ${k ?? '?'} lookups to names of their own held at their gates before the first release: this trial shows nothing`,
    };
  const early = reqs.filter((r) => r.endedAt !== null && r.endedAt < /** @type {number} */ (r.releasedAt));
  const never = reqs.filter((r) => r.endedAt === null);
  // ended only after the next gate too: which release let it through is not told
  const late = reqs.filter(
    (r, turn) =>
      turn + 1 < reqs.length && r.endedAt !== null && r.endedAt >= /** @type {number} */ (reqs[turn + 1].releasedAt),
  );
  const lag = reqs
    .filter((r) => r.endedAt !== null && r.endedAt >= /** @type {number} */ (r.releasedAt))
    .map((r) => round(/** @type {number} */ (r.endedAt) - /** @type {number} */ (r.releasedAt), 1));
  const codes = [...new Set(reqs.map((r) => r.code).filter(Boolean))];
  const each = reqs
    .map((r) => `#${r.i} gate ${r.releasedAt} ms, ended ${r.endedAt === null ? 'never' : `${r.endedAt} ms`}`)
    .join('; ');
  const against = early.length > 0 || never.length > 0;
  const contested = !against && late.length > 0;
  return {
    ok: !against && !contested,
    ...(contested && { invalid: true, contested: true }),
    text:
      `${k} requests by name, each held by a gate of its own inside its getaddrinfo, the gates opened ${gapMs} ms apart in a drawn order (${each}): ` +
      `${early.length}/${k} ended before their own gate opened, ${never.length} never ended` +
      (lag.length ? `, the others ${Math.min(...lag)}–${Math.max(...lag)} ms after it` : '') +
      (against
        ? ' (expected each after its own gate: it waits for its own lookup)'
        : contested
          ? `; ${late.length} ended only after the next gate opened too: which release let it through cannot be told (contested)`
          : ', each before the next gate') +
      (codes.length ? ` (${codes.join(', ')}: the names have no answer)` : ''),
  };
}

// Names with a dot (every public host's) and the family each request asks: the main run
// draws the family of each request to localhost and of its dns.lookup (4 or unset: localhost
// has no ::1 in every /etc/hosts), and, in a network namespace of its own whose DNS servers
// (the addresses /etc/resolv.conf names, on its loopback) are the fixture's responders, asks
// N + 1 dotted names never asked before (N GETs and a dns.lookup, each family drawn: 4, 6 or
// unset): glibc's getaddrinfo sends them to DNS (no /etc/hosts line, no alias: HOSTALIASES
// applies to dot-less names only). A lookup on the pool sends its query only once a thread
// takes it: none can come while every thread is parked. Honest (Node 20, 22, 24, 26, a busy 2-CPU host, 16 trials):
// 0/9 dotted before the release, no query during the hold, 9–10 after it.
// r2-dotted-off-pool (a dotted name answered by c-ares): 8/9 during the hold, 8 queries then.
/** The families drawn for the requests to localhost and the lookup: 4, or 0 (unset). */
export const LOCAL_FAMILIES = /** @type {const} */ ([4, 0]);

/**
 * The dotted names' part of the main run: every request and the lookup ended after the
 * release, without error, none of their queries reached the responders during the hold,
 * and every drawn name asked of them after it (else, `invalid`, the part shows nothing:
 * the names were not asked of DNS). null where left out (`leftOut`: why, said; older records: '').
 * @param {any} obs
 * @returns {{ ok: boolean, invalid?: boolean, text: string } | null}
 */
export function dottedNames(obs) {
  const d = obs.ops?.dotted;
  if (!d) return obs.dottedLeftOut ? { ok: true, text: `dotted names left out: ${obs.dottedLeftOut}` } : null;
  const sum = (/** @type {Record<string, number> | undefined} */ byType) =>
    Object.values(byType ?? {}).reduce((a, b) => a + b, 0);
  const dns = obs.dottedDns ?? {};
  const during = sum(dns.duringHold);
  const all = sum(dns.all);
  const errs = [...new Set(d.errors)];
  const fams = Object.entries(dns.families ?? {})
    .map(([f, k]) => `${k}× ${f === '0' ? 'unset' : `IPv${f}`}`)
    .join(', ');
  const ok = d.completedBeforeRelease === 0 && d.completed === d.count && errs.length === 0 && during === 0;
  const text =
    `${d.count} lookups of dotted names (a GET each but one dns.lookup; families ${fams || '?'}, drawn) asked of the fixture's DNS responders: ` +
    `${d.completedBeforeRelease}/${d.count} ended before the release (${d.completed - d.completedBeforeRelease} after it), ${during} queries reached the responders during the hold, ${all} in all` +
    (errs.length ? `; errors: ${errs.join(', ')}` : '');
  if (!ok) return { ok, text: `${text} (expected none before the release and no query during the hold)` };
  // every drawn name asked of DNS (records before namesAsked: the queries' count)
  const asked = typeof dns.namesAsked === 'number' ? dns.namesAsked : all;
  if (asked < d.count)
    return { ok: false, invalid: true, text: `${text}: ${asked} of the ${d.count} names asked of DNS (void)` };
  return { ok, text };
}

export default defineSpec({
  id: 'net.dns-lookup-pool-bound',
  title: 'A request to a host name waits for the thread pool: dns.lookup runs on it',
  area: 'network',
  claim:
    'Before connecting to a host name, Node resolves it with dns.lookup (getaddrinfo), which runs on the libuv pool; with the pool busy, such requests wait.',
  truth:
    'True: with every pool thread parked, requests to localhost and dns.lookup stall until the pool frees, while requests by IP literal go through.',
  expected: 'holds',
  tags: ['timing', 'fifo-probe', 'dns'],
  requires: ['linux'],
  source: {
    file: '002_d7b7cf540677f00a.txt',
    section: 'Network 작업은 OS에 위임한다! (OS delegation)',
    figures: null,
  },
  plan: (ctx) => {
    const claim = (HOLD_MS + DELAY_MS) / HOLD_MS; // the lookup can only run after the release
    const notPool = DELAY_MS / HOLD_MS; // as fast as a request by IP
    const ways = parkWays(ctx);
    let turn = randomInt(ways.length); // the first trial's way drawn, then alternating
    return {
      summary:
        `All pool threads parked for ${HOLD_MS} ms and a random ${Math.ceil(HOLD_MS / 4)}–${HOLD_MS / 2} ms more, drawn in the trial; ${N} GETs to http://localhost and a dns.lookup('localhost') finish only after the release, ` +
        `like the control fs.access, while ${N} GETs by IP finish during it. R = median time of the requests by name / hold ≈ ${round(claim, 2)} (not pool-bound: ${round(notPool, 2)}).`,
      model: {
        N,
        delayMs: DELAY_MS,
        holdMs: HOLD_MS,
        completedBeforeRelease: 0,
        R: round(claim, 4),
        alternatives: { 'not pool-bound': round(notPool, 4) },
      },
      // Park the pool as measured under the settings in force (not re-read from the env by the fixture).
      // The 'name-cap' run beside it sets its pool size itself (CAP_POOL: threads free beyond the cap).
      trial: async (c) => {
        const parkHow = ways[turn++ % ways.length];
        const families = Array.from({ length: N + 1 }, () => LOCAL_FAMILIES[randomInt(LOCAL_FAMILIES.length)]);
        // the dotted names need a network namespace of its own, at the system's DNS servers' addresses
        const system = await systemPart(c, 1);
        const dotted = 'options' in system ? { dottedServers: system.options.systemServers } : null;
        const [main, capRun] = await Promise.all([
          c.run('net-probe.cjs', {
            options: {
              ops: ['ip', 'name', 'lookup', 'access', ...(dotted ? ['dotted'] : [])],
              n: N,
              delayMs: DELAY_MS,
              holdMs: HOLD_MS,
              holdExtra: true, // released at a time drawn in the trial (heldMs), not at HOLD_MS
              pool: c.poolSize,
              parkHow,
              families,
              ...dotted,
            },
            timeoutMs: 15_000,
            ...('ownNetwork' in system && { ownNetwork: system.ownNetwork }),
          }),
          c.run('net-probe.cjs', {
            options: { mode: 'name-cap', n: N, delayMs: DELAY_MS, holdMs: HOLD_MS, own: true },
            env: { UV_THREADPOOL_SIZE: String(CAP_POOL) },
            timeoutMs: 15_000,
          }),
        ]);
        return { ...main, nameCap: capRun, ...('leftOut' in system && { dottedLeftOut: system.leftOut }) };
      },
      structural: {
        asserts: 'requests by name wait for getaddrinfo on the pool, behind its slow-I/O cap too',
        need: 2, // event order: exact in every trial measured
        check(obs) {
          const problem = controlProblem(obs);
          if (problem) return { ok: false, invalid: true, detail: problem };
          const { name, lookup, ip } = obs.ops;
          const errs = [...new Set([...name.errors, ...lookup.errors])];
          // Each lookup, the requests' and the explicit one, is a getaddrinfo
          // request queued on the pool: a lookup answered another way (and
          // merely held until the release) queues none.
          const queued = obs.getaddrinfoDuringHold;
          const lookups = name.count + lookup.count + (obs.ops.dotted?.count ?? 0);
          // ... names with a dot too, asked of DNS (dottedNames)
          const dot = dottedNames(obs);
          // ... and a request by name resolves before it connects: while the lookups
          // wait, the server accepts no more connections than the requests by IP
          // open, one each (records from before it was counted have none)
          const connected = obs.connectedDuringHold;
          const connectedFirst = connected !== undefined && connected > ip.count;
          // ... and what a request by name waits for is its lookup: with only the lookups'
          // slots held, the rest of the pool free, it still waits (nameBehindCap)
          const behind = nameBehindCap(obs.nameCap);
          // ... its own lookup, not the next getaddrinfo to end: each request by name to a
          // name of its own ends only after its own gate opens (ownLookupRelease)
          const own = ownLookupRelease(obs.nameCap?.own);
          const main =
            queued >= lookups &&
            name.completedBeforeRelease === 0 &&
            lookup.completedBeforeRelease === 0 &&
            name.completed === name.count &&
            lookup.completed === 1 &&
            !connectedFirst &&
            errs.length === 0;
          const dotSaid = dot ? `; ${dot.text}` : '';
          // A void cap run voids the trial only where the main run holds: the main run's
          // reading against the claim stands on its own controls (controlProblem above).
          if (behind?.invalid && main && dot?.ok !== false)
            return { ok: false, invalid: true, detail: `${behind.text}${dotSaid}` };
          // a void dotted part likewise, where nothing else is against
          if (dot?.invalid && main && behind?.ok !== false && !(own !== null && !own.ok && !own.invalid))
            return { ok: false, invalid: true, detail: dot.text };
          const ownAgainst = own !== null && !own.ok && !own.invalid;
          // a void or contested own part holds back only a trial nothing else is against
          if (own?.invalid && main && behind?.ok !== false && dot?.ok !== false)
            return {
              ok: false,
              invalid: true,
              ...(own.contested && { contested: true }),
              detail: `${behind ? `${behind.text}; ` : ''}${own.text}`,
            };
          return {
            ok: main && behind?.ok !== false && !ownAgainst && dot?.ok !== false,
            detail:
              `with all ${obs.P} pool threads parked${obs.heldMs ? ` ${obs.heldMs} ms (drawn in the trial)` : ''}${obs.parkHow ? `, each in ${obs.parkHow}(2) of a FIFO` : ''}, ${queued} getaddrinfo requests queued on the pool (expected ${lookups}); ${name.completedBeforeRelease}/${name.count} requests to localhost and ${lookup.completedBeforeRelease}/1 dns.lookup finished before the release ` +
              `(${name.completed}/${name.count} after it)${connected === undefined ? '' : `, the server accepting ${connected} connection(s) meanwhile (at most ${ip.count}, the requests by IP${connectedFirst ? ': requests by name connected before their lookup returned' : ''})`}; controls: ${controlOp(obs.ops).call} waited, ${ip.completedBeforeRelease}/${ip.count} requests by IP went through${errs.length ? `; errors: ${errs.join(', ')}` : ''}${obs.families ? ` (families of the requests to localhost and the lookup, drawn: ${obs.families.map((/** @type {number} */ f) => f || 'unset').join(' ')})` : ''}${dotSaid}${behind ? `; ${behind.text}` : ''}${own ? `; ${own.text}` : ''}`,
          };
        },
      },
      // Boundary halfway between "after the release" and "about the delay" (0.7: 1.2 against 0.2).
      timing: heldRatio({ op: 'name', what: 'request by name', claim, alternatives: { 'not pool-bound': notPool } }),
    };
  },
});
