/**
 * The server property editor (spec 2, 4, 5, 8, 9): administrators, single-
 * server mode. Loads in two steps (checking confirmation, then fetching); an
 * unconfirmed change shows the confirm view with the imminent-shutdown alert
 * instead of the form. The form lists every property (active box, name for
 * custom ones, value, description), adds custom ones, searches names with
 * suggestions (100 ms), checks the spec 5 rules as the operator types
 * (custom names again 250 ms after the last keystroke) and saves: a save is
 * a controlled restart, so the app moves to the blocking restart page.
 * Leaving with unsaved changes asks first.
 *
 * Multi-server edition: the same screen edits one registered server's
 * properties inside the server admin container, its calls going there
 * through the container's server scope. The aggregator serving the page does
 * not restart, so a save shows a waiting dialog instead of the blocking page,
 * and the screen checks the server every 10 s (the aggregator's POST
 * /service/orchids/{id}/cache, whose answer the server list keeps) until it
 * is available, not defunct and confirmed (core/properties/
 * server-restart-wait.ts decides).
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PropertiesConfirmation } from '../../../server/shared/api';
import { PROPERTY_NAME_AUTOCOMPLETE_MS, PROPERTY_NAME_REVALIDATION_MS } from '../../../server/shared/properties';
import { describeApiError } from '../../api/error-message';
import { propertiesApi } from '../../api/properties-api';
import { currentServerScope } from '../../api/server-scope';
import { AppDialog } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { Spinner } from '../../components/ui/spinner';
import { UnsavedChangesPrompt } from '../../components/ui/unsaved-changes-prompt';
import {
  editedWithoutValue,
  isDirty,
  nameSuggestions,
  newCustomRow,
  propertiesToSend,
  rowProblems,
  rowsMatching,
  type PropertyRow,
} from '../../core/properties/property-form';
import {
  afterServerCheck,
  repeatEvery,
  serverUsable,
  SERVER_PROPERTIES_POLL_MS,
  type PropertiesLoadState,
  type ServerCheck,
} from '../../core/properties/server-restart-wait';
import { t } from '../../i18n/translate';
import { checkOrchid } from '../../state/orchids.store';
import { ServerRestartDialog } from './server-restart-dialog';

/** A registered server as the aggregator finds it now, and its confirmation when it can be asked. */
async function checkServer(server: string): Promise<{ check: ServerCheck; confirmation: PropertiesConfirmation | null }> {
  const orchid = await checkOrchid(server);
  if (!orchid || !serverUsable(orchid)) return { check: { usable: false }, confirmation: null };
  const confirmation = await propertiesApi.confirmation();
  return { check: { usable: true, confirmed: confirmation.confirmed }, confirmation };
}

