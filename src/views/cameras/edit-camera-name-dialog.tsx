/**
 * Renames a camera (spec 2 edit-name dialog, spec 5 'Camera name is
 * required.'). A refused save shows the server's message, else 'An
 * unexpected error has occurred.' (spec 8).
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import type { Camera } from '../../../server/shared/api';
import { MESSAGES, validateRequiredName } from '../../../server/shared/validation';
import { AppDialog, FormDialogFooter } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
import { t } from '../../i18n/translate';
import { renameCamera } from '../../state/cameras.store';

export function EditCameraNameDialog({ camera, onClose }: { camera: Camera; onClose: () => void }): ReactElement {
  const [name, setName] = useState(camera.name);
  const [touched, setTouched] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameError = validateRequiredName(name, MESSAGES.cameraNameRequired);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError || processing) return;
    setProcessing(true);
    setError(null);
    const result = await renameCamera(camera.id, name);
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
      title={t('cameras.editNameTitle')}
      onClose={onClose}
      size="small"
      dismissible={!processing}
      footer={
        <FormDialogFooter
          formId="camera-name-form"
          onCancel={onClose}
          processing={processing}
          submitDisabled={Boolean(nameError)}
          submitLabel={t('common.save')}
          busyLabel={t('common.saving')}
        />
      }
    >
      <form id="camera-name-form" className="form-grid" onSubmit={(event) => void submit(event)} noValidate>
        {error && <Notice kind="error">{error}</Notice>}
        <TextField
          label={t('cameras.name')}
          value={name}
          disabled={processing}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched ? nameError : undefined}
        />
      </form>
    </AppDialog>
  );
}
