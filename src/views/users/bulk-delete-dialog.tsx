/**
 * Bulk delete (spec 2 and 8): a username removed from the ticked servers
 * ('user will be removed'; no action where the user does not exist, where
 * the server cannot be queried, or for a server's built-in administrator).
 * This system's own user stays. When a server refuses, the dialog says
 * anErrorOccurredWhileProcessingBulkDelete, each server's outcome stays in
 * the table, and only Close is left.
 */
import { useState, type ReactElement } from 'react';
import type { User } from '../../../server/shared/api';
import { AppDialog, ConfirmDialogFooter } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { t } from '../../i18n/translate';
import { appliedRows, removalChanges, serverUserRows } from './server-user-rows';
import { BulkFooter } from './bulk-footer';
import { ServerUsersTable } from './server-users-table';
import { useServerUsers } from './use-server-users';

export function BulkDeleteDialog({ user, onClose }: { user: User; onClose: () => void }): ReactElement {
  const table = useServerUsers(true);
  const [processing, setProcessing] = useState(false);
  const [failed, setFailed] = useState(false);
  const rows = table.status === 'ready' ? serverUserRows(table.servers, user.username, 'delete') : [];
  const applied = appliedRows(rows, table.ticks);

  const run = async () => {
    setProcessing(true);
    const ok = await table.apply(removalChanges(applied));
    setProcessing(false);
    if (ok) onClose();
    else setFailed(true);
  };

  return (
    <AppDialog
      open
      title={t('users.bulkDeleteTitle', { username: user.username })}
      onClose={onClose}
      size="large"
      dismissible={!processing}
      footer={
        <BulkFooter refused={failed} onClose={onClose}>
          <ConfirmDialogFooter
            onCancel={onClose}
            onConfirm={() => void run()}
            processing={processing}
            confirmDisabled={applied.length === 0}
            confirmLabel={t('users.bulkDelete')}
            busyLabel={t('users.deleting')}
          />
        </BulkFooter>
      }
    >
      {failed && <Notice kind="error">{t('users.anErrorOccurredWhileProcessingBulkDelete')}</Notice>}
      <p>{t('users.bulkDeleteIntro')}</p>
      <ServerUsersTable table={table} rows={rows} disabled={processing || failed} />
    </AppDialog>
  );
}
