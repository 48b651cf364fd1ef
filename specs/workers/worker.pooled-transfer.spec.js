import { defineSpec } from '../../harness/spec.js';
import { runWithLook } from '../../harness/kits/look.js';
import { readFileSync, readdirSync } from 'node:fs';

// One trial (fixtures/worker-transfer.cjs): worker.postMessage(buf, [buf.buffer])
// for buf = Buffer.from('small') (from Buffer's pool, beside a neighbour with a
// marker), then a plain ArrayBuffer in its own transfer list; the worker then
// reports everything it received.
const PLAIN = { type: 'ArrayBuffer', length: 16, text: 'plain-arraybuffe' };

/** @param {any} r @param {{ type: string, length: number, text: string }} want */
const same = (r, want) => !!r && r.type === want.type && r.length === want.length && r.text === want.text;

/** How much memory the big transfer added: its peak, where read, else the resident memory after. @param {any} big */
const grown = (big) => big.peakGrowth ?? big.rssGrowth;

/**
 * "Detached in the sender": the sender can no longer reach the plain ArrayBuffer's
 * bytes, read past any property put on it (fixtures/worker-transfer.cjs reach(), with
 * the getters it took before anything else loaded): byteLength 0 in its internal slot,
 * a view made before the transfer reads length 0 and no byte (undefined, before and
 * after a write to it), a new view throws a TypeError, and nothing shadows its
 * byteLength (no own property). Honest, on Node 20.20, 22.23, 24.22 and 26.12 alike:
 * 0, 0, none, none, TypeError, no own property, every run (the language's rule, no
 * noise). A copy left attached with an own byteLength of 0 (plain-detach-faked) reads
 * 16, 16, 112 ('p'), 33 (the write kept), no error, ['byteLength']. The claim's
 * "detached (byteLength 0)" is the slot's 0 and no way left to the bytes (the old view,
 * the new one); no own property says the 0 read as byteLength was the ArrayBuffer's.
 * Null where the record is from before these were read (left out).
 * @param {any} d  plain.detach
 */
function unreachable(d) {
  if (!d) return null;
  const ok =
    d.byteLength === 0 &&
    d.viewLength === 0 &&
    d.read === null &&
    d.readAfterWrite === null &&
    d.newView === 'TypeError' &&
    d.ownKeys.length === 0;
  const text = ok
    ? 'the sender cannot reach it (byteLength 0 in its slot, a view made before reads length 0 and no byte, a new view throws TypeError)'
    : `the sender still reaches it: byteLength ${d.byteLength} in its slot${d.ownKeys.length ? ` (own properties: ${d.ownKeys.join(', ')})` : ''}, a view made before reads length ${d.viewLength}, byte ${d.read ?? 'none'}, after a write ${d.readAfterWrite ?? 'none'}, a new view ${d.newView ? `throws ${d.newView}` : 'made without error'}`;
  return { ok, text };
}

/**
 * "Sends a copy" (Node 20): the worker's ArrayBuffer holds every byte of the sender's
 * pool as sent. The fixture fills the pool, besides the neighbour and 'small', with
 * bytes drawn at random and reports a sha256 of the whole pool when sent; the worker
 * reports one of all it received. Honest Node 20.20: the same, every run (about 32-40
 * of 8192 bytes 0 both sides). A copy of only the 4 KiB pages around 'small', the rest
 * 0 (pooled-copy-page-only): another hash, 4119 bytes 0 against 35. Null where either
 * hash is missing (left out).
 * @param {any} pooled @param {any} got  what the worker received first
 */
function wholePool(pooled, got) {
  if (!pooled.poolHash || !got?.hash) return null;
  const ok = got.hash === pooled.poolHash;
  const text = ok
    ? `its ${got.backing} bytes the same as the sender's pool, byte for byte (sha256)`
    : `its ${got.backing} bytes not the sender's pool (another sha256; ${got.zeros} bytes 0 against ${pooled.poolZeros} in the pool): not a copy of it`;
  return { ok, text };
}

/** The big ArrayBuffer's size (fixtures/worker-transfer.cjs BIG). */
const BIG = 32 * 1024 * 1024;
/**
 * Bytes the sender may read and write (rchar + wchar: files, pipes, sockets) over the
 * big move: a move copies none, and the model's only traffic is the look's own IPC
 * (16 + 79 bytes measured) and the loop's wake-ups; a spill of the bytes anywhere
 * outside the process is BIG each way. 1/32 of BIG: far from both.
 */
