/**
 * The stream preview dialog (spec 2): the stream's live picture from its
 * frame URL ({href}/frame), fetched with the session token through the
 * images queue by the project's PreviewPicture, and a reload button. A
 * picture that cannot be loaded says why.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { Stream } from '../../../../server/shared/api';
import { describeApiError } from '../../../api/error-message';
import { AppDialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../i18n/translate';
import { livePreviewPicture, type PreviewPicture } from '../../../state/preview-picture';

const PREVIEW_SIZE = { width: 1280, height: 720 };

export function StreamPreviewDialog({ stream, onClose }: { stream: Stream; onClose: () => void }): ReactElement {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const picture = useRef<PreviewPicture | null>(null);

  useEffect(() => {
    const preview = livePreviewPicture(stream.href, {
      onPicture: (next) => {
        setUrl(next);
        setError(null);
        setLoading(false);
      },
      onFailure: (failure) => {
        setError(t('streams.previewFailed', { reason: describeApiError(failure) }));
        setLoading(false);
      },
    });
    picture.current = preview;
    preview.load(PREVIEW_SIZE);
    return () => {
      preview.dispose();
      picture.current = null;
    };
  }, [stream.href]);

  const reload = () => {
    if (picture.current?.load(PREVIEW_SIZE)) setLoading(true);
  };

  return (
    <AppDialog
      open
      size="large"
      title={t('streams.previewTitle', { stream: stream.name })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={reload} disabled={loading}>
            {t('common.reload')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      }
    >
      <div className="stream-preview" data-testid="stream-preview">
        {error && <Notice kind="error">{error}</Notice>}
        {url && <img src={url} alt={t('streams.previewAlt', { stream: stream.name })} />}
        {loading && <Spinner label={t('common.loading')} size="large" />}
      </div>
    </AppDialog>
  );
}
