/**
 * The figures of a tile's statistics pane (spec 2 "Player": stats; spec 9:
 * refreshed every second, packet loss over 0.1 or undecodable frames raise
 * the bandwidth warning), derived from counters the sources read: bit rate
 * from received-byte deltas, the share of packets lost between two
 * readings, and the inbound video figures of a WebRTC getStats report
 * (the ICE candidate pair: ice-candidate-pair.ts).
 *
 * Pure: no browser types beyond plain records, so it is unit-tested as is.
 */

/** Spec 9: packet loss over this share raises the bandwidth warning. */
export const PACKET_LOSS_WARNING = 0.1;

/** One entry of an RTCStatsReport, as a plain record. */
export type StatsEntry = { id: string; type: string } & Record<string, unknown>;

/** A counter of a stats entry (absent or malformed counts as 0). */
export const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);
const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

export interface ByteReading {
  bytes: number;
  atMs: number;
}

/** Bits per second between two readings of a received-bytes counter; null without an earlier reading, time, or when the counter went back (a new stream). */
export function bitRateBps(before: ByteReading | null, after: ByteReading): number | null {
  if (!before) return null;
  const elapsedMs = after.atMs - before.atMs;
  const bytes = after.bytes - before.bytes;
  if (!(elapsedMs > 0) || !(bytes >= 0) || !Number.isFinite(bytes)) return null;
  return (bytes * 8 * 1000) / elapsedMs;
}

export interface PacketCounters {
  packetsReceived: number;
  packetsLost: number;
}

/**
 * A playing WebRTC picture whose video packets stopped this long ago has
 * stalled (the recorder's feed hung, or the path broke without ICE noticing):
 * the player fails it as recoverable and asks again at its timeline's time.
 * Long enough for the slowest stream (a 1 fps camera at 1/4x sends a picture
 * every 4 s).
 */
export const VIDEO_STALL_MS = 15_000;

/** When video packets last arrived, given two readings and the previous answer (ms). */
export function videoFlowAtMs(before: PacketCounters | null, after: PacketCounters, nowMs: number, previousMs: number): number {
  return before === null || after.packetsReceived > before.packetsReceived ? nowMs : previousMs;
}

/** Share of packets lost between two readings of inbound RTP counters; null before there is a difference. */
export function packetLossRatio(before: PacketCounters | null, after: PacketCounters): number | null {
  if (!before) return null;
  const received = after.packetsReceived - before.packetsReceived;
  const lost = after.packetsLost - before.packetsLost;
  const total = received + Math.max(0, lost);
  return total > 0 ? Math.max(0, lost) / total : null;
}

/** Spec 9: the bandwidth (slow-network) warning, from the last second's loss and newly undecodable frames. */
export function bandwidthWarning(packetLoss: number | null, newDecodeErrors: number): boolean {
  return (packetLoss !== null && packetLoss > PACKET_LOSS_WARNING) || newDecodeErrors > 0;
}

/** The inbound video figures of a WebRTC getStats report that the pane and the warning use. */
export interface InboundVideo {
  packets: PacketCounters;
  bytesReceived: number;
  /** The report's own time of the reading, ms. */
  atMs: number;
  framesPerSecond: number | null;
  framesDecoded: number;
  /**
   * Times the video could not be decoded: the browser's requests for a new
   * key frame (PLI and FIR), which it sends when what it received cannot be
   * decoded. Frames it drops for lack of time (framesDropped) are not
   * counted: they measure this computer's speed, not the stream.
   */
  undecodable: number;
  width: number | null;
  height: number | null;
}

/** The video inbound-rtp entry of a report, if any. */
export function readInboundVideo(entries: Iterable<StatsEntry>, nowMs: number): InboundVideo | null {
  for (const entry of entries) {
    if (entry.type !== 'inbound-rtp' || (entry.kind ?? entry.mediaType) !== 'video') continue;
    return {
      packets: { packetsReceived: count(entry.packetsReceived), packetsLost: count(entry.packetsLost) },
      bytesReceived: count(entry.bytesReceived),
      atMs: positive(entry.timestamp) ?? nowMs,
      framesPerSecond: typeof entry.framesPerSecond === 'number' && Number.isFinite(entry.framesPerSecond) ? entry.framesPerSecond : null,
      framesDecoded: count(entry.framesDecoded),
      undecodable: count(entry.pliCount) + count(entry.firCount),
      width: positive(entry.frameWidth),
      height: positive(entry.frameHeight),
    };
  }
  return null;
}
