/**
 * The Auto tab of the add-cameras dialog (spec 2, 4): search addresses with
 * the recorder's WS-Discovery probe, give the credentials once, pick from
 * the discovered cameras and register them one at a time with progress.
 * Failed cameras keep their error on their row and in the errors list;
 * "Retry failed" runs only those again, with the credentials as they are
 * now. When every camera succeeds the dialog closes; otherwise it stays
 * with the completion message and its link to remove what was registered.
 */
import { useRef, useState, type FormEvent, type ReactElement } from 'react';
import { camerasApi } from '../../../api/cameras-api';
import { describeCodedApiError } from '../../../api/error-message';
import { TextField } from '../../../components/ui/form-field';
import { Icon } from '../../../components/ui/icon';
import { Notice } from '../../../components/ui/notice';
import { t } from '../../../i18n/translate';
import { refreshAfterChange, registerCamera } from '../../../state/cameras.store';
import {
  completionSummary,
  failedItems,
  registeredSoFar,
  registerSequentially,
  type ItemOutcome,
  type RegisteredCamera,
  type RegistrationItem,
  type RegistrationProgress,
  type RegistrationRun,
} from './bulk-registration';
import {
  canSelect,
  MAX_SEARCH_ADDRESSES,
  mergeDiscovered,
  parseSearchAddresses,
  registrationRequest,
  type DiscoveredRow,
} from './discovered-cameras';
import { searchAddresses } from './discovery-search';
import { RegistrationCompletion } from './registration-completion';
import type { RegisterCameraRequest } from '../../../../server/shared/api';

export interface AutoTabProps {
  /** Processing state for the dialog (it must not close mid-run). */
  onBusyChange: (busy: boolean) => void;
  /** Every camera registered succeeded: the dialog closes. */
  onAllRegistered: (registered: RegisteredCamera[]) => void;
  onRegisteredChange: (registered: RegisteredCamera[]) => void;
}

type Item = RegistrationItem<RegisterCameraRequest>;

function searchError(text: string): string | undefined {
  const parsed = parseSearchAddresses(text);
  if (parsed.ok) return undefined;
  if (parsed.error === 'empty') return t('cameras.searchEmpty');
  if (parsed.error === 'tooMany') return t('cameras.searchTooMany', { max: MAX_SEARCH_ADDRESSES });
  return t('cameras.searchInvalid', { token: parsed.token ?? '' });
}

function RowState({ row, outcome, current }: { row: DiscoveredRow; outcome: ItemOutcome | undefined; current: boolean }): ReactElement {
  if (current) return <span className="discovered-state busy">{t('cameras.stateRegistering')}</span>;
  if (outcome?.status === 'failed') {
    return (
      <span className="discovered-state failed">
        <span>{t('cameras.stateFailed')}</span>
        <span className="discovered-error" role="note">
          {outcome.message}
        </span>
      </span>
    );
  }
  if (row.registered) return <span className="discovered-state ok">{t('cameras.stateRegistered')}</span>;
  if (!row.configured) return <span className="discovered-state muted">{t('cameras.stateNotConfigured')}</span>;
  return <span className="discovered-state muted">{t('cameras.stateNew')}</span>;
}

