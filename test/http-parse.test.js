// The load generator's response parser (harness/kits/http-parse.js): framing
// by Content-Length, chunked and until-close; pipelined responses in one
// piece; every split of the input giving the same answers; errors as codes.
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ResponseParser, MAX_HEAD } from '../harness/kits/http-parse.js';

/** Feed pieces; returns the responses seen, the first error and what finish() said (when asked). */
function feed(/** @type {(string | Buffer)[]} */ pieces, { eof = false } = {}) {
  /** @type {[number, boolean][]} */
  const seen = [];
  const p = new ResponseParser((status, close) => seen.push([status, close]));
  let error = null;
  for (const piece of pieces) {
    error = p.execute(Buffer.isBuffer(piece) ? piece : Buffer.from(piece, 'latin1'));
    if (error) break;
  }
  const end = eof && !error ? p.finish() : undefined;
  return { seen, error, end, idle: p.idle };
}

/** The same input split at every byte boundary into two pieces, and one byte at a time. */
function everySplit(/** @type {string} */ text, { eof = false } = {}) {
  const whole = feed([text], { eof });
  const bytes = Buffer.from(text, 'latin1');
  for (let k = 1; k < bytes.length; k++)
    expect({ k, ...feed([bytes.subarray(0, k), bytes.subarray(k)], { eof }) }).toEqual({ k, ...whole });
  expect(
    feed(
      [...bytes].map((b) => Buffer.from([b])),
      { eof },
    ),
  ).toEqual(whole);
  return whole;
}

const light =
  'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: Mon, 23 Nov 2026 10:00:00 GMT\r\n' +
  'Connection: keep-alive\r\nKeep-Alive: timeout=5\r\nContent-Length: 2\r\n\r\nok';
const closing =
  'HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\nx-worker-pid: 12\r\n' +
  'connection: close\r\ncontent-length: 27\r\n\r\n{"error":"no such route"}\r\n';
const chunked =
  'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n' +
  '5\r\nhello\r\n1;ext=1\r\n \r\nA\r\n0123456789\r\n0\r\nX-Trailer: 1\r\n\r\n';