const IO_MOST = BIG / 32;
/** The share of a copy's CPU (copyCost) a move may take: a copy of the bytes, however made, costs at least one. */
const CPU_SHARE = 0.5;

/** A process's rchar and wchar (/proc/<pid>/io, every thread's, the ended ones' too); null where unread. @param {string} text */
export function ioChars(text) {
  const r = /^rchar:\s*(\d+)$/m.exec(text);
  const w = /^wchar:\s*(\d+)$/m.exec(text);
  return r && w ? { rchar: Number(r[1]), wchar: Number(w[1]) } : null;
}

/**
 * What the harness reads of the fixture from outside at one of its 'held's: its I/O
 * (rchar, wchar) and each live thread's on-CPU ns (schedstat); null off Linux.
 * @param {number} pid @param {any} m
 */
function lookAt(pid, m) {
  if (process.platform !== 'linux') return null;
  const io = ioChars(readFileSync(`/proc/${pid}/io`, 'utf8'));
  /** @type {Record<string, number>} */
  const cpuNs = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      cpuNs[tid] = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile: not in this look
    }
  }
  return io && { phase: m.phase, ...io, cpuNs };
}

/** This thread's on-CPU ns (Linux), or null. */
function threadCpuNs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/** @type {number | null | undefined} */
let copyCostCached;
/**
 * What a copy of BIG bytes costs on this machine, measured here (the harness's own
 * thread, its on-CPU time): a fresh allocation of BIG, every byte copied into it
 * (Buffer.from of a buffer); the least of three, once per run. 24–37 ms measured on
 * this VM (2 CPUs, Node 20.20). null off Linux.
 * @returns {number | null} ms
 */
export function copyCost() {
  if (copyCostCached !== undefined) return copyCostCached;
  if (threadCpuNs() === null) return (copyCostCached = null);
  const src = Buffer.alloc(BIG, 7);
  let least = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = /** @type {number} */ (threadCpuNs());
    const copy = Buffer.from(src);
    least = Math.min(least, /** @type {number} */ (threadCpuNs() - t0) / 1e6);
    copy[0] = 1;
  }
  return (copyCostCached = Math.round(least * 100) / 100);
}

/**
 * The big move as the harness read it from outside the sender: the I/O (rchar + wchar)
 * and CPU (every thread's) from just before its postMessage to the worker's answer
 * that it has it; null where there is no look (records from before it, not Linux),
 * missing where the fixture did not stop for both.
 * @param {any[]} looks  lookAt's readings, in order
 * @param {number | null} copyMs  copyCost()
 */
export function bigLook(looks, copyMs) {
  if (process.platform !== 'linux') return null;
  const [a, b] = looks.filter((l) => l?.phase === 'before-big' || l?.phase === 'after-big');
  if (!a || !b || a.phase !== 'before-big' || b.phase !== 'after-big') return { missing: true };
  const gone = Object.keys(a.cpuNs).filter((t) => !(t in b.cpuNs));
  const cpuNs = Object.entries(b.cpuNs).reduce((sum, [t, ns]) => sum + ns - (a.cpuNs[t] ?? 0), 0);
  return {
    ioBytes: b.rchar - a.rchar + (b.wchar - a.wchar),
    cpuMs: Math.round(cpuNs / 1e4) / 100,
    threadsGone: gone.length,
    copyMs,
  };
}

/**
 * "Moved", read from outside the sender over the big move (fixtures/worker-transfer.cjs
 * says 'held' just before the postMessage and once the worker has it; bigLook): a move
 * hands the memory over and copies nothing, so the sender neither reads nor writes its
 * bytes anywhere (rchar + wchar under IO_MOST) nor spends a copy's CPU (under CPU_SHARE
 * of copyCost, a copy of BIG measured by the harness). Honest (Node 20.20, 2 CPUs):
 * 95 bytes of I/O (the look's IPC), 3.5–6.4 ms of CPU against copies of 24–37 ms. The
 * bytes spilled to a file, the original freed and read back into a new one
 * (plain-transfer-spilled): 64 MiB of I/O, 80–144 ms of CPU; a copy held in memory
 * however packed (compressed, say) costs its CPU. A thread that ended within the move
 * takes its CPU with it: void then (the I/O still judged: /proc/<pid>/io keeps the ended
 * threads'). Null where not read (records from before it, not Linux).
 * @param {any} look  bigLook's
 * @returns {{ ok: boolean, text: string, void?: boolean } | null}
 */
