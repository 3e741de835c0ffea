import { describe, expect, it } from 'vitest';
import { can, cameraActionsFor, parseRole } from '../../../../server/shared/roles';
import {
  MESSAGES,
  validateEmail,
  validatePassword,
  validatePasswordConfirmation,
  validatePresetName,
  validateRetentionDays,
  validateUsername,
} from '../../../../server/shared/validation';

describe('spec 5 validation rules', () => {
  it('accepts word-character usernames only', () => {
    expect(validateUsername('maria_1')).toBeUndefined();
    expect(validateUsername('')).toBe(MESSAGES.usernameRequired);
    expect(validateUsername('has space')).toBe(MESSAGES.usernameInvalid);
    expect(validateUsername('a-b')).toBe(MESSAGES.usernameInvalid);
  });

  it('needs a password of at least 4 for new users; blank leaves it unchanged on edit', () => {
    expect(validatePassword('abcd', true)).toBeUndefined();
    expect(validatePassword('abc', true)).toBe(MESSAGES.passwordTooShort);
    expect(validatePassword('', true)).toBe(MESSAGES.passwordRequired);
    expect(validatePassword(null, false)).toBeUndefined();
    expect(validatePassword('', false)).toBeUndefined();
    expect(validatePassword('abc', false)).toBe(MESSAGES.passwordTooShort);
  });

  it('requires a matching confirmation for new users', () => {
    expect(validatePasswordConfirmation('abcd', '', true)).toBe(MESSAGES.confirmationRequired);
    expect(validatePasswordConfirmation('abcd', 'abce', true)).toBe(MESSAGES.confirmationMismatch);
    expect(validatePasswordConfirmation('abcd', 'abcd', true)).toBeUndefined();
    expect(validatePasswordConfirmation('', '', false)).toBeUndefined();
  });

  it('checks emails, preset names and retention days', () => {
    expect(validateEmail('a@b.co')).toBeUndefined();
    expect(validateEmail('not an email')).toBe(MESSAGES.emailInvalid);
    expect(validatePresetName('Gate 1', true)).toBeUndefined();
    expect(validatePresetName('', true)).toBe(MESSAGES.presetNameRequired);
    expect(validatePresetName('', false)).toBeUndefined();
    expect(validatePresetName('x'.repeat(33), false)).toBe(MESSAGES.presetNameTooLong);
    expect(validatePresetName('gate-1', false)).toBe(MESSAGES.presetNameInvalid);
    expect(validateRetentionDays(0)).toBeUndefined();
    expect(validateRetentionDays(10_000)).toBeUndefined();
    expect(validateRetentionDays(10_001)).toBeDefined();
    expect(validateRetentionDays(-1)).toBeDefined();
  });
});

describe('spec 6 roles', () => {
  it('matches role names case-insensitively', () => {
    expect(parseRole('live viewer')).toBe('Live Viewer');
    expect(parseRole('ADMINISTRATOR')).toBe('Administrator');
    expect(parseRole('root')).toBeUndefined();
  });

  it('grants each role exactly its abilities', () => {
    expect(cameraActionsFor('Live Viewer')).toEqual({ live: true, playback: false, ptz: false, export: false });
    expect(cameraActionsFor('Viewer')).toEqual({ live: true, playback: true, ptz: false, export: false });
    expect(cameraActionsFor('Manager')).toEqual({ live: true, playback: true, ptz: true, export: true });
    expect(can('Manager', 'system-report')).toBe(true);
    expect(can('Manager', 'manage-users')).toBe(false);
    expect(can('Administrator', 'manage-users')).toBe(true);
    expect(can('Manager', 'manage-ptz-presets')).toBe(false);
    expect(can('Administrator', 'manage-ptz-presets')).toBe(true);
  });
});
