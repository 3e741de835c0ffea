/** A getStats report of a connected WebRTC peer, as Chromium shapes it, for the statistics tests. */
import type { StatsEntry } from '../../../src/core/player/player-stats';

export function report(change: (entries: Record<string, StatsEntry>) => void = () => undefined): StatsEntry[] {
  const entries: Record<string, StatsEntry> = {
    transport: { id: 'T01', type: 'transport', selectedCandidatePairId: 'CP1' },
    pair: { id: 'CP1', type: 'candidate-pair', state: 'succeeded', nominated: true, localCandidateId: 'IL1', remoteCandidateId: 'IR1' },
    other: { id: 'CP2', type: 'candidate-pair', state: 'failed', nominated: false, localCandidateId: 'IL2', remoteCandidateId: 'IR1' },
    local: { id: 'IL1', type: 'local-candidate', candidateType: 'host', address: '127.0.0.1', port: 53211, protocol: 'udp' },
    local2: { id: 'IL2', type: 'local-candidate', candidateType: 'srflx', address: '198.51.100.7', port: 4000, protocol: 'udp' },
    remote: { id: 'IR1', type: 'remote-candidate', candidateType: 'host', address: '127.0.0.1', port: 40112, protocol: 'udp' },
    inbound: {
      id: 'IT01V',
      type: 'inbound-rtp',
      kind: 'video',
      timestamp: 1_000_000,
      packetsReceived: 500,
      packetsLost: 3,
      bytesReceived: 250_000,
      framesPerSecond: 25,
      framesDecoded: 240,
      framesDropped: 9,
      pliCount: 2,
      firCount: 1,
      frameWidth: 1280,
      frameHeight: 720,
    },
  };
  change(entries);
  return Object.values(entries);
}
