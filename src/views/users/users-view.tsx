/**
 * The users screen (spec 2): the serving recorder's users with their
 * administrator/superuser indicator and role, add/edit and delete dialogs,
 * and the user-roles help card. When the list cannot be fetched the error
 * shows and adding is disabled (failedToFetchUsers).
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { User } from '../../../server/shared/api';
import { Icon } from '../../components/ui/icon';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { Spinner } from '../../components/ui/spinner';
import { t } from '../../i18n/translate';
import { sessionState } from '../../state/session.store';
import { fetchUsers, usersState } from '../../state/users.store';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserDialog } from './user-dialog';
import type { UserFormTarget } from './user-form';
import { UserRolesCard } from './user-roles-card';

function UserIndicator({ user }: { user: User }): ReactElement | null {
  if (user.superUser) {
    return (
      <span className="indicator indicator-super" title={t('users.superuser')}>
        <Icon name="star" size={14} />
        <span>{t('users.superuser')}</span>
      </span>
    );
  }
  if (user.admin) {
    return (
      <span className="indicator indicator-admin" title={t('users.administrator')}>
        <Icon name="shield" size={14} />
        <span>{t('users.administrator')}</span>
      </span>
    );
  }
  return null;
}

export function UsersView(): ReactElement {
  const users = useSnapshot(usersState);
  const { session } = useSnapshot(sessionState);
  const [editing, setEditing] = useState<UserFormTarget | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  useEffect(() => {
    void fetchUsers();
  }, []);

  const addDisabled = users.status !== 'ready';
  return (
    <PageFrame
      title={t('users.title')}
      subtitle={t('users.subtitle', { count: users.users.length })}
      width="wide"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'create' })} disabled={addDisabled}>
          <Icon name="plus" size={16} />
          {t('users.add')}
        </button>
      }
    >
      <div className="users-layout">
        <div className="card table-card">
          {users.loadError && <Notice kind="error">{users.loadError}</Notice>}
          {users.status === 'loading' && users.users.length === 0 && <Spinner label={t('common.loading')} />}
          <table className="data-table" aria-label={t('users.tableLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('users.username')}</th>
                <th scope="col">{t('users.access')}</th>
                <th scope="col">{t('users.role')}</th>
                <th scope="col" className="email-col">
                  {t('users.email')}
                </th>
                <th scope="col" className="actions-col">
                  <span className="visually-hidden">{t('users.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.users.map((user) => (
                <tr key={user.id} data-testid={`user-row-${user.username}`}>
                  <td className="strong">
                    {user.username}
                    {user.id === session?.owner.id && <span className="you-tag">{t('users.you')}</span>}
                  </td>
                  <td>
                    <UserIndicator user={user} />
                  </td>
                  <td>{user.role}</td>
                  <td className="muted email-col">{user.email || '—'}</td>
                  <td className="actions-col">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('users.editUser', { username: user.username })}
                      title={t('common.edit')}
                      onClick={() => setEditing({ kind: 'edit', user })}
                    >
                      <Icon name="edit" size={16} />
                    </button>
                    <button
                      type="button"
                      className="icon-button danger"
                      aria-label={t('users.deleteUser', { username: user.username })}
                      title={user.superUser ? t('users.superuserLocked') : t('common.delete')}
                      disabled={user.superUser}
                      onClick={() => setDeleting(user)}
                    >
                      <Icon name="trash" size={16} />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <UserRolesCard />
      </div>
      {editing && <UserDialog target={editing} currentUserId={session?.owner.id} onClose={() => setEditing(null)} />}
      {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}
    </PageFrame>
  );
}
