/**
 * The export dialog (spec 2, 5): start and end pickers seeded from the
 * timeline's selection, the duration (only when the end is after the
 * start), the range's error, and one row per linked camera the user may
 * export with its format buttons. The range rules live in
 * core/export/export-range, who may export what in export-targets, and the
 * export flow in state/export.store.
 */
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera, StageMatrix } from '../../../../server/shared/api';
import { hasWebGl2 } from '../../../app/capabilities';
import { isMobileSafari } from '../../../app/mobile-safari';
import { AppDialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { exportDurationText, exportRangeError, type ExportRangeError } from '../../../core/export/export-range';
import { exportTargets } from '../../../core/export/export-targets';
import { t } from '../../../i18n/translate';
import { exportActions, exportState } from '../../../state/export.store';
import { serverState } from '../../../state/server.store';
import { stageBagState } from '../../../state/stage-bag.store';
import { stageState } from '../../../state/stage.store';
import { pickedTimeMs, pickerFields, timelineState, type PickedDateTime } from '../../../state/timeline.store';
import { ExportCameraRows } from './export-camera-rows';
import { ExportTimeFields } from './export-time-fields';
import { stageTileCameras } from './linked-cameras';
import './export.css';

/** What the dialog needs to know about the browser, read once. */
const browser = {
  mobileSafari: isMobileSafari(navigator.userAgent, navigator.maxTouchPoints),
  webGl2: hasWebGl2(),
};

function errorText(error: ExportRangeError): string {
  if (error.code === 'too-short') return t('export.tooShort');
  if (error.code === 'too-long') return t('export.tooLong', { count: error.maxHours });
  return t('export.incomplete');
}

export function ExportDialog(): ReactElement {
  const state = useSnapshot(exportState);
  const stage = useSnapshot(stageState);
  const timelines = useSnapshot(timelineState);
  const bag = useSnapshot(stageBagState);
  const { about } = useSnapshot(serverState);
  const [start, setStart] = useState<PickedDateTime>(() => pickerFields(state.initial.startMs, true));
  const [stop, setStop] = useState<PickedDateTime>(() => pickerFields(state.initial.stopMs, true));

  const { open, initial } = state;
  useEffect(() => {
    if (!open) return;
    setStart(pickerFields(initial.startMs, true));
    setStop(pickerFields(initial.stopMs, true));
  }, [open, initial]);

  const nowMs = Date.now();
  const startMs = pickedTimeMs(start, true, nowMs);
  const stopMs = pickedTimeMs(stop, true, nowMs);
  // Without the server's limit (about not loaded) only the 10 s minimum is checked here; the recorder checks the rest.
  const error = exportRangeError(startMs, stopMs, about?.maxExportHours ?? Number.POSITIVE_INFINITY);
  const duration = exportDurationText(startMs, stopMs);
  const targets = useMemo(
    () => exportTargets(stageTileCameras(stage.matrix as StageMatrix, timelines), bag.cameras as Camera[], browser),
    [stage.matrix, timelines, bag.cameras],
  );
  const today = pickerFields(nowMs, false).date;
  const change = (set: (value: PickedDateTime) => void) => (value: PickedDateTime) => {
    set(value);
    exportActions.rangeChanged();
  };

  return (
    <AppDialog
      open={open}
      title={t('export.title')}
      onClose={() => exportActions.close()}
      size="medium"
      footer={
        <button type="button" className="btn" onClick={() => exportActions.close()}>
          {t('common.close')}
        </button>
      }
    >
      <div className="export-dialog">
        <div className="export-range">
          <ExportTimeFields legend={t('export.start')} value={start} maxDate={today} invalid={error !== null} onChange={change(setStart)} />
          <ExportTimeFields legend={t('export.stop')} value={stop} maxDate={today} invalid={error !== null} onChange={change(setStop)} />
        </div>
        <p className="export-duration" data-testid="export-duration" hidden={duration === null}>
          {duration !== null && t('export.duration', { duration })}
        </p>
        {error && <Notice kind="error">{errorText(error)}</Notice>}
        <h3 className="export-cameras-title">{t('export.cameras')}</h3>
        <ExportCameraRows
          targets={targets}
          pairs={state.pairs}
          rangeInvalid={error !== null}
          onExport={(target, choice) => {
            if (startMs !== null && stopMs !== null) void exportActions.exportPair(target, choice, { startMs, stopMs });
          }}
        />
      </div>
    </AppDialog>
  );
}
