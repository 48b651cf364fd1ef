import { defineSpec } from '../../harness/spec.js';
import { poolSize, madeRequest } from '../../harness/kits/pool.js';
import { ioUringRule, kernelRefuses, closeOnRing } from '../../harness/kits/io-uring.js';
import { runWithLook, taskIo } from '../../harness/kits/look.js';

// Where libuv sends fs requests, and why: harness/kits/io-uring.js. The
// harness runs every fixture with UV_USE_IO_URING=0 and a spec can set a
// variable but not remove it, so the fixture runs with =1 and starts a child
// with the variable removed (the default this claim is about); each holds its
// own pool. Each holds its pool 30 to 60 % longer than its holdMs (heldMs, drawn
// in the fixture at the hold's start): a result timed from the options
// (fs-done-at-hold: work done at once, handed over at holdMs + 40 ms) comes
// with the pool held. Honest: every call waits for the release whatever the
// draw (heldMs 326 to 400 ms in 60 cases, Node 20.20.2).
const OPS = ['stat', 'open', 'read', 'close', 'promises', 'stream'];
const OP_TEXT = {
  stat: 'fs.stat',
  open: 'fs.open',
  read: 'fs.read',
  close: 'fs.close',
  promises: 'fs.promises.readFile',
  stream: 'a read stream',
};
// libuv closes through io_uring only on kernels from 6.1 (io-uring.js closeOnRing);
// fs.promises.readFile ends with a close.
const NEEDS_CLOSE = ['close', 'promises'];
// The requests an fs call makes (FSREQCALLBACK; fs.promises' FSREQPROMISE, or on Node 26 its one-trip readFile's FSREQCALLBACK)
const FS_REQUESTS = ['FSREQCALLBACK', 'FSREQPROMISE'];
const CASES = [
  { name: 'unset', ioUring: null, text: 'UV_USE_IO_URING unset' },
  { name: 'set', ioUring: '1', text: 'UV_USE_IO_URING=1' },
];

/**
 * The most the fixture's main thread may read (bytes, /proc rchar) while the
 * fs calls of the case it measures itself run: from just before they start to
 * once they are through, read by the harness from outside (runWithLook,
 * taskIo). On the pool or on io_uring their reads are not the main
 * thread's; done there synchronously (uring-inline: stat, open, read and close
 * inline, each result handed over when a decoy request returns) fs.read alone
 * adds the 64 KiB it reads, the read stream 64 KiB more. Honest: 0 to 8 bytes
 * on Node 20.20.2 (io_uring with =1: an eventfd's 8 bytes at most), up to 856
 * on 22, 24 and 26 (the calls wait for the pool: the other case's child
 * reports meanwhile); uring-inline: 131,072 on 20, 65,536 on 22 to 26.
 */
export const MAIN_READ_BYTES = 16384;

/**
 * The main thread's reads while the fs calls ran (`mainRead`, the case the
 * fixture measures in its own process), as a part; null where not read.
 * @param {{ mainRead?: { syscr: number, rchar: number } | null }} s
 * @returns {{ ok: boolean, text: string } | null}
 */
export function mainReads(s) {
  const r = s.mainRead;
  if (!r) return null;
  const ok = r.rchar < MAIN_READ_BYTES;
  return {
    ok,
    text:
      `the main thread read ${r.rchar} bytes in ${r.syscr} reads while they ran (read from outside)` +
      (ok ? '' : ` (expected under ${MAIN_READ_BYTES}: the calls' reads are not the main thread's)`),
  };
}

/**
 * The fewest fs requests (FSREQCALLBACK) the read stream's own census may
 * hold: its open and its reads of the 64 KiB file (one whole, one at the end
 * of the file) are each a request to libuv, each made from the last one's
 * callback. Honest: 4 on Node 20.20.2, either case (open, two reads, close).
 * A stream whose open's result comes from elsewhere (fs-done-at-hold: opened
 * on the main thread and handed over from a ticker) counts 1, the decoy stat:
 * its reads were not made from its own requests.
 */
export const STREAM_REQUESTS = 3;

/**
 * Whether the read stream's requests are its own (open, then its reads), as
 * a part; null where no census was taken.
 * @param {Record<string, number> | undefined} requests  the stream's census
 * @returns {{ ok: boolean, text: string } | null}
 */
export function streamRequests(requests) {
  if (!requests) return null;
  const n = requests.FSREQCALLBACK ?? 0;
  const ok = n >= STREAM_REQUESTS;
  return {
    ok,
    text:
      `the read stream made ${n} fs requests` +
      (ok ? '' : ` (expected ${STREAM_REQUESTS} or more: its open and reads, each from the last)`),
  };
}

