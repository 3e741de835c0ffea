/**
 * Camera configuration (spec 2): the serving recorder's cameras as
 * expandable cards (the streams of a camera show when its card opens),
 * camera stats and Add camera in the header, select all and delete
 * selected, and the camera-level dialogs: add (Auto and Manual), edit name,
 * recover (servers 2.2.2 and later, spec 5) and delete. Administrators,
 * single-server mode (the route guard, src/app/guards.ts). Loaded on
 * demand by cameras-view.tsx.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera } from '../../../server/shared/api';
import { Icon } from '../../components/ui/icon';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { Spinner } from '../../components/ui/spinner';
import { t } from '../../i18n/translate';
import { camerasState, fetchCameras, refreshAfterChange } from '../../state/cameras.store';
import { serverState } from '../../state/server.store';
import { AddCamerasDialog } from './add/add-cameras-dialog';
import type { RegisteredCamera } from './add/bulk-registration';
import { RegistrationCompletion } from './add/registration-completion';
import { CameraCard } from './camera-card';
import { supportsCameraRecovery } from './camera-recovery';
import { DeleteCamerasDialog } from './delete-cameras-dialog';
import { EditCameraNameDialog } from './edit-camera-name-dialog';
import { RecoverCameraDialog } from './recover-camera-dialog';
import './cameras.css';

/** Spec 9 polls stream status every 5 s; the camera list's states follow at the same pace. */
const CAMERA_LIST_REFRESH_MS = 5_000;

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; camera: Camera }
  | { kind: 'recover'; camera: Camera }
  | { kind: 'delete'; cameras: Array<{ id: string; name: string }> };

function isRunning(camera: Camera): boolean {
  return (camera.primaryStream?.status.streamState ?? camera.lastStreamState) === 'running';
}

function CameraStats({ cameras }: { cameras: readonly Camera[] }): ReactElement {
  const running = cameras.filter(isRunning).length;
  return (
    <span className="camera-stats" data-testid="camera-stats">
      <span>{t('cameras.stats', { count: cameras.length })}</span>
      <span className="camera-stat running">{t('cameras.statsRunning', { count: running })}</span>
      <span className="camera-stat not-running">{t('cameras.statsNotRunning', { count: cameras.length - running })}</span>
    </span>
  );
}

export function CamerasScreen(): ReactElement {
  const state = useSnapshot(camerasState);
  const { about } = useSnapshot(serverState);
  const cameras = state.cameras as readonly Camera[];
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [completion, setCompletion] = useState<{ id: number; registered: RegisteredCamera[] } | null>(null);
  const canRecover = supportsCameraRecovery(about?.version);

  useEffect(() => {
    void fetchCameras();
    // Camera states change on their own (a new camera starts, one drops): re-read while the screen is shown and visible.
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void fetchCameras();
    }, CAMERA_LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  // Cameras that left the list (deleted here or elsewhere) leave the selection too.
  const present = new Set(cameras.map((camera) => camera.id));
  const selectedPresent = [...selected].filter((id) => present.has(id));
  const allSelected = cameras.length > 0 && selectedPresent.length === cameras.length;

  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(cameras.map((camera) => camera.id)));
  const deleteSelected = () =>
    setDialog({ kind: 'delete', cameras: cameras.filter((camera) => selected.has(camera.id)).map(({ id, name }) => ({ id, name })) });

  return (
    <PageFrame
      title={t('cameras.title')}
      subtitle={<CameraStats cameras={cameras} />}
      width="wide"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
          <Icon name="plus" size={16} />
          {t('cameras.add')}
        </button>
      }
    >
      {completion && completion.registered.length > 0 && (
        <div className="cameras-completion">
          <RegistrationCompletion key={completion.id} registered={completion.registered} onRemoved={() => undefined} />
        </div>
      )}
      {state.loadError && (
        <Notice kind="error">
          {t('cameras.failedToFetchCameras')} {state.loadError}
        </Notice>
      )}
      <div className="cameras-toolbar">
        <label className="checkbox-field">
          <input type="checkbox" className="checkbox" checked={allSelected} disabled={cameras.length === 0} onChange={toggleAll} />
          <span>{t('cameras.selectAll')}</span>
        </label>
        <button type="button" className="btn btn-danger" disabled={selectedPresent.length === 0} onClick={deleteSelected}>
          <Icon name="trash" size={16} />
          {t('cameras.deleteSelected', { count: selectedPresent.length })}
        </button>
      </div>
      {state.status === 'loading' && cameras.length === 0 && <Spinner label={t('common.loading')} />}
      {state.status === 'ready' && cameras.length === 0 && (
        <div className="card cameras-empty">
          <p>{t('cameras.empty')}</p>
          <p className="muted">{t('cameras.emptyHint')}</p>
        </div>
      )}
      <ul className="camera-list" aria-label={t('cameras.listLabel')}>
        {cameras.map((camera) => (
          <CameraCard
            key={camera.id}
            camera={camera}
            cameras={cameras}
            expanded={expanded.has(camera.id)}
            selected={selected.has(camera.id)}
            canRecover={canRecover}
            onToggleExpanded={() => setExpanded((previous) => toggle(previous, camera.id))}
            onToggleSelected={() => setSelected((previous) => toggle(previous, camera.id))}
            onEditName={() => setDialog({ kind: 'edit', camera })}
            onRecover={() => setDialog({ kind: 'recover', camera })}
            onDelete={() => setDialog({ kind: 'delete', cameras: [{ id: camera.id, name: camera.name }] })}
            onChanged={() => void refreshAfterChange()}
          />
        ))}
      </ul>

      {dialog?.kind === 'add' && (
        <AddCamerasDialog
          onClose={(registered) => {
            setDialog(null);
            setCompletion(registered.length > 0 ? { id: Date.now(), registered } : null);
          }}
        />
      )}
      {dialog?.kind === 'edit' && <EditCameraNameDialog camera={dialog.camera} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'recover' && <RecoverCameraDialog camera={dialog.camera} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <DeleteCamerasDialog
          cameras={dialog.cameras}
          onClose={(deletedIds) => {
            setDialog(null);
            setSelected((previous) => new Set([...previous].filter((id) => !deletedIds.includes(id))));
          }}
        />
      )}
    </PageFrame>
  );
}
