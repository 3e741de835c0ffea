/**
 * A screen loaded when its route first opens, not with the app: the
 * administrators' screens (cameras, retention, system status and report,
 * advanced settings, activation) that most sessions never open stay out of the main
 * chunk. A spinner shows
 * while the screen's chunk loads.
 */
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Spinner } from '../components/ui/spinner';
import { t } from '../i18n/translate';

export function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): () => ReactElement {
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return function LazyScreen(): ReactElement {
    return (
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <Screen />
      </Suspense>
    );
  };
}
