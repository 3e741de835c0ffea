/** The server's greeting (spec 2), shown once when the sign-in page opens and the server has one. */
import type { ReactElement } from 'react';
import { AppDialog } from '../../components/ui/dialog';
import { t } from '../../i18n/translate';

export function GreetingDialog({ greeting, open, onClose }: { greeting: string; open: boolean; onClose: () => void }): ReactElement {
  return (
    <AppDialog
      open={open}
      title={t('signIn.greetingTitle')}
      onClose={onClose}
      size="small"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.ok')}
        </button>
      }
    >
      <p className="greeting-text">{greeting}</p>
    </AppDialog>
  );
}
