/** The single player's URL arguments (src/core/player/single-player-args.ts): ids, start time, flags and player options. */
import { describe, expect, it } from 'vitest';
import { flagSet, parseSinglePlayerArgs } from '../../../../../src/core/player/single-player-args';
import { allowedPlayerModes } from '../../../../../src/core/player/player-options';

const parse = (query: string) => parseSinglePlayerArgs(new URLSearchParams(query));

describe('flags', () => {
  it.each([
    [true, true],
    ['1', true],
    ['true', true],
    [null, false],
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['yes', false],
    ['TRUE', false],
    [1, false],
    [false, false],
  ])('%o counts as %s', (value, set) => {
    expect(flagSet(value)).toBe(set);
  });
});

describe('parseSinglePlayerArgs', () => {
  it('reads the stream, the server and the start time', () => {
    const args = parse('single-player=stream-1&single-player-orchid=server-9&start-time=1767225600000');
    expect(args).toMatchObject({ streamId: 'stream-1', serverId: 'server-9', startTimeMs: 1767225600000 });
  });

  it('plays live without a usable start time, and has no stream or server when they are blank', () => {
    for (const time of ['', '0', 'abc', '-5', '1.5', '99999999999999999999']) {
      expect(parse(`single-player=s&start-time=${time}`).startTimeMs, time).toBeNull();
    }
    expect(parse('single-player=%20%20&single-player-orchid=').streamId).toBeNull();
    expect(parse('').serverId).toBeNull();
    expect(parse(`single-player=${'x'.repeat(300)}`).streamId).toBeNull();
  });

  it('starts from the API player defaults: no header, dewarp or PTZ; controls and timeline shown; both modes', () => {
    expect(parse('single-player=s').options).toMatchObject({
      showHeader: false,
      showDewarp: false,
      showPtz: false,
      canManagePtzPresets: false,
      showControls: true,
      showTimeline: true,
      showClose: false,
      availablePlayerModes: ['webrtc', 'lowbandwidth'],
      dewarpMode: 0,
      ptzControlColor: null,
    });
  });

  it.each(['true', '1'])('takes each API flag set to %s', (value) => {
    const options = parse(
      `hide-timeline=${value}&hide-controls=${value}&show-header=${value}&show-dewarp=${value}&single-player-ptz=${value}&manage-ptz-presets=${value}&disable-webrtc=${value}`,
    ).options;
    expect(options).toMatchObject({
      showTimeline: false,
      showControls: false,
      showHeader: true,
      showDewarp: true,
      showPtz: true,
      showPtzPresets: true,
      canManagePtzPresets: true,
      availablePlayerModes: ['lowbandwidth'],
    });
  });

  it.each(['false', '0', '', 'yes'])('leaves each API flag unset for %j', (value) => {
    const options = parse(`hide-timeline=${value}&hide-controls=${value}&show-header=${value}&disable-webrtc=${value}&single-player-ptz=${value}`).options;
    expect(options).toMatchObject({ showTimeline: true, showControls: true, showHeader: false, showPtz: false, availablePlayerModes: ['webrtc', 'lowbandwidth'] });
  });

  it('lets player options by their spec names override the flags, ignoring values that do not parse', () => {
    const options = parse('show-header=1&showStats=false&showClose=1&showTimeline=0&showVolume=maybe&dewarpMode=2&availablePlayerModes=lowbandwidth,webrtc&ptzControlColor=%23ffcc00').options;
    expect(options).toMatchObject({
      showHeader: true,
      showStats: false,
      showClose: true,
      showTimeline: false,
      showVolume: true,
      dewarpMode: 2,
      availablePlayerModes: ['lowbandwidth', 'webrtc'],
      ptzControlColor: '#ffcc00',
    });
    expect(parse('dewarpMode=3&ptzControlColor=red;background:url(x)&availablePlayerModes=flash').options).toMatchObject({
      dewarpMode: 0,
      ptzControlColor: null,
      availablePlayerModes: ['webrtc', 'lowbandwidth'],
    });
  });

  it('keeps WebRTC off when disable-webrtc is set, whatever the mode list says', () => {
    expect(parse('disable-webrtc=true&availablePlayerModes=webrtc,lowbandwidth').options.availablePlayerModes).toEqual(['lowbandwidth']);
    expect(parse('disable-webrtc=true&availablePlayerModes=webrtc').options.availablePlayerModes).toEqual(['lowbandwidth']);
  });
});

describe('allowedPlayerModes', () => {
  it('keeps the modes both possible and asked for, in the possible order, else low bandwidth', () => {
    expect(allowedPlayerModes(['webrtc', 'lowbandwidth'], ['lowbandwidth', 'webrtc'])).toEqual(['webrtc', 'lowbandwidth']);
    expect(allowedPlayerModes(['lowbandwidth'], ['webrtc'])).toEqual(['lowbandwidth']);
    expect(allowedPlayerModes(['webrtc', 'lowbandwidth'], ['lowbandwidth'])).toEqual(['lowbandwidth']);
  });
});
