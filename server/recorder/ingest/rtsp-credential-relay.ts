/**
 * Keeps camera credentials out of every command line: ffmpeg and ffprobe
 * are given rtsp://127.0.0.1:<port>/relay/<lease>/<camera path> with no
 * userinfo, and this loopback relay forwards their RTSP connection to the
 * camera, answering the camera's Basic or Digest challenge itself. A user
 * who reads `ps` sees a lease id, not a password.
 *
 * A lease is one random 256-bit path for one child process: it opens one
 * connection, only from that process (its socket is looked up in /proc on
 * Linux, so another local user who copies the URL from `ps` gets 404), and
 * it ends when the child does (or after LEASE_CLAIM_MS unclaimed).
 *
 * What the relay rewrites: request URIs (relay form to camera form, the
 * Authorization header added), and in responses the camera URLs ffmpeg
 * builds its next requests from (Content-Base, Content-Location, RTP-Info
 * url=, absolute a=control lines of the SDP, Content-Length fixed). After
 * PLAY, interleaved `$` frames pass through untouched both ways.
 *
 * Limits: RTSP over TCP only (UDP transport is answered 461; the recorder
 * always asks for TCP); a camera whose SDP points at another host than the
 * one registered is not followed (ffmpeg would reach it without
 * credentials and fail, as it would have before); RTSPS is not relayed.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { authorizationFor, isStale, pickChallenge, type Challenge, type Credentials } from '../../protocols/digest-client';
import { RtspWireSplitter, serializeResponse, type RtspWireChunk } from '../../protocols/rtsp-message';
import { socketBelongsTo } from './peer-process';

export const LEASE_CLAIM_MS = 30_000;
export const MAX_RELAY_CONNECTIONS = 512;
const CONNECT_TIMEOUT_MS = 10_000;
const MAX_HEAD_BYTES = 16 * 1024;
const MAX_BODY_BYTES = 256 * 1024;

export interface RelayTarget {
  /** The camera's RTSP URI without credentials. */
  uri: string;
  username: string;
  password: string;
}

export interface RelayLease {
  /** What to give ffmpeg or ffprobe instead of the camera's URI. */
  url: string;
  /** Only this process may open the lease (called right after spawn). */
  bindPid(pid: number): void;
  /** The child is gone: the lease and its connection end. */
  release(): void;
}

/** What the ingest and the camera prober need of the relay. */
export interface CredentialRelay {
  lease(target: RelayTarget): RelayLease;
}

interface Lease {
  id: string;
  relayBase: string;
  upstream: URL;
  upstreamPattern: RegExp;
  credentials: Credentials;
  pid: number | undefined;
  claimed: boolean;
  sockets: Set<net.Socket>;
  expiry: NodeJS.Timeout;
}

interface Head {
  startLine: string;
  headers: Array<[string, string]>;
}

function parseHead(text: string): Head {
  const [startLine = '', ...lines] = text.split('\r\n');
  const headers: Array<[string, string]> = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return { startLine, headers };
}

function headerValues(head: Head, name: string): string[] {
  return head.headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);
}

