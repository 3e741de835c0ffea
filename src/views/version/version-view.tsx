/**
 * Version information (spec 2): the server's version, target architecture
 * and build facts, this client's build hash and version, then the change
 * log, open-source acknowledgements and EULA. Those three fields arrive as
 * HTML that the server escaped when it built them, and they are the only
 * content rendered as HTML. Links: Update client (administrators, single
 * server; its dialog is loaded when opened), Training and Knowledge base
 * (brand settings, hidden when unset) and the API docs the recorder serves.
 */
import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { BRAND } from '../../brand/brand';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { Spinner } from '../../components/ui/spinner';
import { t } from '../../i18n/translate';
import { CLIENT_BUILD } from '../../app/build-info';
import { serverMode, serverState } from '../../state/server.store';
import { sessionState } from '../../state/session.store';
import { loadVersion, versionState } from '../../state/version.store';
import { canUpdateClient, versionLinks } from './version-links';

const UpdateClientDialog = lazy(() => import('./update-client-dialog').then((m) => ({ default: m.UpdateClientDialog })));

function formatDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toLocaleString();
}

function VersionLinks(): ReactElement {
  const { session } = useSnapshot(sessionState);
  const server = useSnapshot(serverState);
  const [updating, setUpdating] = useState(false);
  const canUpdate = canUpdateClient(session?.role, serverMode(server));
  return (
    <div className="card">
      <h2 className="card-title">{t('version.links')}</h2>
      <ul className="version-links">
        {canUpdate && (
          <li>
            <button type="button" className="btn-link" onClick={() => setUpdating(true)}>
              {t('version.updateClient')}
            </button>
          </li>
        )}
        {versionLinks(BRAND).map((link) => (
          <li key={link.labelKey}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {t(link.labelKey)}
            </a>
          </li>
        ))}
      </ul>
      {updating && (
        <Suspense fallback={null}>
          <UpdateClientDialog onClose={() => setUpdating(false)} />
        </Suspense>
      )}
    </div>
  );
}

function HtmlSection({ title, html, open = false }: { title: string; html: string | undefined; open?: boolean }): ReactElement | null {
  if (!html) return null;
  return (
    <details className="card html-section" open={open}>
      <summary>{title}</summary>
      {/* Server-escaped HTML (see the module comment). */}
      <div className="html-content" dangerouslySetInnerHTML={{ __html: html }} />
    </details>
  );
}

export function VersionView(): ReactElement {
  const { info, status } = useSnapshot(versionState);
  useEffect(() => {
    void loadVersion();
  }, []);

  return (
    <PageFrame title={t('version.title')} width="wide">
      {status === 'loading' && !info && <Spinner label={t('common.loading')} />}
      {status === 'failed' && <Notice kind="error">{t('version.unableToLoadChangeLog')}</Notice>}
      <div className="version-grid">
        <div className="card">
          <h2 className="card-title">{t('version.server')}</h2>
          <dl className="facts">
            <dt>{t('version.version')}</dt>
            <dd data-testid="server-version">{info?.version ?? '—'}</dd>
            <dt>{t('version.architecture')}</dt>
            <dd>{info?.buildInfo.target ?? '—'}</dd>
            <dt>{t('version.buildHash')}</dt>
            <dd className="mono">{info?.buildInfo.hash ?? '—'}</dd>
            <dt>{t('version.buildDate')}</dt>
            <dd>{info ? formatDate(info.buildDate) : '—'}</dd>
            <dt>{t('version.buildUser')}</dt>
            <dd>{info?.buildInfo.user ?? '—'}</dd>
            <dt>{t('version.buildHost')}</dt>
            <dd>{info?.buildInfo.host ?? '—'}</dd>
          </dl>
        </div>
        <div className="card">
          <h2 className="card-title">{t('version.client')}</h2>
          <dl className="facts">
            <dt>{t('version.clientVersion')}</dt>
            <dd data-testid="client-version">{CLIENT_BUILD.version}</dd>
            <dt>{t('version.clientHash')}</dt>
            <dd className="mono">{CLIENT_BUILD.hash}</dd>
            <dt>{t('version.buildDate')}</dt>
            <dd>{formatDate(CLIENT_BUILD.date)}</dd>
          </dl>
        </div>
        <VersionLinks />
      </div>
      {info && (
        <div className="html-sections">
          <HtmlSection title={t('version.changelog')} html={info.changelog} open />
          <HtmlSection title={t('version.acknowledgements')} html={info.acknowledgements} />
          <HtmlSection title={t('version.eula')} html={info.eula} />
        </div>
      )}
    </PageFrame>
  );
}
