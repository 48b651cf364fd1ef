import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004, withCluster, killWorker, eventsOf } from '../../harness/kits/cluster.js';

// One trial: 2 workers, refork off; once both listen, the primary SIGKILLs the
// first; the harness waits (bounded) until that process is gone, then stops
// the cluster and reads the primary's event log for the killed worker. Then,
// a control for 'online': the primary forks a worker that cannot start (node
// refuses its NODE_OPTIONS and exits before any JavaScript runs, so it never
// announces itself): its log must show the fork and the exit, and no 'online'.
// And its other side: a worker forked to run and never listen must be
// announced online all the same ('online' says it runs, not that it serves).

/**
 * The control worker, forked to fail before any JavaScript: it must be forked
 * and exit, and never be announced online (nor listen).
 * @param {{ pid: number, order: string[], code: number | null } | null} born
 */
export function stillbornCheck(born) {
  if (!born) return { ok: false, detail: '; control: no worker forked not to start was recorded' };
  const ok =
    born.order.includes('fork') &&
    born.order.includes('exit') &&
    !born.order.includes('online') &&
    !born.order.includes('listening');
  return {
    ok,
    detail: `; control ${born.pid}, forked not to start (exit code ${born.code}): ${born.order.join(' → ')}${ok ? '' : ' (expected fork and exit, no online)'}`,
  };
}

/**
 * The mute control, a worker that runs and never listens: forked, online,
 * never listening. It says it runs ('running', its own message, after its
 * 'online' on the same channel) and makes a file that says so (`ran`, read by
 * the primary: no message carries it): one that ran and was not announced
 * fails; one that shows neither within the fixture's bound shows nothing
 * (invalid). Absent in records made before it (undefined there; `ran` too).
 * @param {{ pid: number, order: string[], ran?: boolean } | null | undefined} quiet
 * @returns {{ ok: boolean, invalid?: boolean, detail: string }}
 */
export function muteCheck(quiet) {
  if (quiet === undefined) return { ok: true, detail: '' };
  if (!quiet) return { ok: false, detail: '; control: no worker forked to run without listening was recorded' };
  const { order } = quiet;
  const online = order.includes('fork') && order.includes('online') && !order.includes('listening');
  const text = `; control ${quiet.pid}, forked to run without listening: ${order.join(' → ')}`;
  if (online) return { ok: true, detail: text };
  if (!order.includes('running') && !order.includes('listening')) {
    if (quiet.ran === true) return { ok: false, detail: `${text} (its file says it ran: expected fork and online)` };
    return { ok: false, invalid: true, detail: `${text} (it did not say it ran within 5 s: nothing shown)` };
  }
  return { ok: false, detail: `${text} (expected fork and online, no listening)` };
}

export default defineSpec({
  id: 'cluster.online-exit-events',
  title: "The cluster emits 'online' after a fork and 'exit' when a worker dies",
  area: 'cluster',
  claim:
    "After forking, a worker announces itself with an 'online' event; when a worker dies, the cluster module emits an 'exit' event.",
  truth:
    "True; for a worker killed by SIGKILL the primary sees online → (listening) → disconnect → exit with signal 'SIGKILL'.",
  expected: 'holds',
  tags: ['structural'],
  requires: ['posix'],
  source: {
    file: SOURCE_004.file,
    section: "The cluster version: cluster.on('online') after fork, cluster.on('exit') to fork a new worker",
    figures: null,
  },
  plan: () => ({
    summary:
      "2 workers; SIGKILL one after both listen. Model: the primary's events for it, in order: fork, online, listening, (kill sent), disconnect, exit (code null, signal SIGKILL); the other worker stays up until the stop. Control: a worker forked not to start (node refuses an option and exits with code 9 before any JavaScript) gets fork and exit but no online; a worker forked to run without listening gets fork and online, no listening.",
    model: { order: ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'], exitSignal: 'SIGKILL' },
    trial: async (c) => {
      const { value, info, final } = await withCluster(c, { workers: 2, refork: false }, async (i, handle) => {
        const gone = await killWorker(handle, i.workerPids[0]);
        handle.send({ type: 'fork-stillborn' }); // the stop waits for its exit
        handle.send({ type: 'fork-mute' }); // the stop waits (bounded) for it to come online
        return { gone };
      });
      const victim = info.workerPids[0];
      const exit = final.events.find((/** @type {any} */ e) => e.pid === victim && e.event === 'exit');
      const born = final.events.find((/** @type {any} */ e) => e.event === 'fork' && e.stillborn);
      const bornExit = born && final.events.find((/** @type {any} */ e) => e.pid === born.pid && e.event === 'exit');
      const quiet = final.events.find((/** @type {any} */ e) => e.event === 'fork' && e.mute);
      return {
        mute: quiet
          ? {
              pid: quiet.pid,
              order: eventsOf(final.events, quiet.pid),
              ...(final.muteRan ? { ran: final.muteRan.includes(quiet.pid) } : {}),
            }
          : null,
        stillborn: born
          ? { pid: born.pid, order: eventsOf(final.events, born.pid), code: bornExit ? bornExit.code : null }
          : null,
        victim,
        gone: value.gone,
        order: eventsOf(final.events, victim),
        exit: exit ? { code: exit.code, signal: exit.signal } : null,
        forks: final.forks,
        events: final.events,
      };
    },
    structural: {
      asserts: 'killed: fork, online, listening, disconnect, exit; stillborn: no online; mute: online',
      // Event order, not time: two agreeing trials suffice.
      need: 2,
      check(obs) {
        const want = ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'];
        // The control (absent in records made before it): never ran, so never online.
        const born = obs.stillborn;
        const control = 'stillborn' in obs ? stillbornCheck(born) : { ok: true, detail: '' };
        // The other control (absent in records made before it): ran, so online, though it never listens.
        const quiet = muteCheck(obs.mute);
        const forks = 2 + ('stillborn' in obs ? 1 : 0) + ('mute' in obs ? 1 : 0);
        const rest =
          obs.gone &&
          obs.order.join() === want.join() &&
          obs.exit?.signal === 'SIGKILL' &&
          obs.exit?.code === null &&
          obs.forks === forks &&
          control.ok;
        const detail = `worker ${obs.victim}: ${obs.order.join(' → ')}; exit code ${obs.exit?.code}, signal ${obs.exit?.signal}; ${obs.forks} forks (no refork)${control.detail}${quiet.detail}`;
        // a mute control that never said it ran shows nothing: where all else held, the trial is void
        if (rest && quiet.invalid) return { ok: false, invalid: true, detail };
        return { ok: Boolean(rest) && quiet.ok, detail };
      },
    },
  }),
});
