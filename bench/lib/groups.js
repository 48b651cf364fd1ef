// The command line of the bench scripts that tabulate saved records by group
// (LABEL=PATH ...): one table row per group, to stdout or --out FILE.
import { writeFileSync } from 'node:fs';
import { stdout, stderr } from 'node:process';
import { parseBenchArgs } from './args.js';

/**
 * Parse `argv` (LABEL=PATH ... [--out FILE] [-h]), and print `header` with
 * one row per group, `rowOf(label, path)`; an error reading a group is its
 * path's one-line error. The exit code: 0, or 2 on bad arguments or a group
 * not read.
 * @param {string} name  the script's name, for its errors
 * @param {string} help
 * @param {string[]} argv
 * @param {string[]} header  the table's first lines
 * @param {(label: string, path: string) => string} rowOf
 */
export function groupsTable(name, help, argv, header, rowOf) {
  const args = parseBenchArgs(name, argv, { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, stderr);
  if (!args) return 2;
  if (args.values.help) {
    stdout.write(`${help}\n`);
    return 0;
  }
  const groups = args.positionals.map((p) => {
    const at = p.indexOf('=');
    return at > 0 ? { label: p.slice(0, at), path: p.slice(at + 1) } : { label: p, path: p };
  });
  if (!groups.length) {
    stderr.write(`${name}: name at least one LABEL=PATH (see --help)\n`);
    return 2;
  }
  const lines = [...header];
  for (const { label, path } of groups) {
    try {
      lines.push(rowOf(label, path));
    } catch (err) {
      stderr.write(`${name}: ${path}: ${/** @type {Error} */ (err).message.split('\n')[0]}\n`);
      return 2;
    }
  }
  const table = `${lines.join('\n')}\n`;
  if (args.values.out) writeFileSync(args.values.out, table);
  else stdout.write(table);
  return 0;
}

/**
 * A range of readings to two decimals ("lo–hi", one value where they agree,
 * "—" where there are none).
 * @param {number[]} xs
 */
export function range(xs) {
  if (!xs.length) return '—';
  const lo = Math.min(...xs).toFixed(2);
  const hi = Math.max(...xs).toFixed(2);
  return lo === hi ? lo : `${lo}–${hi}`;
}
