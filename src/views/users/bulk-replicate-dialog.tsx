/**
 * Bulk replicate (spec 2 and 5): an existing user of this system added to,
 * or updated on, the ticked servers, with its username, role and email. The
 * password is not known here, so it is asked for: required when the user
 * will be added to some server (bulk update and bulk create both on),
 * otherwise a blank one keeps each server's password. When a server
 * refuses, each server's outcome stays in the table and only Close is left;
 * opening the dialog again reads the servers afresh.
 */
import { useState, type ReactElement } from 'react';
import type { User } from '../../../server/shared/api';
import { AppDialog, FormDialogFooter } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
import { useForm } from '../../components/ui/use-form';
import { canSubmitForm } from '../../core/form-submit';
import { t } from '../../i18n/translate';
import { addsUser, appliedRows, replicationChanges, serverUserRows } from './server-user-rows';
import { BulkFooter } from './bulk-footer';
import { ServerUsersTable } from './server-users-table';
import { useServerUsers } from './use-server-users';
import { userFormFrom, validatePasswordFields } from './user-form';

export function BulkReplicateDialog({ user, onClose }: { user: User; onClose: () => void }): ReactElement {
  const table = useServerUsers(true);
  const [partial, setPartial] = useState(false);
  const rows = table.status === 'ready' ? serverUserRows(table.servers, user.username, 'replicate') : [];
  const applied = appliedRows(rows, table.ticks);
  const passwordRequired = addsUser(applied);

  const { processing, error, canSubmit, textField, submit } = useForm({
    initial: () => ({ password: '', passwordConfirm: '' }),
    validate: (current) => validatePasswordFields(current, passwordRequired),
    canSubmit: (current, busy) => !partial && applied.length > 0 && canSubmitForm(validatePasswordFields(current, passwordRequired), busy),
    save: async (current) => {
      if (await table.apply(replicationChanges(applied, { ...userFormFrom(user), ...current }))) return { ok: true };
      setPartial(true);
      return { ok: false, message: t('users.replicationFailed') };
    },
    onSaved: onClose,
  });

  const disabled = processing || partial;
  return (
    <AppDialog
      open
      title={t('users.replicateTitle', { username: user.username })}
      onClose={onClose}
      size="large"
      dismissible={!processing}
      footer={
        <BulkFooter refused={partial} onClose={onClose}>
          <FormDialogFooter
            formId="replicate-user-form"
            onCancel={onClose}
            processing={processing}
            submitDisabled={!canSubmit}
            submitLabel={t('users.replicate')}
            busyLabel={t('users.replicating')}
          />
        </BulkFooter>
      }
    >
      <form id="replicate-user-form" className="form-grid" onSubmit={submit} noValidate>
        {error && <Notice kind="error">{error}</Notice>}
        <p>{t('users.replicateIntro')}</p>
        <ServerUsersTable table={table} rows={rows} disabled={disabled} />
        <TextField label={t('users.password')} {...textField('password')} type="password" disabled={disabled} autoComplete="new-password" hint={t('users.bulkPasswordHint')} />
        <TextField label={t('users.passwordConfirm')} {...textField('passwordConfirm')} type="password" disabled={disabled} autoComplete="new-password" />
      </form>
    </AppDialog>
  );
}
