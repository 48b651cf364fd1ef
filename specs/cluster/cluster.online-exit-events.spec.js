import { defineSpec } from '../../harness/spec.js';
import { performance } from 'node:perf_hooks';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SOURCE_004, withCluster, killWorker, eventsOf, procLife, alive } from '../../harness/kits/cluster.js';

// One trial: 2 workers, refork off; once both listen, the primary SIGKILLs the
// first; the harness waits (bounded) until that process is gone, then stops
// the cluster and reads the primary's event log for the killed worker. Then,
// a control for 'online': the primary forks a worker that cannot start (node
// refuses its NODE_OPTIONS and exits before any JavaScript runs, so it never
// announces itself): its log must show the fork and the exit, and no 'online'.
// And its other side: a worker forked to run and never listen must be
// announced online all the same ('online' says it runs, not that it serves).
// The primary also tells the harness each 'fork' and 'exit' as it happens
// (liveEvents): the harness reads the worker's life from /proc itself at that
// moment (an 'exit' must come only once the process is gone), and times the
// killed worker's 'exit' from when it saw the process gone (it must come then).
// Before the kill, the other worker dies by itself, twice over (drawDeaths): of an
// uncaught exception or unhandled rejection, then its replacement (forked by the
// primary from its 'exit' listener) by process.exit with a drawn code or by a drawn
// signal; each death needs its 'exit' (code or signal as given), each replacement its
// 'online' (deathsCheck). Each worker tells the primary when its Node environment was
// made (its own record, on the monotonic clock): each 'online' must come after it
// (onlineUpCheck), as the worker's online message is sent from that environment's JavaScript.

/**
 * How long after the harness sees the killed worker gone (its pid no longer
 * there: reaped by the primary) its 'exit' may take to be reported. Node
 * emits 'exit' in the same callback that reaps the process; the report then
 * crosses one IPC hop to the harness. Measured (2-CPU machine, busy with
 * other runs and 2–3 spinning processes, 26 trials): −2.3 to +0.3 ms
 * (negative: the report came before the harness's 2 ms poll saw the pid go).
 * 2 s is hundreds of times that; an 'exit' held back until the primary is
 * asked to stop never comes within it.
 */
export const EXIT_REPORT_MS = 2000;

/**
 * Whether each 'exit' came when, and only once, its worker was really gone,
 * by the harness's own readings (Linux /proc; a reading /proc cannot give is
 * left out):
 *  - as each 'exit' is reported, the process it names must be gone (no such
 *    process, a zombie, or a pid taken by another: its start time differs
 *    from the one read at its 'fork'). Node emits 'exit' only after it has
 *    reaped the process, so every honest reading is "gone" (running false);
 *  - the killed worker's 'exit' must be reported within EXIT_REPORT_MS of the
 *    harness seeing its process gone (`victimMs`, null: not within it).
 * Absent (undefined) in records made before these readings.
 * @param {{ exits: { pid: number, running: boolean | null, state?: string }[], victimMs: number | null } | undefined} live
 */
export function liveExitsCheck(live) {
  if (!live) return { ok: true, detail: '' };
  const running = live.exits.filter((e) => e.running === true);
  const late = live.victimMs === null;
  const seen = live.exits.filter((e) => e.running !== null).length;
  const parts = [
    late
      ? `the killed worker's 'exit' not reported within ${EXIT_REPORT_MS} ms of its process being gone`
      : `the killed worker's 'exit' reported ${Math.round(live.victimMs ?? 0)} ms from its process seen gone`,
    running.length
      ? `'exit' reported for ${running.map((e) => `${e.pid} (still running, state ${e.state})`).join(', ')}`
      : `${seen}/${live.exits.length} 'exit' reports read against /proc: each process gone`,
  ];
  return { ok: !late && running.length === 0, detail: `; ${parts.join('; ')}` };
}

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

/**
 * Each 'online' the primary saw, with when it saw it and when that worker's Node
 * environment was made, by the worker's own record (its 'ncs-born' message), both on
 * the monotonic clock (ms); environment null where the worker sent no record.
 * Undefined for records made before these readings (no births reported).
 * @param {any[]} events  the primary's event log
 * @param {Record<string, { environment: number, bootstrapComplete: number }> | undefined} births
 */
