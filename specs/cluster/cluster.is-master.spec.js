import { defineSpec } from '../../harness/spec.js';
import { mkdtempSync, mkdirSync, copyFileSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SOURCE_004, withCluster, get, rolesObserverEnv, readObservedRoles } from '../../harness/kits/cluster.js';

// One trial: 2 workers; the primary reports cluster.isMaster / isPrimary when
// ready and on stop; each worker reports its own through GET /roles; both
// record every process 'warning' they emitted. A second observer, the
// harness's own (harness/observers/cluster-roles.cjs, preloaded through
// NODE_OPTIONS into the primary and the workers), reads the same properties
// in each process as a user's module would, apart from what the program
// reports: both must agree with the model, the observer's also while each
// process's main module runs (where the source's program reads it).

/**
 * The harness's observer's reading: isMaster true in the primary, false in
 * each worker (an absent property reads null).
 * @param {any} obs
 */
export function observedRolesCheck(obs) {
  const seen = obs.observed;
  const primary = seen[obs.primaryPid];
  const workers = obs.workerPids.map((/** @type {number} */ pid) => seen[pid]);
  const ok =
    primary?.isMaster === true &&
    workers.length === 2 &&
    workers.every((/** @type {any} */ w) => w?.isMaster === false && w?.isPrimary === false);
  const word = (/** @type {any} */ r) =>
    r ? `isMaster ${r.isMaster}${r.hasIsMaster ? '' : ' (no such property)'}` : 'not observed';
  return {
    ok,
    detail: `; read apart by the harness's observer: primary ${word(primary)}; ${obs.workerPids.map((/** @type {number} */ pid, /** @type {number} */ k) => `${pid} ${word(workers[k])}`).join('; ')}`,
  };
}

/** The observer's readings taken while the main module ran, in the order taken. */
export const AT_LOAD = /** @type {const} */ ([
  ['preload', 'before it'],
  ['mainEnd', 'as its code returned'],
  ['firstTick', 'at its first tick'],
]);

/**
 * The harness's observer's readings while each process's main module ran,
 * where a program reads the property (`if (cluster.isMaster)` at the top of
 * its main module, as the source's does): isMaster true in the primary and
 * false in each worker at each of them. Honest readings equal the later ones
 * (true, true, true in the primary; false, false, false in each worker) on
 * every run; a property that reads otherwise until the main module is done
 * shows in `mainEnd` (and in `firstTick` where it lasts until then). A reading
 * the observer could not take (absent: an ES main module, or a record made
 * before these readings) is left out.
 * @param {any} obs
 */
export function atLoadRolesCheck(obs) {
  const seen = obs.observed;
  const procs = [
    { name: 'primary', pid: obs.primaryPid, want: true },
    ...obs.workerPids.map((/** @type {number} */ pid) => ({ name: String(pid), pid, want: false })),
  ];
  let ok = true;
  const words = [];
  for (const p of procs) {
    const at = seen[p.pid]?.atLoad;
    if (!at) continue;
    const got = AT_LOAD.filter(([k]) => at[k]).map(([k, when]) => {
      const good = at[k].isMaster === p.want && at[k].isPrimary === p.want;
      ok &&= good;
      return `${at[k].isMaster}${good ? '' : ` (${when}: expected ${p.want})`}`;
    });
    if (got.length) words.push(`${p.name} ${got.join(', ')}`);
  }
  const detail = words.length
    ? `; isMaster while the main module ran (before it, as it returned, first tick): ${words.join('; ')}`
    : '';
  return { ok, detail };
}

/**
 * Late reads, in the first trial of each pair (odd trials): once every process
 * has run at least a time the harness draws in LATE_MS (measured from the
 * cluster's 'ready' on the harness's clock, which each process started before,
 * and not told to the fixture), each worker reads isMaster again (GET /roles)
 * and the primary does on stop. The claim holds for a process's whole life,
 * not only its first half second (a trial's other reads all come then): a
 * property that turns after some age shows here where it turns before the
 * draw. Any bounded read can be out-waited (a property that turns after
 * 4.1 s reads well here); the draw keeps a fixture from knowing the moment.
 * It costs that one trial of each pair about 3.2–4 s (the claims run side by
 * side: the claim took 3.5–4.4 s honest, 2 trials, on a busy 2-CPU machine).
 * Honest readings: isMaster false, isPrimary false in each worker at every
 * drawn age, on every run (7 runs, Node 20 and 26).
 */
export const LATE_MS = /** @type {const} */ ([3200, 4000]);

/**
 * The late reads (absent in the trials without them and in records made before
 * them): both workers answered, each with isMaster false and isPrimary false.
 * @param {{ late?: { atMs: number, workers: Array<{ pid: number, isMaster: any, isPrimary: any }> },
 *   workerPids: number[] }} obs
 */
