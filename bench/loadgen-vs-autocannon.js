#!/usr/bin/env node
// Our load generator (harness/kits/loadgen.js) against autocannon, in one run:
// one http-server fixture pinned to CPU 0, both generators pinned to CPU 1,
// rounds interleaved (order alternated per round: AB BA AB …) so drift hits
// both alike. Prints per-round throughput and CPU ms per request, medians,
// and the ratios ours/autocannon. Bounded: stops starting runs before 58 s.
//
//   node bench/loadgen-vs-autocannon.js [--rounds 6] [--duration-ms 1000] [--connections 10] [--pipelining 1]
//
// The same file is also the autocannon child (argv[2] is JSON then), so that
// autocannon's CPU is its own process's, like ours. autocannon samples every
// 100 ms (sampleInt) so that it stops within 0.1 s of the duration, as ours does.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { startFixture, killAll } from '../harness/isolate.js';
import { runLoad } from '../harness/kits/loadgen.js';
import { allowedCpus } from '../harness/machine.js';

const require = createRequire(import.meta.url);
const SELF = fileURLToPath(import.meta.url);
const BUDGET_MS = 58_000;

if (process.argv[2]?.startsWith('{')) autocannonChild();
else await main().finally(killAll);

/** Child: one autocannon run with the programmatic API; reports its own CPU. */
function autocannonChild() {
  const report = require('../fixtures/lib/report.cjs');
  const autocannon = require('autocannon');
  const o = report.options();
  const cpu0 = process.cpuUsage();
  autocannon(
    {
      url: `${o.origin}/light`,
      connections: o.connections,
      pipelining: o.pipelining,
      duration: o.durationMs / 1000,
      sampleInt: 100,
      reconnectRate: o.keepAlive ? 0 : 1,
    },
    (/** @type {any} */ err, /** @type {any} */ r) => {
      if (err) return report.fail(err);
      const c = process.cpuUsage(cpu0);
      // With reconnectRate, autocannon 8 resets the socket in place of emitting the response,
      // so requests.total stays 0; count requests sent then (at most `connections` still in flight at the stop).
      report.done({
        requests: o.keepAlive ? r.requests.total : r.requests.sent,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        seconds: r.duration,
        cpuMs: (c.user + c.system) / 1000,
      });
    },
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '6' },
      'duration-ms': { type: 'string', default: '1000' },
      connections: { type: 'string', default: '10' },
      pipelining: { type: 'string', default: '1' },
    },
  });
  const rounds = Number(values.rounds);
  const durationMs = Number(values['duration-ms']);
  const connections = Number(values.connections);
  const pipelining = Number(values.pipelining);
  if (![rounds, durationMs, connections, pipelining].every((x) => Number.isInteger(x) && x > 0))
    throw new Error('--rounds, --duration-ms, --connections, --pipelining take positive integers');
  const began = performance.now();
  const allowed = allowedCpus();
  const pin = hasTaskset() && allowed !== null && allowed.length >= 2;
  const [serverCpus, genCpus] = pin ? [[allowed[0]], [allowed[1]]] : [null, null];
  console.log(
    `node ${process.version}; server ${pin ? `on CPU ${serverCpus}` : 'unpinned'}, generators ${pin ? `on CPU ${genCpus}` : 'unpinned (no taskset or < 2 CPUs)'}; ` +
      `${rounds} rounds × ${durationMs} ms, ${connections} connections, pipelining ${pipelining}`,
  );
  process.on('SIGINT', () => (killAll(), process.exit(130)));
  const ctx = {
    start: (/** @type {string} */ f, /** @type {any} */ o) =>
      startFixture({
        node: process.execPath,
        fixture: f,
        options: o.options,
        cpus: o.cpus ?? null,
        timeoutMs: o.timeoutMs,
      }),
  };
  for (const keepAlive of [true, false]) {
    const server = startFixture({
      node: process.execPath,
      fixture: 'http-server.cjs',
      cpus: serverCpus,
      timeoutMs: BUDGET_MS,
    });
    const origin = `http://127.0.0.1:${(await server.ready).port}`;
    const rows = [];
    let stoppedEarly = false;
    for (let r = 0; r < rounds; r++) {
      if (performance.now() - began + 2 * (durationMs + 1500) > BUDGET_MS) {
        stoppedEarly = true;
        break;
      }
      /** @type {Record<string, { thr: number, cpuPerReq: number, errors: number }>} */
      const row = {};
      for (const tool of r % 2 ? ['autocannon', 'ours'] : ['ours', 'autocannon']) {
        if (tool === 'ours') {
          const l = await runLoad(ctx, {
            origin,
            connections,
            pipelining,
            keepAlive,
            requests: 1e9,
            durationMs,
            cpus: genCpus,
          });
          const errors = Object.values(l.errors).reduce((a, b) => a + b, 0);
          row.ours = { thr: l.throughput, cpuPerReq: (l.cpu.userMs + l.cpu.systemMs) / l.requests, errors };
        } else {
          const { data: a } = await startFixture({
            node: process.execPath,
            fixture: SELF,
            options: { origin, connections, pipelining, keepAlive, durationMs },
            cpus: genCpus,
            timeoutMs: durationMs + 15_000,
          }).result;
          row.autocannon = {
            thr: a.requests / a.seconds,
            cpuPerReq: a.cpuMs / a.requests,
            errors: a.errors + a.non2xx,
          };
        }
      }
      rows.push(row);
    }
    const seen = (await server.stop()).data;
    printPass({ keepAlive, rows, seen, stoppedEarly });
  }
  console.log(`total ${((performance.now() - began) / 1000).toFixed(1)} s`);
}

