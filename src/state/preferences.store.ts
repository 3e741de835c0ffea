/**
 * Local preferences of this browser: low-bandwidth mode, the default player
 * mode, and the browser-check answers (old-browser warning seen, continue
 * with an unsupported browser). Kept in localStorage when it works.
 */
import { proxy, subscribe } from 'valtio/vanilla';
import { readItem, writeItem } from './storage';

export type DefaultPlayerMode = 'disabled' | 'lowbandwidth' | 'webrtc';

export interface Preferences {
  lowBandwidth: boolean;
  defaultPlayerMode: DefaultPlayerMode;
  oldBrowserWarned: boolean;
  allowUnsupportedBrowser: boolean;
}

const KEY = 'argus.preferences';

const DEFAULTS: Preferences = {
  lowBandwidth: false,
  defaultPlayerMode: 'disabled',
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
