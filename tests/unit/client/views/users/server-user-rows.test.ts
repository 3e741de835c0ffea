import { describe, expect, it } from 'vitest';
import type { User } from '../../../../../server/shared/api';
import type { ServerUsers } from '../../../../../src/state/server-users';
import {
  addsUser,
  appliedRows,
  cutsOffServer,
  isApplicable,
  isTicked,
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

  it('applies every applicable row unless unticked; rows that do nothing are never applied, even ticked', () => {
    const rows = serverUserRows([north, south, east], 'carol', 'delete');
    expect(rows.map((row) => row.action)).toEqual(['remove', 'absent', 'unreachable']);
    expect(appliedRows(rows, new Map()).map((row) => row.orchidId)).toEqual(['n']);
    expect(appliedRows(rows, new Map([['n', false]]))).toEqual([]);
    expect(appliedRows(rows, new Map([['n', true], ['s', true], ['e', true]])).map((row) => row.orchidId)).toEqual(['n']);
  });

  it('a save that adds the user somewhere needs a password (bulk create on)', () => {
    const rows = serverUserRows([north, south], 'carol', 'replicate');
    expect(addsUser(appliedRows(rows, new Map()))).toBe(true);
    expect(addsUser(appliedRows(rows, new Map([['s', false]])))).toBe(false);
  });

  it('replicates as create where absent and as update of the existing id where present, a blank password kept', () => {
    const rows = serverUserRows([north, south, east], 'carol', 'replicate');
    expect(replicationChanges(appliedRows(rows, new Map()), { ...values, password: '', passwordConfirm: '' })).toEqual([
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
    expect(removalChanges(appliedRows(rows, new Map()))).toEqual([{ orchidId: 'n', kind: 'remove', userId: 'n-carol' }]);
  });
});

describe("bulk dialogs: the aggregator's own account on each server starts unticked", () => {
  // North is reached as 'admin' (the built-in administrator), South as a second administrator, 'Agg' (any case).
  const northAsAdmin: ServerUsers = { ...north, signInUsername: 'admin' };
  const southAsAgg: ServerUsers = {
    orchidId: 's',
    name: 'South',
    signInUsername: 'agg',
    users: [user('s-admin', 'admin', { role: 'Administrator', superUser: true, admin: true }), user('s-agg', 'Agg', { role: 'Administrator', admin: true })],
  };

  it("replicating the account the aggregator signs in with: that server's row starts unticked with the warning, the others ticked", () => {
    const rows = serverUserRows([northAsAdmin, south], 'admin', 'replicate');
    expect(rows.map((row) => [row.orchidId, row.action, row.aggregatorAccount])).toEqual([
      ['n', 'update', true],
      ['s', 'update', false],
    ]);
    expect(rows.map((row) => isTicked(row, new Map()))).toEqual([false, true]);
    expect(rows.map(cutsOffServer)).toEqual([true, false]);
    expect(appliedRows(rows, new Map()).map((row) => row.orchidId)).toEqual(['s']);
  });

  it('the user may still tick it deliberately, and then it is applied with the new password', () => {
    const rows = serverUserRows([northAsAdmin], 'admin', 'replicate');
    const ticks = new Map([['n', true]]);
    expect(isTicked(rows[0]!, ticks)).toBe(true);
    expect(replicationChanges(appliedRows(rows, ticks), { ...values, username: 'admin' })).toEqual([
      { orchidId: 'n', kind: 'update', userId: 'n-admin', body: { email: 'carol@example.com', password: 'pass1', passwordConfirm: 'pass1' } },
    ]);
  });

  it('bulk delete of that account (not the built-in administrator) starts unticked with the warning too', () => {
    const [row] = serverUserRows([southAsAgg], 'agg', 'delete');
    expect(row).toMatchObject({ action: 'remove', aggregatorAccount: true, existing: { id: 's-agg' } });
    expect(isTicked(row!, new Map())).toBe(false);
    expect(cutsOffServer(row!)).toBe(true);
    expect(removalChanges(appliedRows([row!], new Map()))).toEqual([]);
    expect(removalChanges(appliedRows([row!], new Map([['s', true]])))).toEqual([{ orchidId: 's', kind: 'remove', userId: 's-agg' }]);
  });

  it('no warning where nothing is applied there (the built-in administrator cannot be deleted) or for another user', () => {
    const [locked] = serverUserRows([northAsAdmin], 'admin', 'delete');
    expect(locked).toMatchObject({ action: 'locked', aggregatorAccount: true });
    expect(cutsOffServer(locked!)).toBe(false);
    const [carol] = serverUserRows([northAsAdmin], 'carol', 'replicate');
    expect(carol).toMatchObject({ action: 'update', aggregatorAccount: false });
    expect(isTicked(carol!, new Map())).toBe(true);
    // A name the server does not have yet is added, never the aggregator's account.
    const [added] = serverUserRows([{ ...south, signInUsername: 'newcomer' }], 'newcomer', 'replicate');
    expect(added).toMatchObject({ action: 'add', aggregatorAccount: false });
  });

  it('without the registration username (not an administrator, or an unreachable server) no row is marked', () => {
    expect(serverUserRow(north, 'admin', 'replicate').aggregatorAccount).toBe(false);
    expect(serverUserRow({ ...east, signInUsername: 'admin' }, 'admin', 'replicate')).toMatchObject({ action: 'unreachable', aggregatorAccount: false });
  });
});
