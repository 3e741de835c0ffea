/**
 * Advanced settings (spec 2): Default Player Mode and WebRTC Support
 * Override, kept in this browser, and the server's part: a recorder's Log
 * Level (stored upper-case, applied at once), or at the top level of the
 * multi-server mode the aggregator's Force Orchid Proxy (every server
 * through the aggregator's proxy, even one this page could reach directly).
 * Inside the server admin container the screen is that server's, its log
 * level. Administrators (the route guard; each server enforces the role).
 *
 * Save stores them, then reloads the app at its base URL, so every player
 * starts again under the new modes and routes. Cancel returns to the stage.
 * Leaving with unsaved changes asks first.
 */
import { useEffect, useId, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LOG_LEVELS } from '../../../server/shared/log-levels';
import { describeApiError } from '../../api/error-message';
import { serverSettingsApi } from '../../api/server-settings-api';
import { currentServerScope } from '../../api/server-scope';
import { CheckboxField, SelectField } from '../../components/ui/form-field';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { Spinner } from '../../components/ui/spinner';
import { UnsavedChangesPrompt } from '../../components/ui/unsaved-changes-prompt';
import {
  appBaseUrl,
  DEFAULT_PLAYER_MODES,
  isDirty,
  settingsServer,
  WEBRTC_OVERRIDES,
  type AdvancedSettingsForm,
} from '../../core/settings/advanced-settings-form';
import { t } from '../../i18n/translate';
import { preferences, setPlayerSettings } from '../../state/preferences.store';
import { serverMode } from '../../state/server.store';
import './advanced-settings.css';

export function AdvancedSettingsView(): ReactElement {
  const prefs = useSnapshot(preferences);
  const navigate = useNavigate();
  const formId = useId();
  const [loaded, setLoaded] = useState<AdvancedSettingsForm | null>(null);
  const [form, setForm] = useState<AdvancedSettingsForm | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  // Whose settings: read once, as the screen opens (the container's scope is set before its screens mount).
  const [server] = useState(() => settingsServer(serverMode(), currentServerScope()));

  useEffect(() => {
    let alive = true;
    const browser = { defaultPlayerMode: prefs.defaultPlayerMode, webrtcOverride: prefs.webrtcOverride };
    const serverPart =
      server === 'aggregator'
        ? serverSettingsApi.clientConfig().then((config) => ({ logLevel: null, forceOrchidProxy: config.forceOrchidProxy }))
        : serverSettingsApi.logLevel().then(({ level }) => ({ logLevel: level, forceOrchidProxy: null }));
    serverPart.then(
      (part) => {
        if (!alive) return;
        const initial = { ...browser, ...part };
        setLoaded(initial);
        setForm(initial);
      },
      (error: unknown) => alive && setLoadError(t('advanced.loadFailed', { reason: describeApiError(error) })),
    );
    return () => {
      alive = false;
    };
    // Loaded once: the browser's part is read as the screen opens, like the server's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const dirty = form !== null && loaded !== null && isDirty(form, loaded);
  const change = (patch: Partial<AdvancedSettingsForm>) => setForm((current) => (current ? { ...current, ...patch } : current));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || !dirty || processing) return;
    setProcessing(true);
    setSaveError(null);
    try {
      if (form.logLevel !== null && form.logLevel !== loaded?.logLevel) await serverSettingsApi.setLogLevel(form.logLevel);
      if (form.forceOrchidProxy !== null && form.forceOrchidProxy !== loaded?.forceOrchidProxy) {
        await serverSettingsApi.setClientConfig({ forceOrchidProxy: form.forceOrchidProxy });
      }
      setPlayerSettings(form.defaultPlayerMode, form.webrtcOverride);
      // The app starts again at its base URL with the new modes (spec 2); nothing is left unsaved.
      setLoaded(form);
      window.location.assign(appBaseUrl(window.location));
    } catch (error) {
      setSaveError(t('advanced.saveFailed', { reason: describeApiError(error) }));
      setProcessing(false);
    }
  };

  return (
    <PageFrame title={t('screens.advancedSettings.title')} subtitle={t('screens.advancedSettings.purpose')}>
      <UnsavedChangesPrompt when={dirty && !processing} />
      {loadError && <Notice kind="error">{loadError}</Notice>}
      {!form && !loadError && <Spinner label={t('common.loading')} />}
      {form && (
        <form id={formId} className="card advanced-settings" onSubmit={(event) => void save(event)} aria-label={t('screens.advancedSettings.title')}>
          <fieldset disabled={processing}>
            <legend>{t('advanced.browserPart')}</legend>
            <SelectField
              label={t('advanced.playerMode')}
              hint={t('advanced.playerMode.hint')}
              value={form.defaultPlayerMode}
              options={DEFAULT_PLAYER_MODES.map((mode) => ({ value: mode, label: t(`advanced.playerMode.${mode}`) }))}
              onChange={(event) => change({ defaultPlayerMode: DEFAULT_PLAYER_MODES.find((mode) => mode === event.target.value) ?? 'disabled' })}
            />
            <SelectField
              label={t('advanced.webrtcOverride')}
              hint={t('advanced.webrtcOverride.hint')}
              value={form.webrtcOverride}
              options={WEBRTC_OVERRIDES.map((value) => ({ value, label: t(`advanced.webrtcOverride.${value}`) }))}
              onChange={(event) => change({ webrtcOverride: WEBRTC_OVERRIDES.find((value) => value === event.target.value) ?? 'none' })}
            />
          </fieldset>
          <fieldset disabled={processing}>
            <legend>{t(server === 'aggregator' ? 'advanced.aggregatorPart' : 'advanced.serverPart')}</legend>
            {form.logLevel !== null && (
              <SelectField
                label={t('advanced.logLevel')}
                hint={t('advanced.logLevel.hint')}
                value={form.logLevel}
                options={LOG_LEVELS.map((level) => ({ value: level, label: t(`advanced.logLevel.${level}`) }))}
                onChange={(event) => change({ logLevel: LOG_LEVELS.find((level) => level === event.target.value) ?? form.logLevel })}
              />
            )}
            {form.forceOrchidProxy !== null && (
              <>
                <CheckboxField
                  label={t('advanced.forceOrchidProxy')}
                  checked={form.forceOrchidProxy}
                  onChange={(event) => change({ forceOrchidProxy: event.target.checked })}
                />
                <p className="field-hint">{t('advanced.forceOrchidProxy.hint')}</p>
              </>
            )}
          </fieldset>
          {saveError && <Notice kind="error">{saveError}</Notice>}
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => navigate('/stage')} disabled={processing}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={!dirty || processing}>
              {processing ? t('common.saving') : t('common.save')}
            </button>
          </div>
        </form>
      )}
    </PageFrame>
  );
}
