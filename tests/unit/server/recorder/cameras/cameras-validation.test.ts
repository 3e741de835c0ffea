import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../../server/shared/validation';
import { checkConnection, validateCameraName, validateStreamName } from '../../../../../server/recorder/cameras/cameras-validation';

describe('camera names (spec 5)', () => {
  it('requires a name with the spec wording', () => {
    expect(validateCameraName('')).toBe(MESSAGES.cameraNameRequired);
    expect(validateCameraName('   ')).toBe(MESSAGES.cameraNameRequired);
    expect(validateCameraName(undefined)).toBe(MESSAGES.cameraNameRequired);
    expect(validateCameraName('Lobby')).toBeUndefined();
  });

  it('bounds the length and refuses control characters', () => {
    expect(validateCameraName('x'.repeat(129))).toMatch(/128 characters/);
    expect(validateCameraName('Lobby\u0000')).toMatch(/control/);
    expect(validateCameraName('Lobby\nEast')).toMatch(/control/);
    expect(validateStreamName('')).toBe('Stream name is required.');
  });
});

describe('camera connections', () => {
  it('accepts rtsp:// for Generic RTSP and http(s):// for ONVIF only', () => {
    expect(checkConnection('Generic RTSP', { uri: 'rtsp://10.0.0.5:554/live' })).toEqual({
      ok: true,
      connection: { uri: 'rtsp://10.0.0.5:554/live', username: '', password: '' },
    });
    expect(checkConnection('ONVIF', { uri: 'https://10.0.0.5/onvif/device_service' }).ok).toBe(true);
    expect(checkConnection('Generic RTSP', { uri: 'http://10.0.0.5/live' })).toMatchObject({ ok: false, message: /rtsp:\/\// });
    expect(checkConnection('ONVIF', { uri: 'rtsp://10.0.0.5/live' })).toMatchObject({ ok: false, message: /http/ });
    expect(checkConnection('ONVIF', { uri: 'file:///etc/passwd' }).ok).toBe(false);
    expect(checkConnection('Generic RTSP', { uri: 'not a url' }).ok).toBe(false);
    expect(checkConnection('Generic RTSP', { uri: '' }).ok).toBe(false);
  });

  it('refuses characters a URL cannot hold, control characters and overlong values', () => {
    for (const uri of ['rtsp://h/`touch x`', 'rtsp://h/a b', 'rtsp://h/a|b', 'rtsp://h/"x"', 'rtsp://h/a\u0007', 'rtsp://h/' + 'a'.repeat(3000)]) {
      expect(checkConnection('Generic RTSP', { uri }).ok).toBe(false);
    }
    expect(checkConnection('Generic RTSP', { uri: 'rtsp://h/x', password: 'p\u0000' }).ok).toBe(false);
    expect(checkConnection('Generic RTSP', { uri: 'rtsp://h/x', username: 'u'.repeat(257) }).ok).toBe(false);
  });

  it('moves credentials out of the URI', () => {
    expect(checkConnection('Generic RTSP', { uri: 'rtsp://bob:s%40cret@10.0.0.5/live' })).toEqual({
      ok: true,
      connection: { uri: 'rtsp://10.0.0.5/live', username: 'bob', password: 's@cret' },
    });
    // Separately given credentials win.
    expect(checkConnection('ONVIF', { uri: 'http://x:y@cam/onvif', username: 'admin', password: 'pw' })).toEqual({
      ok: true,
      connection: { uri: 'http://cam/onvif', username: 'admin', password: 'pw' },
    });
  });
});
