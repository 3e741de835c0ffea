/**
 * Retention policy (spec 2): disk-use bar and per-camera desired retention. Administrators, single-server mode.
 * Route and guard are real; the screen's content is filled in by a later issue.
 */
import type { ReactElement } from 'react';
import { PendingScreen } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';

export function RetentionView(): ReactElement {
  return <PendingScreen title={t('screens.retention.title')} purpose={t('screens.retention.purpose')} />;
}
