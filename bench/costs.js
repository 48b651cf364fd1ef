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
import {
  MODEL_CORES,
  ceiling,
  predictedRatio,
  truthByCores,
  lightGenerators,
  costRuns,
} from '../harness/kits/throughput-model.js';
import { MARGIN } from '../harness/kits/abba.js';

export { MODEL_CORES, ceiling };

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
      const med = (/** @type {(r: any) => number | null | undefined} */ f, from = runs) => {
        const xs = from.map(f).filter((x) => typeof x === 'number' && Number.isFinite(x));
        return xs.length ? median(xs) : null;
      };
      const warm = costRuns(runs);
      const server = med((r) => r.cost.serverUs, warm);
      const primary = med((r) => r.cost.primaryUs, warm);
      rows.push({
        claim: result.id,
        arm: label,
        variant,
        workers: runs[0].workers ?? 0,
        role: runs[0].arm ?? null,
        blocks: runs.length,
        throughput: med((r) => r.throughput),
        serverUs: server,
        primaryUs: primary,
        generatorUs: med((r) => r.cost.generatorUs, warm),
        p50: med((r) => r.latency?.p50),
        p99: med((r) => r.latency?.p99),
        perCore: server === null ? null : 1e6 / (server + (primary ?? 0)),
      });
    }
  }
  return rows;
}

/** A gain under this factor counts as none (the specs' ±ln 1.1 noise band). */
const NO_GAIN = Math.exp(MARGIN);

/**
 * What each throughput claim's arms, at the costs measured here, predict on C
 * cores: the ratio B / A and whether the claim holds there (slower-on-light:
 * the cluster gains less than ×1.1; faster-on-heavy: it gains more than
 * ×1.1; workers-equal-cores: 2C workers within ×1.1 of C). Worker counts and
 * generator processes follow each claim's own rule on every C.
 * @param {ReturnType<typeof costRows>} rows @param {readonly number[]} [cores]
 */
export function costModel(rows, cores = MODEL_CORES) {
  /** @type {Record<string, { workers: (C: number) => [number, number], generators: (C: number) => number, holds: (ratio: number) => boolean, words: string }>} */
  const claims = {
    'cluster.slower-on-light': {
      workers: (C) => [0, Math.max(2, C)],
      generators: lightGenerators,
      holds: (x) => x < NO_GAIN,
      words: 'cluster no faster than ×1.1',
    },
    'cluster.faster-on-heavy': {
      workers: (C) => [0, Math.max(2, C)],
      generators: () => 1,
      holds: (x) => x > NO_GAIN,
      words: 'cluster faster than ×1.1',
    },
    // its F arm (⌊C/2⌋ workers, the gain over fewer) is read by the spec's own model, not here
    'cluster.workers-equal-cores': {
      workers: (C) => [C, 2 * C],
      generators: () => 1,
      holds: (x) => Math.abs(Math.log(x)) < MARGIN,
      words: '2C workers within ×1.1 of C',
    },
  };
  const out = [];
  const keys = [...new Set(rows.map((r) => `${r.claim}\u0000${r.variant}`))];
  for (const key of keys) {
    const [claim, variant] = key.split('\u0000');
    const rule = claims[claim];
    const arms = rows.filter((r) => r.claim === claim && r.variant === variant);
    const A = arms.find((r) => r.role === 'A');
    const B = arms.find((r) => r.role === 'B');
    if (!rule || !A || !B || A.serverUs === null || B.serverUs === null) continue;
    const cost = (/** @type {any} */ r) => ({
      serverUs: r.serverUs,
      primaryUs: r.primaryUs,
      generatorUs: r.generatorUs,
    });
    const { cells } = truthByCores(
      (C) => predictedRatio({ A: cost(A), B: cost(B) }, rule.workers(C), C, rule.generators(C)),
      rule.holds,
      cores,
    );
    out.push({ claim, variant, words: rule.words, cells });
  }
  return out;
}

/** @param {ReturnType<typeof costModel>} model */
export function modelTable(model) {
  if (!model.length) return '';
  const cores = model[0].cells.map((c) => c.C);
  return [
    `| claim | load | holds when | ${cores.map((C) => `C=${C}`).join(' | ')} |`,
    `|---|---|---|${cores.map(() => '---:').join('|')}|`,
    ...model.map(
      (m) =>
        `| ${m.claim} | ${m.variant === 'main' ? '' : m.variant} | ${m.words} | ${m.cells.map((c) => `${c.ratio.toFixed(2)} ${c.holds ? 'holds' : '**not**'}`).join(' | ')} |`,
    ),
  ].join('\n');
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
    const model = modelTable(costModel(rows));
    if (model)
      parts.push(
        "Each claim read from these costs on C cores: the ratio of the two arms' throughput ceilings (cluster / single, or 2C / C workers), generator on the same host:",
        '',
        model,
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
