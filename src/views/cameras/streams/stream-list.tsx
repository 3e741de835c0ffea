/**
 * The streams of one camera card (spec 2 camera configuration): a row per
 * stream with its name, state, primary marker and recording style, and its
 * actions: edit, delete (not a Fixed stream), make primary (reverted with
 * an alert when the recorder refuses), preview, restart, verify, motion,
 * dewarp and copy settings; and Add stream, refused with an alert once the
 * camera has PossibleStreams streams (spec 5). Alerts use spec 8's wording.
 */
import { useEffect, useState, type ReactElement } from 'react';
import type { Camera, Stream } from '../../../../server/shared/api';
import { streamsApi } from '../../../api/streams-api';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { Notice } from '../../../components/ui/notice';
import { readRecordingStyle } from '../../../../server/shared/recording-style';
import { canAddStream, canRestart, isFixedStream, needsRunning } from '../../../core/cameras/stream-rules';
import { t } from '../../../i18n/translate';
import { DewarpDialog } from '../dewarp/dewarp-dialog';
import { MotionDialog } from '../motion/motion-dialog';
import { CopyStreamDialog } from './copy-stream-dialog';
import { StreamDialog, styleLabel } from './stream-dialog';
import { describeCameraError, describeVerificationFailure } from './stream-errors';
import { StreamPreviewDialog } from './stream-preview-dialog';
import { useStreamStates } from './use-stream-states';
import './streams.css';

export interface StreamListProps {
  camera: Camera;
  /** Every camera on the server: the copy-stream dialog picks its targets from them. */
  cameras: readonly Camera[];
  /** Called after a change on the server so the screen re-reads its cameras. */
  onChanged: () => void;
}

type Open =
  | { kind: 'edit'; stream: Stream | null }
  | { kind: 'delete'; stream: Stream }
  | { kind: 'preview'; stream: Stream }
  | { kind: 'motion'; stream: Stream }
  | { kind: 'dewarp'; stream: Stream }
  | { kind: 'copy'; stream: Stream };

interface Alert {
  kind: 'error' | 'info' | 'warning';
  text: string;
}

