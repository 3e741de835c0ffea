/**
 * Words for the clock-skew warning (spec 8: human-readable difference and
 * both times). Pure; date-fns for display only.
 */
import { format, formatDistanceStrict } from 'date-fns';
import type { ClockProbe } from '../../api/time-probe';
import { t } from '../../i18n/translate';

export const CLOCK_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';

export interface ClockDifferenceText {
  summary: string;
  serverTime: string;
  localTime: string;
}

export function describeClockDifference(probe: ClockProbe): ClockDifferenceText {
  const distance = formatDistanceStrict(probe.serverTimeMs, probe.localTimeMs);
  return {
    summary: t(probe.offsetMs >= 0 ? 'clock.serverAhead' : 'clock.serverBehind', { distance }),
    serverTime: format(probe.serverTimeMs, CLOCK_TIME_FORMAT),
    localTime: format(probe.localTimeMs, CLOCK_TIME_FORMAT),
  };
}
