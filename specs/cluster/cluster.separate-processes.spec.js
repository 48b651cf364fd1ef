import { defineSpec } from '../../harness/spec.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { SOURCE_004, withCluster, heldGets, impostures, describeImpostures } from '../../harness/kits/cluster.js';

// One trial: two workers (round robin alternates them); GET /global?set=V on
// a new connection sets a global in whichever worker answers; further GETs
// read it back from each worker until both have answered. On Linux the harness
// checks, from /proc, that each answer came from the worker holding its
// connection: the one the answer names (one read of the socket table for all).
// Once SETTLE_MS have passed since the set was answered, each worker is read
// again: memory of its own keeps the global where it was set and nowhere else,
// however long after (not only before some copy of it could arrive).

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
 * The reads taken SETTLE_MS after the set: the setter still holds the value,
 * the other worker still reads null (unset). Absent (undefined) in records made
 * before them.
 * @param {{ later?: Record<string, any>, setter: number, value: string, workerPids: number[] }} obs
 */
export function laterReadsCheck(obs) {
  if (!obs.later) return { ok: true, detail: '' };
  const other = obs.workerPids.find((p) => p !== obs.setter);
  const ok =
    obs.later[obs.setter] === obs.value && other !== undefined && other in obs.later && obs.later[other] === null;
  return {
    ok,
    detail: `; read again ${SETTLE_MS} ms after the set: ${JSON.stringify(obs.later)}${ok ? '' : ` (expected ${obs.setter} to hold it and ${other} null)`}`,
  };
}

export default defineSpec({
  id: 'cluster.separate-processes',
  title: 'Cluster workers are separate processes with their own memory',
  area: 'cluster',
  claim: 'Each cluster worker is a separate process with its own V8 instance, event loop and memory.',
  truth:
    'True: workers are child processes (child_process.fork); a global set in one worker does not exist in another.',
  expected: 'holds',
  tags: ['structural'],
  source: {
    file: SOURCE_004.file,
    section: 'Introduction: separate processes, each with its own V8 instance, event loop and memory',
    figures: null,
  },
  plan: () => ({
    summary: `2 workers: distinct pids (none the primary's); a global set through GET /global?set=V in one worker reads back as V there and as unset (null) in the other, at once and ${SETTLE_MS} ms later; each answer from the worker that holds its connection (Linux: by /proc, read by the harness).`,
    model: { workers: 2, distinctPids: 2, seenInSetter: 'V', seenInOther: null },
    trial: async (c) => {
      const value = `v${process.pid}-${Date.now()}`;
      const { value: reads, info } = await withCluster(c, { workers: 2 }, async (i) => {
        // Every connection held until the socket table is read for all of them at once.
        const held = heldGets(i.port, i.workerPids, { tree: i.primaryPid });
        try {
          const set = await held.get(`/global?set=${value}`);
          /** @type {Record<string, any>} */
          const seen = {};
          for (let k = 0; k < 20 && Object.keys(seen).length < 2; k++) {
            const r = await held.get('/global');
            if (r.pid) seen[r.pid] = r.body?.old ?? null;
          }
          // and again, each worker, once SETTLE_MS have passed since the set was answered
          await sleep(Math.max(0, SETTLE_MS - (performance.now() - (set.t + set.ms))));
          /** @type {Record<string, any>} */
          const later = {};
          for (let k = 0; k < 20 && Object.keys(later).length < 2; k++) {
            const r = await held.get('/global');
            if (r.pid) later[r.pid] = r.body?.old ?? null;
          }
          const bad = impostures(held.end()).map((r) => ({ pid: r.pid, holders: r.holders }));
          return { setter: set.pid, setterOld: set.body?.old ?? null, seen, later, impostures: bad };
        } finally {
          held.abandon();
        }
      });
      return { value, primaryPid: info.primaryPid, workerPids: info.workerPids, ...reads };
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
        const ok =
          later.ok &&
          bad.length === 0 &&
          pids.size === 2 &&
          !pids.has(obs.primaryPid) &&
          obs.setterOld === null &&
          obs.seen[obs.setter] === obs.value &&
          other !== undefined &&
          other in obs.seen &&
          obs.seen[other] === null;
        return {
          ok,
          detail: `workers ${obs.workerPids.join(', ')} (primary ${obs.primaryPid}); global set in ${obs.setter}; read back: ${JSON.stringify(obs.seen)}${later.detail}${bad.length ? `; ${describeImpostures(bad)}` : ''}`,
        };
      },
    },
  }),
});
