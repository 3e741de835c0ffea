/**
 * System report (spec 2): server events chart, stream statistics and log export. Administrators and Managers, single-server mode.
 * Route and guard are real; the screen's content is filled in by a later issue.
 */
import type { ReactElement } from 'react';
import { PendingScreen } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';

export function SystemReportView(): ReactElement {
  return <PendingScreen title={t('screens.systemReport.title')} purpose={t('screens.systemReport.purpose')} />;
}
