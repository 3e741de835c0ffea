/**
 * The ICE candidate pair a WebRTC player's video arrives on, read from the
 * browser's getStats report, for the statistics pane (spec 2 "Player":
 * local and remote candidate type and address:port).
 *
 * A reading that is incomplete or malformed (no type, a type outside host,
 * srflx, prflx and relay, no address field, a port outside 1-65535, a pair
 * naming a candidate the report lacks) is invalid: the pane logs it and
 * shows '-' (spec 8). An empty address is no error: browsers hide this
 * computer's addresses from pages that have not been granted the camera
 * (Chromium reports them as ''), so it reads as hidden.
 *
 * Pure; loaded with the statistics pane only.
 */
import { count, type StatsEntry } from './player-stats';

export const CANDIDATE_TYPES = ['host', 'srflx', 'prflx', 'relay'] as const;
export type CandidateType = (typeof CANDIDATE_TYPES)[number];

export interface IceCandidateSummary {
  type: CandidateType;
  /** Null when the browser hides it. */
  address: string | null;
  port: number;
}

export interface IceCandidatePair {
  local: IceCandidateSummary;
  remote: IceCandidateSummary;
}

export type CandidatePairReading =
  | { kind: 'pair'; pair: IceCandidatePair }
  /** No pair selected yet (still connecting): nothing to show, nothing wrong. */
  | { kind: 'none' }
  | { kind: 'invalid'; problem: string };

function readCandidate(entry: StatsEntry | undefined, side: 'local' | 'remote'): IceCandidateSummary | string {
  if (!entry) return `the ${side} candidate is missing from the report`;
  const type = entry.candidateType;
  if (typeof type !== 'string' || !(CANDIDATE_TYPES as readonly string[]).includes(type)) return `the ${side} candidate has type ${JSON.stringify(type)}`;
  const address = entry.address ?? entry.ip;
  if (typeof address !== 'string') return `the ${side} candidate has no address`;
  const port = entry.port;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) return `the ${side} candidate has port ${JSON.stringify(port)}`;
  return { type: type as CandidateType, address: address.trim() === '' ? null : address, port };
}

/**
 * The candidate pair the video arrives on: the transport's selected pair
 * (else a nominated pair that succeeded, for browsers that name none),
 * unless another pair that succeeded is the one receiving: a sending peer
 * may send on a pair other than the one this browser selected, and the
 * viewer wants to know where the video comes from.
 */
export function readCandidatePair(entries: Iterable<StatsEntry>): CandidatePairReading {
  const byId = new Map<string, StatsEntry>();
  for (const entry of entries) byId.set(entry.id, entry);
  const succeeded = [...byId.values()].filter((entry) => entry.type === 'candidate-pair' && entry.state === 'succeeded');
  let selected: StatsEntry | undefined;
  for (const entry of byId.values()) {
    if (entry.type !== 'transport' || typeof entry.selectedCandidatePairId !== 'string') continue;
    selected = byId.get(entry.selectedCandidatePairId);
    if (!selected) return { kind: 'invalid', problem: `the selected candidate pair ${entry.selectedCandidatePairId} is missing from the report` };
  }
  selected ??= succeeded.find((entry) => entry.nominated === true);
  const receiving = succeeded.reduce<StatsEntry | undefined>(
    (best, entry) => (count(entry.bytesReceived) > count(best?.bytesReceived) ? entry : best),
    undefined,
  );
  const pair = selected && (count(selected.bytesReceived) > 0 || !receiving) ? selected : (receiving ?? selected);
  if (!pair) return { kind: 'none' };
  const local = readCandidate(typeof pair.localCandidateId === 'string' ? byId.get(pair.localCandidateId) : undefined, 'local');
  if (typeof local === 'string') return { kind: 'invalid', problem: local };
  const remote = readCandidate(typeof pair.remoteCandidateId === 'string' ? byId.get(pair.remoteCandidateId) : undefined, 'remote');
  if (typeof remote === 'string') return { kind: 'invalid', problem: remote };
  return { kind: 'pair', pair: { local, remote } };
}

/** "host 192.0.2.4:50000"; an IPv6 address in brackets; `hidden` stands for an address the browser hides. */
export function formatCandidate(candidate: IceCandidateSummary, hidden: string): string {
  const address = candidate.address === null ? hidden : candidate.address.includes(':') ? `[${candidate.address}]` : candidate.address;
  return `${candidate.type} ${address}:${candidate.port}`;
}