/** `value` as it was `delayMs` after its last change. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function PropertiesView(): ReactElement {
  const navigate = useNavigate();
  const formId = useId();
  const listId = useId();
  // The container's server in multi-server mode (its scope is open before this mounts); null in single-server mode.
  const [server] = useState(currentServerScope);
  const [state, setState] = useState<PropertiesLoadState>('checking-confirmation');
  const [serverDown, setServerDown] = useState(false);
  const [waitingRestart, setWaitingRestart] = useState(false);
  const stopFollowing = useRef<(() => void) | null>(null);
  const following = useRef(0);
  const [confirmation, setConfirmation] = useState<PropertiesConfirmation | null>(null);
  const [loaded, setLoaded] = useState<PropertyRow[]>([]);
  const [rows, setRows] = useState<PropertyRow[]>([]);
  const [query, setQuery] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [action, setAction] = useState<'none' | 'save' | 'confirm'>('none');
  const [askEmpty, setAskEmpty] = useState<PropertyRow[] | null>(null);

  const fetchList = async () => {
    setState('fetching');
    const list = await propertiesApi.list();
    setLoaded(list.properties);
    setRows(list.properties);
    setState('fetched');
  };

  /** Multi-server mode: checks the server now and every 10 s until it is usable and confirmed, then fetches. */
  const followServer = (from: string) => {
    stopFollowing.current?.();
    // A check still in flight from before (a confirm meanwhile) must not set the state after this one.
    const generation = ++following.current;
    const current = () => generation === following.current;
    setState('checking-confirmation');
    stopFollowing.current = repeatEvery(
      SERVER_PROPERTIES_POLL_MS,
      async () => {
        try {
          const { check, confirmation } = await checkServer(from);
          if (!current()) return false;
          const next = afterServerCheck(check);
          setServerDown(!check.usable);
          setConfirmation(confirmation);
          if (next.state === 'fetching') await fetchList();
          else setState(next.state);
          return next.pollAgain;
        } catch {
          // The server answered the aggregator but not this call: shown, and checked again.
          if (current()) setState('fetch-error');
          return true;
        }
      },
      { firstDelayMs: 0 },
    );
  };

  const fetchAll = async () => {
    if (server) return followServer(server);
    setState('checking-confirmation');
    try {
      const confirmed = await propertiesApi.confirmation();
      setConfirmation(confirmed);
      if (!confirmed.confirmed) return setState('need-confirmation');
      await fetchList();
    } catch {
      setState('fetch-error');
    }
  };

  useEffect(() => {
    void fetchAll();
    return () => stopFollowing.current?.();
    // Once, as the screen opens: the server it edits (the scope's) is fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const settledRows = useSettled(rows, PROPERTY_NAME_REVALIDATION_MS);
  const settledQuery = useSettled(query, PROPERTY_NAME_AUTOCOMPLETE_MS);
  const problems = useMemo(() => rowProblems(rows), [rows]);
  const nameProblems = useMemo(() => rowProblems(settledRows), [settledRows]);
  const shown = useMemo(() => rowsMatching(rows, settledQuery), [rows, settledQuery]);
  const suggestions = useMemo(() => nameSuggestions(rows, settledQuery), [rows, settledQuery]);
  const dirty = state === 'fetched' && isDirty(rows, loaded);
  const valid = problems.size === 0;

  const change = (id: string, patch: Partial<PropertyRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));

  const confirm = async () => {
    setAction('confirm');
    setActionError(null);
    try {
      await propertiesApi.confirm();
      await fetchAll();
    } catch (error) {
      setActionError(t('properties.confirm.failed', { reason: describeApiError(error) }));
    }
    setAction('none');
  };

  const save = async () => {
    setAskEmpty(null);
    setAction('save');
    setActionError(null);
    try {
      await propertiesApi.save(propertiesToSend(rows));
      if (server) {
        // Only that server restarts: this page stays and waits for it in a dialog.
        setLoaded(rows);
        setWaitingRestart(true);
        return;
      }
      // The recorder restarts now: the blocking page waits for it and reloads here.
      setLoaded(rows);
      navigate('/server-restarting', { replace: true });
    } catch (error) {
      setActionError(t('properties.saveFailed', { reason: describeApiError(error) }));
      setAction('none');
    }
  };

  const restarted = () => {
    setWaitingRestart(false);
    setAction('none');
    void fetchAll();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || !valid || action !== 'none') return;
    const empty = editedWithoutValue(rows, loaded);
    if (empty.length > 0) setAskEmpty(empty);
    else void save();
  };

  return (
    <PageFrame title={t('screens.properties.title')} subtitle={t('screens.properties.purpose')} width="wide">
      <UnsavedChangesPrompt when={dirty && action === 'none'} />
      {(state === 'checking-confirmation' || state === 'fetching') && <Spinner label={t('properties.loading')} />}
      {state === 'checking-confirmation' && serverDown && <Notice kind="warning">{t('properties.serverUnavailable')}</Notice>}
      {state === 'fetch-error' && <Notice kind="error">{t('properties.loadFailed')}</Notice>}
      {actionError && <Notice kind="error">{actionError}</Notice>}
      {state === 'need-confirmation' && (
        <div className="card">
          <Notice kind="warning">
            {t('properties.imminentShutdown', {
              time: confirmation?.deadlineMs ? new Date(confirmation.deadlineMs).toLocaleTimeString() : '…',
            })}
          </Notice>
          <h2>{t('properties.confirm.title')}</h2>
          <p>{t('properties.confirm.text')}</p>
          {server && <p className="muted">{t('properties.unconfirmedPolling')}</p>}
          <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={action !== 'none'}>
            {t('properties.confirm.action')}
          </button>
        </div>
      )}
      {state === 'fetched' && (
        <form id={formId} className="card" onSubmit={submit} aria-label={t('screens.properties.title')}>
          <label>
            {t('properties.search')}{' '}
            <input className="input" type="search" list={listId} value={query} onChange={(event) => setQuery(event.target.value)} />
          </label>
          <datalist id={listId}>
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th>{t('properties.col.active')}</th>
                  <th>{t('properties.col.name')}</th>
                  <th>{t('properties.col.value')}</th>
                  <th>{t('properties.col.description')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => {
                  // A custom name's verdict is the settled one, and only while the name is still what was checked.
                  const settledName = settledRows.find((settled) => settled.id === row.id)?.name;
                  const nameError = row.custom && settledName === row.name ? nameProblems.get(row.id)?.name : undefined;
                  const valueError = problems.get(row.id)?.value;
                  const label = row.name || t('properties.newName');
                  return (
                    <tr key={row.id}>
                      <td>
                        <input
                          type="checkbox"
                          checked={row.active}
                          disabled={row.locked || action !== 'none'}
                          aria-label={t('properties.activeLabel', { name: label })}
                          onChange={(event) => change(row.id, { active: event.target.checked })}
                        />
                      </td>
                      <td>
                        {row.custom ? (
                          <input
                            className="input"
                            value={row.name}
                            aria-label={t('properties.newName')}
                            aria-invalid={nameError ? true : undefined}
                            disabled={action !== 'none'}
                            onChange={(event) => change(row.id, { name: event.target.value })}
                          />
                        ) : (
                          <code>{row.name}</code>
                        )}
                        {nameError && <p className="field-error" role="alert">{nameError}</p>}
                      </td>
                      <td>
                        {row.showInput && !row.locked ? (
                          <input
                            className="input"
                            value={row.value}
                            aria-label={t('properties.valueLabel', { name: label })}
                            aria-invalid={valueError ? true : undefined}
                            disabled={action !== 'none'}
                            onChange={(event) => change(row.id, { value: event.target.value })}
                          />
                        ) : (
                          <span>
                            <code>{row.value}</code> ({t('properties.locked')})
                          </span>
                        )}
                        {valueError && <p className="field-error" role="alert">{valueError}</p>}
                      </td>
                      <td>{row.description}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => setRows((current) => [...current, newCustomRow()])} disabled={action !== 'none'}>
              {t('properties.add')}
            </button>
            <button type="button" className="btn" onClick={() => navigate('/stage')} disabled={action !== 'none'}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={!dirty || !valid || action !== 'none'}>
              {action === 'save' ? t('common.saving') : t('common.save')}
            </button>
          </div>
        </form>
      )}
      {server && waitingRestart && <ServerRestartDialog server={server} onBack={restarted} />}
      {askEmpty && (
        <AppDialog
          open
          title={t('properties.emptyValues.title')}
          onClose={() => setAskEmpty(null)}
          size="small"
          footer={
            <>
              <button type="button" className="btn" onClick={() => setAskEmpty(null)}>
                {t('common.cancel')}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void save()}>
                {t('properties.emptyValues.save')}
              </button>
            </>
          }
        >
          <p>{t('properties.emptyValues.question', { names: askEmpty.map((row) => row.name || '?').join(', ') })}</p>
        </AppDialog>
      )}
    </PageFrame>
  );
}
