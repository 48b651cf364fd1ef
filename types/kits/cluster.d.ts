import http from 'node:http';
/**
 * Source 004 (cluster module tutorial, Express + loadtest on the author's
 * machine), with its results per endpoint as tables (figures only).
 */
export declare const SOURCE_004: {
    file: string;
    /** @type {{ heavy: import('../spec.js').SourceTable, light: import('../spec.js').SourceTable }} */
    tables: {
        heavy: import('../spec.js').SourceTable;
        light: import('../spec.js').SourceTable;
    };
};
/** The fixture every cluster spec starts (the ABBA blocks' arms too). */
export declare const FIXTURE = "cluster-server.cjs";
/**
 * Workers for a structural cluster spec: max(2, C), capped at 4 (more only
 * lengthens the start-up; two already show sharing, four show more of it).
 * @param {{ cores: number }} ctx
 */
export declare function clusterSize(ctx: {
    cores: number;
}): number;
/**
 * Start the cluster, run fn with its ready data and handle, then stop it (also
 * on error). Returns fn's value and the primary's final report.
 * @template T
 * @param {import('../context.js').Context} ctx
 * @param {{ workers: number, iterations?: number, refork?: boolean, schedPolicy?: 'rr' | 'none' }} options
 * @param {(info: any, handle: import('../isolate.js').FixtureHandle) => Promise<T>} fn
 * @param {{ env?: Record<string, string | undefined>, onMessage?: (data: any) => void }} [o]
 *   env: the spec's env for the primary (its workers inherit it); onMessage: called with
 *   each 'message' the primary sends as it runs (the liveEvents option's, say)
 * @returns {Promise<{ value: T, info: any, final: any }>}
 */
export declare function withCluster<T>(ctx: import('../context.js').Context, options: {
    workers: number;
    iterations?: number;
    refork?: boolean;
    schedPolicy?: 'rr' | 'none';
}, fn: (info: any, handle: import('../isolate.js').FixtureHandle) => Promise<T>, { env, onMessage }?: {
    env?: Record<string, string | undefined>;
    onMessage?: (data: any) => void;
}): Promise<{
    value: T;
    info: any;
    final: any;
}>;
export type Reply = {
    status?: number;
    pid?: number;
    body?: any;
    error?: string;
    ms: number;
    t: number;
    local?: number;
    holders?: number[] | null;
};
/**
 * @typedef {{ status?: number, pid?: number, body?: any, error?: string, ms: number, t: number, local?: number, holders?: number[] | null }} Reply
 *   t: when the request was sent (performance.now()); local: the client's port of the connection;
 *   holders (heldGets): the pids that held the server side of the connection once it had answered, read
 *   by the harness from /proc (null off Linux)
 */
/**
 * One GET to 127.0.0.1:port. Never rejects: a failure is { error: code }.
 * @param {number} port @param {string} path
 * @param {{ agent?: http.Agent | false, timeoutMs?: number, signal?: AbortSignal }} [o]  agent false: a new
 *   connection; signal: give the request up (error ABANDONED), also where it was given up before it began
 * @returns {Promise<Reply>}
 */
export declare function get(port: number, path: string, { agent, timeoutMs, signal }?: {
    agent?: http.Agent | false;
    timeoutMs?: number;
    signal?: AbortSignal;
}): Promise<Reply>;
/**
 * n GETs one after another, each on a new connection (no keep-alive): each
 * is a fresh accept() in the primary, so each is one scheduling decision.
 * @param {number} port @param {string} path @param {number} n
 */
export declare function getMany(port: number, path: string, n: number): Promise<Reply[]>;
/** Whether the harness can see who holds a connection (Linux /proc). */
export declare const SEES_HOLDERS: boolean;
/**
 * The inode of the socket whose local end is 127.0.0.1:localPort and remote
 * end 127.0.0.1:remotePort, from the text of /proc/net/tcp; null if none.
 * @param {string} text @param {number} localPort @param {number} remotePort
 */
export declare function tcpInode(text: string, localPort: number, remotePort: number): string | null;
/**
 * The inodes of the sockets whose local end is 127.0.0.1:localPort, by their
 * remote end as /proc/net/tcp writes it (the first line of each, as
 * tcpInode reads it). One pass over the table for any number of
 * connections: with a few thousand lines (TIME_WAIT entries of earlier
 * loads) a pass costs milliseconds, and heldGets looks up a batch of
 * connections (HELD_BATCH) per read. Only the lines that name the address are split.
 * @param {string} text @param {number} localPort
 * @returns {Map<string, string>}
 */
