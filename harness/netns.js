// @ts-check
// A fixture in a network namespace of its own (Linux: `unshare -rn`, a user
// namespace that needs no privilege): its loopback, brought up, is its only
// interface, and the addresses it is given are put on it. There a fixture can
// answer, as if it were the machine's DNS server, the queries a resolver sends
// to the servers /etc/resolv.conf names, and not one packet leaves it
// (net.resolve-not-pool-bound: a resolver left with the system's servers).
import { spawnSync } from 'node:child_process';

/** An address as `ip addr add` takes it: IPv4 dotted, or IPv6 (hex digits and colons). */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)$/;

/** @type {string | null | undefined} */
let problem;

/**
 * Why a fixture cannot have a network namespace of its own here, or null where it
 * can: tried once per process (unshare -rn, then `ip link set lo up` inside). Kernels
 * or security modules that refuse unprivileged user namespaces, and machines without
 * util-linux's unshare or iproute2's ip, say so here.
 * @returns {string | null}
 */
export function ownNetworkProblem() {
  if (problem !== undefined) return problem;
  if (process.platform !== 'linux') return (problem = 'not Linux');
  const r = spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], { encoding: 'utf8', timeout: 5000 });
  if (r.error) problem = `unshare could not run (${/** @type {any} */ (r.error).code ?? r.error.message})`;
  else if (r.status !== 0) {
    const why = (r.stderr ?? '').trim().split('\n')[0] || `exit ${r.status}`;
    problem = `no network namespace of its own: ${why}`;
  } else problem = null;
  return problem;
}

/**
 * The command that runs `cmd argv` in a network namespace of its own, its loopback up
 * and carrying `addresses` besides 127.0.0.1 and ::1. unshare and sh exec in place, so
 * the pid is the command's own (the harness reads its threads from outside as before).
 * An address the loopback has already (127.0.0.53, ::1) is left as it is.
 * @param {string} cmd @param {string[]} argv @param {string[]} addresses
 * @returns {[string, string[]]}
 */
export function inOwnNetwork(cmd, argv, addresses) {
  for (const a of addresses) if (!ADDRESS.test(a)) throw new Error(`not an IP address: ${a}`);
  const add = addresses.map((a) => `ip addr add ${a}/${a.includes(':') ? 128 : 32} dev lo 2>/dev/null;`).join(' ');
  // exit 97: the loopback could not be brought up (the fixture never starts)
  const script = `ip link set lo up || exit 97; ${add} exec "$@"`;
  return ['unshare', ['-rn', 'sh', '-c', script, 'sh', cmd, ...argv]];
}
