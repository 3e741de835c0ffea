import { describe, expect, it } from 'vitest';
import type { User } from '../../../../../server/shared/api';
import { MESSAGES } from '../../../../../server/shared/validation';
import {
  canSubmitUserForm,
  emptyUserForm,
  isPasswordRequired,
  lockedFields,
  toCreateRequest,
  toUpdateRequest,
  userFormFrom,
  validatePasswordFields,
  validateUserForm,
  type UserFormValues,
} from '../../../../../src/views/users/user-form';

const admin: User = { id: 'a1', username: 'admin', role: 'Administrator', email: null, superUser: true, admin: true };
const bob: User = { id: 'b1', username: 'bob', role: 'Viewer', email: 'bob@example.com', superUser: false, admin: false };
const valid: UserFormValues = { username: 'carol', email: 'carol@example.com', password: 'pass1', passwordConfirm: 'pass1', role: 'Viewer' };
const create = { kind: 'create' } as const;

describe('user form (spec 5 and 6)', () => {
  it('a new user defaults to Manager with empty fields', () => {
    expect(emptyUserForm()).toEqual({ username: '', email: '', password: '', passwordConfirm: '', role: 'Manager' });
  });

  it('a valid new user has no errors and can be submitted', () => {
    expect(validateUserForm(valid, create)).toEqual({});
    expect(canSubmitUserForm(valid, create, false)).toBe(true);
  });

  it('uses the shared messages: username, password, confirmation, email', () => {
    expect(validateUserForm({ ...valid, username: '' }, create).username).toBe(MESSAGES.usernameRequired);
    expect(validateUserForm({ ...valid, username: 'bad name' }, create).username).toBe(MESSAGES.usernameInvalid);
    expect(validateUserForm({ ...valid, password: '', passwordConfirm: '' }, create).password).toBe(MESSAGES.passwordRequired);
    expect(validateUserForm({ ...valid, password: 'abc', passwordConfirm: 'abc' }, create).password).toBe(MESSAGES.passwordTooShort);
    expect(validateUserForm({ ...valid, passwordConfirm: '' }, create).passwordConfirm).toBe(MESSAGES.confirmationRequired);
    expect(validateUserForm({ ...valid, passwordConfirm: 'other' }, create).passwordConfirm).toBe(MESSAGES.confirmationMismatch);
    expect(validateUserForm({ ...valid, email: 'not-an-email' }, create).email).toBe(MESSAGES.emailInvalid);
    expect(validateUserForm({ ...valid, email: '' }, create).email).toBe(MESSAGES.emailInvalid);
  });

  it('submit is disabled while invalid or processing', () => {
    expect(canSubmitUserForm({ ...valid, username: '' }, create, false)).toBe(false);
    expect(canSubmitUserForm(valid, create, true)).toBe(false);
  });

  it('on edit a blank password is fine and is sent as null (unchanged)', () => {
    const target = { kind: 'edit', user: bob } as const;
    const values = userFormFrom(bob);
    expect(values).toEqual({ username: 'bob', email: 'bob@example.com', password: '', passwordConfirm: '', role: 'Viewer' });
    expect(validateUserForm(values, target)).toEqual({});
    expect(toUpdateRequest(values, bob)).toEqual({
      username: 'bob',
      role: 'Viewer',
      email: 'bob@example.com',
      password: null,
      passwordConfirm: null,
    });
  });

  it('on edit a new password must still be valid and confirmed', () => {
    const target = { kind: 'edit', user: bob } as const;
    expect(validateUserForm({ ...userFormFrom(bob), password: 'newpass' }, target).passwordConfirm).toBe(MESSAGES.confirmationMismatch);
    const values = { ...userFormFrom(bob), password: 'newpass', passwordConfirm: 'newpass' };
    expect(toUpdateRequest(values, bob)).toMatchObject({ password: 'newpass', passwordConfirm: 'newpass' });
  });

  it("locks the superuser's username and role and never sends them", () => {
    const target = { kind: 'edit', user: admin } as const;
    expect(lockedFields(target)).toEqual({ username: true, role: true });
    expect(lockedFields({ kind: 'edit', user: bob })).toEqual({ username: false, role: false });
    expect(lockedFields(create)).toEqual({ username: false, role: false });
    const values = { ...userFormFrom(admin), email: 'root@example.com', role: 'Viewer' as const };
    const request = toUpdateRequest(values, admin);
    expect(request).toEqual({ email: 'root@example.com', password: null, passwordConfirm: null });
  });

  it('sends only the fields the server accepts when creating', () => {
    expect(toCreateRequest({ ...valid, email: ' carol@example.com ' })).toEqual({
      username: 'carol',
      password: 'pass1',
      passwordConfirm: 'pass1',
      role: 'Viewer',
      email: 'carol@example.com',
    });
  });

  describe('password with the bulk flags of multi-server mode', () => {
    const edit = { kind: 'edit', user: bob } as const;
    const blank = { ...userFormFrom(bob) };

    it('is required for a new user, bulk create or not', () => {
      expect(isPasswordRequired(create)).toBe(true);
      expect(isPasswordRequired(create, { update: false, create: true })).toBe(true);
    });

    it('on edit is required only when bulk update and bulk create are both on', () => {
      expect(isPasswordRequired(edit)).toBe(false);
      expect(isPasswordRequired(edit, { update: true, create: false })).toBe(false);
      expect(isPasswordRequired(edit, { update: false, create: true })).toBe(false);
      expect(isPasswordRequired(edit, { update: true, create: true })).toBe(true);
    });

    it('an edit that adds the user to a server refuses a blank password and its missing confirmation', () => {
      expect(validateUserForm(blank, edit, { update: true, create: false })).toEqual({});
      expect(validateUserForm(blank, edit, { update: true, create: true })).toEqual({
        password: MESSAGES.passwordRequired,
        passwordConfirm: MESSAGES.confirmationRequired,
      });
      expect(canSubmitUserForm(blank, edit, false, { update: true, create: true })).toBe(false);
      expect(canSubmitUserForm({ ...blank, password: 'pass1', passwordConfirm: 'pass1' }, edit, false, { update: true, create: true })).toBe(true);
    });

    it('the password fields alone (bulk replicate) follow the same rule', () => {
      expect(validatePasswordFields({ password: '', passwordConfirm: '' }, false)).toEqual({});
      expect(validatePasswordFields({ password: '', passwordConfirm: '' }, true)).toEqual({ password: MESSAGES.passwordRequired, passwordConfirm: MESSAGES.confirmationRequired });
      expect(validatePasswordFields({ password: 'abc', passwordConfirm: 'abc' }, false)).toEqual({ password: MESSAGES.passwordTooShort });
      expect(validatePasswordFields({ password: 'pass1', passwordConfirm: 'pass2' }, false)).toEqual({ passwordConfirm: MESSAGES.confirmationMismatch });
    });
  });
});