function serialize(head: Head, body: Buffer): Buffer {
  const headers = head.headers.filter(([n]) => n.toLowerCase() !== 'content-length');
  if (body.length > 0) headers.push(['Content-Length', String(body.length)]);
  const text = [head.startLine, ...headers.map(([n, v]) => `${n}: ${v}`)].join('\r\n') + '\r\n\r\n';
  return Buffer.concat([Buffer.from(text, 'latin1'), body]);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches the camera's origin as it may write it in a reply: with or without its (default) port. */
function upstreamPatternFor(upstream: URL): RegExp {
  const port = upstream.port || '554';
  const portPart = port === '554' ? '(?::554)?' : `:${port}`;
  return new RegExp(`rtsp://${escapeRegExp(upstream.hostname)}${portPart}(?=[/\\s;,"?]|$)`, 'gi');
}

export class RtspCredentialRelay implements CredentialRelay {
  private readonly leases = new Map<string, Lease>();
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  /** Listens on an ephemeral loopback port. */
  static async start(): Promise<RtspCredentialRelay> {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const relay = new RtspCredentialRelay(server, (server.address() as net.AddressInfo).port);
    server.on('connection', (socket) => relay.accept(socket));
    return relay;
  }

  lease(target: RelayTarget): RelayLease {
    const upstream = new URL(target.uri);
    upstream.username = '';
    upstream.password = '';
    const id = randomBytes(32).toString('base64url');
    const relayBase = `rtsp://127.0.0.1:${this.port}/relay/${id}`;
    const lease: Lease = {
      id,
      relayBase,
      upstream,
      upstreamPattern: upstreamPatternFor(upstream),
      credentials: { username: target.username, password: target.password },
      pid: undefined,
      claimed: false,
      sockets: new Set(),
      expiry: setTimeout(() => {
        if (!lease.claimed) this.end(lease);
      }, LEASE_CLAIM_MS).unref(),
    };
    this.leases.set(id, lease);
    const path = `${upstream.pathname}${upstream.search}`;
    return {
      url: `${relayBase}${path.startsWith('/') ? path : `/${path}`}`,
      bindPid: (pid) => {
        lease.pid = pid;
      },
      release: () => this.end(lease),
    };
  }

  /** Leases not yet ended (for tests and diagnostics). */
  get activeLeases(): number {
    return this.leases.size;
  }

  async close(): Promise<void> {
    for (const lease of [...this.leases.values()]) this.end(lease);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private end(lease: Lease): void {
    clearTimeout(lease.expiry);
    this.leases.delete(lease.id);
    for (const socket of lease.sockets) socket.destroy();
  }

  private accept(client: net.Socket): void {
    if (this.sockets.size >= MAX_RELAY_CONNECTIONS || !client.remoteAddress || !/^(127\.|::1$|::ffff:127\.)/.test(client.remoteAddress)) {
      client.destroy();
      return;
    }
    this.sockets.add(client);
    client.once('close', () => this.sockets.delete(client));
    new RelayConnection(client, (uri, socket) => this.claim(uri, socket));
  }

  /** The lease a connection's first request names, if that lease may still be opened by this socket's process. */
  private async claim(uri: string, socket: net.Socket): Promise<Lease | undefined> {
    const match = /^rtsp:\/\/[^/]+\/relay\/([A-Za-z0-9_-]{43})(?:[/?]|$)/.exec(uri);
    const lease = match ? this.leases.get(match[1]!) : undefined;
    if (!lease || lease.claimed) return undefined;
    lease.claimed = true;
    if (lease.pid !== undefined && !(await socketBelongsTo(socket, this.port, lease.pid))) {
      lease.claimed = false;
      return undefined;
    }
    if (!this.leases.has(lease.id)) return undefined;
    lease.sockets.add(socket);
    return lease;
  }
}

interface Pending {
  head: Head;
  body: Buffer;
  method: string;
  uri: string;
  retried: boolean;
}

/** One ffmpeg connection and the camera connection it is bridged to. */
class RelayConnection {
  private readonly fromClient = new RtspWireSplitter(MAX_HEAD_BYTES, MAX_BODY_BYTES);
  private readonly fromCamera = new RtspWireSplitter(MAX_HEAD_BYTES, MAX_BODY_BYTES);
  private lease: Lease | undefined;
  private camera: net.Socket | undefined;
  private challenge: Challenge | undefined;
  private nonceCount = 0;
  private readonly pending = new Map<string, Pending>();
  /** Client units are handled one at a time: the first waits for the lease check and the camera connection. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: net.Socket,
    private readonly claim: (uri: string, socket: net.Socket) => Promise<Lease | undefined>,
  ) {
    client.setNoDelay(true);
    client.on('data', (chunk: Buffer) => {
      let units;
      try {
        units = this.fromClient.push(chunk);
      } catch {
        this.fail();
        return;
      }
      for (const unit of units) this.queue = this.queue.then(() => this.fromClientUnit(unit)).catch(() => this.fail());
    });
    client.on('error', () => this.close());
    client.on('close', () => this.close());
  }

  private close(): void {
    this.client.destroy();
    this.camera?.destroy();
  }

  /** Bad bytes or a lost camera end this connection only; ffmpeg reports it and the ingest retries. */
  private fail(): void {
    this.close();
  }

  private reply(status: number, cseq: string | undefined): void {
    const headers: Array<[string, string]> = cseq ? [['CSeq', cseq]] : [];
    this.client.end(serializeResponse(status, headers));
  }

  private async fromClientUnit(unit: RtspWireChunk): Promise<void> {
    if (unit.type === 'interleaved') {
      this.camera?.write(unit.raw);
      return;
    }
    const head = parseHead(unit.head);
    const [method = '', uri = ''] = head.startLine.split(' ');
    const cseq = headerValues(head, 'cseq')[0];
    if (!this.lease) {
      this.lease = await this.claim(uri, this.client);
      if (!this.lease) return this.reply(404, cseq);
      await this.connect(this.lease);
    }
    const lease = this.lease;
    if (uri !== '*' && !uri.startsWith(lease.relayBase)) return this.reply(404, cseq);
    if (method === 'SETUP' && !/RTP\/AVP\/TCP/i.test(headerValues(head, 'transport').join(','))) {
      this.client.write(serializeResponse(461, cseq ? [['CSeq', cseq]] : []));
      return;
    }
    const upstreamUri = uri === '*' ? uri : `${lease.upstream.protocol}//${lease.upstream.host}${uri.slice(lease.relayBase.length)}`;
    const pending: Pending = { head, body: unit.body, method, uri: upstreamUri, retried: false };
    if (cseq !== undefined) this.pending.set(cseq, pending);
    this.send(pending);
  }

  private send(pending: Pending): void {
    const headers = pending.head.headers.filter(([n]) => n.toLowerCase() !== 'authorization');
    if (this.challenge) {
      headers.push(['Authorization', authorizationFor(this.challenge, this.lease!.credentials, pending.method, pending.uri, ++this.nonceCount)]);
    }
    const startLine = `${pending.method} ${pending.uri} ${pending.head.startLine.split(' ')[2] ?? 'RTSP/1.0'}`;
    this.camera!.write(serialize({ startLine, headers }, pending.body));
  }

  private connect(lease: Lease): Promise<void> {
    return new Promise((resolve, reject) => {
      const camera = net.connect({ host: lease.upstream.hostname, port: Number(lease.upstream.port || 554) });
      this.camera = camera;
      lease.sockets.add(camera);
      camera.setNoDelay(true);
      camera.setTimeout(CONNECT_TIMEOUT_MS, () => camera.destroy(new Error('camera connection timed out')));
      camera.once('connect', () => {
        camera.setTimeout(0);
        resolve();
      });
      camera.once('error', (error) => {
        reject(error);
        this.close();
      });
      camera.once('close', () => {
        lease.sockets.delete(camera);
        this.close();
      });
      camera.on('data', (chunk: Buffer) => {
        try {
          for (const unit of this.fromCamera.push(chunk)) this.fromCameraUnit(unit);
        } catch {
          this.fail();
        }
      });
    });
  }

  private fromCameraUnit(unit: RtspWireChunk): void {
    if (unit.type === 'interleaved') {
      this.client.write(unit.raw);
      return;
    }
    const lease = this.lease!;
    const head = parseHead(unit.head);
    if (!head.startLine.startsWith('RTSP/')) {
      // A request from the camera (rare: GET_PARAMETER, ANNOUNCE) goes to ffmpeg as it came.
      this.client.write(serialize(head, unit.body));
      return;
    }
    const status = Number(head.startLine.split(' ')[1]);
    const cseq = headerValues(head, 'cseq')[0];
    const pending = cseq !== undefined ? this.pending.get(cseq) : undefined;
    if (status === 401 && pending && !pending.retried) {
      const values = headerValues(head, 'www-authenticate');
      const challenge = pickChallenge(values);
      // Answer a first challenge, a new nonce or a stale one once; a second refusal goes to ffmpeg as it is.
      if (challenge && (!this.challenge || isStale(values) || challenge.scheme !== this.challenge.scheme || (challenge.scheme === 'digest' && this.challenge.scheme === 'digest' && challenge.nonce !== this.challenge.nonce))) {
        this.challenge = challenge;
        this.nonceCount = 0;
        pending.retried = true;
        this.send(pending);
        return;
      }
    }
    if (cseq !== undefined) this.pending.delete(cseq);
    const toRelay = (text: string) => text.replace(lease.upstreamPattern, lease.relayBase);
    const headers = head.headers.map(([name, value]): [string, string] =>
      /^(content-base|content-location|rtp-info)$/i.test(name) ? [name, toRelay(value)] : [name, value],
    );
    const isSdp = headerValues(head, 'content-type').some((type) => /application\/sdp/i.test(type));
    const body = isSdp ? Buffer.from(toRelay(unit.body.toString('latin1')), 'latin1') : unit.body;
    this.client.write(serialize({ startLine: head.startLine, headers }, body));
  }
}
