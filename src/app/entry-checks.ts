/**
 * The sign-in entry checks and resolution of spec 2, as a pure function of
 * what the browser can do and where the user stands:
 *
 * 1. no local storage          -> incognito screen
 * 2. no WebSocket              -> unsupported-ws screen
 * 3. IE11 / incompatible        -> unsupported screen (unless allowed: continue anyway)
 * 4. no WebRTC, not yet warned -> on mobile: default player mode becomes low
 *                                 bandwidth, continue; otherwise the old-browser
 *                                 ('dinosaur') screen offering compatibility mode
 * 5. resolution: single-player -> /player; skipAuth -> stay;
 *                authenticated -> /stage; otherwise stay on sign-in.
 */
export interface BrowserCapabilities {
  localStorage: boolean;
  webSocket: boolean;
  /** IE11, or a browser whose WebSocket is incompatible (see browser-support). */
  incompatibleBrowser: boolean;
  webRtc: boolean;
  mobile: boolean;
}

export interface EntryState {
  /** The user chose "continue anyway" on the unsupported screen. */
  allowUnsupportedBrowser: boolean;
  /** The old-browser warning was already shown (or resolved) once. */
  oldBrowserWarned: boolean;
  skipAuth: boolean;
  authenticated: boolean;
  /** The URL asks for the single-player page. */
  singlePlayer: boolean;
}

export type BrowserCheckScreen = 'incognito' | 'unsupported-ws' | 'unsupported-browser' | 'old-browser';

export type EntryOutcome =
  | { type: 'screen'; screen: BrowserCheckScreen }
  | { type: 'redirect'; to: '/stage' | '/player' }
  | { type: 'stay' };

export interface EntryResult {
  outcome: EntryOutcome;
  /** Set when a mobile browser without WebRTC is switched to low bandwidth. */
  useLowBandwidthDefault: boolean;
}

export function checkSignInEntry(capabilities: BrowserCapabilities, state: EntryState): EntryResult {
  const screen = (name: BrowserCheckScreen): EntryResult => ({
    outcome: { type: 'screen', screen: name },
    useLowBandwidthDefault: false,
  });
  if (!capabilities.localStorage) return screen('incognito');
  if (!capabilities.webSocket) return screen('unsupported-ws');
  if (capabilities.incompatibleBrowser && !state.allowUnsupportedBrowser) return screen('unsupported-browser');

  let useLowBandwidthDefault = false;
  if (!capabilities.webRtc && !state.oldBrowserWarned) {
    if (!capabilities.mobile) return screen('old-browser');
    useLowBandwidthDefault = true;
  }
  return { outcome: resolveSignIn(state), useLowBandwidthDefault };
}

function resolveSignIn(state: EntryState): EntryOutcome {
  if (state.singlePlayer) return { type: 'redirect', to: '/player' };
  if (state.skipAuth) return { type: 'stay' };
  if (state.authenticated) return { type: 'redirect', to: '/stage' };
  return { type: 'stay' };
}
