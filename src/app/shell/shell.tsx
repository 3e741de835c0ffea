/**
 * The main shell (spec 2): the top bar, the navigation and the page. Opens
 * the session's periodic work (clock probe), reads the recorder's license
 * session once (single-server mode: in multi-server mode each server has its
 * own, shown in its admin screens) and, on narrow screens, keeps the
 * navigation in a drawer that closes on every navigation.
 */
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { t } from '../../i18n/translate';
import { startClockProbe } from '../../state/clock.store';
import { loadLicenseQuietly } from '../../state/license.store';
import { serverMode } from '../../state/server.store';
import { NavMenu } from './nav-menu';
import { TopBar } from './top-bar';

export function Shell({ children }: { children: ReactNode }): ReactElement {
  const [navOpen, setNavOpen] = useState(false);
  const [navCollapsed, setNavCollapsed] = useState(false);
  const location = useLocation();

  useEffect(() => startClockProbe(), []);
  useEffect(() => {
    if (serverMode() === 'single-server') loadLicenseQuietly();
  }, []);
  useEffect(() => setNavOpen(false), [location.pathname]);

  const classes = ['shell', navOpen ? 'nav-open' : '', navCollapsed ? 'nav-collapsed' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <TopBar navOpen={navOpen} onToggleNav={() => setNavOpen((open) => !open)} />
      <NavMenu collapsed={navCollapsed} onToggleCollapsed={() => setNavCollapsed((value) => !value)} />
      {navOpen && <button type="button" className="nav-scrim" aria-label={t('nav.close')} onClick={() => setNavOpen(false)} />}
      <main className="shell-main" id="main">
        {children}
      </main>
    </div>
  );
}