export declare function tcpInodes(text: string, localPort: number): Map<string, string>;
/**
 * Every process descended from `root` now (its children, theirs, …), not
 * `root` itself: a cluster's workers and whatever processes they started.
 * Read by the harness from /proc; [] off Linux.
 * @param {number} root @param {(pid: number) => number[]} [children]  (tests)
 * @returns {number[]}
 */
export declare function descendantsOf(root: number, children?: (pid: number) => number[]): number[];
/** The inode of a socket an fd links to ("socket:[123]" → "123"), null for anything else. @param {string | null | undefined} link */
export declare const socketInodeOf: (link: string | null | undefined) => string | null;
/**
 * The pids among `pids` that hold a socket of this inode now (/proc/<pid>/fd):
 * whoever holds a listening socket can accept its connections, whatever
 * process started it. A pid whose fd table cannot be read is left out.
 * @param {number[]} pids @param {string} inode
 * @param {(pid: number) => Record<string, string | null> | null} [links]  (tests)
 * @returns {number[]}
 */
export declare function holdersOf(pids: number[], inode: string, links?: (pid: number) => Record<string, string | null> | null): number[];
/** Every process on the machine now (its pid namespace's /proc), [] off Linux. */
export declare function allPids(): number[];
/**
 * The inodes of the sockets listening on `port` (state 0A) at any local
 * address, from the text of /proc/net/tcp or /proc/net/tcp6: a server bound
 * to 0.0.0.0 or :: takes the connections to 127.0.0.1 too.
 * @param {string} text @param {number} port
 * @returns {string[]}
 */
export declare function listenInodes(text: string, port: number): string[];
/**
 * Which of `pids` hold a socket listening on `port`: the processes that can
 * accept its connections. Under SCHED_RR the primary alone holds it and
 * hands each accepted connection over; under SCHED_NONE every worker holds
 * it too and accepts for itself. Read by the harness (the kernel's socket
 * tables, each process's fd table); null off Linux, [] where no process of
 * `pids` holds one (or none is listening).
 * @param {number} port @param {number[]} pids
 * @param {HolderReads} [read]  (tests; `tcp` gives both tables' text)
 * @returns {number[] | null}
 */
export declare function listenersOf(port: number, pids: number[], { tcp, files }?: HolderReads): number[] | null;
/**
 * The holders of a socket listening on the cluster's port among its primary
 * and every process descended from it (listenersOf): a helper process that
 * accepts for the cluster is one of them.
 * @param {number} port @param {number} primary
 */
export declare function clusterListeners(port: number, primary: number): number[] | null;
/**
 * The ports of the TCP sockets each of `pids` holds listening (state 0A, at any
 * local address: /proc/net/tcp and tcp6), by pid, ascending: where each
 * process can accept connections itself. Read by the harness (the kernel's
 * socket tables, each process's fd table); null off Linux; [] for a process
 * that holds none (or is gone).
 * @param {number[]} pids
 * @param {HolderReads} [read]  (tests; `tcp` gives both tables' text)
 * @returns {Record<string, number[]> | null}
 */
export declare function listeningPortsOf(pids: number[], { tcp, files }?: HolderReads): Record<string, number[]> | null;
/**
 * Which of `pids` hold the server side of the connection 127.0.0.1:clientPort
 * → 127.0.0.1:port: the kernel's socket table (/proc/net/tcp) gives its inode,
 * each process's fd table whether it has that socket open. The harness reads
 * both itself: what the server says about itself plays no part.
 * @param {number} port @param {number} clientPort @param {number[]} pids
 * @param {HolderReads} [read]  (tests)
 */
export declare function socketHolders(port: number, clientPort: number, pids: number[], read?: HolderReads): number[];
export type HolderReads = {
    tcp?: () => string;
    files?: (pid: number) => string[];
};
/**
 * @typedef {{ tcp?: () => string, files?: (pid: number) => string[] }} HolderReads
 *   where socketHolders reads the socket table and a process's fd targets (tests replace them)
 */
/**
 * What each of `pids` has open now (fd targets), for socketsHolders.
 * @param {number[]} pids @param {(pid: number) => string[]} [files]
 * @returns {Set<string>[]}
 */
