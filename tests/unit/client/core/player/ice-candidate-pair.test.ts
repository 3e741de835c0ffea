import { describe, expect, it } from 'vitest';
import { formatCandidate, readCandidatePair } from '../../../../../src/core/player/ice-candidate-pair';
import type { StatsEntry } from '../../../../../src/core/player/player-stats';
import { report } from '../../../helpers/webrtc-stats-report';

describe('ICE candidate pair of a WebRTC player', () => {
  it('reads the selected candidate pair and formats each side as type address:port', () => {
    const reading = readCandidatePair(report());
    expect(reading).toEqual({
      kind: 'pair',
      pair: { local: { type: 'host', address: '127.0.0.1', port: 53211 }, remote: { type: 'host', address: '127.0.0.1', port: 40112 } },
    });
    if (reading.kind !== 'pair') throw new Error('no pair');
    expect(formatCandidate(reading.pair.local, 'hidden')).toBe('host 127.0.0.1:53211');
    expect(formatCandidate({ type: 'relay', address: '2001:db8::1', port: 3478 }, 'hidden')).toBe('relay [2001:db8::1]:3478');
    // Chromium hides this computer's addresses from a page without camera access: '' in the report.
    const hidden = readCandidatePair(report((e) => void (e.local!.address = '')));
    expect(hidden).toMatchObject({ kind: 'pair', pair: { local: { type: 'host', address: null, port: 53211 } } });
    if (hidden.kind === 'pair') expect(formatCandidate(hidden.pair.local, 'hidden')).toBe('host hidden:53211');
    // An mDNS name stands in for a hidden host address.
    expect(readCandidatePair(report((e) => void (e.local!.address = '4f3a-11.local')))).toMatchObject({ pair: { local: { address: '4f3a-11.local' } } });
    // Browsers that name no selected pair: the nominated pair that succeeded.
    expect(readCandidatePair(report((e) => void delete e.transport))).toMatchObject({ kind: 'pair', pair: { local: { port: 53211 } } });
  });

  it('takes the pair the video arrives on when the peer sends on another pair than the browser selected', () => {
    // As measured against the recorder: Chromium (controlled) selected a pair that received nothing, while the video came on another.
    const reading = readCandidatePair(
      report((e) => {
        e.pair!.bytesReceived = 0;
        e.other = { ...e.other!, state: 'succeeded', bytesReceived: 850_000 };
      }),
    );
    expect(reading).toMatchObject({ kind: 'pair', pair: { local: { type: 'srflx', address: '198.51.100.7', port: 4000 } } });
    // The selected pair receiving: it stays, even when another pair once received more.
    expect(
      readCandidatePair(
        report((e) => {
          e.pair!.bytesReceived = 10;
          e.other = { ...e.other!, state: 'succeeded', bytesReceived: 850_000 };
        }),
      ),
    ).toMatchObject({ pair: { local: { type: 'host' } } });
    // Nothing received anywhere yet: the selected pair.
    expect(readCandidatePair(report((e) => void (e.other!.state = 'succeeded')))).toMatchObject({ pair: { local: { type: 'host' } } });
  });

  it('has no pair while connecting', () => {
    expect(
      readCandidatePair(
        report((e) => {
          delete e.transport;
          e.pair!.state = 'in-progress';
        }),
      ),
    ).toEqual({ kind: 'none' });
    expect(readCandidatePair([])).toEqual({ kind: 'none' });
  });

  it('finds invalid candidate statistics and says what is wrong', () => {
    const invalid = (change: (entries: Record<string, StatsEntry>) => void) => readCandidatePair(report(change));
    expect(invalid((e) => void (e.local!.candidateType = 'bogus'))).toEqual({ kind: 'invalid', problem: 'the local candidate has type "bogus"' });
    expect(invalid((e) => void delete e.remote!.candidateType)).toMatchObject({ kind: 'invalid', problem: 'the remote candidate has type undefined' });
    expect(invalid((e) => void delete e.remote!.address)).toEqual({ kind: 'invalid', problem: 'the remote candidate has no address' });
    expect(invalid((e) => void (e.local!.address = 42))).toEqual({ kind: 'invalid', problem: 'the local candidate has no address' });
    expect(invalid((e) => void (e.local!.port = 70000))).toEqual({ kind: 'invalid', problem: 'the local candidate has port 70000' });
    expect(invalid((e) => void (e.local!.port = '53211'))).toMatchObject({ kind: 'invalid' });
    expect(invalid((e) => void delete e.local)).toEqual({ kind: 'invalid', problem: 'the local candidate is missing from the report' });
    expect(invalid((e) => void (e.transport!.selectedCandidatePairId = 'CP9'))).toEqual({
      kind: 'invalid',
      problem: 'the selected candidate pair CP9 is missing from the report',
    });
  });
});
