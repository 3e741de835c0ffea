/** Shows, while low-bandwidth mode is on, a compact badge in the top bar. */
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/ui/icon';
import { t } from '../../i18n/translate';
import { preferences } from '../../state/preferences.store';

export function LowBandwidthIndicator(): ReactElement | null {
  const { lowBandwidth } = useSnapshot(preferences);
  if (!lowBandwidth) return null;
  return (
    <span className="status-chip chip-info" role="status" title={t('shell.lowBandwidthHint')}>
      <Icon name="bandwidth" size={15} />
      <span className="chip-text">{t('shell.lowBandwidth')}</span>
    </span>
  );
}
