// Every command's --help has one layout: a usage line, what the command does,
// an "Options:" list (each option on a line of its own, -h, --help among them), then the
// exit codes. Read as a user reads it, from the command line.
import { test } from 'node:test';
import { expect } from 'expect';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

for (const command of [[], ['merge'], ['judge'], ['lint'], ['new']]) {
  const name = ['node-concurrency-spec', ...command].join(' ');
  test(`${name} --help: usage, description, options, exit codes`, () => {
    const r = spawnSync(process.execPath, ['harness/cli.js', ...command, '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    const paragraphs = r.stdout.trimEnd().split('\n\n');
    expect(paragraphs[0]).toMatch(new RegExp(`^Usage: ${name} `));
    expect(paragraphs[1]).toMatch(/^[A-Z]/); // what it does, in a sentence
    const options = paragraphs.find((p) => p.startsWith('Options:\n'));
    expect(options).toBeDefined();
    const lines = /** @type {string} */ (options).split('\n').slice(1);
    expect(lines.every((l) => /^ {2}(-|\s)/.test(l))).toBe(true);
    expect(lines.some((l) => /^ {2}-h, --help +show this help$/.test(l))).toBe(true);
    expect(paragraphs.at(-1)).toMatch(/^Exit codes/);
    expect(paragraphs.indexOf(/** @type {string} */ (options))).toBeLessThan(paragraphs.length - 1);
  });
}
