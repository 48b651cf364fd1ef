import { randomInt } from 'node:crypto';
import { defineSpec } from '../../harness/spec.js';
import { controlOp } from '../../harness/kits/network.js';
import { checkOfParts } from '../../harness/verdict.js';

// One trial (fixtures/fetch-probe.cjs): every pool thread parked on a FIFO;
// N fetches to http://localhost:PORT/ and N to http://127.0.0.1:PORT/ (the
// server closes each connection, so every fetch opens its own), and one
// fs.access as the control (never sent to io_uring).
// Stage 0: the whole pool parked, for a hold the harness draws and does not
// tell the fixture (it sends the word to free one thread). Stage 1: one FIFO
// opened, one pool thread free, the others still parked. Then all released.
// N stays 4: more fetches by IP (20–28) did not all finish within a 340 ms hold on
// this machine when others' runs loaded it (8/20 did once); the pool requests
// they make (IP_NO_POOL) tell a stock of ids refilled on the pool at any count.
const N = 4;
// The harness's hold of stage 0, drawn per trial: a short one (what the claim
// needs to show) and, in one trial of each pair (which one drawn), a long one.
// "No DNS cache": a lookup answered from a cache once its getaddrinfo has
// waited some time (serve-stale) shows only where the pool stays parked longer
// than that; RFC 8767 suggests 1.8 s. The long hold costs ≈ 2 s a pair.
/** @type {[number, number]} */
const SHORT_HOLD_MS = [300, 400];
/** @type {[number, number]} */
const LONG_HOLD_MS = [2100, 2600];

/** The claim's parts a trial reads: the first (the asserts text), and three more. */
const ASSERTS = 'fetches by IP finish with the pool parked; by name they wait in getaddrinfo for one thread';
const IP_NO_POOL = 'a fetch to an IP literal makes no pool request';
const LOOKUP_FIRST = "a fetch to localhost finishes only after a getaddrinfo request's answer";
const BEHIND_CAP = 'a fetch to localhost waits for its own getaddrinfo, not for a pool thread to be idle';

// A second process beside the main one, each trial (fetch-probe.cjs mode 'name-cap'): a pool
// of CAP_POOL threads whose slow-I/O slots (libuv's cap, ⌈P/2⌉) are taken by lookups held
// inside getaddrinfo at a gate (HOSTALIASES, a FIFO), its other threads free and idle; an
// fs.access, then N fetches to localhost and N to 127.0.0.1, until the harness's word (a hold
// of its drawing, CAP_HOLD_MS) opens the gate. A fetch to localhost queues its getaddrinfo
// behind the cap, so it finishes only after the gate opens, while the fs.access (a free
// thread) and the fetches by IP finish during the hold. "Stalls while every pool thread is
// busy" holds only if the lookup's own getaddrinfo is what it waits for: one answered in JS
// and held until /proc shows a pool thread idle or running (fetch-name-pool-watch, its
// getaddrinfo made and dropped) passes the main run (a freed thread is one) but finishes here
// during the hold. Measured (Node 20, a busy 2-CPU host, 7 runs): honest, 0/4 to localhost
// before the gate opened (hold 280–446 ms; the first 8–18 ms after it), the fs.access in
// 12–50 ms, 4/4 by IP in 18–187 ms, 4 getaddrinfo requests made and 4 connections (the IP
// fetches') during the hold; fetch-name-pool-watch, 4/4 to localhost 64–134 ms into holds of
// 278–397 ms, 8 connections.
const CAP_POOL = 4;
/** @type {[number, number]} */
const CAP_HOLD_MS = [300, 400];

/** The control's requests (fs.access: one fs request, by callback or promise). */
const CONTROL_TYPES = new Set(['FSREQPROMISE', 'FSREQCALLBACK']);

