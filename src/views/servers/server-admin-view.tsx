/**
 * The server admin container (spec 2, multi-server edition): one registered
 * server at a time, chosen from the servers ordered by name, and one of its
 * screens: activation, camera admin, system status, system report,
 * retention policy, advanced settings and server properties. The screens are the single-server
 * ones, reused as they are: while the container is open its server's scope
 * is (api/server-scope.ts), so their calls go to that server through the
 * aggregator's proxy, as the signed-in user. Each screen is mounted anew
 * for each server, after the scope is open, so it never shows another
 * server's data. The choice lives in the address (?server=&section=).
 * A server that is not available shows its reason instead of its screen,
 * except the property editor: a save there restarts the server, and the
 * editor stays to wait for it and to have the change confirmed.
 */
import { useEffect, useLayoutEffect, useState, type ComponentType, type ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { enterServerScope } from '../../api/server-scope';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { lazyScreen } from '../../app/lazy-screen';
import { t } from '../../i18n/translate';
import { followOrchids, orchidsState } from '../../state/orchids.store';
import { CamerasView } from '../cameras/cameras-view';
import { SECTION_LABELS, SERVER_ADMIN_SECTIONS, serverAdminHref, type ServerAdminSection } from './server-admin-sections';
import './servers.css';

const SECTION_SCREENS: Record<ServerAdminSection, ComponentType> = {
  activation: lazyScreen(() => import('../activation/activation-view'), 'ActivationView'),
  'camera-admin': CamerasView,
  'system-status': lazyScreen(() => import('../system/system-status-view'), 'SystemStatusView'),
  'system-report': lazyScreen(() => import('../system/system-report-view'), 'SystemReportView'),
  'retention-policy': lazyScreen(() => import('../retention/retention-view'), 'RetentionView'),
  'advanced-settings': lazyScreen(() => import('../settings/advanced-settings-view'), 'AdvancedSettingsView'),
  properties: lazyScreen(() => import('../settings/properties-view'), 'PropertiesView'),
};

function parseSection(value: string | null): ServerAdminSection {
  return (SERVER_ADMIN_SECTIONS as readonly string[]).includes(value ?? '') ? (value as ServerAdminSection) : 'system-status';
}

/** Opens the server's scope before the screen mounts, and closes it when the server changes or the container goes. */
function ScopedScreen({ orchidId, section }: { orchidId: string; section: ServerAdminSection }): ReactElement | null {
  const [openFor, setOpenFor] = useState<string | null>(null);
  useLayoutEffect(() => {
    const leave = enterServerScope(orchidId);
    setOpenFor(orchidId);
    return () => {
      leave();
      setOpenFor(null);
    };
  }, [orchidId]);
  if (openFor !== orchidId) return null;
  const Screen = SECTION_SCREENS[section];
  return <Screen key={`${orchidId}:${section}`} />;
}

export function ServerAdminView(): ReactElement {
  const [params, setParams] = useSearchParams();
  const { orchids, status, loadError } = useSnapshot(orchidsState);
  useEffect(() => followOrchids(), []);

  const section = parseSection(params.get('section'));
  const chosen = orchids.find((orchid) => orchid.id === params.get('server')) ?? orchids[0];
  const choose = (orchidId: string, next: ServerAdminSection) => setParams({ server: orchidId, section: next });

  return (
    <div className="server-admin">
      <div className="server-admin-bar card">
        <label className="server-admin-picker">
          <span>{t('servers.adminServer')}</span>
          <select
            className="input select"
            aria-label={t('servers.adminServer')}
            value={chosen?.id ?? ''}
            disabled={orchids.length === 0}
            onChange={(event) => choose(event.target.value, section)}
          >
            {orchids.map((orchid) => (
              <option key={orchid.id} value={orchid.id}>
                {orchid.name}
              </option>
            ))}
          </select>
        </label>
        {chosen && (
          <nav className="server-admin-sections" aria-label={t('servers.adminSections', { name: chosen.name })}>
            {SERVER_ADMIN_SECTIONS.map((name) => (
              <Link key={name} to={serverAdminHref(chosen.id, name)} className={`tab${name === section ? ' active' : ''}`} aria-current={name === section ? 'page' : undefined}>
                {t(SECTION_LABELS[name])}
              </Link>
            ))}
          </nav>
        )}
      </div>
      {loadError && <Notice kind="error">{loadError}</Notice>}
      {status === 'loading' && orchids.length === 0 && <Spinner label={t('common.loading')} />}
      {status === 'ready' && orchids.length === 0 && (
        <p className="muted empty-note">
          {t('servers.empty')} <Link to="/servers">{t('servers.title')}</Link>
        </p>
      )}
      {chosen && !chosen.isAvailable && <Notice kind="warning">{`${chosen.name}: ${chosen.failureReason ?? t('servers.notAvailable')}`}</Notice>}
      {chosen && (chosen.isAvailable || section === 'properties') && <ScopedScreen orchidId={chosen.id} section={section} />}
    </div>
  );
}
