/** The stage dialog (spec 2): a required name and save; used to save a new stage and to rename one. */
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { t } from '../../../i18n/translate';

export interface StageNameDialogProps {
  open: boolean;
  title: string;
  initialName: string;
  busy: boolean;
  error: string | null;
  onClose(): void;
  onSave(name: string): void;
}

export function StageNameDialog(props: StageNameDialogProps): ReactElement {
  const [name, setName] = useState(props.initialName);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (props.open) {
      setName(props.initialName);
      setTouched(false);
    }
  }, [props.open, props.initialName]);
  const invalid = name.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!invalid && !props.busy) props.onSave(name);
  };
  return (
    <AppDialog
      open={props.open}
      title={props.title}
      onClose={props.onClose}
      size="small"
      dismissible={!props.busy}
      footer={
        <>
          <button type="button" className="btn" onClick={props.onClose} disabled={props.busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" form="stage-name-form" className="btn btn-primary" disabled={props.busy || invalid}>
            {props.busy ? t('common.saving') : t('common.save')}
          </button>
        </>
      }
    >
      <form id="stage-name-form" onSubmit={submit} noValidate>
        <TextField
          label={t('stages.name')}
          value={name}
          autoFocus
          maxLength={128}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && invalid ? t('stages.nameRequired') : props.error ?? undefined}
        />
      </form>
    </AppDialog>
  );
}
