/**
 * The presets pane of a tile's PTZ pane (spec 2, 3, 5, 6, 9): the camera's
 * presets sorted by name (blank names shown as 'Preset' plus token), each
 * a button that moves the camera there when the user may use PTZ; new,
 * rename and delete for those who may manage presets (an Administrator,
 * with the canManagePtzPresets player option), else view-only. New is
 * disabled at the camera's limit (maxPresets, default 10) and while the
 * preset-moving flag is up, so a preset is never saved mid-move.
 *
 * Pointer presses here (and in its dialogs, which React bubbles through
 * their portal) stop at the pane: they are never a drag of the stage cell.
 */
import { useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera } from '../../../../server/shared/api';
import { ptzAccess, type PtzPlayerOptions } from '../../../core/ptz/ptz-access';
import { roomForPreset, type ListedPreset } from '../../../core/ptz/ptz-presets';
import { t } from '../../../i18n/translate';
import { sessionState } from '../../../state/session.store';
import { Icon } from '../../ui/icon';
import { DeletePresetDialog, PresetNameDialog } from './preset-dialogs';
import { usePtzPresets } from './use-ptz-presets';

export interface PtzPresetsPaneProps {
  camera: Camera;
  options: PtzPlayerOptions;
}

type OpenDialog = { kind: 'new' } | { kind: 'rename'; preset: ListedPreset } | { kind: 'delete'; preset: ListedPreset } | null;

export function PtzPresetsPane({ camera, options }: PtzPresetsPaneProps): ReactElement | null {
  const role = useSnapshot(sessionState).session?.role;
  const access = ptzAccess(camera, role, options);
  if (!access.presets) return null;
  return <PresetsList camera={camera} goTo={access.goToPreset} manage={access.managePresets} />;
}

function PresetsList({ camera, goTo, manage }: { camera: Camera; goTo: boolean; manage: boolean }): ReactElement {
  const presets = usePtzPresets(camera.id, camera.orchidId, camera.capabilities.camera.PTZ.maxPresets);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const room = roomForPreset(presets.presets.length, presets.limit);
  const busy = presets.moving !== null;

  return (
    <section
      className="tile-pane ptz-presets"
      aria-label={t('ptz.presets')}
      data-grid-ignore=""
      data-testid="ptz-presets"
      data-moving={busy ? '' : undefined}
      onPointerDown={(event) => event.stopPropagation()}
    >
      <header className="ptz-presets-head">
        <h3 className="ptz-presets-title">{t('ptz.presets')}</h3>
        {presets.status === 'ready' && (
          <span className="ptz-presets-count" data-testid="ptz-presets-count">
            {t('ptz.count', { count: presets.presets.length, max: presets.limit })}
          </span>
        )}
      </header>
      {presets.status === 'loading' && presets.presets.length === 0 && <p className="ptz-presets-note">{t('ptz.presetsLoading')}</p>}
      {presets.status === 'failed' && (
        <p className="ptz-presets-note ptz-presets-error" role="alert">
          {t('ptz.presetsFailed', { reason: presets.error ?? '' })}{' '}
          <button type="button" className="btn-link" onClick={presets.reload}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {presets.status === 'ready' && presets.presets.length === 0 && <p className="ptz-presets-note">{t('ptz.noPresets')}</p>}
      {presets.presets.length > 0 && (
        <ul className="ptz-preset-list" aria-label={t('ptz.presets')}>
          {presets.presets.map((preset) => (
            <li key={preset.token} className="ptz-preset" aria-label={preset.label}>
              {goTo ? (
                <button
                  type="button"
                  className="ptz-preset-go"
                  aria-label={t('ptz.goTo', { name: preset.label })}
                  title={t('ptz.goTo', { name: preset.label })}
                  disabled={busy}
                  onClick={() => presets.goTo(preset)}
                >
                  {preset.label}
                </button>
              ) : (
                <span className="ptz-preset-name">{preset.label}</span>
              )}
              {manage && (
                <span className="ptz-preset-actions">
                  <button
                    type="button"
                    className="icon-button ptz-preset-action"
                    aria-label={t('ptz.rename', { name: preset.label })}
                    title={t('ptz.rename', { name: preset.label })}
                    onClick={() => setDialog({ kind: 'rename', preset })}
                  >
                    <Icon name="edit" size={14} />
                  </button>
                  <button
                    type="button"
                    className="icon-button danger ptz-preset-action"
                    aria-label={t('ptz.delete', { name: preset.label })}
                    title={t('ptz.delete', { name: preset.label })}
                    onClick={() => setDialog({ kind: 'delete', preset })}
                  >
                    <Icon name="trash" size={14} />
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {presets.moving && (
        <p className="ptz-presets-note" role="status">
          {t('ptz.moving', { name: presets.moving.label })}
        </p>
      )}
      {manage && (
        <footer className="ptz-presets-foot">
          <button type="button" className="btn ptz-new" disabled={!room || busy || presets.status !== 'ready'} onClick={() => setDialog({ kind: 'new' })}>
            <Icon name="plus" size={14} />
            {t('ptz.newPreset')}
          </button>
          {presets.status === 'ready' && !room && <p className="ptz-presets-note">{t('ptz.limitReached', { count: presets.limit, max: presets.limit })}</p>}
        </footer>
      )}
      {dialog?.kind === 'new' && <PresetNameDialog mode="new" initialName="" onSubmit={presets.create} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && (
        <PresetNameDialog
          mode="rename"
          initialName={dialog.preset.name.trim()}
          onSubmit={(name) => presets.rename(dialog.preset.token, name)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeletePresetDialog name={dialog.preset.label} onConfirm={() => presets.remove(dialog.preset.token)} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
