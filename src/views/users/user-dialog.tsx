/**
 * Add or edit a user (spec 2 and 5). Field errors show once a field was
 * left or a submit was attempted; submit is disabled while the form is
 * invalid or saving. Editing one's own account signs one out afterwards
 * (the server ends the sessions), and the dialog says so beforehand.
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import { parseRole, ROLES } from '../../../server/shared/roles';
import { AppDialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
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
  type UserFormValues,
} from './user-form';

type Field = keyof UserFormValues;

export interface UserDialogProps {
  target: UserFormTarget;
  currentUserId: string | undefined;
  onClose: () => void;
}

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));

export function UserDialog({ target, currentUserId, onClose }: UserDialogProps): ReactElement {
  const [values, setValues] = useState<UserFormValues>(() =>
    target.kind === 'edit' ? userFormFrom(target.user) : emptyUserForm(),
  );
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const editing = target.kind === 'edit';
  const locked = lockedFields(target);
  const errors = validateUserForm(values, target);
  const canSubmit = canSubmitUserForm(values, target, processing);
  const editingSelf = editing && target.user.id === currentUserId;
  const shown = (field: Exclude<Field, 'role'>) => (submitted || touched.has(field) ? errors[field] : undefined);

  const set = (field: Field, value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const touch = (field: Field) => setTouched((previous) => new Set(previous).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!canSubmit) return;
    setProcessing(true);
    setError(null);
    const result =
      target.kind === 'edit'
        ? await updateUser(target.user.id, toUpdateRequest(values, target.user))
        : await createUser(toCreateRequest(values));
    if (result.ok) {
      onClose();
      return;
    }
    setProcessing(false);
    setError(result.message);
  };

  const title = target.kind === 'edit' ? t('users.editTitle', { username: target.user.username }) : t('users.addTitle');
  return (
    <AppDialog
      open
      title={title}
      onClose={onClose}
      dismissible={!processing}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={processing}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="user-form" className="btn btn-primary" disabled={!canSubmit}>
            {processing ? t('common.saving') : editing ? t('common.save') : t('users.create')}
          </button>
        </>
      }
    >
      <form id="user-form" className="form-grid" onSubmit={(event) => void submit(event)} noValidate>
        {error && <Notice kind="error">{error}</Notice>}
        {editingSelf && <Notice kind="warning">{t('users.selfEditWarning')}</Notice>}
        <TextField
          label={t('users.username')}
          value={values.username}
          disabled={locked.username || processing}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => set('username', event.target.value)}
          onBlur={() => touch('username')}
          error={shown('username')}
          hint={locked.username ? t('users.usernameLocked') : t('users.usernameHint')}
        />
        <TextField
          label={t('users.email')}
          type="email"
          value={values.email}
          disabled={processing}
          autoComplete="off"
          onChange={(event) => set('email', event.target.value)}
          onBlur={() => touch('email')}
          error={shown('email')}
        />
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
          type="password"
          value={values.password}
          disabled={processing}
          autoComplete="new-password"
          onChange={(event) => set('password', event.target.value)}
          onBlur={() => touch('password')}
          error={shown('password')}
          hint={editing ? t('users.passwordKeepHint') : t('users.passwordHint')}
        />
        <TextField
          label={t('users.passwordConfirm')}
          type="password"
          value={values.passwordConfirm}
          disabled={processing}
          autoComplete="new-password"
          onChange={(event) => set('passwordConfirm', event.target.value)}
          onBlur={() => touch('passwordConfirm')}
          error={shown('passwordConfirm')}
        />
      </form>
    </AppDialog>
  );
}
