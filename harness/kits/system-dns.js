// @ts-check
// The machine's own DNS servers in net.resolve-not-pool-bound's trial. A resolver
// never given servers in code asks those /etc/resolv.conf names, which are off
// loopback: the fixture runs in a network namespace of its own (harness/netns.js)
// where each of those addresses is on its loopback and a responder of its own
// answers there, so that resolver is measured as a user's default one is, and
// nothing leaves the machine.
import { Resolver } from 'node:dns';
import { randomInt } from 'node:crypto';
import { ownNetworkProblem } from '../netns.js';

/**
 * A server as dns.getServers() names it ('10.0.0.1', '1.2.3.4:5353', '::1',
 * '[::1]:5353') as host and port; null where it is none of these.
 * @param {string} s
 * @returns {{ host: string, port: number } | null}
 */
export function parseServer(s) {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d+))?$/.exec(s);
  if (bracketed) return { host: bracketed[1], port: Number(bracketed[2] ?? 53) };
  if (s.includes(':') && !/^[\d.]+:\d+$/.test(s)) return /^[0-9a-fA-F:.]+$/.test(s) ? { host: s, port: 53 } : null;
  const m = /^(\d{1,3}(?:\.\d{1,3}){3})(?::(\d+))?$/.exec(s);
  return m ? { host: m[1], port: Number(m[2] ?? 53) } : null;
}

/**
 * The servers a resolver left with the system's reads (c-ares, /etc/resolv.conf, or
 * 127.0.0.1 where it names none), as host and port; null where one cannot be put on
 * a loopback (a scoped IPv6 address such as fe80::1%eth0, say).
 * @param {string[]} [servers]  (tests) dns.getServers()'s list
 */
export function systemServers(servers = new Resolver().getServers()) {
  const parsed = servers.map(parseServer);
  return parsed.every((s) => s !== null) && parsed.length > 0
    ? /** @type {Array<{ host: string, port: number }>} */ (parsed)
    : null;
}

/**
 * For each place of a trial's forms, the resolver its calls go through: 'system' (left
 * with the system's servers) or 'own' (given the loopback responder in code), drawn at
 * random (crypto.randomInt), at least one of each, so no form is known beforehand to go
 * either way.
 * @param {number} n  places (the trial's forms)
 * @returns {Array<'system' | 'own'>}
 */
export function drawVia(n) {
  for (;;) {
    /** @type {Array<'system' | 'own'>} */
    const via = Array.from({ length: n }, () => (randomInt(2) ? 'system' : 'own'));
    if (n < 2 || (via.includes('system') && via.includes('own'))) return via;
  }
}

/**
 * What a trial adds to ask the system's servers: the fixture's options and the run's
 * network namespace; or why it cannot, where it cannot (no namespace of its own here,
 * a server that cannot be put on a loopback): that part is then left out, and said.
 * @param {number} forms  the trial's forms
 * @returns {{ options: { systemServers: Array<{ host: string, port: number }>, resolveVia: string[] },
 *   ownNetwork: string[] } | { leftOut: string }}
 */
export function systemPart(forms) {
  const problem = ownNetworkProblem();
  if (problem) return { leftOut: problem };
  const servers = systemServers();
  if (!servers)
    return {
      leftOut: `a system DNS server that cannot be put on a loopback (${new Resolver().getServers().join(', ')})`,
    };
  return {
    options: { systemServers: servers, resolveVia: drawVia(forms) },
    ownNetwork: [...new Set(servers.map((s) => s.host))],
  };
}

/**
 * "dns.Resolver ... queries DNS servers itself" with the servers the machine gives it,
 * not only those given in code: the calls made through the resolver left with the
 * system's servers (obs.systemDns) reached them, one query or more each, and are among
 * the calls counted answered while the pool was parked. Honest: every call queried,
 * every run. A resolver that turns to the pool only when left with the system's
 * servers (a re-read of /etc/resolv.conf before its queries, resolve-system-conf)
 * answers those only after the release. Null in older records; where the part could
 * not run, its reason (obs.systemLeftOut), which neither passes nor fails the claim.
 * @param {any} obs
 * @returns {{ ok: boolean, text: string } | null}
 */
export function systemAsked(obs) {
  if (obs.systemLeftOut) return { ok: true, text: `the system's own DNS servers left out: ${obs.systemLeftOut}` };
  const s = obs.systemDns;
  if (!s) return null;
  const ok = s.calls > 0 && s.queries >= s.calls;
  return {
    ok,
    text: `${s.calls} resolve* in the run through a resolver left with the system's servers (${s.servers.join(', ')}: ${s.queries} queries to a responder there, in the fixture's own network namespace)${ok ? '' : ' (expected at least one, each queried)'}`,
  };
}
