/**
 * Advanced flags (spec 2, /flags): client feature flags such as groups.orchids.show.
 * Route and guard are real; the screen's content is filled in by a later issue.
 */
import type { ReactElement } from 'react';
import { PendingScreen } from '../../components/ui/page-frame';
import { t } from '../../i18n/translate';

export function FlagsView(): ReactElement {
  return <PendingScreen title={t('screens.flags.title')} purpose={t('screens.flags.purpose')} />;
}
