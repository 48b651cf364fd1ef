// @ts-check
// A small HTTP/1.x response parser for the load generator (loadgen-process.js).
// It counts complete responses on one connection and reports each one's
// status; it keeps no headers and no body. Its own module so that its framing
// rules (status line, headers, Content-Length, chunked, until-close) are
// tested on their own, byte by byte, apart from sockets and timing; and
// because undici's and Node's parsers both cost more per request than the
// generator may spend (each builds header lists and body chunks we never
// read).
//
// Framing, per RFC 9112 §6.3 for responses to GET (to a HEAD, announced by
// expectHead(), a head alone): 1xx (bar 101) is interim
// and counts for nothing; 204 and 304 have no body; Transfer-Encoding ending
// in chunked wins over Content-Length; else Content-Length; else the body
// runs until the connection closes (finish()). Lines end in CRLF. Errors are
// codes, never throws: EPARSE_STATUS (status line), EPARSE_HEADER (a header
// line without a name and colon), EPARSE_LENGTH (a bad or conflicting
// Content-Length), EPARSE_CHUNK (a bad chunk size or chunk framing),
// EPARSE_TOO_LARGE (a head over MAX_HEAD bytes), EPARSE_UPGRADE (a 101).
// After an error the parser stays failed until reset().

/** The largest response head (status line and headers) accepted, in bytes. */
export const MAX_HEAD = 64 * 1024;
/** The largest chunk size accepted (bounds the hex accumulator). */
const MAX_CHUNK = 2 ** 40;

const CRLFCRLF = Buffer.from('\r\n\r\n', 'latin1');
const CR = 13;
const LF = 10;

// States.
const HEAD = 0; // reading the status line and headers, up to the empty line
const BODY = 1; // Content-Length body: `left` bytes to go
const UNTIL_CLOSE = 2; // body delimited by the connection's close
const SIZE = 3; // chunk-size hex digits
const EXT = 4; // chunk extension, up to CR
const SIZE_LF = 5; // the LF after a chunk-size line
const DATA = 6; // chunk data: `left` bytes to go
const DATA_CR = 7; // the CRLF after chunk data
const DATA_LF = 8;
const TRAILER_START = 9; // start of a trailer line (an empty one ends the message)
const TRAILER = 10; // inside a trailer line, up to LF
const TRAILER_LF = 11; // the LF of the empty line that ends the message
const FAILED = 12;

/** @param {number} c */
const hexValue = (c) => {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
};

