import { spawnSync } from 'node:child_process';
import { defineSpec } from '../../harness/spec.js';

/**
 * The readings against the claim: availableParallelism equals the number of
 * CPUs the process may use, as started, in a process started pinned to one,
 * after the affinity changed while it runs, to every other CPU where there
 * are three or more (absent on fewer, and in records from before), and once
 * restored; cpus().length stays the machine's count throughout.
 * @param {any} obs
 * @returns {{ ok: boolean, detail: string }}
 */
export function judgeAffinity(obs) {
  const rows = ['started', 'launched', 'changed', 'apart', 'restored']
    .filter((k) => obs[k])
    .map((k) => ({ k, ...obs[k] }));
  const host = obs.started.cpus;
  const label = {
    started: 'as started',
    launched: `started under taskset -c ${obs.pin}`,
    changed: `after taskset -p -c ${obs.pin} from outside while running`,
    apart: `after taskset -p -c ${obs.apart?.allowed.join(',')} from outside (every other CPU)`,
    restored: 'restored',
  };
  const ok = rows.every((r) => r.ap === r.allowed.length && r.cpus === host) && obs.launched.allowed.length === 1;
  const detail = rows
    .map(
      (r) =>
        `${label[/** @type {'started' | 'launched' | 'changed' | 'apart' | 'restored'} */ (r.k)]}: ${r.allowed.length} CPU${r.allowed.length === 1 ? '' : 's'} allowed, availableParallelism ${r.ap}, cpus().length ${r.cpus}`,
    )
    .join('; ');
  return { ok, detail };
}

/** Whether taskset(1) runs here. */
const hasTaskset = () => spawnSync('taskset', ['-V'], { timeout: 5000 }).status === 0;

/**
 * Set the CPUs every thread of process `pid` may use, from the harness
 * (taskset -a -p): no act of the program's. Throws with taskset's message.
 * @param {number} pid @param {number[]} cpus
 */
function setAffinity(pid, cpus) {
  const r = spawnSync('taskset', ['-a', '-p', '-c', cpus.join(','), String(pid)], { encoding: 'utf8', timeout: 5000 });
  if (r.error || r.status !== 0)
    throw new Error(`taskset -a -p -c ${cpus.join(',')} ${pid}: ${r.error?.message ?? r.stderr.trim()}`);
}

/**
 * One trial: fixtures/ap-affinity.cjs run pinned to `pin` from its start
 * (the launcher's taskset -c), then one run as a service whose affinity the
 * harness changes while it runs (to `pin`; to every other CPU where three or
 * more are allowed; back), reading it after each change.
 * @param {import('../../harness/context.js').Context} ctx @param {number} pin
 */
export async function affinityTrial(ctx, pin) {
  const launched = (await ctx.run('ap-affinity.cjs', { cpus: [pin], timeoutMs: 15_000 })).started;
  /** @type {Map<number, (reading: any) => void>} */
  const waiting = new Map();
  const handle = ctx.start('ap-affinity.cjs', {
    options: { serve: true },
    timeoutMs: 15_000,
    onMessage: (m) => waiting.get(m?.id)?.(m.data),
  });
  let asked = 0;
  /** A reading after the affinity was set to `cpus`. @param {number[]} cpus */
  const after = (cpus) => {
    setAffinity(/** @type {number} */ (handle.pid), cpus);
    const id = asked++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('ap-affinity.cjs did not answer a read within 5 s')), 5000);
      waiting.set(id, (reading) => (clearTimeout(timer), waiting.delete(id), resolve(reading)));
      handle.send({ type: 'read', id });
    });
  };
  try {
    const { reading: started, versions } = await handle.ready;
    const changed = await after([pin]);
    const everyOther = started.allowed.filter((/** @type {number} */ _, /** @type {number} */ i) => i % 2 === 0);
    const apart = started.allowed.length >= 3 ? await after(everyOther) : null;
    const restored = await after(started.allowed);
    return { pin, started, launched, changed, ...(apart ? { apart } : {}), restored, versions };
  } finally {
    await handle.stop().catch(() => {});
  }
}

export default defineSpec({
  id: 'os.ap-affinity',
  title: 'os.availableParallelism() follows CPU affinity; os.cpus().length does not',
  area: 'os',
  claim:
    'os.availableParallelism() counts the CPUs the process is allowed to run on, so pinning it (taskset) lowers it; os.cpus().length counts every CPU of the machine whatever the affinity.',
  truth:
    'True on Node 20–26 (Linux): pinned to one CPU, at start or while running, availableParallelism is 1 and follows the change back; cpus().length stays the machine’s count.',
  expected: 'holds',
  tags: ['structural'],
  requires: ['linux'],
  source: {
    file: 'https://nodejs.org/api/os.html#osavailableparallelism',
    section: 'os.availableParallelism() (uv_available_parallelism) and os.cpus()',
    figures: null,
  },
  plan(ctx) {
    const usable = ctx.usable ?? [];
    const quota = ctx.profile?.cgroupQuota ?? null;
    if (usable.length < 2)
      return {
        skip: `pinning to one CPU needs two or more allowed to tell it apart (${usable.length || 'unknown'} allowed here)`,
        summary: '',
        trial: async () => null,
      };
    if (quota !== null && Math.floor(quota) < usable.length)
      return {
        skip: `a cgroup CPU quota of ${quota} is in force, below the ${usable.length} CPUs allowed: availableParallelism may follow the quota instead`,
        summary: '',
        trial: async () => null,
      };
    if (!hasTaskset()) return { skip: 'needs taskset(1) (util-linux)', summary: '', trial: async () => null };
    const pin = usable[usable.length - 1];
    return {
      summary: `${usable.length} CPUs allowed: availableParallelism ${usable.length}; pinned to CPU ${pin} (at start, and while running, by the harness from outside: taskset -a -p) → 1, back to ${usable.length} when restored; cpus().length the machine's count throughout.`,
      model: { allowed: usable.length, pinned: 1, pin },
      trial: (c) => affinityTrial(c, pin),
      structural: {
        asserts: "availableParallelism counts the CPUs allowed (1 when pinned); cpus().length the machine's",
        need: 2,
        check: (obs) => judgeAffinity(obs),
      },
    };
  },
});
