import { defineSpec } from '../../harness/spec.js';
import { clusterListeners } from '../../harness/kits/cluster.js';

// One trial: five cluster primaries (fixtures/cluster-sched.cjs), each a
// fresh process, four with NODE_CLUSTER_SCHED_POLICY set explicitly and one
// without it in the environment at all, W = 2 workers and N GETs one after
// another, each on a new connection. Each worker counts the connections the
// primary handed it over IPC (an internal 'newconn' message: the primary
// accepted it, round robin) against those it served; a worker that served
// connections none of which were handed accepted them itself from the shared
// socket (SCHED_NONE). With the cluster still up, the harness reads which
// processes hold a socket listening on the port (/proc): under SCHED_RR the
// primary alone, under SCHED_NONE the workers too.
const W = 2;
const N = 4;

/** How the connections were accepted: 'rr', 'none' or 'mixed'. @param {any} obs */
export function acceptedBy(obs) {
  const replies = obs.replies;
  const byWorker = replies.every((/** @type {any} */ r) => obs.workerPids.includes(r.pid));
  // Round robin with one connection at a time serves every worker in turn.
  const everyWorker = new Set(replies.map((/** @type {any} */ r) => r.pid)).size === obs.workerPids.length;
  if (!byWorker || replies.length !== obs.n) return 'mixed';
  if (replies.every((/** @type {any} */ r) => r.handed === r.served)) return everyWorker ? 'rr' : 'mixed';
  if (replies.every((/** @type {any} */ r) => r.handed === 0)) return 'none';
  return 'mixed';
}

/**
 * How the connections could be accepted, by the kernel's tables (read by
 * the harness among the primary and every process descended from it):
 * 'none' where a process besides the primary holds a socket listening on
 * the port (it can accept for itself), 'rr' where the primary alone does,
 * 'unseen' where the primary was not seen holding one; null where not read
 * (off Linux, older records).
 * @param {any} obs
 */
export function acceptableBy(obs) {
  if (!Array.isArray(obs.listeners)) return null;
  if (!obs.listeners.includes(obs.primaryPid)) return 'unseen';
  return obs.listeners.some((/** @type {number} */ p) => p !== obs.primaryPid) ? 'none' : 'rr';
}

/** The cases, for the platform's default policy. @param {string} platform */
export function cases(platform) {
  const def = platform === 'win32' ? 'none' : 'rr';
  const other = def === 'rr' ? 'none' : 'rr';
  return [
    {
      name: 'no variable',
      // not in the environment at all (the fixture removes it before node:cluster loads)
      env: undefined,
      options: { unset: true, setAfter: other },
      want: { atLoad: def, afterFork: other, accepted: def },
    },
    {
      name: 'NODE_CLUSTER_SCHED_POLICY=none',
      env: 'none',
      options: { setAfterSetup: 'rr' },
      want: { atLoad: 'none', afterSetup: 'rr', accepted: 'none' },
    },
    {
      name: 'NODE_CLUSTER_SCHED_POLICY=rr',
      env: 'rr',
      options: { setBefore: 'none' },
      want: { atLoad: 'rr', atFork: 'none', accepted: 'none' },
    },
    // ... and the other way round: a value set in code before the first fork wins over the variable
    {
      name: 'NODE_CLUSTER_SCHED_POLICY=none',
      env: 'none',
      options: { setBefore: 'rr' },
      want: { atLoad: 'none', atFork: 'rr', accepted: 'rr' },
    },
    // ... and with the variable not in the environment at all (the usual case; the
    // fixture removes it before node:cluster loads, whatever the run's settings), both
    // ways in one primary: the other policy set in code before cluster.setupPrimary()
    // takes effect, the default set back after it (before any fork) does not. Node
    // 20.20, 22.23, 24.22, 26.12 (Linux): reads rr, none before setup, rr after; 0 of 4
    // connections handed (the workers accept). A policy put off to the first fork
    // would be rr (4/4 handed), and so would a none set before setup but not applied.
    {
      name: 'NODE_CLUSTER_SCHED_POLICY unset',
      env: undefined,
      options: { unset: true, setBefore: other, setAfterSetup: def },
      want: { atLoad: def, atFork: other, afterSetup: def, accepted: other },
    },
  ];
}

/** Where a value set before is said to be set (the fixture sets it before setupPrimary()). @param {any} k */
const before = (k) => (k.options.setAfterSetup ? 'cluster.setupPrimary()' : 'the first fork');

