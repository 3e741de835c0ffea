/**
 * A tile's WebRTC source (spec 4, 7, 8): RTCPeerConnection on the main
 * thread (workers have none), signalling over its own socket. The recorder
 * offers a send-only H.264 track; the picture plays in the tile's <video>,
 * or, when the tile needs a shader (digital zoom, dewarp), its VideoFrames
 * go to the stage compositor: a MediaStreamTrackProcessor's stream is
 * transferred to the host worker, so frames never pass through this thread.
 *
 * Failures: socket errors, ICE failed or closed, a peer that disconnects,
 * malformed signalling are recoverable; autoplay blocked and an
 * incompatible stream are not (the player switches to low bandwidth).
 * Packet loss over 10 % (stats, once a second) is a slow network.
 *
 * Teardown closes the peer, the socket and the processor and empties the
 * <video>. Cost: the browser's decoder; one getStats call a second.
 */
import { transfer } from 'comlink';
import type { PlayRequest } from '../../core/player';
import type { MediaWorker } from '../stage-worker-pool';
import type { PlayerSource, SourceCallbacks, SourceStats } from '../player-source';
import { PACKET_LOSS_WARNING, WEBRTC_ERROR, createMessage, packetLossShare, readServerMessage } from './webrtc-messages';

const STATS_INTERVAL_MS = 1000;
/** A disconnected peer gets this long to come back before it counts as a failure. */
const DISCONNECT_GRACE_MS = 3000;

interface TrackProcessorConstructor {
  new (init: { track: MediaStreamTrack }): { readable: ReadableStream<VideoFrame> };
}

export interface WebRtcSourceOptions {
  tileId: string;
  streamId: string;
  video: HTMLVideoElement;
  host: MediaWorker;
  /** The signalling socket's address with a fresh ticket; null when signed out. */
  socketUrl: () => Promise<string | null>;
}

interface Attempt {
  socket: WebSocket;
  pc: RTCPeerConnection;
  callbacks: SourceCallbacks;
  done: boolean;
  statsTimer: ReturnType<typeof setInterval> | undefined;
  disconnectTimer: ReturnType<typeof setTimeout> | undefined;
  lastCounters: { packetsReceived: number; packetsLost: number } | null;
  fps: number | null;
  framesDecoded: number;
  bytesReceived: number;
  loss: number | null;
}

export class WebRtcSource implements PlayerSource {
  private attempt: Attempt | null = null;
  private shader = false;
  private processorAttached = false;
  private hidden = false;
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
      done: false,
      statsTimer: undefined,
      disconnectTimer: undefined,
      lastCounters: null,
      fps: null,
      framesDecoded: 0,
      bytesReceived: 0,
      loss: null,
    };
    this.attempt = attempt;
    const fail = (code: string, recoverable = true, message?: string) => {
      if (attempt.done || this.attempt !== attempt) return;
      this.stop();
      callbacks.failed({ code, recoverable, ...(message ? { message } : {}) });
    };
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
      const reading = readServerMessage(event.data);
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
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      const video = this.options.video;
      video.muted = video.volume === 0;
      video.srcObject = stream;
      const onPlaying = () => {
        video.removeEventListener('playing', onPlaying);
        if (attempt.done || this.attempt !== attempt) return;
        callbacks.playing();
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
    report.forEach((entry: RTCStats & Record<string, unknown>) => {
      if (entry.type !== 'inbound-rtp' || entry.kind !== 'video') return;
      const counters = { packetsReceived: Number(entry.packetsReceived ?? 0), packetsLost: Number(entry.packetsLost ?? 0) };
      attempt.loss = packetLossShare(attempt.lastCounters, counters);
      attempt.lastCounters = counters;
      attempt.fps = typeof entry.framesPerSecond === 'number' ? entry.framesPerSecond : null;
      attempt.framesDecoded = Number(entry.framesDecoded ?? 0);
      attempt.bytesReceived = Number(entry.bytesReceived ?? 0);
    });
    if (attempt.loss !== null) attempt.callbacks.slow(attempt.loss > PACKET_LOSS_WARNING);
  }

  private attachProcessor(): void {
    const Processor = (globalThis as { MediaStreamTrackProcessor?: TrackProcessorConstructor }).MediaStreamTrackProcessor;
    const stream = this.options.video.srcObject;
    const track = stream instanceof MediaStream ? stream.getVideoTracks()[0] : undefined;
    if (!Processor || !track || this.processorAttached) return;
    const { readable } = new Processor({ track: track.clone() });
    this.processorAttached = true;
    void this.options.host.attachVideo(this.options.tileId, transfer(readable, [readable as unknown as Transferable]));
  }

  private detachProcessor(): void {
    if (!this.processorAttached) return;
    this.processorAttached = false;
    void this.options.host.detachVideo(this.options.tileId);
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
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
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
    return {
      framesPerSecond: attempt.fps,
      framesDrawn: attempt.framesDecoded,
      width: video.videoWidth || null,
      height: video.videoHeight || null,
      bytesReceived: attempt.bytesReceived,
      stalls: 0,
      packetLoss: attempt.loss,
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
