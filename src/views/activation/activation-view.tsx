/**
 * Activation (spec 2): license table, license and remove-license dialogs. Administrators.
 * Route and guard are real; the screen's content is filled in by a later issue.
 */
import type { ReactElement } from 'react';
import { PendingScreen } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';

export function ActivationView(): ReactElement {
  return <PendingScreen title={t('screens.activation.title')} purpose={t('screens.activation.purpose')} />;
}