export function movedUnseen(look) {
  if (!look) return null;
  if (look.missing)
    return {
      ok: false,
      text: 'the sender did not stop for the look around the big move: nothing read of it from outside',
    };
  const ioOk = look.ioBytes < IO_MOST;
  const cpuRead = look.copyMs != null && look.threadsGone === 0;
  const cpuOk = !cpuRead || look.cpuMs < CPU_SHARE * look.copyMs;
  const kib = (/** @type {number} */ b) => `${Math.round(b / 1024)} KiB`;
  return {
    ok: ioOk && cpuOk,
    ...(ioOk && !cpuRead && look.copyMs != null ? { void: true } : {}),
    text:
      `over the big move the sender read and wrote ${kib(look.ioBytes)} (rchar + wchar; a move: none, a spill: ${kib(2 * BIG)})` +
      (cpuRead
        ? ` and spent ${look.cpuMs} ms of CPU (a copy of its bytes here: ${look.copyMs} ms)`
        : look.copyMs != null
          ? `; ${look.threadsGone} thread(s) ended within it, taking their CPU: its CPU unread`
          : '') +
      (ioOk && cpuOk ? '' : ': its bytes were copied, not moved'),
  };
}

/**
 * What the trial shows, against what this Node version should do.
 * @param {any} obs @param {boolean} copies  Node 20: the pooled transfer is silently a copy
 */
function checkTransfer(obs, copies) {
  const { pool, pooled, plain, received } = obs;
  if (!pool.pooled)
    return {
      ok: false,
      invalid: true,
      detail: `Buffer.from('small') was not from the pool (ArrayBuffer of ${pool.backing} bytes, shared: ${pool.shared})`,
    };
  const intact = pooled.after.backing === pool.backing && pooled.after.text === 'small';
  const neighbour = pooled.after.neighbour === pooled.neighbourText;
  const reach = unreachable(plain.detach);
  const plainOk = plain.threw === null && plain.byteLengthAfter === 0 && (reach?.ok ?? true);
  // "moved", not copied and the sender's detached: a big one adds no memory of
  // its size (absent in records from before it was sent)
  const big = plain.big;
  // ... and copied nowhere else on the way, read from outside (null: unread)
  const unseen = movedUnseen(obs.bigLook);
  const bigOk =
    !big ||
    (big.threw === null &&
      big.byteLengthAfter === 0 &&
      big.received === big.bytes &&
      grown(big) < big.bytes / 2 &&
      unseen?.ok !== false);
  const mib = (/** @type {number} */ b) => `${Math.round(b / 1048576)} MiB`;
  const grownText = big
    ? `${big.peakGrowth == null ? 'resident memory grew' : 'peak resident memory grew'} ${mib(grown(big))}`
    : '';
  const bigText = big
    ? `; a ${mib(big.bytes)} one: ${big.threw ? `threw ${big.threw.name}` : 'no error'}, byteLength ${big.byteLengthAfter} after, the worker got ${big.received === null ? 'nothing' : `${mib(big.received)}`}, the process's ${grownText} (moved: about none; a copy: ${mib(big.bytes)})` +
      (unseen ? `, ${unseen.text}` : '')
    : '';
  // a copy, not memory shared with the sender: what the worker wrote to it stays in the
  // worker, and it is an ArrayBuffer's (both absent in records from before they were read)
  const unshared =
    (pooled.afterWorker === undefined || pooled.afterWorker === 'small') &&
    (received[0]?.bufferType === undefined || received[0].bufferType === 'ArrayBuffer');
  const whole = copies && received.length === 2 ? wholePool(pooled, received[0]) : null;
  const copy =
    received.length === 2 &&
    same(received[0], { type: 'Uint8Array', length: 5, text: 'small' }) &&
    unshared &&
    (whole?.ok ?? true);
  const plainGot = same(received[received.length - 1], PLAIN);
  const pooledOk = copies
    ? pooled.threw === null && copy
    : pooled.threw?.name === 'DataCloneError' && received.length === 1;
  const got = received
    .map(
      (/** @type {any} */ r) =>
        `${r.type}(${r.length}) '${r.text}'${r.type === 'ArrayBuffer' ? '' : ` on a ${r.backing}-byte ${r.bufferType ?? 'ArrayBuffer'}${r.marker ? ' holding the neighbour' : ''}`}`,
    )
    .join(', ');
  const written =
    pooled.afterWorker === undefined || !copies
      ? ''
      : pooled.afterWorker === 'small'
        ? "; the worker's write to what it received left the sender's 'small' as it was"
        : `; after the worker wrote to what it received, the sender's Buffer read '${pooled.afterWorker}': the memory is shared, not copied`;
  const ok = pooledOk && intact && neighbour && plainOk && plainGot && bigOk;
  return {
    ok,
    // the move's CPU unread where a thread ended within it, and nothing else against: void
    ...(ok && unseen?.void ? { invalid: true } : {}),
    detail:
      `pooled Buffer (ArrayBuffer of ${pool.backing} bytes): ${pooled.threw ? `threw ${pooled.threw.name}` : 'no error'}, ` +
      `${intact ? 'not detached, still reads' : `now ${pooled.after.backing} bytes, reads`} '${pooled.after.text}'${neighbour ? '' : ', its neighbour changed'}; ` +
      `plain ArrayBuffer: ${plain.threw ? `threw ${plain.threw.name}` : 'no error'}, byteLength ${plain.byteLengthAfter} after${reach ? `, ${reach.text}` : ''}${bigText}; ` +
      `the worker received ${got || 'nothing'} (expected ${copies ? "a copy of 'small', then the ArrayBuffer" : 'the ArrayBuffer only'})${whole ? `, the first ${whole.text}` : ''}${written}`,
  };
}

