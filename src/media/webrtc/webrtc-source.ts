/**
 * A tile's WebRTC source (spec 4, 7, 8): RTCPeerConnection on the main
 * thread (workers have none), signalling over its own socket. The recorder
 * offers a send-only H.264 track; the picture plays in the tile's <video>,
 * or, when the tile needs a shader (digital zoom, dewarp), its VideoFrames
 * go to the stage compositor: a MediaStreamTrackProcessor's stream is
 * transferred to the host worker, so frames never pass through this thread.
 *
 * Sound: live from a camera with sound the recorder adds a PCMU track to
 * the same media stream (the browser keeps the two in step). It plays in the
 * tile's <audio> at the tile's volume (`setVolume`; spec 2, 9: 0, 0.5, 1,
 * muted at 0, the default); the <video> only ever shows the picture, so the
 * sound is the same whichever surface draws it. Muted, the <audio> plays
 * nothing and needs no autoplay permission; raised by the user's click, it
 * plays. A browser that still refuses leaves the tile silent, never
 * without picture.
 *
 * Failures: socket errors, ICE failed or closed, a peer that disconnects,
 * malformed signalling are recoverable; autoplay blocked and an
 * incompatible stream are not (the player switches to low bandwidth).
 * Once a second the peer's statistics give the tile's figures (resolution,
 * frame rate, bit rate, loss, decode errors: core/player/player-stats.ts,
 * and the report's ICE entries, which the statistics pane reads when it is
 * open); packet loss over 10 % or video that could not be decoded in that
 * second are a slow network. Video packets that stop for VIDEO_STALL_MS
 * while playing are a recoverable 'noPackets' failure, so a hung feed
 * restarts at the timeline's time instead of freezing its last picture.
 *
 * Teardown closes the peer, the socket and the processor and empties the
 * <video>. Cost: the browser's decoder; one getStats call a second.
 */
import { transfer } from 'comlink';
import {
  bandwidthWarning,
  bitRateBps,
  VIDEO_STALL_MS,
  videoFlowAtMs,
  packetLossRatio,
  readInboundVideo,
  type InboundVideo,
  type PlayRequest,
  type StatsEntry,
} from '../../core/player';
import type { MediaWorker } from '../stage-worker-pool';
import type { PlayerSource, SourceAudioStats, SourceCallbacks, SourceStats } from '../player-source';
import { LIVE_JITTER_BUFFER_TARGET_MS, WEBRTC_ERROR, createMessage, readServerMessage } from './webrtc-messages';

const STATS_INTERVAL_MS = 1000;
/** The report entries the ICE candidate pair is read from. */
const ICE_STATS = new Set(['transport', 'candidate-pair', 'local-candidate', 'remote-candidate']);
/** A disconnected peer gets this long to come back before it counts as a failure. */
const DISCONNECT_GRACE_MS = 3000;

interface TrackProcessorConstructor {
  new (init: { track: MediaStreamTrack }): { readable: ReadableStream<VideoFrame> };
}

export interface WebRtcSourceOptions {
  tileId: string;
  streamId: string;
  video: HTMLVideoElement;
  /** Plays the camera's sound, when it has some (none: the tile stays silent). */
  audio?: HTMLAudioElement;
  host: MediaWorker;
  /** The signalling socket's address with a fresh ticket; null when signed out. */
  socketUrl: () => Promise<string | null>;
}

interface Attempt {
  socket: WebSocket;
  pc: RTCPeerConnection;
  callbacks: SourceCallbacks;
  /** Ends the attempt with a failure (once). */
  fail: (code: string) => void;
  /** When video packets last arrived (wall ms), once playing. */
  videoFlowAtMs: number;
  done: boolean;
  statsTimer: ReturnType<typeof setInterval> | undefined;
  disconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** The last reading of the inbound video, and what was derived from it and the one before. */
  inbound: InboundVideo | null;
  bitRateBps: number | null;
  loss: number | null;
  /** The ICE entries (transport, candidate pairs, candidates) of the last report. */
  iceStats: StatsEntry[];
  audio: SourceAudioStats | null;
}

