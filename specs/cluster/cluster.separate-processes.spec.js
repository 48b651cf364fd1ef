import { defineSpec } from '../../harness/spec.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { randomUUID, randomInt } from 'node:crypto';
import { SOURCE_004, withCluster, heldGets, impostures, describeImpostures } from '../../harness/kits/cluster.js';

// One trial: two workers (round robin alternates them); GET /global?set=V on
// a new connection sets a global in whichever worker answers; further GETs
// read it back from each worker until both have answered. On Linux the harness
// checks, from /proc, that each answer came from the worker holding its
// connection: the one the answer names (one read of the socket table for all).
// Once SETTLE_MS have passed since the set was answered, each worker is read
// again: memory of its own keeps the global where it was set and nowhere else,
// however long after (not only before some copy of it could arrive).
// Memory of its own both ways, and the environment too: right after the
// worker's set the primary sets the same global to a value of its own, and a
// worker writes an environment variable (process.env, also its own memory);
// all three values are drawn by the harness. Each is read back, at once and
// SETTLE_MS later, in every process: the primary (asked over its channel to the
// harness) and both workers. Each value must be where it was set and nowhere
// else: a worker's global or variable in the primary, the primary's global in
// a worker, a variable in the other worker is memory shared.

/** Whether two readings hold the same value (JSON: a value of any kind read back). @param {any} a @param {any} b */
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The kinds of value the worker's global is set to in the even trials, one drawn per trial. */
export const KINDS = /** @type {const} */ (['number', 'boolean', 'array', 'object']);

/**
 * The worker's global for trial n, drawn by the harness: a string in the odd trials (set=,
 * as the source's example), in the even ones a value of a kind drawn from KINDS (json=).
 * The claim speaks of a worker's memory, whatever it holds: a copier that carries only some
 * kinds of value between processes (not strings, say) shows in the trials of the others.
 * Honest readings: each kind where it was set and null elsewhere, as a string is.
 * @param {number} n @param {() => string} [uuid] @returns {{ kind: string, value: any }}
 */
export function drawValue(n, uuid = randomUUID) {
  if (n % 2 === 1) return { kind: 'string', value: `v${uuid()}` };
  const kind = KINDS[randomInt(KINDS.length)];
  const id = uuid();
  const num = randomInt(1, 2 ** 31);
  /** @type {Record<string, any>} */
  const values = { number: num, boolean: randomInt(2) === 1, array: [id, num], object: { v: id, n: num } };
  return { kind, value: values[kind] };
}

/** The query that sets the worker's global to a drawn value. @param {{ kind: string, value: any }} v */
export const setQuery = (v) =>
  v.kind === 'string' ? `set=${v.value}` : `json=${encodeURIComponent(JSON.stringify(v.value))}`;

/**
 * How long after the set was answered each worker's global is read again.
 * Honest readings: the other worker reads null then as at first, on every
 * run (its memory is its own: nothing can reach it). A value carried from one
 * worker to the other (a copy sent over IPC and set there) lands once it has
 * been seen, sent and set: one set within 700 ms shows in this reading (a
 * copier that looks every 50 ms and sets 400 ms later landed 396–469 ms after
 * the set, 24 runs, 16 of them beside 2 spinning processes). It costs each
 * trial about that long (the other reads take a few ms).
 */
export const SETTLE_MS = 700;

/**
 * The global's and the variable's names for one trial, drawn by the harness
 * (told to the fixture only in its requests): a copier between processes that
 * leaves out the one name the server always used (__ncs, NCS_SEP_ENV) carries
 * a drawn one like any other global (b12a-shared-globals). A letter, then 9–15
 * letters, digits or _ (the global) and the same in upper case (the variable).
 * @returns {{ name: string, envName: string }}
 */
export function drawNames() {
  const word = (/** @type {string} */ first, /** @type {string} */ rest) => {
    let w = first[randomInt(first.length)];
    for (let k = 9 + randomInt(7); k > 0; k--) w += rest[randomInt(rest.length)];
    return w;
  };
  const lower = 'abcdefghijklmnopqrstuvwxyz';
  const upper = lower.toUpperCase();
  return { name: word(lower + upper, `${lower}${upper}0123456789_`), envName: word(upper, `${upper}0123456789_`) };
}

