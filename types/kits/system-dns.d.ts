/**
 * The ways a call reaches a resolver left with the system's servers, as a program
 * makes them: a dns.promises.Resolver, dns.promises' own functions, dns's own
 * (callbacks), a dns.Resolver (callbacks). 'own' is the promises Resolver given the
 * loopback responder in code.
 */
export declare const SYSTEM_APIS: string[];
/**
 * A server as dns.getServers() names it ('10.0.0.1', '1.2.3.4:5353', '::1',
 * '[::1]:5353') as host and port; null where it is none of these, or an address a
 * loopback cannot stand for: link-local IPv6 (fe80::/10, whose scope getServers()
 * drops: c-ares then passes it over on a machine without that link) and IPv4-mapped
 * IPv6 (::ffff:a.b.c.d).
 * @param {string} s
 * @returns {{ host: string, port: number } | null}
 */
export declare function parseServer(s: string): {
    host: string;
    port: number;
} | null;
/**
 * The servers as host and port; null where one cannot be put on a loopback (parseServer)
 * or there are none.
 * @param {string[]} servers  dns.getServers()'s list, read by the Node under test
 */
export declare function systemServers(servers: string[]): {
    host: string;
    port: number;
}[] | null;
/**
 * For each place of a trial's forms, how its calls are made: through the resolver given
 * the loopback responder in code ('own'), or one of SYSTEM_APIS left with the system's
 * servers, drawn at random (crypto.randomInt), at least one of each kind, so no form or
 * API is known beforehand to go either way.
 * @param {number} n  places (the trial's forms)
 * @returns {string[]}
 */
export declare function drawVia(n: number): string[];
/**
 * What a trial adds to ask the system's servers: the fixture's options and the run's
 * network namespace; or why it cannot, where it cannot (no namespace of its own here,
 * a server that cannot be put on a loopback): that part is then left out, and said.
 * @param {import('../context.js').Context} ctx @param {number} forms  the trial's forms
 * @returns {Promise<{ options: { systemServers: Array<{ host: string, port: number }>, resolveVia: string[] },
 *   ownNetwork: string[] } | { leftOut: string }>}
 */
export declare function systemPart(ctx: import('../context.js').Context, forms: number): Promise<{
    options: {
        systemServers: Array<{
            host: string;
            port: number;
        }>;
        resolveVia: string[];
    };
    ownNetwork: string[];
} | {
    leftOut: string;
}>;
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
export declare function systemAsked(obs: any): {
    ok: boolean;
    text: string;
} | null;
