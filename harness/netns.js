// @ts-check
// A fixture in a network namespace of its own (Linux: `unshare -rn`, inside a
// user namespace, which needs no privilege where the kernel and its security
// modules allow unprivileged ones): its loopback, brought up, is its only
// interface, and the addresses it is given are put on it. There a fixture can
// answer, as if it were the machine's DNS server, the queries a resolver sends
// to the servers /etc/resolv.conf names, and not one packet leaves it
// (net.resolve-not-pool-bound: a resolver left with the system's servers).
import { spawnSync } from 'node:child_process';

/** An address as `ip addr add` takes it: IPv4 dotted, or IPv6 (hex digits and colons). */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)$/;

/** @type {Map<string, string | null>} */
const problems = new Map();

/**
 * An address already on a namespace's loopback once it is up: 127.0.0.0/8 and ::1.
 * @param {string} a
 */
const onLoopback = (a) => a === '::1' || /^127\./.test(a);

/**
 * The `ip addr add` for each address not on the loopback already. @param {string[]} addresses
 * @param {string} onError  what follows each (`2>/dev/null;`, or `|| exit 98;` in the probe)
 */
function adds(addresses, onError) {
  for (const a of addresses) if (!ADDRESS.test(a)) throw new Error(`not an IP address: ${a}`);
  return addresses
    .filter((a) => !onLoopback(a))
    .map((a) => `ip addr add ${a}/${a.includes(':') ? 128 : 32} dev lo ${onError}`)
    .join(' ');
}

/**
 * Why a fixture cannot have a network namespace of its own here with `addresses` on its
 * loopback, or null where it can: tried once per process for each set (unshare -rn, then
 * the loopback brought up and the addresses put on it, inside). Kernels or security
 * modules that refuse unprivileged user namespaces (Ubuntu's AppArmor restriction, a
 * container's seccomp profile), a kernel without IPv6 for an IPv6 address, and machines
 * without util-linux's unshare or iproute2's ip say so here.
 * @param {string[]} [addresses]
 * @returns {string | null}
 */
export function ownNetworkProblem(addresses = []) {
  const key = addresses.join(' ');
  const known = problems.get(key);
  if (known !== undefined) return known;
  let problem = null;
  if (process.platform !== 'linux') problem = 'not Linux';
  else {
    const script = `ip link set lo up || exit 97; ${adds(addresses, '|| exit 98;')}`;
    const r = spawnSync('unshare', ['-rn', 'sh', '-c', script], { encoding: 'utf8', timeout: 5000 });
    if (r.error) problem = `unshare could not run (${/** @type {any} */ (r.error).code ?? r.error.message})`;
    else if (r.status !== 0) {
      const why = (r.stderr ?? '').trim().split('\n')[0] || `exit ${r.status}`;
      problem = `${r.status === 98 ? `${addresses.join(', ')} could not be put on its loopback` : 'no network namespace of its own'}: ${why}`;
    }
  }
  problems.set(key, problem);
  return problem;
}

/**
 * The command that runs `cmd argv` in a network namespace of its own, its loopback up
 * and carrying `addresses` (those not on it already: 127.0.0.0/8 and ::1 are). unshare
 * and sh exec in place, so the pid is the command's own (the harness reads its threads
 * from outside as before). Callers check ownNetworkProblem(addresses) first.
 * @param {string} cmd @param {string[]} argv @param {string[]} addresses
 * @returns {[string, string[]]}
 */
export function inOwnNetwork(cmd, argv, addresses) {
  // exit 97: the loopback could not be brought up (the fixture never starts)
  const script = `ip link set lo up || exit 97; ${adds(addresses, '2>/dev/null;')} exec "$@"`;
  return ['unshare', ['-rn', 'sh', '-c', script, 'sh', cmd, ...argv]];
}