/**
 * A trial: fixtures/pool-parked.cjs (fs-cases) with UV_USE_IO_URING=1; the
 * harness reads the main thread's reads at the two looks the fixture's own
 * case asks for (before its calls start, once they are through) and gives
 * their difference to that case (`mainRead`). Not under Node options (a
 * preload may read files on the main thread then): the fixture's readings alone.
 * @param {import('../../harness/context.js').Context} c @param {object} options
 */
export async function fsCasesTrial(c, options) {
  const o = { options, env: { UV_USE_IO_URING: '1' }, timeoutMs: 20_000 };
  if (c.platform !== 'linux' || c.env?.NODE_OPTIONS) return c.run('pool-parked.cjs', o);
  const { data, looks } = await runWithLook(
    c,
    'pool-parked.cjs',
    { ...o, options: { ...options, look: true } },
    (pid) => taskIo(pid),
  );
  const [a, b] = looks;
  const mainRead = looks.length === 2 && a && b ? { syscr: b.syscr - a.syscr, rchar: b.rchar - a.rchar } : null;
  return {
    ...data,
    cases: data.cases.map((/** @type {any} */ s) =>
      s.looked?.length === 2 && s.looked.every(Boolean) ? { ...s, mainRead } : s,
    ),
  };
}

/**
 * The model for this machine: per case, whether fs requests go to the ring
 * and so which operations complete while the pool is held.
 * @param {import('../../harness/context.js').Context} ctx
 * @param {() => string} [readDisabled]
 */
export function fsModel(ctx, readDisabled) {
  const rule = ioUringRule(ctx.node);
  const refused = rule === 'pool' ? null : kernelRefuses(ctx, readDisabled);
  const closes = closeOnRing(ctx);
  const cases = CASES.map((c) => {
    const ring = refused === null && (rule === 'default' || (rule === 'opt-in' && c.ioUring === '1'));
    const early = ring ? OPS.filter((op) => closes || !NEEDS_CLOSE.includes(op)) : [];
    return { ...c, ring, early };
  });
  return { rule, refused, closeOnRing: closes, cases };
}

/** 'fs.stat, fs.open and fs.read'. @param {string[]} ops */
const list = (ops) => {
  const t = ops.map((op) => OP_TEXT[/** @type {keyof typeof OP_TEXT} */ (op)]);
  return t.length <= 1 ? t.join('') : `${t.slice(0, -1).join(', ')} and ${t.at(-1)}`;
};

/** What one case does, in words. @param {{ ring: boolean, early: string[] }} c */
const caseText = (c) =>
  c.ring
    ? `${list(c.early)} skip the pool (io_uring)${c.early.length < OPS.length ? `, ${list(OPS.filter((op) => !c.early.includes(op)))} wait` : ''}`
    : 'every fs call waits for the pool';

/**
 * What the structural check asserts: which fs calls complete with every pool
 * thread held, with the variable unset and with =1 (the cases, in order).
 * @param {{ ring: boolean }[]} cases
 */
function heldAsserts(cases) {
  const done = (/** @type {{ ring: boolean }} */ c) => (c.ring ? 'those on io_uring' : 'none');
  if (cases[0].ring === cases[1].ring)
    return `with every pool thread held ${cases[0].ring ? 'the fs calls on io_uring complete' : 'no fs call completes'}, UV_USE_IO_URING unset or =1`;
  return `fs calls done with the pool held: ${done(cases[0])} unset, ${done(cases[1])} with UV_USE_IO_URING=1`;
}

