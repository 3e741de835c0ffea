/**
 * Add or edit a user (spec 2 and 5). Field errors show once a field was
 * left or a submit was attempted; submit is disabled while the form is
 * invalid or saving. Editing one's own account signs one out afterwards
 * (the server ends the sessions), and the dialog says so beforehand.
 *
 * In multi-server mode (spec 5 "Bulk create ... bulk update"), a checkbox
 * also applies the user to the registered servers: the table of servers
 * shows what happens on each. Saving saves the user here first (its rules
 * decide), then on each ticked server. When a server refuses, the dialog
 * stays open on the table with each server's outcome, and offers only
 * Close: the user here is saved, and saving again would make it twice.
 * One's own account has no bulk update: saving it ends one's session,
 * which the server calls after it need.
 */
import { useState, type ReactElement } from 'react';
import { parseRole, ROLES } from '../../../server/shared/roles';
import { AppDialog, FormDialogFooter } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
import { useForm } from '../../components/ui/use-form';
import { t } from '../../i18n/translate';
import { createUser, updateUser } from '../../state/users.store';
import { addsUser, appliedRows, replicationChanges, serverUserRows } from './server-user-rows';
import { BulkFooter } from './bulk-footer';
import { ServerUsersTable } from './server-users-table';
import { useServerUsers } from './use-server-users';
import {
  canSubmitUserForm,
  emptyUserForm,
  lockedFields,
  toCreateRequest,
  toUpdateRequest,
  userFormFrom,
  validateUserForm,
  type UserFormTarget,
} from './user-form';

export interface UserDialogProps {
  target: UserFormTarget;
  currentUserId: string | undefined;
  /** Multi-server mode: the bulk checkbox and table of servers are offered. */
  multiServer: boolean;
  onClose: () => void;
}

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));

export function UserDialog({ target, currentUserId, multiServer, onClose }: UserDialogProps): ReactElement {
  const editing = target.kind === 'edit';
  const editingSelf = editing && target.user.id === currentUserId;
  const bulkOffered = multiServer && !editingSelf;
  const [bulk, setBulk] = useState(false);
  /** Saved here, refused by some server: only Close is left. */
  const [partial, setPartial] = useState(false);
  const table = useServerUsers(bulk);

  const rowsFor = (username: string) => (bulk && table.status === 'ready' ? serverUserRows(table.servers, username, 'replicate') : []);
  // An edit finds the user on each server under the name it has now; a rename carries over.
  const matchName = (username: string) => (target.kind === 'edit' ? target.user.username : username);
  const bulkFlagsFor = (username: string) => ({ update: editing && bulk, create: addsUser(appliedRows(rowsFor(matchName(username)), table.ticks)) });

  const { values, processing, error, canSubmit, set, textField, submit } = useForm({
    initial: () => (target.kind === 'edit' ? userFormFrom(target.user) : emptyUserForm()),
    validate: (current) => validateUserForm(current, target, bulkFlagsFor(current.username)),
    canSubmit: (current, busy) => !partial && (!bulk || table.status === 'ready') && canSubmitUserForm(current, target, busy, bulkFlagsFor(current.username)),
    save: async (current) => {
      const saved = target.kind === 'edit' ? await updateUser(target.user.id, toUpdateRequest(current, target.user)) : await createUser(toCreateRequest(current));
      if (!saved.ok || !bulk) return saved;
      const changes = replicationChanges(appliedRows(rowsFor(matchName(current.username)), table.ticks), current);
      if (await table.apply(changes)) return saved;
      setPartial(true);
      return { ok: false, message: t('users.someServersFailed') };
    },
    onSaved: onClose,
  });

  const locked = lockedFields(target);
  const rows = rowsFor(matchName(values.username));
  const disabled = processing || partial;
  const passwordHint = bulkFlagsFor(values.username).update ? t('users.bulkPasswordHint') : editing ? t('users.passwordKeepHint') : t('users.passwordHint');

  const title = target.kind === 'edit' ? t('users.editTitle', { username: target.user.username }) : t('users.addTitle');
  return (
    <AppDialog
      open
      title={title}
      onClose={onClose}
      size={bulk ? 'large' : 'medium'}
      dismissible={!processing}
      footer={
        <BulkFooter refused={partial} onClose={onClose}>
          <FormDialogFooter
            formId="user-form"
            onCancel={onClose}
            processing={processing}
            submitDisabled={!canSubmit}
            submitLabel={editing ? t('common.save') : t('users.create')}
            busyLabel={t('common.saving')}
          />
        </BulkFooter>
      }
    >
      <form id="user-form" className="form-grid" onSubmit={submit} noValidate>
        {error && <Notice kind="error">{error}</Notice>}
        {editingSelf && <Notice kind="warning">{t('users.selfEditWarning')}</Notice>}
        <TextField
          label={t('users.username')}
          {...textField('username')}
          disabled={locked.username || disabled}
          autoComplete="off"
          spellCheck={false}
          hint={locked.username ? t('users.usernameLocked') : t('users.usernameHint')}
        />
        <TextField label={t('users.email')} {...textField('email')} type="email" disabled={disabled} autoComplete="off" />
        <SelectField
          label={t('users.role')}
          value={values.role}
          options={ROLE_OPTIONS}
          disabled={locked.role || disabled}
          onChange={(event) => set('role', parseRole(event.target.value) ?? values.role)}
          hint={locked.role ? t('users.roleLocked') : undefined}
        />
        <TextField
          label={t('users.password')}
          {...textField('password')}
          type="password"
          disabled={disabled}
          autoComplete="new-password"
          hint={passwordHint}
        />
        <TextField label={t('users.passwordConfirm')} {...textField('passwordConfirm')} type="password" disabled={disabled} autoComplete="new-password" />
        {bulkOffered && (
          <CheckboxField label={editing ? t('users.bulkUpdate') : t('users.bulkCreate')} checked={bulk} disabled={disabled} onChange={(event) => setBulk(event.target.checked)} />
        )}
        {bulk && <ServerUsersTable table={table} rows={rows} disabled={disabled} />}
      </form>
    </AppDialog>
  );
}
