/**
 * RTSP 1.0 wire format (RFC 2326): an incremental reader for the TCP control
 * stream (requests and `$`-framed interleaved RTP/RTCP from the client),
 * response serialisation, and the Transport header. Pure.
 *
 * Limits: request heads above `maxHeadBytes` and bodies above
 * `maxBodyBytes` are a protocol error (the caller closes the connection);
 * no pipelined-response ordering beyond arrival order; RTSP 2.0 is not spoken.
 */

export interface RtspRequest {
  method: string;
  uri: string;
  version: string;
  /** Header names lower-cased; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: Uint8Array;
}

export type RtspChunk =
  | { type: 'request'; request: RtspRequest }
  | { type: 'interleaved'; channel: number; payload: Uint8Array };

export class RtspProtocolError extends Error {}

/** One unit of an RTSP TCP stream in either direction, as bytes: a message (request or response) or an interleaved frame. */
export type RtspWireChunk =
  | { type: 'message'; head: string; body: Buffer }
  | { type: 'interleaved'; channel: number; payload: Uint8Array; raw: Buffer };

/**
 * Splits an RTSP TCP stream into messages and `$`-framed interleaved
 * packets without interpreting the messages, so a relay can pass them on
 * byte for byte (and the request reader below can parse them).
 */
export class RtspWireSplitter {
  private buffer = Buffer.alloc(0);

  constructor(
    private readonly maxHeadBytes = 16 * 1024,
    private readonly maxBodyBytes = 64 * 1024,
  ) {}

  /** Appends bytes and returns every complete unit. Throws RtspProtocolError. */
  push(chunk: Uint8Array): RtspWireChunk[] {
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    const out: RtspWireChunk[] = [];
    for (;;) {
      if (this.buffer.length === 0) break;
      if (this.buffer[0] === 0x24) {
        if (this.buffer.length < 4) break;
        const size = this.buffer.readUInt16BE(2);
        if (this.buffer.length < 4 + size) break;
        const raw = this.buffer.subarray(0, 4 + size);
        out.push({ type: 'interleaved', channel: this.buffer[1]!, payload: new Uint8Array(raw.subarray(4)), raw: Buffer.from(raw) });
        this.buffer = this.buffer.subarray(4 + size);
        continue;
      }
      const headEnd = this.buffer.indexOf('\r\n\r\n');
      if (headEnd < 0) {
        if (this.buffer.length > this.maxHeadBytes) throw new RtspProtocolError('message head too large');
        break;
      }
      if (headEnd > this.maxHeadBytes) throw new RtspProtocolError('message head too large');
      const head = this.buffer.subarray(0, headEnd).toString('latin1');
      const lengthMatch = /^content-length[ \t]*:[ \t]*(\S*)[ \t]*$/im.exec(head);
      const length = lengthMatch ? Number(lengthMatch[1]) : 0;
      if (!Number.isInteger(length) || length < 0 || length > this.maxBodyBytes) throw new RtspProtocolError('bad Content-Length');
      if (this.buffer.length < headEnd + 4 + length) break;
      out.push({ type: 'message', head, body: Buffer.from(this.buffer.subarray(headEnd + 4, headEnd + 4 + length)) });
      this.buffer = this.buffer.subarray(headEnd + 4 + length);
    }
    return out;
  }
}

/** Reads the requests and interleaved frames a client sends on the RTSP TCP connection. */
export class RtspStreamReader {
  private readonly splitter: RtspWireSplitter;

  constructor(maxHeadBytes = 16 * 1024, maxBodyBytes = 64 * 1024) {
    this.splitter = new RtspWireSplitter(maxHeadBytes, maxBodyBytes);
  }

  /** Appends bytes and returns every complete request or interleaved frame. Throws RtspProtocolError. */
  push(chunk: Uint8Array): RtspChunk[] {
    return this.splitter.push(chunk).map((unit): RtspChunk => {
      if (unit.type === 'interleaved') return { type: 'interleaved', channel: unit.channel, payload: unit.payload };
      const request = parseHead(unit.head);
      request.body = new Uint8Array(unit.body);
      return { type: 'request', request };
    });
  }
}

function parseHead(head: string): RtspRequest {
  const lines = head.split('\r\n');
  const requestLine = (lines.shift() ?? '').trim();
  const match = /^([A-Z_]+) (\S+) (RTSP\/\d\.\d)$/.exec(requestLine);
  if (!match) throw new RtspProtocolError(`bad request line: ${requestLine.slice(0, 80)}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] !== undefined ? `${headers[name]}, ${value}` : value;
  }
  return { method: match[1]!, uri: match[2]!, version: match[3]!, headers, body: new Uint8Array(0) };
}

export const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  454: 'Session Not Found',
  455: 'Method Not Valid in This State',
  459: 'Aggregate Operation Not Allowed',
  461: 'Unsupported Transport',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** Serialises a response; each header value may repeat (e.g. several WWW-Authenticate). */
export function serializeResponse(
  status: number,
  headers: Array<[string, string]>,
  body?: string,
): Buffer {
  const bodyBytes = body ? Buffer.from(body, 'utf8') : undefined;
  const lines = [`RTSP/1.0 ${status} ${STATUS_TEXT[status] ?? 'Error'}`];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  if (bodyBytes) lines.push(`Content-Length: ${bodyBytes.length}`);
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1');
  return bodyBytes ? Buffer.concat([head, bodyBytes]) : head;
}

/** Frames an RTP or RTCP packet for interleaved delivery on the RTSP connection. */
export function frameInterleaved(channel: number, packet: Uint8Array): Buffer {
  const framed = Buffer.allocUnsafe(4 + packet.length);
  framed[0] = 0x24;
  framed[1] = channel;
  framed.writeUInt16BE(packet.length, 2);
  framed.set(packet, 4);
  return framed;
}

export type TransportSpec =
  | { kind: 'tcp'; rtpChannel: number; rtcpChannel: number }
  | { kind: 'udp'; rtpPort: number; rtcpPort: number };

/** Picks the first unicast transport we can serve from a Transport header, or undefined. */
export function parseTransport(header: string | undefined): TransportSpec | undefined {
  if (!header) return undefined;
  for (const option of header.split(',')) {
    const parts = option.trim().split(';').map((part) => part.trim());
    const protocol = (parts[0] ?? '').toUpperCase();
    const params = new Map<string, string>();
    for (const part of parts.slice(1)) {
      const eq = part.indexOf('=');
      params.set((eq < 0 ? part : part.slice(0, eq)).toLowerCase(), eq < 0 ? '' : part.slice(eq + 1));
    }
    if (params.has('multicast')) continue;
    const range = (value: string | undefined): [number, number] | undefined => {
      const m = value ? /^(\d+)(?:-(\d+))?$/.exec(value) : null;
      if (!m) return undefined;
      const first = Number(m[1]);
      return [first, m[2] !== undefined ? Number(m[2]) : first + 1];
    };
    if (protocol === 'RTP/AVP/TCP') {
      const channels = range(params.get('interleaved')) ?? [0, 1];
      if (channels[0] > 255 || channels[1] > 255) continue;
      return { kind: 'tcp', rtpChannel: channels[0], rtcpChannel: channels[1] };
    }
    if (protocol === 'RTP/AVP' || protocol === 'RTP/AVP/UDP') {
      const ports = range(params.get('client_port'));
      if (!ports || ports[0] < 1 || ports[0] > 65535 || ports[1] > 65535) continue;
      return { kind: 'udp', rtpPort: ports[0], rtcpPort: ports[1] };
    }
  }
  return undefined;
}
