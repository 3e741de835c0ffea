/**
 * A generic RTSP 1.0 server for live H.264 with optional G.711 µ-law sound
 * (RFC 2326): OPTIONS, DESCRIBE, SETUP (RTP/AVP/TCP interleaved and RTP/AVP
 * over UDP with client_port), PLAY, PAUSE, TEARDOWN, GET_PARAMETER and
 * SET_PARAMETER keep-alives, optional Basic/Digest authentication through
 * hooks, and a session timeout.
 *
 * Tracks: trackID=0 is the video; a source with sound adds trackID=1
 * (PCMU, 8 kHz). A client SETUPs each track it wants under one session
 * (each with its own interleaved channels or UDP ports); PLAY, PAUSE and
 * TEARDOWN act on the whole session (aggregate control), and the PLAY
 * answer's RTP-Info lists every track set up. A source without sound is
 * described with its video track only.
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
 * Limits: one video and at most one audio track per URL, PCMU only;
 * unicast only (multicast requests get 461); no RTSP-over-HTTP tunnelling;
 * track URLs are `<path>/trackID=N` (query kept after it).
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { PCMU_FRAME_MS, PCMU_PAYLOAD_TYPE, type AudioSource } from './audio-source';
import type { H264Source } from './h264-source';
import { RtspAudioSession } from './rtsp-audio-session';
import { buildH264Sdp } from './sdp';
import {
  frameInterleaved,
  parseTransport,
  RtspStreamReader,
  serializeResponse,
  type RtspRequest,
  type TransportSpec,
} from './rtsp-message';
import { RtspMediaSession, type MediaTransport, type PlayInfo } from './rtsp-session';

/** What one URL serves: its video, and its sound when it has some. */
export interface RtspMedia {
  video: H264Source;
  audio?: AudioSource;
}

export interface RtspServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  resolve: (path: string, query: URLSearchParams) => RtspMedia | undefined;
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

/** One track's delivery in a session: RtspMediaSession (video) or RtspAudioSession. */
interface TrackMedia {
  readonly ssrc: number;
  play(respond: (info: PlayInfo) => void): void;
  pause(): void;
  stop(): void;
}

interface SessionTrack {
  transport: TransportSpec;
  url: string;
  media: TrackMedia;
}

interface Session {
  id: string;
  connection: Connection;
  /** By track index (0 video, 1 audio). */
  tracks: Map<number, SessionTrack>;
  lastActivityMs: number;
  udpAddress?: string;
}

export const VIDEO_TRACK = 0;
export const AUDIO_TRACK = 1;

const TRACK_SUFFIX = /\/trackID=(\d+)$/;

/**
 * Splits a request URI into the source path and query, dropping the track suffix wherever a client
 * put it (after the path, or after the query's last value); `track` is its number, if any.
 */
export function parseRtspUri(
  uri: string,
): { origin: string; path: string; query: URLSearchParams; search: string; track: number | undefined } | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined; // not an absolute URI (e.g. `*`): no source
  }
  const query = url.searchParams;
  let track: number | undefined;
  const pathMatch = TRACK_SUFFIX.exec(url.pathname);
  if (pathMatch) track = Number(pathMatch[1]);
  for (const [key, value] of [...query]) {
    const match = TRACK_SUFFIX.exec(value);
    if (!match) continue;
    track = Number(match[1]);
    query.set(key, value.replace(TRACK_SUFFIX, ''));
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return { origin: `${url.protocol}//${url.host}`, path: url.pathname.replace(TRACK_SUFFIX, '') || '/', query, search, track };
}

const trackUrl = (target: { origin: string; path: string; search: string }, track: number): string =>
  `${target.origin}${target.path}/trackID=${track}${target.search}`;

