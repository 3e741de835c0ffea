/**
 * The control bar's speed slider (spec 2, 9): the spec's steps from −64×
 * to 64×, one notch each; arrow keys move a notch. The store takes the
 * speed at once (the label follows); players hear it 200 ms after the last
 * change.
 */
import type { ReactElement } from 'react';
import { t } from '../../../i18n/translate';
import { SPEED_STEPS } from '../../../state/timeline.store';
import { speedLabel } from './speed-label';

export function SpeedControl({ speed, onSpeed }: { speed: number; onSpeed(speed: number): void }): ReactElement {
  const index = Math.max(0, SPEED_STEPS.indexOf(speed));
  const label = speedLabel(speed);
  return (
    <label className="control-bar-speed">
      <span className="visually-hidden">{t('timeline.speed')}</span>
      <input
        type="range"
        className="control-bar-slider"
        min={0}
        max={SPEED_STEPS.length - 1}
        step={1}
        value={index}
        aria-valuetext={label}
        onChange={(event) => onSpeed(SPEED_STEPS[Number(event.target.value)] ?? 1)}
      />
      <output className={`control-bar-speed-value${speed < 0 ? ' reverse' : ''}`} data-testid="timeline-speed" aria-hidden="true">
        {label}
      </output>
    </label>
  );
}
