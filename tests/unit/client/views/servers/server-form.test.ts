import { describe, expect, it } from 'vitest';
import type { Orchid } from '../../../../../server/shared/api';
import { ORCHID_MESSAGES } from '../../../../../server/shared/orchid-validation';
import {
  canSubmitServerForm,
  emptyServerForm,
  serverFormFrom,
  toRegisterRequest,
  toUpdateRequest,
  validateServerForm,
} from '../../../../../src/views/servers/server-form';

const orchid = {
  id: 'srv-1',
  name: 'North site',
  uri: 'http://10.0.0.12:8080',
  baseUrl: 'http://10.0.0.12:8080',
  username: 'admin',
} as Orchid;

describe('server form (spec 5 Server)', () => {
  it('requires name, a http(s) URL, username and, to register, a password', () => {
    expect(validateServerForm(emptyServerForm(), { kind: 'register' })).toEqual({
      name: ORCHID_MESSAGES.nameRequired,
      uri: ORCHID_MESSAGES.urlInvalid,
      username: ORCHID_MESSAGES.usernameRequired,
      password: ORCHID_MESSAGES.passwordRequired,
    });
    const filled = { name: 'North', uri: 'https://north.example.com', username: 'admin', password: 'pw' };
    expect(validateServerForm(filled, { kind: 'register' })).toEqual({});
    expect(canSubmitServerForm(filled, { kind: 'register' }, false)).toBe(true);
    expect(canSubmitServerForm(filled, { kind: 'register' }, true)).toBe(false);
  });

  it('refuses URLs that are not http(s) or carry credentials, and over-long fields', () => {
    for (const uri of ['ftp://host', 'north.example.com', 'http://user:pw@host', 'javascript:alert(1)']) {
      expect(validateServerForm({ name: 'n', uri, username: 'u', password: 'p' }, { kind: 'register' }).uri).toBe(ORCHID_MESSAGES.urlInvalid);
    }
    expect(validateServerForm({ name: 'n'.repeat(256), uri: 'http://h', username: 'u', password: 'p' }, { kind: 'register' }).name).toBe(ORCHID_MESSAGES.tooLong);
  });

  it('edits with the stored password kept when the box stays empty, sending only what changed', () => {
    const values = serverFormFrom(orchid);
    expect(values).toEqual({ name: 'North site', uri: 'http://10.0.0.12:8080', username: 'admin', password: '' });
    expect(validateServerForm(values, { kind: 'edit', orchid })).toEqual({});
    expect(toUpdateRequest(values, orchid)).toEqual({});
    expect(toUpdateRequest({ ...values, name: ' North ', password: 'new' }, orchid)).toEqual({ name: 'North', password: 'new' });
  });

  it('registers trimmed names, URL and username, the password as typed', () => {
    expect(toRegisterRequest({ name: ' A ', uri: ' http://h:1 ', username: ' u ', password: ' p ' })).toEqual({ name: 'A', uri: 'http://h:1', username: 'u', password: ' p ' });
  });
});
