/**
 * The register/edit server form (spec 2 servers dashboard, spec 5 'Server'):
 * values, per-field errors with the shared wording (the aggregator checks
 * the same rules, server/shared/orchid-validation.ts), and what is sent.
 * Editing keeps the stored password when the box is left empty. Pure.
 */
import type { Orchid, RegisterOrchidRequest, UpdateOrchidRequest } from '../../../server/shared/api';
import { ORCHID_FIELD_MAX_LENGTH, ORCHID_MESSAGES, validateOrchidUrl } from '../../../server/shared/orchid-validation';
import { canSubmitForm } from '../../core/form-submit';

export interface ServerFormValues {
  name: string;
  uri: string;
  username: string;
  password: string;
}

export type ServerFormTarget = { kind: 'register' } | { kind: 'edit'; orchid: Orchid };

export type ServerFormErrors = Partial<Record<keyof ServerFormValues, string>>;

export const emptyServerForm = (): ServerFormValues => ({ name: '', uri: '', username: '', password: '' });

export function serverFormFrom(orchid: Orchid): ServerFormValues {
  return { name: orchid.name, uri: orchid.uri, username: orchid.username ?? '', password: '' };
}

function required(value: string, message: string): string | undefined {
  if (value.trim() === '') return message;
  return value.length > ORCHID_FIELD_MAX_LENGTH ? ORCHID_MESSAGES.tooLong : undefined;
}

export function validateServerForm(values: ServerFormValues, target: ServerFormTarget): ServerFormErrors {
  const errors: ServerFormErrors = {};
  const name = required(values.name, ORCHID_MESSAGES.nameRequired);
  if (name) errors.name = name;
  const uri = validateOrchidUrl(values.uri);
  if (uri) errors.uri = uri;
  const username = required(values.username, ORCHID_MESSAGES.usernameRequired);
  if (username) errors.username = username;
  if (target.kind === 'register' || values.password !== '') {
    const password = target.kind === 'register' ? required(values.password, ORCHID_MESSAGES.passwordRequired) : values.password.length > ORCHID_FIELD_MAX_LENGTH ? ORCHID_MESSAGES.tooLong : undefined;
    if (password) errors.password = password;
  }
  return errors;
}

export function canSubmitServerForm(values: ServerFormValues, target: ServerFormTarget, processing: boolean): boolean {
  return canSubmitForm(validateServerForm(values, target), processing);
}

export function toRegisterRequest(values: ServerFormValues): RegisterOrchidRequest {
  return { name: values.name.trim(), uri: values.uri.trim(), username: values.username.trim(), password: values.password };
}

/** Only what changed; an empty password keeps the stored one. */
export function toUpdateRequest(values: ServerFormValues, orchid: Orchid): UpdateOrchidRequest {
  const request: UpdateOrchidRequest = {};
  if (values.name.trim() !== orchid.name) request.name = values.name.trim();
  if (values.uri.trim() !== orchid.uri) request.uri = values.uri.trim();
  if (values.username.trim() !== (orchid.username ?? '')) request.username = values.username.trim();
  if (values.password !== '') request.password = values.password;
  return request;
}
