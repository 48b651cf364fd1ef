import { defineSpec } from '../../harness/spec.js';
import { poolSize } from '../../harness/kits/pool.js';

const KINDS = ['worker', 'child', 'cluster'];
const LABEL = { worker: 'a Worker thread', child: 'a child process', cluster: 'a cluster worker' };

/**
 * One parker's reading against the model: a Worker shares this process's
 * pool (the main thread's request waits for a thread the Worker holds, and
 * then runs on one of them); a child process or cluster worker has its own
 * (the request gets a thread here while the child holds all P of its own).
 * @param {any} row @param {number} P
 * @returns {{ ok: boolean, invalid: boolean, text: string }}
 */
export function judgeRow(row, P) {
  const who = LABEL[/** @type {'worker' | 'child' | 'cluster'} */ (row.kind)];
  if (row.parked !== P)
    return { ok: false, invalid: true, text: `${who} parked ${row.parked} of ${P} pool requests (the control failed)` };
  if (row.result !== 'ok')
    return { ok: false, invalid: false, text: `${who}: the main thread's request ended ${row.result}` };
  if (row.kind === 'worker') {
    const onParked = row.servedBy.length === 1 && row.parkedTids.includes(row.servedBy[0]);
    const ok = row.blockedDuring === P && !row.readerDuring && !row.doneDuring && onParked;
    return {
      ok,
      invalid: false,
      text:
        `while ${who} held ${P} requests (threads ${row.parkedTids.join(',')}: ${[...new Set(row.names)].join('/')}), ` +
        `${row.blockedDuring} threads of the process were in open(2) and the main thread's request ${row.readerDuring || row.doneDuring ? 'had a thread' : 'had none'}; ` +
        `after the release it ran on thread ${row.servedBy.join(',') || 'none'}${onParked ? ', one the Worker had held' : ', not one the Worker had held'}`,
    };
  }
  // Its P held on threads of its own: read from outside it (/proc/<its pid>), the threads it
  // named among them (absent in records from before that reading).
  const own = row.parkerInOpen;
  // Another process's system calls need ptrace's permission (Yama, security modules), and the parker
  // may be gone: unread, the trial shows nothing (neither a pass the census could fake, nor a fail).
  if (own === null)
    return {
      ok: false,
      invalid: true,
      text: `${who} (pid ${row.parkerPid}): its threads in open(2) could not be read from outside it`,
    };
  const ownOk =
    own === undefined ||
    (Array.isArray(own) && own.length >= P && row.parkedTids.every((/** @type {number} */ t) => own.includes(t)));
  const ownText =
    own === undefined
      ? ''
      : `; read from /proc/${row.parkerPid}: ${own.length} of its own threads in open(2)${ownOk ? '' : ` (expected ${P}, among them ${row.parkedTids.join(',')}, the threads it named)`}`;
  const ok = row.blockedHere === 1 && row.readerDuring && row.doneDuring && row.parkerStillBlocked === P && ownOk;
  return {
    ok,
    invalid: false,
    text:
      `while ${who} (pid ${row.parkerPid}) held ${P} requests on its own threads, the main thread's request ` +
      `${row.readerDuring ? 'got' : 'did not get'} a thread here (${row.blockedHere} in open(2) here, thread ${row.servedBy.join(',') || 'none'}) ` +
      `and completed${row.doneDuring ? '' : ' only later'}; it still had ${row.parkerStillBlocked} in open(2)${ownText}`,
  };
}

export default defineSpec({
  id: 'pool.per-process',
  title: 'One libuv pool per process: Workers share it, each child process has its own',
  area: 'threadpool',
  claim:
    "The libuv thread pool belongs to the process: Worker threads share the main thread's pool, while each cluster worker or child process has a pool of its own.",
  truth:
    "True on Node 20–26: with a Worker holding every pool thread, the main thread's fs request gets no thread and then runs on one the Worker held; with a child process or cluster worker holding all of its own, the parent's request runs at once.",
  expected: 'holds',
  tags: ['structural', 'fifo-probe'],
  requires: ['linux'],
  source: {
    file: 'https://docs.libuv.org/en/v1.x/threadpool.html',
    section: 'Thread pool work scheduling: the threadpool is global and shared across all event loops',
    figures: null,
  },
  plan(ctx) {
    const P = poolSize(ctx);
    return {
      summary:
        `A Worker thread, a child process and a cluster worker each park the ${P} requests of a pool of ${P} on FIFOs; meanwhile the main thread makes one fs request. ` +
        `Model: with the Worker's ${P} held it gets no thread (${P} threads in open(2), not ${P + 1}) and, once released, runs on one the Worker held; with a child's or cluster worker's ${P} held it runs at once on a thread of this process.`,
      model: {
        P,
        worker: { blockedDuring: P, served: 'a thread the Worker held' },
        child: { blockedHere: 1 },
        cluster: { blockedHere: 1 },
      },
      trial: (c) => c.run('pool-per-process.cjs', { options: { pool: P, holdMs: 100 }, timeoutMs: 20_000 }),
      structural: {
        asserts: "the main thread's request waits for threads a Worker holds, not for a child process's",
        need: 2,
        check(obs) {
          const rows = KINDS.map((k) => judgeRow(obs[k], P));
          const invalid = rows.find((r) => r.invalid);
          if (invalid) return { ok: false, invalid: true, detail: invalid.text };
          return { ok: rows.every((r) => r.ok), detail: rows.map((r) => r.text).join('; ') };
        },
      },
    };
  },
});