export function onlineReadings(events, births) {
  if (!births) return undefined;
  return events
    .filter((e) => e.event === 'online')
    .map((e) => ({
      pid: e.pid,
      online: typeof e.mono === 'number' ? e.mono : null,
      environment: births[e.pid]?.environment ?? null,
      bootstrapComplete: births[e.pid]?.bootstrapComplete ?? null,
    }));
}

/**
 * How far (ms) either side of the worker's environment an 'online' is too near to judge.
 * The worker's record goes onto the monotonic clock through paired reads
 * (fixtures/lib/mono-clock.cjs: the smallest of five, each overstating the moment by the
 * gap between its two reads: microseconds, a few ms where the thread is preempted across
 * all five on a busy host, one scheduler slice at 2 CPUs being ≤ 4 ms); the primary's read
 * at its 'online' listener can only come late, never early.
 */
export const ONLINE_CONTESTED_MS = 5;

/**
 * Whether each 'online' came once its worker's process was up, by the worker's own record
 * (onlineReadings): Node emits 'online' when the primary receives the worker's online
 * message, which the worker sends from its own JavaScript (lib/internal/cluster/child.js
 * _setupWorker, run by the pre-execution of its main script), so after its Node
 * environment was made (the 'environment' milestone of performance.nodeTiming, marked as
 * the Environment is constructed, before any of Node's JavaScript runs). `lead` = online −
 * environment must be positive: ≤ −ONLINE_CONTESTED_MS fails (announced before the
 * worker's process could run any JavaScript); within ±ONLINE_CONTESTED_MS it is contested
 * (holds back a pass); an 'online' whose worker left no record, or with no time read, is
 * void. Honest readings (busy 2-CPU machine): leads of 14–96 ms on Node 20, 22, 24 and 26
 * (Node's bootstrap between the environment and the online message, then one IPC hop);
 * an 'online' emitted on the tick after the fork: −11 to −85 ms (the worker not yet
 * started). Undefined (records made before these readings): nothing to judge.
 * @param {Array<{ pid: number, online: number | null, environment: number | null }> | undefined} up
 * @returns {{ ok: boolean, invalid?: boolean, contested?: boolean, detail: string }}
 */
export function onlineUpCheck(up) {
  if (!up) return { ok: true, detail: '' };
  const leads = up.map((u) => ({
    pid: u.pid,
    lead: u.online === null || u.environment === null ? null : Math.round((u.online - u.environment) * 100) / 100,
  }));
  const read = /** @type {{ pid: number, lead: number }[]} */ (leads.filter((l) => l.lead !== null));
  const early = read.filter((l) => l.lead <= -ONLINE_CONTESTED_MS);
  const near = read.filter((l) => Math.abs(l.lead) < ONLINE_CONTESTED_MS);
  const unread = leads.filter((l) => l.lead === null);
  const span = read.length
    ? `${Math.min(...read.map((l) => l.lead))} to ${Math.max(...read.map((l) => l.lead))} ms`
    : 'none read';
  const words = [`'online' − worker's Node environment made: ${span} (${read.length}/${up.length} read)`];
  if (early.length)
    words.push(`announced before its worker could run: ${early.map((l) => `${l.pid} (${l.lead} ms)`).join(', ')}`);
  if (near.length)
    words.push(
      `within ±${ONLINE_CONTESTED_MS} ms (contested): ${near.map((l) => `${l.pid} (${l.lead} ms)`).join(', ')}`,
    );
  if (unread.length) words.push(`no reading (void): ${unread.map((l) => l.pid).join(', ')}`);
  const detail = `; ${words.join('; ')}`;
  if (early.length) return { ok: false, detail };
  if (near.length) return { ok: false, invalid: true, contested: true, detail };
  if (unread.length) return { ok: false, invalid: true, detail };
  return { ok: true, detail };
}

/** The signals a worker may die of by itself (the second drawn death). */
export const DEATH_SIGNALS = /** @type {const} */ (['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL']);

