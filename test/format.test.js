// The code is formatted by Prettier (.prettierrc.json: 120-character lines),
// so a diff shows what changed, not how it was typed. `npm run format` fixes it.
import { test } from 'node:test';
import { expect } from 'expect';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRETTIER = path.join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');

test('the code is as Prettier formats it', () => {
  const r = spawnSync(
    process.execPath,
    [PRETTIER, '--list-different', 'harness', 'bench', 'test', 'specs', 'fixtures', 'scripts', 'e2e', 'docs'],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  expect({
    status: r.status,
    unformatted: r.stdout.trim().split('\n').filter(Boolean),
    fix: r.status ? 'run `npm run format`' : '',
  }).toEqual({ status: 0, unformatted: [], fix: '' });
});
