/**
 * Register or edit a server (spec 2 servers dashboard, spec 5 'Server').
 * Field errors show once a field was left or a submit was tried; submit is
 * disabled while the form is invalid or saving. The aggregator signs in to
 * the recorder before it answers, so a wrong account or an unreachable URL
 * is said here (spec 8 'authentication-failed', not available).
 */
import type { ReactElement } from 'react';
import { AppDialog, FormDialogFooter } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
import { useForm } from '../../components/ui/use-form';
import { t } from '../../i18n/translate';
import { registerOrchid, updateOrchid } from '../../state/orchids.store';
import {
  canSubmitServerForm,
  emptyServerForm,
  serverFormFrom,
  toRegisterRequest,
  toUpdateRequest,
  validateServerForm,
  type ServerFormTarget,
} from './server-form';

export function ServerDialog({ target, onClose }: { target: ServerFormTarget; onClose: () => void }): ReactElement {
  const { processing, error, canSubmit, textField, submit } = useForm({
    initial: () => (target.kind === 'edit' ? serverFormFrom(target.orchid) : emptyServerForm()),
    validate: (current) => validateServerForm(current, target),
    canSubmit: (current, busy) => canSubmitServerForm(current, target, busy),
    save: (current) => (target.kind === 'edit' ? updateOrchid(target.orchid.id, toUpdateRequest(current, target.orchid)) : registerOrchid(toRegisterRequest(current))),
    onSaved: onClose,
  });

  const editing = target.kind === 'edit';
  return (
    <AppDialog
      open
      title={editing ? t('servers.editTitle', { name: target.orchid.name }) : t('servers.registerTitle')}
      onClose={onClose}
      dismissible={!processing}
      footer={
        <FormDialogFooter
          formId="server-form"
          onCancel={onClose}
          processing={processing}
          submitDisabled={!canSubmit}
          submitLabel={editing ? t('common.save') : t('servers.register')}
          busyLabel={editing ? t('common.saving') : t('servers.registering')}
        />
      }
    >
      <form id="server-form" className="form-grid" onSubmit={submit} noValidate>
        {error && <Notice kind="error">{error}</Notice>}
        <TextField
          label={t('servers.name')}
          {...textField('name')}
          disabled={processing}
          autoComplete="off"
        />
        <TextField
          label={t('servers.url')}
          {...textField('uri')}
          type="url"
          disabled={processing}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          hint={t('servers.urlHint')}
        />
        <TextField
          label={t('servers.username')}
          {...textField('username')}
          disabled={processing}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label={t('servers.password')}
          {...textField('password')}
          type="password"
          disabled={processing}
          autoComplete="new-password"
          hint={editing ? t('servers.passwordKeepHint') : t('servers.credentialsHint')}
        />
      </form>
    </AppDialog>
  );
}
