/**
 * The footer of a dialog that saves on several servers: its own footer
 * until some server refused, then Close alone. What did succeed is saved,
 * and saving again from the same table would repeat it.
 */
import type { ReactElement, ReactNode } from 'react';
import { t } from '../../i18n/translate';

export function BulkFooter({ refused, onClose, children }: { refused: boolean; onClose: () => void; children: ReactNode }): ReactElement {
  if (!refused) return <>{children}</>;
  return (
    <button type="button" className="btn btn-primary" onClick={onClose}>
      {t('common.close')}
    </button>
  );
}