/**
 * The two deaths of a trial, drawn by the harness and not told to the fixture until each
 * comes: a worker dies by itself, first of JavaScript's own failure (an uncaught exception
 * or an unhandled rejection, drawn: code 1, the commonest death), then its replacement
 * either by process.exit with a code drawn from 1–255 or by a signal drawn from
 * DEATH_SIGNALS it sends itself. The claim says 'exit' fires when a worker dies, whatever
 * the death: SIGKILL from outside (the victim) is one of them, these are the others.
 * Each expected 'exit' carries the code (or signal) the death gives. Under Node options
 * (`optioned`) a JavaScript failure or a catchable signal may not kill at all, or kill
 * otherwise (--unhandled-rejections=warn, --abort-on-uncaught-exception, a preload that
 * handles them): each death is then process.exit with a drawn code or SIGKILL, which no
 * option or preload can turn aside.
 * @param {boolean} [optioned]  Node options in force
 * @returns {Array<{ how: string, code?: number, signal?: string, want: { code: number | null, signal: string | null } }>}
 */
export function drawDeaths(optioned = false) {
  const first = randomInt(2) === 0 ? 'throw' : 'reject';
  const code = randomInt(1, 256);
  const signal = optioned ? 'SIGKILL' : DEATH_SIGNALS[randomInt(DEATH_SIGNALS.length)];
  const firstCode = randomInt(1, 256);
  return [
    optioned
      ? { how: 'exit', code: firstCode, want: { code: firstCode, signal: null } }
      : { how: first, want: { code: 1, signal: null } },
    randomInt(2) === 0
      ? { how: 'exit', code, want: { code, signal: null } }
      : { how: 'signal', signal, want: { code: null, signal } },
  ];
}

/** How long the harness waits, at most, for a worker told to die to be gone, and for its replacement to listen. */
export const DEATH_WAIT_MS = 5000;

/**
 * The drawn deaths (drawDeaths), each of a worker that died by itself, and the replacement
 * the primary forked from its 'exit' listener (cluster.on('exit', () => cluster.fork())):
 *  - each dead worker's events end in one 'exit' with the code (or signal) its death gives,
 *    after its fork, online and listening; its 'exit' reported within EXIT_REPORT_MS of the
 *    harness seeing its process gone (`exitMs`, null: not within it);
 *  - each replacement is forked and announced online, before it listens (the last one runs
 *    until the stop).
 * Honest readings (busy 2-CPU machine, Node 20): each death's 'exit' with its code or
 * signal, reported 0–3 ms from the process seen gone; each replacement fork → online →
 * listening, on every run. A death not seen (its process still there after DEATH_WAIT_MS)
 * fails: the harness asked for it. Absent (undefined) in records made before them.
 * @param {Array<{ pid: number, how: string, want: { code: number | null, signal: string | null },
 *   gone: boolean, exitMs: number | null, order: string[], exit: { code: any, signal: any } | null,
 *   replacement: { pid: number, order: string[] } | null }> | undefined} deaths
 */
