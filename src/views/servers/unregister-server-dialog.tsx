/**
 * Confirms unregistering a server. When the server cannot be told to forget
 * the aggregator (it is offline, or refuses), the aggregator answers
 * 'unregister-failed' and the dialog offers to remove it anyway (spec 7
 * DELETE /service/orchids/{id} with force).
 */
import { useState, type ReactElement } from 'react';
import type { Orchid } from '../../../server/shared/api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { t } from '../../i18n/translate';
import { unregisterOrchid } from '../../state/orchids.store';

export function UnregisterServerDialog({ orchid, onClose }: { orchid: Orchid; onClose: () => void }): ReactElement {
  const [canForce, setCanForce] = useState(false);

  const unregister = async () => {
    const result = await unregisterOrchid(orchid.id, canForce);
    if (!result.ok) setCanForce(result.canForce);
    return result;
  };

  return (
    <ConfirmDialog
      title={t('servers.unregisterTitle')}
      question={t('servers.unregisterQuestion', { name: orchid.name })}
      confirmLabel={canForce ? t('servers.removeAnyway') : t('servers.unregister')}
      busyLabel={t('servers.unregistering')}
      confirm={unregister}
      onClose={onClose}
    />
  );
}
