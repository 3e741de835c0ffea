/** The navigation of spec 2: exactly the entries `visibleNavEntries` answers for this role and mode. */
import type { ReactElement } from 'react';
import { NavLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Icon, type IconName } from '../../components/ui/icon';
import { t } from '../../i18n/translate';
import { healthState } from '../../state/health.store';
import { serverMode, serverState } from '../../state/server.store';
import { sessionState } from '../../state/session.store';
import { visibleNavEntries, type NavIcon } from '../navigation';

const ICONS: Record<NavIcon, IconName> = {
  stage: 'stage',
  servers: 'servers',
  cameras: 'cameras',
  retention: 'retention',
  users: 'users',
  groups: 'groups',
  permissions: 'permissions',
  notifications: 'notifications',
  status: 'status',
  report: 'report',
  activation: 'activation',
  settings: 'settings',
  version: 'version',
  plugin: 'plugin',
};

export function NavMenu({ collapsed, onToggleCollapsed }: { collapsed: boolean; onToggleCollapsed: () => void }): ReactElement {
  const session = useSnapshot(sessionState);
  const server = useSnapshot(serverState);
  const health = useSnapshot(healthState);
  const entries = visibleNavEntries({
    role: session.session?.role,
    mode: serverMode(server),
    menuShown: session.status === 'authenticated' && !health.dead,
  });

  return (
    <nav className="nav" aria-label={t('nav.label')}>
      <ul className="nav-list">
        {entries.map((entry) => {
          const label = entry.label ? t(entry.label) : (entry.name ?? entry.state);
          const content = (
            <>
              <Icon name={ICONS[entry.icon]} size={18} />
              <span className="nav-text">{label}</span>
            </>
          );
          return (
            <li key={entry.state}>
              {entry.href.startsWith('#') ? (
                <a className="nav-link" href={entry.href} title={collapsed ? label : undefined}>
                  {content}
                </a>
              ) : (
                <NavLink
                  to={entry.href}
                  className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}
                  title={collapsed ? label : undefined}
                  aria-label={collapsed ? label : undefined}
                >
                  {content}
                </NavLink>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="nav-collapse"
        onClick={onToggleCollapsed}
        aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
        aria-expanded={!collapsed}
      >
        <Icon name="chevronLeft" size={16} />
        <span className="nav-text">{t('nav.collapse')}</span>
      </button>
    </nav>
  );
}
