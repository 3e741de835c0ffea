/**
 * The copy-stream dialog (spec 2, 4, 5): copies all or selected settings of
 * one stream to other cameras. A table lists the ONVIF cameras that can
 * receive them, each with the stream that best matches the source and what
 * would change there (core/cameras/copy-stream.ts). States: selecting,
 * processing (one camera after another), review (each camera's success or
 * error, spec 8 wording). Copy is disabled while no camera is selected or
 * while copying.
 */
import { useMemo, useState, type ReactElement } from 'react';
import type { Camera, Stream } from '../../../../server/shared/api';
import { streamsApi } from '../../../api/streams-api';
import { AppDialog } from '../../../components/ui/dialog';
import { CheckboxField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import {
  canCopy,
  copyableFields,
  copyTargets,
  planCopy,
  type CopyChange,
  type CopyField,
  type CopyPhase,
  type CopyPlan,
} from '../../../core/cameras/copy-stream';
import type { RecordingStyle } from '../../../../server/shared/api';
import { t } from '../../../i18n/translate';
import { describeCameraError } from './stream-errors';
import { settingLabel, styleLabel } from './stream-dialog';

export interface CopyStreamDialogProps {
  camera: Camera;
  stream: Stream;
  cameras: readonly Camera[];
  onClose: (copied: boolean) => void;
}

type Outcome = { ok: true } | { ok: false; message: string };

function fieldLabel(field: CopyField): string {
  return field === 'recordingStyle' ? t('streams.copyDialog.recordingStyle') : settingLabel(field.slice('Video.'.length));
}

function valueText(field: CopyField, value: unknown): string {
  if (value === undefined || value === null || value === '') return t('streams.copyDialog.none');
  return field === 'recordingStyle' ? styleLabel(value as RecordingStyle) : String(value);
}

function Changes({ plan }: { plan: CopyPlan }): ReactElement {
  if (!plan.ok) return <span className="muted">{t('streams.copyDialog.noStreams')}</span>;
  if (plan.changes.length === 0) return <span className="muted">{t('streams.copyDialog.noChange')}</span>;
  return (
    <ul className="copy-changes">
      {plan.changes.map((change: CopyChange) => (
        <li key={change.field}>
          {t('streams.copyDialog.change', { field: fieldLabel(change.field), from: valueText(change.field, change.from), to: valueText(change.field, change.to) })}
        </li>
      ))}
    </ul>
  );
}

export function CopyStreamDialog({ camera, stream, cameras, onClose }: CopyStreamDialogProps): ReactElement {
  const available = useMemo(() => copyableFields(stream), [stream]);
  const targets = useMemo(() => copyTargets(camera, cameras), [camera, cameras]);
  const [mode, setMode] = useState<'all' | 'selected'>('all');
  const [picked, setPicked] = useState<ReadonlySet<CopyField>>(new Set(available));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [phase, setPhase] = useState<CopyPhase>('selecting');
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());

  const fields = useMemo(() => (mode === 'all' ? available : available.filter((field) => picked.has(field))), [mode, available, picked]);
  const plans = useMemo(() => targets.map((target) => planCopy(stream, fields, target)), [targets, stream, fields]);
  const copyEnabled = canCopy(selected, phase, fields);
  const selectable = plans.filter((plan) => plan.ok).map((plan) => plan.camera.id);

  const toggle = <T,>(set: ReadonlySet<T>, item: T, on: boolean): ReadonlySet<T> => {
    const next = new Set(set);
    if (on) next.add(item);
    else next.delete(item);
    return next;
  };

  const copy = async () => {
    if (!copyEnabled) return;
    setPhase('processing');
    const results = new Map<string, Outcome>();
    // One camera after another, as bulk registration does: each result shows as it arrives.
    for (const plan of plans) {
      if (!selected.has(plan.camera.id)) continue;
      if (!plan.ok) {
        results.set(plan.camera.id, { ok: false, message: t('streams.copyDialog.noStreams') });
      } else {
        try {
          await streamsApi.update(plan.camera.id, plan.stream.id, plan.request);
          results.set(plan.camera.id, { ok: true });
        } catch (error) {
          results.set(plan.camera.id, { ok: false, message: describeCameraError(error) });
        }
      }
      setOutcomes(new Map(results));
    }
    setPhase('review');
  };

  const succeeded = [...outcomes.values()].filter((outcome) => outcome.ok).length;
  const reviewing = phase === 'review';
  const shownPlans = reviewing ? plans.filter((plan) => outcomes.has(plan.camera.id)) : plans;

  return (
    <AppDialog
      open
      size="large"
      title={t('streams.copyDialog.title', { stream: stream.name })}
      onClose={() => onClose(succeeded > 0)}
      dismissible={phase !== 'processing'}
      footer={
        reviewing ? (
          <button type="button" className="btn btn-primary" onClick={() => onClose(succeeded > 0)}>
            {t('common.close')}
          </button>
        ) : (
          <>
            <button type="button" className="btn" onClick={() => onClose(false)} disabled={phase === 'processing'}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void copy()} disabled={!copyEnabled}>
              {phase === 'processing' ? t('streams.copyDialog.copying') : t('streams.copyDialog.copy')}
            </button>
          </>
        )
      }
    >
      <div className="copy-stream" data-testid="copy-stream-dialog" data-phase={phase}>
        <p className="muted">{t('streams.copyDialog.from', { camera: camera.name, stream: stream.name })}</p>
        {!reviewing && (
          <fieldset className="stream-fieldset" disabled={phase === 'processing'}>
            <legend>{t('streams.copyDialog.what')}</legend>
            <div className="copy-mode" role="radiogroup" aria-label={t('streams.copyDialog.what')}>
              <label>
                <input type="radio" name="copy-mode" checked={mode === 'all'} onChange={() => setMode('all')} /> {t('streams.copyDialog.all')}
              </label>
              <label>
                <input type="radio" name="copy-mode" checked={mode === 'selected'} onChange={() => setMode('selected')} /> {t('streams.copyDialog.selected')}
              </label>
            </div>
            {mode === 'selected' && (
              <div className="copy-fields">
                {available.map((field) => (
                  <CheckboxField
                    key={field}
                    label={fieldLabel(field)}
                    checked={picked.has(field)}
                    onChange={(event) => setPicked((previous) => toggle(previous, field, event.target.checked))}
                  />
                ))}
              </div>
            )}
          </fieldset>
        )}
        {phase === 'processing' && (
          <p role="status">{t('streams.copyDialog.progress', { done: outcomes.size, total: selected.size })}</p>
        )}
        {reviewing && (
          <Notice kind={succeeded === outcomes.size ? 'info' : 'warning'}>
            {t('streams.copyDialog.reviewSummary', { succeeded, total: outcomes.size })}
          </Notice>
        )}
        {targets.length === 0 ? (
          <Notice kind="info">{t('streams.copyDialog.noTargets')}</Notice>
        ) : (
          <>
            {!reviewing && <p className="field-hint">{t('streams.copyDialog.onlyOnvif')}</p>}
            <div className="table-scroll">
              <table className="data-table copy-table" aria-label={t('streams.copyDialog.cameras')}>
                <thead>
                  <tr>
                    {!reviewing && (
                      <th scope="col" className="check-col">
                        <input
                          type="checkbox"
                          className="checkbox"
                          aria-label={t('streams.copyDialog.selectAll')}
                          disabled={phase !== 'selecting' || selectable.length === 0}
                          checked={selectable.length > 0 && selectable.every((id) => selected.has(id))}
                          onChange={(event) => setSelected(event.target.checked ? new Set(selectable) : new Set())}
                        />
                      </th>
                    )}
                    <th scope="col">{t('streams.copyDialog.camera')}</th>
                    <th scope="col">{t('streams.copyDialog.targetStream')}</th>
                    <th scope="col">{t('streams.copyDialog.changes')}</th>
                    {phase !== 'selecting' && <th scope="col">{t('streams.copyDialog.result')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {shownPlans.map((plan) => {
                    const outcome = outcomes.get(plan.camera.id);
                    return (
                      <tr key={plan.camera.id} data-testid={`copy-target-${plan.camera.id}`}>
                        {!reviewing && (
                          <td className="check-col">
                            <input
                              type="checkbox"
                              className="checkbox"
                              aria-label={t('streams.copyDialog.selectCamera', { camera: plan.camera.name })}
                              disabled={phase !== 'selecting' || !plan.ok}
                              checked={selected.has(plan.camera.id)}
                              onChange={(event) => setSelected((previous) => toggle(previous, plan.camera.id, event.target.checked))}
                            />
                          </td>
                        )}
                        <td className="strong">{plan.camera.name}</td>
                        <td>{plan.ok ? plan.stream.name : '—'}</td>
                        <td>
                          <Changes plan={plan} />
                        </td>
                        {phase !== 'selecting' && (
                          <td data-testid="copy-result">
                            {outcome === undefined ? (
                              selected.has(plan.camera.id) ? '…' : ''
                            ) : outcome.ok ? (
                              <span className="copy-success">{t('streams.copyDialog.success')}</span>
                            ) : (
                              <span className="copy-error" role="alert">
                                {outcome.message}
                              </span>
                            )}
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </AppDialog>
  );
}