/**
 * When each worker is read a second time, in ms after the set was answered:
 * drawn per trial in this range (a copier cannot time itself to the reads),
 * each read taken only after a round trip of messages through the primary
 * from each worker (GET /ipc: worker, primary, worker), so that whatever a
 * worker sent through the primary before it has reached the other. A copy
 * sent at once lands within a few ms (b12a-shared-globals: every 5 ms);
 * later ones show SETTLE_MS after the set. The reads take place inside that
 * wait: they cost the trial no time.
 */
export const MID_MS = /** @type {const} */ ([100, 400]);

/**
 * When each worker is read a last time, in ms after the set was answered: drawn per
 * trial in this range, well past SETTLE_MS, after a round trip through the primary from
 * each worker as for MID_MS. A copier that sends at once but sets its copy later than
 * the reads before (r2-late-globals: 1200 ms after it saw the global) shows here; one
 * that waits longer than LAST_MS[1] still passes unseen, as does any that waits past the
 * trial's end. It costs each trial about that long: the claim runs in the lane for claims
 * that mostly wait.
 */
export const LAST_MS = /** @type {const} */ ([1500, 3000]);

/**
 * The reads at the drawn delay (MID_MS, or LAST_MS with `which` 'last'), after each worker's round trip
 * through the primary: the setter holds the global, the other reads null,
 * the variable reads in its writer and null in the other. Void (`invalid`)
 * where the round trip did not reach both workers or a worker was not read,
 * all else holding: that reading says nothing. Absent in records made before it.
 * @param {any} obs @param {'mid' | 'last'} [which]
 * @returns {{ ok: boolean, invalid?: boolean, detail: string }}
 */
export function midReadsCheck(obs, which = /** @type {'mid' | 'last'} */ ('mid')) {
  const m = obs[which];
  if (!m) return { ok: true, detail: '' };
  const range = which === 'last' ? LAST_MS : MID_MS;
  const other = obs.workerPids.find((/** @type {number} */ p) => p !== obs.setter);
  const envOther = obs.workerPids.find((/** @type {number} */ p) => p !== obs.envSetter);
  const read = (/** @type {Record<string, any>} */ r, /** @type {number | undefined} */ p) => p !== undefined && p in r;
  const complete =
    obs.workerPids.every((/** @type {number} */ p) => m.roundTrips.includes(p)) &&
    read(m.global, obs.setter) &&
    read(m.global, other) &&
    read(m.env, obs.envSetter) &&
    read(m.env, envOther);
  const shared =
    (other !== undefined && other in m.global && m.global[other] !== null) ||
    (envOther !== undefined && envOther in m.env && m.env[envOther] !== null);
  const wrong =
    shared ||
    (obs.setter in m.global && !same(m.global[obs.setter], obs.value)) ||
    (obs.envSetter in m.env && m.env[obs.envSetter] !== obs.envValue);
  const detail =
    `; read ${which === 'last' ? 'a last time' : 'again'} ${m.atMs} ms after the set (drawn in ${range[0]}–${range[1]} ms), after a round trip through the primary from ${m.roundTrips.length ? m.roundTrips.join(', ') : 'no worker'}: ` +
    `global ${JSON.stringify(m.global)}, variable ${JSON.stringify(m.env)}` +
    (wrong
      ? ` (expected ${obs.setter} to hold the global, ${obs.envSetter} the variable, the other worker neither)`
      : complete
        ? ''
        : ' (not every worker reached: void)');
  if (wrong) return { ok: false, detail };
  return complete ? { ok: true, detail } : { ok: false, invalid: true, detail };
}

/**
 * The reads taken SETTLE_MS after the set: the setter still holds the value,
 * the other worker still reads null (unset). Absent (undefined) in records made
 * before them.
 * @param {{ later?: Record<string, any>, setter: number, value: string, workerPids: number[] }} obs
 */
export function laterReadsCheck(obs) {
  if (!obs.later) return { ok: true, detail: '' };
  const other = obs.workerPids.find((p) => p !== obs.setter);
  const ok =
    same(obs.later[obs.setter], obs.value) && other !== undefined && other in obs.later && obs.later[other] === null;
  return {
    ok,
    detail: `; read again ${SETTLE_MS} ms after the set: ${JSON.stringify(obs.later)}${ok ? '' : ` (expected ${obs.setter} to hold it and ${other} null)`}`,
  };
}

