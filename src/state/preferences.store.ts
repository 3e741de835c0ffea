/**
 * Local preferences of this browser: low-bandwidth mode, the default player
 * mode and the WebRTC support override (Advanced settings), and the browser-check answers (old-browser warning seen, continue
 * with an unsupported browser). Kept in localStorage when it works.
 */
import { proxy, subscribe } from 'valtio/vanilla';
import type { WebRtcOverride } from '../core/settings/advanced-settings-form';
import { webRtcSupported } from '../core/settings/advanced-settings-form';
import { readItem, writeItem } from './storage';

import type { DefaultPlayerMode } from '../core/player/player-modes';

export type { DefaultPlayerMode };

export interface Preferences {
  lowBandwidth: boolean;
  defaultPlayerMode: DefaultPlayerMode;
  webrtcOverride: WebRtcOverride;
  oldBrowserWarned: boolean;
  allowUnsupportedBrowser: boolean;
}

const KEY = 'argus.preferences';

const DEFAULTS: Preferences = {
  lowBandwidth: false,
  defaultPlayerMode: 'disabled',
  webrtcOverride: 'none',
  oldBrowserWarned: false,
  allowUnsupportedBrowser: false,
};

function load(): Preferences {
  const text = readItem('local', KEY);
  if (text === null) return { ...DEFAULTS };
  try {
    return { ...DEFAULTS, ...(JSON.parse(text) as Partial<Preferences>) };
  } catch {
    return { ...DEFAULTS }; // a damaged entry is replaced on the next change
  }
}

export const preferences = proxy<Preferences>(load());

subscribe(preferences, () => writeItem('local', KEY, JSON.stringify(preferences)));

export function setLowBandwidth(on: boolean): void {
  preferences.lowBandwidth = on;
}

/** The compatibility mode of the old-browser screen, and the mobile fallback (spec 2). */
export function enableCompatibilityMode(): void {
  preferences.defaultPlayerMode = 'lowbandwidth';
  preferences.lowBandwidth = true;
  preferences.oldBrowserWarned = true;
}

export function allowUnsupportedBrowser(): void {
  preferences.allowUnsupportedBrowser = true;
}

/** Advanced settings' part kept in this browser. */
export function setPlayerSettings(defaultPlayerMode: DefaultPlayerMode, webrtcOverride: WebRtcOverride): void {
  preferences.defaultPlayerMode = defaultPlayerMode;
  preferences.webrtcOverride = webrtcOverride;
}

/** Whether this browser uses WebRTC: the Advanced settings override, else whether it has RTCPeerConnection. */
export function webRtcAvailable(scope: object = globalThis): boolean {
  return webRtcSupported(preferences.webrtcOverride, typeof (scope as { RTCPeerConnection?: unknown }).RTCPeerConnection === 'function');
}
