/**
 * Test clients for the recorder's sockets: a JSON WebSocket with a message
 * queue (await the next message of a type), and a WebRTC viewer built on
 * werift that answers the recorder's offer, receives the H.264 track and
 * rebuilds access units with the shared RTP depacketizer (and, when it
 * accepts sound, keeps the PCMU packets), so a test can look at exactly
 * what a browser would be sent.
 */
import { MediaStreamTrack, RTCIceCandidate, RTCPeerConnection, RTCRtpCodecParameters, usePCMU, type RtpPacket } from 'werift';
import WebSocket from 'ws';
import type { WebRtcServerMessage } from '../../../../server/shared/api';
import { type DepacketizedAccessUnit, H264Depacketizer } from '../../../../server/protocols/rtp-h264';

export class JsonSocket {
  readonly messages: unknown[] = [];
  private waiters: Array<() => void> = [];
  closed: { code: number; reason: string } | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = String(data);
      let value: unknown = text;
      try {
        value = JSON.parse(text);
      } catch {
        // not JSON (a base64 picture): keep the text
      }
      this.messages.push(value);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  static open(url: string): Promise<JsonSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(new JsonSocket(socket)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
    });
  }

  send(value: unknown): void {
    this.socket.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** The next message (after those already taken) that matches, waiting up to timeoutMs. */
  async next<T = unknown>(match: (message: unknown) => boolean = () => true, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex(match);
      if (index >= 0) return this.messages.splice(index, 1)[0] as T;
      if (this.closed) throw new Error(`socket closed (${this.closed.code} ${this.closed.reason}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message in time; got ${JSON.stringify(this.messages).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

export const ofType =
  (type: WebRtcServerMessage['type']) =>
  (message: unknown): boolean =>
    typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** A werift viewer: answers offers from `socket` and collects the access units it receives. */
export class WeriftViewer {
  readonly pc: RTCPeerConnection;
  readonly units: Array<DepacketizedAccessUnit & { receivedMs: number }> = [];
  /** The sound's RTP packets (PCMU). */
  readonly audioPackets: RtpPacket[] = [];
  private readonly depacketizer = new H264Depacketizer((au) => this.units.push({ ...au, receivedMs: Date.now() }));

  constructor(
    private readonly socket: JsonSocket,
    options: { audio?: boolean } = {},
  ) {
    this.pc = new RTCPeerConnection({
      iceServers: [],
      iceAdditionalHostAddresses: ['127.0.0.1'],
      codecs: {
        video: [
          new RTCRtpCodecParameters({
            mimeType: 'video/H264',
            clockRate: 90_000,
            rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
            parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
          }),
        ],
        // Like a browser, it takes G.711 sound unless told not to (werift refuses an offer it has no codec for).
        audio: options.audio === false ? [] : [usePCMU()],
      },
    });
    this.pc.onTrack.subscribe((track: MediaStreamTrack) => {
      if (track.kind === 'audio') track.onReceiveRtp.subscribe((rtp) => this.audioPackets.push(rtp));
      else track.onReceiveRtp.subscribe((rtp) => this.depacketizer.push(rtp.serialize()));
    });
    this.pc.onIceCandidate.subscribe((candidate) => {
      if (candidate) socket.send({ type: 'ice_candidate', candidate: candidate.toJSON(), messageId: 'viewer-candidate' });
    });
  }

  /** Waits for the offer, answers it and keeps adding the recorder's candidates. */
  async answerOffer(): Promise<string> {
    const offer = await this.socket.next<{ sdp: string }>(ofType('offer'));
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    this.socket.send({ type: 'answer', sdp: this.pc.localDescription!.sdp, messageId: 'viewer-answer' });
    void (async () => {
      for (;;) {
        const message = await this.socket.next<{ candidate: { candidate: string; sdpMid?: string; sdpMLineIndex?: number } }>(
          ofType('ice_candidate'),
          120_000,
        ).catch(() => undefined);
        if (!message) return;
        await this.pc.addIceCandidate(new RTCIceCandidate(message.candidate)).catch(() => undefined);
      }
    })();
    return offer.sdp;
  }

  async waitForUnits(count: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.units.length < count) {
      if (Date.now() > deadline) throw new Error(`received ${this.units.length} of ${count} access units in time`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close(): Promise<void> {
    await this.pc.close();
  }
}
