/**
 * Advanced settings (spec 2, 9) as a pure form: the default player mode and
 * the WebRTC support override are this browser's (preferences), the log
 * level is the recorder's (GET/PUT /service/server/log-level, upper-case
 * names). Dirty when any differs from what was loaded.
 *
 * WebRTC Support Override: 'enabled' counts WebRTC as supported whatever the
 * browser's detection says, 'disabled' never uses it; without an override
 * (the default, not shown by the spec) detection decides.
 */
import type { LogLevelName } from '../../../server/shared/api';
import type { DefaultPlayerMode } from '../player/player-modes';

export type WebRtcOverride = 'none' | 'enabled' | 'disabled';

export const DEFAULT_PLAYER_MODES: readonly DefaultPlayerMode[] = ['disabled', 'lowbandwidth', 'webrtc'];
export const WEBRTC_OVERRIDES: readonly WebRtcOverride[] = ['none', 'enabled', 'disabled'];

export interface AdvancedSettingsForm {
  defaultPlayerMode: DefaultPlayerMode;
  webrtcOverride: WebRtcOverride;
  logLevel: LogLevelName;
}

export function isDirty(form: AdvancedSettingsForm, loaded: AdvancedSettingsForm): boolean {
  return form.defaultPlayerMode !== loaded.defaultPlayerMode || form.webrtcOverride !== loaded.webrtcOverride || form.logLevel !== loaded.logLevel;
}

/** Whether WebRTC is used: the override when one is set, else what the browser has. */
export function webRtcSupported(override: WebRtcOverride, detected: boolean): boolean {
  if (override === 'enabled') return true;
  if (override === 'disabled') return false;
  return detected;
}

/** Where Save reloads the app: its base URL (no route, no query), spec 2. */
export function appBaseUrl(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}