export class WebRtcSource implements PlayerSource {
  private attempt: Attempt | null = null;
  private shader = false;
  /** The clone of the video track given to the compositor's track processor, while one is attached. */
  private processorTrack: MediaStreamTrack | null = null;
  private hidden = false;
  private volume = 0;
  private messageId = 0;
  /** Counts starts and stops, so a ticket that arrives after a newer start or a stop is dropped. */
  private generation = 0;

  constructor(private readonly options: WebRtcSourceOptions) {}

  start(request: PlayRequest, callbacks: SourceCallbacks): void {
    this.stop();
    const generation = ++this.generation;
    const unavailable = () =>
      callbacks.failed({ code: WEBRTC_ERROR.unsupportedMediaFormat, recoverable: false, message: 'WebRTC is not available' });
    if (typeof RTCPeerConnection !== 'function') return unavailable();
    this.options.socketUrl().then(
      (url) => {
        if (generation !== this.generation) return;
        if (!url) return unavailable();
        this.open(url, request, callbacks);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        callbacks.failed({ code: WEBRTC_ERROR.webSocketError, recoverable: true, message: error instanceof Error ? error.message : String(error) });
      },
    );
  }

  private open(url: string, request: PlayRequest, callbacks: SourceCallbacks): void {
    const pc = new RTCPeerConnection({ iceServers: [] });
    const socket = new WebSocket(url);
    const attempt: Attempt = {
      socket,
      pc,
      callbacks,
      fail: () => undefined,
      videoFlowAtMs: 0,
      done: false,
      statsTimer: undefined,
      disconnectTimer: undefined,
      inbound: null,
      bitRateBps: null,
      loss: null,
      iceStats: [],
      audio: null,
    };
    this.attempt = attempt;
    const fail = (code: string, recoverable = true, message?: string) => {
      if (attempt.done || this.attempt !== attempt) return;
      this.stop();
      callbacks.failed({ code, recoverable, ...(message ? { message } : {}) });
    };
    attempt.fail = (code) => fail(code);
    const send = (message: unknown) => {
      try {
        socket.send(JSON.stringify(message));
      } catch {
        fail(WEBRTC_ERROR.webSocketFailedSend);
      }
    };

    socket.onopen = () => send(createMessage(this.options.streamId, request.timeMs, request.speed, ++this.messageId));
    socket.onerror = () => fail(WEBRTC_ERROR.webSocketError);
    socket.onclose = () => fail(WEBRTC_ERROR.webSocketClosed);
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const reading = readServerMessage(event.data, request.timeMs === 0);
      if (reading.kind === 'failure') return fail(reading.failure.code, reading.failure.recoverable, reading.failure.message);
      if (reading.kind === 'candidate') {
        pc.addIceCandidate(reading.candidate).catch(() => fail(WEBRTC_ERROR.invalidCandidate));
        return;
      }
      pc.setRemoteDescription({ type: 'offer', sdp: reading.sdp })
        .then(() => pc.createAnswer())
        .then(async (answer) => {
          await pc.setLocalDescription(answer);
          send({ type: 'answer', sdp: answer.sdp ?? '', messageId: ++this.messageId });
        })
        .catch((error: unknown) => fail(WEBRTC_ERROR.invalidOffer, true, error instanceof Error ? error.message : undefined));
    };

