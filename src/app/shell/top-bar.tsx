/**
 * The top bar (spec 2): logo linking to the stage, low-bandwidth indicator,
 * clock-skew warning, bad-license warning, frame-rate alert slot, and the signed-in user's menu.
 * On narrow screens it also holds the button that opens the navigation.
 */
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '../../brand/brand';
import { Logo } from '../../brand/logo';
import { Icon } from '../../components/ui/icon';
import { t } from '../../i18n/translate';
import { BadLicenseButton } from './bad-license-button';
import { ClockSkewButton } from './clock-skew-button';
import { FrameRateAlert } from './frame-rate-alert';
import { LowBandwidthIndicator } from './low-bandwidth-indicator';
import { UserMenu } from './user-menu';

export function TopBar({ navOpen, onToggleNav }: { navOpen: boolean; onToggleNav: () => void }): ReactElement {
  return (
    <header className="top-bar">
      <button
        type="button"
        className="icon-button nav-toggle"
        onClick={onToggleNav}
        aria-label={navOpen ? t('nav.close') : t('nav.open')}
        aria-expanded={navOpen}
      >
        <Icon name={navOpen ? 'close' : 'menu'} size={20} />
      </button>
      <Link to="/stage" className="top-bar-logo" aria-label={t('shell.logoLink', { product: BRAND.productName })}>
        <Logo size={26} />
      </Link>
      <div className="top-bar-status">
        <LowBandwidthIndicator />
        <ClockSkewButton />
        <BadLicenseButton />
        <FrameRateAlert />
      </div>
      <div className="top-bar-end">
        <UserMenu />
      </div>
    </header>
  );
}
