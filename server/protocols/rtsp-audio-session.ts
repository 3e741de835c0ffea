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
 * so the client never has to place audio without it. What it shares with
 * the video track is in rtp-track-sender.ts.
 *
 * Cost: one 172-byte packet per 20 ms per session; one RTCP timer.
 * Limits: a TCP client more than `maxBufferedBytes` behind loses frames
 * (the next one sent starts a talkspurt); nothing is resent over UDP.
 */
import { PCMU_PAYLOAD_TYPE, type AudioFrame, type AudioSource } from './audio-source';
import { RtpAudioPacketizer } from './rtp-audio';
import { RtpTrackSender } from './rtp-track-sender';
import type { MediaTransport, PlayInfo } from './rtsp-session';

export class RtspAudioSession extends RtpTrackSender {
  protected readonly packetizer = new RtpAudioPacketizer({ ssrc: this.ssrc, payloadType: PCMU_PAYLOAD_TYPE });

  constructor(
    private readonly source: AudioSource,
    transport: MediaTransport,
    private readonly maxBufferedBytes = 4 * 1024 * 1024,
    reportIntervalMs = 5000,
  ) {
    super(transport, source.format.clockRate, reportIntervalMs);
  }

  /** Starts delivery; `respond` runs before any packet is sent (the PLAY answer carries RTP-Info). */
  play(respond: (info: PlayInfo) => void): void {
    const nowMs = Date.now();
    this.originMs ??= nowMs;
    respond({ sequence: this.packetizer.sequence, rtpTimestamp: this.rtpTimestampAt(nowMs) });
    if (this.playing) return;
    this.delivering(this.source.subscribe((frame) => this.send(frame)));
  }

  protected resetAfterPause(): void {
    this.packetizer.resumeAfterGap();
  }

  private send(frame: AudioFrame): void {
    if (this.transport.bufferedBytes() > this.maxBufferedBytes) {
      this.packetizer.resumeAfterGap();
      return;
    }
    this.lastSentMs = frame.timeMs;
    this.reportOnce(frame.timeMs);
    this.transport.sendRtp(this.packetizer.packetize(frame.payload, this.rtpTimestampAt(frame.timeMs)));
  }
}
