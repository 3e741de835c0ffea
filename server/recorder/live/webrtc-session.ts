/**
 * One viewer's WebRTC signalling socket (spec 7): 'create' picks live or a
 * recorded time, the server offers a send-only H.264 track, the client
 * answers and both trickle ICE candidates. H.264 goes out as it came from
 * the camera (no transcoding): access units from the live hub or the
 * archive player, packetized per RFC 6184 into the werift track. Delivery
 * starts when the peer connects, so the latest GOP (keyframe first) is the
 * first thing the browser gets and the picture appears at once.
 *
 * A new 'create' on the same socket replaces the current playback (seek,
 * switch to live). Every message is validated; a bad one is answered with
 * an error message and the socket stays up. Closing the socket ends the
 * peer and the feed.
 *
 * Sound: live from a camera that sends G.711 µ-law, the offer has a second,
 * send-only PCMU track in the same media stream as the picture (so the
 * browser keeps them in step), fed frame by frame from the stream's live
 * audio hub (audio-feed.ts) as it arrives: no transcoding, no buffering
 * here. Its RTP timestamps count the frames' samples (160 per 20 ms frame,
 * from their capture-ordered stamps); the picture's timing is untouched.
 *
 * Cost: per viewer one werift peer (SRTP, ~0.6 % of a core at 25 fps per
 * FIELD-NOTES) and, for recordings, one demuxing ffmpeg; sound adds 50
 * small packets a second per viewer.
 * Recordings play forward at the create's `rate` (1/4x to 64x): the archive
 * player paces and thins them (speed-plan.ts) and frames are stamped as
 * they are sent, so the picture advances at that speed in capture time.
 * Limits: forward only (reverse and ripping are low-bandwidth pictures, as
 * spec 4 says); recordings play without sound (it is in the archive and in
 * exports); sound only from G.711 µ-law cameras.
 */
import {
  MediaStream,
  MediaStreamTrack,
  RTCIceCandidate,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  usePCMU,
} from 'werift';
import type { MessageId, WebRtcClientMessage, WebRtcServerMessage } from '../../shared/api';
import type { Ability } from '../../shared/roles';
import { PCMU_PAYLOAD_TYPE, type AudioFrame, type AudioSource } from '../../protocols/audio-source';
import type { AccessUnit } from '../../protocols/h264';
import { RtpAudioPacketizer } from '../../protocols/rtp-audio';
import { H264Packetizer } from '../../protocols/rtp-h264';
import { liveAudioFeed } from './audio-feed';
import { type FeedDeps, openFeed, planFeed } from './feed-opener';
import { RtpClock } from './rtp-clock';
import { parseClientMessage, sdpAcceptsH264 } from './signaling-messages';
import type { FeedProblem, VideoFeed } from './video-feed';

/** The peer must connect within this long after the offer. */
export const CONNECT_TIMEOUT_MS = 20_000;
/** Payload of an RTP packet plus header stays under this, leaving room for SRTP and extensions. */
const RTP_MTU_BYTES = 1200;

export interface WebRtcDeps extends FeedDeps {
  /** Whether the socket's user has the ability (spec 6). */
  can: (ability: Ability) => boolean;
  /** Extra host candidates for werift (loopback for local viewers). */
  iceAdditionalHostAddresses?: string[];
}

type Create = Extract<WebRtcClientMessage, { type: 'create' }>;

function h264Codec(): RTCRtpCodecParameters {
  return new RTCRtpCodecParameters({
    mimeType: 'video/H264',
    clockRate: 90_000,
    rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'goog-remb' }],
    // Constrained Baseline 3.1 is what every browser accepts; High-profile streams decode under it (FIELD-NOTES).
    parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  });
}

/** The sound of one playback: its track and the RTP of its frames (timestamps at 8 kHz from the frames' stamps). */
class AudioTrack {
  readonly track = new MediaStreamTrack({ kind: 'audio' });
  private readonly packetizer = new RtpAudioPacketizer({ ssrc: 0, payloadType: PCMU_PAYLOAD_TYPE });
  private readonly initialTimestamp = Math.floor(Math.random() * 0x1_0000_0000);
  private originMs: number | undefined;

  constructor(readonly source: AudioSource) {}

