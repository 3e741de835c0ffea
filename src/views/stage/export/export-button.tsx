/**
 * The control bar's Export button (spec 2) and the dialog it opens. Hidden
 * for a Viewer and a Live Viewer (spec 6); the dialog starts from the
 * timeline's selection.
 *
 * No separate "selection mode" toggle: spec 4 derives selection mode from
 * the time ("time within the live window gives selection mode false;
 * otherwise true"), and in playback the timeline's fine window is the
 * selection (timeline.store `fine`), so a toggle would only duplicate what
 * the time already says. Export opens on that selection when there is one
 * and on the last minute before now when live.
 */
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PlayerIcon } from '../../../components/player/player-icon';
import { exportButtonShown } from '../../../core/export/export-targets';
import { t } from '../../../i18n/translate';
import { exportActions } from '../../../state/export.store';
import { sessionState } from '../../../state/session.store';
import { ExportDialog } from './export-dialog';

export function ExportButton(): ReactElement | null {
  const { session } = useSnapshot(sessionState);
  if (!exportButtonShown(session?.role)) return null;
  return (
    <>
      <button
        type="button"
        className="icon-button control-bar-button"
        aria-label={t('export.open')}
        title={t('export.open')}
        onClick={() => exportActions.open()}
      >
        <PlayerIcon name="download" />
      </button>
      <ExportDialog />
    </>
  );
}