export declare function openFilesOf(pids: number[], files?: (pid: number) => string[]): Set<string>[];
/**
 * socketHolders for several connections to one port: one read of the socket
 * table gives each connection's inode, and each connection's `open` (what
 * the processes had open when it was answered, openFilesOf) which of them
 * held it then. The table lists every socket of the machine, closed
 * connections in TIME_WAIT too: after the thousands of a throughput claim's
 * loads one read takes tens of ms, so it is read once for many connections.
 * The fd tables, a few entries each, are read at once: a process that hands
 * a connection on after answering it is seen holding it.
 * @param {number} port @param {{ clientPort: number, open: Set<string>[], pids?: number[] }[]} conns  a
 *   connection's own `pids`, where given, are those its `open` lists (else `pids`)
 * @param {number[]} pids  the processes `open` lists, in its order
 * @param {Pick<HolderReads, 'tcp'>} [read]
 * @returns {number[][]}  the holders of each connection, in the order of conns
 */
export declare function socketsHolders(port: number, conns: {
    clientPort: number;
    open: Set<string>[];
    pids?: number[];
}[], pids: number[], { tcp }?: Pick<HolderReads, 'tcp'>): number[][];
/**
 * How many answered connections heldGets keeps open before it reads the
 * socket table for them, and how long after the first of them answered it
 * reads at the latest before its next request (or once the request then in
 * flight ends: `get`'s 2 s timeout at most). A held connection's entry in
 * the table lasts as long as it is open: the fixture's keep-alive timeout
 * (10 s) leaves it so well past the read. Each read of the table costs
 * milliseconds to tens of them (it lists every closed connection of the run),
 * a held connection only its entry in its worker's fd table: a structural
 * claim's GETs (20 per worker at most, one after another, well within the
 * time bound) take one read, or two.
 */
export declare const HELD_BATCH: Readonly<{
    connections: 50;
    ms: 1000;
}>;
/**
 * n GETs one after another, each on a new connection held until its batch is read (heldGets).
 * @param {number} port @param {string} path @param {number} n @param {number[]} pids
 * @param {{ tree?: number }} [o]  the primary's pid: its other descendants are read too (heldGets)
 * @returns {Promise<Reply[]>}
 */
export declare function getManyHeld(port: number, path: string, n: number, pids: number[], { tree }?: {
    tree?: number;
}): Promise<Reply[]>;
/**
 * n GETs at once, each on a new connection, every one held open until all
 * have answered; then which of the processes (openNow) held each,
 * read once. How a cluster deals connections that arrive together, where
 * getManyHeld shows one at a time.
 * @param {number} port @param {string} path @param {number} n @param {number[]} pids
 * @param {{ tree?: number }} [o]
 * @returns {Promise<Reply[]>}
 */
export declare function getBurstHeld(port: number, path: string, n: number, pids: number[], { tree }?: {
    tree?: number;
}): Promise<Reply[]>;
/**
 * GETs one after another, each on a new connection that stays open once
 * answered (like get() otherwise), whose paths the
 * caller chooses as the answers come, each answer's holders read from /proc:
 * which of `pids` held its server side, the process that really served it
 * whatever name the answer gives (null off Linux). The workers' fd tables are
 * read as each is answered; the connection stays open until the socket table
 * is read for its batch (HELD_BATCH), once for several. A held connection does not
 * change which worker gets the next one: the primary counts a worker free
 * again once it has accepted its connection, however long that connection
 * stays open.
 *   get(path)  the answer (a Reply) once it has come; its holders are filled
 *              in once its batch is read, by end() at the latest
 *   end()      reads the last batch; every answer so far, with its holders
 *   abandon()  closes the connections still held, unread (after end(): none)
 * With `tree` (the primary's pid), the holders are read among the workers
 * and every other process descended from the primary (openNow): a
 * worker that hands its connection to a helper of its own and keeps a copy
 * is not the one holder.
 * @param {number} port @param {number[]} pids @param {{ tree?: number }} [o]
 */
export declare function heldGets(port: number, pids: number[], { tree }?: {
    tree?: number;
}): {
    /** @param {string} path @returns {Promise<Reply>} */
    get(path: string): Promise<Reply>;
    end(): Reply[];
    abandon(): void;
};
/**
 * The answers whose connection was not held by exactly the worker that named
 * itself in x-worker-pid (by the kernel's tables, read by the harness): a
 * process answering in another's name. Failed requests and replies with no
 * holders reading (off Linux) are left out.
 * @param {Reply[]} replies
 */
export declare function impostures(replies: Reply[]): Reply[];
/**
 * A few impostures in words: "answered as 101, held by 102".
 * @param {Reply[]} bad @param {number} [max]
 */
export declare function describeImpostures(bad: Reply[], max?: number): string;
/**
 * Responses per worker pid (failures under 'error').
 * @param {Reply[]} replies
 * @returns {Record<string, number>}
 */
