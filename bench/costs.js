#!/usr/bin/env node
// What a request costs, per arm of every throughput claim: from saved
// records, the medians over a claim's ABBA blocks of each arm's throughput,
// the CPU time per answered request of the processes that serve it (the one
// process, or the cluster's workers together), of a cluster's primary (which
// accepts each new connection and hands it to a worker) and of the load
// generator, and the latency percentiles. The last column is the throughput
// one core would give at that server cost: the cost-based reading of the
// claims, independent of how fast the generator is.
//
//   node bench/costs.js [--from FILE ...] [--out FILE]
//
// Default: reports/latest.json.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBenchArgs } from './lib/args.js';
import { median } from '../harness/stats.js';

const HELP = `Usage: node bench/costs.js [--from FILE ...] [--out FILE]

Tabulates, from result records, what one request cost each side of every
throughput claim's loads (CPU µs per answered request: the serving processes,
a cluster's primary, the load generator), with throughput and latency, as
medians over the claim's ABBA blocks.

Options:
  --from FILE    a result record (repeatable; default reports/latest.json)
  --out FILE     also write the Markdown to FILE
  -h, --help     this help
`;

/**
 * Per claim, per (arm, variant): the medians over its blocks.
 * @param {any} record
 */
export function costRows(record) {
  const rows = [];
  for (const result of record.results ?? []) {
    const blocks = (result.samples ?? []).filter((/** @type {any} */ s) => Array.isArray(s?.runs));
    /** @type {Map<string, any[]>} */
    const groups = new Map();
    for (const b of blocks)
      for (const run of b.runs) {
        if (!run.cost) continue; // a record from before costs were kept
        const key = `${run.label}\u0000${run.variant}`;
        groups.set(key, [...(groups.get(key) ?? []), run]);
      }
    for (const [key, runs] of groups) {
      const [label, variant] = key.split('\u0000');
      const med = (/** @type {(r: any) => number | null | undefined} */ f) => {
        const xs = runs.map(f).filter((x) => typeof x === 'number' && Number.isFinite(x));
        return xs.length ? median(xs) : null;
      };
      const server = med((r) => r.cost.serverUs);
      const primary = med((r) => r.cost.primaryUs);
      rows.push({
        claim: result.id,
        arm: label,
        variant,
        blocks: runs.length,
        throughput: med((r) => r.throughput),
        serverUs: server,
        primaryUs: primary,
        generatorUs: med((r) => r.cost.generatorUs),
        p50: med((r) => r.latency?.p50),
        p99: med((r) => r.latency?.p99),
        perCore: server === null ? null : 1e6 / (server + (primary ?? 0)),
      });
    }
  }
  return rows;
}

/** @param {ReturnType<typeof costRows>} rows */
export function costTable(rows) {
  const n = (/** @type {number | null} */ x, d = 0) => (x === null ? '–' : x.toFixed(d));
  return [
    '| claim | arm | load | blocks | req/s | server µs/req | primary µs/req | generator µs/req | p50 ms | p99 ms | req/s per core at that cost |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.claim} | ${r.arm} | ${r.variant === 'main' ? '' : r.variant} | ${r.blocks} | ${n(r.throughput)} | ${n(r.serverUs)} | ${n(r.primaryUs)} | ${n(r.generatorUs)} | ${n(r.p50, 2)} | ${n(r.p99, 2)} | ${n(r.perCore)} |`,
    ),
  ].join('\n');
}

export async function main(argv = process.argv.slice(2), { stdout = process.stdout, stderr = process.stderr } = {}) {
  const parsed = parseBenchArgs(
    'costs',
    argv,
    {
      from: { type: 'string', multiple: true },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    stderr,
  );
  if (!parsed) return 2;
  const { values: v } = parsed;
  if (v.help) return (void stdout.write(HELP), 0);
  const files = v.from?.length ? v.from : ['reports/latest.json'];
  const parts = [];
  for (const file of files) {
    let record;
    try {
      record = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      stderr.write(`costs: cannot read ${file}: ${/** @type {Error} */ (err).message}\n`);
      return 2;
    }
    const rows = costRows(record);
    const env = record.environment ?? {};
    parts.push(
      `\`node bench/costs.js --from ${file}\`: node ${String(env.node?.version ?? '?').replace(/^v/, '')}, C=${record.profile?.cores ?? '?'}`,
      '',
      rows.length ? costTable(rows) : '(no throughput blocks with costs in this record)',
      '',
    );
  }
  const text = ['## What a request costs', '', ...parts].join('\n');
  stdout.write(`${text}\n`);
  if (v.out) writeFileSync(v.out, `${text}\n`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  main().then((code) => (process.exitCode = code));