/**
 * The primary's global and the worker's environment variable, read back in
 * every process (absent in records made before them). The primary held
 * neither before its own set (`primary.atSet`), and holds its own global and
 * no variable at once and SETTLE_MS later (`now`, `later`: null where it did
 * not answer within 2 s: a primary that does not answer shows nothing of
 * its memory, so where all else held the trial is void, `invalid`, never
 * failed: on a stalled machine the answer can come late); neither worker reads the primary's value (at once,
 * later); the variable reads in the worker that wrote it and nowhere else
 * (unset, null, in the other worker and in the primary). Honest readings (busy
 * 2-CPU machine, 8 runs of 2 trials, Node 20 and 26): exactly that on every run.
 * A value copied between processes lands within tens of ms and shows at once or
 * at the latest in the later reads: globals-primary-mirror, the worker's global
 * in the primary at once and later; env-shared, the variable in the other worker
 * and in the primary at once and later.
 * @param {any} obs
 * @returns {{ ok: boolean, invalid?: boolean, detail: string }}
 */
export function ownMemoryCheck(obs) {
  if (!obs.primary) return { ok: true, detail: '' };
  const { atSet, now, later, last } = obs.primary;
  const words = [];
  // reads the primary did not answer: neither for nor against its memory
  let unanswered = 0;
  const primaryRead = (/** @type {any} */ r, /** @type {string} */ when, /** @type {any} */ global) => {
    if (r === null) unanswered++;
    const good = r === null || (same(r.global, global) && r.env === null);
    words.push(
      r === null
        ? `primary ${when}: no answer`
        : `primary ${when}: global ${r.global === obs.primaryValue ? 'its own' : JSON.stringify(r.global)}, variable ${JSON.stringify(r.env)}`,
    );
    return good;
  };
  let ok = primaryRead(atSet, 'before its set', null);
  ok = primaryRead(now, 'at once', obs.primaryValue) && ok;
  ok = primaryRead(later, `${SETTLE_MS} ms later`, obs.primaryValue) && ok;
  // after the workers' last read (records before it: not read)
  if (last !== undefined) ok = primaryRead(last, 'at the last read', obs.primaryValue) && ok;
  const workersWithPrimary = obs.workerPids.filter((/** @type {number} */ pid) =>
    [obs.seen, obs.later ?? {}].some((reads) => reads[pid] === obs.primaryValue),
  );
  if (workersWithPrimary.length) ok = false;
  words.push(`primary's global in workers: ${workersWithPrimary.length ? workersWithPrimary.join(', ') : 'none'}`);
  const writer = obs.envSetter;
  const other = obs.workerPids.find((/** @type {number} */ p) => p !== writer);
  const envOk = (/** @type {Record<string, any>} */ reads) =>
    reads[writer] === obs.envValue && other !== undefined && other in reads && reads[other] === null;
  const envGood = obs.envSetterOld === null && envOk(obs.seenEnv) && envOk(obs.laterEnv);
  ok &&= envGood;
  words.push(
    `variable written in ${writer}, read at once ${JSON.stringify(obs.seenEnv)}, later ${JSON.stringify(obs.laterEnv)}${envGood ? '' : ` (expected ${writer} to hold it and ${other} null)`}`,
  );
  const detail = `; ${words.join('; ')}`;
  // all it answered held, some read unanswered (within 2 s): void, not failed
  if (ok && unanswered) return { ok: false, invalid: true, detail };
  return { ok, detail };
}

