/**
 * The bag (spec 2 "Stage"): the stage's side panel with the Cameras and
 * Stages tabs, the camera-layout button (mosaic, big, list; big is forced at
 * 415 px or narrower) and collapse / expand.
 */
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PlayerIcon } from '../../../components/player/player-icon';
import { t, type MessageKey } from '../../../i18n/translate';
import { stageBagActions, stageBagState, type BagLayout, type BagTab } from '../../../state/stage-bag.store';
import { CamerasTab } from './cameras-tab';
import { StagesTab } from './stages-tab';

const TABS: Array<{ id: BagTab; label: MessageKey }> = [
  { id: 'cameras', label: 'bag.camerasTab' },
  { id: 'stages', label: 'bag.stagesTab' },
];

export function StageBag({ layout }: { layout: BagLayout }): ReactElement {
  const bag = useSnapshot(stageBagState);
  if (bag.collapsed) {
    return (
      <aside className="bag collapsed" aria-label={t('bag.label')}>
        <button type="button" className="icon-button" aria-label={t('bag.expand')} title={t('bag.expand')} onClick={() => stageBagActions.setCollapsed(false)}>
          <PlayerIcon name="chevronRight" />
        </button>
      </aside>
    );
  }
  return (
    <aside className="bag" aria-label={t('bag.label')} data-layout={layout}>
      <div className="bag-header">
        <div className="bag-tabs" role="tablist" aria-label={t('bag.tabs')}>
          {TABS.map((tab) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`bag-tab-${tab.id}`}
              aria-selected={bag.tab === tab.id}
              aria-controls="bag-panel"
              className={`bag-tab-button${bag.tab === tab.id ? ' selected' : ''}`}
              onClick={() => stageBagActions.setTab(tab.id)}
            >
              {t(tab.label)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label={t('bag.layout', { layout: t(`bag.layout.${layout}` as MessageKey) })}
          title={t('bag.layout', { layout: t(`bag.layout.${layout}` as MessageKey) })}
          onClick={() => stageBagActions.cycleLayout()}
        >
          <PlayerIcon name="layout" />
        </button>
        <button type="button" className="icon-button bag-collapse" aria-label={t('bag.collapse')} title={t('bag.collapse')} onClick={() => stageBagActions.setCollapsed(true)}>
          <PlayerIcon name="chevronLeft" />
        </button>
      </div>
      <div id="bag-panel" role="tabpanel" aria-labelledby={`bag-tab-${bag.tab}`} className="bag-body">
        {bag.tab === 'cameras' ? <CamerasTab layout={layout} /> : <StagesTab />}
      </div>
    </aside>
  );
}
