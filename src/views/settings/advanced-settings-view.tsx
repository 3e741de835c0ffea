/**
 * Advanced settings (spec 2): default player mode, WebRTC override, log level. Administrators.
 * Route and guard are real; the screen's content is filled in by a later issue.
 */
import type { ReactElement } from 'react';
import { PendingScreen } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';

export function AdvancedSettingsView(): ReactElement {
  return <PendingScreen title={t('screens.advancedSettings.title')} purpose={t('screens.advancedSettings.purpose')} />;
}