export default defineSpec({
  id: 'pool.fs-io-uring',
  title: 'Async fs calls always wait for the thread pool',
  area: 'threadpool',
  claim:
    'Asynchronous fs calls (stat, open, read, close, fs.promises, streams) always run on the libuv pool, so with every pool thread busy none of them completes.',
  truth:
    'Depends on the version (Linux): Node 20.3.0 to 20.11.0 (libuv 1.45–1.46) sends them to io_uring by default, so they complete with the pool held; 20.11.1+ and 22.0–22.11 only with UV_USE_IO_URING=1; from libuv 1.49 (22.12+, 24, 26) they always wait for the pool and the variable has no effect. Measured on 20.10.0 (io_uring either way), 20.20.2 (io_uring only with =1), 22.17, 22.23, 24.2–24.21 and 26.10 (always the pool). fs.access and fs.copyFile never use io_uring.',
  expected: 'holds',
  tags: ['structural', 'fifo-probe', 'version'],
  requires: ['linux'],
  source: {
    file: 'https://github.com/libuv/libuv/pull/4492',
    section: 'linux: disable SQPOLL io_uring by default (and docs/src/fs.rst on io_uring)',
    figures: null,
  },
  plan(ctx) {
    const P = poolSize(ctx);
    const model = fsModel(ctx);
    const byDefault = model.cases[0];
    const outcome = model.cases.map((c) => `${c.text}: ${caseText(c)}`).join('; ');
    return {
      expected: byDefault.ring ? 'refuted' : 'holds',
      summary:
        `All ${P} pool threads held in fs.copyFile from a FIFO; meanwhile ${list(OPS)}, and fs.access as the control that must wait. ` +
        `Node ${ctx.node.version} (libuv ${ctx.node.uv}): ${outcome}${model.refused ? ` (${model.refused})` : ''}.`,
      model: {
        P,
        rule: model.rule,
        refused: model.refused,
        closeOnRing: model.closeOnRing,
        cases: model.cases.map(({ name, text, ring, early }) => ({ name, text, ring, early })),
        outcome,
      },
      // The fixture measures the =1 case itself and starts a child for the other.
      trial: (c) =>
        fsCasesTrial(c, {
          mode: 'fs-cases',
          pool: c.poolSize,
          cases: CASES.map(({ name, ioUring }) => ({ name, ioUring })),
        }),
      structural: {
        asserts: heldAsserts(model.cases),
        need: 2, // which calls completed while the pool was held: exact
        check(obs) {
          /** @type {string[]} */
          const parts = [];
          let ok = true;
          let sizeFail = false;
          let invalid = null;
          model.cases.forEach((want, i) => {
            const s = obs.cases[i];
            const early = OPS.filter((op) => s.ops[op].before);
            const errors = OPS.filter((op) => s.ops[op].error).map((op) => `${op}: ${s.ops[op].error}`);
            const sized =
              (s.parked === null || s.parked === s.P) &&
              (s.poolThreads === null || s.poolThreads === s.P) &&
              (s.parkedNow === null || s.parkedNow === s.P);
            const sqpoll = s.rings?.sqpoll ?? null;
            // each call's own fs request is what waited (or went to the ring)
            const notOwn = OPS.map((op) => madeRequest(s.ops[op].requests, FS_REQUESTS, OP_TEXT[op])).filter(
              (r) => r && !r.ok,
            );
            // and the stream's reads came from its own open (its census: open and reads)
            const stream = streamRequests(s.ops.stream.requests);
            if (stream && !stream.ok) notOwn.push(stream);
            // The hold's length is drawn in the fixture (heldMs, in no option): a
            // result handed over at a time from the options comes with the pool held.
            const held = s.heldMs ? ` (held ${s.heldMs} ms)` : '';
            const text = `${want.text}: ${early.length ? `${list(early)} completed with the pool held` : 'none completed with the pool held'}${held}`;
            if (!sized) {
              ok = false;
              sizeFail = true;
              parts.push(
                `${text}, but the pool has ${s.poolThreads ?? '?'} threads, ${s.parkedNow ?? s.parked ?? '?'} held (expected ${s.P} and ${s.P})`,
              );
              return;
            }
            if (s.controls.access.before)
              invalid ??= `${want.text}: the control fs.access completed with the pool held`;
            if (want.ring && sqpoll === 0)
              invalid ??= `${want.text}: no io_uring ring with a polling thread was set up (io_uring refused here, e.g. by seccomp)`;
            // where they ran: not on the main thread (its reads meanwhile, from outside)
            const main = mainReads(s);
            const placed =
              errors.length === 0 &&
              early.length === want.early.length &&
              early.every((op) => want.early.includes(op)) &&
              (sqpoll === null || want.ring === sqpoll > 0) &&
              notOwn.length === 0 &&
              OPS.every((op) => s.ops[op].done);
            const good = placed && main?.ok !== false;
            ok &&= good;
            parts.push(
              `${text}${sqpoll === null ? '' : ` (${sqpoll} polling io_uring rings)`}${errors.length ? `; errors ${errors.join(', ')}` : ''}${notOwn.length ? `; ${notOwn.map((r) => r?.text).join('; ')}` : ''}${main ? `; ${main.text}` : ''}${placed ? '' : ` (expected: ${caseText(want)})`}`,
            );
          });
          const detail = `with all ${obs.cases[0]?.P} pool threads held: ${parts.join('; ')}; fs.access waited`;
          // A pool of another size fails the claim's premise; a blocker that did not hold decides nothing.
          if (invalid && !sizeFail) return { ok: false, invalid: true, detail: `${invalid}: ${parts.join('; ')}` };
          return { ok, detail };
        },
      },
    };
  },
});