export declare function countPids(replies: Reply[]): Record<string, number>;
/** The harness's own observer of cluster.isMaster (harness/observers/cluster-roles.cjs). */
export declare const ROLES_OBSERVER: string;
/**
 * The env that preloads the roles observer into a cluster's primary and
 * workers, writing to `dir`; after the settings' own NODE_OPTIONS, if any.
 * @param {string} dir @param {Record<string, string>} [settings]  the settings in force (ctx.env)
 */
export declare function rolesObserverEnv(dir: string, settings?: Record<string, string>): {
    NODE_OPTIONS: string;
    NCS_ROLES_DIR: string;
};
/**
 * What the roles observer wrote, one record per process (by pid).
 * @param {string} dir
 * @returns {Record<string, { pid: number, hasIsMaster: boolean, isMaster: boolean | null, isPrimary: boolean, isWorker: boolean }>}
 */
export declare function readObservedRoles(dir: string): Record<string, {
    pid: number;
    hasIsMaster: boolean;
    isMaster: boolean | null;
    isPrimary: boolean;
    isWorker: boolean;
}>;
/**
 * The bytes a process has read so far through read-like system calls (rchar
 * of /proc/<pid>/io, all its threads): a request's bytes taken off a TCP
 * socket count there, in the process that read them; the messages of a
 * cluster's IPC channel (recvmsg) do not. null where it cannot be read (not
 * Linux, no such process, no I/O accounting).
 * @param {number} pid
 * @param {{ io?: (pid: number) => string }} [read]  (tests)
 * @returns {number | null}
 */
export declare function bytesRead(pid: number, { io }?: {
    io?: (pid: number) => string;
}): number | null;
/**
 * A process's life as the harness reads it from /proc/<pid>/stat: its state
 * letter (R, S, … ; Z once it has exited and is not yet waited for) and its
 * start time (clock ticks after boot: a pid taken again by another process
 * reads another). null where there is no such process; undefined where
 * /proc cannot tell (not Linux).
 * @param {number} pid
 * @param {{ stat?: (pid: number) => string }} [read]  (tests)
 * @returns {{ state: string, start: number } | null | undefined}
 */
export declare function procLife(pid: number, { stat }?: {
    stat?: (pid: number) => string;
}): {
    state: string;
    start: number;
} | null | undefined;
/**
 * Whether a process is still there (signal 0).
 * @param {number} pid
 */
export declare function alive(pid: number): boolean;
/**
 * Ask the primary to SIGKILL a worker and wait (bounded) until the process is
 * gone: reaped by the primary, which records 'exit' as it reaps it.
 * @param {import('../isolate.js').FixtureHandle} handle @param {number} pid
 * @param {{ timeoutMs?: number }} [o]
 */
export declare function killWorker(handle: import('../isolate.js').FixtureHandle, pid: number, { timeoutMs }?: {
    timeoutMs?: number;
}): Promise<boolean>;
/**
 * The cluster events the primary recorded for one worker, by name.
 * @param {any[]} events @param {number} pid
 */
export declare function eventsOf(events: any[], pid: number): any[];
/** Error code of a request a steady loop gave up on once it had stopped: still unanswered tailMs after. */
export declare const ABANDONED = "ABANDONED";
/**
 * A steady, bounded request loop: `connections` clients, each sending GETs one
 * after another on new connections, until `until()` says stop, maxRequests
 * were sent or maxMs passed. A failed request waits pauseMs before the next
 * (a refused connect returns at once: no busy spin). Once the loop stops,
 * each request still in flight that `mayGiveUp()` allowed when it was sent
 * has tailMs more to be answered; one that is not is given up (error
 * ABANDONED) rather than waited for to its timeout (a request handed to a
 * worker that was then killed is never answered). The others run to their
 * answer or their timeout.
 * @param {number} port
 * @param {{ path?: string, connections?: number, maxRequests: number, maxMs: number, pauseMs?: number, tailMs?: number, mayGiveUp?: () => boolean, until?: (r: Reply[]) => boolean, onReply?: (r: Reply, all: Reply[]) => void }} o
 */
export declare function steadyLoop(port: number, { path, connections, maxRequests, maxMs, pauseMs, tailMs, mayGiveUp, until, onReply, }: {
    path?: string;
    connections?: number;
    maxRequests: number;
    maxMs: number;
    pauseMs?: number;
    tailMs?: number;
    mayGiveUp?: () => boolean;
    until?: (r: Reply[]) => boolean;
    onReply?: (r: Reply, all: Reply[]) => void;
}): Promise<{
    replies: Reply[];
    sent: number;
    ms: number;
}>;
