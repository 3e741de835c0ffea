/**
 * The presets pane's dialogs (spec 2 "PTZ presets (new/rename)", 5, 8):
 * naming a new preset (saved at the camera's current view) or renaming
 * one, with the shared name rule (core/ptz checkPresetNameInput: required
 * here, at most 32 letters, digits and spaces), and confirming a delete. A
 * refused request keeps the dialog open with the recorder's reason
 * (errorCreatingPreset with reason).
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import { checkPresetNameInput } from '../../../core/ptz/ptz-presets';
import { t } from '../../../i18n/translate';
import { AppDialog, ConfirmDialogFooter, FormDialogFooter } from '../../ui/dialog';
import { TextField } from '../../ui/form-field';
import { Notice } from '../../ui/notice';

export interface PresetNameDialogProps {
  mode: 'new' | 'rename';
  /** The current name when renaming (blank names start empty). */
  initialName: string;
  /** Saves; answers null when done, else the error text to show. */
  onSubmit(name: string): Promise<string | null>;
  onClose(): void;
}

export function PresetNameDialog({ mode, initialName, onSubmit, onClose }: PresetNameDialogProps): ReactElement {
  const [raw, setRaw] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { name, problem } = checkPresetNameInput(raw);
  const formId = `ptz-preset-${mode}-form`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || processing) return;
    setProcessing(true);
    setError(null);
    const failure = await onSubmit(name);
    if (failure === null) {
      onClose();
      return;
    }
    setProcessing(false);
    setError(failure);
  };

  return (
    <AppDialog
      open
      title={mode === 'new' ? t('ptz.newTitle') : t('ptz.renameTitle')}
      onClose={onClose}
      size="small"
      dismissible={!processing}
      footer={
        <FormDialogFooter
          formId={formId}
          onCancel={onClose}
          processing={processing}
          submitDisabled={Boolean(problem)}
          submitLabel={t('common.save')}
          busyLabel={t('common.saving')}
        />
      }
    >
      <form id={formId} className="form-grid" onSubmit={(event) => void submit(event)} noValidate>
        {error && <Notice kind="error">{error}</Notice>}
        <TextField
          label={t('ptz.name')}
          value={raw}
          disabled={processing}
          autoComplete="off"
          autoFocus
          onChange={(event) => {
            setRaw(event.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={touched ? problem : undefined}
          hint={mode === 'new' ? t('ptz.newHint') : t('ptz.renameHint')}
        />
      </form>
    </AppDialog>
  );
}

export function DeletePresetDialog(props: { name: string; onConfirm(): Promise<string | null>; onClose(): void }): ReactElement {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setProcessing(true);
    setError(null);
    const failure = await props.onConfirm();
    if (failure === null) {
      props.onClose();
      return;
    }
    setProcessing(false);
    setError(failure);
  };
  return (
    <AppDialog
      open
      title={t('ptz.deleteTitle')}
      onClose={props.onClose}
      size="small"
      dismissible={!processing}
      footer={
        <ConfirmDialogFooter
          onCancel={props.onClose}
          onConfirm={() => void confirm()}
          processing={processing}
          confirmLabel={t('common.delete')}
          busyLabel={t('ptz.deleting')}
        />
      }
    >
      <p>{t('ptz.deleteText', { name: props.name })}</p>
      {error && <Notice kind="error">{error}</Notice>}
    </AppDialog>
  );
}
