#!/usr/bin/env node
// Runs the project's tests with Node's test runner, one file at a time.
//
// The files are named here rather than passed as a directory or a glob because
// neither form means the same on every supported Node: `node --test test/`
// reads the directory as a module path on Node 22 and 24 ("Cannot find
// module"), and Node 20 does not expand a glob itself while Windows' shell does
// not expand it either. A list of files means the same on every version and OS.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const testDir = join(root, 'test');

/** The test files: `test/*.test.js`, sorted so every run orders them alike. */
function testFiles(dir = testDir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.test.js'))
    .sort()
    .map((name) => join(dir, name));
}

const files = testFiles();
if (files.length === 0) {
  console.error(`no test files in ${testDir}`);
  process.exit(2);
}

// Extra arguments (e.g. --test-name-pattern) go to the test runner.
const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...process.argv.slice(2), ...files], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
