// @ts-check
// The machine's own DNS servers in net.resolve-not-pool-bound's trial. A resolver
// never given servers in code asks those /etc/resolv.conf names, which are off
// loopback: the fixture runs in a network namespace of its own (harness/netns.js)
// where each of those addresses is on its loopback and a responder of its own
// answers there, so that resolver is measured as a user's default one is, and
// nothing leaves the machine.
import { randomInt } from 'node:crypto';
import { ownNetworkProblem } from '../netns.js';

/**
 * The ways a call reaches a resolver left with the system's servers, as a program
 * makes them: a dns.promises.Resolver, dns.promises' own functions, dns's own
 * (callbacks), a dns.Resolver (callbacks). 'own' is the promises Resolver given the
 * loopback responder in code.
 */
export const SYSTEM_APIS = ['resolver', 'promises', 'callback', 'callback-resolver'];

/**
 * A server as dns.getServers() names it ('10.0.0.1', '1.2.3.4:5353', '::1',
 * '[::1]:5353') as host and port; null where it is none of these, or an address a
 * loopback cannot stand for: link-local IPv6 (fe80::/10, whose scope getServers()
 * drops: c-ares then passes it over on a machine without that link) and IPv4-mapped
 * IPv6 (::ffff:a.b.c.d).
 * @param {string} s
 * @returns {{ host: string, port: number } | null}
 */
export function parseServer(s) {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d+))?$/.exec(s);
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::(\d+))?$/.exec(s);
  const server = bracketed
    ? { host: bracketed[1], port: Number(bracketed[2] ?? 53) }
    : v4
      ? { host: v4[1], port: Number(v4[2] ?? 53) }
      : /^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*$/.test(s)
        ? { host: s, port: 53 }
        : null;
  if (!server) return null;
  const h = server.host.toLowerCase();
  return /^fe[89ab]/.test(h) || h.includes('::ffff:') || h.includes('%') ? null : server;
}

/**
 * The servers as host and port; null where one cannot be put on a loopback (parseServer)
 * or there are none.
 * @param {string[]} servers  dns.getServers()'s list, read by the Node under test
 */
export function systemServers(servers) {
  const parsed = servers.map(parseServer);
  return parsed.every((s) => s !== null) && parsed.length > 0
    ? /** @type {Array<{ host: string, port: number }>} */ (parsed)
    : null;
}

/**
 * For each place of a trial's forms, how its calls are made: through the resolver given
 * the loopback responder in code ('own'), or one of SYSTEM_APIS left with the system's
 * servers, drawn at random (crypto.randomInt), at least one of each kind, so no form or
 * API is known beforehand to go either way.
 * @param {number} n  places (the trial's forms)
 * @returns {string[]}
 */
export function drawVia(n) {
  for (;;) {
    const via = Array.from({ length: n }, () => (randomInt(2) ? SYSTEM_APIS[randomInt(SYSTEM_APIS.length)] : 'own'));
    if (n < 2 || (via.includes('own') && via.some((v) => v !== 'own'))) return via;
  }
}

/** The servers the Node under test reads, once per Node binary: a fixture's run. */
/** @type {Map<string, Promise<string[] | null>>} */
const serversByNode = new Map();

/**
 * What a trial adds to ask the system's servers: the fixture's options and the run's
 * network namespace; or why it cannot, where it cannot (no namespace of its own here,
 * a server that cannot be put on a loopback): that part is then left out, and said.
 * @param {import('../context.js').Context} ctx @param {number} forms  the trial's forms
 * @returns {Promise<{ options: { systemServers: Array<{ host: string, port: number }>, resolveVia: string[] },
 *   ownNetwork: string[] } | { leftOut: string }>}
 */
export async function systemPart(ctx, forms) {
  const base = ownNetworkProblem();
  if (base) return { leftOut: base };
  let read = serversByNode.get(ctx.node.path);
  if (!read) {
    read = ctx.run('dns-servers.cjs', { timeoutMs: 10_000 }).then(
      (/** @type {any} */ d) => (Array.isArray(d?.servers) ? d.servers : null),
      () => null,
    );
    serversByNode.set(ctx.node.path, read);
  }
  const named = await read;
  if (!named) return { leftOut: 'the system DNS servers could not be read' };
  const servers = systemServers(named);
  if (!servers) return { leftOut: `a system DNS server a loopback cannot stand for (${named.join(', ') || 'none'})` };
  const ownNetwork = [...new Set(servers.map((s) => s.host))];
  const problem = ownNetworkProblem(ownNetwork);
  if (problem) return { leftOut: problem };
  return { options: { systemServers: servers, resolveVia: drawVia(forms) }, ownNetwork };
}

/**
 * "dns.Resolver ... queries DNS servers itself" with the servers the machine gives it,
 * not only those given in code: the calls made through a resolver left with the
 * system's servers (obs.systemDns: a dns.Resolver or dns's own functions, callbacks or
 * promises) reached them, one query or more each, and are among the calls counted
 * answered while the pool was parked. Honest: every call queried, every run. A
 * resolver that turns to the pool only when left with the system's servers (a re-read
 * of /etc/resolv.conf before its queries, resolve-system-conf) answers those only after
 * the release. Null in older records; where the part could not run, its reason
 * (obs.systemLeftOut), which neither passes nor fails the claim.
 * @param {any} obs
 * @returns {{ ok: boolean, text: string } | null}
 */
export function systemAsked(obs) {
  if (obs.systemLeftOut) return { ok: true, text: `the system's own DNS servers left out: ${obs.systemLeftOut}` };
  const s = obs.systemDns;
  if (!s) return null;
  const ok = s.calls > 0 && s.queries >= s.calls;
  const apis = Object.entries(s.byApi ?? {})
    .map(([api, n]) => `${n} ${api}`)
    .join(', ');
  return {
    ok,
    text: `${s.calls} resolve* in the run left with the system's servers (${apis}; ${s.servers.join(', ')}: ${s.queries} queries to a responder there, in the fixture's own network namespace)${ok ? '' : ' (expected at least one, each queried)'}`,
  };
}
