/**
 * Validation rules of spec point 5 and the constants of point 9, written once
 * and run on both sides: the client to explain, the server to enforce.
 * Each function answers an error message, or undefined when the value is fine.
 */
export const PASSWORD_MIN_LENGTH = 4;
export const PRESET_NAME_MAX_LENGTH = 32;
export const DEFAULT_MAX_PRESETS = 10;
export const RETENTION_MAX_DAYS = 10_000;
export const DAY_MS = 86_400_000;
export const EXPORT_MIN_MS = 10_000;
export const LOGIN_EXPIRY_S = 2_592_000;
/** The most pictures a second a low-bandwidth session serves; more is refused. */
export const LOW_BANDWIDTH_MAX_RATE = 30;
/** Largest picture the recorder renders to JPEG: a low-bandwidth stream or a camera preview asks for at most this. */
export const MAX_JPEG_WIDTH = 1920;
export const MAX_JPEG_HEIGHT = 1080;

export const MESSAGES = {
  signInRequired: 'Username and Password are both required',
  usernameRequired: 'Username is required.',
  usernameInvalid: 'Invalid user name (alphanumeric characters only).',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordRequired: 'Password is required.',
  confirmationRequired: 'Please confirm the password.',
  confirmationMismatch: 'Passwords do not match.',
  emailInvalid: 'A valid email address is required.',
  cameraNameRequired: 'Camera name is required.',
  nameRequired: 'Name is required.',
  presetNameRequired: 'Preset name is required.',
  presetNameTooLong: `Preset name must be ${PRESET_NAME_MAX_LENGTH} characters or fewer.`,
  presetNameInvalid: 'Preset name may contain only letters, digits and spaces.',
  exportRangeTooShort: 'Invalid time selection.  Start time must be at least 10 seconds less than end time.',
} as const;

const WORD_CHARACTERS = /^\w+$/;

export function validateUsername(username: unknown): string | undefined {
  if (typeof username !== 'string' || username.length === 0) return MESSAGES.usernameRequired;
  return WORD_CHARACTERS.test(username) ? undefined : MESSAGES.usernameInvalid;
}

/** `required` is true for a new user; on edit a blank password means unchanged. */
export function validatePassword(password: unknown, required: boolean): string | undefined {
  if (password === null || password === undefined || password === '') {
    return required ? MESSAGES.passwordRequired : undefined;
  }
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  return undefined;
}

export function validatePasswordConfirmation(password: string, confirmation: string, required: boolean): string | undefined {
  if (required && confirmation.length === 0) return MESSAGES.confirmationRequired;
  if ((password.length > 0 || confirmation.length > 0) && password !== confirmation) return MESSAGES.confirmationMismatch;
  return undefined;
}

// Deliberately simple: one @, a dot in the domain, no spaces. Real delivery is the test.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: unknown): string | undefined {
  return typeof email === 'string' && EMAIL.test(email) ? undefined : MESSAGES.emailInvalid;
}

export function validateRequiredName(name: unknown, message: string = MESSAGES.nameRequired): string | undefined {
  return typeof name === 'string' && name.trim().length > 0 ? undefined : message;
}

/**
 * Preset names: at most 32 letters, digits and spaces. The spec gives two
 * readings of whether a name is required; the server accepts an empty name
 * (shown as 'Preset' plus token) and the preset dialog requires one.
 */
export function validatePresetName(name: unknown, required: boolean): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return required ? MESSAGES.presetNameRequired : undefined;
  if (name.length > PRESET_NAME_MAX_LENGTH) return MESSAGES.presetNameTooLong;
  return /^[A-Za-z0-9 ]+$/.test(name) ? undefined : MESSAGES.presetNameInvalid;
}

export function validateRetentionDays(days: unknown): string | undefined {
  if (typeof days !== 'number' || !Number.isFinite(days)) return 'Retention must be a number of days.';
  if (days < 0 || days > RETENTION_MAX_DAYS) return `Retention must be between 0 and ${RETENTION_MAX_DAYS} days.`;
  return undefined;
}
