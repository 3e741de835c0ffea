/**
 * One RTSP session's audio track: subscribes to an AudioSource on PLAY,
 * sends each frame as one RTP packet (PCMU, payload type 0) over the track's
 * transport, with RTCP sender reports, beside the session's video track
 * (rtsp-session.ts).
 *
 * RTP timestamps follow capture time (AudioFrame.timeMs at the 8 kHz clock)
 * and the sender reports map them to the wall clock, exactly as the video
 * track does at 90 kHz, so a client lines sound and picture up by their
 * capture times. The first sender report goes out before the first packet,
 * so the client never has to place audio without it.
 *
 * Cost: one 172-byte packet per 20 ms per session; one RTCP timer.
 * Limits: a TCP client more than `maxBufferedBytes` behind loses frames
 * (the next one sent starts a talkspurt); nothing is resent over UDP.
 */
import { PCMU_PAYLOAD_TYPE, type AudioFrame, type AudioSource } from './audio-source';
import { buildSenderReport } from './rtcp';
import { RtpAudioPacketizer } from './rtp-audio';
import type { MediaTransport, PlayInfo } from './rtsp-session';

export class RtspAudioSession {
  readonly ssrc = (Math.random() * 0x1_0000_0000) >>> 0;
  private readonly packetizer = new RtpAudioPacketizer({ ssrc: this.ssrc, payloadType: PCMU_PAYLOAD_TYPE });
  private readonly rtpOffset = (Math.random() * 0x1_0000_0000) >>> 0;
  private readonly ticksPerMs: number;
  private originMs: number | undefined;
  private unsubscribe: (() => void) | undefined;
  private reportTimer: NodeJS.Timeout | undefined;
  private lastSentMs = 0;
  private reportedOnce = false;

  constructor(
    private readonly source: AudioSource,
    private readonly transport: MediaTransport,
    private readonly maxBufferedBytes = 4 * 1024 * 1024,
    private readonly reportIntervalMs = 5000,
  ) {
    this.ticksPerMs = source.format.clockRate / 1000;
  }

  get playing(): boolean {
    return this.unsubscribe !== undefined;
  }

  /** Starts delivery; `respond` runs before any packet is sent (the PLAY answer carries RTP-Info). */
  play(respond: (info: PlayInfo) => void): void {
    const nowMs = Date.now();
    this.originMs ??= nowMs;
    respond({ sequence: this.packetizer.sequence, rtpTimestamp: this.rtpTimestampAt(nowMs) });
    if (this.unsubscribe) return;
    this.unsubscribe = this.source.subscribe((frame) => this.send(frame));
    this.reportTimer = setInterval(() => this.sendReport(), this.reportIntervalMs);
    this.reportTimer.unref();
  }

  pause(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.reportTimer) clearInterval(this.reportTimer);
    this.reportTimer = undefined;
    this.packetizer.resumeAfterGap();
  }

  stop(): void {
    this.pause();
  }

  private rtpTimestampAt(timeMs: number): number {
    return (this.rtpOffset + Math.round((timeMs - (this.originMs ?? timeMs)) * this.ticksPerMs)) >>> 0;
  }

  private send(frame: AudioFrame): void {
    if (this.transport.bufferedBytes() > this.maxBufferedBytes) {
      this.packetizer.resumeAfterGap();
      return;
    }
    this.lastSentMs = frame.timeMs;
    if (!this.reportedOnce) {
      this.reportedOnce = true;
      this.sendReport(frame.timeMs);
    }
    this.transport.sendRtp(this.packetizer.packetize(frame.payload, this.rtpTimestampAt(frame.timeMs)));
  }

  private sendReport(atLeastMs = this.lastSentMs): void {
    // Now, on the packets' capture-time timeline (never before the last frame sent).
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
