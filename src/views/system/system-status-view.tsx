/**
 * System status (spec 2): disk utilisation and the active stream table. Administrators and Managers, single-server mode.
 * Route and guard are real; the screen's content is filled in by a later issue.
 */
import type { ReactElement } from 'react';
import { PendingScreen } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';

export function SystemStatusView(): ReactElement {
  return <PendingScreen title={t('screens.systemStatus.title')} purpose={t('screens.systemStatus.purpose')} />;
}
