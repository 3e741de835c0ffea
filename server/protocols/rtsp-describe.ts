/**
 * A one-request RTSP client: DESCRIBE a URL and return its SDP, answering
 * a Basic or Digest challenge once when credentials are given. The
 * recorder asks a camera this before each ingest run, to learn whether the
 * stream has sound and in which codec (ffmpeg has to be told its outputs
 * before it connects, and an output of a stream that is not there is an
 * error).
 *
 * Cost: one TCP connection and one or two round trips, closed at once (no
 * SETUP, so no session on the camera). Limits: rtsp:// only (not RTSPS);
 * a redirect (3xx) or any other refusal is an error; bodies over 64 KB are
 * refused.
 */
import net from 'node:net';
import { authorizationFor, pickChallenge, type Credentials } from './digest-client';
import { RtspWireSplitter } from './rtsp-message';

export class RtspDescribeError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /**
     * No connection was made: refused, no route, no such host, or no answer
     * to the connect within the time-out. Nothing at that address speaks
     * RTSP now, so nothing else (ffmpeg) need try it this time.
     */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

interface Reply {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

function parseReply(head: string, body: Buffer): Reply {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const match = /^RTSP\/\d\.\d (\d{3})/.exec(statusLine);
  if (!match) throw new RtspDescribeError(`not an RTSP reply: ${statusLine.slice(0, 60)}`);
  const headers: Array<[string, string]> = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return { status: Number(match[1]), headers, body: body.toString('utf8') };
}

/** The SDP of `uri` (no userinfo in it; credentials apart). Throws RtspDescribeError. */
export function describeRtsp(uri: string, options: { credentials?: Credentials; timeoutMs?: number } = {}): Promise<string> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return Promise.reject(new RtspDescribeError('not a URL'));
  }
  if (url.protocol !== 'rtsp:') return Promise.reject(new RtspDescribeError(`${url.protocol} is not described`));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 554);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const splitter = new RtspWireSplitter();
    let cseq = 0;
    let answered = false;
    let connected = false;
    let done = false;
    const finish = (error: Error | undefined, sdp?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(sdp!);
    };
    const timer = setTimeout(
      () => finish(connected ? new RtspDescribeError('timed out') : new RtspDescribeError('no answer to the connection', undefined, true)),
      options.timeoutMs ?? 3000,
    );
    const send = (authorization?: string) => {
      const lines = [`DESCRIBE ${uri} RTSP/1.0`, `CSeq: ${++cseq}`, 'Accept: application/sdp', 'User-Agent: Argus VMS'];
      if (authorization) lines.push(`Authorization: ${authorization}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    };
    socket.once('connect', () => {
      connected = true;
      send();
    });
    socket.on('error', (error) => finish(new RtspDescribeError(error.message, undefined, !connected)));
    socket.on('close', () => finish(new RtspDescribeError('connection closed')));
    socket.on('data', (chunk: Buffer) => {
      let units;
      try {
        units = splitter.push(chunk);
      } catch (error) {
        return finish(new RtspDescribeError(String(error)));
      }
      for (const unit of units) {
        if (unit.type !== 'message') continue;
        let reply: Reply;
        try {
          reply = parseReply(unit.head, unit.body);
        } catch (error) {
          return finish(error as Error);
        }
        if (reply.status === 401 && options.credentials && !answered) {
          const challenge = pickChallenge(reply.headers.filter(([name]) => name === 'www-authenticate').map(([, value]) => value));
          if (!challenge) return finish(new RtspDescribeError('no usable authentication challenge', 401));
          answered = true;
          send(authorizationFor(challenge, options.credentials, 'DESCRIBE', uri, 1));
          continue;
        }
        if (reply.status !== 200) return finish(new RtspDescribeError(`DESCRIBE answered ${reply.status}`, reply.status));
        return finish(undefined, reply.body);
      }
    });
  });
}