export default defineSpec({
  id: 'worker.pooled-transfer',
  title: "Transferring a pooled Buffer's ArrayBuffer: a silent copy on Node 20, DataCloneError from 21",
  area: 'workers',
  claim:
    "worker.postMessage(buf, [buf.buffer]) for a small Buffer from Buffer's pool (Buffer.from('small')) silently sends a copy on Node 20 and throws a DataCloneError from Node 21, sending nothing; either way the pool is not detached. A plain ArrayBuffer in the transfer list is moved: detached (byteLength 0) in the sender.",
  truth:
    "True as stated. Node 20: no error, the Buffer stays usable, and the worker gets a Uint8Array of the 5 bytes whose ArrayBuffer is a copy of the whole pool (8192 bytes, the neighbouring Buffers' bytes included). Node 22, 24 and 26: DataCloneError ('Cannot transfer object of unsupported type'), nothing sent, the pool intact (the pool's ArrayBuffer measured 8192 bytes up to 24.16.0, 65536 on 24.21.0, 65600 on 26.10.0). A plain ArrayBuffer is detached on all.",
  expected: 'holds',
  tags: ['structural', 'version'],
  requires: [],
  source: {
    file: 'https://github.com/nodejs/node/pull/47604',
    section: 'src: throw DataCloneError on transfering untransferable objects (semver-major, 21.0.0)',
    figures: null,
  },
  plan: (ctx) => {
    const copies = ctx.node.major < 21;
    const outcome = copies
      ? 'the pooled transfer is silently a copy (no error)'
      : 'the pooled transfer throws DataCloneError (nothing sent)';
    return {
      summary: `Node ${ctx.node.version}: ${outcome}; the pool stays attached; a plain ArrayBuffer is detached and received, and a ${BIG / 1048576} MiB one moved: no growth of the peak resident memory, and (read from outside the sender over its transfer) under ${IO_MOST / 1024} KiB of I/O and under ${CPU_SHARE} of a ${BIG / 1048576} MiB copy's CPU.`,
      model: { outcome, plainDetached: true },
      trial: async (c) => {
        const copyMs = copyCost();
        const { data, looks } = await runWithLook(
          c,
          'worker-transfer.cjs',
          { options: { look: true }, timeoutMs: 15_000 },
          lookAt,
        );
        return { ...data, bigLook: bigLook(looks, copyMs) };
      },
      structural: {
        asserts: copies
          ? 'the pooled transfer sends a copy, no error, the pool attached; a plain ArrayBuffer moves'
          : 'the pooled transfer throws DataCloneError, sends nothing, pool intact; a plain one moves',
        need: 2,
        check: (obs) => checkTransfer(obs, copies),
      },
    };
  },
});
