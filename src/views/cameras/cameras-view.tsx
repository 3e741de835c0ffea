/**
 * The camera configuration route (spec 2): administrators only, single-server
 * mode (the route guard, src/app/guards.ts). The screen and its dialogs are
 * loaded when the route opens, not with the app: most sessions never open it.
 */
import { lazy, Suspense, type ReactElement } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { t } from '../../i18n/translate';

const CamerasScreen = lazy(async () => ({ default: (await import('./cameras-screen')).CamerasScreen }));

export function CamerasView(): ReactElement {
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <CamerasScreen />
    </Suspense>
  );
}
