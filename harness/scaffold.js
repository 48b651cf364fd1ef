// @ts-check
// The text of a new spec (and fixture), every field explained in a comment.
// As written, it checks a real and trivially true claim (each trial's fixture
// runs in a fresh process), so a scaffold lints clean and runs before its
// author changes anything.
import { AREAS } from './spec.js';

/** Which built-in area an id prefix belongs to (`new` uses it when --area is not given). */
export const PREFIX_AREAS = Object.freeze({
  pool: 'threadpool',
  'main-thread': 'threadpool',
  net: 'network',
  dns: 'network',
  loop: 'workers',
  workers: 'workers',
  cluster: 'cluster',
  fs: 'threadpool',
  http: 'network',
  worker: 'workers',
  os: 'os',
});

/**
 * @typedef {object} ScaffoldInput
 * @property {string} id
 * @property {string} area
 * @property {boolean} builtIn   the built-in catalogue (relative imports, fixture under fixtures/) or a claim pack
 * @property {boolean} fixture   write a fixture stub too
 */

/**
 * The fixture stub. In the repository it uses fixtures/lib/report.cjs; in a
 * claim pack it carries the few lines of the runner contract itself.
 * @param {ScaffoldInput} o
 */
export function fixtureText({ id, builtIn }) {
  const contract = builtIn
    ? `const report = require('./lib/report.cjs');

// Options from the spec's c.run(file, { options }), plus tmpdir: a scratch dir.
const options = report.options();
`
    : `// The runner contract: options arrive as JSON in argv[2]; answer with one IPC
// message, { type: 'result', data } or { type: 'error', message }, then exit.
// (Run by hand, without IPC, it prints the message instead.)
const send = (message, code) =>
  typeof process.send === 'function' ? process.send(message, () => process.exit(code)) : (console.log(JSON.stringify(message)), process.exit(code));
const report = {
  done: (data) => send({ type: 'result', data }, 0),
  fail: (err) => send({ type: 'error', message: String((err && err.message) || err) }, 1),
};
process.on('uncaughtException', report.fail);
process.on('unhandledRejection', report.fail);
process.on('disconnect', () => process.exit(1)); // the harness went away

const options = JSON.parse(process.argv[2] || '{}');
`;
  return `'use strict';
// The program under test for ${id}. The harness runs it in a fresh child
// process for every trial, with a clean environment (NODE_OPTIONS and
// UV_THREADPOOL_SIZE cleared unless the run's --env or the spec sets them),
// and waits for one message. Measure here; judge in the spec. Report raw observations (times,
// thread ids, counts), not verdicts.
${contract}
const startedAt = Date.now();
// ... the work to observe goes here (start timers before, read them after) ...

report.done({
  pid: process.pid, // the spec checks that every trial is a new process
  ppid: process.ppid,
  startedAt, // ms since the epoch, from this process's clock
  uptimeMs: Math.round(process.uptime() * 1000),
  node: process.versions.node,
  tmpdir: options.tmpdir ?? null,
});
`;
}

/**
 * The spec file.
 * @param {ScaffoldInput} o
 */
