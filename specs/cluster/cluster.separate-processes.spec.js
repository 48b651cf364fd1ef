import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004, withCluster, heldGets, impostures, describeImpostures } from '../../harness/kits/cluster.js';

// One trial: two workers (round robin alternates them); GET /global?set=V on
// a new connection sets a global in whichever worker answers; further GETs
// read it back from each worker until both have answered. On Linux the harness
// checks, from /proc, that each answer came from the worker holding its
// connection: the one the answer names (one read of the socket table for all).

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
    summary:
      "2 workers: distinct pids (none the primary's); a global set through GET /global?set=V in one worker reads back as V there and as unset (null) in the other; each answer from the worker that holds its connection (Linux: by /proc, read by the harness).",
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
          const bad = impostures(held.end()).map((r) => ({ pid: r.pid, holders: r.holders }));
          return { setter: set.pid, setterOld: set.body?.old ?? null, seen, impostures: bad };
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
        const ok =
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
          detail: `workers ${obs.workerPids.join(', ')} (primary ${obs.primaryPid}); global set in ${obs.setter}; read back: ${JSON.stringify(obs.seen)}${bad.length ? `; ${describeImpostures(bad)}` : ''}`,
        };
      },
    },
  }),
});
