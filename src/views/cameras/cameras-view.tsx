/**
 * Camera configuration (spec 2): camera list, add-cameras dialog, streams, dewarp and motion settings. Administrators, single-server mode.
 * Route and guard are real; the screen's content is filled in by a later issue.
 */
import type { ReactElement } from 'react';
import { PendingScreen } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';

export function CamerasView(): ReactElement {
  return <PendingScreen title={t('screens.cameras.title')} purpose={t('screens.cameras.purpose')} />;
}
