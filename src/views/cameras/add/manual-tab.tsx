/**
 * The Manual tab of the add-cameras dialog (spec 2, 5): driver, URI (its
 * placeholder follows the driver), name and credentials. Submit is disabled
 * while the form is invalid or the request runs; a refused registration
 * shows 'code: reason' else the generic message (spec 8).
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import type { CameraDriver } from '../../../../server/shared/api';
import { describeCodedApiError } from '../../../api/error-message';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { t } from '../../../i18n/translate';
import { refreshAfterChange, registerCamera } from '../../../state/cameras.store';
import type { RegisteredCamera } from './bulk-registration';
import {
  canSubmitManualCamera,
  DRIVERS,
  emptyManualCamera,
  toRegisterRequest,
  URI_PLACEHOLDERS,
  validateManualCamera,
  type ManualCameraValues,
} from './manual-camera-form';

export interface ManualTabProps {
  onBusyChange: (busy: boolean) => void;
  onAdded: (camera: RegisteredCamera) => void;
}

const DRIVER_OPTIONS = DRIVERS.map((driver) => ({ value: driver, label: driver }));

export function ManualTab({ onBusyChange, onAdded }: ManualTabProps): ReactElement {
  const [values, setValues] = useState<ManualCameraValues>(emptyManualCamera);
  const [touched, setTouched] = useState<ReadonlySet<keyof ManualCameraValues>>(new Set());
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = validateManualCamera(values);
  const canSubmit = canSubmitManualCamera(values, processing);

  const set = <K extends keyof ManualCameraValues>(field: K, value: ManualCameraValues[K]) => setValues((previous) => ({ ...previous, [field]: value }));
  const touch = (field: keyof ManualCameraValues) => setTouched((previous) => new Set(previous).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setProcessing(true);
    onBusyChange(true);
    setError(null);
    try {
      const request = toRegisterRequest(values);
      const camera = await registerCamera(request);
      void refreshAfterChange();
      onBusyChange(false);
      onAdded({ key: request.connection.uri ?? camera.id, name: camera.name, cameraId: camera.id });
    } catch (failure) {
      setError(describeCodedApiError(failure));
      setProcessing(false);
      onBusyChange(false);
    }
  };

  return (
    <form className="form-grid manual-tab" onSubmit={(event) => void submit(event)} noValidate>
      {error && <Notice kind="error">{error}</Notice>}
      <SelectField
        label={t('cameras.manualDriver')}
        value={values.driver}
        options={DRIVER_OPTIONS}
        disabled={processing}
        onChange={(event) => set('driver', event.target.value as CameraDriver)}
      />
      <TextField
        label={t('cameras.manualUri')}
        value={values.uri}
        placeholder={URI_PLACEHOLDERS[values.driver]}
        hint={values.driver === 'ONVIF' ? t('cameras.manualUriHintOnvif') : t('cameras.manualUriHintRtsp')}
        disabled={processing}
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        onChange={(event) => set('uri', event.target.value)}
        onBlur={() => touch('uri')}
        error={touched.has('uri') ? errors.uri : undefined}
      />
      <TextField
        label={t('cameras.name')}
        value={values.name}
        disabled={processing}
        autoComplete="off"
        onChange={(event) => set('name', event.target.value)}
        onBlur={() => touch('name')}
        error={touched.has('name') ? errors.name : undefined}
      />
      <TextField
        label={t('cameras.username')}
        value={values.username}
        disabled={processing}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set('username', event.target.value)}
      />
      <TextField
        label={t('cameras.password')}
        type="password"
        value={values.password}
        disabled={processing}
        autoComplete="new-password"
        onChange={(event) => set('password', event.target.value)}
      />
      <div className="manual-actions">
        <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
          {processing ? t('cameras.adding') : t('cameras.manualSubmit')}
        </button>
      </div>
    </form>
  );
}
