/**
 * Asks before leaving a screen with unsaved changes (spec 2: Advanced
 * settings, the property editor): a navigation inside the app waits on a
 * Leave / Stay dialog (react-router's blocker), and closing or reloading the
 * tab gets the browser's own prompt (beforeunload). A screen passes
 * `when={false}` while it saves, so its own navigation after a save is not
 * asked about.
 */
import { useEffect, type ReactElement } from 'react';
import { useBlocker } from 'react-router-dom';
import { t } from '../../i18n/translate';
import { AppDialog } from './dialog';

export function UnsavedChangesPrompt({ when }: { when: boolean }): ReactElement | null {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  if (blocker.state !== 'blocked') return null;
  return (
    <AppDialog
      open
      title={t('unsaved.title')}
      onClose={() => blocker.reset()}
      size="small"
      footer={
        <>
          <button type="button" className="btn" onClick={() => blocker.reset()}>
            {t('unsaved.stay')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => blocker.proceed()}>
            {t('unsaved.leave')}
          </button>
        </>
      }
    >
      <p>{t('unsaved.question')}</p>
    </AppDialog>
  );
}