export function specText({ id, area, builtIn, fixture }) {
  const imports = builtIn
    ? `import { defineSpec } from '../../harness/spec.js';`
    : fixture
      ? `import { fileURLToPath } from 'node:url';\nimport { defineSpec } from 'node-concurrency-spec';`
      : `import { defineSpec } from 'node-concurrency-spec';`;
  const run = fixture
    ? builtIn
      ? `// One trial: run the fixture (fixtures/${id}.cjs) in a fresh child process
      // and return what it reported (any JSON). c.run(file, { options, env,
      // execArgv, timeoutMs }); a file name is looked up under fixtures/.
      trial: (c) => c.run('${id}.cjs'),`
      : `// One trial: run the fixture next to this file in a fresh child process and
      // return what it reported (any JSON). c.run(file, { options, env,
      // execArgv, timeoutMs }) takes an absolute path (or a built-in fixture's name).
      trial: (c) => c.run(FIXTURE),`
    : `// One trial: run a fixture in a fresh child process and return what it
      // reported (any JSON). This uses a built-in one, fixtures/main-thread.cjs,
      // which reports its pid among other things; \`new ${id} --fixture\`
      // scaffolds a fixture of your own. c.run(file, { options, env, execArgv, timeoutMs }).
      trial: (c) => c.run('main-thread.cjs'),`;
  const areaNote = builtIn
    ? `The folder this file is in: ${AREAS.join(', ')}.`
    : 'The folder this file is in (a claim pack may name its own areas; a flat file may use any).';
  const kits = builtIn ? "'../../harness/kits/<name>.js'" : "'node-concurrency-spec/kits/<name>'";
  const sourceNote = builtIn
    ? `// Where the claim is made: a source of the catalogue (the table in
  // harness/sources.js) or an https:// address; the section; and the source's own
  // figures, quoted with its machine (or null).`
    : `// Where the claim is made: an https:// address or a file in this claim pack
  // (or one of the catalogue's sources); the section; and the source's own
  // figures, quoted with its machine (or null).`;
  return `// ${id}: one claim, checked by measurement. Each field is explained in a
// comment: replace the values with your claim's (CONTRIBUTING.md walks
// through it). As scaffolded it checks something real and trivially true (every
// trial runs in a fresh process), so it lints clean and runs as it is.
${imports}
${fixture && !builtIn ? `\nconst FIXTURE = fileURLToPath(new URL('./${id}.fixture.cjs', import.meta.url));\n` : ''}
export default defineSpec({
  // <prefix>.<name> in lowercase words joined by '-'. It must equal this
  // file's name without .spec.js (or .spec.mjs), and be unique.
  id: '${id}',
  // One line of at most 100 characters, shown in every report.
  title: 'Each trial runs its fixture in a fresh process',
  // ${areaNote}
  area: '${area}',
  // The claim as the source makes it, in our words: one or two sentences.
  claim: 'The harness runs every trial in a new child process, never in its own process or in an earlier trial’s.',
  // What is really true, as measured. For a claim you expect to be refuted,
  // start with 'Refuted:' and say what holds instead.
  truth: 'True: each trial spawns a new process (node:child_process), so nothing carries over between trials.',
  // 'holds': the measurement should confirm the claim as stated. 'refuted':
  // it should show the claim false. A plan may override it on one machine
  // (return expected: 'refuted' from plan), e.g. a speed-up on one core.
  expected: 'holds',
  // Optional tags (TAGS in ${builtIn ? 'harness/spec.js' : "node-concurrency-spec's exports"}): structural, timing, throughput,
  // fifo-probe, thread-accounting, load, env, dns, version, bounded-wait, mostly-waits.
  tags: ['structural'],
  // Optional: the Node versions the claim applies to, as a range such as
  // '>=22' or '20.x || >=24'. Under any other version it is skipped.
  // node: '>=20',
  // Optional preconditions: 'linux' (needs /proc), 'posix' (needs named
  // pipes). Where one is not met, the spec is skipped and says why.
  requires: [],
  ${sourceNote}
  source: { file: 'https://nodejs.org/api/child_process.html', section: 'Child process', figures: null },
  // The plan, made once per run for this machine. ctx.cores is C (effective
  // cores), ctx.node the Node under test ({ version, major }), ctx.platform,
  // ctx.pbkdf2 a calibrated unit of pool work ({ iterations, taskMs }). The
  // measurement kits the built-in specs use (pool, model, workers, cluster,
  // abba, network, loadgen) can be imported from ${kits}.
  plan: (ctx) => {
    const pids = new Set();
    return {
      // What the model expects on this machine, in words, with its numbers.
      summary: \`Every trial's fixture reports a process id of its own: not the harness's (\${process.pid}) and not an earlier trial's; \${ctx.platform}, C=\${ctx.cores}.\`,
      // The model's prediction as data (shown in reports), or leave it out.
      model: { newProcessPerTrial: true },
      ${run}
      // Timing-free evidence: a yes/no per trial with a one-line detail. It
      // passes after \`need\` agreeing trials, fails when trials contradict
      // the claim, and is inconclusive when undecided after \`cap\` trials.
      structural: {
        need: 2,
        check(obs) {
          const fresh = obs.pid !== process.pid && !pids.has(obs.pid);
          pids.add(obs.pid);
          return { ok: fresh, detail: \`fixture ran as pid \${obs.pid} (harness \${process.pid}): \${fresh ? 'a new process' : 'not a new process'}\` };
        },
      },
      // Timing evidence, for a claim about speed: a ratio measured inside one
      // trial; the model's value if the claim holds and for its nearest wrong
      // alternatives; the boundary sits halfway. With both channels, structure
      // decides and timing must agree or stay undecided (see INTERPRETING.md).
      // timing: {
      //   statistic: 'L',
      //   description: 'lag of the last task, (t5 - t4) / t5',
      //   claim: 0.33,                 // the model's value if the claim holds
      //   alternatives: { 'P=5': 0 },  // ... and if it does not
      //   looks: TIMING_LOOKS,         // trials at which to decide (5, 9, 15, 21): import it from harness/verdict.js
      //   alpha: 0.01,                 // false-fail budget, spent over the looks
      //   value: (obs) => (obs.t[4] - obs.t[3]) / obs.t[4],
      // },
    };
  },
});
`;
}
