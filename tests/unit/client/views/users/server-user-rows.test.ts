import { describe, expect, it } from 'vitest';
import type { User } from '../../../../../server/shared/api';
import type { ServerUsers } from '../../../../../src/state/server-users';
import {
  addsUser,
  appliedRows,
  isApplicable,
  removalChanges,
  replicationChanges,
  serverUserRow,
  serverUserRows,
} from '../../../../../src/views/users/server-user-rows';
import type { UserFormValues } from '../../../../../src/views/users/user-form';

const user = (id: string, username: string, extra: Partial<User> = {}): User => ({ id, username, role: 'Viewer', email: null, superUser: false, admin: false, ...extra });
const north: ServerUsers = { orchidId: 'n', name: 'North', users: [user('n-admin', 'admin', { role: 'Administrator', superUser: true, admin: true }), user('n-carol', 'Carol')] };
const south: ServerUsers = { orchidId: 's', name: 'South', users: [user('s-admin', 'admin', { role: 'Administrator', superUser: true, admin: true })] };
const east: ServerUsers = { orchidId: 'e', name: 'East', error: 'The server is not available.' };
const values: UserFormValues = { username: 'carol', email: 'carol@example.com', password: 'pass1', passwordConfirm: 'pass1', role: 'Manager' };

describe('bulk dialogs: what applying does on each server (spec 2, 5, 8)', () => {
  it("replicate: 'will be updated' where the username exists (any case), 'will be added' where not", () => {
    expect(serverUserRow(north, 'carol', 'replicate')).toMatchObject({ action: 'update', existing: { id: 'n-carol', username: 'Carol' } });
    expect(serverUserRow(south, 'carol', 'replicate')).toMatchObject({ action: 'add', existing: null });
  });

  it("delete: 'user will be removed', 'user does not exist', and never the server's built-in administrator", () => {
    expect(serverUserRow(north, 'CAROL', 'delete').action).toBe('remove');
    expect(serverUserRow(south, 'carol', 'delete').action).toBe('absent');
    expect(serverUserRow(south, 'admin', 'delete')).toMatchObject({ action: 'locked', existing: { id: 's-admin' } });
  });

  it("a server that could not be queried: 'no action: cannot query server', with the reason, in either mode", () => {
    for (const mode of ['replicate', 'delete'] as const) {
      const row = serverUserRow(east, 'carol', mode);
      expect(row).toMatchObject({ action: 'unreachable', existing: null, reason: 'The server is not available.' });
      expect(isApplicable(row)).toBe(false);
    }
  });

  it('applies every applicable row unless unticked; rows that do nothing are never applied', () => {
    const rows = serverUserRows([north, south, east], 'carol', 'delete');
    expect(rows.map((row) => row.action)).toEqual(['remove', 'absent', 'unreachable']);
    expect(appliedRows(rows, new Set()).map((row) => row.orchidId)).toEqual(['n']);
    expect(appliedRows(rows, new Set(['n']))).toEqual([]);
  });

  it('a save that adds the user somewhere needs a password (bulk create on)', () => {
    const rows = serverUserRows([north, south], 'carol', 'replicate');
    expect(addsUser(appliedRows(rows, new Set()))).toBe(true);
    expect(addsUser(appliedRows(rows, new Set(['s'])))).toBe(false);
  });

  it('replicates as create where absent and as update of the existing id where present, a blank password kept', () => {
    const rows = serverUserRows([north, south, east], 'carol', 'replicate');
    expect(replicationChanges(appliedRows(rows, new Set()), { ...values, password: '', passwordConfirm: '' })).toEqual([
      { orchidId: 'n', kind: 'update', userId: 'n-carol', body: { username: 'carol', role: 'Manager', email: 'carol@example.com', password: null, passwordConfirm: null } },
      { orchidId: 's', kind: 'create', body: { username: 'carol', role: 'Manager', email: 'carol@example.com', password: '', passwordConfirm: '' } },
    ]);
  });

  it("updating a server's built-in administrator leaves its locked username and role alone", () => {
    const [row] = serverUserRows([south], 'admin', 'replicate');
    expect(replicationChanges([row!], { ...values, username: 'admin', role: 'Viewer' })).toEqual([
      { orchidId: 's', kind: 'update', userId: 's-admin', body: { email: 'carol@example.com', password: 'pass1', passwordConfirm: 'pass1' } },
    ]);
  });

  it('removes by the id the user has on each applied server', () => {
    const rows = serverUserRows([north, south], 'carol', 'delete');
    expect(removalChanges(appliedRows(rows, new Set()))).toEqual([{ orchidId: 'n', kind: 'remove', userId: 'n-carol' }]);
  });
});
