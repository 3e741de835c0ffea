/** The signed-in user's name and role, with the sign-out item (@headlessui Menu). */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/ui/icon';
import { t } from '../../i18n/translate';
import { sessionState, signOut } from '../../state/session.store';

export function UserMenu(): ReactElement | null {
  const { session } = useSnapshot(sessionState);
  if (!session) return null;
  return (
    <Menu as="div" className="user-menu">
      <MenuButton className="user-menu-button" aria-label={t('shell.userMenu', { username: session.name })}>
        <span className="avatar" aria-hidden="true">
          {session.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu-name" data-testid="signed-in-user">
          {session.name}
        </span>
        <Icon name="chevronDown" size={14} />
      </MenuButton>
      <MenuItems anchor="bottom end" className="menu-items">
        <div className="menu-header">
          <strong>{session.name}</strong>
          <span className="muted">{session.role}</span>
        </div>
        <MenuItem>
          <button type="button" className="menu-item" onClick={() => void signOut()}>
            <Icon name="signOut" size={16} />
            {t('shell.signOut')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
