import { defineSpec } from '../../harness/spec.js';
import { DEFAULT_POOL, probePool } from '../../harness/pool.js';

const ASK = '2';

export default defineSpec({
  id: 'pool.env-in-code',
  title: 'Setting process.env.UV_THREADPOOL_SIZE in code resizes the pool',
  area: 'threadpool',
  claim: 'Assigning process.env.UV_THREADPOOL_SIZE in the program changes the pool size.',
  truth: 'Nuanced: libuv reads the variable once, at the first pool request. From a CommonJS entry before any pool use it works; after the first pool use it has no effect; from an ES module entry it has no effect on Node 20 (the ESM loader has used the pool already) and works on 22+.',
  expected: 'holds',
  tags: ['structural', 'fifo-probe', 'env', 'version'],
  requires: ['posix'],
  source: { file: '000_5064a5800ba04d45.txt', section: 'Thread pool', figures: 'UV_THREADPOOL_SIZE=5 in code: five hashes at 1545–1557 ms' },
  plan(ctx) {
    const esmWorks = ctx.node.major >= 22;
    const cases = [
      { name: 'CommonJS entry, before any pool use', entry: 'commonjs', after: false, want: Number(ASK) },
      { name: 'CommonJS entry, after the first pool use', entry: 'commonjs', after: true, want: DEFAULT_POOL },
      { name: 'ES module entry', entry: 'module', after: false, want: esmWorks ? Number(ASK) : DEFAULT_POOL },
    ];
    return {
      summary: `Assign ${ASK}: ${cases.map((k) => `${k.name} → ${k.want}`).join('; ')} (Node ${ctx.node.version}).`,
      model: {
        asked: Number(ASK),
        cases: cases.map(({ name, want }) => ({ name, want })),
        // What is true here, in words that differ only where the truth does (merge compares it).
        outcome: `from an ES module entry the assignment ${esmWorks ? 'works' : 'has no effect'} (→ ${cases[2].want})`,
      },
      async trial(c) {
        const seen = [];
        for (const k of cases) {
          const probe = await probePool(c, { setEnv: ASK, setEnvAfterUse: k.after, entry: /** @type {any} */ (k.entry) });
          seen.push({ name: k.name, parked: probe.parked });
        }
        return { seen };
      },
      structural: {
        need: 2,
        check(obs) {
          const text = obs.seen.map((/** @type {any} */ s, /** @type {number} */ i) => `${s.name} → ${s.parked}${s.parked === cases[i].want ? '' : ` (expected ${cases[i].want})`}`);
          return { ok: obs.seen.every((/** @type {any} */ s, /** @type {number} */ i) => s.parked === cases[i].want), detail: text.join('; ') };
        },
      },
    };
  },
});