/**
 * The pool requests a trial made that the claim does not explain: within a
 * fetch by IP at any time (AsyncLocalStorage), or while the pool was parked
 * beside the named fetches' getaddrinfo requests and the control's one fs
 * request. Honest (Node 20, 10 trials): {GETADDRINFOREQWRAP: 4, FSREQPROMISE:
 * 1} while parked and none by IP; fetch-request-id-stock: 4 RANDOMBYTESREQUEST
 * by IP, 8 while parked (an id each fetch took). null where not read (older records).
 * @param {any} obs
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function poolUnexplained(obs) {
  const pool = obs.pool;
  if (!pool?.parked || !pool.byIp) return null;
  const byIp = Object.entries(pool.byIp).filter(([, k]) => Number(k) > 0);
  let control = 1;
  const extra = [];
  // the process's requests while parked are left out where a preload runs (NODE_OPTIONS): its
  // own would count; those made within the fetches by IP are theirs alone
  for (const [type, k] of Object.entries(obs.preloaded ? {} : pool.parked)) {
    let left = Number(k);
    if (type === 'GETADDRINFOREQWRAP') continue; // judged with the lookups (name.count of them)
    if (CONTROL_TYPES.has(type)) [left, control] = [Math.max(0, left - control), Math.max(0, control - left)];
    if (left > 0) extra.push(`${left} ${type}`);
  }
  const said = (/** @type {[string, any][]} */ l) => l.map(([t, k]) => `${k} ${t}`).join(', ');
  const ok = byIp.length === 0 && extra.length === 0;
  return {
    ok,
    detail:
      `pool requests made within the fetches by IP: ${byIp.length ? said(byIp) : 'none'}; ` +
      `while the pool was parked, beside the getaddrinfo requests and the control's: ${extra.length ? extra.join(', ') : 'none'}` +
      (ok ? '' : ' (expected none: a fetch by IP needs no pool)'),
  };
}

/**
 * Each fetch to localhost finished after one more getaddrinfo request had
 * answered (its callback begun, async_hooks `before`): the k-th to finish
 * with at least k answered. Honest: every one finishes after its own lookup's
 * answer (gaiDone 4,4,4,4: the freed thread answers the queued lookups
 * before their connections finish). A lookup answered from a cache while its
 * getaddrinfo still waits on the parked pool (fetch-serve-stale, in a long
 * hold) finishes with 0. null where not read.
 * @param {any} obs
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function lookupsAnsweredFirst(obs) {
  const seen = obs.ops?.name?.gaiDone;
  if (!Array.isArray(seen)) return null;
  const early = seen.filter((/** @type {number} */ k, /** @type {number} */ i) => k < i + 1).length;
  return {
    ok: early === 0,
    detail:
      `getaddrinfo requests answered when each fetch to localhost finished: ${seen.join(', ') || 'none'}` +
      (early ? ` (${early} finished before a lookup of its own had an answer: answered from elsewhere)` : ''),
  };
}

/**
 * The 'name-cap' run's part (see CAP_POOL): every fetch to localhost finished after the
 * gate opened, none before, with no error, each with its getaddrinfo request made during the
 * hold and no connection of its own meanwhile. `invalid` where the setup did not hold (not
 * ⌈P/2⌉ lookups at the gate throughout, the fs.access or a fetch by IP not done during the
 * hold: the run shows nothing); null where the run is missing (records from before it).
 * @param {any} r
 * @returns {{ ok: boolean, invalid?: boolean, text: string } | null}
 */
