/**
 * The active stream table of system status (spec 2, 3): camera and stream,
 * status, retry count, how long ago the last archive was written with the
 * issue flag past 120 s, and the actions Preview (running streams only, the
 * camera screen's preview dialog), Restart (not offered again for 60 s while
 * the restart is under way, the stream list's rule) and Verify, whose result
 * shows in the row.
 */
import { useState, type ReactElement } from 'react';
import type { Camera, Stream, StreamStatus, StreamVerifyResult } from '../../../server/shared/api';
import { streamsApi } from '../../api/streams-api';
import { Notice } from '../../components/ui/notice';
import { canRestart, needsRunning } from '../../core/cameras/stream-rules';
import { humanizeLastArchive, lastArchiveIssue } from '../../core/system/stream-status-rules';
import { t } from '../../i18n/translate';
import { describeCameraError, describeVerificationFailure } from '../cameras/streams/stream-errors';
import { StreamPreviewDialog } from '../cameras/streams/stream-preview-dialog';

interface ActiveStreamTableProps {
  statuses: readonly StreamStatus[];
  cameras: readonly Camera[];
  nowMs: number;
  onStatus: (status: StreamStatus) => void;
}

type VerifyShown = { kind: 'pending' } | { kind: 'result'; result: StreamVerifyResult } | { kind: 'failed'; text: string };

export function ActiveStreamTable({ statuses, cameras, nowMs, onStatus }: ActiveStreamTableProps): ReactElement {
  const [restartedAt, setRestartedAt] = useState<ReadonlyMap<string, number>>(new Map());
  const [restarting, setRestarting] = useState<ReadonlySet<string>>(new Set());
  const [verified, setVerified] = useState<ReadonlyMap<string, VerifyShown>>(new Map());
  const [restartError, setRestartError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Stream | null>(null);

  const cameraOf = (status: StreamStatus) => cameras.find((camera) => camera.id === status.cameraId);
  const streamOf = (status: StreamStatus) => cameraOf(status)?.streams.find((stream) => stream.id === status.id);

  const restart = async (status: StreamStatus) => {
    setRestartError(null);
    setRestarting((previous) => new Set(previous).add(status.id));
    try {
      const answer = await streamsApi.restart(status.id);
      setRestartedAt((previous) => new Map(previous).set(status.id, Date.now()));
      onStatus(answer);
    } catch (error) {
      setRestartError(describeCameraError(error));
    } finally {
      setRestarting((previous) => {
        const next = new Set(previous);
        next.delete(status.id);
        return next;
      });
    }
  };

  const verify = async (status: StreamStatus) => {
    setVerified((previous) => new Map(previous).set(status.id, { kind: 'pending' }));
    let shown: VerifyShown;
    try {
      shown = { kind: 'result', result: await streamsApi.verify(status.id) };
    } catch (error) {
      shown = { kind: 'failed', text: describeVerificationFailure(error) };
    }
    setVerified((previous) => new Map(previous).set(status.id, shown));
  };

  if (statuses.length === 0) return <p className="muted">{t('system.noStreams')}</p>;
  return (
    <>
      {restartError && <Notice kind="error">{restartError}</Notice>}
      <table className="data-table active-stream-table" aria-label={t('system.streamsTable')}>
        <thead>
          <tr>
            <th scope="col">{t('system.stream')}</th>
            <th scope="col">{t('system.status')}</th>
            <th scope="col" className="numeric">
              {t('system.retryCount')}
            </th>
            <th scope="col">{t('system.lastArchive')}</th>
            <th scope="col" className="actions-column">
              {t('system.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {statuses.map((status) => {
            const camera = cameraOf(status);
            const stream = streamOf(status);
            const state = status.streamState;
            const label = `${camera?.name ?? t('system.unknownCamera')} / ${status.name}`;
            const recording = stream?.recordingStyle !== 'proxy-only';
            const issue = lastArchiveIssue(status.lastArchiveWritten, nowMs, recording);
            const shown = verified.get(status.id);
            return (
              <tr key={status.id} data-testid={`active-stream-${status.id}`}>
                <td className="strong">{label}</td>
                <td>
                  <span className={`status-chip stream-state state-${state.replace(/\s+/g, '-')}`} data-testid="stream-status">
                    {t.dynamic(`streams.state.${state}`)}
                  </span>
                </td>
                <td className="numeric" data-testid="retry-count">
                  {status.retryCount}
                </td>
                <td>
                  <span className="last-archive" data-testid="last-archive">
                    {humanizeLastArchive(status.lastArchiveWritten, nowMs) ?? t('system.never')}
                  </span>
                  {issue && (
                    <span className="chip-warning archive-issue" title={t('system.issueHint')} data-testid="archive-issue">
                      {t('system.issue')}
                    </span>
                  )}
                </td>
                <td>
                  <div className="active-stream-actions" role="group" aria-label={label}>
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={t('system.preview', { stream: label })}
                      title={needsRunning(state) ? t('streams.needsRunning') : undefined}
                      disabled={needsRunning(state) || !stream}
                      onClick={() => stream && setPreview(stream)}
                    >
                      {t('streams.menu.preview')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={t('system.restart', { stream: label })}
                      disabled={restarting.has(status.id) || !canRestart(state, restartedAt.get(status.id) ?? null, nowMs)}
                      onClick={() => void restart(status)}
                    >
                      {t('streams.menu.restart')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={t('system.verify', { stream: label })}
                      disabled={shown?.kind === 'pending'}
                      onClick={() => void verify(status)}
                    >
                      {t('streams.menu.verify')}
                    </button>
                  </div>
                  {shown && <VerifyResult shown={shown} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {preview && <StreamPreviewDialog stream={preview} onClose={() => setPreview(null)} />}
    </>
  );
}

function VerifyResult({ shown }: { shown: VerifyShown }): ReactElement {
  if (shown.kind === 'pending') {
    return (
      <p className="verify-result muted" data-testid="verify-result">
        {t('system.verifying')}
      </p>
    );
  }
  const success = shown.kind === 'result' && shown.result.success;
  const text =
    shown.kind === 'failed' ? shown.text : success ? t('system.verifyPassed', { message: shown.result.message }) : describeVerificationFailure(shown.result.message);
  return (
    <p className={success ? 'verify-result verify-passed' : 'verify-result verify-failed'} data-testid="verify-result" data-success={success}>
      {text}
    </p>
  );
}
