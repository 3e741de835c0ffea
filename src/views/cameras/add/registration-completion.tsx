/**
 * Spec 4: the completion message of a registration ("3 cameras registered.")
 * with a link that removes exactly the cameras just registered. Shown in the
 * add dialog when some cameras failed, and on the camera list after the
 * dialog closed.
 */
import { useState, type ReactElement } from 'react';
import { Notice } from '../../../components/ui/notice';
import { t } from '../../../i18n/translate';
import { deleteCameras } from '../../../state/cameras.store';
import type { RegisteredCamera } from './bulk-registration';

export interface RegistrationCompletionProps {
  registered: readonly RegisteredCamera[];
  /** Told which cameras were removed (those that could be). */
  onRemoved: (removedIds: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
}

export function RegistrationCompletion({ registered, onRemoved, onBusyChange }: RegistrationCompletionProps): ReactElement | null {
  const [state, setState] = useState<{ phase: 'idle' | 'running' } | { phase: 'done'; count: number }>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setState({ phase: 'running' });
    setError(null);
    onBusyChange?.(true);
    const failed = await deleteCameras(registered.map((camera) => ({ id: camera.cameraId, name: camera.name })));
    const removed = registered.filter((camera) => !failed.some((f) => f.id === camera.cameraId)).map((camera) => camera.cameraId);
    onBusyChange?.(false);
    if (failed.length > 0) {
      setError(failed.map((f) => t('cameras.failureLine', { name: f.name, message: f.message })).join(' '));
      setState({ phase: 'idle' });
    } else {
      setState({ phase: 'done', count: removed.length });
    }
    onRemoved(removed);
  };

  if (state.phase === 'done') return <Notice kind="info">{t('cameras.removedRegistered', { count: state.count })}</Notice>;
  if (registered.length === 0) return null;
  return (
    <Notice kind="info">
      <span data-testid="registration-completion">{t('cameras.completed', { count: registered.length })}</span>{' '}
      <button type="button" className="btn-link" onClick={() => void remove()} disabled={state.phase === 'running'}>
        {state.phase === 'running' ? t('cameras.removingRegistered') : t('cameras.removeRegistered', { count: registered.length })}
      </button>
      {error && <p className="field-error">{error}</p>}
    </Notice>
  );
}