const hasTcpTrack = (session: Session): boolean => [...session.tracks.values()].some((track) => track.transport.kind === 'tcp');

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
      if (session.udpAddress !== remote.address) continue;
      for (const { transport } of session.tracks.values()) {
        if (transport.kind === 'udp' && transport.rtcpPort === remote.port) session.lastActivityMs = Date.now();
      }
    }
  });
  // Clients punch NAT holes towards our RTP port; those packets carry nothing for us.
  rtpSocket.on('message', () => undefined);
  rtpSocket.on('error', (err) => console.error('RTSP RTP socket error:', err));
  rtcpSocket.on('error', (err) => console.error('RTSP RTCP socket error:', err));

  const endSession = (session: Session): void => {
    for (const track of session.tracks.values()) track.media.stop();
    sessions.delete(session.id);
  };

  const expiryTimer = setInterval(() => {
    const now = Date.now();
    for (const session of [...sessions.values()]) {
      // Interleaved sessions live as long as their connection: not every client sends keep-alives or RTCP over TCP.
      if (hasTcpTrack(session) && !session.connection.socket.destroyed) continue;
      if (now - session.lastActivityMs > sessionTimeoutMs) endSession(session);
    }
  }, 1000);
  expiryTimer.unref();

  const makeTransport = (connection: Connection, spec: TransportSpec, address: string): MediaTransport => {
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
        const media = target && opts.resolve(target.path, target.query);
        if (!target || !media) return reply(404);
        if (!(await waitForCodec(media.video, opts.describeTimeoutMs ?? 5000))) return reply(503, [['Retry-After', '1']]);
        const codec = media.video.codec()!;
        const sdp = buildH264Sdp({
          codec,
          trackControlUrl: trackUrl(target, VIDEO_TRACK),
          originAddress: connection.socket.localAddress ?? opts.host,
          sessionName: serverName,
          ...(media.audio
            ? { audio: { format: media.audio.format, payloadType: PCMU_PAYLOAD_TYPE, trackControlUrl: trackUrl(target, AUDIO_TRACK), packetMs: PCMU_FRAME_MS } }
            : {}),
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
        const media = target && opts.resolve(target.path, target.query);
        if (!target || !media) return reply(404);
        const index = target.track ?? VIDEO_TRACK;
        const audio = index === AUDIO_TRACK ? media.audio : undefined;
        if (index !== VIDEO_TRACK && !audio) return reply(404);
        if (sessionId && !session) return reply(454);
        const spec = parseTransport(request.headers['transport']);
        if (!spec) return reply(461);
        const address = connection.socket.remoteAddress ?? opts.host;
        const current: Session = session ?? {
          id: randomBytes(8).toString('hex').toUpperCase(),
          connection,
          tracks: new Map(),
          lastActivityMs: Date.now(),
          udpAddress: address,
        };
        // A track set up again replaces its earlier delivery.
        current.tracks.get(index)?.media.stop();
        const transport = makeTransport(connection, spec, address);
        const track: SessionTrack = {
          transport: spec,
          url: trackUrl(target, index),
          media: audio ? new RtspAudioSession(audio, transport) : new RtspMediaSession(media.video, transport),
        };
        current.tracks.set(index, track);
        sessions.set(current.id, current);
        const ssrc = track.media.ssrc.toString(16).padStart(8, '0').toUpperCase();
        const transportReply =
          spec.kind === 'tcp'
            ? `RTP/AVP/TCP;unicast;interleaved=${spec.rtpChannel}-${spec.rtcpChannel};ssrc=${ssrc}`
            : `RTP/AVP;unicast;client_port=${spec.rtpPort}-${spec.rtcpPort};server_port=${serverRtpPort}-${serverRtpPort + 1};ssrc=${ssrc}`;
        return reply(200, [['Transport', transportReply], sessionHeader(current)]);
      }
      case 'PLAY': {
        if (!session) return reply(454);
        // Every track answers (its first sequence number and timestamp) before any of them sends a packet.
        const tracks = [...session.tracks.entries()].sort(([a], [b]) => a - b).map(([, track]) => track);
        const rtpInfo: string[] = [];
        const playFrom = (i: number): void => {
          const track = tracks[i];
          if (!track) {
            reply(200, [sessionHeader(session), ['Range', 'npt=0.000-'], ['RTP-Info', rtpInfo.join(',')]]);
            return;
          }
          track.media.play((info) => {
            rtpInfo.push(`url=${track.url};seq=${info.sequence};rtptime=${info.rtpTimestamp}`);
            playFrom(i + 1);
          });
        };
        playFrom(0);
        return;
      }
      case 'PAUSE': {
        if (!session) return reply(454);
        for (const track of session.tracks.values()) track.media.pause();
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
        if (session.connection === connection && hasTcpTrack(session)) endSession(session);
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
