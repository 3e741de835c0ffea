/**
 * The stage (camera wall). The bag, camera matrix, players and timeline are
 * filled in by the stage issue; for now the stage is one empty, unclaimed
 * cell, which is also what a stage falls back to when its saved matrix
 * cannot be read (spec 8).
 */
import type { ReactElement } from 'react';
import { Icon } from '../../components/ui/icon';
import { t } from '../../i18n/translate';

export function StageView(): ReactElement {
  return (
    <section className="stage" aria-labelledby="stage-title">
      <h1 id="stage-title" className="visually-hidden">
        {t('stage.title')}
      </h1>
      <div className="stage-matrix" data-testid="stage">
        <div className="stage-cell unclaimed">
          <Icon name="cameras" size={36} />
          <p>{t('stage.empty')}</p>
        </div>
      </div>
    </section>
  );
}
