#!/usr/bin/env node
// What `loop.worker-keeps-responsive` read of its server's main thread, over
// saved records: per group of records, its trials' CPU beyond their /light
// answers (mainExcess: as a share of the main thread's own CPU and of the
// window), the main thread's time asleep in the window (neither on a CPU nor
// waiting for one), the share of the harness's looks there that found it
// asleep outside its loop's poll (mainAsleep), and what the claim's own
// structural check made of the parts "the main thread did no other work"
// (past its bounds: a fail, or contested beside busy neighbours) and "did
// not sleep outside its loop's poll". Nothing is measured.
//
//   node bench/loop-readings.js LABEL=PATH [LABEL=PATH ...] [--out FILE]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { argv, exit } from 'node:process';
import { recordsIn } from './lib/records.js';
import { groupsTable, range } from './lib/groups.js';
import { mainExcess, mainAsleep } from '../harness/kits/workers.js';
import { machineFromRecord } from '../harness/machine.js';
import spec, { MAIN_IDLE, MAIN_AWAKE } from '../specs/workers/loop.worker-keeps-responsive.spec.js';

const HELP = `Usage: node bench/loop-readings.js LABEL=PATH [LABEL=PATH ...] [--out FILE]

For every loop.worker-keeps-responsive trial in the result record PATH, or
in the records (*.json) of the folder PATH (not its subfolders), grouped
under LABEL: how many, the main
thread's CPU beyond its /light answers as a share of its own CPU and of the
heavy window (ranges), its time asleep in the window (range), and how many
trials the claim's structural check failed or contested on the part "the
main thread did no other work"; then the share of the harness's looks
inside the window that found it asleep outside its loop's poll and the
longest run of them in a row, in ms (ranges, over the trials that have
them), how many trials failed on "did not sleep", and how many had looks
that cannot say (a pass held back). A Markdown table, to stdout or FILE.

Options:
  --out FILE   write the table to FILE
  -h, --help   show this help`;

/**
 * The trials of the loop claim in one record, each with the claim's
 * structural check as planned on the machine it ran on.
 * @param {any} record
 */
export function loopTrials(record) {
  const result = (record.results ?? []).find((/** @type {any} */ r) => r.id === spec.id);
  if (!result) return [];
  const check = /** @type {any} */ (spec.plan(machineFromRecord(record))).structural.check;
  return (result.samples ?? []).map((/** @type {any} */ s) => ({ obs: s.obs ?? s, check }));
}

/**
 * One trial's readings, and what the check made of its main-thread parts;
 * null where the trial has no heavy window. The CPU readings (share,
 * windowShare) are null where mainExcess cannot price an answer, the looks'
 * (looksAsleep; longestMs, the longest run of looks in a row that found it
 * asleep, from the first to the last, 0 where none was) where nobody looked
 * or the looks cannot say (unreadLooks: they then hold back a pass).
 * @param {{ obs: any, check: (obs: any) => any }} t
 */
export function reading({ obs, check }) {
  const h = obs.server?.heavy;
  if (!h) return null;
  const excess = mainExcess(obs);
  const checked = check(obs);
  const partNamed = (/** @type {string} */ name) =>
    (checked.parts ?? []).find((/** @type {any} */ p) => p.name === name);
  const part = partNamed(MAIN_IDLE);
  const past = Boolean(part) && !part.ok;
  const looks = mainAsleep(obs);
  const slept = looks && 'share' in looks ? looks : null;
  const awake = partNamed(MAIN_AWAKE);
  const asleep =
    typeof h.mainWaitDuringMs === 'number' && typeof h.mainCpuDuringMs === 'number'
      ? (h.handlerMs - h.mainCpuDuringMs - h.mainWaitDuringMs) / h.handlerMs
      : null;
  return {
    share: excess?.share ?? null,
    windowShare: excess?.windowShare ?? null,
    asleep,
    fails: past && !checked.invalid,
    contested: past && Boolean(checked.invalid),
    looksAsleep: slept?.share ?? null,
    longestMs: slept ? Math.max(0, ...slept.runs.map((r) => r.ms)) : null,
    failsAsleep: Boolean(awake) && !awake.ok && !checked.invalid,
    unreadLooks: Boolean(looks && 'unread' in looks),
  };
}

/** @param {string} path  a record, or a folder of them */
function readingsIn(path) {
  const out = [];
  for (const record of recordsIn(path))
    for (const t of loopTrials(record)) {
      const r = reading(t);
      if (r) out.push(r);
    }
  return out;
}

function main() {
  const header = [
    '| records | trials | excess / own CPU | excess / window | asleep / window | failed on it | contested on it | looks asleep outside its poll | longest in a row (ms) | failed on that | looks that cannot say |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  return groupsTable('loop-readings', HELP, argv.slice(2), header, (label, path) => {
    const rs = readingsIn(path);
    /** @param {(r: any) => number | null} f */
    const read = (f) => /** @type {number[]} */ (rs.map(f).filter((x) => x !== null));
    const count = (/** @type {(r: any) => boolean} */ f) => rs.filter(f).length;
    return `| ${label} | ${rs.length} | ${range(read((r) => r.share))} | ${range(read((r) => r.windowShare))} | ${range(read((r) => r.asleep))} | ${count((r) => r.fails)} | ${count((r) => r.contested)} | ${range(read((r) => r.looksAsleep))} | ${range(read((r) => r.longestMs))} | ${count((r) => r.failsAsleep)} | ${count((r) => r.unreadLooks)} |`;
  });
}

if (argv[1] && fileURLToPath(import.meta.url) === path.resolve(argv[1])) exit(main());