export default defineSpec({
  id: 'cluster.separate-processes',
  title: 'Cluster workers are separate processes with their own memory',
  area: 'cluster',
  claim: 'Each cluster worker is a separate process with its own V8 instance, event loop and memory.',
  truth:
    'True: workers are child processes (child_process.fork); a global set in one worker does not exist in another.',
  expected: 'holds',
  // Its trial mostly waits out the drawn reads (MID_MS, SETTLE_MS, LAST_MS): alone it took
  // 5.4–6.7 s of its own time and 1.3–2.0 s of CPU, 0.2–0.3 of a CPU, as the other claims
  // tagged 'mostly-waits' (BENCHMARKS.md §59). Among the claims that work it was the longest.
  tags: ['structural', 'mostly-waits'],
  source: {
    file: SOURCE_004.file,
    section: 'Introduction: separate processes, each with its own V8 instance, event loop and memory',
    figures: null,
  },
  plan: () => ({
    summary: `2 workers: distinct pids (none the primary's); a global set through GET /global in one worker (a string in odd trials, in even ones a number, boolean, array or object, the kind drawn) reads back as set there and as unset (null) in the other, at once, at a drawn ${MID_MS[0]}–${MID_MS[1]} ms after a round trip through the primary from each worker, ${SETTLE_MS} ms later and at a drawn ${LAST_MS[0]}–${LAST_MS[1]} ms (a round trip first); the same global set in the primary to a value of its own, and an environment variable written in a worker, read back where set and unset in every other process (primary included), at once and ${SETTLE_MS} ms later (all three values drawn by the harness, and the global's and the variable's names); each answer from the worker that holds its connection (Linux: by /proc, read by the harness).`,
    model: { workers: 2, distinctPids: 2, seenInSetter: 'V', seenInOther: null },
    trial: async (c, n = 1) => {
      // drawn by the harness: the worker's global (its kind too), the primary's, the worker's variable
      const drawn = drawValue(n);
      const value = drawn.value;
      const [primaryValue, envValue] = ['p', 'e'].map((k) => `${k}${randomUUID()}`);
      // the global's and the variable's names, drawn too, in every read and write
      const names = drawNames();
      const named = `name=${names.name}&envName=${names.envName}`;
      const midMs = MID_MS[0] + randomInt(MID_MS[1] - MID_MS[0] + 1);
      const lastMs = LAST_MS[0] + randomInt(LAST_MS[1] - LAST_MS[0] + 1);
      /** @type {Map<string, any>} the primary's answers ({ memory: id, global, env }) by id */
      const answers = new Map();
      const onMessage = (/** @type {any} */ m) => m && typeof m.memory === 'string' && answers.set(m.memory, m);
      const { value: reads, info } = await withCluster(
        c,
        { workers: 2 },
        async (i, handle) => {
          /** The primary's memory (and its own set, where given); null without an answer in 2 s. */
          const askPrimary = async (/** @type {string} */ id, /** @type {string} */ [set] = []) => {
            handle.send({ type: 'memory', id, ...names, ...(set ? { set } : {}) });
            const t = performance.now();
            while (!answers.has(id) && performance.now() - t < 2000) await sleep(2);
            const a = answers.get(id);
            return a ? { global: a.global ?? null, env: a.env ?? null } : null;
          };
          // Every connection held until the socket table is read for all of them at once.
          const held = heldGets(i.port, i.workerPids, { tree: i.primaryPid });
          try {
            const set = await held.get(`/global?${named}&${setQuery(drawn)}`);
            const atSet = await askPrimary('set', [primaryValue]);
            const envSet = await held.get(`/global?${named}&env=${envValue}`);
            /** @type {Record<string, any>} */
            const seen = {};
            /** @type {Record<string, any>} */
            const seenEnv = {};
            for (let k = 0; k < 20 && Object.keys(seen).length < 2; k++) {
              const r = await held.get(`/global?${named}`);
              if (r.pid) [seen[r.pid], seenEnv[r.pid]] = [r.body?.old ?? null, r.body?.env ?? null];
            }
            const now = await askPrimary('now');
            // again at the drawn delay, once each worker has made a round trip through the primary
            const setAnswered = set.t + set.ms;
            const readAt = async (/** @type {number} */ atMs) => {
              await sleep(Math.max(0, atMs - (performance.now() - setAnswered)));
              /** @type {number[]} workers whose round trip came back */
              const roundTrips = [];
              for (let k = 0; k < 20 && roundTrips.length < 2; k++) {
                const r = await held.get(`/ipc?nonce=${randomUUID()}`);
                if (r.pid && r.status === 200 && !roundTrips.includes(r.pid)) roundTrips.push(r.pid);
              }
              const readAtMs = Math.round(performance.now() - setAnswered);
              /** @type {Record<string, any>} */
              const global = {};
              /** @type {Record<string, any>} */
              const env = {};
              for (let k = 0; k < 20 && Object.keys(global).length < 2; k++) {
                const r = await held.get(`/global?${named}`);
                if (r.pid) [global[r.pid], env[r.pid]] = [r.body?.old ?? null, r.body?.env ?? null];
              }
              return { atMs: readAtMs, roundTrips, global, env };
            };
            const mid = await readAt(midMs);
            // and again, each worker, once SETTLE_MS have passed since the set's answer
            await sleep(Math.max(0, SETTLE_MS - (performance.now() - (set.t + set.ms))));
            /** @type {Record<string, any>} */
            const later = {};
            /** @type {Record<string, any>} */
            const laterEnv = {};
            for (let k = 0; k < 20 && Object.keys(later).length < 2; k++) {
              const r = await held.get(`/global?${named}`);
              if (r.pid) [later[r.pid], laterEnv[r.pid]] = [r.body?.old ?? null, r.body?.env ?? null];
            }
            /** @type {Record<string, any>} */
            const primary = { atSet, now, later: await askPrimary('later') };
            // and a last time, well past the later reads (LAST_MS): the workers, then the primary
            const last = await readAt(lastMs);
            primary.last = await askPrimary('last');
            const bad = impostures(held.end()).map((r) => ({ pid: r.pid, holders: r.holders }));
            return {
              setter: set.pid,
              setterOld: set.body?.old ?? null,
              seen,
              mid,
              later,
              last,
              envSetter: envSet.pid,
              envSetterOld: envSet.body?.env ?? null,
              seenEnv,
              laterEnv,
              primary,
              impostures: bad,
            };
          } finally {
            held.abandon();
          }
        },
        { onMessage },
      );
      return {
        kind: drawn.kind,
        value,
        ...names,
        primaryValue,
        envValue,
        primaryPid: info.primaryPid,
        workerPids: info.workerPids,
        ...reads,
      };
    },
    structural: {
      asserts: 'the workers are distinct processes: a global set in one stays unset in the other',
      // Which value each process holds: exact, two agreeing trials suffice.
      need: 2,
      check(obs) {
        const pids = new Set(obs.workerPids);
        const other = obs.workerPids.find((/** @type {number} */ p) => p !== obs.setter);
        const bad = obs.impostures ?? []; // absent in records made before the holders were read
        // the memory stays its own: the same reads SETTLE_MS later
        const later = laterReadsCheck(obs);
        // both ways: the primary's global, a worker's variable (absent in older records)
        const own = ownMemoryCheck(obs);
        // and at a drawn delay, after a round trip through the primary from each worker
        const mid = midReadsCheck(obs);
        // and a last time, well past the others (absent in older records)
        const last = midReadsCheck(obs, 'last');
        const rest =
          later.ok &&
          bad.length === 0 &&
          pids.size === 2 &&
          !pids.has(obs.primaryPid) &&
          obs.setterOld === null &&
          same(obs.seen[obs.setter], obs.value) &&
          other !== undefined &&
          other in obs.seen &&
          obs.seen[other] === null;
        const kind = obs.kind ? ` (value kind ${obs.kind}, drawn)` : '';
        const called = obs.name ? ` as ${obs.name}, variable ${obs.envName} (names drawn)` : '';
        const detail = `workers ${obs.workerPids.join(', ')} (primary ${obs.primaryPid}); global set in ${obs.setter}${kind}${called}; read back: ${JSON.stringify(obs.seen)}${mid.detail}${later.detail}${last.detail}${own.detail}${bad.length ? `; ${describeImpostures(bad)}` : ''}`;
        // a read that could not be taken (the primary's within 2 s, the drawn-delay
        // reads' round trips) where all else held: the trial is void, never passed
        const parts = [mid, last, own];
        if (rest && parts.every((p) => p.ok || p.invalid) && parts.some((p) => p.invalid))
          return { ok: false, invalid: true, detail };
        return {
          ok: rest && own.ok && mid.ok && last.ok,
          detail,
        };
      },
    },
  }),
});
