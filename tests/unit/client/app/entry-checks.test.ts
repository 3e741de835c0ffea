import { describe, expect, it } from 'vitest';
import { checkSignInEntry, type BrowserCapabilities, type EntryState } from '../../../../src/app/entry-checks';

const capable: BrowserCapabilities = { localStorage: true, webSocket: true, incompatibleBrowser: false, webRtc: true, mobile: false };
const fresh: EntryState = {
  allowUnsupportedBrowser: false,
  oldBrowserWarned: false,
  skipAuth: false,
  authenticated: false,
  singlePlayer: false,
};

const check = (capabilities: Partial<BrowserCapabilities>, state: Partial<EntryState> = {}) =>
  checkSignInEntry({ ...capable, ...capabilities }, { ...fresh, ...state });

describe('sign-in entry checks (spec 2)', () => {
  it('no local storage gives the incognito screen, before anything else', () => {
    expect(check({ localStorage: false, webSocket: false, incompatibleBrowser: true, webRtc: false }).outcome).toEqual({
      type: 'screen',
      screen: 'incognito',
    });
  });

  it('no WebSocket gives the unsupported-ws screen', () => {
    expect(check({ webSocket: false, incompatibleBrowser: true }).outcome).toEqual({ type: 'screen', screen: 'unsupported-ws' });
  });

  it('IE11 or an incompatible browser gives the unsupported screen', () => {
    expect(check({ incompatibleBrowser: true }).outcome).toEqual({ type: 'screen', screen: 'unsupported-browser' });
  });

  it('continue anyway lets an incompatible browser through', () => {
    expect(check({ incompatibleBrowser: true }, { allowUnsupportedBrowser: true }).outcome).toEqual({ type: 'stay' });
  });

  it('no WebRTC on a desktop, not yet warned, gives the old-browser screen', () => {
    const result = check({ webRtc: false });
    expect(result.outcome).toEqual({ type: 'screen', screen: 'old-browser' });
    expect(result.useLowBandwidthDefault).toBe(false);
  });

  it('no WebRTC on a desktop already warned (compatibility mode chosen) goes on to sign-in', () => {
    expect(check({ webRtc: false }, { oldBrowserWarned: true })).toEqual({ outcome: { type: 'stay' }, useLowBandwidthDefault: false });
  });

  it('no WebRTC on mobile, not yet warned, switches the default player mode to low bandwidth and goes on', () => {
    expect(check({ webRtc: false, mobile: true })).toEqual({ outcome: { type: 'stay' }, useLowBandwidthDefault: true });
    expect(check({ webRtc: false, mobile: true }, { authenticated: true })).toEqual({
      outcome: { type: 'redirect', to: '/stage' },
      useLowBandwidthDefault: true,
    });
  });

  it('no WebRTC on mobile already warned changes nothing', () => {
    expect(check({ webRtc: false, mobile: true }, { oldBrowserWarned: true }).useLowBandwidthDefault).toBe(false);
  });

  it('a browser with WebRTC is never warned', () => {
    expect(check({}).useLowBandwidthDefault).toBe(false);
  });
});

describe('sign-in resolution (spec 2)', () => {
  it('single-player mode goes to the single player', () => {
    expect(check({}, { singlePlayer: true, skipAuth: true, authenticated: true }).outcome).toEqual({ type: 'redirect', to: '/player' });
  });

  it('skipAuth stays on sign-in even when signed in', () => {
    expect(check({}, { skipAuth: true, authenticated: true }).outcome).toEqual({ type: 'stay' });
  });

  it('already authenticated goes to the stage', () => {
    expect(check({}, { authenticated: true }).outcome).toEqual({ type: 'redirect', to: '/stage' });
  });

  it('otherwise stays on sign-in', () => {
    expect(check({}).outcome).toEqual({ type: 'stay' });
  });

  it('a browser-check screen wins over resolution', () => {
    expect(check({ webSocket: false }, { authenticated: true }).outcome).toEqual({ type: 'screen', screen: 'unsupported-ws' });
  });
});
