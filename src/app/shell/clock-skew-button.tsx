/**
 * The clock-skew warning button (spec 2): shown while the serving server's
 * clock differs from this computer's by more than 5000 ms, or (multi-server
 * mode) a recorder's from the aggregator's; opens a dialog with each
 * difference in words, naming the recorder, and the serving server's time
 * beside this computer's.
 */
import { useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { AppDialog } from '../../components/ui/dialog';
import { Icon } from '../../components/ui/icon';
import { t } from '../../i18n/translate';
import { clockState } from '../../state/clock.store';
import { describeClockDifference, describeServerSkew } from './clock-difference';

export function ClockSkewButton(): ReactElement | null {
  const clock = useSnapshot(clockState);
  const [open, setOpen] = useState(false);
  if (!clock.skewed) return null;
  const serving = clock.skews.some((skew) => skew.serverId === null) && clock.probe ? describeClockDifference(clock.probe) : null;
  const recorders = clock.skews.filter((skew) => skew.serverId !== null);
  return (
    <>
      <button type="button" className="status-chip chip-warning" onClick={() => setOpen(true)} aria-label={t('clock.button')}>
        <Icon name="clock" size={15} />
        <span className="chip-text">{t('clock.chip')}</span>
      </button>
      <AppDialog
        open={open}
        title={t('clock.title')}
        onClose={() => setOpen(false)}
        size="small"
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
            {t('common.ok')}
          </button>
        }
      >
        {serving && (
          <>
            <p>{serving.summary}</p>
            <dl className="facts">
              <dt>{t('clock.serverTime')}</dt>
              <dd>{serving.serverTime}</dd>
              <dt>{t('clock.localTime')}</dt>
              <dd>{serving.localTime}</dd>
            </dl>
            <p className="muted">{t('clock.advice')}</p>
          </>
        )}
        {recorders.length > 0 && (
          <>
            <ul className="clock-skews" data-testid="recorder-clock-skews">
              {recorders.map((skew) => (
                <li key={skew.serverId}>{describeServerSkew(skew, clock.names[skew.serverId!] ?? skew.serverId!)}</li>
              ))}
            </ul>
            <p className="muted">{t('clock.recorderAdvice')}</p>
          </>
        )}
      </AppDialog>
    </>
  );
}
