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
 * Cost: one packetization per access unit per session (a copy of the
 * payload); timers: one per session for RTCP.
 *
 * Limits: a TCP client that cannot keep up (more than `maxBufferedBytes`
 * queued in the socket) loses access units until the next keyframe, the way
 * cameras drop rather than buffer without bound. Over UDP nothing is resent.
 */
import type { AccessUnit } from './h264';
import type { H264Source } from './h264-source';
import { buildSenderReport } from './rtcp';
import { H264Packetizer, msToRtpTicks } from './rtp-h264';

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

export class RtspMediaSession {
  readonly ssrc = (Math.random() * 0x1_0000_0000) >>> 0;
  private readonly packetizer = new H264Packetizer({ ssrc: this.ssrc, mtuBytes: 1200 });
  private readonly rtpOffset = (Math.random() * 0x1_0000_0000) >>> 0;
  private originMs: number | undefined;
  private lastTicks = -1;
  private unsubscribe: (() => void) | undefined;
  private reportTimer: NodeJS.Timeout | undefined;
  private waitingForKeyframe = true;
  private lastSentMs = 0;
  private reportedOnce = false;

  constructor(
    private readonly source: H264Source,
    private readonly transport: MediaTransport,
    private readonly maxBufferedBytes = 4 * 1024 * 1024,
    private readonly reportIntervalMs = 5000,
  ) {}

  get playing(): boolean {
    return this.unsubscribe !== undefined;
  }

  /**
   * Starts delivery. `respond` runs after the cached GOP was collected and
   * before any packet is sent, so the PLAY response (with RTP-Info) reaches
   * the client ahead of the media.
   */
  play(respond: (info: PlayInfo) => void): void {
    if (this.unsubscribe) {
      respond({ sequence: this.packetizer.sequence, rtpTimestamp: this.rtpTimestampAt(Date.now()) });
      return;
    }
    const queued: AccessUnit[] = [];
    let live = false;
    this.unsubscribe = this.source.subscribe((au) => {
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
    this.reportTimer = setInterval(() => this.sendReport(), this.reportIntervalMs);
    this.reportTimer.unref();
  }

  pause(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.reportTimer) clearInterval(this.reportTimer);
    this.reportTimer = undefined;
    this.waitingForKeyframe = true;
  }

  stop(): void {
    this.pause();
  }

  private rtpTimestampAt(timeMs: number): number {
    return (this.rtpOffset + msToRtpTicks(timeMs - (this.originMs ?? timeMs))) >>> 0;
  }

  private send(au: AccessUnit): void {
    if (this.transport.bufferedBytes() > this.maxBufferedBytes) this.waitingForKeyframe = true;
    if (this.waitingForKeyframe) {
      if (!au.keyframe || this.transport.bufferedBytes() > this.maxBufferedBytes / 2) return;
      this.waitingForKeyframe = false;
    }
    // Strictly increasing timestamps even if a source hands over a frame out of order.
    let ticks = msToRtpTicks(au.timeMs - (this.originMs ?? au.timeMs));
    if (ticks <= this.lastTicks) ticks = this.lastTicks + 90;
    this.lastTicks = ticks;
    this.lastSentMs = au.timeMs;
    const timestamp = (this.rtpOffset + ticks) >>> 0;
    for (const packet of this.packetizer.packetize(au.nalus, timestamp)) this.transport.sendRtp(packet);
    if (!this.reportedOnce) {
      // An early sender report lets the client map RTP time to wall-clock time at once.
      this.reportedOnce = true;
      this.sendReport();
    }
  }

  private sendReport(): void {
    if (this.packetizer.packetCount === 0) return;
    const nowMs = Date.now();
    // Now, on the same capture-time timeline as the packets (never before the last frame sent).
    const ntpTimeMs = Math.max(nowMs, this.lastSentMs);
    this.transport.sendRtcp(
      buildSenderReport({
        ssrc: this.ssrc,
        ntpTimeMs,
        rtpTimestamp: this.rtpTimestampAt(ntpTimeMs),
        packetCount: this.packetizer.packetCount,
        octetCount: this.packetizer.octetCount,
      }),
    );
  }
}
