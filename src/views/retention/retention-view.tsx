/**
 * Retention policy (spec 2, 4, 5): the disk-use bar, the per-camera table of
 * estimated and desired retention with Save and Cancel, and the current disk
 * usage card. Administrators, single-server mode (the route guard; the
 * recorder enforces the role too).
 *
 * Loads GET /service/server/utilization/disk and GET /service/cameras/disk-usage
 * together; Save sends one PATCH /service/cameras/{id} { retention } per
 * changed camera, one after the other, then reloads both, so what shows is
 * what the recorder keeps (also after a save that failed part way).
 *
 * When the configuration is not possible and the server runs the trial
 * edition (the license session the shell read, license.store), a link to
 * Activation shows under the estimate (spec 2): a license lifts the trial's
 * retention limit.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CamerasDiskUsageResponse, DiskUtilization } from '../../../server/shared/api';
import { retentionApi } from '../../api/retention-api';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { Spinner } from '../../components/ui/spinner';
import { archiveBudgetBytes, estimateRetention } from '../../core/retention/retention-estimate';
import {
  canSave,
  isDirty,
  manualDays,
  rowsFromUsage,
  savePayload,
  setDays,
  setMode,
  type RetentionRow,
} from '../../core/retention/retention-form';
import { t } from '../../i18n/translate';
import { licenseState, loadLicenseQuietly } from '../../state/license.store';
import { CurrentUsageCard } from './current-usage-card';
import { DiskUseBar } from '../../components/disk-use-bar';
import { checkPolicyData, loadErrorMessage, saveErrorMessage } from './retention-errors';
import { RetentionTable } from './retention-table';
import './retention.css';

interface PolicyData {
  disk: DiskUtilization;
  usage: CamerasDiskUsageResponse;
  initialRows: RetentionRow[];
}

export function RetentionView(): ReactElement {
  const [data, setData] = useState<PolicyData | null>(null);
  const [rows, setRows] = useState<RetentionRow[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [processing, setProcessing] = useState(false);
  const alive = useRef(true);
  const license = useSnapshot(licenseState);

  const load = useCallback(async () => {
    try {
      const [disk, usage] = await Promise.all([retentionApi.disk(), retentionApi.camerasUsage()]);
      const checked = checkPolicyData(disk, usage);
      if (!alive.current) return;
      const initialRows = rowsFromUsage(checked.usage.cameras);
      setData({ ...checked, initialRows });
      setRows(initialRows);
      setLoadError(null);
    } catch (error) {
      if (alive.current) setLoadError(loadErrorMessage(error));
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void load();
    if (!licenseState.session) loadLicenseQuietly();
    return () => {
      alive.current = false;
    };
  }, [load]);

  const estimate = useMemo(() => {
    if (!data) return null;
    const cameras = data.usage.cameras.map((camera, i) => {
      const row = rows.find((r) => r.cameraId === camera.cameraId) ?? data.initialRows[i]!;
      const days = manualDays(row);
      // An invalid box does not move the estimate: it counts as the camera's previous desire until fixed.
      return { bytesEstimatedPerDay: camera.bytesEstimatedPerDay, manualDays: days !== null && Number.isNaN(days) ? camera.daysDesired : days };
    });
    const result = estimateRetention(cameras, archiveBudgetBytes(data.disk));
    return { ...result, byCamera: new Map(data.usage.cameras.map((c, i) => [c.cameraId, result.daysPerCamera[i]!])) };
  }, [data, rows]);

  const edit = (next: RetentionRow[]) => {
    setRows(next);
    setSaved(false);
    setSaveError(null);
  };

  const save = async () => {
    if (!data || !canSave(rows, data.initialRows, processing)) return;
    setProcessing(true);
    setSaveError(null);
    try {
      for (const item of savePayload(rows, data.initialRows)) await retentionApi.setRetention(item.cameraId, item.retention);
      if (alive.current) setSaved(true);
    } catch (error) {
      if (alive.current) setSaveError(saveErrorMessage(error));
    }
    await load();
    if (alive.current) setProcessing(false);
  };

  const dirty = data ? isDirty(rows, data.initialRows) : false;
  return (
    <PageFrame title={t('retention.title')} subtitle={t('retention.subtitle')} width="wide">
      <div className="retention-layout">
        {loadError && <Notice kind="error">{loadError}</Notice>}
        {!data && !loadError && <Spinner label={t('common.loading')} />}
        {data && estimate && (
          <>
            <section className="card retention-policy-card" aria-labelledby="retention-policy-title">
              <h2 className="card-title" id="retention-policy-title">
                {t('retention.policyCard')}
              </h2>
              <DiskUseBar disk={data.disk} estimate={estimate} />
              {!estimate.possible && license.session?.license.edition === 'trial' && (
                <p className="retention-activation">
                  {t('retention.trialLimit')}{' '}
                  <Link to="/activation">{t('retention.activationLink')}</Link>
                </p>
              )}
              <RetentionTable
                cameras={data.usage.cameras}
                rows={rows}
                estimatedDays={estimate.byCamera}
                disabled={processing}
                onManual={(id) => edit(setMode(rows, id, 'manual'))}
                onAutomatic={(id) => edit(setMode(rows, id, 'automatic'))}
                onDays={(id, text) => edit(setDays(rows, id, text))}
              />
              {saveError && <Notice kind="error">{saveError}</Notice>}
              {saved && !dirty && <Notice kind="info">{t('retention.saved')}</Notice>}
              <footer className="retention-actions">
                <button type="button" className="btn" disabled={!dirty || processing} onClick={() => edit(data.initialRows)}>
                  {t('common.cancel')}
                </button>
                <button type="button" className="btn btn-primary" disabled={!canSave(rows, data.initialRows, processing)} onClick={() => void save()}>
                  {processing ? t('common.saving') : t('common.save')}
                </button>
              </footer>
            </section>
            <CurrentUsageCard cameras={data.usage.cameras} />
          </>
        )}
      </div>
    </PageFrame>
  );
}
