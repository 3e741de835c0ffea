/**
 * The add/edit user form's rules (spec 5 and 6), pure. The field rules are
 * the shared ones in server/shared/validation.ts; this module only decides
 * which apply (a password is required for a new user, or when bulk update
 * and bulk create are both on: an edit that also adds the user to a server,
 * where an account needs one; otherwise on edit a blank one means unchanged
 * and is sent as null), what is locked (the built-in
 * superuser's username and role), and the exact request body (the server
 * rejects unknown fields).
 */
import type { CreateUserRequest, UpdateUserRequest, User } from '../../../server/shared/api';
import { DEFAULT_ROLE, type Role } from '../../../server/shared/roles';
import {
  validateEmail,
  validatePassword,
  validatePasswordConfirmation,
  validateUsername,
} from '../../../server/shared/validation';
import { canSubmitForm } from '../../core/form-submit';

export interface UserFormValues {
  username: string;
  email: string;
  password: string;
  passwordConfirm: string;
  role: Role;
}

export type UserFormTarget = { kind: 'create' } | { kind: 'edit'; user: User };

export type UserFormErrors = Partial<Record<'username' | 'email' | 'password' | 'passwordConfirm', string>>;

export function emptyUserForm(): UserFormValues {
  return { username: '', email: '', password: '', passwordConfirm: '', role: DEFAULT_ROLE };
}

export function userFormFrom(user: User): UserFormValues {
  return { username: user.username, email: user.email ?? '', password: '', passwordConfirm: '', role: user.role };
}

/**
 * The bulk checkboxes of multi-server mode (spec 5): `update`, the edit's
 * 'bulk update' (also apply the change on servers); `create`, whether that
 * adds the user to some server (or, for a new user, 'bulk create').
 */
export interface BulkFlags {
  update: boolean;
  create: boolean;
}

export const NO_BULK: BulkFlags = { update: false, create: false };

/** Spec 5: required for a new user, or when bulk update and bulk create are both on. */
export function isPasswordRequired(target: UserFormTarget, bulk: BulkFlags = NO_BULK): boolean {
  return target.kind === 'create' || (bulk.update && bulk.create);
}

/** The superuser's username and role cannot change (spec 5 and 6). */
export function lockedFields(target: UserFormTarget): { username: boolean; role: boolean } {
  const locked = target.kind === 'edit' && target.user.superUser;
  return { username: locked, role: locked };
}

function withoutEmpty(errors: UserFormErrors): UserFormErrors {
  for (const key of Object.keys(errors) as Array<keyof UserFormErrors>) if (!errors[key]) delete errors[key];
  return errors;
}

/** The password and its confirmation alone (the bulk-replicate dialog asks for nothing else). */
export function validatePasswordFields(values: Pick<UserFormValues, 'password' | 'passwordConfirm'>, required: boolean): UserFormErrors {
  return withoutEmpty({
    password: validatePassword(values.password, required),
    passwordConfirm: validatePasswordConfirmation(values.password, values.passwordConfirm, required),
  });
}

export function validateUserForm(values: UserFormValues, target: UserFormTarget, bulk: BulkFlags = NO_BULK): UserFormErrors {
  return withoutEmpty({
    username: lockedFields(target).username ? undefined : validateUsername(values.username),
    email: validateEmail(values.email.trim()),
    ...validatePasswordFields(values, isPasswordRequired(target, bulk)),
  });
}

export function canSubmitUserForm(values: UserFormValues, target: UserFormTarget, processing: boolean, bulk: BulkFlags = NO_BULK): boolean {
  return canSubmitForm(validateUserForm(values, target, bulk), processing);
}

export function toCreateRequest(values: UserFormValues): CreateUserRequest {
  return {
    username: values.username,
    password: values.password,
    passwordConfirm: values.passwordConfirm,
    role: values.role,
    email: values.email.trim(),
  };
}

export function toUpdateRequest(values: UserFormValues, user: User): UpdateUserRequest {
  const blank = values.password === '';
  const request: UpdateUserRequest = {
    password: blank ? null : values.password,
    passwordConfirm: blank ? null : values.passwordConfirm,
    email: values.email.trim(),
  };
  if (!user.superUser) {
    request.username = values.username;
    request.role = values.role;
  }
  return request;
}