export default defineSpec({
  id: 'cluster.sched-default',
  title: 'Cluster scheduling: round robin by default, the variable overrides, frozen at first fork or setup',
  area: 'cluster',
  claim:
    'cluster.schedulingPolicy is SCHED_RR (the primary accepts and hands out connections) except on Windows (SCHED_NONE); NODE_CLUSTER_SCHED_POLICY=none or rr overrides that default; and the policy is frozen once the first worker is forked or cluster.setupPrimary() is called, whichever comes first: setting it later changes what the property reads, not how connections are accepted.',
  truth:
    'True on Node 20–26 (Linux), and sharper: the policy is fixed by the first cluster.setupPrimary() call, which the first fork makes when the program has not. By default the property reads rr and the primary hands every connection over; with the variable at none workers accept themselves; a value set in code before that call takes effect (none over the default with the variable unset, none over the variable rr, rr over none); one set after it, even before any fork, only changes what the property reads. Windows not checked.',
  expected: 'holds',
  tags: ['structural', 'env'],
  requires: [],
  source: {
    file: 'https://nodejs.org/api/cluster.html#clusterschedulingpolicy',
    section: 'cluster.schedulingPolicy (and How it works)',
    figures: null,
  },
  plan: (ctx) => {
    const list = cases(ctx.platform);
    return {
      summary:
        `${W} workers, ${N} GETs each on a new connection, in ${list.length} fresh primaries: ` +
        list
          .map(
            (k) =>
              `${k.name}${k.options.setBefore ? ` and ${k.options.setBefore} set before ${before(k)}` : ''}${k.options.setAfterSetup ? ` and ${k.options.setAfterSetup} set after cluster.setupPrimary()` : ''}${k.options.setAfter ? ` and ${k.options.setAfter} set after the first fork` : ''} → reads ${k.want.atLoad}, connections accepted as ${k.want.accepted}`,
          )
          .join('; ') +
        ' (rr: the primary hands each connection to a worker, and alone holds the socket listening on the port; none: workers accept themselves, each holding it).',
      model: {
        W,
        N,
        outcome: `default ${list[0].want.atLoad}`,
        cases: list.map((k) => ({ name: k.name, ...k.want })),
      },
      trial: async (c) => {
        const seen = await Promise.all(
          list.map(async (k) => {
            const handle = c.start('cluster-sched.cjs', {
              options: { workers: W, n: N, ...k.options, hold: true },
              env: { NODE_CLUSTER_SCHED_POLICY: k.env },
              timeoutMs: 20_000,
            });
            try {
              const data = await handle.ready;
              const listeners = clusterListeners(data.port, data.primaryPid);
              await handle.stop();
              return { ...data, listeners };
            } finally {
              await handle.stop().catch(() => {});
            }
          }),
        );
        return { seen };
      },
      structural: {
        asserts: `default ${list[0].want.atLoad}; the variable overrides it; set after the first setup it only changes the read`,
        need: 2,
        check(obs) {
          let ok = true;
          const parts = obs.seen.map((/** @type {any} */ s, /** @type {number} */ i) => {
            const k = list[i];
            const accepted = acceptedBy(s);
            // the kernel's view of who can accept, where read: it must agree
            const listening = acceptableBy(s);
            // the variable as the case has it: null where unset (an empty value is set)
            const env = k.options.unset ? null : k.env;
            const good =
              s.env === env &&
              (listening === null || listening === k.want.accepted) &&
              s.workerPids.length === W &&
              s.read.atLoad === k.want.atLoad &&
              (k.want.atFork === undefined || s.read.atFork === k.want.atFork) &&
              (k.want.afterSetup === undefined || s.read.afterSetup === k.want.afterSetup) &&
              (k.want.afterFork === undefined || s.read.afterFork === k.want.afterFork) &&
              accepted === k.want.accepted;
            ok &&= good;
            const handed = s.replies.reduce(
              (/** @type {number} */ a, /** @type {any} */ r) => a + (r.handed ? 1 : 0),
              0,
            );
            const set =
              (k.options.setBefore ? `, set ${k.options.setBefore} before ${before(k)} → ${s.read.atFork}` : '') +
              (k.options.setAfterSetup
                ? `, set ${k.options.setAfterSetup} after cluster.setupPrimary() → reads ${s.read.afterSetup}`
                : '') +
              (k.options.setAfter
                ? `, set ${k.options.setAfter} after the first fork → reads ${s.read.afterFork}`
                : '');
            const envSeen = s.env === env ? '' : ` (the variable ${s.env === null ? 'unset' : `= '${s.env}'`})`;
            const forked = s.workerPids.length === W ? '' : ` (${s.workerPids.length} of ${W} workers forked)`;
            const listen =
              listening === null
                ? ''
                : listening === 'none'
                  ? `; workers hold the listening socket (none)`
                  : listening === 'rr'
                    ? `; the primary alone holds the listening socket (rr)`
                    : `; the primary not seen holding the listening socket`;
            return `${k.name}${envSeen}${forked}: reads ${s.read.atLoad}${set}; ${handed}/${s.replies.length} connections handed by the primary (${accepted})${listen}${good ? '' : ` — expected ${k.want.accepted}`}`;
          });
          return { ok, detail: parts.join('; ') };
        },
      },
    };
  },
});