    pc.onicecandidate = (event) => {
      if (event.candidate && event.candidate.candidate) send({ type: 'ice_candidate', candidate: event.candidate.toJSON(), messageId: ++this.messageId });
    };
    pc.oniceconnectionstatechange = () => {
      const state = pc.iceConnectionState;
      if (state === 'failed') fail(WEBRTC_ERROR.iceFailed);
      else if (state === 'closed') fail(WEBRTC_ERROR.iceClosed);
      else if (state === 'disconnected') {
        attempt.disconnectTimer ??= setTimeout(() => fail(WEBRTC_ERROR.peerConnectionDisconnected), DISCONNECT_GRACE_MS);
      } else if (attempt.disconnectTimer !== undefined) {
        clearTimeout(attempt.disconnectTimer);
        attempt.disconnectTimer = undefined;
      }
    };
    pc.ontrack = (event) => {
      if (event.track.kind === 'audio') {
        this.attachAudio(event.track);
        return;
      }
      // Live is watched to steer cameras and follow people: ask the receiver to hold as little as it can
      // (bench/live-latency: the browser's own jitter buffer beside it). A recording keeps the browser's
      // smoothing, since nobody is steering by it.
      if (request.timeMs === 0) event.receiver.jitterBufferTarget = LIVE_JITTER_BUFFER_TARGET_MS;
      // The picture alone: the sound plays in the <audio>, so the <video> never doubles it.
      const stream = new MediaStream([event.track]);
      const video = this.options.video;
      video.muted = true;
      video.srcObject = stream;
      const onPlaying = () => {
        video.removeEventListener('playing', onPlaying);
        if (attempt.done || this.attempt !== attempt) return;
        callbacks.playing();
        attempt.videoFlowAtMs = Date.now();
        attempt.statsTimer = setInterval(() => void this.sample(attempt), STATS_INTERVAL_MS);
      };
      video.addEventListener('playing', onPlaying);
      video.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError') fail(WEBRTC_ERROR.autoplayBlocked, false);
        // AbortError: a newer srcObject replaced this one; the newer attempt reports for itself.
      });
      if (this.shader) this.attachProcessor();
    };
  }

  private async sample(attempt: Attempt): Promise<void> {
    if (attempt.done) return;
    let report: RTCStatsReport;
    try {
      report = await attempt.pc.getStats();
    } catch {
      return; // the peer closed between the timer and the call
    }
    if (attempt.done) return;
    const entries = [...(report.values() as Iterable<StatsEntry>)];
    const before = attempt.inbound;
    const inbound = readInboundVideo(entries, Date.now());
    if (inbound) {
      const nowMs = Date.now();
      attempt.videoFlowAtMs = videoFlowAtMs(before?.packets ?? null, inbound.packets, nowMs, attempt.videoFlowAtMs);
      if (nowMs - attempt.videoFlowAtMs >= VIDEO_STALL_MS) return attempt.fail(WEBRTC_ERROR.noPackets);
      attempt.inbound = inbound;
      attempt.loss = packetLossRatio(before?.packets ?? null, inbound.packets);
      attempt.bitRateBps = bitRateBps(before ? { bytes: before.bytesReceived, atMs: before.atMs } : null, { bytes: inbound.bytesReceived, atMs: inbound.atMs });
      const newDecodeErrors = before ? Math.max(0, inbound.undecodable - before.undecodable) : 0;
      // A second without packets says nothing of the network's speed (the play time-out watches silence).
      if (before && (attempt.loss !== null || newDecodeErrors > 0)) attempt.callbacks.slow(bandwidthWarning(attempt.loss, newDecodeErrors));
    }
    attempt.iceStats = entries.filter((entry) => ICE_STATS.has(entry.type));
    for (const entry of entries as Array<StatsEntry & Record<string, unknown>>) {
      if (entry.type !== 'inbound-rtp' || entry.kind !== 'audio') continue;
      attempt.audio = {
        packetsReceived: Number(entry.packetsReceived ?? 0),
        bytesReceived: Number(entry.bytesReceived ?? 0),
        totalAudioEnergy: Number(entry.totalAudioEnergy ?? 0),
      };
    }
  }

  private attachAudio(track: MediaStreamTrack): void {
    const audio = this.options.audio;
    if (!audio) return;
    audio.srcObject = new MediaStream([track]);
    this.applyVolume();
  }

  /** The tile's volume (0 mutes); sound plays only while the tile is shown and not muted. */
  setVolume(volume: number): void {
    this.volume = volume;
    this.applyVolume();
  }

  private applyVolume(): void {
    const audio = this.options.audio;
    if (!audio) return;
    audio.volume = this.volume;
    audio.muted = this.volume === 0;
    if (!audio.srcObject) return;
    if (this.volume === 0 || this.hidden) {
      audio.pause();
      return;
    }
    // Refused without a user's gesture: the tile stays silent until the next change of volume.
    if (audio.paused) audio.play().catch(() => undefined);
  }

  private attachProcessor(): void {
    const Processor = (globalThis as { MediaStreamTrackProcessor?: TrackProcessorConstructor }).MediaStreamTrackProcessor;
    const stream = this.options.video.srcObject;
    const track = stream instanceof MediaStream ? stream.getVideoTracks()[0] : undefined;
    if (!Processor || !track || this.processorTrack) return;
    this.processorTrack = track.clone();
    const { readable } = new Processor({ track: this.processorTrack });
    void this.options.host.attachVideo(this.options.tileId, transfer(readable, [readable as unknown as Transferable]));
  }

  private detachProcessor(): void {
    const track = this.processorTrack;
    if (!track) return;
    this.processorTrack = null;
    void this.options.host.detachVideo(this.options.tileId);
    // Ending the clone closes the processor's stream behind the frames it still queues, so the
    // worker's pump reads and closes them (see video-frame-pump.ts); a cancel there would drop them unclosed.
    track.stop();
  }

  stop(): void {
    this.generation++;
    const attempt = this.attempt;
    this.attempt = null;
    this.detachProcessor();
    if (!attempt) return;
    attempt.done = true;
    if (attempt.statsTimer !== undefined) clearInterval(attempt.statsTimer);
    if (attempt.disconnectTimer !== undefined) clearTimeout(attempt.disconnectTimer);
    attempt.socket.onclose = null;
    attempt.socket.onerror = null;
    attempt.socket.onmessage = null;
    attempt.socket.close();
    attempt.pc.ontrack = null;
    attempt.pc.oniceconnectionstatechange = null;
    attempt.pc.onicecandidate = null;
    attempt.pc.close();
    const video = this.options.video;
    const stream = video.srcObject;
    video.srcObject = null;
    if (stream instanceof MediaStream) for (const track of stream.getTracks()) track.stop();
    const audio = this.options.audio;
    const sound = audio?.srcObject;
    if (audio) {
      audio.pause();
      audio.srcObject = null;
    }
    if (sound instanceof MediaStream) for (const track of sound.getTracks()) track.stop();
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    this.applyVolume();
    const video = this.options.video;
    if (!video.srcObject) return;
    if (hidden) video.pause();
    else void video.play().catch(() => undefined); // resumed by the next start if the browser refuses
  }

  setShader(on: boolean): void {
    this.shader = on;
    if (on && this.attempt) this.attachProcessor();
    if (!on) this.detachProcessor();
  }

  async stats(): Promise<SourceStats | null> {
    const attempt = this.attempt;
    if (!attempt) return null;
    const video = this.options.video;
    const inbound = attempt.inbound;
    return {
      framesPerSecond: inbound?.framesPerSecond ?? null,
      framesDrawn: inbound?.framesDecoded ?? 0,
      width: inbound?.width ?? (video.videoWidth || null),
      height: inbound?.height ?? (video.videoHeight || null),
      bytesReceived: inbound?.bytesReceived ?? 0,
      bitRateBps: attempt.bitRateBps,
      stalls: 0,
      packetLoss: attempt.loss,
      decodeErrors: inbound?.undecodable ?? 0,
      iceStats: attempt.iceStats,
      audio: attempt.audio,
    };
  }

  destroy(): void {
    this.stop();
    this.hidden = false;
  }

  get isHidden(): boolean {
    return this.hidden;
  }
}
