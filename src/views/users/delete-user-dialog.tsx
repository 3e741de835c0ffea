/** Confirms deleting a user; shows failedToDeleteUser when the server refuses. */
import type { ReactElement } from 'react';
import type { User } from '../../../server/shared/api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { t } from '../../i18n/translate';
import { deleteUser } from '../../state/users.store';

export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }): ReactElement {
  return (
    <ConfirmDialog
      title={t('users.deleteTitle')}
      question={t('users.deleteQuestion', { username: user.username })}
      confirmLabel={t('users.deleteConfirm')}
      busyLabel={t('users.deleting')}
      confirm={() => deleteUser(user)}
      onClose={onClose}
    />
  );
}
