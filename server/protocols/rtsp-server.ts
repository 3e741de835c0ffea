/**
 * A generic RTSP 1.0 server for live H.264 (RFC 2326): OPTIONS, DESCRIBE,
 * SETUP (RTP/AVP/TCP interleaved and RTP/AVP over UDP with client_port),
 * PLAY, PAUSE, TEARDOWN, GET_PARAMETER/SET_PARAMETER keep-alives, optional
 * Basic/Digest authentication through hooks, and a session timeout.
 *
 * Why: ffmpeg is a client, not a server, and Debian 12 has no mediamtx or
 * live555; the camera simulator serves its cameras with this and the
 * recorder serves `rtsp://host:port/orchid/live?id=STREAM` with the same
 * module. Paths mean nothing here: `resolve(path, query)` maps a request to a
 * source, so the caller owns its URL scheme.
 *
 * Cost: per playing session one packetization per access unit; UDP uses one
 * shared socket pair per server; one 1 s timer per server for timeouts.
 *
 * Limits: one video track per URL (no audio); unicast only (multicast
 * requests get 461); no RTSP-over-HTTP tunnelling; the track URL is
 * `<path>/trackID=0` (query kept after it).
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { H264Source } from './h264-source';
import { buildH264Sdp } from './sdp';
import {
  frameInterleaved,
  parseTransport,
  RtspStreamReader,
  serializeResponse,
  type RtspRequest,
  type TransportSpec,
} from './rtsp-message';
import { RtspMediaSession } from './rtsp-session';

export interface RtspServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  resolve: (path: string, query: URLSearchParams) => H264Source | undefined;
  /**
   * Called for every request but OPTIONS; false answers 401 with `authChallenges()`. May be async
   * (a password hash check is slow on purpose); `clientAddress` lets the caller throttle guesses.
   */
  authenticate?: (
    method: string,
    uri: string,
    authorizationHeader: string | undefined,
    clientAddress: string,
  ) => boolean | Promise<boolean>;
  /** WWW-Authenticate values for a 401 (default: one Basic challenge). */
  authChallenges?: () => string[];
  /** While it returns false every request is answered 503 (maintenance, fault injection). */
  isAvailable?: () => boolean;
  /** UDP sessions without any request or RTCP for this long are torn down (interleaved ones end with their connection). Default 60 s. */
  sessionTimeoutMs?: number;
  /** How long DESCRIBE waits for a source's first SPS/PPS. Default 5 s. */
  describeTimeoutMs?: number;
  serverName?: string;
}

export interface RtspServer {
  port: number;
  close(): Promise<void>;
  dropAllSessions(): void;
}

interface Connection {
  socket: Socket;
  reader: RtspStreamReader;
}

interface Session {
  id: string;
  connection: Connection;
  transport: TransportSpec;
  trackUrl: string;
  media: RtspMediaSession;
  lastActivityMs: number;
  udpAddress?: string;
}

const TRACK_SUFFIX = /\/trackID=\d+$/;

/** Splits a request URI into the source path and query, dropping the track suffix wherever a client put it. */
export function parseRtspUri(uri: string): { origin: string; path: string; query: URLSearchParams; search: string } | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined; // not an absolute URI (e.g. `*`): no source
  }
  const query = url.searchParams;
  for (const [key, value] of [...query]) {
    if (TRACK_SUFFIX.test(value)) query.set(key, value.replace(TRACK_SUFFIX, ''));
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return { origin: `${url.protocol}//${url.host}`, path: url.pathname.replace(TRACK_SUFFIX, '') || '/', query, search };
}

async function bindUdpPair(host: string): Promise<[UdpSocket, UdpSocket]> {
  const bind = (port: number): Promise<UdpSocket> =>
    new Promise((resolve, reject) => {
      const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
      socket.once('error', (err) => {
        socket.close();
        reject(err);
      });
      socket.bind(port, host, () => {
        socket.removeAllListeners('error');
        resolve(socket);
      });
    });
  for (let attempt = 0; attempt < 20; attempt++) {
    const rtp = await bind(0);
    const rtpPort = rtp.address().port;
    if (rtpPort % 2 === 0 && rtpPort < 65535) {
      try {
        return [rtp, await bind(rtpPort + 1)];
      } catch {
        // RTCP port taken: try another pair.
      }
    }
    rtp.close();
  }
  throw new Error('no free UDP port pair for RTP/RTCP');
}

