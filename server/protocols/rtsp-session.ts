/**
 * One RTSP session's media delivery: subscribes to an H264Source on PLAY,
 * packetizes each access unit (RFC 6184) and sends it over the chosen
 * transport (interleaved on the RTSP connection, or UDP), with RTCP sender
 * reports every few seconds.
 *
 * RTP timestamps follow capture time (AccessUnit.timeMs at 90 kHz), so a
 * recorder that stream-copies gets the camera's real frame timing and, via
 * the sender reports, the wall clock of each frame.
 *
 * What video and sound tracks share (SSRC, clock, PLAY/PAUSE, sender
 * reports) is in rtp-track-sender.ts.
 *
 * Cost: one packetization per access unit per session (a copy of the
 * payload); timers: one per session for RTCP.
 *
 * Limits: a TCP client that cannot keep up (more than `maxBufferedBytes`
 * queued in the socket) loses access units until the next keyframe, the way
 * cameras drop rather than buffer without bound. Over UDP nothing is resent.
 */
import type { AccessUnit } from './h264';
import type { H264Source } from './h264-source';
import { H264_CLOCK_RATE, H264Packetizer } from './rtp-h264';
import { RtpTrackSender } from './rtp-track-sender';

export interface MediaTransport {
  sendRtp(packet: Uint8Array): void;
  sendRtcp(packet: Uint8Array): void;
  /** Bytes queued and not yet sent (TCP); 0 for UDP. */
  bufferedBytes(): number;
}

export interface PlayInfo {
  sequence: number;
  rtpTimestamp: number;
}

export class RtspMediaSession extends RtpTrackSender {
  protected readonly packetizer = new H264Packetizer({ ssrc: this.ssrc, mtuBytes: 1200 });
  private lastTicks = -1;
  private waitingForKeyframe = true;

  constructor(
    private readonly source: H264Source,
    transport: MediaTransport,
    private readonly maxBufferedBytes = 4 * 1024 * 1024,
    reportIntervalMs = 5000,
  ) {
    super(transport, H264_CLOCK_RATE, reportIntervalMs);
  }

  /**
   * Starts delivery. `respond` runs after the cached GOP was collected and
   * before any packet is sent, so the PLAY response (with RTP-Info) reaches
   * the client ahead of the media.
   */
  play(respond: (info: PlayInfo) => void): void {
    if (this.playing) {
      respond({ sequence: this.packetizer.sequence, rtpTimestamp: this.rtpTimestampAt(Date.now()) });
      return;
    }
    const queued: AccessUnit[] = [];
    let live = false;
    const unsubscribe = this.source.subscribe((au) => {
      if (live) this.send(au);
      else queued.push(au);
    });
    if (this.originMs === undefined) this.originMs = queued[0]?.timeMs ?? Date.now();
    const first = queued[0];
    respond({
      sequence: this.packetizer.sequence,
      rtpTimestamp: first ? this.rtpTimestampAt(first.timeMs) : this.rtpTimestampAt(Date.now()),
    });
    live = true;
    for (const au of queued) this.send(au);
    this.delivering(unsubscribe);
  }

  protected resetAfterPause(): void {
    this.waitingForKeyframe = true;
  }

  private send(au: AccessUnit): void {
    if (this.transport.bufferedBytes() > this.maxBufferedBytes) this.waitingForKeyframe = true;
    if (this.waitingForKeyframe) {
      if (!au.keyframe || this.transport.bufferedBytes() > this.maxBufferedBytes / 2) return;
      this.waitingForKeyframe = false;
    }
    // Strictly increasing timestamps even if a source hands over a frame out of order.
    let ticks = this.ticksAt(au.timeMs);
    if (ticks <= this.lastTicks) ticks = this.lastTicks + 90;
    this.lastTicks = ticks;
    this.lastSentMs = au.timeMs;
    const timestamp = this.rtpTimestampOf(ticks);
    for (const packet of this.packetizer.packetize(au.nalus, timestamp)) this.transport.sendRtp(packet);
    this.reportOnce(this.lastSentMs);
  }
}