export function AutoTab({ onBusyChange, onAllRegistered, onRegisteredChange }: AutoTabProps): ReactElement {
  const [addresses, setAddresses] = useState('');
  const [addressesTouched, setAddressesTouched] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rows, setRows] = useState<DiscoveredRow[]>([]);
  const [search, setSearch] = useState<{ done: number; total: number; running: boolean; failures: string[] } | null>(null);
  const [progress, setProgress] = useState<RegistrationProgress | null>(null);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, ItemOutcome>>(new Map());
  const [lastRun, setLastRun] = useState<{ run: RegistrationRun; items: Item[] } | null>(null);
  const [registered, setRegistered] = useState<RegisteredCamera[]>([]);
  const [removingBusy, setRemovingBusy] = useState(false);
  const [runCount, setRunCount] = useState(0);
  const registeredRef = useRef<RegisteredCamera[]>([]);

  const running = progress !== null && progress.current !== null;
  const searching = search?.running === true;
  const busy = running || searching || removingBusy;
  const addressError = searchError(addresses);
  const selectable = rows.filter(canSelect);
  const selected = rows.filter((row) => row.selected && canSelect(row));
  const credentials = { username, password };

  const discover = async (event: FormEvent) => {
    event.preventDefault();
    setAddressesTouched(true);
    const parsed = parseSearchAddresses(addresses);
    if (!parsed.ok || busy) return;
    onBusyChange(true);
    const failures: string[] = [];
    setSearch({ done: 0, total: parsed.addresses.length, running: true, failures });
    await searchAddresses(parsed.addresses, camerasApi.discover, {
      onFound: (found) => setRows((previous) => mergeDiscovered(previous, found)),
      onFailed: (address, error) => failures.push(`${address}: ${describeCodedApiError(error)}`),
      onProgress: (done, total) => setSearch({ done, total, running: done < total, failures: [...failures] }),
    });
    setSearch((previous) => previous && { ...previous, running: false, failures: [...failures] });
    onBusyChange(false);
  };

  const run = async (items: Item[]) => {
    onBusyChange(true);
    setRunCount((count) => count + 1);
    const result = await registerSequentially(items, {
      register: registerCamera,
      describeError: describeCodedApiError,
      onProgress: (next, sofar) => {
        setProgress(next);
        setOutcomes((previous) => new Map([...previous, ...sofar]));
      },
    });
    const done = new Set(result.registered.map((camera) => camera.key));
    setRows((previous) => previous.map((row) => (done.has(row.key) ? { ...row, registered: true, selected: false } : row)));
    const all = registeredSoFar(registeredRef.current, result);
    registeredRef.current = all;
    setRegistered(all);
    onRegisteredChange(all);
    setLastRun({ run: result, items });
    void refreshAfterChange();
    onBusyChange(false);
    if (completionSummary(result, all).allSucceeded) onAllRegistered(all);
  };

  const registerSelected = () => {
    const items = selected.map((row) => ({ key: row.key, name: row.name, request: registrationRequest(row, credentials) }));
    setOutcomes(new Map());
    void run(items);
  };

  const retryFailed = () => {
    if (!lastRun) return;
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const items = failedItems(lastRun.run, lastRun.items, (item) => registrationRequest(byKey.get(item.key) ?? { url: item.request.connection.uri ?? '', name: item.name, ip: '' }, credentials));
    void run(items);
  };

  const removed = (removedIds: string[]) => {
    const gone = new Set(removedIds);
    const removedKeys = new Set(registered.filter((camera) => gone.has(camera.cameraId)).map((camera) => camera.key));
    setRows((previous) => previous.map((row) => (removedKeys.has(row.key) ? { ...row, registered: false } : row)));
    const left = registered.filter((camera) => !gone.has(camera.cameraId));
    registeredRef.current = left;
    setRegistered(left);
    onRegisteredChange(left);
    setOutcomes(new Map());
  };

  const toggleRow = (key: string) => setRows((previous) => previous.map((row) => (row.key === key ? { ...row, selected: !row.selected } : row)));
  const allSelected = selectable.length > 0 && selectable.every((row) => row.selected);
  const toggleAll = () => setRows((previous) => previous.map((row) => (canSelect(row) ? { ...row, selected: !allSelected } : row)));
  const errors = lastRun && !running ? lastRun.run.errors : [];
  const finishedWithErrors = errors.length > 0;

  return (
    <div className="auto-tab">
      <form className="discover-form" onSubmit={(event) => void discover(event)} noValidate>
        <TextField
          label={t('cameras.searchAddresses')}
          value={addresses}
          placeholder={t('cameras.searchPlaceholder')}
          hint={t('cameras.searchHint')}
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
          onChange={(event) => setAddresses(event.target.value)}
          onBlur={() => setAddressesTouched(addresses !== '')}
          error={addressesTouched ? addressError : undefined}
        />
        <button type="submit" className="btn" disabled={busy}>
          <Icon name="refresh" size={16} />
          {t('cameras.discover')}
        </button>
      </form>
      {search?.running && (
        <p className="muted" role="status">
          {t('cameras.discovering', { done: search.done, total: search.total })}
        </p>
      )}
      {search && !search.running && search.failures.length > 0 && (
        <Notice kind="warning">{t('cameras.discoverFailed', { message: search.failures.join('; ') })}</Notice>
      )}
      {search && !search.running && rows.length === 0 && search.failures.length === 0 && <Notice kind="info">{t('cameras.discoverNone')}</Notice>}

      <fieldset className="credentials" disabled={busy}>
        <legend>{t('cameras.credentials')}</legend>
        <div className="credentials-fields">
          <TextField label={t('cameras.username')} value={username} autoComplete="off" spellCheck={false} onChange={(event) => setUsername(event.target.value)} />
          <TextField
            label={t('cameras.password')}
            type="password"
            value={password}
            autoComplete="new-password"
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <p className="field-hint">{t('cameras.credentialsHint')}</p>
      </fieldset>

      {rows.length > 0 && (
        <div className="discovered-wrap">
          <table className="data-table discovered-table" aria-label={t('cameras.discoveredLabel')}>
            <thead>
              <tr>
                <th scope="col" className="check-col">
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={allSelected}
                    disabled={busy || selectable.length === 0}
                    onChange={toggleAll}
                    aria-label={t('cameras.selectAllDiscovered')}
                  />
                </th>
                <th scope="col">{t('cameras.discoveredName')}</th>
                <th scope="col" className="ip-col">
                  {t('cameras.discoveredIp')}
                </th>
                <th scope="col">{t('cameras.discoveredUrl')}</th>
                <th scope="col">{t('cameras.discoveredState')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} data-testid="discovered-row" data-url={row.url}>
                  <td className="check-col">
                    <input
                      type="checkbox"
                      className="checkbox"
                      checked={row.selected && canSelect(row)}
                      disabled={busy || !canSelect(row)}
                      onChange={() => toggleRow(row.key)}
                      aria-label={t('cameras.selectDiscovered', { name: row.name, url: row.url })}
                    />
                  </td>
                  <td className="strong">{row.name}</td>
                  <td className="mono ip-col">{row.ip}</td>
                  <td className="mono url-cell">{row.url}</td>
                  <td>
                    <RowState row={row} outcome={outcomes.get(row.key)} current={progress?.current === row.key} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {progress && running && (
        <div className="registration-progress">
          <progress max={progress.total} value={progress.done} aria-label={t('cameras.progressLabel')} />
          <span role="status" data-testid="registration-progress">
            {t('cameras.progress', { done: progress.done, total: progress.total })}
          </span>
        </div>
      )}

      {finishedWithErrors && (
        <Notice kind="error">
          <p className="notice-lead">{t('cameras.errorsTitle', { count: errors.length })}</p>
          <ul className="failure-list" data-testid="registration-errors">
            {errors.map((error) => (
              <li key={error.key}>{t('cameras.failureLine', { name: error.name, message: error.message })}</li>
            ))}
          </ul>
        </Notice>
      )}
      {lastRun && !running && (
        <RegistrationCompletion
          key={runCount}
          registered={registered}
          onRemoved={removed}
          onBusyChange={(value) => {
            setRemovingBusy(value);
            onBusyChange(value);
          }}
        />
      )}

      <div className="auto-actions">
        {finishedWithErrors && (
          <button type="button" className="btn" onClick={retryFailed} disabled={busy}>
            <Icon name="refresh" size={16} />
            {t('cameras.retryFailed')}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={registerSelected} disabled={busy || selected.length === 0}>
          {selected.length === 0 ? t('cameras.registerNone') : t('cameras.registerSelected', { count: selected.length })}
        </button>
      </div>
    </div>
  );
}
