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
export declare function ownNetworkProblem(addresses?: string[]): string | null;
/**
 * The command that runs `cmd argv` in a network namespace of its own, its loopback up
 * and carrying `addresses` (those not on it already: 127.0.0.0/8 and ::1 are). unshare
 * and sh exec in place, so the pid is the command's own (the harness reads its threads
 * from outside as before). Callers check ownNetworkProblem(addresses) first.
 * @param {string} cmd @param {string[]} argv @param {string[]} addresses
 * @returns {[string, string[]]}
 */
export declare function inOwnNetwork(cmd: string, argv: string[], addresses: string[]): [string, string[]];
