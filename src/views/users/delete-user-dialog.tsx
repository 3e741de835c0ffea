/** Confirms deleting a user; shows failedToDeleteUser when the server refuses. */
import { useState, type ReactElement } from 'react';
import type { User } from '../../../server/shared/api';
import { AppDialog, ConfirmDialogFooter } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { t } from '../../i18n/translate';
import { deleteUser } from '../../state/users.store';

export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }): ReactElement {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setProcessing(true);
    setError(null);
    const result = await deleteUser(user);
    setProcessing(false);
    if (result.ok) onClose();
    else setError(result.message);
  };

  return (
    <AppDialog
      open
      title={t('users.deleteTitle')}
      onClose={onClose}
      size="small"
      dismissible={!processing}
      footer={
        <ConfirmDialogFooter
          onCancel={onClose}
          onConfirm={() => void confirm()}
          processing={processing}
          confirmLabel={t('users.deleteConfirm')}
          busyLabel={t('users.deleting')}
        />
      }
    >
      <p>{t('users.deleteQuestion', { username: user.username })}</p>
      {error && <Notice kind="error">{error}</Notice>}
    </AppDialog>
  );
}