  deliver(frame: AudioFrame, resumed: boolean): void {
    this.originMs ??= frame.timeMs;
    if (resumed) this.packetizer.resumeAfterGap();
    const timestamp = (this.initialTimestamp + Math.round((frame.timeMs - this.originMs) * (this.source.format.clockRate / 1000))) >>> 0;
    const packet = this.packetizer.packetize(frame.payload, timestamp);
    // werift rewrites SSRC and payload type to what was negotiated.
    this.track.writeRtp(Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength));
  }
}

/** One playback on the socket: a peer, its tracks and (once connected) its feeds. */
class Playback {
  readonly pc: RTCPeerConnection;
  private readonly track = new MediaStreamTrack({ kind: 'video' });
  private readonly packetizer = new H264Packetizer({ ssrc: 0, mtuBytes: RTP_MTU_BYTES });
  private readonly clock = new RtpClock();
  private readonly audio: AudioTrack | undefined;
  private feed: VideoFeed | undefined;
  private audioFeed: VideoFeed | undefined;
  /** Subscribes the sound once the peer is connected (live playback of a camera with sound). */
  private readonly openAudio: (() => VideoFeed) | undefined;
  private closed = false;
  private connectTimer: NodeJS.Timeout | undefined;
  /** Candidates gathered before the offer went out; a client cannot add them before the offer. */
  private pendingCandidates: WebRtcServerMessage[] | undefined = [];
  answered = false;

  constructor(
    readonly create: Create,
    private readonly openFeed: (playback: Playback) => VideoFeed,
    private readonly send: (message: WebRtcServerMessage) => void,
    iceAdditionalHostAddresses: string[],
    audio?: { source: AudioSource; open: (deliver: (frame: AudioFrame, resumed: boolean) => void) => VideoFeed },
  ) {
    this.pc = new RTCPeerConnection({
      // No STUN/TURN: the recorder answers from its own addresses (werift's default is a public STUN server).
      iceServers: [],
      iceAdditionalHostAddresses,
      codecs: { video: [h264Codec()], audio: audio ? [usePCMU()] : [] },
    });
    if (audio) {
      // One media stream for picture and sound: the browser keeps the tracks of a stream in step.
      this.audio = new AudioTrack(audio.source);
      const stream = new MediaStream({ id: `argus-${create.streamId}` });
      this.pc.addTransceiver(this.track, { direction: 'sendonly', streams: [stream] });
      this.pc.addTransceiver(this.audio.track, { direction: 'sendonly', streams: [stream] });
      this.openAudio = () => audio.open((frame, resumed) => this.deliverAudio(frame, resumed));
    } else {
      this.pc.addTransceiver(this.track, { direction: 'sendonly' });
    }
    this.pc.onIceCandidate.subscribe((candidate) => {
      if (!candidate || this.closed) return;
      const message: WebRtcServerMessage = { type: 'ice_candidate', candidate: candidate.toJSON(), messageId: create.messageId };
      if (this.pendingCandidates) this.pendingCandidates.push(message);
      else this.send(message);
    });
    this.pc.connectionStateChange.subscribe((state) => {
      if (this.closed) return;
      if (state === 'connected') {
        clearTimeout(this.connectTimer);
        this.feed ??= this.openFeed(this);
        this.audioFeed ??= this.openAudio?.();
      } else if (state === 'failed') {
        this.fail({ code: 'iceFailed', reason: 'The WebRTC connection failed (ICE).' });
      } else if (state === 'disconnected' || state === 'closed') {
        this.stopFeeds();
      }
    });
  }

  async offer(): Promise<void> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    if (this.closed) return;
    this.send({ type: 'offer', sdp: this.pc.localDescription!.sdp, messageId: this.create.messageId });
    for (const message of this.pendingCandidates ?? []) this.send(message);
    this.pendingCandidates = undefined;
    this.connectTimer = setTimeout(
      () => this.fail({ code: 'iceTimeout', reason: 'The WebRTC connection was not established in time.' }),
      CONNECT_TIMEOUT_MS,
    );
  }

  /** Sends one frame of sound now. */
  private deliverAudio(frame: AudioFrame, resumed: boolean): void {
    if (!this.closed) this.audio?.deliver(frame, resumed);
  }

  private stopFeeds(): void {
    this.feed?.stop();
    this.feed = undefined;
    this.audioFeed?.stop();
    this.audioFeed = undefined;
  }

  /** Sends one access unit now. */
  deliver(au: AccessUnit): void {
    if (this.closed) return;
    for (const packet of this.packetizer.packetize(au.nalus, this.clock.next())) {
      // werift rewrites SSRC and payload type to what was negotiated.
      this.track.writeRtp(Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength));
    }
  }

  /** Reports a problem to the client and ends the peer (the socket stays open for a new create). */
  fail(problem: FeedProblem): void {
    if (this.closed) return;
    this.send({ type: 'error', code: problem.code, reason: problem.reason, messageId: this.create.messageId });
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.connectTimer);
    this.stopFeeds();
    this.track.stop();
    this.audio?.track.stop();
    void this.pc.close().catch(() => undefined); // closing twice or mid-handshake is harmless
  }
}

