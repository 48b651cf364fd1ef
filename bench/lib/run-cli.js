// Running the suite's CLI (and a CPU hog) from the bench scripts, as child
// processes that an interrupt or the end of the script cleans up.
import { spawn, execFileSync } from 'node:child_process';
import { createWriteStream, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allowedCpus } from '../../harness/machine.js';

export const CLI = fileURLToPath(new URL('../../harness/cli.js', import.meta.url));

/** Children still running, to end on an interrupt. @type {Set<import('node:child_process').ChildProcess>} */
const live = new Set();

/**
 * Run `node harness/cli.js ...args`, its output to `log`; resolves with the
 * exit code. `sabotage` sets NCS_SABOTAGE (undefined: removed). The child is
 * in this process's group, so a Ctrl-C at the terminal reaches it too (it
 * then writes its partial record).
 * @param {string[]} args @param {{ log: string, sabotage?: string }} o
 * @returns {Promise<number>}
 */
export function runCli(args, { log, sabotage }) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.NCS_SABOTAGE;
    if (sabotage) env.NCS_SABOTAGE = sabotage;
    const out = createWriteStream(log);
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    child.on('error', (err) => (live.delete(child), reject(err)));
    child.on('close', (code) => (live.delete(child), forgetCounts(child.pid), resolve(code ?? 2)));
  });
}

/**
 * Remove the counts the every-other sabotage keeps for a CLI process's
 * fixtures (fixtures/lib/sabotage.cjs): they are named by its pid.
 * @param {number | undefined} pid
 */
function forgetCounts(pid) {
  const prefix = `ncs-sabotage-every-other-${pid}-`;
  for (const f of readdirSync(os.tmpdir()))
    if (f.startsWith(prefix)) rmSync(path.join(os.tmpdir(), f), { force: true });
}

/** The CPU a hog should take: 1 when this process may use it, else the last allowed one. */
export function hogCpu() {
  const allowed = allowedCpus();
  if (!allowed) return null;
  return allowed.includes(1) ? 1 : (allowed.at(-1) ?? null);
}

/**
 * Start a busy loop, pinned with taskset to `cpu` where possible, in its own
 * process group. Returns a stop function and where it runs.
 * @param {number | null} cpu
 */
export function startHog(cpu) {
  let pinned = cpu !== null;
  if (pinned) {
    try {
      execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    } catch {
      pinned = false;
    }
  }
  const loop = ['-e', 'for (;;) {}'];
  const [cmd, argv] = pinned ? ['taskset', ['-c', String(cpu), process.execPath, ...loop]] : [process.execPath, loop];
  const child = spawn(cmd, argv, { stdio: 'ignore', detached: true });
  live.add(child);
  child.on('close', () => live.delete(child));
  return {
    where: pinned ? `CPU ${cpu} (taskset)` : 'unpinned (no taskset or CPU list)',
    stop: () => kill(child, 'SIGKILL'),
  };
}

/**
 * @param {import('node:child_process').ChildProcess} child @param {NodeJS.Signals} sig
 */
function kill(child, sig) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, sig); // its group, when it has one
  } catch {
    try {
      child.kill(sig);
    } catch {
      // gone
    }
  }
}

/** End every child: the CLI runs get SIGTERM (they write their partial record), hogs SIGKILL. */
export function stopAll() {
  for (const c of live) kill(c, c.spawnargs.includes('for (;;) {}') ? 'SIGKILL' : 'SIGTERM');
}