export function fetchBehindCap(r) {
  if (!r?.ops?.name) return null;
  const { name, ip, access } = r.ops;
  const errs = [...new Set([...name.errors, ...ip.errors])];
  const setup = `${r.held ?? '?'} lookups held at the gate (${r.heldAfter ?? '?'} at its opening) of a pool of ${r.P}`;
  if (r.held !== r.cap || r.heldAfter !== r.cap)
    return { ok: false, invalid: true, text: `${setup}, not the ${r.cap} of its cap: this run shows nothing` };
  if (access?.completedBeforeRelease !== 1 || ip?.completedBeforeRelease !== ip?.count)
    return {
      ok: false,
      invalid: true,
      text: `${setup}: control failed, fs.access ${access?.completedBeforeRelease ? 'done' : 'not done'} and ${ip?.completedBeforeRelease ?? '?'}/${ip?.count ?? '?'} fetches by IP during the hold: this run shows nothing`,
    };
  const conns = r.connections?.held;
  const connectedFirst = conns !== undefined && conns > ip.count;
  const ok =
    name.completedBeforeRelease === 0 &&
    name.completed === name.count &&
    r.lookups?.held === name.count &&
    !connectedFirst &&
    errs.length === 0;
  return {
    ok,
    text:
      `with the pool's ${r.cap} slow-I/O slots held by lookups inside getaddrinfo (${r.heldMs} ms, the harness's draw) and ${r.P - r.cap} threads free, ` +
      `${name.completedBeforeRelease}/${name.count} fetches to localhost finished before the gate opened (${name.completed - name.completedBeforeRelease}/${name.count} after it${name.completedBeforeRelease ? ', expected none before' : ''}), ` +
      `${r.lookups?.held ?? '?'} getaddrinfo request(s) made meanwhile (expected ${name.count}), the server connected ${conns ?? '?'} time(s) (at most ${ip.count}, the IP fetches'); ` +
      `an fs.access issued before them (answered at ${access.times?.[0] ?? '?'} ms) and ${ip.completedBeforeRelease}/${ip.count} fetches by IP during the hold${errs.length ? `; errors: ${errs.join(', ')}` : ''}`,
  };
}

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
  // The hold is the harness's: the fixture frees a thread at its word, sent drawnMs after
  // the fixture said its fetches had started (honest: heldMs 15–47 ms past drawnMs).
  const freedEarly = obs.release ? obs.release.sentAtMs === null || obs.heldMs < obs.release.drawnMs : false;
  const first =
    name.byStage[0] === 0 &&
    ip.byStage[0] === ip.count &&
    obs.lookups.parked === name.count &&
    obs.lookups.total === name.count &&
    name.byStage[1] === name.count &&
    !connectedFirst &&
    !freedEarly &&
    errs.length === 0;
  const held = obs.release?.drawnMs
    ? ` ${obs.release.drawnMs} ms (the harness's draw${freedEarly ? `, but the fixture freed one after ${obs.heldMs} ms, before the harness's word` : ''})`
    : obs.heldMs
      ? ` ${obs.heldMs} ms`
      : '';
  const text =
    `with all ${P} pool threads parked${held}, ${ip.byStage[0]}/${ip.count} fetches to 127.0.0.1 and ${name.byStage[0]}/${name.count} to localhost finished, ` +
    `${obs.lookups.parked} getaddrinfo request(s) waiting (expected ${name.count}, ${obs.lookups.total} in all)` +
    (connectedParked === undefined
      ? '; '
      : `, the server connected ${connectedParked} time(s) meanwhile (at most ${ip.count}, the IP fetches'${connectedFirst ? ': fetches to localhost connected before their lookup returned' : ''}); `) +
    `with one thread freed (${open1 ?? '?'} still parked) ${name.byStage[1]}/${name.count} to localhost finished` +
    `${name.byStage[2] ? `, ${name.byStage[2]} only after the full release` : ''}; control: ${call} waited${errs.length ? `; errors: ${errs.join(', ')}` : ''}`;
  /** @type {import('../../harness/verdict.js').Part[]} */
  const parts = [{ name: ASSERTS, ok: first, detail: text }];
  const noPool = poolUnexplained(obs);
  if (noPool) parts.push({ name: IP_NO_POOL, ok: noPool.ok, detail: noPool.detail });
  const answered = lookupsAnsweredFirst(obs);
  if (answered) parts.push({ name: LOOKUP_FIRST, ok: answered.ok, detail: answered.detail });
  const behind = fetchBehindCap(obs.nameCap);
  // A void cap run voids the trial only where the rest holds: the main run's reading against
  // the claim stands on its own controls.
  if (behind?.invalid && parts.every((p) => p.ok)) return { ok: false, invalid: true, detail: behind.text };
  if (behind) parts.push({ name: BEHIND_CAP, ok: behind.ok, detail: behind.text });
  const passed = parts.slice(1).filter((p) => p.ok);
  return checkOfParts(parts, [text, ...passed.map((p) => p.detail)].join('; '));
}

/** @param {[number, number]} range */
const draw = ([lo, hi]) => randomInt(lo, hi + 1);

/**
 * One run of fetch-probe.cjs, its hold the harness's (`holdMs`, untold: the word to free
 * one thread, or open the gate, is sent that long after the fixture says its fetches have
 * started).
 * @param {import('../../harness/context.js').Context} c @param {number} holdMs
 * @param {object} options @param {Record<string, string>} [env]
 */
