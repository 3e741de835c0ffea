/**
 * Register or edit a server (spec 2 servers dashboard, spec 5 'Server').
 * Field errors show once a field was left or a submit was tried; submit is
 * disabled while the form is invalid or saving. The aggregator signs in to
 * the recorder before it answers, so a wrong account or an unreachable URL
 * is said here (spec 8 'authentication-failed', not available).
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import { AppDialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
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
  type ServerFormValues,
} from './server-form';

type Field = keyof ServerFormValues;

export function ServerDialog({ target, onClose }: { target: ServerFormTarget; onClose: () => void }): ReactElement {
  const [values, setValues] = useState<ServerFormValues>(() => (target.kind === 'edit' ? serverFormFrom(target.orchid) : emptyServerForm()));
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const errors = validateServerForm(values, target);
  const canSubmit = canSubmitServerForm(values, target, processing);
  const shown = (field: Field) => (submitted || touched.has(field) ? errors[field] : undefined);
  const set = (field: Field, value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const touch = (field: Field) => setTouched((previous) => new Set(previous).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!canSubmit) return;
    setProcessing(true);
    setError(null);
    const result = target.kind === 'edit' ? await updateOrchid(target.orchid.id, toUpdateRequest(values, target.orchid)) : await registerOrchid(toRegisterRequest(values));
    if (result.ok) {
      onClose();
      return;
    }
    setProcessing(false);
    setError(result.message);
  };

  const editing = target.kind === 'edit';
  return (
    <AppDialog
      open
      title={editing ? t('servers.editTitle', { name: target.orchid.name }) : t('servers.registerTitle')}
      onClose={onClose}
      dismissible={!processing}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={processing}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="server-form" className="btn btn-primary" disabled={!canSubmit}>
            {processing ? (editing ? t('common.saving') : t('servers.registering')) : editing ? t('common.save') : t('servers.register')}
          </button>
        </>
      }
    >
      <form id="server-form" className="form-grid" onSubmit={(event) => void submit(event)} noValidate>
        {error && <Notice kind="error">{error}</Notice>}
        <TextField
          label={t('servers.name')}
          value={values.name}
          disabled={processing}
          autoComplete="off"
          onChange={(event) => set('name', event.target.value)}
          onBlur={() => touch('name')}
          error={shown('name')}
        />
        <TextField
          label={t('servers.url')}
          type="url"
          value={values.uri}
          disabled={processing}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          onChange={(event) => set('uri', event.target.value)}
          onBlur={() => touch('uri')}
          error={shown('uri')}
          hint={t('servers.urlHint')}
        />
        <TextField
          label={t('servers.username')}
          value={values.username}
          disabled={processing}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => set('username', event.target.value)}
          onBlur={() => touch('username')}
          error={shown('username')}
        />
        <TextField
          label={t('servers.password')}
          type="password"
          value={values.password}
          disabled={processing}
          autoComplete="new-password"
          onChange={(event) => set('password', event.target.value)}
          onBlur={() => touch('password')}
          error={shown('password')}
          hint={editing ? t('servers.passwordKeepHint') : t('servers.credentialsHint')}
        />
      </form>
    </AppDialog>
  );
}
