/**
 * The clock-skew warning button (spec 2): shown while the server's clock
 * differs from this computer's by more than 5000 ms; opens a dialog with the
 * difference in words and both times.
 */
import { useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { AppDialog } from '../../components/ui/dialog';
import { Icon } from '../../components/ui/icon';
import { t } from '../../i18n/translate';
import { clockState } from '../../state/clock.store';
import { describeClockDifference } from './clock-difference';

export function ClockSkewButton(): ReactElement | null {
  const clock = useSnapshot(clockState);
  const [open, setOpen] = useState(false);
  if (!clock.skewed || !clock.probe) return null;
  const text = describeClockDifference(clock.probe);
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
        <p>{text.summary}</p>
        <dl className="facts">
          <dt>{t('clock.serverTime')}</dt>
          <dd>{text.serverTime}</dd>
          <dt>{t('clock.localTime')}</dt>
          <dd>{text.localTime}</dd>
        </dl>
        <p className="muted">{t('clock.advice')}</p>
      </AppDialog>
    </>
  );
}
