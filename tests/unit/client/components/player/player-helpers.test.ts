import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desiredPlayerType, errorText, formatBitRate, formatUtcOffset, nextPlayerType } from '../../../../../src/components/player/player-helpers';
import { PLAYER_ERROR, playerErrorCode } from '../../../../../src/core/player';
import { LOW_BANDWIDTH_ERROR } from '../../../../../src/core/low-bandwidth-session';
import { WEBRTC_ERROR } from '../../../../../src/media/webrtc/webrtc-messages';
import { t } from '../../../../../src/i18n/translate';

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
    expect(errorText({ state: 'error', code: 'timedOutWaitingForStreamToPlay', message: '' })).toBe('The stream did not start in time.');
    expect(errorText({ state: 'error', code: 'stream-not-running', message: 'The stream is not running.' })).toBe('The stream is not running.');
    expect(errorText({ state: 'not_available', code: 'forbidden', message: 'forbidden' })).toBe('Not available');
  });

  it('has words for every code a player can raise, and shows a refused request’s status', () => {
    const codes = new Set([...Object.values(PLAYER_ERROR), ...Object.values(WEBRTC_ERROR), ...Object.values(LOW_BANDWIDTH_ERROR)]);
    for (const code of codes) {
      expect(t.has(`tile.error.${code}`), code).toBe(true);
      const text = errorText({ state: 'error', code, message: code });
      expect(text, code).not.toBe(code);
      if (code !== 'unknown') expect(text, code).not.toBe(t('tile.error.unknown'));
    }
    expect(errorText({ state: 'error', code: 'failedToCreateLowBandwidthStream', message: 'busy (503)', status: 503 })).toBe(
      'The low-bandwidth stream could not be created. (503)',
    );
    expect(errorText({ state: 'not_available', code: 'noLivePermission', message: 'x', status: 403 })).toBe('You do not have permission for live video of this camera. (403)');
  });

  it('has words for every refusal the recorder sends a player', () => {
    // The recorder's live feature is where playback refusals come from: every code written there must reach a text.
    const folder = path.resolve(__dirname, '../../../../../server/recorder/live');
    const sources = ['signaling-messages.ts', 'webrtc-session.ts', 'feed-opener.ts', 'archive-player.ts', 'reverse-pictures.ts', 'low-bandwidth-streams.ts'];
    const found = new Set<string>();
    for (const file of sources) {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      for (const pattern of [/code: '([\w-]+)'/g, /fail\('([\w-]+)'/g, /ApiError\(\d+, '([\w-]+)'/g, /notFound\([^)]*?, '([\w-]+)'\)/g, /'(invalid-[\w-]+)'/g, /: '(playFailure)'/g]) {
        for (const match of text.matchAll(pattern)) found.add(match[1]!);
      }
    }
    expect([...found]).toEqual(expect.arrayContaining(['forbidden', 'stream-not-found', 'invalid-answer', 'iceFailed', 'playFailure', 'too-many-sessions']));
    for (const code of found) {
      for (const live of [true, false]) {
        const mapped = playerErrorCode(code, { live, fallback: 'unknown' });
        expect(t.has(`tile.error.${mapped}`), `${code} -> ${mapped}`).toBe(true);
      }
    }
    expect(playerErrorCode('forbidden', { live: true, fallback: 'unknown' })).toBe('noLivePermission');
    expect(playerErrorCode('forbidden', { live: false, fallback: 'unknown' })).toBe('noPlaybackPermission');
    expect(playerErrorCode('stream-not-running', { live: true, fallback: 'unknown' })).toBe('streamNotRunning');
    expect(playerErrorCode('iceTimeout', { live: true, fallback: 'unknown' })).toBe('iceTimeout');
    expect(playerErrorCode(null, { live: true, fallback: 'failedToCreateLowBandwidthStream' })).toBe('failedToCreateLowBandwidthStream');
  });

  it('never shows a bare code: an unknown one shows the recorder’s reason, else a general text', () => {
    expect(errorText({ state: 'error', code: 'somethingNew', message: 'somethingNew' })).toBe('Playback failed for an unknown reason.');
    expect(errorText({ state: 'not_available', code: 'somethingNew', message: '' })).toBe('Not available');
  });

  it('writes bit rates in network units', () => {
    expect(formatBitRate(0)).toBe('0 bit/s');
    expect(formatBitRate(999)).toBe('999 bit/s');
    expect(formatBitRate(850_400)).toBe('850 kbit/s');
    expect(formatBitRate(2_140_000)).toBe('2.1 Mbit/s');
  });

  it('writes UTC offsets', () => {
    expect(formatUtcOffset(60)).toBe('UTC+01:00');
    expect(formatUtcOffset(-330)).toBe('UTC-05:30');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
  });
});
