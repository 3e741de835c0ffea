/**
 * A timeline context's running time as text: 'Live', or the playhead's
 * local date and time to the second in a <time> element (its dateTime
 * carries the instant for assistive tools and tests).
 */
import { format } from 'date-fns';
import type { ReactElement } from 'react';
import { t } from '../../i18n/translate';
import type { TimelineContext } from '../../state/timeline.store';
import { useRunningTime } from './use-running-time';

export function TimelineTime({ context, className, testId }: { context: TimelineContext; className?: string; testId?: string }): ReactElement {
  const { timeMs, live } = useRunningTime(context);
  if (live) {
    return (
      <span className={className} data-testid={testId} data-live="">
        {t('timeline.live')}
      </span>
    );
  }
  return (
    <time className={className} data-testid={testId} dateTime={new Date(timeMs).toISOString()}>
      {format(timeMs, 'yyyy-MM-dd HH:mm:ss')}
    </time>
  );
}
