/**
 * Update client (spec 2, 7, 8): an administrator picks a .zip of a built web
 * client and sends it (POST /service/ui). The recorder checks the archive
 * and serves it from the next page load, so success offers a Reload; this
 * page keeps running the client it loaded until then. No file gives 'no
 * file specified'; a refusal shows 'code: reason' (the reason alone when the
 * server sent no code). Loaded lazily by the version page: only
 * administrators open it.
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import { describeCodedApiError } from '../../api/error-message';
import { systemApi } from '../../api/system-api';
import { AppDialog, FormDialogFooter } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { t } from '../../i18n/translate';

const FORM_ID = 'update-client-form';

export function UpdateClientDialog({ onClose }: { onClose: () => void }): ReactElement {
  const [file, setFile] = useState<File | null>(null);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    if (!file) {
      setError(t('version.update.noFile'));
      return;
    }
    setProcessing(true);
    setError(null);
    try {
      await systemApi.updateClient(file);
      setDone(true);
    } catch (failure) {
      setError(describeCodedApiError(failure));
    } finally {
      setProcessing(false);
    }
  };

  const footer = done ? (
    <>
      <button type="button" className="btn" onClick={onClose}>
        {t('common.close')}
      </button>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('version.update.reload')}
      </button>
    </>
  ) : (
    <FormDialogFooter
      formId={FORM_ID}
      onCancel={onClose}
      processing={processing}
      submitDisabled={false}
      submitLabel={t('version.update.submit')}
      busyLabel={t('version.update.uploading')}
    />
  );

  return (
    <AppDialog open title={t('version.update.title')} onClose={onClose} dismissible={!processing} footer={footer}>
      {done ? (
        <Notice kind="info">{t('version.update.done')}</Notice>
      ) : (
        <form id={FORM_ID} className="form-grid" onSubmit={(event) => void submit(event)} noValidate>
          <p className="muted">{t('version.update.intro')}</p>
          {error && <Notice kind="error">{error}</Notice>}
          <label className="field">
            <span className="field-label">{t('version.update.file')}</span>
            <input
              type="file"
              accept=".zip,application/zip,application/x-zip-compressed"
              disabled={processing}
              data-testid="update-client-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
            />
          </label>
        </form>
      )}
    </AppDialog>
  );
}
