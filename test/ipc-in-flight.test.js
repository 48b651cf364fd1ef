// cluster.ipc: one more ping caught in flight in the primary's end of the worker's
// channel (ipc-over-udp): the ss parser, how the reading is judged, and the hold on a
// real cluster (Linux, with ss).
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { execFileSync } from 'node:child_process';
import { startFixture } from '../harness/isolate.js';
import ipcSpec, {
  heldPing,
  heldPingCheck,
  unixQueues,
  primaryChannelQueue,
  readWorkerSockets,
  PAD,
} from '../specs/cluster/cluster.ipc.spec.js';

const LINUX = process.platform === 'linux';
const HAS_SS = (() => {
  try {
    execFileSync('ss', ['-V'], { stdio: 'ignore' });
    return LINUX;
  } catch {
    return false;
  }
})();

/** @param {any} spec */
const checkOf = (spec) => spec.plan(/** @type {any} */ ({ node: { version: 'v20' }, cores: 2 })).structural.check;

describe('cluster.ipc: a ping caught in flight waits in the channel (ipc-over-udp)', () => {
  it('reads the unix sockets’ queues from ss -x, and the primary’s end of a worker’s channel', () => {
    const text = [
      'Netid State Recv-Q Send-Q   Local Address:Port   Peer Address:Port Process',
      'u_str ESTAB 0      67072                * 9634170            * 9634169       ',
      'u_str ESTAB 65547  0                    * 9634169            * 9634170       ',
      'u_str ESTAB 0      0      /run/dbus/system_bus_socket 1234   * 5678',
      'u_dgr ESTAB 0      0                    * 42                 * 43',
    ].join('\n');
    const q = unixQueues(text);
    expect(q.get('9634169')).toEqual({ recvQ: 65547, sendQ: 0, peer: '9634170' });
    expect(q.get('9634170')).toEqual({ recvQ: 0, sendQ: 67072, peer: '9634169' });
    expect(q.get('1234')).toEqual({ recvQ: 0, sendQ: 0, peer: '5678' });
    expect(q.size).toBe(4);
    // the worker's channel is 9634170: the primary's end (its peer) holds 65547 B
    expect(primaryChannelQueue(q, '9634170')).toBe(65547);
    expect(primaryChannelQueue(q, '999')).toBeNull();
    expect(primaryChannelQueue(null, '9634170')).toBeNull();
    expect(primaryChannelQueue(q, null)).toBeNull();
  });

  const obs = { primaryPid: 9, workerPids: [1, 2], completed: 6, errors: [], pingers: [1, 2], primaries: [9] };
  const rest = { roundTripMs: [0.1], withToken: 6, noncesReceived: 6, withProof: 6, liveNonces: 6 };
  const held = (/** @type {any} */ h) => ({ worker: 1, heldMs: 30, looks: 1, answered: true, status: 200, ...h });

  it('passes the ping in the channel, fails it elsewhere once the worker waits, voids a worker that never settled', () => {
    // honest: 65630 B (the ping) in the primary's end on the first look
    const honest = heldPingCheck({ held: held({ queuedB: 65630, settled: false }) });
    expect(honest).toMatchObject({ ok: true, void: false });
    expect(honest.detail).toMatch(/65630 B waiting in the primary's end of its channel/);
    // ipc-over-udp: 144 B (the worker's bind request), the worker waiting for its pong
    const udp = heldPingCheck({ held: held({ queuedB: 144, settled: true, heldMs: 62 }) });
    expect(udp).toMatchObject({ ok: false, void: false });
    expect(udp.detail).toMatch(
      /144 B waiting .*expected at least the ping's 65536 B\), the worker waiting for its pong/,
    );
    // nothing queued and the worker never settled within the hold: undecided
    expect(heldPingCheck({ held: held({ queuedB: 0, settled: false, heldMs: 1000 }) })).toMatchObject({
      ok: false,
      void: true,
    });
    // the round trip did not complete once the primary went on
    expect(heldPingCheck({ held: held({ queuedB: 65630, answered: false, status: 504 }) })).toMatchObject({
      ok: false,
      void: false,
    });
    // the queue not read (no ss): left out, the answer still judged
    expect(heldPingCheck({ held: held({ queuedB: null, settled: true }) }).ok).toBe(true);
    // nothing caught (not Linux, records before it): left out
    expect(heldPingCheck({})).toEqual({ ok: true, void: false, detail: '' });
    expect(PAD).toBe(65536);
  });

  it('the claim’s check: fails a ping sent elsewhere, voids an undecided one, passes the channel', () => {
    const check = checkOf(ipcSpec);
    expect(check({ ...obs, ...rest, held: held({ queuedB: 65630, settled: false }) }).ok).toBe(true);
    const udp = check({ ...obs, ...rest, held: held({ queuedB: 144, settled: true }) });
    expect(udp.ok).toBe(false);
    expect(udp.invalid).toBeUndefined();
    expect(check({ ...obs, ...rest, held: held({ queuedB: 0, settled: false }) })).toMatchObject({
      ok: false,
      invalid: true,
    });
    // another reading against the claim: a fail, void or not
    expect(
      check({ ...obs, ...rest, withProof: 0, held: held({ queuedB: 0, settled: false }) }).invalid,
    ).toBeUndefined();
    expect(check({ ...obs, ...rest }).ok).toBe(true);
  });

  it('on the real cluster: the held primary’s end of the channel holds the ping', { skip: !HAS_SS }, async () => {
    const h = startFixture({
      node: process.execPath,
      fixture: 'cluster-server.cjs',
      options: { workers: 2 },
      env: {},
      timeoutMs: 20_000,
    });
    try {
      const info = await h.ready;
      const caught = await heldPing({
        port: info.port,
        primaryPid: info.primaryPid,
        workerPids: info.workerPids,
        path: `/ipc?nonce=n1&pad=${PAD}`,
        minBytes: PAD,
        readSockets: () => readWorkerSockets(info.port, info.primaryPid, info.workerPids),
      });
      expect(caught?.queuedB).toBeGreaterThanOrEqual(PAD);
      expect(info.workerPids).toContain(caught?.worker);
      expect(caught?.reply.status).toBe(200);
      expect(caught?.reply.body.padBack).toBe(true);
      const sockets = /** @type {any} */ (caught?.sockets);
      for (const w of Object.values(sockets)) expect(w).toMatchObject({ channel: true, toPrimary: [], others: [] });
    } finally {
      await h.stop().catch(() => {});
    }
  });
});
