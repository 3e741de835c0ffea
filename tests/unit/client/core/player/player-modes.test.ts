import { describe, expect, it } from 'vitest';
import {
  assertPlayerMode,
  canAddPlayer,
  canDewarp,
  dewarpChangeRestartsPlay,
  errorIcon,
  maxDewarpedPlayers,
  offersLowBandwidth,
  playerLimitMessage,
  playerModeOptions,
} from '../../../../../src/core/player';

describe('player modes', () => {
  it('puts the default first, always offers low bandwidth and WebRTC only where supported', () => {
    expect(playerModeOptions({ defaultMode: 'disabled', webrtcSupported: true })).toEqual(['webrtc', 'lowbandwidth']);
    expect(playerModeOptions({ defaultMode: 'lowbandwidth', webrtcSupported: true })).toEqual(['lowbandwidth', 'webrtc']);
    expect(playerModeOptions({ defaultMode: 'webrtc', webrtcSupported: false })).toEqual(['lowbandwidth']);
  });

  it('lets a stored default win over the server default', () => {
    expect(playerModeOptions({ defaultMode: 'webrtc', storedDefault: 'lowbandwidth', webrtcSupported: true })).toEqual([
      'lowbandwidth',
      'webrtc',
    ]);
  });

  it("throws 'Unsupported player mode' outside the list", () => {
    expect(() => assertPlayerMode('webrtc', ['lowbandwidth'])).toThrow('Unsupported player mode');
    expect(() => assertPlayerMode('lowbandwidth', ['lowbandwidth'])).not.toThrow();
  });
});

describe('limits', () => {
  it('allows players below the configured maximum and words the limit', () => {
    expect(canAddPlayer(15, 16)).toBe(true);
    expect(canAddPlayer(16, 16)).toBe(false);
    expect(playerLimitMessage(16)).toBe('You cannot view more than 16 players at a time');
  });

  it('allows 8 dewarped players on mobile and 16 elsewhere', () => {
    expect(maxDewarpedPlayers(true)).toBe(8);
    expect(maxDewarpedPlayers(false)).toBe(16);
    expect(canDewarp(7, true)).toBe(true);
    expect(canDewarp(8, true)).toBe(false);
    expect(canDewarp(15, false)).toBe(true);
  });

  it('restarts low-bandwidth play when dewarp turns on or off, not between dewarp modes', () => {
    expect(dewarpChangeRestartsPlay('lowbandwidth', 0, 1)).toBe(true);
    expect(dewarpChangeRestartsPlay('lowbandwidth', 2, 0)).toBe(true);
    expect(dewarpChangeRestartsPlay('lowbandwidth', 1, 2)).toBe(false);
    expect(dewarpChangeRestartsPlay('webrtc', 0, 1)).toBe(false);
  });
});

describe('error display', () => {
  it('shows a ban icon for not_available, a warning otherwise', () => {
    expect(errorIcon({ state: 'not_available' })).toBe('ban');
    expect(errorIcon({ state: 'error' })).toBe('warning');
  });

  it('offers low bandwidth after more than 2 retries outside low-bandwidth mode', () => {
    expect(offersLowBandwidth(2, 'webrtc')).toBe(false);
    expect(offersLowBandwidth(3, 'webrtc')).toBe(true);
    expect(offersLowBandwidth(9, 'lowbandwidth')).toBe(false);
  });
});