export function StreamList({ camera, cameras, onChanged }: StreamListProps): ReactElement {
  const [open, setOpen] = useState<Open | null>(null);
  const [alert, setAlert] = useState<Alert | null>(null);
  const [primaryId, setPrimaryId] = useState<string | null>(camera.primaryStream?.id ?? null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState(false);
  const [restartedAt, setRestartedAt] = useState<ReadonlyMap<string, number>>(new Map());
  const { states, set: setStatus } = useStreamStates(camera.streams);

  // The recorder's answer wins over what was shown while asking.
  useEffect(() => setPrimaryId(camera.primaryStream?.id ?? null), [camera.primaryStream?.id]);

  const withBusy = async (streamId: string, action: () => Promise<void>) => {
    setBusy((previous) => new Set(previous).add(streamId));
    try {
      await action();
    } finally {
      setBusy((previous) => {
        const next = new Set(previous);
        next.delete(streamId);
        return next;
      });
    }
  };

  const addStream = () => {
    if (!canAddStream(camera)) {
      setAlert({ kind: 'error', text: t('streams.possibleStreamsReached', { count: camera.capabilities.camera.PossibleStreams }) });
      return;
    }
    setAlert(null);
    setOpen({ kind: 'edit', stream: null });
  };

  const makePrimary = (stream: Stream) =>
    withBusy(stream.id, async () => {
      const previous = primaryId;
      setPrimaryId(stream.id);
      setAlert(null);
      try {
        await streamsApi.makePrimary(camera.id, stream.id);
        onChanged();
      } catch (error) {
        setPrimaryId(previous);
        setAlert({ kind: 'error', text: t('streams.makePrimaryFailed', { reason: describeCameraError(error) }) });
      }
    });

  const restart = (stream: Stream) =>
    withBusy(stream.id, async () => {
      setAlert(null);
      try {
        setStatus(await streamsApi.restart(stream.id));
        setRestartedAt((previous) => new Map(previous).set(stream.id, Date.now()));
        setAlert({ kind: 'info', text: t('streams.restarted', { stream: stream.name }) });
      } catch (error) {
        setAlert({ kind: 'error', text: describeCameraError(error) });
      }
    });

  const verify = (stream: Stream) =>
    withBusy(stream.id, async () => {
      setAlert(null);
      try {
        const result = await streamsApi.verify(stream.id);
        setAlert(
          result.success
            ? { kind: 'info', text: t('streams.verified', { stream: stream.name, message: result.message }) }
            : { kind: 'error', text: describeVerificationFailure(result.message) },
        );
      } catch (error) {
        setAlert({ kind: 'error', text: describeVerificationFailure(error) });
      }
    });

  const confirmDelete = async (stream: Stream) => {
    setDeleting(true);
    try {
      await streamsApi.remove(camera.id, stream.id);
      setOpen(null);
      onChanged();
    } catch (error) {
      setOpen(null);
      setAlert({ kind: 'error', text: t('streams.deleteFailed', { reason: describeCameraError(error) }) });
    } finally {
      setDeleting(false);
    }
  };

  const closed = (changed: boolean) => {
    setOpen(null);
    if (changed) onChanged();
  };

  return (
    <section className="stream-list" aria-label={t('streams.listLabel', { camera: camera.name })} data-testid={`stream-list-${camera.id}`}>
      {alert && (
        <div className="stream-alert" data-testid="stream-alert" data-kind={alert.kind}>
          <Notice kind={alert.kind}>{alert.text}</Notice>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => setAlert(null)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      {camera.streams.length === 0 && <p className="muted">{t('streams.empty')}</p>}
      <ul className="stream-rows">
        {camera.streams.map((stream) => {
          const live = states.get(stream.id);
          const state = live?.state ?? stream.status.streamState;
          const primary = primaryId === stream.id;
          const fixed = isFixedStream(stream);
          const isBusy = busy.has(stream.id);
          const notRunning = needsRunning(state);
          return (
            <li key={stream.id} className="stream-row" data-testid={`stream-row-${stream.id}`} data-stream-name={stream.name}>
              <div className="stream-summary">
                <span className="stream-name strong">{stream.name}</span>
                <span className={`status-chip stream-state state-${state.replace(/\s+/g, '-')}`} data-testid="stream-state">
                  {t.dynamic(`streams.state.${state}`)}
                </span>
                {primary && (
                  <span className="chip-info stream-primary" data-testid="stream-primary" title={t('streams.primaryHint')}>
                    <Icon name="star" size={12} /> {t('streams.primary')}
                  </span>
                )}
                <span className="stream-style muted" data-testid="stream-style">
                  {styleLabel(readRecordingStyle(stream.recordingConfiguration).style)}
                </span>
                {live?.lastArchiveWrittenIssue && <span className="chip-warning">{t('streams.lastArchiveIssue')}</span>}
              </div>
              <div className="stream-actions" role="group" aria-label={t('streams.actionsFor', { stream: stream.name })}>
                <button type="button" className="icon-button" aria-label={t('streams.edit', { stream: stream.name })} title={t('common.edit')} onClick={() => setOpen({ kind: 'edit', stream })}>
                  <Icon name="edit" size={16} />
                </button>
                <button
                  type="button"
                  className="icon-button danger"
                  aria-label={t('streams.delete', { stream: stream.name })}
                  title={fixed ? t('streams.fixedCannotDelete') : t('common.delete')}
                  disabled={fixed || isBusy}
                  onClick={() => setOpen({ kind: 'delete', stream })}
                >
                  <Icon name="trash" size={16} />
                </button>
                {!primary && (
                  <button type="button" className="btn btn-small" aria-label={t('streams.makePrimary', { stream: stream.name })} disabled={isBusy} onClick={() => void makePrimary(stream)}>
                    {t('streams.makePrimaryShort')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={t('streams.preview', { stream: stream.name })}
                  title={notRunning ? t('streams.needsRunning') : undefined}
                  disabled={notRunning}
                  onClick={() => setOpen({ kind: 'preview', stream })}
                >
                  {t('streams.menu.preview')}
                </button>
                <button type="button" className="btn btn-small" aria-label={t('streams.restart', { stream: stream.name })} disabled={isBusy || !canRestart(state, restartedAt.get(stream.id) ?? null, Date.now())} onClick={() => void restart(stream)}>
                  {t('streams.menu.restart')}
                </button>
                <button type="button" className="btn btn-small" aria-label={t('streams.verify', { stream: stream.name })} disabled={isBusy} onClick={() => void verify(stream)}>
                  {t('streams.menu.verify')}
                </button>
                <button type="button" className="btn btn-small" aria-label={t('streams.motion', { stream: stream.name })} onClick={() => setOpen({ kind: 'motion', stream })}>
                  {t('streams.menu.motion')}
                </button>
                <button type="button" className="btn btn-small" aria-label={t('streams.dewarp', { stream: stream.name })} onClick={() => setOpen({ kind: 'dewarp', stream })}>
                  {t('streams.menu.dewarp')}
                </button>
                <button type="button" className="btn btn-small" aria-label={t('streams.copy', { stream: stream.name })} onClick={() => setOpen({ kind: 'copy', stream })}>
                  {t('streams.menu.copy')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn btn-small stream-add" onClick={addStream} data-testid="stream-add">
        <Icon name="plus" size={14} />
        {t('streams.add')}
      </button>

      {open?.kind === 'edit' && <StreamDialog camera={camera} stream={open.stream} onClose={closed} />}
      {open?.kind === 'preview' && <StreamPreviewDialog stream={open.stream} onClose={() => setOpen(null)} />}
      {open?.kind === 'motion' && <MotionDialog camera={camera} stream={open.stream} onClose={closed} />}
      {open?.kind === 'dewarp' && <DewarpDialog camera={camera} stream={open.stream} onClose={closed} />}
      {open?.kind === 'copy' && <CopyStreamDialog camera={camera} stream={open.stream} cameras={cameras} onClose={closed} />}
      {open?.kind === 'delete' && (
        <AppDialog
          open
          size="small"
          title={t('streams.deleteTitle')}
          onClose={() => setOpen(null)}
          dismissible={!deleting}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setOpen(null)} disabled={deleting}>
                {t('common.cancel')}
              </button>
              <button type="button" className="btn btn-danger" onClick={() => void confirmDelete(open.stream)} disabled={deleting}>
                {t('common.delete')}
              </button>
            </>
          }
        >
          <p>{t('streams.deleteConfirm', { stream: open.stream.name, camera: camera.name })}</p>
        </AppDialog>
      )}
    </section>
  );
}