/** @param {{ keepAlive: boolean, rows: any[], seen: { requests: number, connections: number }, stoppedEarly: boolean }} o */
function printPass({ keepAlive, rows, seen, stoppedEarly }) {
  const f = (/** @type {number} */ x, d = 0) => x.toFixed(d).padStart(9);
  console.log(`\nkeep-alive ${keepAlive ? 'on' : 'off (ours: connection: close; autocannon: reconnectRate 1)'}`);
  console.log(
    `round  ${'ours req/s'.padStart(10)} ${'ac req/s'.padStart(9)}   ${'ours µs/req'.padStart(11)} ${'ac µs/req'.padStart(9)}  (CPU per request)`,
  );
  rows.forEach((r, i) =>
    console.log(
      `${String(i + 1).padStart(5)}  ${f(r.ours.thr).padStart(10)} ${f(r.autocannon.thr)}   ${f(r.ours.cpuPerReq * 1000, 1).padStart(11)} ${f(r.autocannon.cpuPerReq * 1000, 1)}`,
    ),
  );
  const med = (/** @type {number[]} */ xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const m = (/** @type {'ours' | 'autocannon'} */ t, /** @type {'thr' | 'cpuPerReq'} */ k) =>
    med(rows.map((r) => r[t][k]));
  if (!rows.length) return console.log('no rounds ran (time budget)');
  console.log(
    `median ${f(m('ours', 'thr')).padStart(10)} ${f(m('autocannon', 'thr'))}   ${f(m('ours', 'cpuPerReq') * 1000, 1).padStart(11)} ${f(m('autocannon', 'cpuPerReq') * 1000, 1)}`,
  );
  const pairedThr = med(rows.map((r) => r.ours.thr / r.autocannon.thr));
  const pairedCpu = med(rows.map((r) => r.ours.cpuPerReq / r.autocannon.cpuPerReq));
  console.log(
    `ours/autocannon: throughput ${(m('ours', 'thr') / m('autocannon', 'thr')).toFixed(2)} (median of per-round ratios ${pairedThr.toFixed(2)}), ` +
      `CPU per request ${(m('ours', 'cpuPerReq') / m('autocannon', 'cpuPerReq')).toFixed(2)} (per-round ${pairedCpu.toFixed(2)})`,
  );
  const errors = rows.reduce((a, r) => a + r.ours.errors + r.autocannon.errors, 0);
  console.log(
    `server saw ${seen.requests} requests on ${seen.connections} connections (${(seen.connections / seen.requests).toFixed(3)} per request); errors/non-2xx ${errors}` +
      (stoppedEarly ? `; stopped after ${rows.length} rounds (time budget)` : ''),
  );
}

function hasTaskset() {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}