function waitForCodec(source: H264Source, timeoutMs: number): Promise<boolean> {
  if (source.codec()) return Promise.resolve(true);
  return new Promise((resolve) => {
    // subscribe() may replay synchronously and finish before its unsubscribe function is known.
    const subscription: { done: boolean; off?: () => void } = { done: false };
    const finish = (ok: boolean): void => {
      if (subscription.done) return;
      subscription.done = true;
      clearTimeout(timer);
      subscription.off?.();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    subscription.off = source.subscribe(() => {
      if (source.codec()) finish(true);
    });
    if (subscription.done) subscription.off();
  });
}

export async function createRtspServer(opts: RtspServerOptions): Promise<RtspServer> {
  const sessionTimeoutMs = opts.sessionTimeoutMs ?? 60_000;
  const serverName = opts.serverName ?? 'Argus RTSP';
  const sessions = new Map<string, Session>();
  const connections = new Set<Connection>();
  const [rtpSocket, rtcpSocket] = await bindUdpPair(opts.host);
  const serverRtpPort = rtpSocket.address().port;

  rtcpSocket.on('message', (_msg, remote) => {
    for (const session of sessions.values()) {
      if (session.transport.kind === 'udp' && session.udpAddress === remote.address && session.transport.rtcpPort === remote.port) {
        session.lastActivityMs = Date.now();
      }
    }
  });
  // Clients punch NAT holes towards our RTP port; those packets carry nothing for us.
  rtpSocket.on('message', () => undefined);
  rtpSocket.on('error', (err) => console.error('RTSP RTP socket error:', err));
  rtcpSocket.on('error', (err) => console.error('RTSP RTCP socket error:', err));

  const endSession = (session: Session): void => {
    session.media.stop();
    sessions.delete(session.id);
  };

  const expiryTimer = setInterval(() => {
    const now = Date.now();
    for (const session of [...sessions.values()]) {
      // Interleaved sessions live as long as their connection: not every client sends keep-alives or RTCP over TCP.
      if (session.transport.kind === 'tcp' && !session.connection.socket.destroyed) continue;
      if (now - session.lastActivityMs > sessionTimeoutMs) endSession(session);
    }
  }, 1000);
  expiryTimer.unref();

  const makeTransport = (connection: Connection, spec: TransportSpec, address: string) => {
    if (spec.kind === 'tcp') {
      return {
        sendRtp: (packet: Uint8Array) => void connection.socket.write(frameInterleaved(spec.rtpChannel, packet)),
        sendRtcp: (packet: Uint8Array) => void connection.socket.write(frameInterleaved(spec.rtcpChannel, packet)),
        bufferedBytes: () => connection.socket.writableLength,
      };
    }
    return {
      sendRtp: (packet: Uint8Array) => rtpSocket.send(packet, spec.rtpPort, address),
      sendRtcp: (packet: Uint8Array) => rtcpSocket.send(packet, spec.rtcpPort, address),
      bufferedBytes: () => 0,
    };
  };

  const handle = async (connection: Connection, request: RtspRequest): Promise<void> => {
    const cseq = request.headers['cseq'] ?? '0';
    const reply = (status: number, headers: Array<[string, string]> = [], body?: string): void => {
      if (connection.socket.destroyed) return;
      const base: Array<[string, string]> = [
        ['CSeq', cseq],
        ['Server', serverName],
        ['Date', new Date().toUTCString()],
      ];
      connection.socket.write(serializeResponse(status, [...base, ...headers], body));
    };
    const sessionId = request.headers['session']?.split(';')[0]?.trim();
    const session = sessionId ? sessions.get(sessionId) : undefined;
    if (session) session.lastActivityMs = Date.now();

    if (opts.isAvailable && !opts.isAvailable()) return reply(503, [['Retry-After', '1']]);
    if (request.method === 'OPTIONS') {
      return reply(200, [['Public', 'OPTIONS, DESCRIBE, SETUP, PLAY, PAUSE, TEARDOWN, GET_PARAMETER, SET_PARAMETER']]);
    }
    if (
      opts.authenticate &&
      !(await opts.authenticate(
        request.method,
        request.uri,
        request.headers['authorization'],
        connection.socket.remoteAddress ?? 'unknown',
      ))
    ) {
      const challenges = opts.authChallenges?.() ?? ['Basic realm="RTSP"'];
      return reply(401, challenges.map((value): [string, string] => ['WWW-Authenticate', value]));
    }
    const sessionHeader = (s: Session): [string, string] => ['Session', `${s.id};timeout=${Math.round(sessionTimeoutMs / 1000)}`];

    switch (request.method) {
      case 'DESCRIBE': {
        const target = parseRtspUri(request.uri);
        const source = target && opts.resolve(target.path, target.query);
        if (!target || !source) return reply(404);
        if (!(await waitForCodec(source, opts.describeTimeoutMs ?? 5000))) return reply(503, [['Retry-After', '1']]);
        const codec = source.codec()!;
        const sdp = buildH264Sdp({
          codec,
          trackControlUrl: `${target.origin}${target.path}/trackID=0${target.search}`,
          originAddress: connection.socket.localAddress ?? opts.host,
          sessionName: serverName,
        });
        return reply(
          200,
          [
            ['Content-Type', 'application/sdp'],
            ['Content-Base', `${target.origin}${target.path}/`],
          ],
          sdp,
        );
      }
      case 'SETUP': {
        const target = parseRtspUri(request.uri);
        const source = target && opts.resolve(target.path, target.query);
        if (!target || !source) return reply(404);
        if (sessionId && !session) return reply(454);
        const spec = parseTransport(request.headers['transport']);
        if (!spec) return reply(461);
        const address = connection.socket.remoteAddress ?? opts.host;
        session?.media.stop();
        const created: Session = {
          id: session?.id ?? randomBytes(8).toString('hex').toUpperCase(),
          connection,
          transport: spec,
          trackUrl: `${target.origin}${target.path}/trackID=0${target.search}`,
          media: new RtspMediaSession(source, makeTransport(connection, spec, address)),
          lastActivityMs: Date.now(),
          udpAddress: address,
        };
        sessions.set(created.id, created);
        const ssrc = created.media.ssrc.toString(16).padStart(8, '0').toUpperCase();
        const transportReply =
          spec.kind === 'tcp'
            ? `RTP/AVP/TCP;unicast;interleaved=${spec.rtpChannel}-${spec.rtcpChannel};ssrc=${ssrc}`
            : `RTP/AVP;unicast;client_port=${spec.rtpPort}-${spec.rtcpPort};server_port=${serverRtpPort}-${serverRtpPort + 1};ssrc=${ssrc}`;
        return reply(200, [['Transport', transportReply], sessionHeader(created)]);
      }
      case 'PLAY': {
        if (!session) return reply(454);
        session.media.play((info) => {
          reply(200, [
            sessionHeader(session),
            ['Range', 'npt=0.000-'],
            ['RTP-Info', `url=${session.trackUrl};seq=${info.sequence};rtptime=${info.rtpTimestamp}`],
          ]);
        });
        return;
      }
      case 'PAUSE': {
        if (!session) return reply(454);
        session.media.pause();
        return reply(200, [sessionHeader(session)]);
      }
      case 'TEARDOWN': {
        if (!session) return reply(454);
        endSession(session);
        return reply(200);
      }
      case 'GET_PARAMETER':
      case 'SET_PARAMETER': {
        if (sessionId && !session) return reply(454);
        return reply(200, session ? [sessionHeader(session)] : []);
      }
      default:
        return reply(501);
    }
  };

  const server = createServer((socket) => {
    const connection: Connection = { socket, reader: new RtspStreamReader() };
    connections.add(connection);
    socket.setNoDelay(true);
    let queue = Promise.resolve();
    socket.on('data', (data) => {
      let chunks;
      try {
        chunks = connection.reader.push(data);
      } catch {
        // Unparseable control stream: nothing sensible can follow on this connection.
        socket.destroy();
        return;
      }
      for (const chunk of chunks) {
        if (chunk.type === 'interleaved') {
          // RTCP receiver reports from the client: proof of life for its sessions.
          for (const s of sessions.values()) if (s.connection === connection) s.lastActivityMs = Date.now();
          continue;
        }
        // Requests are answered in order, even when DESCRIBE waits for a source.
        queue = queue.then(() => handle(connection, chunk.request)).catch((err) => {
          console.error('RTSP request failed:', err);
          socket.destroy();
        });
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      connections.delete(connection);
      for (const session of [...sessions.values()]) {
        if (session.connection === connection && session.transport.kind === 'tcp') endSession(session);
      }
    });
  });
  server.maxConnections = 512;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;

  const dropAllSessions = (): void => {
    for (const session of [...sessions.values()]) endSession(session);
    for (const connection of [...connections]) connection.socket.destroy();
  };

  return {
    port,
    dropAllSessions,
    close: async () => {
      clearInterval(expiryTimer);
      dropAllSessions();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rtpSocket.close();
      rtcpSocket.close();
    },
  };
}
