/**
 * The Manual tab's form (spec 2, 5): driver (ONVIF or Generic RTSP), URI,
 * name, username, password. The URI must be an http(s) device service URL
 * for ONVIF and an rtsp:// media URL for Generic RTSP, as the recorder
 * checks it (its wording for the same rules); the name is required ('Camera
 * name is required.'). Submit is disabled while the form is invalid or a
 * request runs. Pure.
 */
import type { CameraDriver, RegisterCameraRequest } from '../../../../server/shared/api';
import { MESSAGES } from '../../../../server/shared/validation';
import { canSubmitForm } from '../../../core/form-submit';

export interface ManualCameraValues {
  driver: CameraDriver;
  uri: string;
  name: string;
  username: string;
  password: string;
}

/** Spec 9 drivers; the list itself is the server's (a value the client may not import), typed to match it. */
export const DRIVERS: readonly CameraDriver[] = ['ONVIF', 'Generic RTSP'];

export type ManualCameraErrors = Partial<Record<'uri' | 'name', string>>;

/** Spec 5: a device_service URL for ONVIF, a media URL for Generic RTSP. */
export const URI_PLACEHOLDERS: Readonly<Record<CameraDriver, string>> = {
  ONVIF: 'http://192.168.1.10/onvif/device_service',
  'Generic RTSP': 'rtsp://192.168.1.10:554/stream1',
};

export const URI_MESSAGES = {
  required: 'The camera address (URI) is required.',
  invalid: 'The camera address is not a valid URL.',
  onvifScheme: 'An ONVIF camera address must be an http:// or https:// URL (its device service).',
  rtspScheme: 'A Generic RTSP camera address must be an rtsp:// URL.',
  noHost: 'The camera address has no host.',
} as const;

export function emptyManualCamera(): ManualCameraValues {
  return { driver: 'ONVIF', uri: '', name: '', username: '', password: '' };
}

export function validateCameraUri(driver: CameraDriver, uri: string): string | undefined {
  const text = uri.trim();
  if (text === '') return URI_MESSAGES.required;
  if (/\s/.test(text)) return URI_MESSAGES.invalid;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return URI_MESSAGES.invalid;
  }
  const schemes = driver === 'ONVIF' ? ['http:', 'https:'] : ['rtsp:'];
  if (!schemes.includes(url.protocol)) return driver === 'ONVIF' ? URI_MESSAGES.onvifScheme : URI_MESSAGES.rtspScheme;
  // WHATWG URL keeps non-special schemes (rtsp:) without parsing a host when '//' is missing.
  if (!url.hostname) return URI_MESSAGES.noHost;
  return undefined;
}

export function validateManualCamera(values: ManualCameraValues): ManualCameraErrors {
  const errors: ManualCameraErrors = {};
  const uri = validateCameraUri(values.driver, values.uri);
  if (uri) errors.uri = uri;
  if (values.name.trim() === '') errors.name = MESSAGES.cameraNameRequired;
  return errors;
}

export function canSubmitManualCamera(values: ManualCameraValues, processing: boolean): boolean {
  return canSubmitForm(validateManualCamera(values), processing);
}

export function toRegisterRequest(values: ManualCameraValues): RegisterCameraRequest {
  return {
    driver: values.driver,
    connection: { uri: values.uri.trim(), username: values.username, password: values.password },
    name: values.name.trim(),
  };
}
