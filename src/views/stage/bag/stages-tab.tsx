/**
 * The bag's Stages tab (spec 2, 6): the cycle selector (off, 5 … 120 s),
 * the saved stages with an include-in-cycle checkbox and a menu (save the
 * wall into it, rename, share / un-share for administrators, delete), a lock
 * on shared stages the user cannot change, and Save Stage.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Layout } from '../../../../server/shared/api';
import { isAdministrator } from '../../../../server/shared/roles';
import { PlayerIcon } from '../../../components/player/player-icon';
import { AppDialog } from '../../../components/ui/dialog';
import { t } from '../../../i18n/translate';
import { sessionState } from '../../../state/session.store';
import { stageCycleActions, stageCycleState } from '../../../state/stage-cycle.store';
import { STAGE_CYCLE_SPEEDS, canEditLayout, stageLayoutsActions, stageLayoutsState } from '../../../state/stage-layouts.store';
import { stageState } from '../../../state/stage.store';
import { StageNameDialog } from './stage-name-dialog';

type LayoutRef = Pick<Layout, 'id' | 'name'>;
type Dialog = { kind: 'new' } | { kind: 'rename'; layout: LayoutRef } | { kind: 'delete'; layout: LayoutRef } | null;

export function StagesTab(): ReactElement {
  const layouts = useSnapshot(stageLayoutsState);
  const cycle = useSnapshot(stageCycleState);
  const stage = useSnapshot(stageState);
  const { session } = useSnapshot(sessionState);
  const [dialog, setDialog] = useState<Dialog>(null);
  const role = session?.role;
  const userId = session?.owner.id ?? null;
  const close = () => {
    setDialog(null);
    stageLayoutsActions.dismissError();
  };
  const ignore = () => undefined; // the store keeps the message; the dialog shows it

  return (
    <div className="bag-tab stages-tab">
      <label className="field-inline">
        <span className="field-label">{t('stages.cycle')}</span>
        <select
          className="input select"
          value={cycle.settings.speed}
          onChange={(event) => stageCycleActions.setSpeed(Number(event.target.value))}
        >
          {STAGE_CYCLE_SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {speed === 0 ? t('stages.cycleOff') : t('stages.cycleSeconds', { seconds: speed })}
            </option>
          ))}
        </select>
      </label>
      <ul className="stage-list" aria-label={t('stages.list')}>
        {layouts.layouts.length === 0 && layouts.status === 'ready' && <li className="muted stage-list-empty">{t('stages.none')}</li>}
        {layouts.layouts.map((layout) => {
          const editable = canEditLayout(layout, role, userId);
          const current = stage.layoutId === layout.id;
          return (
            <li key={layout.id} className={`stage-row${current ? ' current' : ''}`}>
              <input
                type="checkbox"
                className="checkbox"
                checked={!cycle.settings.excludeFromCycle[layout.id]}
                aria-label={t('stages.includeInCycle', { name: layout.name })}
                onChange={(event) => stageCycleActions.setExcluded(layout.id, !event.target.checked)}
              />
              <button type="button" className="stage-open" aria-label={t('stages.open', { name: layout.name })} aria-current={current || undefined} onClick={() => stageLayoutsActions.open(layout.id)}>
                <span className="stage-name">{layout.name}</span>
                {layout.shared && (
                  <span className="stage-shared" title={t('stages.shared')}>
                    <PlayerIcon name="share" size={12} />
                  </span>
                )}
              </button>
              {editable ? (
                <Menu>
                  <MenuButton className="tile-button" aria-label={t('stages.menu', { name: layout.name })}>
                    <PlayerIcon name="more" />
                  </MenuButton>
                  <MenuItems anchor="bottom end" className="menu-items tile-menu">
                    <MenuItem>
                      <button type="button" className="menu-item" onClick={() => void stageLayoutsActions.saveInto(layout.id).catch(ignore)}>
                        {t('stages.save')}
                      </button>
                    </MenuItem>
                    <MenuItem>
                      <button type="button" className="menu-item" onClick={() => setDialog({ kind: 'rename', layout: { id: layout.id, name: layout.name } })}>
                        {t('stages.rename')}
                      </button>
                    </MenuItem>
                    {isAdministrator(role) && (
                      <MenuItem>
                        <button type="button" className="menu-item" onClick={() => void stageLayoutsActions.setShared(layout.id, !layout.shared).catch(ignore)}>
                          {layout.shared ? t('stages.unshare') : t('stages.share')}
                        </button>
                      </MenuItem>
                    )}
                    <MenuItem>
                      <button type="button" className="menu-item" onClick={() => setDialog({ kind: 'delete', layout: { id: layout.id, name: layout.name } })}>
                        {t('stages.delete')}
                      </button>
                    </MenuItem>
                  </MenuItems>
                </Menu>
              ) : (
                <span className="stage-lock" role="img" aria-label={t('stages.locked')} title={t('stages.locked')}>
                  <PlayerIcon name="lock" size={14} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className="bag-footer">
        <button type="button" className="btn btn-primary btn-block" onClick={() => setDialog({ kind: 'new' })}>
          <PlayerIcon name="save" size={14} />
          {t('stages.saveStage')}
        </button>
      </div>
      <StageNameDialog
        open={dialog?.kind === 'new' || dialog?.kind === 'rename'}
        title={dialog?.kind === 'rename' ? t('stages.dialogRename') : t('stages.dialogNew')}
        initialName={dialog?.kind === 'rename' ? dialog.layout.name : ''}
        busy={layouts.busy}
        error={layouts.error}
        onClose={close}
        onSave={(name) => {
          const work = dialog?.kind === 'rename' ? stageLayoutsActions.rename(dialog.layout.id, name) : stageLayoutsActions.create(name);
          void work.then(close, ignore);
        }}
      />
      <AppDialog
        open={dialog?.kind === 'delete'}
        title={t('stages.deleteTitle')}
        onClose={close}
        size="small"
        footer={
          <>
            <button type="button" className="btn" onClick={close}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={layouts.busy}
              onClick={() => dialog?.kind === 'delete' && void stageLayoutsActions.remove(dialog.layout.id).then(close, ignore)}
            >
              {t('stages.delete')}
            </button>
          </>
        }
      >
        <p>{dialog?.kind === 'delete' ? t('stages.deleteQuestion', { name: dialog.layout.name }) : ''}</p>
        {layouts.error && <p className="field-error">{layouts.error}</p>}
      </AppDialog>
    </div>
  );
}
