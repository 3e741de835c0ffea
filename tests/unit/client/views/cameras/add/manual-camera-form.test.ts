import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../../../server/shared/validation';
import {
  canSubmitManualCamera,
  emptyManualCamera,
  toRegisterRequest,
  URI_MESSAGES,
  URI_PLACEHOLDERS,
  validateCameraUri,
  validateManualCamera,
  type ManualCameraValues,
} from '../../../../../../src/views/cameras/add/manual-camera-form';

const onvif: ManualCameraValues = { driver: 'ONVIF', uri: 'http://192.168.1.10/onvif/device_service', name: 'Lobby', username: 'admin', password: 'pw' };

describe('manual add form (spec 2, 5)', () => {
  it('placeholders: a device_service URL for ONVIF, an RTSP media URL for Generic RTSP', () => {
    expect(URI_PLACEHOLDERS.ONVIF).toBe('http://192.168.1.10/onvif/device_service');
    expect(URI_PLACEHOLDERS['Generic RTSP']).toMatch(/^rtsp:\/\/192\.168\.1\.10/);
    expect(validateCameraUri('ONVIF', URI_PLACEHOLDERS.ONVIF)).toBeUndefined();
    expect(validateCameraUri('Generic RTSP', URI_PLACEHOLDERS['Generic RTSP'])).toBeUndefined();
  });

  it('accepts a complete ONVIF form and submits it when not processing', () => {
    expect(validateManualCamera(onvif)).toEqual({});
    expect(canSubmitManualCamera(onvif, false)).toBe(true);
    expect(canSubmitManualCamera(onvif, true)).toBe(false);
  });

  it('requires the URI and the name', () => {
    expect(validateManualCamera(emptyManualCamera())).toEqual({ uri: URI_MESSAGES.required, name: MESSAGES.cameraNameRequired });
    expect(validateManualCamera({ ...onvif, name: '   ' })).toEqual({ name: 'Camera name is required.' });
    expect(canSubmitManualCamera({ ...onvif, name: '' }, false)).toBe(false);
  });

  it('checks the scheme against the driver', () => {
    expect(validateCameraUri('ONVIF', 'rtsp://10.0.0.5/live')).toBe(URI_MESSAGES.onvifScheme);
    expect(validateCameraUri('Generic RTSP', 'http://10.0.0.5/onvif/device_service')).toBe(URI_MESSAGES.rtspScheme);
    expect(validateCameraUri('Generic RTSP', 'rtsp://10.0.0.5:554/stream1')).toBeUndefined();
    expect(validateCameraUri('ONVIF', 'https://cam.example/onvif/device_service')).toBeUndefined();
  });

  it('refuses text that is not a URL', () => {
    expect(validateCameraUri('ONVIF', '192.168.1.10')).toBe(URI_MESSAGES.invalid);
    expect(validateCameraUri('ONVIF', 'http://10.0.0.5/a b')).toBe(URI_MESSAGES.invalid);
    expect(validateCameraUri('Generic RTSP', 'rtsp:stream1')).toBe(URI_MESSAGES.noHost);
  });

  it('sends the trimmed URI and name with the credentials as given', () => {
    expect(toRegisterRequest({ ...onvif, uri: `  ${onvif.uri} `, name: ' Lobby ' })).toEqual({
      driver: 'ONVIF',
      connection: { uri: onvif.uri, username: 'admin', password: 'pw' },
      name: 'Lobby',
    });
  });
});
