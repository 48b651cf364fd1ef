/**
 * A server as dns.getServers() names it ('10.0.0.1', '1.2.3.4:5353', '::1',
 * '[::1]:5353') as host and port; null where it is none of these.
 * @param {string} s
 * @returns {{ host: string, port: number } | null}
 */
export declare function parseServer(s: string): {
    host: string;
    port: number;
} | null;
/**
 * The servers a resolver left with the system's reads (c-ares, /etc/resolv.conf, or
 * 127.0.0.1 where it names none), as host and port; null where one cannot be put on
 * a loopback (a scoped IPv6 address such as fe80::1%eth0, say).
 * @param {string[]} [servers]  (tests) dns.getServers()'s list
 */
export declare function systemServers(servers?: string[]): {
    host: string;
    port: number;
}[] | null;
/**
 * For each place of a trial's forms, the resolver its calls go through: 'system' (left
 * with the system's servers) or 'own' (given the loopback responder in code), drawn at
 * random (crypto.randomInt), at least one of each, so no form is known beforehand to go
 * either way.
 * @param {number} n  places (the trial's forms)
 * @returns {Array<'system' | 'own'>}
 */
export declare function drawVia(n: number): Array<'system' | 'own'>;
/**
 * What a trial adds to ask the system's servers: the fixture's options and the run's
 * network namespace; or why it cannot, where it cannot (no namespace of its own here,
 * a server that cannot be put on a loopback): that part is then left out, and said.
 * @param {number} forms  the trial's forms
 * @returns {{ options: { systemServers: Array<{ host: string, port: number }>, resolveVia: string[] },
 *   ownNetwork: string[] } | { leftOut: string }}
 */
export declare function systemPart(forms: number): {
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
};
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
export declare function systemAsked(obs: any): {
    ok: boolean;
    text: string;
} | null;
