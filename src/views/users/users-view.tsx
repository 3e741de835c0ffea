/**
 * The users screen (spec 2): the serving server's users with their
 * administrator/superuser indicator and role, add/edit and delete dialogs.
 * Single-server mode: the recorder's users and the user-roles help card.
 * Multi-server mode: the aggregator's users, a note that each server's own
 * users moved to the servers tab, and per row the bulk-replicate and
 * bulk-delete dialogs that manage the user on the servers. When the list
 * cannot be fetched the error shows and adding is disabled
 * (failedToFetchUsers).
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { User } from '../../../server/shared/api';
import { DataTable, type DataTableColumn } from '../../components/table/data-table';
import { RowActionButton, RowActions } from '../../components/table/row-actions';
import { TableCard } from '../../components/table/table-card';
import { Icon } from '../../components/ui/icon';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';
import { serverMode, serverState } from '../../state/server.store';
import { sessionState } from '../../state/session.store';
import { fetchUsers, usersState } from '../../state/users.store';
import { BulkDeleteDialog } from './bulk-delete-dialog';
import { BulkReplicateDialog } from './bulk-replicate-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserDialog } from './user-dialog';
import type { UserFormTarget } from './user-form';
import { UserRolesCard } from './user-roles-card';

/** A narrow screen has no room for the email column (email-col, screens.css). */
const columns = (): DataTableColumn[] => [
  { label: t('users.username') },
  { label: t('users.access') },
  { label: t('users.role') },
  { label: t('users.email'), className: 'email-col' },
];

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
  const [replicating, setReplicating] = useState<User | null>(null);
  const [deletingFromServers, setDeletingFromServers] = useState<User | null>(null);
  const multiServer = serverMode(useSnapshot(serverState)) === 'multi-server';

  useEffect(() => {
    void fetchUsers();
  }, []);

  const addDisabled = users.status !== 'ready';
  return (
    <PageFrame
      title={t('users.title')}
      subtitle={t(multiServer ? 'users.subtitle.aggregator' : 'users.subtitle', { count: users.users.length })}
      width="wide"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'create' })} disabled={addDisabled}>
          <Icon name="plus" size={16} />
          {t('users.add')}
        </button>
      }
    >
      {multiServer && <Notice kind="info">{t('users.serverUsersMoved')}</Notice>}
      <div className={multiServer ? undefined : 'users-layout'}>
        <TableCard errors={[users.loadError]} loading={users.status === 'loading' && users.users.length === 0}>
          <DataTable label={t('users.tableLabel')} className={multiServer ? 'users-table-bulk' : undefined} columns={columns()} actionsLabel={t('users.actions')}>
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
                <RowActions>
                  <RowActionButton icon="edit" label={t('users.editUser', { username: user.username })} title={t('common.edit')} onClick={() => setEditing({ kind: 'edit', user })} />
                  {multiServer && (
                    <>
                      <RowActionButton icon="copy" label={t('users.replicateUser', { username: user.username })} title={t('users.replicateUser', { username: user.username })} onClick={() => setReplicating(user)} />
                      <RowActionButton
                        icon="servers"
                        danger
                        label={t('users.deleteFromServers', { username: user.username })}
                        title={t('users.deleteFromServers', { username: user.username })}
                        onClick={() => setDeletingFromServers(user)}
                      />
                    </>
                  )}
                  <RowActionButton
                    icon="trash"
                    danger
                    label={t('users.deleteUser', { username: user.username })}
                    title={user.superUser ? t('users.superuserLocked') : t('common.delete')}
                    // Spec 6: in aggregator mode one's own account cannot be deleted either (the server refuses it too).
                    disabled={user.superUser || (multiServer && user.id === session?.owner.id)}
                    onClick={() => setDeleting(user)}
                  />
                </RowActions>
              </tr>
            ))}
          </DataTable>
        </TableCard>
        {!multiServer && <UserRolesCard />}
      </div>
      {editing && <UserDialog target={editing} currentUserId={session?.owner.id} multiServer={multiServer} onClose={() => setEditing(null)} />}
      {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}
      {replicating && <BulkReplicateDialog user={replicating} onClose={() => setReplicating(null)} />}
      {deletingFromServers && <BulkDeleteDialog user={deletingFromServers} onClose={() => setDeletingFromServers(null)} />}
    </PageFrame>
  );
}
