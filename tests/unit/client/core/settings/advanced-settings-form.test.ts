import { describe, expect, it } from 'vitest';
import { LOG_LEVELS } from '../../../../../server/shared/log-levels';
import { appBaseUrl, isDirty, settingsServer, webRtcSupported, type AdvancedSettingsForm } from '../../../../../src/core/settings/advanced-settings-form';

const loaded: AdvancedSettingsForm = { defaultPlayerMode: 'disabled', webrtcOverride: 'none', logLevel: 'WARN', forceOrchidProxy: null };

describe('advanced settings form', () => {
  it('is dirty when any of the three fields differs from what was loaded, and clean when put back', () => {
    expect(isDirty({ ...loaded }, loaded)).toBe(false);
    expect(isDirty({ ...loaded, defaultPlayerMode: 'lowbandwidth' }, loaded)).toBe(true);
    expect(isDirty({ ...loaded, webrtcOverride: 'disabled' }, loaded)).toBe(true);
    expect(isDirty({ ...loaded, logLevel: 'TRACE' }, loaded)).toBe(true);
    expect(isDirty({ ...loaded, logLevel: 'WARN' }, loaded)).toBe(false);
    const aggregator: AdvancedSettingsForm = { ...loaded, logLevel: null, forceOrchidProxy: false };
    expect(isDirty({ ...aggregator, forceOrchidProxy: true }, aggregator)).toBe(true);
    expect(isDirty({ ...aggregator }, aggregator)).toBe(false);
  });

  it('lets the WebRTC override win over detection either way, and detection decide without one', () => {
    expect(webRtcSupported('none', true)).toBe(true);
    expect(webRtcSupported('none', false)).toBe(false);
    expect(webRtcSupported('enabled', false)).toBe(true);
    expect(webRtcSupported('disabled', true)).toBe(false);
  });

  it('reloads at the base URL: no route and no query', () => {
    expect(appBaseUrl({ origin: 'http://127.0.0.1:8080', pathname: '/' })).toBe('http://127.0.0.1:8080/');
    expect(appBaseUrl({ origin: 'https://vms.example', pathname: '/argus/' })).toBe('https://vms.example/argus/');
  });

  it('offers the spec 9 levels, quietest first, upper-case', () => {
    expect(LOG_LEVELS).toEqual(['NONE', 'ERROR', 'WARN', 'INFO', 'LOG', 'DEBUG', 'TRACE']);
  });

  it("edits the aggregator's own settings at the top level in multi-server mode, and a server's inside its scope", () => {
    expect(settingsServer('single-server', null)).toBe('recorder');
    expect(settingsServer('multi-server', null)).toBe('aggregator');
    expect(settingsServer('multi-server', 'north')).toBe('recorder');
  });
});
