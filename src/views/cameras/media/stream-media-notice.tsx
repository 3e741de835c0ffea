/** The notice a dialog shows instead of a stream's picture (src/core/dewarp/stream-media-notice.ts, spec 4 and 8). */
import type { ReactElement } from 'react';
import type { StreamState } from '../../../../server/shared/api';
import type { StreamMediaNotice as Reason } from '../../../core/dewarp/stream-media-notice';
import { Notice } from '../../../components/ui/notice';
import { t } from '../../../i18n/translate';

export function StreamMediaNotice({ notice, state }: { notice: Reason; state: StreamState }): ReactElement {
  const text =
    notice === 'no-primary-stream'
      ? t('cameraMedia.notice.noPrimaryStream')
      : notice === 'proxy-only'
        ? t('cameraMedia.notice.proxyOnly')
        : t('cameraMedia.notice.notRunning', { state });
  return (
    <div data-testid="stream-media-notice" data-notice={notice}>
      <Notice kind="info">{text}</Notice>
    </div>
  );
}
