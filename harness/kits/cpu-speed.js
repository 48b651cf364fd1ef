// @ts-check
// How fast the CPUs ran during a batch, read beside the pool by a reader
// pinned to each CPU (fixtures/lib/speed-readers.cjs), or where those cannot
// run by the main thread on the CPUs it ran on (fixtures/lib/speed-reference.cjs:
// a small pbkdf2 of the same hash, timed), as a factor of the speed the
// machine profile calibrated the task at: 1 when the CPUs ran as then, 1.3
// when the same work took 30% longer.
// The reading converts to the hash through the reference's cost in its
// iterations, weighed by the batch itself where it did (pool.js
// batchReferenceMs), else by the profile.
// It lets a batch tell a pool thread busy without progress (its CPU beyond
// what its tasks cost at that speed) from a CPU the host slowed (the task
// and the reference slowed alike).

/** Readings during the batch needed for a factor. */
export const MIN_READINGS = 5;

/**
 * Readings one CPU needs during the batch before its median may stand for
 * the slowest speed read: one or two may be the first after a move to that
 * CPU, which reads up to ~10% slower (speed-reference.cjs pinnedReadings).
 */
export const SLOWEST_GROUP_READINGS = 3;

/**
 * @typedef {object} SpeedReading  a batch fixture's `speed`
 * @property {Record<string, { ms: number, n: number }>} byCpu  the reference during the batch, per CPU: read by a
 *   reader pinned to each (readers), else per CPU the main thread read it on
 * @property {boolean} [readers]  byCpu was read by a reader pinned to every CPU (fixtures/lib/speed-readers.cjs)
 * @property {Record<string, number> | null} [pinned]  the reference on each allowed CPU, the thread pinned to it, before the batch
 * @property {Record<string, number>} [poolCpus]  samples of a runnable pool thread on each CPU
 */

/**
 * The factor by which the CPUs ran slower during the batch than at
 * calibration. Read by a reader pinned to each CPU (speed.readers): the
 * speed of the CPUs the pool ran on (speedOfPoolCpus). Read by the main
 * thread: the factor by which the slowest CPU the batch could use ran slower
 * than at calibration, the during-batch readings (a mean of the per-CPU medians,
 * weighted by their counts) over the reference at calibration, scaled up by how
 * much slower the slowest allowed CPU read than the ones the main thread read
 * on (pinned readings: the host may slow one vCPU alone, for an hour at a
 * time). Without pinned readings, the slowest CPU read during the batch, and
 * only where it read every CPU the pool's threads ran on. null where it
 * cannot be read: no reading, too few, no calibration, or a CPU of the pool's
 * that nothing read. slowestRead: the slowest speed any single reading
 * group gave, a pinned CPU before the batch or one CPU's median beside it
 * over SLOWEST_GROUP_READINGS readings or more (never below factor): where
 * the host switched a CPU's speed around the batch, the pool's threads may
 * have run at it for longer than the main thread's readings show.
 * @param {SpeedReading | null | undefined} speed
 * @param {number | null | undefined} referenceMs  the reference at the calibrated speed (ms): the batch's own
 *   weighing (pool.js batchReferenceMs) or the profile's
 * @returns {{ factor: number, during: number, slowest: number, slowestRead: number } | null}
 */
export function speedFactor(speed, referenceMs) {
  if (!speed || !(Number(referenceMs) > 0)) return null;
  const ref = /** @type {number} */ (referenceMs);
  if (speed.readers) return speedOfPoolCpus(speed, ref);
  const during = Object.entries(speed.byCpu ?? {}).filter(([, r]) => r.n > 0 && r.ms > 0);
  const n = during.reduce((sum, [, r]) => sum + r.n, 0);
  if (n < MIN_READINGS) return null;
  const duringMs = during.reduce((sum, [, r]) => sum + r.ms * r.n, 0) / n;
  const pinned = speed.pinned ?? null;
  const readMs = [
    ...during.filter(([, r]) => r.n >= SLOWEST_GROUP_READINGS).map(([, r]) => r.ms),
    ...Object.values(pinned ?? {}).filter((ms) => ms > 0),
  ];
  const withSlowestRead = (/** @type {number} */ factor, /** @type {number} */ slowest) => ({
    factor,
    during: duringMs / ref,
    slowest,
    slowestRead: Math.max(factor, Math.max(...readMs) / ref),
  });
  if (pinned && during.every(([cpu]) => pinned[cpu] > 0)) {
    const here = during.reduce((sum, [cpu, r]) => sum + pinned[cpu] * r.n, 0) / n;
    const slowest = Math.max(1, Math.max(...Object.values(pinned)) / here);
    return withSlowestRead((duringMs / ref) * slowest, slowest);
  }
  if (Object.keys(speed.poolCpus ?? {}).some((cpu) => !speed.byCpu[cpu])) return null;
  const slowestMs = Math.max(...during.map(([, r]) => r.ms));
  return withSlowestRead(slowestMs / ref, slowestMs / duringMs);
}

/**
 * speedFactor where a reader pinned to each CPU read it during the batch:
 * what the reference costs per unit of the hashes' work where they ran, the
 * per-CPU medians weighted by how often the pool's runnable threads were
 * sampled on each CPU (poolCpus, their time there): their CPU time over the
 * work it did at those speeds, Σ w / Σ (w / ms), a harmonic mean (an
 * arithmetic one overstates the cost, ×1.06 at CPUs ×1.6 apart). null where a
 * CPU the pool ran on has fewer than SLOWEST_GROUP_READINGS readings.
 * slowest: the slowest of those CPUs over that mean; slowestRead as
 * speedFactor's, over the CPUs the pool ran on only (an idle CPU the host
 * clocks down reads slow, and says nothing of the hashes).
 * @param {SpeedReading} speed @param {number} ref
 */
