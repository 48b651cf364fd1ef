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
    changed: `after taskset -p -c ${obs.pin} while running`,
    apart: `after taskset -p -c ${obs.apart?.allowed.join(',')} (every other CPU)`,
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
      summary: `${usable.length} CPUs allowed: availableParallelism ${usable.length}; pinned to CPU ${pin} (at start, and while running) → 1, back to ${usable.length} when restored; cpus().length the machine's count throughout.`,
      model: { allowed: usable.length, pinned: 1, pin },
      trial: (c) => c.run('ap-affinity.cjs', { options: { cpu: pin }, timeoutMs: 15_000 }),
      structural: {
        asserts: "availableParallelism counts the CPUs allowed (1 when pinned); cpus().length the machine's",
        need: 2,
        check: (obs) => judgeAffinity(obs),
      },
    };
  },
});
