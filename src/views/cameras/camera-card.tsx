/**
 * One camera of the camera list (spec 2): name, model, IP, driver, state and
 * primary stream, a selection checkbox for bulk delete, and the camera-level
 * actions (edit name, recover when the server supports it, delete).
 * Expanding the card mounts the camera's stream list.
 */
import { useId, type ReactElement } from 'react';
import type { Camera, StreamState } from '../../../server/shared/api';
import { Icon } from '../../components/ui/icon';
import { t, type MessageKey } from '../../i18n/translate';
import { StreamList } from './streams/stream-list';

export interface CameraCardProps {
  camera: Camera;
  cameras: readonly Camera[];
  expanded: boolean;
  selected: boolean;
  canRecover: boolean;
  onToggleExpanded: () => void;
  onToggleSelected: () => void;
  onEditName: () => void;
  onRecover: () => void;
  onDelete: () => void;
  onChanged: () => void;
}

export function streamStateLabel(state: StreamState): string {
  const key = `cameras.streamState.${state}`;
  return t.has(key) ? t(key as MessageKey) : state;
}

function stateOf(camera: Camera): StreamState {
  return camera.primaryStream?.status.streamState ?? camera.lastStreamState;
}

export function CameraCard(props: CameraCardProps): ReactElement {
  const { camera, expanded } = props;
  const streamsId = useId();
  const state = stateOf(camera);
  const primary = camera.streams.find((stream) => stream.id === camera.primaryStream?.id);
  return (
    <li className={`camera-card${expanded ? ' expanded' : ''}`} data-testid="camera-card" data-camera-id={camera.id}>
      <div className="camera-card-head">
        <input
          type="checkbox"
          className="checkbox"
          checked={props.selected}
          onChange={props.onToggleSelected}
          aria-label={t('cameras.selectCamera', { name: camera.name })}
        />
        <button
          type="button"
          className="camera-card-toggle"
          aria-expanded={expanded}
          aria-controls={streamsId}
          aria-label={expanded ? t('cameras.collapse', { name: camera.name }) : t('cameras.expand', { name: camera.name })}
          onClick={props.onToggleExpanded}
        >
          <Icon name="chevronDown" size={16} className="camera-card-chevron" />
          <span className="camera-card-title">
            <span className="camera-card-name">{camera.name}</span>
            <span className="camera-card-model muted">{camera.displayModel}</span>
          </span>
        </button>
        <span className={`camera-state camera-state-${state === 'running' ? 'running' : 'other'}`}>{streamStateLabel(state)}</span>
        <div className="camera-card-actions">
          <button type="button" className="icon-button" title={t('cameras.editName')} aria-label={`${t('cameras.editName')}: ${camera.name}`} onClick={props.onEditName}>
            <Icon name="edit" size={16} />
          </button>
          {props.canRecover && camera.driver === 'ONVIF' && (
            <button type="button" className="icon-button" title={t('cameras.recover')} aria-label={`${t('cameras.recover')}: ${camera.name}`} onClick={props.onRecover}>
              <Icon name="refresh" size={16} />
            </button>
          )}
          <button
            type="button"
            className="icon-button danger"
            title={t('cameras.deleteCamera')}
            aria-label={`${t('cameras.deleteCamera')}: ${camera.name}`}
            onClick={props.onDelete}
          >
            <Icon name="trash" size={16} />
          </button>
        </div>
      </div>
      <dl className="camera-card-facts">
        <div>
          <dt>{t('cameras.model')}</dt>
          <dd>{camera.configuration.Model || camera.displayModel}</dd>
        </div>
        <div>
          <dt>{t('cameras.ip')}</dt>
          <dd className="mono">{camera.configuration.IPAddress || '—'}</dd>
        </div>
        <div>
          <dt>{t('cameras.driver')}</dt>
          <dd>{camera.driver}</dd>
        </div>
        <div>
          <dt>{t('cameras.primaryStream')}</dt>
          <dd>{primary?.name ?? t('cameras.noPrimaryStream')}</dd>
        </div>
      </dl>
      <div id={streamsId} className="camera-card-streams" hidden={!expanded}>
        {expanded && <StreamList camera={camera} cameras={props.cameras} onChanged={props.onChanged} />}
      </div>
    </li>
  );
}
