/**
 * Server-side checks of camera input (spec 5): names required and bounded,
 * connection URIs that parse as rtsp:// (Generic RTSP) or http(s):// (ONVIF),
 * bounded lengths and no control characters anywhere. Credentials written
 * into a URI (rtsp://user:pass@host/) are moved out of it, so the stored and
 * shown URI never carries a password.
 *
 * Pure; each function answers an error message or the cleaned value. The
 * messages are shown to the person as they are.
 */
import type { CameraDriver } from '../../shared/api';
import { MESSAGES } from '../../shared/validation';

export const CAMERA_NAME_MAX_LENGTH = 128;
export const STREAM_NAME_MAX_LENGTH = 128;
export const URI_MAX_LENGTH = 2048;
export const CREDENTIAL_MAX_LENGTH = 256;

// C0 controls, DEL and C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Characters RFC 3986 never allows in a URI (they must be percent-encoded).
const NOT_IN_URI = /[\s"<>\\^`{|}]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

function checkName(name: unknown, required: string, maxLength: number, what: string): string | undefined {
  if (typeof name !== 'string' || name.trim().length === 0) return required;
  if (name.length > maxLength) return `${what} must be ${maxLength} characters or fewer.`;
  if (hasControlCharacters(name)) return `${what} must not contain control characters.`;
  return undefined;
}

export function validateCameraName(name: unknown): string | undefined {
  return checkName(name, MESSAGES.cameraNameRequired, CAMERA_NAME_MAX_LENGTH, 'Camera name');
}

export function validateStreamName(name: unknown): string | undefined {
  return checkName(name, 'Stream name is required.', STREAM_NAME_MAX_LENGTH, 'Stream name');
}

export interface CleanConnection {
  /** Without userinfo. */
  uri: string;
  username: string;
  password: string;
}

export type ConnectionCheck = { ok: true; connection: CleanConnection } | { ok: false; message: string };

function checkCredential(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return `${what} must be text.`;
  if (value.length > CREDENTIAL_MAX_LENGTH) return `${what} must be ${CREDENTIAL_MAX_LENGTH} characters or fewer.`;
  if (hasControlCharacters(value)) return `${what} must not contain control characters.`;
  return undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Checks a connection for a driver and answers it cleaned: credentials from
 * the URI's userinfo are used when none are given separately, and removed
 * from the URI.
 */
export function checkConnection(driver: CameraDriver, connection: { uri?: unknown; username?: unknown; password?: unknown }): ConnectionCheck {
  const fail = (message: string): ConnectionCheck => ({ ok: false, message });
  const { uri } = connection;
  if (typeof uri !== 'string' || uri.trim().length === 0) return fail('The camera address (URI) is required.');
  if (uri.length > URI_MAX_LENGTH) return fail(`The camera address must be ${URI_MAX_LENGTH} characters or fewer.`);
  if (hasControlCharacters(uri)) return fail('The camera address must not contain control characters.');
  if (NOT_IN_URI.test(uri.trim())) return fail('The camera address contains characters a URL cannot hold (spaces, quotes, <, >, \\, ^, `, {, |, }).');
  for (const [value, what] of [
    [connection.username, 'Username'],
    [connection.password, 'Password'],
  ] as const) {
    const problem = checkCredential(value, what);
    if (problem) return fail(problem);
  }
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    return fail('The camera address is not a valid URL.');
  }
  const wanted = driver === 'ONVIF' ? ['http:', 'https:'] : ['rtsp:'];
  if (!wanted.includes(url.protocol)) {
    return fail(
      driver === 'ONVIF'
        ? 'An ONVIF camera address must be an http:// or https:// URL (its device service).'
        : 'A Generic RTSP camera address must be an rtsp:// URL.',
    );
  }
  if (!url.hostname) return fail('The camera address has no host.');
  const username = typeof connection.username === 'string' && connection.username !== '' ? connection.username : safeDecode(url.username);
  const password = typeof connection.password === 'string' && connection.password !== '' ? connection.password : safeDecode(url.password);
  url.username = '';
  url.password = '';
  if (hasControlCharacters(username) || hasControlCharacters(password)) return fail('Credentials must not contain control characters.');
  return { ok: true, connection: { uri: url.toString(), username, password } };
}

/** The host part of a URI without brackets, '' when it does not parse. */
export function hostOf(uri: string): string {
  try {
    return new URL(uri).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return '';
  }
}
