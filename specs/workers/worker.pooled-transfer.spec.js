import { defineSpec } from '../../harness/spec.js';
import { runWithLook } from '../../harness/kits/look.js';
import { readFileSync } from 'node:fs';
import { readThreadCpu, cpuBetween, GONE_SLACK_MS } from '../../harness/kits/thread-cpu.js';

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

/** A process's rchar and wchar (/proc/<pid>/io, every thread's, the ended ones' too); null where unread. @param {string} text */
export function ioChars(text) {
  const r = /^rchar:\s*(\d+)$/m.exec(text);
  const w = /^wchar:\s*(\d+)$/m.exec(text);
  return r && w ? { rchar: Number(r[1]), wchar: Number(w[1]) } : null;
}

/**
 * What the harness reads of the fixture from outside at one of its 'held's: its I/O
 * (rchar, wchar) and its CPU (readThreadCpu: each live thread's and the whole process's,
 * ended threads' included); null off Linux.
 * @param {number} pid @param {any} m
 */
function lookAt(pid, m) {
  if (process.platform !== 'linux') return null;
  const io = ioChars(readFileSync(`/proc/${pid}/io`, 'utf8'));
  return io && { phase: m.phase, ...io, ...readThreadCpu(pid) };
}

/** The windows the fixture brackets with looks: a move of one page, a copy of BIG bytes (the structured clone), the big move. */
const WINDOWS = /** @type {const} */ (['page', 'copy', 'big']);

/**
 * One window between two looks (before-`name`, after-`name`): the sender's I/O
 * (rchar + wchar) and CPU: its live threads' and, beyond GONE_SLACK_MS, what threads
 * that ended within it spent (the process's whole less its live threads'). null where
 * the fixture did not stop for both.
 * @param {any[]} looks @param {string} name
 * @returns {{ ioBytes: number, cpuMs: number, goneMs: number | null } | null}
 */
function windowOf(looks, name) {
  const a = looks.find((l) => l?.phase === `before-${name}`);
  const b = looks.find((l) => l?.phase === `after-${name}`);
  if (!a || !b) return null;
  const spent = cpuBetween(a, b);
  if (!spent) return null;
  const { liveMs, goneMs } = spent;
  const r = (/** @type {number} */ x) => Math.round(x * 100) / 100;
  return {
    ioBytes: b.rchar - a.rchar + (b.wchar - a.wchar),
    cpuMs: r(liveMs + Math.max(0, (goneMs ?? 0) - GONE_SLACK_MS)),
    goneMs: goneMs === null ? null : r(goneMs),
  };
}

/**
 * The big move and its yardsticks as the harness read them from outside the sender
 * (windowOf each: a page moved, BIG bytes copied, the big move); null where there is no
 * look (records from before it, not Linux), missing where the fixture did not stop for
 * each.
 * @param {any[]} looks  lookAt's readings, in order
 */
export function bigLook(looks) {
  if (process.platform !== 'linux') return null;
  const [page, copy, big] = WINDOWS.map((w) => windowOf(looks, w));
  if (!page || !copy || !big) return { missing: true };
  return { page, copy, big };
}

/** Below this, a copy of BIG bytes costs the sender too little beyond a page's move for its CPU to tell a move from a copy. */
const COPY_APART_MS = 4;

/**
 * "Moved", read from outside the sender over the big move (fixtures/worker-transfer.cjs
 * says 'held' around each window; bigLook): a move hands the memory over and copies
 * nothing, so the sender neither reads nor writes its bytes anywhere (rchar + wchar under
 * IO_MOST) nor spends a copy's CPU: its CPU under the midpoint between a move of one page
 * (what any postMessage costs) and a copy of BIG bytes (the structured clone), both
 * measured in the same process just before, by the Node under test. A yardstick from the
 * harness's own copy (a fresh allocation, mostly page faults) would shrink on a host
 * with faster memory or transparent huge pages while a move's own cost does not. The
 * CPU of threads that ended within the window is counted (a helper thread that packs the
 * bytes and ends). Honest (Node 20.20, 2 CPUs): 95 bytes of I/O (the look's IPC); see
 * BENCHMARKS.md §54 for the CPU figures. The bytes spilled to a file, the original freed
 * and read back into a new one (plain-transfer-spilled): 64 MiB of I/O, 80–144 ms of CPU;
 * a copy held in memory however packed (compressed, say) costs its CPU. Where the copy
 * costs no more than a page's move by COPY_APART_MS, the CPU cannot tell them apart here:
 * left out, and said. null where not read (records from before it, not Linux).
 * @param {any} look  bigLook's
 * @returns {{ ok: boolean, text: string } | null}
 */
export function movedUnseen(look) {
  if (!look) return null;
  if (look.missing || !look.big)
    return {
      ok: false,
      text: 'the sender did not stop for the looks around the big move and its yardsticks: nothing read of it from outside',
    };
  const { page, copy, big } = look;
  const ioOk = big.ioBytes < IO_MOST;
  const apart = copy.cpuMs - page.cpuMs >= COPY_APART_MS;
  const cut = page.cpuMs + (copy.cpuMs - page.cpuMs) / 2;
  const cpuOk = !apart || big.cpuMs < cut;
  const kib = (/** @type {number} */ b) => `${Math.round(b / 1024)} KiB`;
  const r = (/** @type {number} */ x) => Math.round(x * 10) / 10;
  return {
    ok: ioOk && cpuOk,
    text:
      `over the big move the sender read and wrote ${kib(big.ioBytes)} (rchar + wchar; a move: none, a spill: ${kib(2 * BIG)})` +
      ` and spent ${r(big.cpuMs)} ms of CPU${big.goneMs ? ` (${r(big.goneMs)} ms in threads that ended)` : ''}` +
      ` (a page moved: ${r(page.cpuMs)} ms, its bytes copied: ${r(copy.cpuMs)} ms` +
      (apart ? `: under ${r(cut)} expected)` : `: too close to tell a move from a copy here, the CPU not judged)`) +
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
      summary: `Node ${ctx.node.version}: ${outcome}; the pool stays attached; a plain ArrayBuffer is detached and received, and a ${BIG / 1048576} MiB one moved: no growth of the peak resident memory, and (read from outside the sender over its transfer) under ${IO_MOST / 1024} KiB of I/O and under the CPU midway between a page moved and its bytes copied, both read in the same process just before.`,
      model: { outcome, plainDetached: true },
      trial: async (c) => {
        const { data, looks } = await runWithLook(
          c,
          'worker-transfer.cjs',
          { options: { look: true }, timeoutMs: 15_000 },
          lookAt,
        );
        return { ...data, bigLook: bigLook(looks) };
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