export class WebRtcSession {
  private playback: Playback | undefined;
  private closed = false;

  constructor(
    private readonly deps: WebRtcDeps,
    private readonly sendText: (text: string) => void,
  ) {}

  /** Handles one text frame from the client; never throws. */
  async handle(text: string): Promise<void> {
    const parsed = parseClientMessage(text);
    if (!parsed.ok) return this.send(parsed.reply);
    const message = parsed.message;
    try {
      if (message.type === 'create') await this.onCreate(message);
      else if (message.type === 'answer') await this.onAnswer(message.sdp, message.messageId);
      else await this.onCandidate(message);
    } catch (error) {
      this.deps.log?.('webrtc message failed', { type: message.type, error: String(error) });
      const code = message.type === 'answer' ? 'invalid-answer' : message.type === 'ice_candidate' ? 'invalid-candidate' : 'playFailure';
      this.error(code, message.type === 'create' ? 'The stream could not be started.' : `The ${message.type} was refused.`, message.messageId);
    }
  }

  close(): void {
    this.closed = true;
    this.playback?.close();
    this.playback = undefined;
  }

  private send(message: WebRtcServerMessage): void {
    if (!this.closed) this.sendText(JSON.stringify(message));
  }

  private error(code: string, reason: string, messageId: MessageId | null): void {
    this.send({ type: 'error', code, reason, messageId });
  }

  private async onCreate(create: Create): Promise<void> {
    this.playback?.close();
    this.playback = undefined;
    const request = { streamId: create.streamId, timeMs: create.time, gapToleranceMs: create.waitThres, speed: create.rate };
    const plan = planFeed(this.deps, request, this.deps.can);
    if (!('kind' in plan)) return this.error(plan.code, plan.reason, create.messageId);
    const audio = plan.kind === 'live' ? plan.audio : undefined;
    const playback = new Playback(
      create,
      (p) => openFeed(this.deps, plan, { accessUnit: (au) => p.deliver(au), end: (problem) => p.fail(problem) }),
      (m) => this.send(m),
      this.deps.iceAdditionalHostAddresses ?? [],
      audio ? { source: audio, open: (deliver) => liveAudioFeed(this.deps.live, plan.streamId, audio, deliver) } : undefined,
    );
    this.playback = playback;
    await playback.offer();
  }

  private async onAnswer(sdp: string, messageId: MessageId): Promise<void> {
    const playback = this.playback;
    if (!playback) return this.error('unexpected-message', 'An answer needs an offer: send create first.', messageId);
    if (playback.answered) return this.error('unexpected-message', 'This offer was already answered.', messageId);
    if (!sdpAcceptsH264(sdp)) {
      this.send({ type: 'incompatible', reason: 'The browser did not accept H.264 video.', messageId });
      playback.close();
      this.playback = undefined;
      return;
    }
    playback.answered = true;
    await playback.pc.setRemoteDescription({ type: 'answer', sdp });
  }

  private async onCandidate(message: Extract<WebRtcClientMessage, { type: 'ice_candidate' }>): Promise<void> {
    const playback = this.playback;
    if (!playback) return this.error('unexpected-message', 'A candidate needs a playback: send create first.', message.messageId);
    // An empty candidate marks the end of the client's candidates; werift needs nothing for it.
    if (message.candidate.candidate === '') return;
    await playback.pc.addIceCandidate(
      new RTCIceCandidate({
        candidate: message.candidate.candidate,
        sdpMid: message.candidate.sdpMid ?? undefined,
        sdpMLineIndex: message.candidate.sdpMLineIndex ?? undefined,
      }),
    );
  }
}
