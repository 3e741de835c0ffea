/**
 * The license dialog (spec 2, 5, 7). Opening it pings the activation service
 * the recorder names (5 s time-out): an answer gives online silent mode (a
 * code and an optional location; the dialog asks the service for the signed
 * key and hands it to the recorder), no answer or no service gives manual
 * offline entry (the machine id to hand to the supplier and a text area for
 * the key). 'Switch to offline' leaves online mode by hand. A code that is
 * not XXXXX-XXXXX-XXXXX-XXXXX is a renewal of the current license. Success
 * shows the restart-needed message; errors read 'code: reason' or reason.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { activationServiceApi, type ActivationResult } from '../../api/activation-service-api';
import { describeApiError } from '../../api/error-message';
import { licenseApi } from '../../api/license-api';
import { AppDialog, FormDialogFooter } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { activationErrorText, canActivate, codeKind, normalizeCode, validateLocation } from '../../core/license/license-rules';
import { t } from '../../i18n/translate';
import { applySession, loadLicenseQuietly } from '../../state/license.store';

type Mode = 'checking' | 'online' | 'offline';

export interface LicenseDialogProps {
  open: boolean;
  onClose: () => void;
  activationUrl: string | null;
  machineId: string;
  /** The current license's activation code, which a renewal code renews; null for the trial. */
  currentActivationCode: string | null;
}

export function LicenseDialog(props: LicenseDialogProps): ReactElement {
  const { open, activationUrl } = props;
  const formId = useId();
  const keyId = useId();
  const [mode, setMode] = useState<Mode>('checking');
  const [code, setCode] = useState('');
  const [location, setLocation] = useState('');
  const [key, setKey] = useState('');
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    if (!open) return undefined;
    setCode('');
    setLocation('');
    setKey('');
    setError(null);
    setDone(false);
    setProcessing(false);
    if (!activationUrl) {
      setMode('offline');
    } else {
      setMode('checking');
      void activationServiceApi.ping(activationUrl).then((answered) => {
        // A switch to offline made while the ping ran stands.
        if (alive.current) setMode((current) => (current === 'checking' ? (answered ? 'online' : 'offline') : current));
      });
    }
    return () => {
      alive.current = false;
    };
  }, [open, activationUrl]);

  const keyFromService = async (): Promise<ActivationResult> => {
    if (codeKind(code) === 'activation') return activationServiceApi.activate(activationUrl!, normalizeCode(code), props.machineId, location);
    if (!props.currentActivationCode) return { status: 'error', reason: t('activation.dialog.noLicenseToRenew') };
    return activationServiceApi.renew(activationUrl!, normalizeCode(code), props.currentActivationCode);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'checking' || !canActivate({ mode, code, location, key }, processing)) return;
    setProcessing(true);
    setError(null);
    try {
      let license = key.trim();
      if (mode === 'online') {
        const answer = await keyFromService();
        if (answer.status === 'error') {
          if (alive.current) setError(activationErrorText(answer));
          return;
        }
        license = answer.license;
      }
      try {
        applySession(await licenseApi.add(license));
        loadLicenseQuietly();
        if (alive.current) setDone(true);
      } catch (failure) {
        if (alive.current) setError(describeApiError(failure));
      }
    } finally {
      if (alive.current) setProcessing(false);
    }
  };

  const locationError = mode === 'online' ? validateLocation(location) : undefined;
  const footer = done ? (
    <button type="button" className="btn btn-primary" onClick={props.onClose}>
      {t('common.close')}
    </button>
  ) : (
    <FormDialogFooter
      formId={formId}
      onCancel={props.onClose}
      processing={processing}
      submitDisabled={mode === 'checking' || !canActivate({ mode, code, location, key }, processing)}
      submitLabel={t('activation.dialog.activate')}
      busyLabel={t('activation.dialog.activating')}
    />
  );

  return (
    <AppDialog open={open} title={t('activation.dialog.title')} onClose={props.onClose} dismissible={!processing} footer={footer}>
      {done ? (
        <Notice kind="info">{t('activation.dialog.done')}</Notice>
      ) : (
        <form id={formId} className="license-form" onSubmit={(event) => void submit(event)} noValidate>
          {mode === 'checking' && <Spinner label={t('activation.dialog.checking')} />}
          {mode === 'online' && (
            <>
              <p>{t('activation.dialog.online')}</p>
              <TextField
                label={t('activation.dialog.codeField')}
                hint={t('activation.dialog.codeHint')}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                disabled={processing}
              />
              <TextField
                label={t('activation.dialog.locationField')}
                value={location}
                error={locationError}
                onChange={(event) => setLocation(event.target.value)}
                disabled={processing}
              />
            </>
          )}
          {mode === 'offline' && (
            <>
              <p>{t('activation.dialog.offline')}</p>
              <dl className="facts">
                <dt>{t('activation.machineId')}</dt>
                <dd data-testid="offline-machine-id">{props.machineId}</dd>
              </dl>
              <div className="field">
                <label className="field-label" htmlFor={keyId}>
                  {t('activation.dialog.keyField')}
                </label>
                <textarea id={keyId} className="input license-key" rows={6} value={key} onChange={(event) => setKey(event.target.value)} spellCheck={false} disabled={processing} />
              </div>
            </>
          )}
          {mode !== 'offline' && (
            <button type="button" className="btn btn-link" onClick={() => setMode('offline')} disabled={processing}>
              {t('activation.dialog.switchOffline')}
            </button>
          )}
          {error && <Notice kind="error">{error}</Notice>}
        </form>
      )}
    </AppDialog>
  );
}
