/**
 * What every RTP track of an RTSP session shares, whatever it carries
 * (rtsp-session.ts for H.264 video, rtsp-audio-session.ts for G.711 sound):
 * its SSRC and random timestamp offset, the capture-time RTP clock, the
 * subscription that PLAY starts and PAUSE ends, and the RTCP sender reports
 * that map the track's RTP time to the wall clock.
 *
 * Both tracks stamp packets by capture time and report NTP "now" on that same
 * timeline (never before the last packet sent), which is how a client lines
 * sound and picture up. Subclasses decide what a PLAY sends first and what a
 * pause resets in their packetizer.
 *
 * Cost: one RTCP timer per playing track.
 */
import type { MediaTransport } from './rtsp-session';
import { buildSenderReport } from './rtcp';

/** What the sender reports read of a track's packetizer. */
export interface CountingPacketizer {
  readonly packetCount: number;
  readonly octetCount: number;
}

export abstract class RtpTrackSender {
  readonly ssrc = (Math.random() * 0x1_0000_0000) >>> 0;
  private readonly rtpOffset = (Math.random() * 0x1_0000_0000) >>> 0;
  private readonly ticksPerMs: number;
  /** Capture time of RTP time zero (minus the offset); set on the first PLAY. */
  protected originMs: number | undefined;
  /** Capture time of the last packet sent. */
  protected lastSentMs = 0;
  private reportedOnce = false;
  private unsubscribe: (() => void) | undefined;
  private reportTimer: NodeJS.Timeout | undefined;

  protected constructor(
    protected readonly transport: MediaTransport,
    clockRate: number,
    private readonly reportIntervalMs: number,
  ) {
    this.ticksPerMs = clockRate / 1000;
  }

  protected abstract readonly packetizer: CountingPacketizer;

  /** What a pause resets so that delivery can resume cleanly later. */
  protected abstract resetAfterPause(): void;

  get playing(): boolean {
    return this.unsubscribe !== undefined;
  }

  pause(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.reportTimer) clearInterval(this.reportTimer);
    this.reportTimer = undefined;
    this.resetAfterPause();
  }

  stop(): void {
    this.pause();
  }

  /** Subscribed and delivering: `unsubscribe` ends it; sender reports follow every interval. */
  protected delivering(unsubscribe: () => void): void {
    this.unsubscribe = unsubscribe;
    this.reportTimer = setInterval(() => this.sendReport(), this.reportIntervalMs);
    this.reportTimer.unref();
  }

  /** RTP ticks from the origin to a capture time. */
  protected ticksAt(timeMs: number): number {
    return Math.round((timeMs - (this.originMs ?? timeMs)) * this.ticksPerMs);
  }

  protected rtpTimestampOf(ticks: number): number {
    return (this.rtpOffset + ticks) >>> 0;
  }

  protected rtpTimestampAt(timeMs: number): number {
    return this.rtpTimestampOf(this.ticksAt(timeMs));
  }

  /** The first sender report goes out once, around the first packet, so a client can place media at once. */
  protected reportOnce(atLeastMs: number): void {
    if (this.reportedOnce) return;
    this.reportedOnce = true;
    this.sendReport(atLeastMs);
  }

  private sendReport(atLeastMs = this.lastSentMs): void {
    // A report before any media tells a client nothing it can use.
    if (!this.reportedOnce) return;
    const ntpTimeMs = Math.max(Date.now(), atLeastMs);
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
