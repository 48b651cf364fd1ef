#!/usr/bin/env node
// What `loop.pool-apis-block` read of async gzip's hold of the loop, over
// saved records: per group of records, its trials' CPU in the stretch async
// gzip resolved in (where its result is concatenated), that stretch's page
// faults and resident growth, the price of a fresh page the fixture
// measured, the longest hold once its result's pages are priced out
// (heldFree's netMs), the bound, and how many trials the hold read against.
// Nothing is measured.
//
//   node bench/gzip-pages.js LABEL=PATH [LABEL=PATH ...] [--out FILE]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { argv, exit } from 'node:process';
import { recordsIn } from './lib/records.js';
import { groupsTable, range } from './lib/groups.js';
import spec, { heldFree } from '../specs/workers/loop.pool-apis-block.spec.js';

const HELP = `Usage: node bench/gzip-pages.js LABEL=PATH [LABEL=PATH ...] [--out FILE]

For every loop.pool-apis-block trial in the result record PATH, or in the
records (*.json) of the folder PATH (not its subfolders), grouped under
LABEL: how many trials carry the page readings, the main thread's CPU in
the stretch async gzip resolved in, its page faults and the process's
resident pages gained there, the price of a fresh page (µs), the longest
hold with the result's pages priced out (ms), gzipSync's CPU, and how many
trials read a hold past the bound (against). Ranges. A Markdown table, to
stdout or FILE.

Options:
  --out FILE   write the table to FILE
  -h, --help   show this help`;

/**
 * One trial's page readings and what heldFree made of them; null where the
 * trial has none (records before they were read, off Linux).
 * @param {any} obs
 */
export function pageReading(obs) {
  const last = obs?.gzip?.held?.last;
  const syncMs = obs?.gzipSync?.mainCpuMs;
  if (!last || typeof syncMs !== 'number') return null;
  const judged = heldFree(obs.gzip, syncMs, { fresh: true, faultCpuUs: obs.faultCpuUs });
  return {
    cpuMs: last.cpuMs,
    faults: last.faults,
    grown: last.grown,
    priceUs: typeof obs.faultCpuUs === 'number' ? obs.faultCpuUs : null,
    netMs: judged?.paged?.netMs ?? null,
    syncMs,
    against: Boolean(judged && !judged.ok && !judged.contested),
  };
}

/** @param {string} p  a record, or a folder of them */
function readingsIn(p) {
  const out = [];
  for (const record of recordsIn(p)) {
    const result = (record.results ?? []).find((/** @type {any} */ r) => r.id === spec.id);
    for (const s of result?.samples ?? []) {
      const r = pageReading(s.obs ?? s);
      if (r) out.push(r);
    }
  }
  return out;
}

function main() {
  const header = [
    '| records | trials | CPU in its last stretch (ms) | page faults | resident pages gained | a page’s price (µs) | longest hold, pages out (ms) | gzipSync (ms) | against |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  return groupsTable('gzip-pages', HELP, argv.slice(2), header, (label, p) => {
    const rs = readingsIn(p);
    /** @param {(r: any) => number | null} f */
    const read = (f) => /** @type {number[]} */ (rs.map(f).filter((x) => x !== null));
    return `| ${label} | ${rs.length} | ${range(read((r) => r.cpuMs))} | ${range(read((r) => r.faults))} | ${range(read((r) => r.grown))} | ${range(read((r) => r.priceUs))} | ${range(read((r) => r.netMs))} | ${range(read((r) => r.syncMs))} | ${rs.filter((r) => r.against).length} |`;
  });
}

if (argv[1] && fileURLToPath(import.meta.url) === path.resolve(argv[1])) exit(main());