/** @param {string} s  1*DIGIT with optional surrounding spaces or tabs; -1 when not */
function parseLength(s) {
  let i = 0;
  let j = s.length;
  while (i < j && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
  while (j > i && (s.charCodeAt(j - 1) === 32 || s.charCodeAt(j - 1) === 9)) j--;
  if (i === j || j - i > 15) return -1;
  let n = 0;
  for (; i < j; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * Feed it a connection's bytes in any pieces; it calls onResponse once per
 * complete final response, in order.
 */
export class ResponseParser {
  /**
   * @param {(status: number, close: boolean) => void} onResponse  per complete response: its status, and
   *   whether the server said it will close the connection after it (Connection: close, or HTTP/1.0
   *   without keep-alive)
   */
  constructor(onResponse) {
    this.onResponse = onResponse;
    this.state = HEAD;
    /** Bytes of a head split across pieces (a copy: the caller may reuse its buffer). @type {Buffer | null} */
    this.partial = null;
    this.left = 0;
    this.digits = 0;
    this.status = 0;
    this.close = false;
    /** The response being read answers a HEAD (expectHead). */
    this.headOnly = false;
    /** @type {string | null} */
    this.error = null;
  }

  /**
   * The next response answers a HEAD: it has no body whatever its headers say
   * (RFC 9110 §9.3.2). Cleared once that response is complete.
   */
  expectHead() {
    this.headOnly = true;
  }

  /** Back to the start of a response (a new connection). */
  reset() {
    this.state = HEAD;
    this.partial = null;
    this.left = 0;
    this.headOnly = false;
    this.error = null;
  }

  /** True between responses with nothing buffered: a close here loses no response. */
  get idle() {
    return this.state === HEAD && this.partial === null;
  }

  /**
   * Parse buf[start, end). Calls onResponse per response completed.
   * @param {Buffer} buf @param {number} [start] @param {number} [end]
   * @returns {string | null}  an EPARSE_ code, or null
   */
  execute(buf, start = 0, end = buf.length) {
    let i = start;
    while (i < end) {
      switch (this.state) {
        case HEAD: {
          let at;
          if (this.partial === null) {
            // (buf may run past end with stale bytes, as a socket's reused read buffer does: a match
            // there, or one straddling end, is no match)
            at = buf.indexOf(CRLFCRLF, i);
            if (at === -1 || at + 4 > end) {
              if (end - i > MAX_HEAD) return this.fail('EPARSE_TOO_LARGE');
              this.partial = Buffer.from(buf.subarray(i, end)); // a copy
              return null;
            }
            if (at + 4 - i > MAX_HEAD) return this.fail('EPARSE_TOO_LARGE');
            if (!this.head(buf.toString('latin1', i, at + 2))) return this.error;
            i = at + 4;
          } else {
            // The rare path: the head began in an earlier piece. Search the joined bytes,
            // starting early enough to find a CRLFCRLF that straddles the join.
            const had = this.partial.length;
            const take = Math.min(end - i, MAX_HEAD + 4);
            const joined = Buffer.concat([this.partial, buf.subarray(i, i + take)]);
            at = joined.indexOf(CRLFCRLF, Math.max(0, had - 3));
            if (at === -1) {
              if (joined.length > MAX_HEAD) return this.fail('EPARSE_TOO_LARGE');
              this.partial = joined;
              i += take;
              continue;
            }
            if (at + 4 > MAX_HEAD) return this.fail('EPARSE_TOO_LARGE');
            this.partial = null;
            if (!this.head(joined.toString('latin1', 0, at + 2))) return this.error;
            i += at + 4 - had;
          }
          break;
        }
        case BODY: {
          const n = Math.min(this.left, end - i);
          i += n;
          this.left -= n;
          if (this.left === 0) this.complete();
          break;
        }
        case UNTIL_CLOSE:
          return null; // everything up to the close is body
        case DATA: {
          const n = Math.min(this.left, end - i);
          i += n;
          this.left -= n;
          if (this.left === 0) this.state = DATA_CR;
          break;
        }
        default: {
          // chunk framing, a byte at a time
          const c = buf[i++];
          switch (this.state) {
            case SIZE: {
              const h = hexValue(c);
              if (h >= 0) {
                this.left = this.left * 16 + h;
                this.digits++;
                if (this.left > MAX_CHUNK) return this.fail('EPARSE_CHUNK');
              } else if (this.digits === 0) return this.fail('EPARSE_CHUNK');
              else if (c === CR) this.state = SIZE_LF;
              else if (c === 59 /* ; */ || c === 32 || c === 9) this.state = EXT;
              else return this.fail('EPARSE_CHUNK');
              break;
            }
            case EXT:
              if (c === CR) this.state = SIZE_LF;
              else if (c === LF) return this.fail('EPARSE_CHUNK');
              break;
            case SIZE_LF:
              if (c !== LF) return this.fail('EPARSE_CHUNK');
              this.state = this.left === 0 ? TRAILER_START : DATA;
              break;
            case DATA_CR:
              if (c !== CR) return this.fail('EPARSE_CHUNK');
              this.state = DATA_LF;
              break;
            case DATA_LF:
              if (c !== LF) return this.fail('EPARSE_CHUNK');
              this.state = SIZE;
              this.left = 0;
              this.digits = 0;
              break;
            case TRAILER_START:
              this.state = c === CR ? TRAILER_LF : TRAILER;
              break;
            case TRAILER:
              if (c === LF) this.state = TRAILER_START;
              break;
            case TRAILER_LF:
              if (c !== LF) return this.fail('EPARSE_CHUNK');
              this.complete();
              break;
            default: // FAILED
              return this.error;
          }
        }
      }
    }
    return null;
  }

  /**
   * The connection closed (EOF). Completes a body that runs until the close.
   * @returns {string | null}  null when nothing was cut short, else EPARSE_ code or 'ECLOSED' (the close
   *   came inside a response)
   */
  finish() {
    if (this.state === UNTIL_CLOSE) {
      this.complete();
      return null;
    }
    if (this.state === FAILED) return this.error;
    return this.idle ? null : 'ECLOSED';
  }

  /** @param {string} code */
  fail(code) {
    this.state = FAILED;
    this.error = code;
    this.partial = null;
    return code;
  }

  /** fail(), for head(): @param {string} code @returns {false} */
  failed(code) {
    this.fail(code);
    return false;
  }

  complete() {
    this.state = HEAD;
    this.headOnly = false;
    this.onResponse(this.status, this.close);
  }

  /**
   * A head: "HTTP/1.x SSS reason\r\n" then header lines, each ending in CRLF.
   * Sets the state for its body. @param {string} h @returns {boolean} false on error
   */
  head(h) {
    // Status line: HTTP/1.<d> SP 3DIGIT (SP reason)? CRLF
    const eol = h.indexOf('\r\n');
    if (
      eol < 12 ||
      !h.startsWith('HTTP/1.') ||
      (h.charCodeAt(7) !== 48 && h.charCodeAt(7) !== 49) ||
      h.charCodeAt(8) !== 32 ||
      (eol > 12 && h.charCodeAt(12) !== 32)
    )
      return this.failed('EPARSE_STATUS');
    const d0 = h.charCodeAt(9) - 48;
    const d1 = h.charCodeAt(10) - 48;
    const d2 = h.charCodeAt(11) - 48;
    if (d0 < 1 || d0 > 5 || d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) return this.failed('EPARSE_STATUS');
    const status = d0 * 100 + d1 * 10 + d2;
    const http10 = h.charCodeAt(7) === 48;
    let length = -1;
    let te = false;
    let chunked = false;
    let close = http10;
    // Header lines: only three names matter; the others are checked for a colon and skipped.
    for (let p = eol + 2; p < h.length;) {
      const e = h.indexOf('\r\n', p);
      const colon = h.indexOf(':', p);
      if (colon <= p || colon > e) return this.failed('EPARSE_HEADER');
      const n = colon - p;
      if (n === 14 || n === 17 || n === 10) {
        const name = h.slice(p, colon).toLowerCase();
        if (name === 'content-length') {
          const v = parseLength(h.slice(colon + 1, e));
          if (v < 0 || (length >= 0 && v !== length)) return this.failed('EPARSE_LENGTH');
          length = v;
        } else if (name === 'transfer-encoding') {
          // chunked when it is the last coding (RFC 9112 §6.3); other codings are read until close
          te = true;
          chunked = /(^|,)[ \t]*chunked[ \t]*$/i.test(h.slice(colon + 1, e));
        } else if (name === 'connection') {
          const v = h.slice(colon + 1, e).toLowerCase();
          if (v.includes('close')) close = true;
          else if (http10 && v.includes('keep-alive')) close = false;
        }
      }
      p = e + 2;
    }
    this.status = status;
    this.close = close;
    if (status < 200) {
      if (status === 101) return this.failed('EPARSE_UPGRADE');
      this.state = HEAD; // interim: the final response follows
      return true;
    }
    if (status === 204 || status === 304 || this.headOnly) this.complete();
    else if (chunked) {
      this.state = SIZE;
      this.left = 0;
      this.digits = 0;
    } else if (length >= 0 && !te) {
      if (length === 0) this.complete();
      else {
        this.state = BODY;
        this.left = length;
      }
    } else {
      this.state = UNTIL_CLOSE;
      this.close = true;
    }
    return true;
  }
}
