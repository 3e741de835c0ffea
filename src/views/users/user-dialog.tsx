/**
 * Add or edit a user (spec 2 and 5). Field errors show once a field was
 * left or a submit was attempted; submit is disabled while the form is
 * invalid or saving. Editing one's own account signs one out afterwards
 * (the server ends the sessions), and the dialog says so beforehand.
 */
import type { ReactElement } from 'react';
import { parseRole, ROLES } from '../../../server/shared/roles';
import { AppDialog, FormDialogFooter } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
import { useForm } from '../../components/ui/use-form';
import { t } from '../../i18n/translate';
import { createUser, updateUser } from '../../state/users.store';
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
  onClose: () => void;
}

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));

export function UserDialog({ target, currentUserId, onClose }: UserDialogProps): ReactElement {
  const { values, processing, error, canSubmit, set, textField, submit } = useForm({
    initial: () => (target.kind === 'edit' ? userFormFrom(target.user) : emptyUserForm()),
    validate: (current) => validateUserForm(current, target),
    canSubmit: (current, busy) => canSubmitUserForm(current, target, busy),
    save: (current) => (target.kind === 'edit' ? updateUser(target.user.id, toUpdateRequest(current, target.user)) : createUser(toCreateRequest(current))),
    onSaved: onClose,
  });

  const editing = target.kind === 'edit';
  const locked = lockedFields(target);
  const editingSelf = editing && target.user.id === currentUserId;

  const title = target.kind === 'edit' ? t('users.editTitle', { username: target.user.username }) : t('users.addTitle');
  return (
    <AppDialog
      open
      title={title}
      onClose={onClose}
      dismissible={!processing}
      footer={
        <FormDialogFooter
          formId="user-form"
          onCancel={onClose}
          processing={processing}
          submitDisabled={!canSubmit}
          submitLabel={editing ? t('common.save') : t('users.create')}
          busyLabel={t('common.saving')}
        />
      }
    >
      <form id="user-form" className="form-grid" onSubmit={submit} noValidate>
        {error && <Notice kind="error">{error}</Notice>}
        {editingSelf && <Notice kind="warning">{t('users.selfEditWarning')}</Notice>}
        <TextField
          label={t('users.username')}
          {...textField('username')}
          disabled={locked.username || processing}
          autoComplete="off"
          spellCheck={false}
          hint={locked.username ? t('users.usernameLocked') : t('users.usernameHint')}
        />
        <TextField label={t('users.email')} {...textField('email')} type="email" disabled={processing} autoComplete="off" />
        <SelectField
          label={t('users.role')}
          value={values.role}
          options={ROLE_OPTIONS}
          disabled={locked.role || processing}
          onChange={(event) => set('role', parseRole(event.target.value) ?? values.role)}
          hint={locked.role ? t('users.roleLocked') : undefined}
        />
        <TextField
          label={t('users.password')}
          {...textField('password')}
          type="password"
          disabled={processing}
          autoComplete="new-password"
          hint={editing ? t('users.passwordKeepHint') : t('users.passwordHint')}
        />
        <TextField label={t('users.passwordConfirm')} {...textField('passwordConfirm')} type="password" disabled={processing} autoComplete="new-password" />
      </form>
    </AppDialog>
  );
}
