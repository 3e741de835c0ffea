/**
 * Spec 5 rules for a server (orchid) and the spec 8 wording of its errors,
 * shared by the aggregator (which enforces them) and the client's dialog.
 * "Server: name, username, password required; URL a valid HTTP or HTTPS
 * URL; a character limit applies (value not shown)": the limit here is 255.
 */
export const ORCHID_FIELD_MAX_LENGTH = 255;

export const ORCHID_MESSAGES = {
  nameRequired: 'Name is required.',
  usernameRequired: 'Username is required.',
  passwordRequired: 'Password is required.',
  urlInvalid: 'URL must be a valid HTTP or HTTPS URL.',
  tooLong: `At most ${ORCHID_FIELD_MAX_LENGTH} characters.`,
  notAvailable: 'The server is not available.',
  noSession: 'no_session',
  authenticationFailed: 'authentication-failed',
  unregisterFailed: 'Unregister failed: the server could not be told to forget this aggregator. You can remove it anyway.',
  unsupportedVersion: 'Unsupported server version: the minimum version required is',
} as const;

export interface OrchidFields {
  name?: unknown;
  uri?: unknown;
  username?: unknown;
  password?: unknown;
}

/** An http(s) URL without credentials, query or fragment; undefined when valid. */
export function validateOrchidUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || value.length > ORCHID_FIELD_MAX_LENGTH) return ORCHID_MESSAGES.urlInvalid;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return ORCHID_MESSAGES.urlInvalid;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return ORCHID_MESSAGES.urlInvalid;
  if (url.username || url.password || url.search || url.hash || url.hostname === '') return ORCHID_MESSAGES.urlInvalid;
  return undefined;
}

function required(value: unknown, message: string): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return message;
  return value.length > ORCHID_FIELD_MAX_LENGTH ? ORCHID_MESSAGES.tooLong : undefined;
}

/**
 * The first problem of a server's fields, by field, or undefined. `isNew`:
 * a new server needs a password; an edit keeps the stored one when blank.
 */
export function validateOrchid(fields: OrchidFields, isNew: boolean): { field: keyof OrchidFields; message: string } | undefined {
  const checks: Array<[keyof OrchidFields, string | undefined]> = [
    ['name', isNew || fields.name !== undefined ? required(fields.name, ORCHID_MESSAGES.nameRequired) : undefined],
    ['uri', isNew || fields.uri !== undefined ? validateOrchidUrl(fields.uri) : undefined],
    ['username', isNew || fields.username !== undefined ? required(fields.username, ORCHID_MESSAGES.usernameRequired) : undefined],
    ['password', isNew ? required(fields.password, ORCHID_MESSAGES.passwordRequired) : undefined],
  ];
  for (const [field, message] of checks) if (message) return { field, message };
  return undefined;
}

/** The base URL as stored: trimmed, without a trailing slash. */
export function normalizeOrchidUrl(value: string): string {
  const url = new URL(value.trim());
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** 'major.minor.patch' as numbers, or undefined. */
export function parseVersion(text: string): { major: number; minor: number; patch: number } | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return match ? { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) } : undefined;
}

/** Whether `version` is at least `minimum` (both major.minor.patch); an unreadable version is not. */
export function isVersionAtLeast(version: string, minimum: string): boolean {
  const a = parseVersion(version);
  const b = parseVersion(minimum);
  if (!a || !b) return false;
  if (a.major !== b.major) return a.major > b.major;
  if (a.minor !== b.minor) return a.minor > b.minor;
  return a.patch >= b.patch;
}
