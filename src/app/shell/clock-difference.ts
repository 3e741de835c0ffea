/**
 * Words for the clock-skew warning (spec 8: human-readable difference and
 * both times; in multi-server mode also each recorder whose clock is off
 * the aggregator's, by name). Pure; date-fns for display only.
 */
import { format, formatDistanceStrict } from 'date-fns';
import type { ClockProbe } from '../../api/time-probe';
import type { ClockSkew } from '../../core/clock/server-clock-offsets';
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

/** One recorder's clock against the aggregator's, in words ('The clock of server Site 2 is 2 minutes ahead ...'). */
export function describeServerSkew(skew: ClockSkew, name: string): string {
  const distance = formatDistanceStrict(0, Math.abs(skew.offsetMs));
  return t(skew.offsetMs >= 0 ? 'clock.recorderAhead' : 'clock.recorderBehind', { name, distance });
}
