/**
 * Confirms deleting one camera or many (spec 2). The cameras are deleted one
 * after another; when some fail the dialog stays open and lists them with
 * the server's reason (spec 8: bulk delete lists failed cameras).
 */
import { useState, type ReactElement } from 'react';
import { AppDialog, ConfirmDialogFooter } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { t } from '../../i18n/translate';
import { deleteCameras, type DeleteFailure } from '../../state/cameras.store';

export interface DeleteCamerasDialogProps {
  cameras: ReadonlyArray<{ id: string; name: string }>;
  /** `deletedIds`: the cameras that are gone now. */
  onClose: (deletedIds: string[]) => void;
}

export function DeleteCamerasDialog({ cameras, onClose }: DeleteCamerasDialogProps): ReactElement {
  const [processing, setProcessing] = useState(false);
  const [failures, setFailures] = useState<DeleteFailure[]>([]);
  const [deletedIds, setDeletedIds] = useState<string[]>([]);
  // After a partial failure only the failed cameras are left to try again.
  const remaining = failures.length > 0 ? cameras.filter((camera) => failures.some((f) => f.id === camera.id)) : cameras;
  const count = remaining.length;

  const confirm = async () => {
    setProcessing(true);
    const failed = await deleteCameras(remaining);
    const gone = [...deletedIds, ...remaining.filter((camera) => !failed.some((f) => f.id === camera.id)).map((camera) => camera.id)];
    setProcessing(false);
    setDeletedIds(gone);
    if (failed.length === 0) onClose(gone);
    else setFailures(failed);
  };

  const close = () => onClose(deletedIds);
  return (
    <AppDialog
      open
      title={t('cameras.deleteTitle', { count: cameras.length })}
      onClose={close}
      size="small"
      dismissible={!processing}
      footer={
        <ConfirmDialogFooter
          onCancel={close}
          onConfirm={() => void confirm()}
          processing={processing}
          confirmDisabled={count === 0}
          confirmLabel={t('cameras.deleteConfirm', { count })}
          busyLabel={t('cameras.deleting')}
        />
      }
    >
      <p>{count === 1 ? t('cameras.deleteOne', { name: remaining[0]!.name }) : t('cameras.deleteMany', { count })}</p>
      {failures.length > 0 && (
        <Notice kind="error">
          <p className="notice-lead">{t('cameras.deleteFailed', { count: failures.length })}</p>
          <ul className="failure-list" data-testid="delete-failures">
            {failures.map((failure) => (
              <li key={failure.id}>{t('cameras.failureLine', { name: failure.name, message: failure.message })}</li>
            ))}
          </ul>
        </Notice>
      )}
    </AppDialog>
  );
}
