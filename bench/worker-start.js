#!/usr/bin/env node
// @ts-check
// What a Worker thread's start costs its own thread, read from /proc as
// main-thread.single reads the threads of its fixture (startedActivity): the
// CPU (schedstat) and the minor page faults (task stat) of the new thread once
// the Worker has said it is ready and waits in Atomics.wait, outside its event
// loop. main-thread.single's bounds (BESIDE_POOL: 20 ms, 1 024 faults) are set
// against these figures. Run it under each Node: `path/to/node bench/worker-start.js`.
import { Worker } from 'node:worker_threads';
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';

const HELP = `Usage: node bench/worker-start.js [--runs N] [--small]

Starts a Worker N times (default 4), one at a time, each waiting in
Atomics.wait once ready, and prints the CPU and minor page faults its thread
took (Linux). With --small, every other start asks for the smallest
resourceLimits Node allows (a young generation of 1 MiB, an old one of 8).`;

/** @param {number} tid */
function readThread(tid) {
  const cpuMs = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  const faults = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]); // minflt, the stat's tenth field
  return { cpuMs, faults };
}

/** @param {boolean} small */
async function startOne(small) {
  const before = new Set(readdirSync('/proc/self/task'));
  const cmd = new Int32Array(new SharedArrayBuffer(4));
  const body = `const { parentPort, workerData } = require('node:worker_threads');
const cmd = new Int32Array(workerData);
parentPort.postMessage('ready');
Atomics.wait(cmd, 0, 0);`;
  const w = new Worker(body, {
    eval: true,
    execArgv: [],
    workerData: cmd.buffer,
    ...(small && { resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8, codeRangeSizeMb: 1 } }),
  });
  await new Promise((resolve) => w.once('message', resolve));
  // the thread Node started for it: the one new thread that took the most CPU
  const fresh = readdirSync('/proc/self/task')
    .filter((t) => !before.has(t))
    .map((t) => ({ tid: Number(t), ...readThread(Number(t)) }))
    .sort((a, b) => b.cpuMs - a.cpuMs)[0];
  Atomics.store(cmd, 0, 1);
  Atomics.notify(cmd, 0);
  await w.terminate();
  return fresh;
}

const { values } = parseArgs({
  options: { runs: { type: 'string' }, small: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const runs = values.runs === undefined ? 4 : Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`worker-start: --runs must be a positive whole number, not ${JSON.stringify(values.runs)}`);
  process.exit(2);
}
if (process.platform !== 'linux') {
  console.error('worker-start: reads /proc/self/task: Linux only');
  process.exit(2);
}
const rows = [];
for (let i = 0; i < runs; i++) {
  const small = Boolean(values.small) && i % 2 === 1;
  const got = await startOne(small);
  rows.push(got);
  console.log(
    `${process.version}${small ? ' small' : ''}: ${got ? `${got.cpuMs.toFixed(1)} ms of CPU, ${got.faults} page faults` : 'no new thread seen'}`,
  );
}
const seen = rows.filter((r) => r !== undefined);
if (seen.length)
  console.log(
    `${process.version}: ${seen.length} starts, ${Math.min(...seen.map((r) => r.cpuMs)).toFixed(1)}–${Math.max(...seen.map((r) => r.cpuMs)).toFixed(1)} ms of CPU, ${Math.min(...seen.map((r) => r.faults))}–${Math.max(...seen.map((r) => r.faults))} page faults`,
  );