function speedOfPoolCpus(speed, ref) {
  const weights = Object.entries(speed.poolCpus ?? {}).filter(([, n]) => n > 0);
  const read = weights.map(([cpu, w]) => ({ w, r: speed.byCpu?.[cpu] }));
  if (!weights.length || read.some(({ r }) => !(r && r.ms > 0 && r.n >= SLOWEST_GROUP_READINGS))) return null;
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  const duringMs = total / read.reduce((sum, { w, r }) => sum + w / /** @type {{ ms: number }} */ (r).ms, 0);
  const slowestMs = Math.max(...read.map(({ r }) => /** @type {{ ms: number }} */ (r).ms));
  const pinnedMs = weights.map(([cpu]) => speed.pinned?.[cpu] ?? 0).filter((ms) => ms > 0);
  const factor = duringMs / ref;
  return {
    factor,
    during: factor,
    slowest: slowestMs / duringMs,
    slowestRead: Math.max(factor, Math.max(slowestMs, ...pinnedMs) / ref),
  };
}

/**
 * Each pool thread's CPU time as it would read had every thread run at one
 * speed, that of the fastest CPU the pool used: its time on each CPU (its
 * CPU gained between samples, on the CPU it was runnable on at the sample,
 * else the last one it was seen on; timeline.cpuAt) weighed by the median of
 * the reference's readings on that CPU over the batch, by the reader pinned
 * to it (one figure per CPU: a speed the host switched for part of the
 * batch is not matched to the threads there then). A thread that ran mostly
 * on a CPU the host slowed pays more per hash; at one speed its hashes cost
 * as the others' do, and CPU beyond them is CPU without progress. A thread
 * never seen runnable (an idle one's start) keeps its CPU as read. null
 * where no readers read, the timeline has no CPUs per sample (a record from
 * before), or a CPU a thread ran on has fewer than SLOWEST_GROUP_READINGS
 * readings.
 * @param {SpeedReading | null | undefined} speed
 * @param {{ t: number[], cpu: Record<string, number[]>, cpuAt?: Record<string, string> } | null | undefined} timeline
 * @param {Array<number | string>} tids  the threads, in the order of the result
 * @returns {number[] | null}
 */
export function cpuAtOneSpeed(speed, timeline, tids) {
  if (!speed?.readers || !timeline?.cpuAt) return null;
  const msOf = (/** @type {string} */ cpu) => {
    const r = speed.byCpu?.[cpu];
    return r && r.ms > 0 && r.n >= SLOWEST_GROUP_READINGS ? r.ms : null;
  };
  /** @type {Map<string, number>[]} each thread's CPU time per CPU */
  const byThread = [];
  for (const tid of tids) {
    const xs = timeline.cpu[String(tid)] ?? [];
    const at = timeline.cpuAt[String(tid)] ?? '';
    const known = [...at].map((c) => (c === '-' || c === '?' ? null : String(parseInt(c, 36))));
    const first = known.find((c) => c !== null) ?? null;
    /** @type {Map<string, number>} */
    const time = new Map();
    let where = first;
    for (let i = 1; i < xs.length; i++) {
      where = known[i] ?? where;
      const gained = xs[i] - xs[i - 1];
      if (gained > 0 && where !== null) time.set(where, (time.get(where) ?? 0) + gained);
    }
    byThread.push(time);
  }
  const used = [...new Set(byThread.flatMap((m) => [...m.keys()]))];
  if (used.some((cpu) => msOf(cpu) === null)) return null;
  const fastest = Math.min(...used.map((cpu) => /** @type {number} */ (msOf(cpu))));
  return byThread.map((time, i) => {
    const total = [...time.values()].reduce((a, b) => a + b, 0);
    const cpuMs = timeline.cpu[String(tids[i])]?.at(-1) ?? 0;
    if (!(total > 0)) return cpuMs;
    // the thread's CPU over the work it did, per ms of the reference: a harmonic mean of its CPUs' costs
    const cost = total / [...time].reduce((sum, [cpu, ms]) => sum + ms / /** @type {number} */ (msOf(cpu)), 0);
    return (cpuMs * fastest) / cost;
  });
}

/**
 * How far apart the CPUs' speeds read, slowest over fastest: the pinned
 * readings before the batch, and those taken on each CPU during it,
 * whichever differ more; null where neither has two CPUs. Where a reader
 * pinned to each CPU read them (readers), only the CPUs the pool ran on
 * count: an idle CPU the host clocks down reads slow and carries no hash.
 * @param {SpeedReading | null | undefined} speed
 * @returns {number | null}
 */
export function speedsSpread(speed) {
  const ratio = (/** @type {number[]} */ xs) => (xs.length > 1 ? Math.max(...xs) / Math.min(...xs) : null);
  const used = (/** @type {string} */ cpu) => !speed?.readers || Number(speed.poolCpus?.[cpu]) > 0;
  const pinned = ratio(
    Object.entries(speed?.pinned ?? {})
      .filter(([cpu, ms]) => ms > 0 && used(cpu))
      .map(([, ms]) => ms),
  );
  const during = ratio(
    Object.entries(speed?.byCpu ?? {})
      .filter(([cpu, r]) => r.n > 0 && r.ms > 0 && used(cpu))
      .map(([, r]) => r.ms),
  );
  if (pinned === null && during === null) return null;
  return Math.max(pinned ?? 1, during ?? 1);
}