async function heldRun(c, holdMs, options, env) {
  /** @type {{ drawnMs: number, sentAtMs: number | null }} */
  const release = { drawnMs: holdMs, sentAtMs: null };
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let saidAt = 0;
  const h = c.start('fetch-probe.cjs', {
    options: { n: N, release: 'message', ...options },
    ...(env && { env }),
    timeoutMs: 15_000,
    onMessage: (/** @type {any} */ m) => {
      if (m?.stage !== 0 || timer) return;
      saidAt = performance.now();
      timer = setTimeout(() => {
        release.sentAtMs = Math.round(performance.now() - saidAt);
        h.send({ type: 'free' });
      }, holdMs);
    },
  });
  try {
    const { data } = await h.result;
    return { ...data, release };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One trial: the main run (stage 0's hold `holdMs`, the harness's), then the 'name-cap' run
 * (its pool size set here: CAP_POOL; its hold drawn here, CAP_HOLD_MS). One after the
 * other: run beside each other beside two busy loops, the main run's fetches by IP missed
 * a 2.2 s hold (BENCHMARKS.md §54), which its own reading counts against the claim.
 * @param {import('../../harness/context.js').Context} c @param {number} holdMs
 */
async function fetchTrial(c, holdMs) {
  const main = await heldRun(c, holdMs, { pool: c.poolSize });
  const nameCap = await heldRun(c, draw(CAP_HOLD_MS), { mode: 'name-cap' }, { UV_THREADPOOL_SIZE: String(CAP_POOL) });
  // a preload's own pool work would count among the requests made while parked
  return { ...main, nameCap, ...(c.env?.NODE_OPTIONS && { preloaded: true }) };
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
  tags: ['structural', 'fifo-probe', 'dns', 'mostly-waits'],
  requires: ['linux'],
  source: {
    file: 'https://nodejs.org/api/dns.html#implementation-considerations',
    section: 'Implementation considerations: dns.lookup()',
    figures: null,
  },
  plan: (ctx) => {
    const P = ctx.poolSize;
    // which trial of each pair (1–2, 3–4, …) holds long, drawn when the pair begins
    /** @type {Map<number, number>} */
    const longOf = new Map();
    const holdFor = (/** @type {number} */ n) => {
      const pair = Math.ceil(n / 2);
      if (!longOf.has(pair)) longOf.set(pair, 2 * pair - randomInt(2));
      return draw(longOf.get(pair) === n ? LONG_HOLD_MS : SHORT_HOLD_MS);
    };
    return {
      summary:
        `All ${P} pool threads parked, for a hold the harness draws and does not tell the process (${SHORT_HOLD_MS.join('–')} ms; in one trial of each pair, drawn, ${LONG_HOLD_MS.join('–')} ms: a lookup answered from a cache after a wait would show); ` +
        `${N} fetches to http://localhost (a new connection each) and ${N} to http://127.0.0.1 start at once. ` +
        `Model: those by IP finish while the pool is parked and make no pool request, the ${N} by name wait with ${N} getaddrinfo requests queued, ` +
        `and freeing one pool thread (${P - 1} still parked) lets them through, each after a getaddrinfo answer; the fs.access control waits like them. ` +
        `Beside it, a pool of ${CAP_POOL} whose ${Math.ceil(CAP_POOL / 2)} slow-I/O slots are held by lookups inside getaddrinfo (a HOSTALIASES gate) for ${CAP_HOLD_MS.join('–')} ms, the harness's draw: ` +
        `${N} fetches to localhost finish only after the gate opens, while an fs.access issued before them and ${N} fetches by IP finish during the hold.`,
      model: {
        P,
        N,
        parkedDone: { ip: N, name: 0 },
        lookups: N,
        poolRequestsByIp: 0,
        oneFreedDone: { name: N },
        behindCap: { pool: CAP_POOL, nameBeforeGate: 0, ipBeforeGate: N },
      },
      trial: (c, n) => fetchTrial(c, holdFor(n)),
      structural: {
        asserts: ASSERTS,
        // The fetches' own timing (the first part), the pool requests the
        // fixture saw made (IP_NO_POOL: poolUnexplained), the order of the
        // lookups' answers and the named fetches (LOOKUP_FIRST), and the fetches
        // behind lookups held in getaddrinfo with threads free (BEHIND_CAP:
        // fetchBehindCap, the run beside). Two suffice;
        // a mechanism seen only in the long trials still fails: one of each
        // pair is long, and each trial against the claim extends the budget.
        need: 2,
        check: (obs) => checkFetch(obs, P),
      },
    };
  },
});