export function lateRolesCheck(obs) {
  if (!obs.late) return { ok: true, detail: '' };
  const ws = obs.late.workers;
  const both = obs.workerPids.every((pid) => ws.some((w) => w.pid === pid));
  const ok = both && ws.every((w) => w.isMaster === false && w.isPrimary === false);
  const words = ws.map((w) => `${w.pid}: isMaster ${w.isMaster}, isPrimary ${w.isPrimary}`).join('; ');
  return {
    ok,
    detail: `; read again once each process had run ${obs.late.atMs} ms (drawn): ${words || 'no worker answered'}${both ? '' : ' (not both workers)'}`,
  };
}

/** The library observer's two files (harness/observers), copied under a node_modules folder. */
const LIB_FILES = ['cluster-roles-lib.cjs', 'cluster-roles-lib.mjs'];

/**
 * The library observer, placed at <dir>/node_modules/ncs-roles-lib/ (where a library of the
 * program's would sit) and preloaded with the other observer: env for withCluster.
 * @param {string} dir @param {Record<string, string>} env  rolesObserverEnv's
 */
export function libObserverEnv(dir, env) {
  const lib = path.join(dir, 'node_modules', 'ncs-roles-lib');
  mkdirSync(lib, { recursive: true });
  for (const f of LIB_FILES)
    copyFileSync(fileURLToPath(new URL(`../../harness/observers/${f}`, import.meta.url)), path.join(lib, f));
  const own = `--require ${JSON.stringify(path.join(lib, LIB_FILES[0]))}`;
  return { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS} ${own}` };
}

/**
 * What the library observer wrote for each pid (null: no record). @param {string} dir
 * @param {number[]} pids
 */
export function readLibRoles(dir, pids) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const pid of pids) {
    const f = path.join(dir, `lib-${pid}.json`);
    try {
      out[pid] = existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null;
    } catch {
      out[pid] = null; // half-written: no reading
    }
  }
  return out;
}

/**
 * isMaster (and isPrimary) as a library reads it: from CommonJS code loaded from a
 * node_modules folder, and from an ES module, both `import { isMaster } from
 * 'node:cluster'` (the named export) and the default import's property. The claim
 * speaks of the property wherever it is read: each reading must say true in the
 * primary and false in each worker, as the main module's own does. Honest readings
 * (Node 20 and 26, busy 2-CPU machine): true/true in the primary, false/false in each
 * worker, in all three views, on every run. A process whose record is missing (not
 * written before it was stopped, or the import failed) voids the trial (`missing`): the
 * harness waits for the records (LIB_WAIT_MS) before it stops the cluster, so honest
 * they are there, and a program that keeps the observer from reading passes nothing.
 * Absent (undefined) in records made before this observer.
 * @param {{ libs?: Record<string, any>, primaryPid: number, workerPids: number[] }} obs
 */
export function libRolesCheck(obs) {
  if (!obs.libs) return { ok: true, detail: '' };
  const procs = [
    { name: 'primary', pid: obs.primaryPid, want: true },
    ...obs.workerPids.map((pid) => ({ name: String(pid), pid, want: false })),
  ];
  let ok = true;
  let missing = false;
  const words = [];
  for (const p of procs) {
    const r = obs.libs[p.pid];
    if (!r) {
      missing = true;
      words.push(`${p.name} not read (the trial void)`);
      continue;
    }
    const views = [
      ['node_modules CommonJS', r.cjs],
      ['ES named import', r.esm?.named],
      ['ES default import', r.esm?.default],
    ];
    const bad = views.filter(([, v]) => !(v?.isMaster === p.want && v?.isPrimary === p.want));
    ok &&= bad.length === 0;
    words.push(
      bad.length
        ? `${p.name} ${bad.map(([k, v]) => `${k}: isMaster ${v?.isMaster}, isPrimary ${v?.isPrimary}`).join(', ')} (expected ${p.want})`
        : `${p.name} ${p.want} in all three`,
    );
  }
  return {
    ok,
    ...(missing && { missing }),
    detail: `; read by a library (node_modules CommonJS, ES named and default import): ${words.join('; ')}`,
  };
}

/** How long the harness waits, at most, for the library observer's records. */
export const LIB_WAIT_MS = 3000;

/**
 * Each worker's roles as it reports them (GET /roles, answered by whichever worker the
 * cluster hands the connection to), by pid: up to 10 GETs until both have answered.
 * @param {number} port
 * @returns {Promise<Record<string, any>>}
 */
async function rolesOfWorkers(port) {
  /** @type {Record<string, any>} */
  const seen = {};
  for (let k = 0; k < 10 && Object.keys(seen).length < 2; k++) {
    const r = await get(port, '/roles');
    if (r.status === 200) seen[r.pid] = r.body;
  }
  return seen;
}

export default defineSpec({
  id: 'cluster.is-master',
  title: 'cluster.isMaster tells the primary from a worker',
  area: 'cluster',
  claim:
    'The cluster module property isMaster says whether the current process is the parent or a child (worker) process.',
  truth:
    'True but deprecated in the docs since Node 16: isMaster is an alias of isPrimary (true in the primary, false in workers); no runtime warning on Node 20–26.',
  expected: 'holds',
  tags: ['structural', 'version', 'mostly-waits'],
  source: {
    file: SOURCE_004.file,
    section: 'The cluster version: the isMaster check that decides between forking and serving',
    figures: null,
  },
  plan: (ctx) => ({
    summary: `2 workers under Node ${ctx.node.version}: isMaster === isPrimary === true in the primary and === false in each worker (isWorker the opposite). The harness's own observer, preloaded into each process, reads the same apart from what the program reports: also while each process's main module runs (before it, as its code returns, at its first tick), where a program reads it; and, in the first trial of each pair, each worker again once every process has run a time the harness draws in ${LATE_MS[0]}–${LATE_MS[1]} ms (the primary on stop, after it). Whether reading it emitted a deprecation warning is recorded, not judged.`,
    model: {
      primary: { isPrimary: true, isMaster: true },
      worker: { isPrimary: false, isMaster: false, isWorker: true },
    },
    trial: async (c, n = 1) => {
      const dir = mkdtempSync(path.join(c.tmpdir, 'roles-'));
      const {
        value: { seen: roles, late },
        info,
        final,
      } = await withCluster(
        c,
        { workers: 2 },
        async (i) => {
          const ready = performance.now();
          const seen = await rolesOfWorkers(i.port);
          // the library observer's records, before any process is stopped (bounded)
          const pids = [i.primaryPid, ...i.workerPids];
          while (
            performance.now() - ready < LIB_WAIT_MS &&
            pids.some((p) => !existsSync(path.join(dir, `lib-${p}.json`)))
          )
            await sleep(5);
          if (n % 2 === 0) return { seen };
          // the late reads (LATE_MS): every process is older than the time since 'ready'
          const atMs = randomInt(LATE_MS[0], LATE_MS[1] + 1);
          await sleep(Math.max(0, atMs - (performance.now() - ready)));
          return { seen, late: { atMs, workers: Object.values(await rolesOfWorkers(i.port)) } };
        },
        { env: libObserverEnv(dir, rolesObserverEnv(dir, c.env)) },
      );
      const primary = final.roles.primary;
      const warnings = [...primary.warnings, ...Object.values(roles).flatMap((r) => r.warnings)];
      return {
        ready: { isPrimary: info.isPrimary, isMaster: info.isMaster },
        primary,
        workers: Object.values(roles),
        warnings,
        primaryPid: info.primaryPid,
        workerPids: info.workerPids,
        observed: readObservedRoles(dir),
        libs: readLibRoles(dir, [info.primaryPid, ...info.workerPids]),
        // the late reads (odd trials); the primary's own is final's, taken on stop after
        ...(late
          ? {
              late: {
                atMs: late.atMs,
                workers: late.workers.map((/** @type {any} */ w) => ({
                  pid: w.pid,
                  isMaster: w.isMaster,
                  isPrimary: w.isPrimary,
                })),
              },
            }
          : {}),
      };
    },
    structural: {
      asserts: 'isMaster, like isPrimary, is true in the primary and false in each worker',
      // Property values: exact, two agreeing trials suffice.
      need: 2,
      check(obs) {
        const p = obs.primary;
        const primaryOk =
          p.isMaster === true && p.isPrimary === true && obs.ready.isMaster === true && obs.ready.isPrimary === true;
        const workersOk =
          obs.workers.length === 2 &&
          obs.workers.every(
            (/** @type {any} */ w) => w.isMaster === false && w.isPrimary === false && w.isWorker === true,
          );
        const w = obs.workers
          .map((/** @type {any} */ x) => `${x.pid}: isMaster ${x.isMaster}, isPrimary ${x.isPrimary}`)
          .join('; ');
        // absent in records made before the observer
        const apart = obs.observed ? observedRolesCheck(obs) : { ok: true, detail: '' };
        // the same observer while the main module ran, where the source's program reads
        const load = obs.observed ? atLoadRolesCheck(obs) : { ok: true, detail: '' };
        // late in each process's life, at a moment the harness drew (odd trials)
        const late = lateRolesCheck(obs);
        // as a library reads it: node_modules CommonJS, ES named and default import
        const libs = libRolesCheck(obs);
        const rest = primaryOk && workersOk && apart.ok && load.ok && late.ok;
        if (rest && libs.ok && libs.missing)
          return { ok: false, invalid: true, detail: `primary ${p.pid}: isMaster ${p.isMaster}${libs.detail}` };
        return {
          ok: primaryOk && workersOk && apart.ok && load.ok && late.ok && libs.ok,
          detail: `primary ${p.pid}: isMaster ${p.isMaster}, isPrimary ${p.isPrimary}; workers ${w}; warnings: ${obs.warnings.length ? obs.warnings.join(' | ') : 'none'}${apart.detail}${load.detail}${late.detail}${libs.detail}`,
        };
      },
    },
  }),
});
