/**
 * Confirms unregistering a server. When the server cannot be told to forget
 * the aggregator (it is offline, or refuses), the aggregator answers
 * 'unregister-failed' and the dialog offers to remove it anyway (spec 7
 * DELETE /service/orchids/{id} with force).
 */
import { useState, type ReactElement } from 'react';
import type { Orchid } from '../../../server/shared/api';
import { AppDialog, ConfirmDialogFooter } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { t } from '../../i18n/translate';
import { unregisterOrchid } from '../../state/orchids.store';

export function UnregisterServerDialog({ orchid, onClose }: { orchid: Orchid; onClose: () => void }): ReactElement {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [canForce, setCanForce] = useState(false);

  const confirm = async (force: boolean) => {
    setProcessing(true);
    setError(null);
    const result = await unregisterOrchid(orchid.id, force);
    setProcessing(false);
    if (result.ok) {
      onClose();
      return;
    }
    setError(result.message);
    setCanForce(result.canForce);
  };

  return (
    <AppDialog
      open
      title={t('servers.unregisterTitle')}
      onClose={onClose}
      size="small"
      dismissible={!processing}
      footer={
        <ConfirmDialogFooter
          onCancel={onClose}
          onConfirm={() => void confirm(canForce)}
          processing={processing}
          confirmLabel={canForce ? t('servers.removeAnyway') : t('servers.unregister')}
          busyLabel={t('servers.unregistering')}
        />
      }
    >
      <p>{t('servers.unregisterQuestion', { name: orchid.name })}</p>
      {error && <Notice kind="error">{error}</Notice>}
    </AppDialog>
  );
}