describe('ResponseParser', () => {
  it('a response to a HEAD (expectHead) is its head alone, whatever its Content-Length; the next is read as usual', () => {
    const p = new ResponseParser((status) => seen.push(status));
    /** @type {number[]} */
    const seen = [];
    p.expectHead();
    const headOnly = light.slice(0, light.indexOf('\r\n\r\n') + 4); // Content-Length: 2, no body
    expect(p.execute(Buffer.from(headOnly + light, 'latin1'))).toBe(null);
    expect(seen).toEqual([200, 200]);
    expect(p.idle).toBe(true);
    // without it, the same head waits for its two bytes of body
    expect(feed([headOnly]).seen).toEqual([]);
  });

  it('counts a Content-Length response, split anywhere', () => {
    expect(everySplit(light)).toEqual({ seen: [[200, false]], error: null, end: undefined, idle: true });
  });

  it('reports Connection: close and the status, case-insensitive header names', () => {
    expect(everySplit(closing).seen).toEqual([[404, true]]);
  });

  it('reads chunked bodies (extensions and trailers too), split anywhere', () => {
    expect(everySplit(chunked)).toEqual({ seen: [[200, false]], error: null, end: undefined, idle: true });
    const bare = 'HTTP/1.1 201 Created\r\ntransfer-encoding: gzip, chunked\r\n\r\n0\r\n\r\n';
    expect(everySplit(bare).seen).toEqual([[201, false]]);
  });

  it('chunked wins over Content-Length', () => {
    const both = 'HTTP/1.1 200 OK\r\nContent-Length: 100\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n';
    expect(feed([both]).seen).toEqual([[200, false]]);
  });

  it('counts pipelined responses in one piece, in order, and any split of them', () => {
    const three = light + chunked + closing;
    expect(everySplit(three).seen).toEqual([
      [200, false],
      [200, false],
      [404, true],
    ]);
    expect(feed([light.repeat(50)]).seen).toHaveLength(50);
  });

  it('skips interim 1xx responses; 204 and 304 have no body', () => {
    const text =
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n' +
      'HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n';
    expect(everySplit(text).seen).toEqual([
      [200, false],
      [204, false],
      [304, false],
    ]);
  });

  it('reads a body without length until the close, and finish() completes it', () => {
    const text = 'HTTP/1.0 200 OK\r\nServer: x\r\n\r\nthe body, up to the close';
    expect(everySplit(text, { eof: true })).toEqual({ seen: [[200, true]], error: null, end: null, idle: true });
    expect(feed([text]).seen).toEqual([]);
  });

  it('a close inside a response is ECLOSED; between responses it is nothing', () => {
    expect(feed([light.slice(0, -1)], { eof: true })).toMatchObject({ seen: [], end: 'ECLOSED' });
    expect(feed([light.slice(0, 20)], { eof: true })).toMatchObject({ seen: [], end: 'ECLOSED' });
    expect(feed([chunked.slice(0, -2)], { eof: true })).toMatchObject({ seen: [], end: 'ECLOSED' });
    expect(feed([light], { eof: true })).toMatchObject({ seen: [[200, false]], end: null });
  });

  it('a malformed status line is an error code, not a throw', () => {
    for (const bad of [
      'HTTP/2 200 OK\r\n\r\n',
      'HTTP/1.1 2000 OK\r\n\r\n',
      'HTTP/1.1 20 OK\r\n\r\n',
      'HTTP/1.1 099 Low\r\n\r\n',
      'HTTP/1.1 abc OK\r\n\r\n',
      'HTTP/1.1 200OK\r\n\r\n',
      'SSH-2.0-OpenSSH_9.6\r\n\r\n',
      '\r\n\r\n',
    ])
      expect({ bad, ...feed([bad]) }).toMatchObject({ bad, seen: [], error: 'EPARSE_STATUS' });
    // split anywhere, the same code
    const bad = 'HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n';
    expect(everySplit(bad)).toMatchObject({ seen: [], error: 'EPARSE_STATUS' });
  });

  it('bad headers, lengths and chunks are error codes', () => {
    expect(feed(['HTTP/1.1 200 OK\r\nno colon here\r\n\r\n']).error).toBe('EPARSE_HEADER');
    expect(feed(['HTTP/1.1 200 OK\r\n: empty name\r\n\r\n']).error).toBe('EPARSE_HEADER');
    expect(feed(['HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n']).error).toBe('EPARSE_LENGTH');
    expect(feed(['HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n']).error).toBe('EPARSE_LENGTH');
    expect(feed(['HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok']).seen).toEqual([[200, false]]);
    const te = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
    expect(feed([te + 'zz\r\n']).error).toBe('EPARSE_CHUNK');
    expect(feed([te + '2\r\nokX\r\n']).error).toBe('EPARSE_CHUNK');
    expect(feed([te + '2\nok\r\n']).error).toBe('EPARSE_CHUNK');
    expect(feed([te + 'ffffffffffffffff\r\n']).error).toBe('EPARSE_CHUNK');
    expect(feed(['HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n']).error).toBe('EPARSE_UPGRADE');
  });

  it('stays failed until reset(), then parses a fresh connection', () => {
    const seen = [];
    const p = new ResponseParser((s) => seen.push(s));
    expect(p.execute(Buffer.from('garbage\r\n\r\n'))).toBe('EPARSE_STATUS');
    expect(p.execute(Buffer.from(light))).toBe('EPARSE_STATUS');
    p.reset();
    expect(p.execute(Buffer.from(light))).toBeNull();
    expect(seen).toEqual([200]);
  });

  it('bounds the head: EPARSE_TOO_LARGE, whole or in pieces', () => {
    const big = `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(MAX_HEAD)}\r\n\r\n`;
    expect(feed([big]).error).toBe('EPARSE_TOO_LARGE');
    const pieces = [];
    for (let i = 0; i < big.length; i += 1000) pieces.push(big.slice(i, i + 1000));
    expect(feed(pieces).error).toBe('EPARSE_TOO_LARGE');
    expect(feed([`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(MAX_HEAD)}`]).error).toBe('EPARSE_TOO_LARGE');
  });

  it('ignores stale bytes past `end` in a reused buffer', () => {
    const seen = [];
    const p = new ResponseParser((s) => seen.push(s));
    const buf = Buffer.alloc(256, 0);
    const stale = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    stale.copy(buf, 0);
    const head = Buffer.from('HTTP/1.1 500 Oops\r\nContent-Length: 0\r\n'); // no final CRLF yet
    head.copy(buf, 0);
    buf.write('\r\n\r\n', head.length + 10, 'latin1'); // a match past end
    expect(p.execute(buf, 0, head.length)).toBeNull();
    expect(seen).toEqual([]);
    buf.write('\r\n', 0, 'latin1');
    expect(p.execute(buf, 0, 2)).toBeNull();
    expect(seen).toEqual([500]);
  });
});
