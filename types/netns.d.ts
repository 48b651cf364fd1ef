/**
 * Why a fixture cannot have a network namespace of its own here, or null where it
 * can: tried once per process (unshare -rn, then `ip link set lo up` inside). Kernels
 * or security modules that refuse unprivileged user namespaces, and machines without
 * util-linux's unshare or iproute2's ip, say so here.
 * @returns {string | null}
 */
export declare function ownNetworkProblem(): string | null;
/**
 * The command that runs `cmd argv` in a network namespace of its own, its loopback up
 * and carrying `addresses` besides 127.0.0.1 and ::1. unshare and sh exec in place, so
 * the pid is the command's own (the harness reads its threads from outside as before).
 * An address the loopback has already (127.0.0.53, ::1) is left as it is.
 * @param {string} cmd @param {string[]} argv @param {string[]} addresses
 * @returns {[string, string[]]}
 */
export declare function inOwnNetwork(cmd: string, argv: string[], addresses: string[]): [string, string[]];
