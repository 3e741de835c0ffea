/**
 * Advanced settings (spec 2, 9) as a pure form: the default player mode and
 * the WebRTC support override are this browser's (preferences); the
 * server's part is the recorder's log level (GET/PUT
 * /service/server/log-level, upper-case names), or, on the aggregator's own
 * settings, Force Orchid Proxy (GET/PATCH /service/about/config, aggregator
 * mode only). Dirty when any differs from what was loaded.
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

/** Whose settings the screen's server part edits: a recorder's (single-server, or one server of the aggregator's) or the aggregator's own. */
export type SettingsServer = 'recorder' | 'aggregator';

export interface AdvancedSettingsForm {
  defaultPlayerMode: DefaultPlayerMode;
  webrtcOverride: WebRtcOverride;
  /** A recorder's log level; null on the aggregator's own settings. */
  logLevel: LogLevelName | null;
  /** The aggregator's Force Orchid Proxy; null on a recorder's settings. */
  forceOrchidProxy: boolean | null;
}

export function isDirty(form: AdvancedSettingsForm, loaded: AdvancedSettingsForm): boolean {
  return (
    form.defaultPlayerMode !== loaded.defaultPlayerMode ||
    form.webrtcOverride !== loaded.webrtcOverride ||
    form.logLevel !== loaded.logLevel ||
    form.forceOrchidProxy !== loaded.forceOrchidProxy
  );
}

/** The aggregator's own settings are edited at the top level in multi-server mode; inside a server's scope, that server's. */
export function settingsServer(mode: 'single-server' | 'multi-server', serverScope: string | null): SettingsServer {
  return mode === 'multi-server' && serverScope === null ? 'aggregator' : 'recorder';
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
