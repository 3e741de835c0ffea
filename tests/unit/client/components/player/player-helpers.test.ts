import { describe, expect, it } from 'vitest';
import { desiredPlayerType, errorText, formatUtcOffset, nextPlayerType } from '../../../../../src/components/player/player-helpers';

describe('player type of a tile', () => {
  const options = ['webrtc', 'lowbandwidth'] as const;
  it('plays the default mode unless the cell forces low bandwidth or low bandwidth was chosen at sign-in', () => {
    expect(desiredPlayerType({ options, forceLbm: false, lowBandwidthPreferred: false, override: null })).toBe('webrtc');
    expect(desiredPlayerType({ options, forceLbm: true, lowBandwidthPreferred: false, override: null })).toBe('lowbandwidth');
    expect(desiredPlayerType({ options, forceLbm: false, lowBandwidthPreferred: true, override: null })).toBe('lowbandwidth');
  });

  it("follows the user's choice for the tile when it is offered", () => {
    expect(desiredPlayerType({ options, forceLbm: false, lowBandwidthPreferred: true, override: 'webrtc' })).toBe('webrtc');
    expect(desiredPlayerType({ options: ['lowbandwidth'], forceLbm: false, lowBandwidthPreferred: false, override: 'webrtc' })).toBe('lowbandwidth');
  });

  it('toggles to the next offered mode', () => {
    expect(nextPlayerType('webrtc', options)).toBe('lowbandwidth');
    expect(nextPlayerType('lowbandwidth', options)).toBe('webrtc');
    expect(nextPlayerType('lowbandwidth', ['lowbandwidth'])).toBe('lowbandwidth');
  });
});

describe('player texts', () => {
  it('words known errors and shows the server message of unknown ones', () => {
    expect(errorText({ state: 'error', code: 'timedOutWaitingForStreamToPlay', message: '', retryAttempts: 1 })).toBe('The stream did not start in time.');
    expect(errorText({ state: 'error', code: 'stream-not-running', message: 'The stream is not running.', retryAttempts: 0 })).toBe('The stream is not running.');
    expect(errorText({ state: 'not_available', code: 'forbidden', message: 'forbidden', retryAttempts: 0 })).toBe('Not available');
  });

  it('writes UTC offsets', () => {
    expect(formatUtcOffset(60)).toBe('UTC+01:00');
    expect(formatUtcOffset(-330)).toBe('UTC-05:30');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
  });
});
