/**
 * Recovers a camera whose IP address or settings changed outside the product
 * (spec 2; offered only when the server is 2.2.2 or later, spec 5): its
 * ONVIF discovery URL and credentials are sent as a new connection (PATCH
 * /service/cameras/{id}); the recorder reads the camera again and keeps its
 * id, streams and archives. The password is never known to the client, so
 * it is asked for again; left blank, the stored one is kept.
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import type { Camera } from '../../../server/shared/api';
import { BRAND } from '../../brand/brand';
import { AppDialog, FormDialogFooter } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
import { t } from '../../i18n/translate';
import { recoverCamera } from '../../state/cameras.store';
import { URI_PLACEHOLDERS, validateCameraUri } from './add/manual-camera-form';

export function RecoverCameraDialog({ camera, onClose }: { camera: Camera; onClose: () => void }): ReactElement {
  const [uri, setUri] = useState(camera.configuration.BaseUri);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uriError = validateCameraUri('ONVIF', uri);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (uriError || processing) return;
    setProcessing(true);
    setError(null);
    const result = await recoverCamera(camera.id, { uri: uri.trim(), username, password: password === '' ? null : password });
    if (result.ok) {
      onClose();
      return;
    }
    setProcessing(false);
    setError(result.message);
  };

  return (
    <AppDialog
      open
      title={t('cameras.recoverTitle', { name: camera.name })}
      onClose={onClose}
      dismissible={!processing}
      footer={
        <FormDialogFooter
          formId="recover-camera-form"
          onCancel={onClose}
          processing={processing}
          submitDisabled={Boolean(uriError)}
          submitLabel={t('cameras.recoverSubmit')}
          busyLabel={t('cameras.recovering')}
        />
      }
    >
      <form id="recover-camera-form" className="form-grid" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">{t('cameras.recoverIntro', { product: BRAND.productName })}</p>
        {error && <Notice kind="error">{error}</Notice>}
        <TextField
          label={t('cameras.recoverUri')}
          value={uri}
          placeholder={URI_PLACEHOLDERS.ONVIF}
          disabled={processing}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          onChange={(event) => setUri(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched ? uriError : undefined}
        />
        <TextField
          label={t('cameras.username')}
          value={username}
          disabled={processing}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label={t('cameras.password')}
          type="password"
          value={password}
          disabled={processing}
          autoComplete="new-password"
          hint={t('cameras.recoverPasswordHint')}
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
    </AppDialog>
  );
}