export function deathsCheck(deaths) {
  if (!deaths) return { ok: true, detail: '' };
  let ok = deaths.length === 2;
  const words = [];
  for (const d of deaths) {
    const way = d.how === 'exit' ? `exit(${d.want.code})` : d.how === 'signal' ? `${d.want.signal}` : d.how;
    const last = d.order.at(-1);
    const exitOk =
      d.gone &&
      last === 'exit' &&
      d.order.filter((e) => e === 'exit').length === 1 &&
      ['fork', 'online', 'listening'].every((e, k) => d.order.indexOf(e) === k) &&
      d.exit?.code === d.want.code &&
      d.exit?.signal === d.want.signal &&
      d.exitMs !== null;
    const r = d.replacement;
    const ro = r ? r.order : [];
    const repOk =
      r !== null && ro[0] === 'fork' && ro.includes('online') && ro.indexOf('online') < ro.indexOf('listening');
    ok &&= exitOk && repOk;
    words.push(
      `${d.pid} died by ${way}: ${d.order.join(' → ')}` +
        (d.exit ? ` (code ${d.exit.code}, signal ${d.exit.signal})` : '') +
        (d.exitMs === null
          ? ` (no 'exit' within ${EXIT_REPORT_MS} ms of its process gone)`
          : `, 'exit' ${Math.round(d.exitMs)} ms from gone`) +
        (exitOk ? '' : ` (expected one exit, code ${d.want.code}, signal ${d.want.signal})`) +
        `; replacement ${r ? `${r.pid}: ${ro.join(' → ')}${repOk ? '' : ' (expected fork, online, listening)'}` : 'none forked'}`,
    );
  }
  return { ok, detail: `; deaths drawn: ${words.join('; ')}` };
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
    summary: `2 workers; SIGKILL one after both listen. Model: the primary's events for it, in order: fork, online, listening, (kill sent), disconnect, exit (code null, signal SIGKILL); the other worker stays up until the stop. Control: a worker forked not to start (node refuses an option and exits with code 9 before any JavaScript) gets fork and exit but no online; a worker forked to run without listening gets fork and online, no listening. Each 'online' comes after its worker's Node environment was made (the worker's own record, performance.nodeTiming.environment, against the primary's 'online', both on the monotonic clock; within ±\${ONLINE_CONTESTED_MS} ms contested). Each 'exit' is reported only once its process is gone (read by the harness from /proc as the primary tells it), the killed worker's within ${EXIT_REPORT_MS} ms of its death. Before the kill, the other worker dies by itself (an uncaught exception or unhandled rejection, code 1), then its replacement (forked from the 'exit' listener) by process.exit with a code drawn in 1–255 or a drawn signal: each death's 'exit' with its code or signal, within ${EXIT_REPORT_MS} ms of its process gone; each replacement fork → online → listening.`,
    model: { order: ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'], exitSignal: 'SIGKILL' },
    trial: async (c) => {
      /** @type {Map<number, number>} each worker's start time (/proc), read at its fork */
      const starts = new Map();
      /** @type {{ pid: number, running: boolean | null, state?: string, at: number }[]} */
      const exits = [];
      /** @type {Map<number, () => void>} */
      const waiting = new Map();
      /** pids in the order the primary told their forks; pids that listened */
      const forked = /** @type {number[]} */ ([]);
      const listening = new Set();
      const onMessage = (/** @type {any} */ m) => {
        if (!m || typeof m.pid !== 'number') return;
        if (m.cluster === 'fork') forked.push(m.pid);
        if (m.cluster === 'listening') return void listening.add(m.pid);
        const life = procLife(m.pid);
        if (m.cluster === 'fork' && life) starts.set(m.pid, life.start);
        if (m.cluster !== 'exit') return;
        // read at once, as the report comes: is the process it names still running?
        const start = starts.get(m.pid);
        const running =
          life === undefined || start === undefined
            ? null
            : life !== null && life.start === start && life.state !== 'Z';
        exits.push({ pid: m.pid, running, ...(running ? { state: life?.state } : {}), at: performance.now() });
        waiting.get(m.pid)?.();
      };
      const { value, info, final } = await withCluster(
        c,
        { workers: 2, refork: false, liveEvents: true },
        async (i, handle) => {
          // the drawn deaths first, of the other worker, then of its replacement
          const deaths = [];
          let target = i.workerPids[1];
          for (const d of drawDeaths(Boolean(c.env?.NODE_OPTIONS))) {
            const { want, ...how } = d;
            const known = forked.length;
            handle.send({ type: 'die-worker', pid: target, ...how });
            const t0 = performance.now();
            while (alive(target) && performance.now() - t0 < DEATH_WAIT_MS) await sleep(2);
            const gone = !alive(target);
            const goneAt = performance.now();
            const reported = () => exits.find((e) => e.pid === target);
            while (gone && !reported() && performance.now() - goneAt < EXIT_REPORT_MS) await sleep(2);
            const exit = reported();
            const exitMs = gone && exit ? Math.max(0, exit.at - goneAt) : null;
            // its replacement, forked on its 'exit': wait (bounded) for it to listen
            const t1 = performance.now();
            const next = () => forked.slice(known).find((p) => p !== target);
            while (gone && !(next() && listening.has(next())) && performance.now() - t1 < DEATH_WAIT_MS) await sleep(2);
            deaths.push({ pid: target, how: d.how, want, gone, exitMs, replacement: next() ?? null });
            const r = next();
            if (!r) break;
            target = r;
          }
          const victim = i.workerPids[0];
          const gone = await killWorker(handle, victim);
          const goneAt = performance.now();
          // its 'exit' must be reported once it is gone: wait for it (bounded) first
          const reported = () => exits.find((e) => e.pid === victim);
          if (gone && !reported())
            await new Promise((resolve) => {
              const timer = setTimeout(resolve, EXIT_REPORT_MS);
              waiting.set(victim, () => (clearTimeout(timer), resolve(undefined)));
            });
          const exit = reported();
          const victimMs = gone && exit && exit.at - goneAt <= EXIT_REPORT_MS ? exit.at - goneAt : null;
          handle.send({ type: 'fork-stillborn' }); // the stop waits for its exit
          handle.send({ type: 'fork-mute' }); // the stop waits (bounded) for it to come online
          return { gone, victimMs, deaths };
        },
        { onMessage },
      );
      const victim = info.workerPids[0];
      const exit = final.events.find((/** @type {any} */ e) => e.pid === victim && e.event === 'exit');
      const born = final.events.find((/** @type {any} */ e) => e.event === 'fork' && e.stillborn);
      const bornExit = born && final.events.find((/** @type {any} */ e) => e.pid === born.pid && e.event === 'exit');
      const quiet = final.events.find((/** @type {any} */ e) => e.event === 'fork' && e.mute);
      const exitOf = (/** @type {number} */ pid) =>
        final.events.find((/** @type {any} */ e) => e.pid === pid && e.event === 'exit');
      return {
        deaths: value.deaths.map((/** @type {any} */ d) => ({
          pid: d.pid,
          how: d.how,
          want: d.want,
          gone: d.gone,
          exitMs: d.exitMs === null ? null : Math.round(d.exitMs * 100) / 100,
          order: eventsOf(final.events, d.pid),
          exit: exitOf(d.pid) ? { code: exitOf(d.pid).code, signal: exitOf(d.pid).signal } : null,
          replacement:
            d.replacement === null ? null : { pid: d.replacement, order: eventsOf(final.events, d.replacement) },
        })),
        up: onlineReadings(final.events, final.births),
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
        live: {
          victimMs: value.victimMs === null ? null : Math.round(value.victimMs * 100) / 100,
          exits: exits.map(({ at, ...e }) => e),
        },
        order: eventsOf(final.events, victim),
        exit: exit ? { code: exit.code, signal: exit.signal } : null,
        forks: final.forks,
        events: final.events,
      };
    },
    structural: {
      asserts: "'online' per fork once its worker runs (reforks too), one 'exit' per death, in order",
      // Event order, not time: two agreeing trials suffice.
      need: 2,
      check(obs) {
        const want = ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'];
        // The control (absent in records made before it): never ran, so never online.
        const born = obs.stillborn;
        const control = 'stillborn' in obs ? stillbornCheck(born) : { ok: true, detail: '' };
        // The other control (absent in records made before it): ran, so online, though it never listens.
        const quiet = muteCheck(obs.mute);
        // 'exit' when, and only once, the worker is gone, by the harness's /proc readings
        const live = liveExitsCheck(obs.live);
        // the drawn deaths and their replacements (absent in records made before them)
        const died = deathsCheck(obs.deaths);
        // each 'online' after its worker's Node environment was made, by the worker's own record
        const upCheck = onlineUpCheck(obs.up);
        const reforks = obs.deaths ? obs.deaths.filter((/** @type {any} */ d) => d.replacement).length : 0;
        const forks = 2 + reforks + ('stillborn' in obs ? 1 : 0) + ('mute' in obs ? 1 : 0);
        const rest =
          obs.gone &&
          obs.order.join() === want.join() &&
          obs.exit?.signal === 'SIGKILL' &&
          obs.exit?.code === null &&
          obs.forks === forks &&
          control.ok &&
          live.ok &&
          died.ok;
        const detail = `worker ${obs.victim}: ${obs.order.join(' → ')}; exit code ${obs.exit?.code}, signal ${obs.exit?.signal}; ${obs.forks} forks${upCheck.detail}${control.detail}${quiet.detail}${live.detail}${died.detail}`;
        // an 'online' announced before its worker could run fails the trial
        if (!upCheck.ok && !upCheck.invalid) return { ok: false, detail };
        // a mute control that never said it ran shows nothing: where all else held, the trial is void
        if (rest && quiet.invalid) return { ok: false, invalid: true, detail };
        // an 'online' too near its worker's start to judge, or with no reading, holds back a pass
        if (rest && quiet.ok && upCheck.invalid)
          return { ok: false, invalid: true, ...(upCheck.contested ? { contested: true } : {}), detail };
        return { ok: Boolean(rest) && quiet.ok, detail };
      },
    },
  }),
});
