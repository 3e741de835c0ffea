/** The slow-network troubleshooting dialog (spec 8): lower the bit rate, or switch to low-bandwidth mode. */
import type { ReactElement } from 'react';
import { AppDialog } from '../ui/dialog';
import { t } from '../../i18n/translate';

export function SlowNetworkDialog(props: { open: boolean; canUseLowBandwidth: boolean; onClose(): void; onUseLowBandwidth(): void }): ReactElement {
  return (
    <AppDialog
      open={props.open}
      title={t('tile.slowNetworkTitle')}
      onClose={props.onClose}
      size="small"
      footer={
        <>
          <button type="button" className="btn" onClick={props.onClose}>
            {t('common.close')}
          </button>
          {props.canUseLowBandwidth && (
            <button type="button" className="btn btn-primary" onClick={props.onUseLowBandwidth}>
              {t('tile.useLowBandwidth')}
            </button>
          )}
        </>
      }
    >
      <p>{t('tile.slowNetworkText')}</p>
    </AppDialog>
  );
}
